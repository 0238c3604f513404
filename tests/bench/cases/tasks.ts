import pg from 'pg';
import type { BenchCaseFile } from '../env.ts';

/**
 * The task list's hot path (issue 3): `tasks(first: 20|200)` with assigner, executor,
 * project, the additions' count and newest three (issue 34: no longer every addition) and the
 * last log line, beside the same rows read by one raw SQL statement in the same run; the old
 * selection with every addition is kept as a case to compare with. The SQL/request column counts every statement the app made for
 * the request, including authentication (see the `GraphQL { __typename }` row for that part).
 */
const LIST = `query TaskListBench($n: Int!) {
  tasks(first: $n) { edges { node {
    id databaseId title state priority type progress createdAt
    assigner { id name } executor { id name } project { id name }
    additionCount recentAdditions(first: 3) { id content createdAt }
    lastLog { id logNote logTime }
  } } }
}`;

/** Additions given to each of the 200 newest tasks (below). */
const BENCH_ADDITIONS = 10;

/** The list as it was before issue 34: every addition of every task. */
const LIST_ALL = LIST.replace('additionCount recentAdditions(first: 3) { id content createdAt }', 'additions { id content createdAt }');

/** The same rows and fields, read by hand: one statement, JSON built by PostgreSQL. */
const RAW = `
SELECT t.id, t.title, t.state, t.priority, t.task_type, t.progress, t.created_at,
  json_build_object('id', a.id, 'name', a.name) AS assigner,
  CASE WHEN e.id IS NULL THEN NULL ELSE json_build_object('id', e.id, 'name', e.name) END AS executor,
  json_build_object('id', p.id, 'name', p.name) AS project,
  (SELECT count(*) FROM task_additions ad WHERE ad.task_id = t.id) AS addition_count,
  COALESCE((SELECT json_agg(json_build_object('id', r.id, 'content', r.content, 'createdAt', r.created_at) ORDER BY r.created_at DESC, r.id DESC)
            FROM (SELECT ad.id, ad.content, ad.created_at FROM task_additions ad WHERE ad.task_id = t.id ORDER BY ad.created_at DESC, ad.id DESC LIMIT 3) r), '[]'::json) AS recent_additions,
  (SELECT json_build_object('id', l.id, 'logNote', l.log_note, 'logTime', l.log_time)
     FROM task_logs l WHERE l.task_id = t.id ORDER BY l.log_time DESC, l.id DESC LIMIT 1) AS last_log
FROM work_tasks t
JOIN users a ON a.id = t.assigner_id
LEFT JOIN users e ON e.id = t.executor_id
JOIN projects p ON p.id = t.project_id
ORDER BY t.id DESC
LIMIT $1`;

const cases: BenchCaseFile = async ({ gql, call, adminToken, login, url, db, onClose }) => {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  onClose(() => pool.end());
  const consultant = await login('consultant', 'Staff#2026');
  const auth = { 'content-type': 'application/json', 'x-token': adminToken };
  const raw = async (n: number) => (await pool.query(RAW, [n])).rows;
  // The same selection through Prisma alone (no GraphQL), to show where the time goes.
  const prisma = (n: number) =>
    db.workTask.findMany({
      take: n,
      orderBy: { id: 'desc' },
      select: {
        id: true,
        title: true,
        state: true,
        priority: true,
        taskType: true,
        progress: true,
        createdAt: true,
        assignerId: true,
        assigner: { select: { id: true, name: true } },
        executor: { select: { id: true, name: true } },
        project: { select: { id: true, name: true } },
        additions: { select: { id: true, content: true, createdAt: true }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take: 3 },
        _count: { select: { additions: true } },
        logs: { select: { id: true, logNote: true, logTime: true }, orderBy: [{ logTime: 'desc' }, { id: 'desc' }], take: 1 },
      },
    });
  // A task's additions accumulate over its life: give each of the 200 newest tasks ten, so the
  // list with every addition and the list with the newest three differ as they do in use.
  await pool.query(`INSERT INTO task_additions (task_id, user_id, content, created_at)
    SELECT t.id, t.assigner_id, '<p>bench addition ' || i || '</p>', t.created_at + make_interval(hours => i)
      FROM (SELECT id, assigner_id, created_at FROM work_tasks ORDER BY id DESC LIMIT 200) t CROSS JOIN generate_series(1, ${BENCH_ADDITIONS}) AS i
     WHERE NOT EXISTS (SELECT 1 FROM task_additions WHERE content LIKE '<p>bench addition %')`);
  const rows = await raw(200);
  if (rows.length < 200) throw new Error(`tasks bench: only ${rows.length} tasks seeded; run at --scale 10`);
  return [
    { name: 'GraphQL { __typename } (authentication only)', run: () => gql(adminToken, '{ __typename }') },
    { name: 'GraphQL tasks(first: 20) + assigner, executor, project, additions (count, newest 3), lastLog', vs: 'raw SQL, same 20 rows (one statement)', run: () => gql(adminToken, LIST, { n: 20 }) },
    { name: 'raw SQL, same 20 rows (one statement)', run: () => raw(20) },
    { name: 'GraphQL tasks(first: 200) + assigner, executor, project, additions (count, newest 3), lastLog', iterations: 100, vs: 'raw SQL, same 200 rows (one statement)', run: () => gql(adminToken, LIST, { n: 200 }) },
    {
      name: 'GraphQL tasks(first: 200) with every addition (before issue 34)',
      iterations: 100,
      vs: 'GraphQL tasks(first: 200) + assigner, executor, project, additions (count, newest 3), lastLog',
      run: () => gql(adminToken, LIST_ALL, { n: 200 }),
    },
    { name: 'raw SQL, same 200 rows (one statement)', iterations: 100, run: () => raw(200) },
    { name: 'Prisma findMany, same 200 rows (no GraphQL)', iterations: 100, run: () => prisma(200) },
    { name: 'GraphQL tasks(first: 20) as a consultant (visibility filter)', run: () => gql(consultant, LIST, { n: 20 }) },
    {
      name: 'REST work/task/list/page (20)',
      run: () => call('/api/admin/work/task/list/page.htm', { method: 'POST', headers: auth, body: JSON.stringify({ pageResult: { currentPage: 1, pageSize: 20 }, condition: {} }) }),
    },
    {
      name: 'REST work/task/detail',
      run: () => call('/api/admin/work/task/detail.htm', { method: 'POST', headers: auth, body: JSON.stringify({ id: 1 }) }),
    },
  ];
};
export default cases;
