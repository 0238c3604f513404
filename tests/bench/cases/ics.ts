import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import { buildFeed, feedWindow } from '../../../server/modules/ics/feed.ts';
import { eventsForFeed } from '../../../server/modules/schedule/index.ts';
import type { BenchCaseFile } from '../env.ts';

/**
 * Bench cases of the ics module. The setup writes its own data with set-based SQL, so
 * `npm run bench -- --only ics` works alone: a busy staff member `bench.ics` with 2,000 events
 * in the feed's window (past 30 days, next year): 20 weekly series of 52 occurrences (rows
 * follow docs/schedule.md's invariants, one occurrence deleted and one moved per series) and
 * 980 single events, and an open subscription; measured: the public feed `/ics/<token>.ics`,
 * beside the writer alone on the same rows and the raw SQL that reads them.
 */
const cases: BenchCaseFile = async ({ db, url, call, onClose }) => {
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
    data: { userId: busy.id, state: 1, tokenHash: createHash('sha256').update(token).digest('hex'), tokenCreatedAt: new Date(), openedAt: new Date() },
  });

  const pool = new pg.Pool({ connectionString: url, max: 2 });
  onClose(() => pool.end());
  const from = () => new Date(Date.now() - 30 * 86_400_000);
  const to = () => new Date(Date.now() + 365 * 86_400_000);
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
  ];
};
export default cases;
