import type { BenchCaseFile } from '../env.ts';

/** The departments module's hot path: the department tree. */
const cases: BenchCaseFile = async ({ call, adminToken }) => {
  const auth = { 'content-type': 'application/json', 'x-token': adminToken };
  const post = (path: string, body: unknown) => () => call(path, { method: 'POST', headers: auth, body: JSON.stringify(body) });
  return [{ name: 'REST listDepart (tree)', run: post('/api/admin/depart/listDepart.htm', {}) }];
};
export default cases;
