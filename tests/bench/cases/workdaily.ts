import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import { buildFeed, feedWindow } from '../../../server/modules/ics/feed.ts';
import { eventsForFeed } from '../../../server/modules/schedule/index.ts';
import type { BenchCaseFile } from '../env.ts';

/**
 * Bench cases of the workdaily area. The setup writes its own data with set-based SQL, so
 * `npm run bench -- --only workdaily` works alone:
 * - a busy staff member `bench.ics` with 2,000 events in the feed's window (past 30 days, next
 *   year): 20 weekly series of 52 occurrences (rows follow docs/schedule.md's invariants, one
 *   occurrence deleted and one moved per series) and 980 single events, and an open
 *   subscription; measured: the public feed `/ics/<token>.ics`, beside the writer alone on the
 *   same rows and the raw SQL that reads them;
 * - 200 staff (the first by id, topped up when the seed has fewer) with two schedule entries per
 *   weekday of January 2025; measured: hours per person, project and type for the month
 *   (REST getWorkDailyStatistic, GraphQL workStatistics), beside the raw GROUP BY, and the
 *   first 100 entries of the month on both doors (listWorkDailyByDatePage, scheduleEntries).
 */
const STAFF = 200;

const cases: BenchCaseFile = async ({ db, url, call, gql, adminToken, onClose }) => {
  // ── the busy user's year ──
  const busy = await db.user.create({ data: { account: 'bench.ics', name: '日历压测', type: 1, timeZone: 'Asia/Shanghai' } });
  await db.$executeRawUnsafe(
    `WITH s AS (
       INSERT INTO event_series (rrule, time_zone, dtstart, duration_min, exdates, creator_id, updated_at)
       SELECT 'FREQ=WEEKLY;INTERVAL=1;COUNT=52', 'Asia/Shanghai',
              date_trunc('hour', now()) - interval '20 days' + (k % 5) * interval '1 day' + (k / 5) * interval '2 hours', 60, '{}', $1, now()
       FROM generate_series(0, 19) AS k
       RETURNING id, dtstart)
     INSERT INTO work_events (title, content, address, start_at, end_at, all_day, is_open, type, published, time_zone, creator_id,
                              series_id, original_start, updated_at)
     SELECT 'bench ics series ' || s.id, '<p>Weekly</p>', 'Room 1', o, o + interval '1 hour', false, false, 1, true, 'Asia/Shanghai', $1, s.id, o, now()
     FROM s, LATERAL (SELECT s.dtstart + w * interval '7 days' AS o FROM generate_series(0, 51) AS w) occ`,
    busy.id,
  );
  // Per series: the 10th occurrence deleted (an exception date), the 20th moved by an hour (an override).
  await db.$executeRawUnsafe(
    `WITH ranked AS (
       SELECT e.id, e.series_id, e.original_start, row_number() OVER (PARTITION BY e.series_id ORDER BY e.original_start) AS n
       FROM work_events e JOIN event_series s ON s.id = e.series_id WHERE s.creator_id = $1),
     gone AS (DELETE FROM work_events w USING ranked r WHERE w.id = r.id AND r.n = 10 RETURNING r.series_id, r.original_start)
     UPDATE event_series s SET exdates = array_append(s.exdates, g.original_start) FROM gone g WHERE s.id = g.series_id`,
    busy.id,
  );
  await db.$executeRawUnsafe(
    `WITH ranked AS (
       SELECT e.id, row_number() OVER (PARTITION BY e.series_id ORDER BY e.original_start) AS n
       FROM work_events e JOIN event_series s ON s.id = e.series_id WHERE s.creator_id = $1)
     UPDATE work_events w SET start_at = w.start_at + interval '1 hour', end_at = w.end_at + interval '1 hour', is_exception = true,
            title = w.title || ' (moved)'
     FROM ranked r WHERE w.id = r.id AND r.n = 20`,
    busy.id,
  );
  await db.$executeRawUnsafe(
    `INSERT INTO work_events (title, content, address, start_at, end_at, all_day, is_open, type, published, time_zone, creator_id, updated_at)
     SELECT 'bench ics single ' || g, '', '', date_trunc('hour', now()) + (g % 360) * interval '1 day' + (g / 360) * interval '90 minutes',
            date_trunc('hour', now()) + (g % 360) * interval '1 day' + (g / 360) * interval '90 minutes' + interval '1 hour', false, false, 1, true,
            CASE WHEN g % 4 = 0 THEN 'America/New_York' ELSE 'Asia/Shanghai' END, $1, now()
     FROM generate_series(1, 980) AS g`,
    busy.id,
  );
  await db.$executeRawUnsafe(
    `INSERT INTO event_participants (event_id, user_id, start_at, end_at)
     SELECT e.id, $1, e.start_at, e.end_at FROM work_events e WHERE e.creator_id = $1 ON CONFLICT DO NOTHING`,
    busy.id,
  );
  const eventCount = await db.workEvent.count({ where: { creatorId: busy.id } });
  if (eventCount < 2000) throw new Error(`bench setup: the busy user has ${eventCount} events`);
  const token = randomBytes(32).toString('base64url');
  await db.icsSubscription.create({
    data: { userId: busy.id, state: 1, token, tokenHash: createHash('sha256').update(token).digest('hex'), tokenCreatedAt: new Date(), openedAt: new Date() },
  });

  // ── a month of schedule entries for 200 staff ──
  const staff = await db.user.findMany({ where: { type: 1 }, select: { id: true }, orderBy: { id: 'asc' }, take: STAFF });
  for (let i = staff.length; i < STAFF; i++) staff.push(await db.user.create({ data: { account: `bench.staff${i}`, name: `压测员工${i}`, type: 1 }, select: { id: true } }));
  const staffIds = staff.map((s) => s.id);
  const projectIds = (await db.project.findMany({ select: { id: true }, orderBy: { id: 'asc' }, take: 10 })).map((p) => p.id);
  await db.$executeRawUnsafe(
    `INSERT INTO schedule_entries (work_date, employee_id, created_by_id, schedule_type, project_id, begin_at, end_at, work_hours, updated_at)
     SELECT d::date, u, u, CASE WHEN k = 1 AND u % 7 = 0 THEN 2 ELSE 1 END, ($2::int[])[1 + (u + k) % cardinality($2::int[])],
            d + interval '1 hour' + k * interval '4 hours', d + interval '4 hours' + k * interval '4 hours', 3 + (u % 3) * 0.5, now()
     FROM unnest($1::int[]) AS u,
          generate_series(timestamptz '2025-01-01 00:00:00+00', timestamptz '2025-01-31 00:00:00+00', interval '1 day') AS d,
          generate_series(0, 1) AS k
     WHERE extract(isodow FROM d) < 6`,
    staffIds,
    projectIds,
  );

  const pool = new pg.Pool({ connectionString: url, max: 2 });
  onClose(() => pool.end());
  const from = () => new Date(Date.now() - 30 * 86_400_000);
  const to = () => new Date(Date.now() + 365 * 86_400_000);
  const auth = { 'content-type': 'application/json', 'x-token': adminToken };
  const feedRows = await eventsForFeed(db, busy, ...(Object.values(feedWindow(new Date())) as [Date, Date]));
  return [
    {
      name: `ICS feed, one year of a busy user (${eventCount} events)`,
      iterations: 60,
      run: () => call(`/ics/${token}.ics`, { method: 'GET' }),
    },
    {
      // The writer alone (ical.js from jCal, VTIMEZONE from timezones-ical-library): the
      // part of the feed above that is not reading.
      name: '  the file alone: buildFeed of the same rows, no SQL',
      iterations: 60,
      run: async () => {
        const text = buildFeed(feedRows, { calendarName: 'bench', userTimeZone: 'Asia/Shanghai', refreshHours: 3, ...feedWindow(new Date()) });
        if (!text.endsWith('END:VCALENDAR\r\n')) throw new Error('bench: the feed is not a calendar');
      },
    },
    {
      name: '  raw SQL: the same rows',
      iterations: 60,
      run: () =>
        pool.query(
          `SELECT e.id, e.title, e.content, e.address, e.start_at, e.end_at, e.all_day, e.time_zone, e.series_id, e.original_start, e.is_exception, e.updated_at
             FROM work_events e
            WHERE (e.creator_id = $1 OR (e.published AND EXISTS (SELECT 1 FROM event_participants p WHERE p.event_id = e.id AND p.user_id = $1)))
              AND e.start_at < $3 AND e.end_at > $2
            ORDER BY e.start_at, e.id`,
          [busy.id, from(), to()],
        ),
    },
    {
      name: 'REST getWorkDailyStatistic, a month of 200 staff',
      run: () => call('/api/admin/work/daily/getWorkDailyStatistic.htm', { method: 'POST', headers: auth, body: JSON.stringify({ workDate: '2025-01-01', workDate2: '2025-01-31' }) }),
    },
    {
      name: 'GraphQL workStatistics(groupBy: PERSON), same month',
      run: () => gql(adminToken, '{ workStatistics(from: "2025-01-01", to: "2025-01-31", groupBy: PERSON) { ... on WorkStatistics { total { hours } rows { key name hours } } } }'),
    },
    {
      name: 'REST listWorkDailyByDatePage, same month, a page of 100',
      run: () =>
        call('/api/admin/work/daily/listWorkDailyByDatePage.htm', {
          method: 'POST',
          headers: auth,
          body: JSON.stringify({ pageResult: { currentPage: 1, pageSize: 100 }, condition: { workDate: '2025-01-01', workDate2: '2025-01-31' } }),
        }),
    },
    {
      name: 'GraphQL scheduleEntries(first: 100), same rows',
      run: () =>
        gql(
          adminToken,
          '{ scheduleEntries(first: 100, filter: { from: "2025-01-01", to: "2025-01-31" }) { totalCount totalHours edges { node { databaseId workDate workHours beginAt endAt employee { name } project { name } } } } }',
        ),
    },
    {
      name: '  raw SQL: the same GROUP BY GROUPING SETS with names',
      run: () =>
        pool.query(
          `WITH g AS (
             SELECT GROUPING(s.employee_id) AS g_person, GROUPING(s.project_id) AS g_project, GROUPING(s.schedule_type) AS g_type,
                    s.employee_id, s.project_id, s.schedule_type, sum(s.work_hours)::text AS hours, count(*)::int AS entries,
                    count(DISTINCT s.employee_id::bigint * 100000 + (s.work_date - DATE '2000-01-01'))::int AS days
               FROM schedule_entries s WHERE s.work_date BETWEEN $1::date AND $2::date
              GROUP BY GROUPING SETS ((s.employee_id), (s.project_id), (s.schedule_type), ()))
           SELECT g.*, u.name, u.name_en, p.name, p.name_en FROM g
             LEFT JOIN users u ON g.g_person = 0 AND u.id = g.employee_id
             LEFT JOIN projects p ON g.g_project = 0 AND p.id = g.project_id
            ORDER BY g.hours::numeric DESC NULLS LAST`,
          ['2025-01-01', '2025-01-31'],
        ),
    },
  ];
};
export default cases;
