import type { BenchCaseFile } from '../env.ts';

/** The users module's hot paths: person lists (online first), through both doors. */
const cases: BenchCaseFile = async ({ call, gql, adminToken }) => {
  const auth = { 'content-type': 'application/json', 'x-token': adminToken };
  const post = (path: string, body: unknown) => () => call(path, { method: 'POST', headers: auth, body: JSON.stringify(body) });
  return [
    {
      name: 'GraphQL users(first: 20) + department, roles',
      run: () => gql(adminToken, '{ users(first: 20) { edges { node { id name department { name } roles { code } } } } }'),
    },
    { name: 'REST listUserByPage (staff, online first)', run: post('/api/admin/user/listUserByPage.htm', { pageResult: { currentPage: 1, pageSize: 20 }, condition: { type: 1 } }) },
    { name: 'REST listUserStudentByPage', run: post('/api/admin/user/listUserStudentByPage.htm', { pageResult: { currentPage: 2, pageSize: 20 } }) },
    {
      name: 'GraphQL people(first: 20) + department, roles',
      run: () => gql(adminToken, '{ people(first: 20, filter: { type: STAFF }) { totalCount edges { node { id name isOnline department { name } roles { code } } } } }'),
    },
  ];
};
export default cases;
