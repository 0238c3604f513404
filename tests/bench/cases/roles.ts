import type { BenchCaseFile } from '../env.ts';

/** The roles module's hot path: every role. */
const cases: BenchCaseFile = async ({ call, adminToken }) => {
  const auth = { 'content-type': 'application/json', 'x-token': adminToken };
  const post = (path: string, body: unknown) => () => call(path, { method: 'POST', headers: auth, body: JSON.stringify(body) });
  return [{ name: 'REST listRoleAll', run: post('/api/admin/auth/role/listRoleAll.htm', {}) }];
};
export default cases;
