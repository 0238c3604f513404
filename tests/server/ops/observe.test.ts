import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { logger } from '../../../server/logger.ts';
import { createTestApp, DEMO, gql, loginRest, rest, type TestApp } from '../../helpers/app.ts';

let t: TestApp;
const METRICS_TOKEN = 'metrics-secret-7f3a9c';

beforeAll(async () => {
  t = await createTestApp({ metricsToken: METRICS_TOKEN });
});
afterAll(() => t.close());

/** The JSON lines the server logs while `fn` runs (info and up). */
async function logLines(fn: () => Promise<void>): Promise<Array<Record<string, unknown>>> {
  const lines: string[] = [];
  const spy = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
    lines.push(String(chunk));
    return true;
  });
  logger.setLevel('info');
  try {
    await fn();
  } finally {
    logger.setLevel('error');
    spy.mockRestore();
  }
  return lines.flatMap((l) => l.split('\n').filter(Boolean)).map((l) => JSON.parse(l) as Record<string, unknown>);
}

afterEach(() => logger.setLevel('error'));

describe('logs an operator can follow', () => {
  it('one JSON line per request with its id, door, operation, user, status and duration; the same id in the operation log', async () => {
    const token = await loginRest(t, DEMO.admin);
    const admin = await t.db.user.findFirstOrThrow({ where: { account: 'admin' } });
    const lines = await logLines(async () => {
      const res = await gql(t, 'mutation($input: SetLanguageInput!) { setLanguage(input: $input) { __typename } }', { input: { language: 'EN' } }, { token, headers: { 'x-request-id': 'lb-4711' } });
      expect(res.status).toBe(200);
      await rest(t, '/api/admin/user/getEmployeeList.htm', { token });
    });
    const requests = lines.filter((l) => l.message === 'request');
    expect(requests[0]).toMatchObject({ level: 'info', requestId: 'lb-4711', door: 'graphql', operation: 'mutation:setLanguage', method: 'POST', userId: admin.id, status: 200 });
    expect(typeof requests[0]?.durationMs).toBe('number');
    expect(requests[1]).toMatchObject({ door: 'rest', operation: '/api/admin/user/getEmployeeList', userId: admin.id, status: 200 });
    expect(requests[1]?.requestId).toMatch(/^[0-9a-f-]{36}$/);
    const logged = await t.db.operationLog.findFirst({ where: { requestId: 'lb-4711' } });
    expect(logged?.operation).toBeTruthy();
  });

  it('never logs a password, a token or a calendar feed address', async () => {
    const secretPassword = DEMO.manager.password;
    let token = '';
    const lines = await logLines(async () => {
      token = await loginRest(t, DEMO.manager);
      await gql(t, 'mutation($input: LoginInput!) { login(input: $input) { __typename } }', { input: { account: 'manager', password: 'Wrong#Pass99' } });
      await rest(t, '/api/admin/user/getEmployeeList.htm', { token });
      await t.app.fetch(new Request(`http://test.local/ics/${'B'.repeat(43)}.ics`));
      // A caller-made request id that is not a plain token is replaced, not logged.
      await rest(t, '/api/admin/user/getEmployeeList.htm', { token, headers: { 'x-request-id': `x ${token}` } });
    });
    const text = lines.map((l) => JSON.stringify(l)).join('\n');
    expect(lines.filter((l) => l.message === 'request').length).toBe(5);
    for (const secret of [secretPassword, 'Wrong#Pass99', token, 'B'.repeat(43)]) expect(text).not.toContain(secret);
  });
});

describe('health and metrics', () => {
  it('/readyz answers ready when the database answers and every migration is applied', async () => {
    const res = await t.app.fetch(new Request('http://test.local/readyz'));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ready', database: 'up', pendingMigrations: 0 });
  });

  it('/readyz answers 503 while a migration of this version is missing', async () => {
    const last = await t.db.$queryRaw<Array<{ id: string }>>`SELECT id FROM "_prisma_migrations" ORDER BY migration_name DESC LIMIT 1`;
    await t.db.$executeRaw`UPDATE "_prisma_migrations" SET rolled_back_at = now() WHERE id = ${last[0]!.id}`;
    try {
      const res = await t.app.fetch(new Request('http://test.local/readyz'));
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({ status: 'unavailable', database: 'up', pendingMigrations: 1 });
    } finally {
      await t.db.$executeRaw`UPDATE "_prisma_migrations" SET rolled_back_at = NULL WHERE id = ${last[0]!.id}`;
    }
  });

  it('/metrics is not public: only the metrics token opens it', async () => {
    expect((await t.app.fetch(new Request('http://test.local/metrics'))).status).toBe(404);
    expect((await t.app.fetch(new Request('http://test.local/metrics', { headers: { authorization: 'Bearer wrong' } }))).status).toBe(404);
    const token = await loginRest(t, DEMO.admin);
    // A user's token is not the metrics token.
    expect((await t.app.fetch(new Request('http://test.local/metrics', { headers: { authorization: `Bearer ${token}` } }))).status).toBe(404);
  });

  it('/metrics counts requests and latency by door and operation, errors by code, the pool, statements, the event loop and the heap', async () => {
    const token = await loginRest(t, DEMO.consultant);
    await gql(t, '{ viewer { __typename } }', {}, { token });
    // A refused write: counted by its code.
    await gql(t, 'mutation($input: LoginInput!) { login(input: $input) { __typename } }', { input: { account: 'nobody-here', password: 'Wrong#Pass99' } });
    const res = await t.app.fetch(new Request('http://test.local/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } }));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const text = await res.text();
    expect(text).toMatch(/bo_http_requests_total\{door="rest",operation="\/api\/token\/admin\/doLogin",status="200"\} \d+/);
    expect(text).toMatch(/bo_http_requests_total\{door="graphql",operation="query:viewer",status="200"\} \d+/);
    expect(text).toMatch(/bo_http_request_duration_seconds_bucket\{le="0.1",door="graphql",operation="query:viewer"\} \d+/);
    expect(text).toMatch(/bo_errors_total\{door="graphql",code="[A-Z_]+"\} \d+/);
    expect(text).toMatch(/bo_db_pool_connections\{pool="app",state="total"\} \d+/);
    expect(text).toMatch(/bo_db_statement_duration_seconds_count [1-9]\d*/);
    expect(text).toContain('nodejs_eventloop_lag_p99_seconds');
    expect(text).toContain('nodejs_heap_size_used_bytes');
    expect(text).toContain('nodejs_gc_duration_seconds');
  });
});
