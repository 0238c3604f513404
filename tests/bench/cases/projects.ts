import type { BenchCaseFile } from '../env.ts';

/** The projects module's hot paths: the project list the old client loads whole, and its GraphQL page. */
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
      run: () =>
        gql(
          adminToken,
          '{ projects(first: 20, excludeStates: [FINISHED, CANCELLED]) { totalCount edges { node { id name state isFocused manager { name } members(first: 5) { totalCount edges { node { duty } } } } } } }',
        ),
    },
  ];
};
export default cases;
