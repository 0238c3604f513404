import pg from 'pg';
import type { BenchCaseFile } from '../env.ts';

/**
 * Hot paths of the archives area (issue 6): the archive list as an administrator, a
 * consultant and a manager (whose visibility follows the department tree in SQL), the legacy
 * list, and one archive's detail with every section (each section read once, sensitive
 * reads logged).
 */
const LIST = `query ArchiveListBench($n: Int!) {
  archives(first: $n) { totalCount edges { node {
    id databaseId name userName grade year status locked applyingStatus applicationType createdAt
    consultant { id name } actingConsultant { id name } salesperson { id name }
  } } }
}`;

const DETAIL = `query ArchiveDetailBench($id: ID!) {
  node(id: $id) { ... on Archive {
    id name status permissions { code read edit }
    bio { surName name surNamePy namePy enName sex birthday passport phone email homeAddress }
    educations { id school beginDate endDate files { id } }
    family { homeLanguage } familyMembers { id kind name relation phone email }
    awards { id performName score files { id } } rewardProjects { id name }
    vericant { id total } toeflJunior { id total } toefl { id total } ssat { id total } variousExams { id total }
    applicationAccounts { id account password } cards { id last4 } recommenders { id type name }
    multimedia { id title } relatives { id name } essays { id status } survey { interests }
    applyInformation { id entryYear } others { id title } writings { id title }
  } }
}`;

/** The list's rows and people read by hand (newest first, with the total): one statement. */
const RAW = `SELECT a.id, a.name, a.user_name, a.grade, a.year, a.status, a.locked, a.applying_status, a.created_at,
    CASE WHEN c.id IS NULL THEN NULL ELSE json_build_object('id', c.id, 'name', c.name) END AS consultant,
    CASE WHEN ac.id IS NULL THEN NULL ELSE json_build_object('id', ac.id, 'name', ac.name) END AS acting_consultant,
    CASE WHEN s.id IS NULL THEN NULL ELSE json_build_object('id', s.id, 'name', s.name) END AS salesperson,
    count(*) OVER () AS total
  FROM archives a
  LEFT JOIN users c ON c.id = a.consultant_id LEFT JOIN users ac ON ac.id = a.acting_consultant_id LEFT JOIN users s ON s.id = a.sales_id
  WHERE a.deleted_at IS NULL ORDER BY a.id DESC LIMIT $1`;

const cases: BenchCaseFile = async ({ gql, call, adminToken, login, db, url, onClose }) => {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  onClose(() => pool.end());
  const raw = async (n: number) => (await pool.query(RAW, [n])).rows;
  const consultant = await login('consultant', 'Staff#2026');
  const manager = await login('manager', 'Staff#2026');
  const archive = await db.archive.findFirstOrThrow({ where: { deletedAt: null }, orderBy: { id: 'asc' }, select: { id: true } });
  const id = Buffer.from(`Archive:${archive.id}`).toString('base64');
  const legacy = (token: string) => () =>
    call('/api/admin/archive/listByPage.htm', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-token': token },
      body: JSON.stringify({ pageResult: { currentPage: 1, pageSize: 20 }, condition: { status: 2 } }),
    });
  return [
    { name: 'GraphQL archives(first: 20) as admin', vs: 'raw SQL, 20 archives with their people', run: () => gql(adminToken, LIST, { n: 20 }) },
    { name: 'raw SQL, 20 archives with their people', run: () => raw(20) },
    { name: 'GraphQL archives(first: 20) as consultant', run: () => gql(consultant, LIST, { n: 20 }) },
    { name: 'GraphQL archives(first: 20) as manager (department tree)', vs: 'GraphQL archives(first: 20) as admin', run: () => gql(manager, LIST, { n: 20 }) },
    { name: 'GraphQL archives(first: 200) as admin', iterations: 100, vs: 'raw SQL, 200 archives with their people', run: () => gql(adminToken, LIST, { n: 200 }) },
    { name: 'raw SQL, 200 archives with their people', iterations: 100, run: () => raw(200) },
    { name: 'REST archive/listByPage (20, published) as admin', run: legacy(adminToken) },
    { name: 'GraphQL archive detail, every section', iterations: 100, run: () => gql(adminToken, DETAIL, { id }) },
    { name: 'REST archive/getArchiveAndStudentDetail', iterations: 100, run: () => call(`/api/admin/archive/getArchiveAndStudentDetail.htm?id=${archive.id}`, { headers: { 'x-token': adminToken } }) },
  ];
};

export default cases;
