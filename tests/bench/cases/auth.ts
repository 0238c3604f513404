import type { BenchCaseFile } from '../env.ts';

/** The auth module's hot paths: the viewer with its menu, the legacy menu, login (argon2id). */
const cases: BenchCaseFile = async ({ call, gql, adminToken }) => {
  const auth = { 'content-type': 'application/json', 'x-token': adminToken };
  return [
    {
      name: 'GraphQL viewer + menu(PC)',
      run: () => gql(adminToken, '{ viewer { databaseId roles { code } timeZone { name } menu { key title children { key title path } } } }'),
    },
    {
      name: 'REST listRightByRoleId (PC)',
      run: () => call('/api/admin/auth/right/listRightByRoleId.htm', { method: 'POST', headers: auth, body: JSON.stringify({ showType: 'PC' }) }),
    },
    {
      name: 'REST doLogin (argon2id verify)',
      iterations: 40,
      run: () =>
        call('/api/token/admin/doLogin.htm', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.1.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` },
          body: JSON.stringify({ account: 'manager', password: 'Staff#2026' }),
        }),
    },
  ];
};
export default cases;
