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

const cases: BenchCaseFile = async ({ gql, call, adminToken, login, db }) => {
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
    { name: 'GraphQL archives(first: 20) as admin', run: () => gql(adminToken, LIST, { n: 20 }) },
    { name: 'GraphQL archives(first: 20) as consultant', run: () => gql(consultant, LIST, { n: 20 }) },
    { name: 'GraphQL archives(first: 20) as manager (department tree)', run: () => gql(manager, LIST, { n: 20 }) },
    { name: 'GraphQL archives(first: 200) as admin', iterations: 100, run: () => gql(adminToken, LIST, { n: 200 }) },
    { name: 'REST archive/listByPage (20, published) as admin', run: legacy(adminToken) },
    { name: 'GraphQL archive detail, every section', iterations: 100, run: () => gql(adminToken, DETAIL, { id }) },
    { name: 'REST archive/getArchiveAndStudentDetail', iterations: 100, run: () => call(`/api/admin/archive/getArchiveAndStudentDetail.htm?id=${archive.id}`, { headers: { 'x-token': adminToken } }) },
  ];
};

export default cases;
