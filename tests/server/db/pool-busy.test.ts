/**
 * The request pool sized and queued on purpose (docs/operations.md, "The pool"): a request that
 * waits longer than DB_POOL_WAIT_MS for a connection is answered 503 with Retry-After and a
 * translated message, on both doors, instead of queueing for ever or failing with a 500.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appOn, DEMO, gql, loginRest, rest, testDatabase, type TestApp } from '../../helpers/app.ts';
import { createDb } from '../../../server/db/client.ts';
import pg from 'pg';
import { inject } from 'vitest';

let t: TestApp;
let token: string;
let cachedToken: string;

beforeAll(async () => {
  const database = testDatabase('pool');
  const admin = new pg.Client({ connectionString: database.adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${admin.escapeIdentifier(database.name)} TEMPLATE ${admin.escapeIdentifier(inject('templateDatabase'))}`).finally(() => admin.end());
  // A pool of one connection; a request waits at most 1.5 s for it. Sessions are cached for a
  // minute so that a second request of a signed-in caller needs the pool only for its query.
  // Sign-ins go through an app with an ordinary pool on the same database (a sign-in's write
  // and its reads need more than one connection at once).
  const signIn = appOn(database);
  token = await loginRest(signIn, DEMO.admin);
  cachedToken = await loginRest(signIn, DEMO.manager);
  await signIn.db.$disconnect();
  t = appOn(database, { sessionCacheSeconds: 60 }, createDb(database.url, { max: 1, waitMs: 1500 }));
  expect((await rest(t, '/api/admin/sns/notice/listSnsNoticeByPage.htm', { token: cachedToken, json: { pageNum: 1, pageSize: 5 } })).status).toBe(200);
});
afterAll(async () => {
  await t?.close();
});

/** Holds the pool's only connection (a long transaction) while `fn` runs. */
async function whileHeld<T>(fn: () => Promise<T>): Promise<T> {
  let release!: () => void;
  let holding!: () => void;
  const held = new Promise<void>((r) => (holding = r));
  const tx = t.db.$transaction(
    async (q) => {
      await q.$queryRaw`SELECT 1`;
      holding();
      await new Promise<void>((r) => (release = r));
    },
    { timeout: 20_000, maxWait: 5_000 },
  );
  await held;
  try {
    return await fn();
  } finally {
    release();
    await tx;
  }
}

describe('a request that would wait too long for a connection', () => {
  it('is answered 503 with Retry-After on the legacy door, in the caller language', async () => {
    const [zh, en] = await whileHeld(() =>
      Promise.all([
        rest(t, '/api/admin/sns/notice/listSnsNoticeByPage.htm', { token: cachedToken, json: { pageNum: 1, pageSize: 5 } }),
        rest(t, '/api/admin/sns/notice/listSnsNoticeByPage.htm', { json: { pageNum: 1, pageSize: 5 }, token, headers: { cookie: 'lang=en' } }),
      ]),
    );
    expect(zh.status).toBe(503);
    expect(zh.response.headers.get('retry-after')).toBe('2');
    expect(zh.body).toMatchObject({ status: 'error', message: '服务繁忙，请稍后再试', data: null });
    expect(en.status).toBe(503);
    expect(en.body.message).toBe('The server is busy; please try again in a moment');
  });

  it('is answered 503 with Retry-After on GraphQL, whether the session or the query waited', async () => {
    const query = '{ notices(first: 3) { totalCount } }';
    const [cached, fresh] = await whileHeld(async () => {
      const call = (tk: string) =>
        t.app.fetch(new Request('http://test.local/graphql', { method: 'POST', headers: { 'content-type': 'application/json', 'x-token': tk, 'x-forwarded-for': '127.0.0.1' }, body: JSON.stringify({ query }) }));
      return Promise.all([call(cachedToken), call(token)]);
    });
    for (const res of [cached, fresh]) {
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('2');
      const body = (await res.json()) as { errors: Array<{ message: string; extensions: { code: string } }> };
      expect(body.errors[0]).toMatchObject({ message: '服务繁忙，请稍后再试', extensions: { code: 'SERVICE_BUSY' } });
      expect(JSON.stringify(body)).not.toMatch(/timeout exceeded|pg|stack/i);
    }
  });

  it('answers normally again once the connection is free', async () => {
    const res = await gql<{ notices: { totalCount: number } }>(t, '{ notices(first: 3) { totalCount } }', {}, { token: cachedToken });
    expect(res.status).toBe(200);
    expect(res.body.data!.notices.totalCount).toBeGreaterThanOrEqual(0);
  });
});
