/**
 * graphql-http's own conformance audit (`serverAudits`, the GraphQL-over-HTTP spec) run
 * against the server's fetch handler, anonymously and with a token. Every MUST passes; every
 * SHOULD passes or is one of the departures listed in docs/integrators.md ("Conformance"), and
 * that list is exact: a new failure or a fixed departure fails this test.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverAudits, type AuditResult } from 'graphql-http';
import { createTestApp, DEMO, gql, loginGql, type TestApp } from '../../helpers/app.ts';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await loginGql(t, DEMO.consultant);
});
afterAll(() => t.close());

type Caller = 'anonymous' | 'token';

async function audit(caller: Caller): Promise<AuditResult[]> {
  const fetchFn = (input: RequestInfo | URL, init?: RequestInit) => {
    const req = new Request(input, init);
    req.headers.set('x-forwarded-for', '127.0.0.1');
    if (caller === 'token') req.headers.set('x-token', token);
    return t.app.fetch(req);
  };
  const results: AuditResult[] = [];
  for (const a of serverAudits({ url: 'http://test.local/graphql', fetchFn })) results.push(await a.fn());
  return results;
}

/** The departures table of docs/integrators.md: `id | caller | check | reason` rows. */
function documentedDepartures(caller: Caller): string[] {
  const doc = readFileSync(new URL('../../../docs/integrators.md', import.meta.url), 'utf8');
  const block = /<!-- http-audit:departures -->([\s\S]*?)<!-- \/http-audit:departures -->/.exec(doc);
  if (!block) throw new Error('docs/integrators.md has no http-audit:departures block');
  return (block[1] ?? '')
    .split('\n')
    .map((line) => line.split('|').map((cell) => cell.trim()))
    .filter((cells) => cells.length > 3 && /^[0-9A-F]{4}$/.test(cells[1] ?? '') && (cells[2] === caller || cells[2] === 'both'))
    .map((cells) => cells[1] ?? '')
    .sort();
}

describe.each<Caller>(['anonymous', 'token'])('graphql-http serverAudits, %s', (caller) => {
  it('passes every MUST, and every SHOULD but the departures docs/integrators.md lists', async () => {
    const results = await audit(caller);
    expect(results.length).toBeGreaterThanOrEqual(61);
    const failedMust = results.filter((r) => r.name.startsWith('MUST') && r.status !== 'ok').map((r) => `${r.id} ${r.name}: ${'reason' in r ? r.reason : ''}`);
    expect(failedMust).toEqual([]);
    const failedShould = results
      .filter((r) => r.name.startsWith('SHOULD') && r.status !== 'ok')
      .map((r) => r.id)
      .sort();
    expect(failedShould).toEqual(documentedDepartures(caller));
  });
});

describe('anonymous introspection', () => {
  it('answers __type(name:) with null for a real type, so nothing of the schema is told', async () => {
    const res = await gql(t, 'query($n: String!) { a: __type(name: $n) { name fields { name } } __typename }', { n: 'Archive' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { a: null, __typename: 'Query' } });
  });

  it('refuses __schema, and __type beside another field', async () => {
    for (const query of ['{ __schema { types { name } } }', '{ __type(name: "Archive") { name } viewer { __typename } }']) {
      const res = await gql(t, query);
      expect(res.body.data ?? null).toBeNull();
      expect(res.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    }
  });

  it('answers __type with a token', async () => {
    const res = await gql<{ __type: { name: string } | null }>(t, '{ __type(name: "Archive") { name } }', {}, { token });
    expect(res.body.data?.__type?.name).toBe('Archive');
  });
});
