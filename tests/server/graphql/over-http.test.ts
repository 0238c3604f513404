/**
 * What /graphql answers over HTTP (issue 33, findings 4 and 6): no suggestions in production,
 * a code on every request error, and the status codes docs/integrators.md gives.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, loginGql, type TestApp } from '../../helpers/app.ts';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginGql(t, DEMO.admin);
});

afterAll(async () => {
  await t?.close();
});

type Body = { data?: unknown; errors?: Array<{ message: string; extensions?: { code?: string } }> };

async function post(body: string | null, options: { accept?: string; token?: string } = {}): Promise<{ status: number; body: Body }> {
  const headers: Record<string, string> = { 'content-type': 'application/json', 'x-forwarded-for': '127.0.0.1', accept: options.accept ?? 'application/json' };
  if (options.token) headers['x-token'] = options.token;
  const res = await t.app.fetch(new Request('http://test.local/graphql', { method: 'POST', headers, body: body ?? undefined }));
  return { status: res.status, body: (await res.json()) as Body };
}

const q = (query: string, variables: Record<string, unknown> = {}) => JSON.stringify({ query, variables });

describe('suggestions', () => {
  it('names no enum value and no input field a caller did not send', async () => {
    const literal = await post(q('{ tasks(filter: { state: COMPLET }) { totalCount } }'), { token: admin });
    expect(literal.body.errors?.[0]?.message).toBeTruthy();
    expect(JSON.stringify(literal.body)).not.toMatch(/did you mean|COMPLETE/i);
    const variable = await post(q('query($f: TaskFilter) { tasks(filter: $f) { totalCount } }', { f: { stat: 'COMPLETE' } }), { token: admin });
    expect(variable.body.errors?.[0]?.message).toBeTruthy();
    expect(JSON.stringify(variable.body)).not.toMatch(/did you mean|"state"/i);
  });
});

describe('request errors', () => {
  it('gives a variable error a code', async () => {
    const res = await post(q('query($f: TaskFilter) { tasks(filter: $f) { totalCount } }', { f: { stat: 1 } }), { token: admin });
    expect(res.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });

  it('answers 400 to the document limits, as docs/integrators.md says', async () => {
    const aliases = Array.from({ length: 31 }, (_, i) => `a${i}: viewer { __typename }`).join(' ');
    const res = await post(q(`{ ${aliases} }`), { token: admin });
    expect(res.body.errors?.[0]?.extensions?.code).toBe('TOO_MANY_ALIASES');
    expect(res.status).toBe(400);
    const directives = await post(q(`{ viewer { ${'... @include(if: true) { __typename } '.repeat(51)} } }`), { token: admin });
    expect(directives.body.errors?.[0]?.extensions?.code).toBe('TOO_MANY_DIRECTIVES');
    expect(directives.status).toBe(400);
  });

  it('answers 400 to a body that is not JSON and to a POST without a body', async () => {
    const broken = await post('{"query": ', { token: admin });
    expect(broken.status).toBe(400);
    const empty = await post(null, { token: admin });
    expect(empty.status).toBe(400);
  });

  it('answers anonymous introspection with 401 when the caller accepts application/graphql-response+json', async () => {
    const res = await post(q('{ __schema { queryType { name } } }'), { accept: 'application/graphql-response+json' });
    expect(res.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect(res.body.data).toBeUndefined();
    expect(res.status).toBe(401);
  });
});
