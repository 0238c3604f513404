/**
 * WORKERS=N (issue 22): `server/main.ts` as `npm start` runs it, with two cluster workers on a
 * copy of the demo database. Both workers serve the one port, the primary's METRICS_PORT
 * listener answers the sum of their metrics, and SIGTERM ends open event streams properly
 * (a `complete` event, not a cut connection) before everything exits cleanly.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { freePort } from '../../../server/db/embedded.ts';
import { DEMO, testDatabase } from '../../helpers/app.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const database = testDatabase('workers');
let child: ChildProcess;
let output = '';
let port = 0;
let metricsPort = 0;
let exit: Promise<number | null>;

async function until(what: string, check: () => Promise<boolean>, ms = 120_000): Promise<void> {
  const begin = Date.now();
  while (Date.now() - begin < ms) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`timed out waiting for ${what}\n${output.slice(-3000)}`);
}

beforeAll(async () => {
  const admin = new pg.Client({ connectionString: database.adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${admin.escapeIdentifier(database.name)} TEMPLATE ${admin.escapeIdentifier(inject('templateDatabase'))}`).finally(() => admin.end());
  port = await freePort();
  metricsPort = await freePort();
  child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: database.url, PORT: String(port), HOST: '127.0.0.1', WORKERS: '2', METRICS_PORT: String(metricsPort), LOG_LEVEL: 'info', NODE_ENV: 'production', SEED_ON_EMPTY: 'false' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  exit = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  await until('two workers listening', async () => (output.match(/"worker":true/g) ?? []).length >= 2 && (await fetch(`http://127.0.0.1:${port}/readyz`)).status === 200);
}, 150_000);

afterAll(async () => {
  if (child.exitCode === null && child.signalCode === null) {
    child.kill('SIGKILL');
    await exit;
  }
  const c = new pg.Client({ connectionString: database.adminUrl });
  await c.connect();
  await c.query(`DROP DATABASE IF EXISTS ${c.escapeIdentifier(database.name)} WITH (FORCE)`).finally(() => c.end());
}, 60_000);

describe('WORKERS=2', () => {
  it('two processes serve the port, and the internal metrics listener sums them', async () => {
    const pids = new Set([...output.matchAll(/"pid":(\d+),"worker":true/g)].map((m) => m[1]));
    expect(pids.size).toBe(2);
    const N = 40;
    for (let i = 0; i < N; i++) {
      // A new connection each time, so that the cluster spreads them.
      const res = await fetch(`http://127.0.0.1:${port}/api/token/admin/doLogin.htm`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', connection: 'close' },
        body: JSON.stringify({ account: 'nobody', password: 'Wrong#Pass1' }),
      });
      expect(res.status).toBe(200);
    }
    const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    const total = Number(/bo_http_requests_total\{door="rest",operation="\/api\/token\/admin\/doLogin",status="200"\} (\d+)/.exec(text)?.[1]);
    expect(
      total,
      text
        .split('\n')
        .filter((l) => l.startsWith('bo_http'))
        .join('\n'),
    ).toBe(N);
    // The metrics listener is not the public port's: there, /metrics without a token is 404.
    expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(404);
  });

  it('a request body that trickles in is refused with 408 after the grace (5 s), not held for two minutes', async () => {
    // Signed in: the door authenticates and matches the route before it reads a body, so an
    // anonymous request is answered at once without waiting for its body.
    const login = (await (await fetch(`http://127.0.0.1:${port}/api/token/admin/doLogin.htm`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(DEMO.admin) })).json()) as {
      data: { token: string };
    };
    const started = Date.now();
    const answer = await new Promise<string>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      let text = '';
      const drip = setInterval(() => socket.write('{'), 200);
      socket.on('data', (d) => (text += d.toString()));
      socket.on('error', () => undefined);
      socket.on('close', () => {
        clearInterval(drip);
        resolve(text);
      });
      socket.write(['POST /api/admin/user/del.htm HTTP/1.1', `Host: 127.0.0.1:${port}`, 'Content-Type: application/json', `X-Token: ${login.data.token}`, 'Content-Length: 100000', '', ''].join('\r\n'));
    });
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(answer).toContain('请求内容发送过慢，连接已关闭');
    expect(Date.now() - started).toBeGreaterThanOrEqual(5_000);
    expect(Date.now() - started).toBeLessThan(60_000);
    expect(output).toContain('slow request body refused');
  }, 90_000);

  it('SIGTERM ends open event streams with a complete event, then every process exits cleanly', async () => {
    const login = (await (await fetch(`http://127.0.0.1:${port}/api/token/admin/doLogin.htm`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(DEMO.sales) })).json()) as {
      data: { token: string };
    };
    const res = await fetch(`http://127.0.0.1:${port}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream', 'x-token': login.data.token },
      body: JSON.stringify({ query: 'subscription { unreadLetterCount }' }),
    });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    let text = '';
    // Keep-alive comments (`:`) may come first: read until the first value.
    while (!text.includes('unreadLetterCount')) {
      const { done, value } = await reader.read();
      if (done) break;
      text += new TextDecoder().decode(value);
    }
    expect(text).toContain('unreadLetterCount');
    child.kill('SIGTERM');
    for (;;) {
      const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }));
      if (done) break;
      text += new TextDecoder().decode(value);
    }
    expect(text).toContain('event: complete');
    expect(await exit, output.slice(-3000)).toBe(0);
    expect((output.match(/"message":"stopped"/g) ?? []).length).toBe(3);
    expect(output).not.toContain('"level":"error"');
  }, 60_000);
});
