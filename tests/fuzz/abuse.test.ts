/**
 * The abuse corpus (tests/fuzz/abuse.ts): depth, aliases, directives, tokens, batching, huge
 * variables, huge and slow bodies, on both doors. Each is refused with a clear error and no
 * internals; how fast is measured by `npm run bench` (tests/bench/cases/abuse.ts), not here.
 */
import { describe, expect, it } from 'vitest';
import { JSON_LIMITS, jsonTooComplex } from '../../server/lib/text.ts';
import { admin, t, useSuite } from '../helpers/suite.ts';
import { ABUSE } from './abuse.ts';
import { findLeak } from './runner.ts';

useSuite('admin');

describe('the abuse corpus is refused with a clear error', () => {
  it.each(ABUSE)('$name', async (c) => {
    const res = await t.app.fetch(c.request(admin));
    const text = await res.text();
    expect(res.status, text.slice(0, 300)).toBe(c.status);
    const body = JSON.parse(text) as { data?: unknown; errors?: Array<{ message: string; extensions?: { code?: string } }>; status?: string; message?: string };
    if (new URL(c.request(admin).url).pathname === '/graphql') {
      expect(body.data ?? null).toBeNull();
      expect(body.errors?.[0]?.message).toMatch(c.expect.message);
      if (c.expect.code) expect(body.errors?.[0]?.extensions?.code).toBe(c.expect.code);
    } else {
      expect(body).toEqual({ status: 'error', message: expect.stringMatching(c.expect.message), data: null });
    }
    expect(findLeak(text, ['access_tokens', 'operation_logs'])).toBeNull();
  });

  it('still answers the requests the client sends after the corpus', async () => {
    const res = await t.app.fetch(new Request('http://abuse.local/graphql', { method: 'POST', headers: { 'content-type': 'application/json', 'x-token': admin }, body: JSON.stringify({ query: '{ viewer { databaseId } }' }) }));
    expect(await res.json()).toMatchObject({ data: { viewer: { databaseId: expect.any(Number) } } });
  });
});

describe('a JSON body is measured before it is parsed', () => {
  const bytes = (s: string) => new TextEncoder().encode(s);
  it('counts keys and values outside strings only', () => {
    expect(jsonTooComplex(bytes(`{"text":"${':,'.repeat(JSON_LIMITS.maxValues + 10)}"}`))).toBe(false);
    expect(jsonTooComplex(bytes(`{"a":"\\":${','.repeat(10)}"}`))).toBe(false);
    expect(jsonTooComplex(bytes(`{${Array.from({ length: JSON_LIMITS.maxKeys + 1 }, (_, i) => `"k${i}":1`).join(',')}}`))).toBe(true);
    expect(jsonTooComplex(bytes(`[${'1,'.repeat(JSON_LIMITS.maxValues + 1)}1]`))).toBe(true);
  });

  it('takes a page of 1,000 rows of ten fields', () => {
    const rows = Array.from({ length: 1000 }, (_, i) => Object.fromEntries(Array.from({ length: 10 }, (_, f) => [`field${f}`, i])));
    expect(jsonTooComplex(bytes(JSON.stringify({ input: { rows } })))).toBe(false);
  });
});
