import type { BenchCaseFile } from '../env.ts';

/** The letters module's hot paths: the letter box and its badge. */
const cases: BenchCaseFile = async ({ call, gql, adminToken }) => {
  const auth = { 'content-type': 'application/json', 'x-token': adminToken };
  const post = (path: string, body: unknown) => () => call(path, { method: 'POST', headers: auth, body: JSON.stringify(body) });
  return [
    {
      name: 'REST sns/letter/listMyLetterByPage (unread, 20)',
      run: post('/api/admin/sns/letter/listMyLetterByPage.htm', { pageResult: { currentPage: 1, pageSize: 20 }, condition: { readState: 0 } }),
    },
    { name: 'GraphQL unreadLetterCount', run: () => gql(adminToken, '{ unreadLetterCount }') },
  ];
};
export default cases;
