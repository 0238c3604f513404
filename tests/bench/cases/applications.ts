import pg from 'pg';
import type { BenchCaseFile } from '../env.ts';

/**
 * The overall-progress view (issue 7): 500 students × 8 applications, created in the setup
 * with set-based SQL (apply year 2099, so the filter selects exactly them), read through
 * GraphQL `overallProgress` and the legacy `overall/progress/listVoByPage`, beside one raw SQL
 * statement that reads the same rows and fields. SQL/request counts every statement the app
 * made, authentication included: GraphQL 6 (authentication, the page's ids and the count in
 * parallel, then the students with their applications as JSON beside the page's schools and
 * consultants), REST 4 (no schools or consultants rows). docs/schools.md, "Performance".
 */
const YEAR = 2099;
const STUDENTS = 500;
const PER_STUDENT = 8;

const VIEW = `query OverallBench($n: Int!, $year: Int!) {
  overallProgress(first: $n, filter: { year: $year }) { totalCount edges { node {
    archiveId name grade year progress consultant { name }
    applications { databaseId state interview inquiry submitResult deadline orderNum locked progress school { name chineseName } }
  } } }
}`;

/** The same rows and fields by hand: one statement, JSON built by PostgreSQL. */
const RAW = `
SELECT a.id, a.name, a.grade, a.year, u.name AS consultant,
  (SELECT json_agg(json_build_object('id', p.id, 'state', p.state, 'interview', p.interview, 'inquiry', p.inquiry, 'submitResult', p.submit_result,
      'deadline', p.deadline, 'orderNum', p.order_num, 'locked', p.locked, 'school', json_build_object('name', s.name, 'chineseName', s.chinese_name),
      'studentDocState', p.student_doc_state, 'parentDocState', p.parent_doc_state, 'recommendDocState', p.recommend_doc_state) ORDER BY p.order_num, p.id)
     FROM applications p JOIN schools s ON s.id = p.school_id WHERE p.archive_id = a.id) AS applications
FROM archives a LEFT JOIN users u ON u.id = a.consultant_id
WHERE a.deleted_at IS NULL AND a.year = $1 AND EXISTS (SELECT 1 FROM applications p WHERE p.archive_id = a.id)
ORDER BY a.id DESC
LIMIT $2`;

const cases: BenchCaseFile = async ({ gql, call, adminToken, login, url }) => {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  // The runner stops the database with this pool's clients still idle (a case file has no
  // teardown): their termination at shutdown is expected, not a failure.
  pool.on('error', () => {});
  const {
    rows: [consultant],
  } = await pool.query<{ id: number }>(`SELECT id FROM users WHERE account = 'consultant'`);
  await pool.query(
    `WITH s AS (
       INSERT INTO users (type, name, updated_at) SELECT 3, 'Bench student ' || g, now() FROM generate_series(1, $1::int) g RETURNING id, name
     )
     INSERT INTO archives (student_id, name, consultant_id, grade, year, status, applying_status, sale, updated_at)
     SELECT id, name, $2::int, 8, $3::int, 2, 1, 1, now() FROM s`,
    [STUDENTS, consultant?.id, YEAR],
  );
  await pool.query(
    `INSERT INTO applications (archive_id, student_id, school_id, year, state, interview, inquiry, submit_result, student_doc_state, parent_doc_state,
                               recommend_doc_state, deadline, order_num, updated_at)
     SELECT a.id, a.student_id, sc.id, $1::int, 1 + (a.id + sc.rn) % 4, (a.id + sc.rn) % 5, (a.id + sc.rn) % 3, (a.id + sc.rn) % 2, (a.id * sc.rn) % 4,
            (a.id + 2 * sc.rn) % 4, (a.id + 3 * sc.rn) % 4, DATE '2027-01-15' + sc.rn::int, sc.rn, now()
     FROM archives a
     CROSS JOIN (SELECT id, row_number() OVER (ORDER BY id) AS rn FROM schools ORDER BY id LIMIT $2) sc
     WHERE a.year = $1`,
    [YEAR, PER_STUDENT],
  );
  const raw = async (n: number) => (await pool.query(RAW, [YEAR, n])).rows;
  const rows = await raw(STUDENTS);
  const apps = rows.reduce((s, r) => s + (r.applications as unknown[]).length, 0);
  if (rows.length !== STUDENTS || apps !== STUDENTS * PER_STUDENT) throw new Error(`schools bench: ${rows.length} students, ${apps} applications`);
  const consultantToken = await login('consultant', 'Staff#2026');
  const auth = { 'content-type': 'application/json', 'x-token': adminToken };
  return [
    { name: 'GraphQL overallProgress(first: 20) (20 students × 8 applications)', vs: 'raw SQL, same 20 students (one statement)', run: () => gql(adminToken, VIEW, { n: 20, year: YEAR }) },
    { name: 'raw SQL, same 20 students (one statement)', run: () => raw(20) },
    { name: 'GraphQL overallProgress(first: 500) (500 × 8 = 4000 applications)', iterations: 30, vs: 'raw SQL, same 500 students (one statement)', run: () => gql(adminToken, VIEW, { n: 500, year: YEAR }) },
    { name: 'raw SQL, same 500 students (one statement)', iterations: 30, run: () => raw(500) },
    { name: 'GraphQL overallProgress(first: 500) as the consultant (visibility filter)', iterations: 30, run: () => gql(consultantToken, VIEW, { n: 500, year: YEAR }) },
    // The overall screen's progressive loading (docs/schools-ui.md): its first small page, then pages of 200.
    { name: "GraphQL overallProgress(first: 40) as the consultant (the screen's first page)", run: () => gql(consultantToken, VIEW, { n: 40, year: YEAR }) },
    { name: 'GraphQL overallProgress(first: 200) as the consultant (a later page)', iterations: 30, run: () => gql(consultantToken, VIEW, { n: 200, year: YEAR }) },
    {
      name: 'REST overall/progress/listVoByPage (500 students)',
      iterations: 30,
      run: () => call('/api/admin/overall/progress/listVoByPage.htm', { method: 'POST', headers: auth, body: JSON.stringify({ pageResult: { currentPage: 1, pageSize: 500 }, condition: { year: YEAR } }) }),
    },
  ];
};
export default cases;
