import { createHash, randomBytes } from 'node:crypto';
import { STAFF_STATES, USER_TYPES } from '../../lib/codes.ts';
import type { ServiceContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { NotFoundError, ValidationError } from '../../errors.ts';
import type { IcsSubscription, Prisma } from '../../generated/prisma/client.ts';
import { translate } from '../../i18n/catalogue.ts';
import { searchText } from '../../lib/text.ts';
import { dbId, z, inputOf, type Parsed } from '../../lib/validate.ts';
import { authorize, can, requireActor } from '../../policy.ts';
import { runWrite } from '../../write.ts';
import { feedWindow, userFeed } from './feed.ts';
import { icsErrors } from './ics.errors.ts';

/** Subscription states (spec section 4): not opened, open, paused. */
export const ICS_STATES = { NOT_OPENED: 0, OPEN: 1, PAUSED: 2 } as const;
/** Push frequencies the spec offers (section 9), in hours. */
export const PUSH_FREQUENCIES = [3, 12] as const;
/** The spec's "a link takes effect about 10 minutes after creation": advertised, not enforced. */
export const EFFECTIVE_DELAY_MS = 10 * 60_000;
/** Fetch times are recorded at most this often, so a busy feed does not write on every poll. */
const FETCH_RECORD_INTERVAL_MS = 5 * 60_000;

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/**
 * 256 random bits, URL-safe: the link cannot be guessed and carries no user id. Only its hash
 * is stored (`data`); the token itself goes once to whoever made the link (`token`).
 */
function newToken(): { token: string; data: { tokenHash: string; tokenCreatedAt: Date } } {
  const token = randomBytes(32).toString('base64url');
  return { token, data: { tokenHash: hashToken(token), tokenCreatedAt: new Date() } };
}

export function feedPath(token: string): string {
  return `/ics/${token}.ics`;
}

export function effectiveAt(sub: Pick<IcsSubscription, 'tokenCreatedAt'>): Date | null {
  return sub.tokenCreatedAt ? new Date(sub.tokenCreatedAt.getTime() + EFFECTIVE_DELAY_MS) : null;
}

/** Who may see or change a subscription: its owner, or whoever manages everyone's. */
export function canManageSubscription(ctx: ServiceContext, sub: { userId: number }): boolean {
  const actor = ctx.actor;
  return !!actor && (actor.id === sub.userId || can(actor, 'ics.manageAll'));
}

export const frequencyInput = z.object({
  pushFrequencyHours: z.coerce.number().int().optional().nullable(),
});

function checkFrequency(hours: number | null | undefined): number | undefined {
  if (hours === undefined || hours === null) return undefined;
  if (!(PUSH_FREQUENCIES as readonly number[]).includes(hours)) throw new ValidationError('ics.pushFrequencyInvalid');
  return hours;
}

type Transition = 'open' | 'pause' | 'restore' | 'regenerate' | 'setFrequency';

/**
 * One state transition of the caller's own subscription, in one write:
 * open (not opened → open, new link), pause (open → paused), restore (paused → open, same
 * link), regenerate (a new link; the old one stops at once), setFrequency (3 or 12 hours).
 * `feedPath` is the new link's path after open and regenerate, the only time it is known:
 * the server keeps its hash only (docs/security.md).
 */
export async function changeMySubscription(ctx: ServiceContext, transition: Transition, parsed: Parsed<z.output<typeof frequencyInput>>): Promise<{ subscription: IcsSubscription; feedPath: string | null }> {
  return runWrite(ctx, { operation: `ics.${transition}`, targetType: 'IcsSubscription' }, async (tx) => {
    const actor = requireActor(ctx);
    const input = inputOf(parsed);
    const frequency = checkFrequency(input.pushFrequencyHours);
    const current = await tx.icsSubscription.findUnique({ where: { userId: actor.id } });
    const state = current?.state ?? ICS_STATES.NOT_OPENED;
    const now = new Date();
    let data: Prisma.IcsSubscriptionUncheckedUpdateInput;
    let token: string | null = null;
    switch (transition) {
      case 'open': {
        if (state !== ICS_STATES.NOT_OPENED) throw icsErrors.rule('ICS_ALREADY_OPEN', 'ics.alreadyOpen');
        const made = newToken();
        token = made.token;
        data = { state: ICS_STATES.OPEN, ...made.data, openedAt: now, pausedAt: null };
        break;
      }
      case 'pause':
        if (state !== ICS_STATES.OPEN) throw icsErrors.rule('ICS_NOT_OPEN', 'ics.notOpen');
        data = { state: ICS_STATES.PAUSED, pausedAt: now };
        break;
      case 'restore':
        if (state !== ICS_STATES.PAUSED) throw icsErrors.rule('ICS_NOT_PAUSED', 'ics.notPaused');
        data = { state: ICS_STATES.OPEN, pausedAt: null };
        break;
      case 'regenerate': {
        if (state === ICS_STATES.NOT_OPENED) throw icsErrors.rule('ICS_NOT_OPENED', 'ics.notOpened');
        const made = newToken();
        token = made.token;
        data = { ...made.data, lastFetchedAt: null };
        break;
      }
      case 'setFrequency':
        if (frequency === undefined) throw new ValidationError('ics.pushFrequencyInvalid');
        if (state === ICS_STATES.NOT_OPENED) throw icsErrors.rule('ICS_NOT_OPENED', 'ics.notOpened');
        data = {};
        break;
    }
    if (frequency !== undefined) data.pushFrequencyHours = frequency;
    const saved = current ? await tx.icsSubscription.update({ where: { id: current.id }, data }) : await tx.icsSubscription.create({ data: { ...(data as Prisma.IcsSubscriptionUncheckedCreateInput), userId: actor.id } });
    return { result: { subscription: saved, feedPath: token ? feedPath(token) : null }, targetIds: [saved.id] };
  });
}

export const batchSubscriptionsInput = z.object({ userIds: z.array(dbId()).min(1).max(1000) });

/**
 * Administrators open (or restore) and pause many staff subscriptions at once. Opening gives
 * a not-opened user a new link; users already in the target state are left as they are.
 * Answers the subscriptions of the users named, after the change.
 */
export async function batchChangeSubscriptions(ctx: ServiceContext, action: 'open' | 'pause', parsed: Parsed<z.output<typeof batchSubscriptionsInput>>): Promise<{ subscriptions: IcsSubscription[]; changed: number }> {
  return runWrite(ctx, { operation: action === 'open' ? 'ics.batchRestore' : 'ics.batchPause', targetType: 'IcsSubscription' }, async (tx) => {
    authorize(ctx, 'ics.manageAll');
    const input = inputOf(parsed);
    const userIds = [...new Set(input.userIds)];
    const users = await tx.user.findMany({ where: { id: { in: userIds } }, select: { id: true } });
    if (users.length !== userIds.length) throw new NotFoundError();
    const existing = await tx.icsSubscription.findMany({ where: { userId: { in: userIds } } });
    const byUser = new Map(existing.map((s) => [s.userId, s]));
    const now = new Date();
    let changed = 0;
    if (action === 'open') {
      const created = userIds.filter((id) => !byUser.has(id));
      const notOpened = existing.filter((s) => s.state === ICS_STATES.NOT_OPENED).map((s) => s.id);
      const paused = existing.filter((s) => s.state === ICS_STATES.PAUSED).map((s) => s.id);
      if (created.length) {
        await tx.icsSubscription.createMany({ data: created.map((userId) => ({ userId, state: ICS_STATES.OPEN, openedAt: now, ...newToken().data })) });
      }
      // Nobody sees these links: their owners make a new one (regenerate) to subscribe.
      for (const id of notOpened) await tx.icsSubscription.update({ where: { id }, data: { state: ICS_STATES.OPEN, openedAt: now, ...newToken().data } });
      if (paused.length) await tx.icsSubscription.updateMany({ where: { id: { in: paused } }, data: { state: ICS_STATES.OPEN, pausedAt: null } });
      changed = created.length + notOpened.length + paused.length;
    } else {
      const open = existing.filter((s) => s.state === ICS_STATES.OPEN).map((s) => s.id);
      if (open.length) await tx.icsSubscription.updateMany({ where: { id: { in: open } }, data: { state: ICS_STATES.PAUSED, pausedAt: now } });
      changed = open.length;
    }
    const subscriptions = await tx.icsSubscription.findMany({ where: { userId: { in: userIds } }, orderBy: { userId: 'asc' } });
    return { result: { subscriptions, changed }, targetIds: subscriptions.map((s) => s.id) };
  });
}

export const subscriptionListInput = z.object({
  state: z.coerce.number().int().min(0).max(2).optional().nullable(),
  search: z.string().max(100).optional().nullable(),
  departmentId: dbId().optional().nullable(),
});

export type SubscriptionListRow = {
  userId: number;
  name: string;
  nameEn: string | null;
  account: string | null;
  departmentId: number | null;
  subscription: IcsSubscription | null;
};

/**
 * Staff with their subscription state (listUserSubscribeByPage): a staff member without a row
 * is "not opened". Deactivated staff are left out. Administrators and managers.
 */
export async function listSubscriptionsPage(ctx: ServiceContext, input: Parsed<z.output<typeof subscriptionListInput>>, page: { currentPage: number; pageSize: number }) {
  authorize(ctx, 'ics.manageAll');
  const f = inputOf(input);
  const search = searchText(f.search);
  const where: Prisma.UserWhereInput = {
    type: USER_TYPES.STAFF,
    state: { not: STAFF_STATES.DEACTIVATED },
    ...(f.departmentId ? { departmentId: f.departmentId } : {}),
    ...(search ? { OR: [{ name: { contains: search, mode: 'insensitive' } }, { nameEn: { contains: search, mode: 'insensitive' } }, { account: { contains: search, mode: 'insensitive' } }] } : {}),
    ...(f.state === ICS_STATES.NOT_OPENED ? { OR: [{ icsSubscription: { is: null } }, { icsSubscription: { is: { state: ICS_STATES.NOT_OPENED } } }] } : f.state ? { icsSubscription: { is: { state: f.state } } } : {}),
  };
  const [users, total] = await Promise.all([
    ctx.db.user.findMany({
      where,
      select: { id: true, name: true, nameEn: true, account: true, departmentId: true, icsSubscription: true },
      orderBy: [{ sort: 'asc' }, { id: 'asc' }],
      skip: (page.currentPage - 1) * page.pageSize,
      take: page.pageSize,
    }),
    ctx.db.user.count({ where }),
  ]);
  const rows: SubscriptionListRow[] = users.map((u) => ({
    userId: u.id,
    name: u.name,
    nameEn: u.nameEn,
    account: u.account,
    departmentId: u.departmentId,
    subscription: u.icsSubscription,
  }));
  return { rows, total };
}

/** Subscriptions for the administrators' GraphQL connection. */
export function subscriptionsWhere(ctx: ServiceContext, input: Parsed<z.output<typeof subscriptionListInput>>): Prisma.IcsSubscriptionWhereInput {
  authorize(ctx, 'ics.manageAll');
  const f = inputOf(input);
  const search = searchText(f.search);
  return {
    ...(f.state !== undefined && f.state !== null ? { state: f.state } : {}),
    user: {
      ...(f.departmentId ? { departmentId: f.departmentId } : {}),
      ...(search ? { OR: [{ name: { contains: search, mode: 'insensitive' } }, { account: { contains: search, mode: 'insensitive' } }] } : {}),
    },
  };
}

/** The calendar name, in the owner's language. */
function calendarName(user: { name: string; language: number }): string {
  return translate(user.language === 1 ? 'en' : 'zh', 'ics.calendarName', { name: user.name });
}

/**
 * The public feed: the token is looked up by its hash; a paused, regenerated, unknown or
 * deactivated owner's link answers null (HTTP 404 at the door).
 */
export async function feedForToken(db: Db, token: string, now = new Date()): Promise<string | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const sub = await db.icsSubscription.findUnique({
    where: { tokenHash: hashToken(token) },
    include: { user: { select: { id: true, type: true, name: true, language: true, timeZone: true, state: true } } },
  });
  if (!sub || sub.state !== ICS_STATES.OPEN || sub.user.state === STAFF_STATES.DEACTIVATED) return null;
  const { from, to } = feedWindow(now);
  const text = await userFeed(db, sub.user, { calendarName: calendarName(sub.user), refreshHours: sub.pushFrequencyHours, from, to });
  if (!sub.lastFetchedAt || now.getTime() - sub.lastFetchedAt.getTime() > FETCH_RECORD_INTERVAL_MS) {
    await db.icsSubscription.updateMany({ where: { id: sub.id, tokenHash: sub.tokenHash }, data: { lastFetchedAt: now } }).catch(() => undefined);
  }
  return text;
}

export const generateIcsInput = z.object({
  from: z.coerce.date().optional().nullable(),
  to: z.coerce.date().optional().nullable(),
});

/** Longest range of a one-off file. */
const MAX_GENERATE_DAYS = 731;

/**
 * A one-off .ics file of the caller's events (generateIcs): the feed's content for a range
 * (default: the feed window), whatever the subscription's state.
 */
export async function generateIcsFile(ctx: ServiceContext, parsed: Parsed<z.output<typeof generateIcsInput>>): Promise<{ fileName: string; text: string }> {
  const actor = requireActor(ctx);
  const input = inputOf(parsed);
  const window = feedWindow(new Date());
  const from = input.from ?? window.from;
  const to = input.to ?? window.to;
  if (to.getTime() <= from.getTime()) throw new ValidationError('workdaily.rangeInvalid');
  if (to.getTime() - from.getTime() > MAX_GENERATE_DAYS * 86_400_000) throw new ValidationError('workdaily.rangeTooLong', { max: MAX_GENERATE_DAYS });
  const user = await ctx.db.user.findUniqueOrThrow({ where: { id: actor.id }, select: { id: true, type: true, name: true, language: true, timeZone: true } });
  const sub = await ctx.db.icsSubscription.findUnique({ where: { userId: actor.id }, select: { pushFrequencyHours: true } });
  const text = await userFeed(ctx.db, user, { calendarName: calendarName(user), refreshHours: sub?.pushFrequencyHours ?? 3, from, to });
  return { fileName: `calendar-${actor.account}.ics`, text };
}
