/**
 * Overlap decided in SQL: one statement checks every occurrence of an event or series against
 * the participants' other events (event_participants, indexed on user_id, start_at, end_at)
 * and the place's events (work_events, indexed on place_id, start_at). Events last at most
 * MAX_EVENT_DAYS, which gives every range scan a lower bound.
 */
import type { Actor } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { isEventVisible } from './schedule.policy.ts';

export const MAX_EVENT_DAYS = 31;
/** Conflict rows returned at most (the total is always counted). */
export const MAX_CONFLICT_ROWS = 2000;

export type Range = { start: Date; end: Date };

export type ConflictQuery = {
  occurrences: Range[];
  userIds: number[];
  placeId: number | null;
  /** Events being rewritten by this save (not conflicts with themselves). */
  excludeIds?: number[];
  /** Rows of this series from this original start on are being rewritten too. */
  excludeSeries?: { seriesId: number; from: Date | null } | null;
};

export type Conflict = {
  /** 1-based position of the occurrence in the save. */
  occurrence: number;
  start: Date;
  end: Date;
  /** PARTICIPANT: a person is busy; PLACE: the place is taken. */
  kind: 'PARTICIPANT' | 'PLACE';
  userId: number | null;
  userName: string | null;
  userNameEn: string | null;
  eventId: number;
  /** Null when the caller may not see the clashing event (then it shows as busy only). */
  title: string | null;
  visible: boolean;
  eventStart: Date;
  eventEnd: Date;
};

type Row = {
  n: number;
  s: Date;
  e: Date;
  kind: 'PARTICIPANT' | 'PLACE';
  user_id: number | null;
  user_name: string | null;
  user_name_en: string | null;
  event_id: number;
  title: string;
  start_at: Date;
  end_at: Date;
  creator_id: number;
  published: boolean;
  is_open: boolean;
  actor_in: boolean;
  total: bigint | number;
};

const SQL = `
WITH occ AS (
  SELECT o.n::int AS n, o.s, o.e
  FROM unnest($1::text[]::timestamptz[], $2::text[]::timestamptz[]) WITH ORDINALITY AS o(s, e, n)
), hits AS (
  -- One index range scan per occurrence (LATERAL, kept apart by OFFSET 0): joined as a whole,
  -- the planner read every row of the participants and filtered 52 x thousands of pairs.
  SELECT occ.n, occ.s, occ.e, 'PARTICIPANT' AS kind, p.user_id, p.event_id
  FROM occ
  CROSS JOIN LATERAL (
    SELECT p.user_id, p.event_id FROM event_participants p
    WHERE p.user_id = ANY($3::int[])
      AND p.start_at < occ.e AND p.end_at > occ.s
      AND p.start_at >= occ.s - make_interval(days => ${MAX_EVENT_DAYS})
    OFFSET 0) p
  UNION ALL
  SELECT occ.n, occ.s, occ.e, 'PLACE', NULL, w.id
  FROM occ
  CROSS JOIN LATERAL (
    SELECT w.id FROM work_events w
    WHERE $4::int IS NOT NULL AND w.place_id = $4::int
      AND w.start_at < occ.e AND w.end_at > occ.s
      AND w.start_at >= occ.s - make_interval(days => ${MAX_EVENT_DAYS})
    OFFSET 0) w
)
SELECT h.n, h.s, h.e, h.kind, h.user_id, u.name AS user_name, u.name_en AS user_name_en,
       ev.id AS event_id, ev.title, ev.start_at, ev.end_at, ev.creator_id, ev.published, ev.is_open,
       EXISTS (SELECT 1 FROM event_participants a WHERE a.event_id = ev.id AND a.user_id = $8::int) AS actor_in,
       count(*) OVER () AS total
FROM hits h
JOIN work_events ev ON ev.id = h.event_id
LEFT JOIN users u ON u.id = h.user_id
WHERE NOT (ev.id = ANY($5::int[]))
  AND NOT ($6::int IS NOT NULL AND ev.series_id IS NOT DISTINCT FROM $6::int
           AND ($7::text IS NULL OR ev.original_start >= $7::text::timestamptz))
ORDER BY h.n, h.kind, h.user_id NULLS FIRST, ev.start_at, ev.id
LIMIT ${MAX_CONFLICT_ROWS}`;

export async function findConflicts(db: Db | Tx, actor: Actor, q: ConflictQuery): Promise<{ total: number; conflicts: Conflict[] }> {
  if (!q.occurrences.length || (!q.userIds.length && !q.placeId)) return { total: 0, conflicts: [] };
  const rows = await db.$queryRawUnsafe<Row[]>(
    SQL,
    q.occurrences.map((o) => o.start.toISOString()),
    q.occurrences.map((o) => o.end.toISOString()),
    q.userIds,
    q.placeId ?? null,
    q.excludeIds ?? [],
    q.excludeSeries?.seriesId ?? null,
    q.excludeSeries?.from ? q.excludeSeries.from.toISOString() : null,
    actor.id,
  );
  const conflicts = rows.map((r): Conflict => {
    const visible = isEventVisible(actor, {
      creatorId: r.creator_id,
      published: r.published,
      isOpen: r.is_open,
      participantIds: r.actor_in ? [actor.id] : [],
    });
    return {
      occurrence: r.n,
      start: r.s,
      end: r.e,
      kind: r.kind,
      userId: r.user_id,
      userName: r.user_name,
      userNameEn: r.user_name_en,
      eventId: r.event_id,
      title: visible ? r.title : null,
      visible,
      eventStart: r.start_at,
      eventEnd: r.end_at,
    };
  });
  return { total: rows.length ? Number(rows[0]?.total ?? rows.length) : 0, conflicts };
}
