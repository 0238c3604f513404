/**
 * Reads of work events for both doors: one event, the calendar of some people over a range,
 * filtered lists, near-duplicates, and the feed read API for the ICS engineer.
 */
import type { EventCore } from './service/rows.ts';
import { DateTime } from 'luxon';
import type { Actor, ServiceContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { NotFoundError, ValidationError } from '../../errors.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import { dbId, inputOf, parseInput, z, type Parsed } from '../../lib/validate.ts';
import { searchText } from '../../lib/text.ts';
import { authorize, requireActor } from '../../policy.ts';
import { MAX_EVENT_DAYS } from './conflicts.ts';
import { expandRule } from './recurrence.ts';
import { requireZone } from '../../lib/zones.ts';
import { visibleEventsSql, visibleEventsWhere } from './schedule.policy.ts';

/** The longest range a calendar or list asks for at once. */
export const MAX_RANGE_DAYS = 400;
export const MAX_CALENDAR_PEOPLE = 200;

export const eventInclude = {
  participants: { include: { user: { select: { id: true, name: true, nameEn: true } } }, orderBy: { userId: 'asc' } },
  project: { select: { id: true, name: true, nameEn: true } },
  creator: { select: { id: true, name: true, nameEn: true } },
  series: true,
} as const satisfies Prisma.WorkEventInclude;
export type EventWithRelations = Prisma.WorkEventGetPayload<{ include: typeof eventInclude }>;

/** One event the caller may see, or NOT_FOUND (hidden events look missing). */
export const eventIdInput = z.object({ id: dbId() });

export async function getEvent(ctx: ServiceContext, parsed: Parsed<z.output<typeof eventIdInput>>): Promise<EventWithRelations> {
  const actor = authorize(ctx, 'schedule.use');
  const { id } = inputOf(parsed);
  const event = await ctx.db.workEvent.findFirst({ where: { AND: [{ id }, visibleEventsWhere(actor)] }, include: eventInclude });
  if (!event) throw new NotFoundError();
  return event;
}

const calendarSchema = z.object({
  from: z.date(),
  to: z.date(),
  userIds: z.array(dbId()).max(MAX_CALENDAR_PEOPLE).nullish(),
  projectId: dbId().nullish(),
  published: z.boolean().nullish(),
});
export type CalendarInput = z.input<typeof calendarSchema>;

/**
 * Events overlapping [from, to) that the caller may see: of the named people (as participants),
 * or, without people, the caller's own (taking part or created).
 */
export function calendarWhere(ctx: ServiceContext, raw: CalendarInput): { where: Prisma.WorkEventWhereInput; userIds: number[] } {
  const actor = requireActor(ctx);
  authorize(ctx, 'schedule.use');
  const input = parseInput(calendarSchema, raw);
  checkRange(input.from, input.to);
  const userIds = input.userIds?.length ? [...new Set(input.userIds)] : [];
  const own: Prisma.WorkEventWhereInput = userIds.length
    ? { participants: { some: { userId: { in: userIds }, startAt: { lt: input.to }, endAt: { gt: input.from } } } }
    : { OR: [{ participants: { some: { userId: actor.id } } }, { creatorId: actor.id }] };
  return {
    userIds: userIds.length ? userIds : [actor.id],
    where: {
      AND: [
        // Events last at most MAX_EVENT_DAYS: the lower bound keeps the range scan short.
        { startAt: { lt: input.to, gte: new Date(input.from.getTime() - MAX_EVENT_DAYS * 86_400_000) }, endAt: { gt: input.from } },
        own,
        input.projectId ? { projectId: input.projectId } : {},
        input.published === true || input.published === false ? { published: input.published } : {},
        visibleEventsWhere(actor),
      ],
    },
  };
}

export function checkRange(from: Date, to: Date): void {
  if (to.getTime() < from.getTime()) throw new ValidationError('schedule.endBeforeStart', undefined, 'END_BEFORE_START');
  if (to.getTime() - from.getTime() > MAX_RANGE_DAYS * 86_400_000) throw new ValidationError('schedule.rangeTooLong', { days: MAX_RANGE_DAYS });
}

export async function listCalendar(ctx: ServiceContext, raw: CalendarInput): Promise<EventWithRelations[]> {
  const { where } = calendarWhere(ctx, raw);
  return ctx.db.workEvent.findMany({ where, include: eventInclude, orderBy: [{ startAt: 'asc' }, { id: 'asc' }] });
}

/** One row of the calendar grid: the event's facts and its participants' ids, no relations. */
export type CalendarOccurrence = {
  id: number;
  title: string;
  address: string;
  startAt: Date;
  endAt: Date;
  allDay: boolean;
  isOpen: boolean;
  published: boolean;
  confirmed: boolean;
  timeZone: string;
  type: number;
  projectId: number | null;
  placeId: number | null;
  seriesId: number | null;
  isException: boolean;
  creatorId: number;
  participantIds: number[];
};

/**
 * The calendar's rows (see `calendarWhere`) in one statement, with the given columns; `visible`
 * is the visibility rule's SQL reading (`visibleEventsSql`), whose values follow $7.
 */
const calendarSql = (columns: string, visible: string) => `
SELECT ${columns}
FROM work_events e
-- The candidates' ids first (the people's participant rows, and the caller's own events), then
-- the events by primary key: an array, so that the planner looks them up by id rather than
-- scanning every event of the range (an OR of the two paths, or a join, made it scan).
WHERE e.id = ANY(ARRAY(
        SELECT p.event_id FROM event_participants p
        WHERE p.user_id = ANY($3::int[]) AND p.start_at < $2::text::timestamptz AND p.end_at > $1::text::timestamptz
          AND p.start_at >= $1::text::timestamptz - make_interval(days => ${MAX_EVENT_DAYS})
        UNION
        SELECT c.id FROM work_events c
        WHERE $7::boolean AND c.creator_id = $6 AND c.start_at < $2::text::timestamptz AND c.end_at > $1::text::timestamptz
          AND c.start_at >= $1::text::timestamptz - make_interval(days => ${MAX_EVENT_DAYS})))
  AND ($4::int IS NULL OR e.project_id = $4::int)
  AND ($5::boolean IS NULL OR e.published = $5::boolean)
  AND ${visible}
ORDER BY e.start_at, e.id`;

const OCCURRENCE_COLUMNS = `e.id, e.title, e.address, e.start_at AS "startAt", e.end_at AS "endAt", e.all_day AS "allDay", e.is_open AS "isOpen",
       e.published, e.confirmed, e.time_zone AS "timeZone", e.type, e.project_id AS "projectId", e.place_id AS "placeId",
       e.series_id AS "seriesId", e.is_exception AS "isException", e.creator_id AS "creatorId",
       ARRAY(SELECT p2.user_id FROM event_participants p2 WHERE p2.event_id = e.id ORDER BY p2.user_id) AS "participantIds"`;

/** The statement of `calendarSql` with these columns and its parameters, checked. */
function calendarStatement(ctx: ServiceContext, raw: CalendarInput, columns: string): [string, ...unknown[]] {
  const actor = authorize(ctx, 'schedule.use');
  const input = parseInput(calendarSchema, raw);
  checkRange(input.from, input.to);
  const own = !input.userIds?.length;
  const userIds = own ? [actor.id] : [...new Set(input.userIds)];
  const params: unknown[] = [input.from.toISOString(), input.to.toISOString(), userIds, input.projectId ?? null, input.published ?? null, actor.id, own];
  const visible = visibleEventsSql(actor, 'e', params);
  return [calendarSql(columns, visible), ...params];
}

/**
 * The calendar grid in one SQL statement: the same rows as `calendarWhere` (visibility
 * included), with participants as ids. For the hot path of the calendar screen.
 */
export async function calendarOccurrences(ctx: ServiceContext, raw: CalendarInput): Promise<CalendarOccurrence[]> {
  return ctx.db.$queryRawUnsafe<CalendarOccurrence[]>(...calendarStatement(ctx, raw, OCCURRENCE_COLUMNS));
}

/**
 * The ids of the same rows, in the same order (by start, then id): the full nodes of the
 * calendar are then read by primary key, which is faster than `calendarWhere`'s plan (it scans
 * every event starting in the range and the month before it).
 */
export async function calendarEventIds(ctx: ServiceContext, raw: CalendarInput): Promise<number[]> {
  const rows = await ctx.db.$queryRawUnsafe<Array<{ id: number }>>(...calendarStatement(ctx, raw, 'e.id'));
  return rows.map((r) => r.id);
}

const listSchema = z.object({
  title: z.string().max(200).nullish(),
  from: z.date().nullish(),
  to: z.date().nullish(),
  published: z.boolean().nullish(),
  projectId: dbId().nullish(),
  userId: dbId().nullish(),
  seriesId: dbId().nullish(),
  createdByMe: z.boolean().nullish(),
});
export type ListInput = z.input<typeof listSchema>;

/** A filtered list of visible events (legacy paged list). */
export function listWhere(ctx: ServiceContext, raw: ListInput): Prisma.WorkEventWhereInput {
  const actor = authorize(ctx, 'schedule.use');
  const input = parseInput(listSchema, raw);
  if (input.from && input.to && input.to < input.from) throw new ValidationError('schedule.endBeforeStart', undefined, 'END_BEFORE_START');
  const title = searchText(input.title);
  return {
    AND: [
      visibleEventsWhere(actor),
      title ? { title: { contains: title, mode: 'insensitive' } } : {},
      input.from ? { endAt: { gt: input.from } } : {},
      input.to ? { startAt: { lt: input.to } } : {},
      input.published === true || input.published === false ? { published: input.published } : {},
      input.projectId ? { projectId: input.projectId } : {},
      input.userId ? { participants: { some: { userId: input.userId } } } : {},
      input.seriesId ? { seriesId: input.seriesId } : {},
      input.createdByMe ? { creatorId: actor.id } : {},
    ],
  };
}

const alikeSchema = z.object({
  id: dbId().nullish(),
  title: z.string().trim().min(1).max(200),
  startAt: z.date(),
  participantIds: z.array(dbId()).max(200).nullish(),
  timeZone: z.string().max(64).nullish(),
});
export type AlikeInput = z.input<typeof alikeSchema>;

/**
 * Near-duplicates of an event about to be saved: the same title (ignoring case and surrounding
 * spaces), the same set of participants, and a start on the same day in the given zone (the
 * caller's by default). Only events the caller may see are answered.
 */
export async function findAlike(ctx: ServiceContext, raw: AlikeInput): Promise<EventWithRelations[]> {
  const actor = authorize(ctx, 'schedule.use');
  const input = parseInput(alikeSchema, raw);
  const zone = requireZone(input.timeZone ?? actor.timeZone);
  const day = DateTime.fromJSDate(input.startAt, { zone }).startOf('day');
  const people = [...new Set(input.participantIds?.length ? input.participantIds : [actor.id])].sort((a, b) => a - b);
  const rows = await ctx.db.$queryRawUnsafe<Array<{ id: number }>>(
    `SELECT e.id FROM work_events e
     WHERE e.start_at >= $1::text::timestamptz AND e.start_at < $2::text::timestamptz
       AND lower(btrim(e.title)) = lower($3)
       AND ($4::int IS NULL OR e.id <> $4::int)
       AND (SELECT coalesce(array_agg(p.user_id ORDER BY p.user_id), '{}') FROM event_participants p WHERE p.event_id = e.id) = $5::int[]
     ORDER BY e.start_at, e.id LIMIT 100`,
    day.toUTC().toISO(),
    day.plus({ days: 1 }).toUTC().toISO(),
    input.title.trim(),
    input.id ?? null,
    people,
  );
  if (!rows.length) return [];
  return ctx.db.workEvent.findMany({
    where: { AND: [{ id: { in: rows.map((r) => r.id) } }, visibleEventsWhere(actor)] },
    include: eventInclude,
    orderBy: [{ startAt: 'asc' }, { id: 'asc' }],
  });
}

// ── read API for the ICS feed (the ics module) ──

/** One of the user's events as the feed reads it. */
export type FeedEvent = EventCore & {
  id: number;
  timeZone: string;
  published: boolean;
  updatedAt: Date;
  /** For an occurrence: the series and the start the rule gave it (RECURRENCE-ID). */
  seriesId: number | null;
  originalStart: Date | null;
  isException: boolean;
};

/** A series as a feed writes it: the rule, the starts it makes in the window, the user's missing ones, the edited occurrences. */
export type FeedSeries = {
  id: number;
  /** RRULE text without DTSTART; UNTIL is UTC. Expand it from `dtstart` in `timeZone`. */
  rrule: string;
  timeZone: string;
  /** DTSTART (the rule's first start, an instant; write it with TZID=timeZone). */
  dtstart: Date;
  durationMin: number;
  allDay: boolean;
  /** Starts the rule makes whose occurrence overlaps the window. */
  starts: Date[];
  /** Those of them this user has no occurrence for (deleted, unpublished, not theirs, or moved out). */
  exdates: Date[];
  /** The master's fields (title, content...): those of the series' ordinary occurrences. */
  master: FeedEvent;
  /** Occurrences edited on their own: write them with RECURRENCE-ID = originalStart. */
  overrides: FeedEvent[];
  updatedAt: Date;
};

/**
 * Who reads a feed: its owner without any permission. A subscribed link is read by calendar
 * apps outside the back office, so it carries none of the owner's in-app sight (managers'
 * `schedule.manage`): with the owner's own events that leaves the events they created and the
 * published ones they take part in (docs/schedule.md, "Who sees an event").
 */
function feedViewer(user: { id: number; type: number }): Actor {
  return { id: user.id, type: user.type, account: '', name: '', nameEn: null, roleIds: [], roleCodes: [], isAdmin: false, language: 0, timeZone: 'UTC', tokenId: 0 };
}

/**
 * Expanding a rule maps every wall time to an instant (several Intl calls each); a series
 * changes rarely, so expansions are kept, keyed by everything they depend on.
 */
const expansions = new Map<string, Date[]>();
function expandCached(rrule: string, zone: string, dtstart: Date): Date[] {
  const key = `${rrule}|${zone}|${dtstart.getTime()}`;
  let starts = expansions.get(key);
  if (!starts) {
    starts = expandRule({ rrule, timeZone: zone, dtstart });
    if (expansions.size >= 2000) expansions.delete(expansions.keys().next().value as string);
    expansions.set(key, starts);
  }
  return starts;
}

type FeedRow = {
  id: number;
  title: string;
  content: string;
  address: string;
  start_at: string;
  end_at: string;
  all_day: boolean;
  time_zone: string;
  published: boolean;
  updated_at: string;
  series_id: number | null;
  original_start: string | null;
  is_exception: boolean;
};
type FeedSeriesRow = { id: number; rrule: string; time_zone: string; dtstart: string; duration_min: number; updated_at: string };

/**
 * The events of one user's calendar feed overlapping [from, to): their own events (taken part
 * in or created) that the feed's viewer may see (`visibleEventsWhere`). Series are answered
 * with their rule, the starts it makes in the window, this user's exception dates there and
 * the overridden occurrences; single events (and occurrences of a rule that no longer expands)
 * as they are. Two statements, whatever the number of events: the ids by the visibility rule,
 * then the rows and their series as one JSON value (2,000 rows through the client's row
 * conversion cost more than the rest of the feed; docs/performance.md).
 */
export async function eventsForFeed(db: Db, user: { id: number; type: number }, from: Date, to: Date): Promise<{ singles: FeedEvent[]; series: FeedSeries[] }> {
  // Events last at most MAX_EVENT_DAYS: the lower bound keeps both index scans short.
  const range = { gte: new Date(from.getTime() - MAX_EVENT_DAYS * 86_400_000), lt: to };
  const visible = await db.workEvent.findMany({
    where: {
      AND: [{ OR: [{ creatorId: user.id, startAt: range, endAt: { gt: from } }, { participants: { some: { userId: user.id, startAt: range, endAt: { gt: from } } } }] }, visibleEventsWhere(feedViewer(user))],
    },
    select: { id: true },
  });
  if (!visible.length) return { singles: [], series: [] };
  const [result] = await db.$queryRaw<Array<{ events: string; series: string }>>`
    WITH e AS (SELECT id, title, content, address, start_at, end_at, all_day, time_zone, published, updated_at, series_id, original_start, is_exception
                 FROM work_events WHERE id = ANY(${visible.map((v) => v.id)}::int[]))
    SELECT (SELECT coalesce(json_agg(e ORDER BY e.start_at, e.id), '[]') FROM e)::text AS events,
           (SELECT coalesce(json_agg(s), '[]') FROM event_series s WHERE s.id IN (SELECT series_id FROM e))::text AS series`;
  const events: FeedEvent[] = (JSON.parse(result?.events ?? '[]') as FeedRow[]).map((r) => ({
    id: r.id,
    title: r.title,
    content: r.content,
    address: r.address,
    startAt: new Date(r.start_at),
    endAt: new Date(r.end_at),
    allDay: r.all_day,
    timeZone: r.time_zone,
    published: r.published,
    updatedAt: new Date(r.updated_at),
    seriesId: r.series_id,
    originalStart: r.original_start ? new Date(r.original_start) : null,
    isException: r.is_exception,
  }));
  const seriesRows = (JSON.parse(result?.series ?? '[]') as FeedSeriesRow[]).map((r) => ({
    id: r.id,
    rrule: r.rrule,
    timeZone: r.time_zone,
    dtstart: new Date(r.dtstart),
    durationMin: r.duration_min,
    updatedAt: new Date(r.updated_at),
  }));
  const byId = new Map(seriesRows.map((s) => [s.id, s]));
  const occurrences = new Map<number, FeedEvent[]>();
  const singles: FeedEvent[] = [];
  for (const e of events) {
    if (e.seriesId !== null && byId.has(e.seriesId)) {
      const list = occurrences.get(e.seriesId) ?? [];
      list.push(e);
      occurrences.set(e.seriesId, list);
    } else {
      singles.push(e);
    }
  }
  const series: FeedSeries[] = [];
  for (const [id, occ] of occurrences) {
    const s = byId.get(id)!;
    const master = occ.find((o) => !o.isException) ?? occ[0]!;
    const have = new Set(occ.map((o) => o.originalStart?.getTime()));
    let starts: Date[];
    try {
      starts = expandCached(s.rrule, s.timeZone, s.dtstart);
    } catch {
      // A rule that no longer expands: its occurrences are written one by one.
      singles.push(...occ);
      continue;
    }
    const inWindow = starts.filter((d) => d.getTime() < to.getTime() && d.getTime() + s.durationMin * 60_000 > from.getTime());
    series.push({
      id,
      rrule: s.rrule,
      timeZone: s.timeZone,
      dtstart: s.dtstart,
      durationMin: s.durationMin,
      allDay: master.allDay,
      starts: inWindow,
      exdates: inWindow.filter((d) => !have.has(d.getTime())),
      master,
      overrides: occ.filter((o) => o.isException),
      updatedAt: new Date(Math.max(s.updatedAt.getTime(), ...occ.map((o) => o.updatedAt.getTime()))),
    });
  }
  return { singles, series };
}
