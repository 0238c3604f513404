import type { ServiceContext } from '../../context.ts';
import { countUpTo, legacyTotal, readPagePlusOne } from '../../lib/counting.ts';
import { ValidationError } from '../../errors.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import { RICH_TEXT_MAX_CHARS, richTextLength } from '../../lib/html.ts';
import { cleanRichText } from '../../lib/html-clean.ts';
import { searchText } from '../../lib/text.ts';
import { dbId, dbIdList, parseInput, z, inputOf, type Parsed } from '../../lib/validate.ts';
import { STAFF_STATES } from '../../lib/codes.ts';
import { authorize } from '../../policy.ts';
import { runWrite } from '../../write.ts';
import { visibleUsersWhere } from '../users/index.ts';
import { notifyLetterBoxes } from './letters.events.ts';
import { lettersErrors } from './letters.errors.ts';

/** Letter read state: 0 unread, 1 read. */
export const READ_STATES = { UNREAD: 0, READ: 1 } as const;
export const MAX_RECIPIENTS = 500;

/**
 * A letter box holds LetterDelivery rows; the only rows anyone reaches are their own
 * (`recipientId` = the caller), on both doors, whatever their role: administrators do not
 * read other people's letters either. A delivery that is not the caller's answers
 * "not found", exactly like one that does not exist.
 */
export function myLettersWhere(ctx: ServiceContext, f: { readState?: number | null; search?: string | null } = {}): Prisma.LetterDeliveryWhereInput {
  const actor = authorize(ctx, 'letter.receive');
  const search = searchText(f.search);
  return {
    recipientId: actor.id,
    ...(f.readState === 0 || f.readState === 1 ? { readState: f.readState } : {}),
    ...(search ? { letter: { title: { contains: search, mode: 'insensitive' } } } : {}),
  };
}

export const LETTER_ORDER: Prisma.LetterDeliveryOrderByWithRelationInput[] = [{ createdAt: 'desc' }, { id: 'desc' }];

const deliveryInclude = {
  letter: { include: { sender: { select: { id: true, name: true, nameEn: true } } } },
} satisfies Prisma.LetterDeliveryInclude;
export type DeliveryRow = Prisma.LetterDeliveryGetPayload<{ include: typeof deliveryInclude }>;

const readStateInput = z.union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1')]).transform(Number);

export const myLettersInput = z.object({ readState: z.union([readStateInput, z.literal(''), z.null()]).optional(), search: z.string().max(100).optional() });

/** A page of the caller's box: `LIMIT n+1` and a total counted up to COUNT_CAP (a box only grows). */
export async function listMyLettersPage(
  ctx: ServiceContext,
  parsed: Parsed<z.output<typeof myLettersInput>>,
  page: { currentPage: number; pageSize: number },
): Promise<{ rows: DeliveryRow[]; total: number; unread: number }> {
  authorize(ctx, 'letter.receive');
  const f = inputOf(parsed);
  const where = myLettersWhere(ctx, { readState: typeof f.readState === 'number' ? f.readState : null, search: f.search });
  const skip = (page.currentPage - 1) * page.pageSize;
  const [{ rows, hasMore }, total, unread] = await Promise.all([
    readPagePlusOne((take) => ctx.db.letterDelivery.findMany({ where, include: deliveryInclude, orderBy: LETTER_ORDER, skip, take }), page.pageSize),
    countUpTo((take) => ctx.db.letterDelivery.count({ where, take })),
    unreadLetterCount(ctx),
  ]);
  return { rows, total: legacyTotal(total, skip, rows.length, hasMore), unread };
}

export async function unreadLetterCount(ctx: Pick<ServiceContext, 'db'> & Partial<ServiceContext>, userId?: number): Promise<number> {
  const id = userId ?? authorize(ctx as ServiceContext, 'letter.receive').id;
  return ctx.db.letterDelivery.count({ where: { recipientId: id, readState: READ_STATES.UNREAD } });
}

export const openLetterInput = z.object({ id: dbId() });

/** Opens one of the caller's letters and marks it read. */
export async function openLetter(ctx: ServiceContext, parsed: Parsed<z.output<typeof openLetterInput>>): Promise<DeliveryRow> {
  return runWrite(ctx, { operation: 'letter.open', targetType: 'LetterDelivery' }, async (tx) => {
    const actor = authorize(ctx, 'letter.receive');
    const { id } = inputOf(parsed);
    const row = await tx.letterDelivery.findFirst({ where: { id, recipientId: actor.id }, include: deliveryInclude });
    if (!row) throw lettersErrors.rule('NOT_FOUND', 'letter.notFound');
    if (row.readState === READ_STATES.READ) return { result: row, targetIds: [id] };
    const readAt = new Date();
    await tx.letterDelivery.update({ where: { id }, data: { readState: READ_STATES.READ, readAt } });
    await notifyLetterBoxes(tx, [actor.id]);
    return { result: { ...row, readState: READ_STATES.READ, readAt }, targetIds: [id] };
  });
}

export const letterReadStateInput = z.object({ ids: dbIdList.optional(), readState: readStateInput });

/**
 * Sets the read state of some of the caller's letters (all of them when no ids are given).
 * An id that is not one of the caller's letters refuses the whole call.
 */
export async function setLetterReadState(ctx: ServiceContext, parsed: Parsed<z.output<typeof letterReadStateInput>>): Promise<{ ids: number[]; readState: number }> {
  return runWrite(ctx, { operation: 'letter.readState', targetType: 'LetterDelivery' }, async (tx) => {
    const actor = authorize(ctx, 'letter.receive');
    const input = inputOf(parsed);
    let ids: number[];
    if (input.ids) {
      ids = [...new Set(input.ids)];
      const mine = await tx.letterDelivery.count({ where: { id: { in: ids }, recipientId: actor.id } });
      if (mine !== ids.length) throw lettersErrors.rule('NOT_FOUND', 'letter.notFound');
    } else {
      const rows = await tx.letterDelivery.findMany({ where: { recipientId: actor.id, readState: 1 - input.readState }, select: { id: true } });
      ids = rows.map((r) => r.id);
    }
    if (ids.length) {
      await tx.letterDelivery.updateMany({
        where: { id: { in: ids }, recipientId: actor.id },
        data: { readState: input.readState, readAt: input.readState === READ_STATES.READ ? new Date() : null },
      });
      await notifyLetterBoxes(tx, [actor.id]);
    }
    return { result: { ids, readState: input.readState }, targetIds: ids };
  });
}

const sendInput = z.object({
  recipientIds: dbIdList.pipe(z.array(z.number()).max(MAX_RECIPIENTS)),
  title: z.string().trim().min(1).max(100),
  content: z.string().max(200_000),
});

/** Sends a letter to people the sender can see (active accounts only). */
export async function sendLetter(ctx: ServiceContext, raw: unknown): Promise<{ letterId: number; recipientIds: number[] }> {
  return runWrite(ctx, { operation: 'letter.send', targetType: 'Letter' }, async (tx) => {
    const actor = authorize(ctx, 'letter.send');
    const r = (raw ?? {}) as Record<string, unknown>;
    const empty = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);
    if (empty(r.recipientIds)) throw new ValidationError('letter.recipientsRequired', undefined, 'RECIPIENTS_REQUIRED');
    if (empty(r.title)) throw new ValidationError('letter.titleRequired', undefined, 'TITLE_REQUIRED');
    if (empty(r.content)) throw new ValidationError('letter.contentRequired', undefined, 'CONTENT_REQUIRED');
    const input = parseInput(sendInput, raw);
    const content = await cleanRichText(input.content);
    if (!richTextLength(content) && !/<img\s/i.test(content)) throw new ValidationError('letter.contentRequired', undefined, 'CONTENT_REQUIRED');
    if (richTextLength(content) > RICH_TEXT_MAX_CHARS) throw new ValidationError('letter.contentTooLong', { max: RICH_TEXT_MAX_CHARS }, 'CONTENT_TOO_LONG');
    const ids = [...new Set(input.recipientIds)];
    const found = await tx.user.count({ where: { AND: [visibleUsersWhere(actor), { id: { in: ids }, state: { not: STAFF_STATES.DEACTIVATED }, account: { not: null } }] } });
    if (found !== ids.length) throw lettersErrors.rule('INVALID_RECIPIENT', 'letter.recipientInvalid');
    const letter = await tx.letter.create({
      data: { senderId: actor.id, title: input.title, content, deliveries: { createMany: { data: ids.map((recipientId) => ({ recipientId })) } } },
      select: { id: true },
    });
    await notifyLetterBoxes(tx, ids);
    return { result: { letterId: letter.id, recipientIds: ids }, targetIds: [letter.id] };
  });
}

/** Letters the caller sent (one row per letter, whatever the number of recipients), newest first. */
export function sentLettersWhere(ctx: ServiceContext, f: { search?: string | null } = {}): Prisma.LetterWhereInput {
  const actor = authorize(ctx, 'letter.send');
  const search = searchText(f.search);
  return { senderId: actor.id, ...(search ? { title: { contains: search, mode: 'insensitive' } } : {}) };
}

export const SENT_ORDER: Prisma.LetterOrderByWithRelationInput[] = [{ createdAt: 'desc' }, { id: 'desc' }];
