import type { BenchCaseFile } from '../env.ts';

/** Hot paths of the content area: the project list the old client loads whole, the letter box and its badge, dictionary choices. */
const cases: BenchCaseFile = async ({ call, gql, adminToken }) => {
  const auth = { 'content-type': 'application/json', 'x-token': adminToken };
  const post = (path: string, body: unknown) => () => call(path, { method: 'POST', headers: auth, body: JSON.stringify(body) });
  return [
    {
      name: 'REST project/list (pageSize 8388607, not 4,5)',
      run: post('/api/admin/project/list.htm', { pageResult: { currentPage: 1, pageSize: 8388607 }, condition: { notInProjectStateStr: '4,5' } }),
    },
    {
      name: 'GraphQL projects(first: 20) + manager, members',
      run: () => gql(adminToken, '{ projects(first: 20, excludeStates: [FINISHED, CANCELLED]) { totalCount edges { node { id name state isFocused manager { name } members(first: 5) { totalCount edges { node { duty } } } } } } }'),
    },
    {
      name: 'REST sns/letter/listMyLetterByPage (unread, 20)',
      run: post('/api/admin/sns/letter/listMyLetterByPage.htm', { pageResult: { currentPage: 1, pageSize: 20 }, condition: { readState: 0 } }),
    },
    { name: 'GraphQL unreadLetterCount', run: () => gql(adminToken, '{ unreadLetterCount }') },
    { name: 'REST sys/dict/item/listWithCodes (3 codes)', run: () => call('/api/admin/sys/dict/item/listWithCodes.htm?codes=country,grade,exam_type', { method: 'GET', headers: auth }) },
  ];
};
export default cases;
