import pg from 'pg';
import type { BenchCaseFile } from '../env.ts';

/**
 * Bench cases of the workdaily module. The setup writes its own data with set-based SQL, so
 * `npm run bench -- --only workdaily` works alone: 200 staff (the first by id, topped up when
 * the seed has fewer) with two schedule entries per weekday of January 2025; measured: hours
 * per person, project and type for the month (REST getWorkDailyStatistic, GraphQL
 * workStatistics), beside the raw GROUP BY, and the first 100 entries of the month on both
 * doors (listWorkDailyByDatePage, scheduleEntries). The ICS feed's cases are in ics.ts.
 */
const STAFF = 200;

const cases: BenchCaseFile = async ({ db, url, call, gql, adminToken, onClose }) => {
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
  const auth = { 'content-type': 'application/json', 'x-token': adminToken };
  return [
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
