import { encodeGlobalID } from '@pothos/plugin-relay';
import pg from 'pg';
import { calendarLayoutCases } from '../calendar-layout.ts';
import type { BenchCaseFile } from '../env.ts';

/**
 * Bench cases of the schedule area. The setup writes, with set-based SQL:
 * - 100,000 work events over the first 200 staff (by id) from 2026-06-01 to 2027-06-01 (UTC),
 *   titled `bench event <n>`, each with its owner and, for one in three, a second participant;
 * - for the demo account `consultant`, a busy year from 2026-09-01: 20 weekly series of 52
 *   occurrences (rows follow the series invariants of docs/schedule.md) and 960 single events,
 *   i.e. 2,000 events, which the workdaily area's ICS bench reads after this file.
 * Then it measures the month calendar of 20 people beside raw SQL for the same rows, and a
 * 52-week series conflict check for three people beside its raw SQL.
 */
const EVENTS = 100_000;
const STAFF = 200;

const cases: BenchCaseFile = async ({ db, url, gql, login, call }) => {
  const staff = await db.user.findMany({ where: { type: 1 }, select: { id: true }, orderBy: { id: 'asc' }, take: STAFF });
  const staffIds = staff.map((s) => s.id);
  const consultant = await db.user.findUniqueOrThrow({ where: { account: 'consultant' }, select: { id: true } });
  const started = performance.now();
  await db.$executeRawUnsafe(
    `INSERT INTO work_events (title, content, address, start_at, end_at, all_day, is_open, type, published, time_zone, creator_id, updated_at)
     SELECT 'bench event ' || g, '', '', s, s + ((30 + (g % 4) * 30) || ' minutes')::interval, false, g % 10 = 0, 1, g % 8 <> 0,
            CASE WHEN g % 3 = 0 THEN 'America/New_York' ELSE 'Asia/Shanghai' END, ($1::int[])[1 + g % $2], now()
     FROM generate_series(1, $3) AS g,
          LATERAL (SELECT timestamptz '2026-06-01 00:00:00+00' + ((g / $2) % 365) * interval '1 day' + (1 + (g * 7) % 10) * interval '1 hour' AS s) t`,
    staffIds,
    staffIds.length,
    EVENTS,
  );
  await db.$executeRawUnsafe(
    `INSERT INTO event_participants (event_id, user_id, start_at, end_at)
     SELECT e.id, e.creator_id, e.start_at, e.end_at FROM work_events e WHERE e.title LIKE 'bench event %'
     UNION ALL
     SELECT e.id, ($1::int[])[1 + (e.id * 31 + 7) % $2], e.start_at, e.end_at FROM work_events e
     WHERE e.title LIKE 'bench event %' AND e.id % 3 = 0 AND ($1::int[])[1 + (e.id * 31 + 7) % $2] <> e.creator_id
     ON CONFLICT DO NOTHING`,
    staffIds,
    staffIds.length,
  );
  // The busy user's year: 20 weekly series of 52 and 960 singles.
  await db.$executeRawUnsafe(
    `WITH s AS (
       INSERT INTO event_series (rrule, time_zone, dtstart, duration_min, exdates, creator_id, updated_at)
       SELECT 'FREQ=WEEKLY;INTERVAL=1;COUNT=52', 'Asia/Shanghai',
              timestamptz '2026-09-01 01:00:00+00' + (k % 5) * interval '1 day' + (k / 5) * interval '2 hours', 60, '{}', $1, now()
       FROM generate_series(0, 19) AS k
       RETURNING id, dtstart)
     INSERT INTO work_events (title, content, address, start_at, end_at, all_day, is_open, type, published, time_zone, creator_id,
                              series_id, original_start, updated_at)
     SELECT 'bench series ' || s.id, '', '', o, o + interval '1 hour', false, false, 1, true, 'Asia/Shanghai', $1, s.id, o, now()
     FROM s, LATERAL (SELECT s.dtstart + w * interval '7 days' AS o FROM generate_series(0, 51) AS w) occ`,
    consultant.id,
  );
  await db.$executeRawUnsafe(
    `INSERT INTO work_events (title, content, address, start_at, end_at, all_day, is_open, type, published, time_zone, creator_id, updated_at)
     SELECT 'bench single ' || g, '', '', timestamptz '2026-09-01 09:00:00+00' + (g % 365) * interval '1 day' + (g / 365) * interval '90 minutes',
            timestamptz '2026-09-01 10:00:00+00' + (g % 365) * interval '1 day' + (g / 365) * interval '90 minutes', false, false, 1, true,
            'Asia/Shanghai', $1, now()
     FROM generate_series(1, 960) AS g`,
    consultant.id,
  );
  await db.$executeRawUnsafe(
    `INSERT INTO event_participants (event_id, user_id, start_at, end_at)
     SELECT e.id, $1, e.start_at, e.end_at FROM work_events e WHERE e.title LIKE 'bench s%' AND e.creator_id = $1 ON CONFLICT DO NOTHING`,
    consultant.id,
  );
  await db.$executeRawUnsafe('ANALYZE work_events');
  await db.$executeRawUnsafe('ANALYZE event_participants');
  await db.$executeRawUnsafe('ANALYZE event_series');
  const total = await db.workEvent.count();
  console.log(`schedule bench setup: ${total} work events in ${Math.round(performance.now() - started)} ms`);

  const manager = await login('manager', 'Staff#2026');
  const people = staffIds.slice(20, 40);
  const from = '2026-10-01T00:00:00Z';
  const to = '2026-11-01T00:00:00Z';
  const calendarQuery = `query($from: DateTime!, $to: DateTime!, $userIds: [ID!]) {
    calendar(from: $from, to: $to, userIds: $userIds, timeZone: "Asia/Shanghai") {
      occurrences { eventId databaseId title startAt endAt startLocal endLocal allDay isOpen published timeZone seriesId participantIds }
    } }`;
  const fullNodesQuery = `query($from: DateTime!, $to: DateTime!, $userIds: [ID!]) {
    calendar(from: $from, to: $to, userIds: $userIds, timeZone: "Asia/Shanghai") {
      events { id databaseId title startAt endAt allDay isOpen published timeZone participants { user { id databaseId } } }
    } }`;
  const vars = { from, to, userIds: people.map((id) => encodeGlobalID('User', id)) };

  const raw = new pg.Client({ connectionString: url });
  await raw.connect();
  // The runner stops the server without closing this client: its end is not an error.
  raw.on('error', () => {});
  const rawCalendar = `SELECT e.id, e.title, e.start_at, e.end_at, e.all_day, e.is_open, e.published, e.time_zone,
      (SELECT array_agg(p2.user_id ORDER BY p2.user_id) FROM event_participants p2 WHERE p2.event_id = e.id) AS participants
    FROM work_events e
    WHERE e.start_at < $2 AND e.end_at > $1
      AND EXISTS (SELECT 1 FROM event_participants p WHERE p.event_id = e.id AND p.user_id = ANY($3::int[]) AND p.start_at < $2 AND p.end_at > $1)
    ORDER BY e.start_at, e.id`;
  // The same rows as the product reads them since the third pass (docs/performance.md): the
  // participants' event ids first, then the events by primary key. The query above, kept for
  // comparison with earlier runs, lets the planner scan every event of the range.
  const rawCalendarByIds = `SELECT e.id, e.title, e.start_at, e.end_at, e.all_day, e.is_open, e.published, e.time_zone,
      (SELECT array_agg(p2.user_id ORDER BY p2.user_id) FROM event_participants p2 WHERE p2.event_id = e.id) AS participants
    FROM work_events e
    WHERE e.id = ANY(ARRAY(SELECT p.event_id FROM event_participants p
                           WHERE p.user_id = ANY($3::int[]) AND p.start_at < $2 AND p.end_at > $1 AND p.start_at >= $1::timestamptz - interval '31 days'))
    ORDER BY e.start_at, e.id`;
  const rawRows = await raw.query(rawCalendar, [from, to, people]);
  const probe = (await (await gql(manager, calendarQuery, vars)).json()) as { data: { calendar: { occurrences: unknown[] } } };
  const rawRowsByIds = await raw.query(rawCalendarByIds, [from, to, people]);
  if (probe.data.calendar.occurrences.length !== rawRows.rowCount || rawRowsByIds.rowCount !== rawRows.rowCount) {
    throw new Error(`calendar answered ${probe.data.calendar.occurrences.length} events, raw SQL ${rawRows.rowCount}`);
  }
  console.log(`schedule bench: the month calendar of 20 people holds ${rawRows.rowCount} events`);

  // A 52-week series for three people (one of them busy), checked occurrence by occurrence.
  const trio = [consultant.id, staffIds[21]!, staffIds[22]!];
  const conflictQuery = `query($input: ConflictCheckInput!) { conflicts(input: $input) { total conflicts { occurrence kind title } } }`;
  const conflictVars = {
    input: {
      startAt: '2026-09-07T01:30:00Z',
      endAt: '2026-09-07T02:30:00Z',
      timeZone: 'Asia/Shanghai',
      participantIds: trio.map((id) => encodeGlobalID('User', id)),
      placeId: 3,
      recurrence: { freq: 'WEEKLY', count: 52 },
    },
  };
  const starts = Array.from({ length: 52 }, (_, w) => new Date(Date.parse('2026-09-07T01:30:00Z') + w * 7 * 86_400_000).toISOString());
  const ends = starts.map((s) => new Date(Date.parse(s) + 3_600_000).toISOString());
  const rawConflict = `WITH occ AS (SELECT o.n, o.s, o.e FROM unnest($1::text[]::timestamptz[], $2::text[]::timestamptz[]) WITH ORDINALITY AS o(s, e, n))
    SELECT occ.n, p.user_id, p.event_id FROM occ JOIN event_participants p
      ON p.user_id = ANY($3::int[]) AND p.start_at < occ.e AND p.end_at > occ.s AND p.start_at >= occ.s - interval '31 days'
    UNION ALL
    SELECT occ.n, NULL, w.id FROM occ JOIN work_events w ON w.place_id = 3 AND w.start_at < occ.e AND w.end_at > occ.s AND w.start_at >= occ.s - interval '31 days'`;
  // The same check with one index range scan per occurrence, as the product runs it since the
  // third pass; the join above makes the planner filter 52 x every row of the three people.
  const rawConflictLateral = `WITH occ AS (SELECT o.n, o.s, o.e FROM unnest($1::text[]::timestamptz[], $2::text[]::timestamptz[]) WITH ORDINALITY AS o(s, e, n))
    SELECT occ.n, p.user_id, p.event_id FROM occ CROSS JOIN LATERAL (SELECT p.user_id, p.event_id FROM event_participants p
      WHERE p.user_id = ANY($3::int[]) AND p.start_at < occ.e AND p.end_at > occ.s AND p.start_at >= occ.s - interval '31 days' OFFSET 0) p
    UNION ALL
    SELECT occ.n, NULL, w.id FROM occ CROSS JOIN LATERAL (SELECT w.id FROM work_events w
      WHERE w.place_id = 3 AND w.start_at < occ.e AND w.end_at > occ.s AND w.start_at >= occ.s - interval '31 days' OFFSET 0) w`;

  return [
    { name: 'GraphQL calendar: month of 20 people', vs: 'raw SQL: the same calendar rows by id', run: () => gql(manager, calendarQuery, vars) },
    { name: 'raw SQL: the same calendar rows by id', run: () => raw.query(rawCalendarByIds, [from, to, people]) },
    { name: 'raw SQL: the same calendar rows', run: () => raw.query(rawCalendar, [from, to, people]) },
    { name: 'GraphQL calendar: same month as full WorkEvent nodes', iterations: 40, vs: 'raw SQL: the same calendar rows by id', run: () => gql(manager, fullNodesQuery, vars) },
    {
      name: 'REST listWorkDailyByAppoint: same month, 20 people',
      run: () =>
        call('/api/admin/work/daily/listWorkDailyByAppoint.htm', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-token': manager },
          body: JSON.stringify({ beginTime: '2026-10-01 08:00:00', endTime: '2026-11-01 07:59:59', userIds: people, timeZone: 'Asia/Shanghai' }),
        }),
    },
    { name: 'GraphQL conflicts: 52-week series, 3 people + place', vs: 'raw SQL: the same conflict check, per occurrence', run: () => gql(manager, conflictQuery, conflictVars) },
    { name: 'raw SQL: the same conflict check, per occurrence', run: () => raw.query(rawConflictLateral, [starts, ends, trio]) },
    { name: 'raw SQL: the same conflict check', run: () => raw.query(rawConflict, [starts, ends, trio]) },
    ...calendarLayoutCases(),
  ];
};

export default cases;
