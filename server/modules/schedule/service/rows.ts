/**
 * The schedule's row writers: every insert of events, series and participants goes through
 * these (the schedule's own writes and the .ics import), so the rows keep the invariants of
 * docs/schedule.md (an occurrence's `original_start`, participants' copied ranges).
 */
import type { Tx } from '../../../db/client.ts';
import type { Range } from '../conflicts.ts';
import type { Template } from './input.ts';

/** What every event has, however it is read or written: its text and its time range (instants). */
export type EventCore = {
  title: string;
  content: string;
  address: string;
  startAt: Date;
  endAt: Date;
  allDay: boolean;
};

/** One event row as written: every column the schedule sets (the rest keep their defaults). */
export type EventRowInput = EventCore & {
  isOpen: boolean;
  type: number;
  published: boolean;
  timeZone: string;
  projectId: number | null;
  placeId: number | null;
  /** For an occurrence: its series and the start the rule gave it (invariant 3 of docs/schedule.md). */
  seriesId: number | null;
  originalStart: Date | null;
  isException: boolean;
  creatorId: number;
};

const INSERT_EVENTS = `
INSERT INTO work_events (title, content, address, start_at, end_at, all_day, is_open, type, published, time_zone,
                         project_id, place_id, series_id, original_start, is_exception, creator_id, updated_at)
SELECT r.title, r.content, r.address, r.s, r.e, r.all_day, r.is_open, r.type, r.published, r.tz,
       r.project_id, r.place_id, r.series_id, r.original_start, r.is_exception, r.creator_id, now()
FROM unnest($1::text[], $2::text[], $3::text[], $4::text[]::timestamptz[], $5::text[]::timestamptz[], $6::boolean[], $7::boolean[],
            $8::int[], $9::boolean[], $10::text[], $11::int[], $12::int[], $13::int[], $14::text[]::timestamptz[], $15::boolean[], $16::int[])
     AS r(title, content, address, s, e, all_day, is_open, type, published, tz, project_id, place_id, series_id, original_start, is_exception, creator_id)
RETURNING id`;

/**
 * Inserts events (any mix of single events and occurrences) in one statement, then their
 * participants in one more. Answers the new ids in insertion order.
 */
export async function insertEvents(tx: Tx, rows: readonly EventRowInput[], participantIds: readonly number[]): Promise<number[]> {
  if (!rows.length) return [];
  const col = <T>(f: (r: EventRowInput) => T) => rows.map(f);
  const created = await tx.$queryRawUnsafe<Array<{ id: number }>>(
    INSERT_EVENTS,
    col((r) => r.title),
    col((r) => r.content),
    col((r) => r.address),
    col((r) => r.startAt.toISOString()),
    col((r) => r.endAt.toISOString()),
    col((r) => r.allDay),
    col((r) => r.isOpen),
    col((r) => r.type),
    col((r) => r.published),
    col((r) => r.timeZone),
    col((r) => r.projectId),
    col((r) => r.placeId),
    col((r) => r.seriesId),
    col((r) => r.originalStart?.toISOString() ?? null),
    col((r) => r.isException),
    col((r) => r.creatorId),
  );
  const ids = created.map((r) => r.id).sort((a, b) => a - b);
  await insertParticipants(tx, ids, [...participantIds]);
  return ids;
}

/** The occurrences (or the single event) of one template at the given ranges. */
export async function insertRows(tx: Tx, template: Template, creatorId: number, seriesId: number | null, ranges: Range[], participantIds: number[]): Promise<number[]> {
  return insertEvents(
    tx,
    ranges.map((r) => ({ ...template, startAt: r.start, endAt: r.end, seriesId, originalStart: seriesId === null ? null : r.start, isException: false, creatorId })),
    participantIds,
  );
}

export type SeriesRowInput = { rrule: string; timeZone: string; dtstart: Date; durationMin: number; exdates: Date[]; creatorId: number };

/** Inserts a series row (its occurrences are inserted with `insertEvents`/`insertRows`); answers its id. */
export async function insertSeries(tx: Tx, data: SeriesRowInput): Promise<number> {
  const row = await tx.eventSeries.create({ data, select: { id: true } });
  return row.id;
}

export async function insertParticipants(tx: Tx, eventIds: number[], userIds: number[]): Promise<void> {
  if (!eventIds.length || !userIds.length) return;
  // start_at/end_at are filled from the event by the event_participants_range trigger.
  await tx.$executeRawUnsafe(
    `INSERT INTO event_participants (event_id, user_id, start_at, end_at)
     SELECT e.id, u, e.start_at, e.end_at FROM work_events e CROSS JOIN unnest($2::int[]) AS u WHERE e.id = ANY($1::int[])
     ON CONFLICT DO NOTHING`,
    eventIds,
    userIds,
  );
}

export async function replaceParticipants(tx: Tx, eventIds: number[], userIds: number[]): Promise<void> {
  if (!eventIds.length) return;
  await tx.$executeRawUnsafe(`DELETE FROM event_participants WHERE event_id = ANY($1::int[]) AND NOT (user_id = ANY($2::int[]))`, eventIds, userIds);
  await insertParticipants(tx, eventIds, userIds);
}

export async function seriesRowIds(tx: Tx, seriesId: number, from: Date | null = null): Promise<number[]> {
  const rows = await tx.workEvent.findMany({
    where: { seriesId, ...(from ? { originalStart: { gte: from } } : {}) },
    select: { id: true },
    orderBy: { startAt: 'asc' },
  });
  return rows.map((r) => r.id);
}

/** A series left without occurrences is removed. */
export async function dropIfEmpty(tx: Tx, seriesId: number): Promise<boolean> {
  const left = await tx.workEvent.count({ where: { seriesId } });
  if (left) return false;
  await tx.eventSeries.delete({ where: { id: seriesId } });
  return true;
}
