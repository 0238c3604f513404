import type { BenchCaseFile } from '../env.ts';

/** Hot paths of the org area: person lists (online first), the department tree, roles. */
const cases: BenchCaseFile = async ({ call, gql, adminToken }) => {
  const auth = { 'content-type': 'application/json', 'x-token': adminToken };
  const post = (path: string, body: unknown) => () => call(path, { method: 'POST', headers: auth, body: JSON.stringify(body) });
  return [
    { name: 'REST listUserByPage (staff, online first)', run: post('/api/admin/user/listUserByPage.htm', { pageResult: { currentPage: 1, pageSize: 20 }, condition: { type: 1 } }) },
    { name: 'REST listUserStudentByPage', run: post('/api/admin/user/listUserStudentByPage.htm', { pageResult: { currentPage: 2, pageSize: 20 } }) },
    { name: 'REST listDepart (tree)', run: post('/api/admin/depart/listDepart.htm', {}) },
    { name: 'REST listRoleAll', run: post('/api/admin/auth/role/listRoleAll.htm', {}) },
    {
      name: 'GraphQL people(first: 20) + department, roles',
      run: () => gql(adminToken, '{ people(first: 20, filter: { type: STAFF }) { totalCount edges { node { id name isOnline department { name } roles { code } } } } }'),
    },
  ];
};
export default cases;
