/**
 * Several server processes on one database (issue 22), with real processes: three
 * `node --import tsx server/main.ts` on one fresh PostgreSQL database, each with its own
 * DATA_DIR (so nothing can come from a local disk), behind a round-robin balancer
 * (tests/helpers/balancer.ts). They start together (migrations and the demo seed happen once),
 * then share sessions, login throttling, the letters' live badge and uploads, and one of them
 * is killed in the middle of a mixed read/write load without losing an acknowledged write.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PINNED_SEED_TODAY } from '../../../prisma/seed/dates.ts';
import { freePort } from '../../../server/db/embedded.ts';
import { ensureDatabase, MIGRATIONS_DIR } from '../../../server/db/migrate.ts';
import { startBalancer, type Balancer } from '../../helpers/balancer.ts';
import { DEMO, testDatabase } from '../../helpers/app.ts';
import { subscribeSse } from '../letters/sse.ts';
import { globalId } from '../support.ts';
import { PDF } from '../uploads.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const work = mkdtempSync(path.join(tmpdir(), 'bo-processes-'));
chmodSync(work, 0o755);
const database = testDatabase('procs');

type Proc = { name: string; child: ChildProcess; port: number; output: () => string };
const procs: Proc[] = [];
let balancer: Balancer;

function start(name: string, port: number): Proc {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: database.url,
      DATA_DIR: path.join(work, name),
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_ON_EMPTY: 'true',
      SEED_TODAY: PINNED_SEED_TODAY,
      LOG_LEVEL: 'info',
      NODE_ENV: 'production',
      TRUST_PROXY: 'true',
      // The balancer appends its caller's address: the client is two entries from the right.
      TRUSTED_PROXY_HOPS: '2',
      WORKERS: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const proc = { name, child, port, output: () => output };
  procs.push(proc);
  return proc;
}

async function until(what: string, check: () => Promise<boolean>, ms = 150_000): Promise<void> {
  const begin = Date.now();
  while (Date.now() - begin < ms) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`timed out waiting for ${what}\n${procs.map((p) => `── ${p.name}\n${p.output().slice(-2000)}`).join('\n')}`);
}

async function query<T extends pg.QueryResultRow>(sql: string, params: unknown[] = []): Promise<T[]> {
  const c = new pg.Client({ connectionString: database.url });
  await c.connect();
  try {
    return (await c.query<T>(sql, params)).rows;
  } finally {
    await c.end();
  }
}

type Json = Record<string, any>;
async function call(base: string, pathname: string, init: { json?: unknown; token?: string; address?: string; body?: BodyInit; headers?: Record<string, string> } = {}): Promise<{ status: number; json: Json | null }> {
  const headers: Record<string, string> = { 'x-forwarded-for': init.address ?? '10.20.0.1', ...init.headers };
  if (init.token) headers['x-token'] = init.token;
  let body = init.body;
  if (init.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(init.json);
  }
  const res = await fetch(`${base}${pathname}`, { method: body === undefined ? 'GET' : 'POST', headers, body, signal: AbortSignal.timeout(30_000) });
  const text = await res.text();
  let json: Json | null = null;
  try {
    json = JSON.parse(text) as Json;
  } catch {
    json = null;
  }
  return { status: res.status, json };
}

const direct = (p: Proc) => `http://127.0.0.1:${p.port}`;
const gqlOn = (base: string, query: string, variables: Json, token?: string, address?: string) => call(base, '/graphql', { json: { query, variables }, token, address });

async function login(base: string, who: { account: string; password: string }, address = `10.30.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`): Promise<string> {
  const res = await call(base, '/api/token/admin/doLogin.htm', { json: who, address });
  if (res.json?.status !== 'success') throw new Error(`login failed: ${JSON.stringify(res.json)}`);
  return res.json.data.token as string;
}

beforeAll(async () => {
  await ensureDatabase(database.url);
  const ports = [await freePort(), await freePort(), await freePort()];
  // All three at once, on an empty database.
  ['a', 'b', 'c'].forEach((name, i) => start(name, ports[i] as number));
  for (const p of procs) await until(`${p.name} ready`, async () => (await fetch(`${direct(p)}/readyz`)).status === 200);
  balancer = await startBalancer(ports);
}, 180_000);

afterAll(async () => {
  await balancer?.close();
  await Promise.all(
    procs.map(
      (p) =>
        new Promise<void>((resolve) => {
          if (p.child.exitCode !== null || p.child.signalCode !== null) return resolve();
          p.child.once('exit', () => resolve());
          p.child.kill('SIGTERM');
          setTimeout(() => {
            p.child.kill('SIGKILL');
            resolve();
          }, 15_000).unref();
        }),
    ),
  );
  const c = new pg.Client({ connectionString: database.adminUrl });
  await c.connect();
  await c.query(`DROP DATABASE IF EXISTS ${c.escapeIdentifier(database.name)} WITH (FORCE)`).finally(() => c.end());
  rmSync(work, { recursive: true, force: true });
}, 60_000);

describe('three processes on one database', () => {
  it('started together, they applied each migration once and seeded the demo once', async () => {
    const migrations = readdirSync(MIGRATIONS_DIR).filter((n) => /^\d{14}_/.test(n));
    const rows = await query<{ migration_name: string }>('SELECT migration_name FROM "_prisma_migrations" ORDER BY migration_name');
    expect(rows.map((r) => r.migration_name)).toEqual(migrations.sort());
    const applied = procs.map((p) => Number(/"migrationsApplied":(\d+)/.exec(p.output())?.[1] ?? -1));
    expect(applied.reduce((a, b) => a + b, 0)).toBe(migrations.length);
    expect(procs.filter((p) => p.output().includes('empty database: seeding demo data'))).toHaveLength(1);
    expect((await query<{ n: number }>("SELECT count(*)::int AS n FROM users WHERE account = 'admin'"))[0]?.n).toBe(1);
  });

  it('a session opened on one process works on the others, and its logout ends it on all of them', async () => {
    const [a, b, c] = procs as [Proc, Proc, Proc];
    const token = await login(direct(a), DEMO.consultant);
    for (const p of [a, b, c]) expect((await gqlOn(direct(p), '{ viewer { __typename } }', {}, token)).json?.data?.viewer.__typename).toBeTruthy();
    expect((await call(direct(b), '/api/admin/auth/logout.htm', { token })).json?.status).toBe('success');
    // Each process may keep a session it read (SESSION_CACHE_SECONDS); the logout reaches it
    // through PostgreSQL NOTIFY at commit, so the token is refused everywhere within moments.
    for (const p of [a, c]) {
      let status: unknown;
      for (let i = 0; i < 50; i++) {
        status = (await call(direct(p), '/api/admin/user/getEmployeeList.htm', { json: {}, token })).json?.status;
        if (status === 'needUserLogin') break;
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(status).toBe('needUserLogin');
    }
  });

  it('login throttling counts failures made on every process', async () => {
    const address = '10.40.0.7';
    for (let i = 0; i < 10; i++) {
      const p = procs[i % 3] as Proc;
      const res = await gqlOn(direct(p), 'mutation($input: LoginInput!) { login(input: $input) { __typename ... on Error { code } } }', { input: { account: 'lecturer', password: `Wrong#${i}xyz` } }, undefined, address);
      expect(res.json?.data?.login.code).toBe('BAD_CREDENTIALS');
    }
    // The eleventh try, with the right password, on each process: refused everywhere.
    for (const p of procs) {
      const res = await gqlOn(direct(p), 'mutation($input: LoginInput!) { login(input: $input) { __typename ... on Error { code } } }', { input: DEMO.lecturer }, undefined, address);
      expect(res.json?.data?.login.code).toBe('LOGIN_THROTTLED');
    }
  });

  it("a letter sent through one process moves the recipient's live badge held by another", async () => {
    const [a, b] = procs as [Proc, Proc];
    const recipient = await login(direct(a), DEMO.sales);
    const sender = await login(direct(b), DEMO.manager);
    const salesId = (await query<{ id: number }>("SELECT id FROM users WHERE account = 'sales'"))[0]!.id;
    const stream = await subscribeSse(`${direct(a)}/graphql`, 'subscription { unreadLetterCount }', recipient);
    try {
      const initial = (await stream.next(10_000)).data!.unreadLetterCount as number;
      const sent = await gqlOn(
        direct(b),
        'mutation($input: SendLetterInput!) { sendLetter(input: $input) { __typename } }',
        { input: { recipientIds: [globalId('User', salesId)], title: 'across', content: '<p>x</p>' } },
        sender,
      );
      expect(sent.json?.data?.sendLetter.__typename).toBe('SendLetterPayload');
      expect((await stream.next(10_000)).data!.unreadLetterCount).toBe(initial + 1);
    } finally {
      stream.close();
    }
  });

  it('a file uploaded through one process downloads, byte for byte, from every other', async () => {
    const [a, b, c] = procs as [Proc, Proc, Proc];
    const token = await login(direct(a), DEMO.admin);
    const bytes = Buffer.concat([PDF, randomBytes(3 * 1024 * 1024)]);
    const form = new FormData();
    form.set('projectId', '1');
    form.set('file', new File([bytes], 'big.pdf', { type: 'application/pdf' }));
    const up = await call(direct(a), '/api/upload/project/uploadProjectFile.htm', { body: form, token });
    expect(up.json?.status, JSON.stringify(up.json)).toBe('success');
    for (const p of [b, c]) {
      const res = await fetch(`${direct(p)}/api/admin/project/downloadFile.htm?id=${up.json!.data.id}`, { headers: { 'x-token': token, 'x-forwarded-for': '10.20.0.1' } });
      expect(res.status).toBe(200);
      expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
    }
    // Nothing was written to any process's own directory.
    for (const name of ['a', 'b', 'c']) expect(existsSync(path.join(work, name, 'uploads'))).toBe(false);
  });

  it('one process killed in the middle of a mixed load: no acknowledged write is lost, the others carry on', async () => {
    const base = balancer.url;
    const manager = await login(base, DEMO.manager);
    const consultant = await login(base, DEMO.consultant);
    const consultantId = (await query<{ id: number }>("SELECT id FROM users WHERE account = 'consultant'"))[0]!.id;
    const victim = procs[2] as Proc;
    const acknowledged: string[] = [];
    const failures: Array<{ status: number; body: string }> = [];
    let killed = false;
    const ROUNDS = 16;

    const client = async (n: number) => {
      for (let i = 0; i < ROUNDS; i++) {
        if (n === 0 && i === 5) {
          victim.child.kill('SIGKILL');
          killed = true;
        }
        const title = `load-${n}-${i}`;
        const steps: Array<() => Promise<{ status: number; json: Json | null }>> = [
          () => gqlOn(base, 'mutation($input: SendLetterInput!) { sendLetter(input: $input) { __typename } }', { input: { recipientIds: [globalId('User', consultantId)], title, content: '<p>load</p>' } }, manager),
          () => gqlOn(base, '{ viewer { __typename } }', {}, consultant),
          () => call(base, '/api/admin/sns/letter/listMyLetterByPage.htm', { json: { pageResult: { currentPage: 1, pageSize: 10 }, condition: {} }, token: consultant }),
          () => call(base, '/api/admin/user/getEmployeeList.htm', { json: {}, token: manager }),
        ];
        for (const [k, step] of steps.entries()) {
          const res = await step().catch((err: unknown): { status: number; json: Json | null } => ({ status: 0, json: { error: String(err) } }));
          const ok = res.status === 200 && !res.json?.errors && res.json?.status !== 'error';
          if (!ok) failures.push({ status: res.status, body: JSON.stringify(res.json).slice(0, 200) });
          else if (k === 0 && res.json?.data?.sendLetter.__typename === 'SendLetterPayload') acknowledged.push(title);
        }
      }
    };
    await Promise.all([0, 1, 2, 3, 4, 5].map(client));
    expect(killed).toBe(true);

    // Every write the load was told succeeded is in the database.
    const stored = new Set((await query<{ title: string }>("SELECT title FROM letters WHERE title LIKE 'load-%'")).map((r) => r.title));
    const lost = acknowledged.filter((title) => !stored.has(title));
    expect(lost).toEqual([]);
    // The only failures are the balancer's 502s for requests sent to the killed process as it died
    // (in flight, or on a kept-alive connection it had open); the others answered everything.
    expect(failures.every((f) => f.status === 502)).toBe(true);
    expect([...balancer.failed.entries()].filter(([port, n]) => n > 0 && port !== victim.port)).toEqual([]);
    // All three served part of the load; the two left answer ready.
    for (const p of procs) expect(balancer.served.get(p.port)).toBeGreaterThan(0);
    for (const p of procs.slice(0, 2)) expect((await fetch(`${direct(p)}/readyz`)).status).toBe(200);
    console.log(
      `kill-one load: ${6 * ROUNDS * 4} requests, ${acknowledged.length} writes acknowledged and found, ${failures.length} failed (502, all sent to the killed process as it died), served per process: ${procs.map((p) => `${p.name}=${balancer.served.get(p.port)}`).join(' ')}`,
    );
  }, 180_000);
});
