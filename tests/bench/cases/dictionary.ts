import type { BenchCaseFile } from '../env.ts';

/** The dictionary module's hot path: the choices of several dictionaries at once. */
const cases: BenchCaseFile = async ({ call, adminToken }) => {
  const auth = { 'content-type': 'application/json', 'x-token': adminToken };
  return [{ name: 'REST sys/dict/item/listWithCodes (3 codes)', run: () => call('/api/admin/sys/dict/item/listWithCodes.htm?codes=country,grade,exam_type', { method: 'GET', headers: auth }) }];
};
export default cases;
