/**
 * Persisted operations (server/graphql/yoga.ts): the browser client sends relay-compiler's ids;
 * browsers may not send documents in production; integrators (non-browser callers) may.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, loginGql, type TestApp } from '../../helpers/app.ts';
import { PERSISTED_QUERIES_FILE } from '../../../server/graphql/yoga.ts';

type Answer = { status: number; body: { data?: Record<string, unknown> | null; errors?: Array<{ message: string; extensions?: { code?: string } }> } };

async function post(t: TestApp, body: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  const res = await t.app.fetch(
    new Request('http://test.local/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '127.0.0.1', ...headers },
      body: JSON.stringify(body),
    }),
  );
  return { status: res.status, body: (await res.json()) as Answer['body'] };
}

/** The id relay-compiler gave an operation, from the map the server loads. */
function idOf(operationName: string): string {
  const map = JSON.parse(readFileSync(PERSISTED_QUERIES_FILE, 'utf8')) as Record<string, string>;
  const entry = Object.entries(map).find(([, text]) => new RegExp(`^(query|mutation) ${operationName}\\b`).test(text));
  if (!entry) throw new Error(`${operationName} is not in ${PERSISTED_QUERIES_FILE}`);
  return entry[0];
}

const BROWSER = { origin: 'http://test.local', 'sec-fetch-mode': 'cors', 'sec-fetch-site': 'same-origin' };

let production: TestApp;
let development: TestApp;
beforeAll(async () => {
  production = await createTestApp({ development: false });
  development = await createTestApp({ development: true });
});
afterAll(async () => {
  await production?.close();
  await development?.close();
});

describe('persisted operations', () => {
  it('runs a known id for a browser, without a token', async () => {
    const res = await post(production, { documentId: idOf('LoginPageKeyQuery'), operationName: 'LoginPageKeyQuery', variables: {} }, BROWSER);
    expect(res.status).toBe(200);
    expect(res.body.data?.loginPublicKey).toMatch(/^MII/);
  });

  it('runs a known id with the session token (the layout query: menu of the viewer)', async () => {
    const token = await loginGql(production, DEMO.admin);
    const res = await post(production, { documentId: idOf('LayoutQuery'), variables: {} }, { ...BROWSER, 'x-token': token });
    expect(res.body.errors).toBeUndefined();
    const viewer = res.body.data?.viewer as { menu: Array<{ key: string }> };
    expect(viewer.menu.map((m) => m.key)).toContain('working');
  });

  it('refuses an unknown id, in the caller’s language', async () => {
    const res = await post(production, { documentId: 'f'.repeat(32) }, { ...BROWSER, cookie: 'lang=en' });
    expect(res.status).toBe(400);
    expect(res.body.errors?.[0]?.extensions?.code).toBe('PERSISTED_QUERY_NOT_FOUND');
    expect(res.body.errors?.[0]?.message).toBe('Unknown operation; please refresh the page');
    const zh = await post(production, { documentId: 42 });
    expect(zh.body.errors?.[0]?.message).toBe('查询未登记，请刷新页面');
  });

  it('refuses an id sent together with a document', async () => {
    const res = await post(production, { documentId: idOf('LoginPageKeyQuery'), query: '{ viewer { databaseId } }' });
    expect(res.status).toBe(400);
    expect(res.body.errors?.[0]?.extensions?.code).toBe('PERSISTED_QUERY_NOT_FOUND');
  });

  it('refuses documents from a browser in production, even with a token', async () => {
    const token = await loginGql(production, DEMO.admin);
    const browsers: Array<Record<string, string>> = [BROWSER, { origin: 'http://elsewhere.example' }, { 'sec-fetch-site': 'cross-site' }, { ...BROWSER, 'x-token': token }];
    for (const headers of browsers) {
      const res = await post(production, { query: '{ loginPublicKey }' }, headers);
      expect(res.status).toBe(400);
      expect(res.body.errors?.[0]?.extensions?.code).toBe('PERSISTED_QUERY_REQUIRED');
      expect(res.body.errors?.[0]?.message).toBe('浏览器只能发送已登记的查询');
      expect(res.body.data ?? null).toBeNull();
    }
  });

  it('accepts documents from integrators: token-authenticated, field rules unchanged', async () => {
    const token = await loginGql(production, DEMO.manager);
    const res = await post(production, { query: '{ viewer { user { account } } }' }, { 'x-token': token });
    expect(res.body.data?.viewer).toEqual({ user: { account: 'manager' } });
    // Node's own fetch() adds Sec-Fetch-Mode; it is still an integrator.
    const nodeFetch = await post(production, { query: '{ loginPublicKey }' }, { 'sec-fetch-mode': 'cors', 'user-agent': 'node' });
    expect(nodeFetch.body.data?.loginPublicKey).toMatch(/^MII/);
    const anonymous = await post(production, { query: '{ viewer { databaseId } }' });
    expect(anonymous.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('accepts documents from a browser in development, where GraphiQL sends them', async () => {
    const res = await post(development, { query: '{ loginPublicKey }' }, BROWSER);
    expect(res.status).toBe(200);
    expect(res.body.data?.loginPublicKey).toMatch(/^MII/);
  });
});
