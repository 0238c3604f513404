import { createSchema, createYoga } from 'graphql-yoga';
import { createApp } from '../../../server/app.ts';
import type { BenchCaseFile } from '../env.ts';

const BARE = 'bare graphql-yoga { hello } (same yoga, no plugins, no database)';
const ANONYMOUS = 'GraphQL { __typename } anonymous';

/**
 * The auth module's hot paths: the request path itself (this server against a bare yoga of the
 * same version, anonymous against authenticated, the session cache on against off), the viewer
 * with its menu, the legacy menu, login (argon2id).
 */
const cases: BenchCaseFile = async ({ call, gql, adminToken, db, config }) => {
  const auth = { 'content-type': 'application/json', 'x-token': adminToken };
  const bare = createYoga({ schema: createSchema({ typeDefs: 'type Query { hello: String }', resolvers: { Query: { hello: () => 'world' } } }), logging: false });
  const post =
    (fetch: (r: Request) => Response | Promise<Response>, query: string, headers: Record<string, string> = {}) =>
    async () => {
      const body = JSON.stringify({ query });
      const res = await fetch(new Request('http://bench.local/graphql', { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': String(body.length), ...headers }, body }));
      return new Response(await res.arrayBuffer(), { status: res.status, headers: res.headers });
    };
  // The same server with the session cache off: every request reads its session (as before it).
  const uncached = createApp({ db, config: { ...config, sessionCacheSeconds: 0 } });
  return [
    { name: BARE, run: post((r) => bare.fetch(r), '{ hello }') },
    { name: ANONYMOUS, vs: BARE, run: () => call('/graphql', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: '{ __typename }' }) }) },
    { name: 'GraphQL { __typename } with a token (session cache)', vs: ANONYMOUS, run: () => gql(adminToken, '{ __typename }') },
    { name: 'GraphQL { __typename } with a token, session cache off', vs: ANONYMOUS, run: post((r) => uncached.fetch(r), '{ __typename }', { 'x-token': adminToken }) },
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
