/**
 * `npm run crash-test [-- --cycles 20] [-- --writers 4]`
 *
 * Starts the server (`node --import tsx server/main.ts`, production) on a fresh embedded
 * PostgreSQL in a temporary DATA_DIR, runs a write loop (work notes through GraphQL and the
 * legacy door, each on its own day, so every acknowledged write is one row), and in turn kills
 * with SIGKILL the server process (odd cycles) and the database's postmaster (even cycles).
 * A dead server is started again as an operator's supervisor would (the new start adopts or
 * stops the orphaned PostgreSQL itself); a dead database is restarted by the server, which
 * answers not-ready (503) meanwhile. After each cycle it counts the rows of every write the
 * server acknowledged: none may be missing.
 *
 * Prints, per cycle: what was killed, writes acknowledged so far, rows found, lost, and the
 * recovery time (kill until /healthz answers 200 again). Only processes this script started
 * are signalled: its server child, and the postmaster named by its own data directory's
 * postmaster.pid. Exits 1 when a write was lost or a cycle did not recover. See docs/fuzzing.md.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { alive, freePort } from '../server/db/embedded.ts';
import { hashPassword } from '../server/modules/auth/index.ts';

const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const CYCLES = Number(arg('--cycles') ?? 20);
const WRITERS = Number(arg('--writers') ?? 4);
/** How long the write loop runs between a recovery and the next kill. */
const WRITE_MS = Number(arg('--write-ms') ?? 2000);
const RECOVERY_TIMEOUT_MS = 120_000;

const root = path.resolve(import.meta.dirname, '..');
const work = mkdtempSync(path.join(tmpdir(), 'bo-crash-'));
chmodSync(work, 0o755); // as root, the embedded PostgreSQL runs as `postgres` and must enter it
const dataDir = path.join(work, 'data');
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const ACCOUNT = { account: 'crash.probe', password: 'Crash#2026probe' };

let server: ChildProcess | null = null;
let serverLog = '';

function startServer(): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: { ...process.env, SEED_ON_EMPTY: 'false', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn', NODE_ENV: 'production', EMBEDDED_PG_PORT: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (d: Buffer) => {
    serverLog = (serverLog + d.toString()).slice(-200_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return child;
}

const exited = (child: ChildProcess) => new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve())));

async function status(pathname: string): Promise<number> {
  try {
    return (await fetch(`${base}${pathname}`, { signal: AbortSignal.timeout(5000) })).status;
  } catch {
    return 0;
  }
}

async function until(what: string, check: () => Promise<boolean>, ms: number): Promise<number> {
  const begin = Date.now();
  while (Date.now() - begin < ms) {
    if (await check()) return Date.now() - begin;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}\n${serverLog.slice(-3000)}`);
}

const postmasterPid = () => Number(readFileSync(path.join(dataDir, 'postgres/postmaster.pid'), 'utf8').split('\n')[0]);

function dbUrl(): string {
  const password = readFileSync(path.join(dataDir, 'postgres.secret'), 'utf8').trim();
  const pgPort = readFileSync(path.join(dataDir, 'postgres/postmaster.pid'), 'utf8').split('\n')[3];
  return `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${pgPort}/backoffice`;
}

async function sql<T extends pg.QueryResultRow>(text: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: dbUrl() });
  await client.connect();
  try {
    return (await client.query<T>(text, params)).rows;
  } finally {
    await client.end();
  }
}

let token = '';
async function login(): Promise<string> {
  const res = await fetch(`${base}/api/token/admin/doLogin.htm`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ACCOUNT), signal: AbortSignal.timeout(10_000) });
  const body = (await res.json()) as { status: string; data: { token: string } };
  if (body.status !== 'success') throw new Error(`login refused: ${JSON.stringify(body)}`);
  return body.data.token;
}

/** Writes acknowledged by the server: the day of each work note (one row each, unique per day). */
const acknowledged = new Set<string>();
let attempts = 0;
let unanswered = 0;
/** Answers that were not an acknowledgement, by what they said (a 503 while the database restarts). */
const refusals = new Map<string, number>();
let dayCounter = 0;

/** A day no other write uses: 2001-01-01 onwards, one day each. */
function nextDay(): string {
  const d = new Date(Date.UTC(2001, 0, 1) + dayCounter++ * 86_400_000);
  return d.toISOString().slice(0, 10);
}

async function writeOnce(n: number): Promise<void> {
  const day = nextDay();
  const content = `crash-test ${day}`;
  attempts += 1;
  try {
    let ok = false;
    if (n % 2 === 0) {
      const res = await fetch(`${base}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-token': token },
        body: JSON.stringify({ query: 'mutation($input: SaveWorkNoteInput!) { saveWorkNote(input: $input) { __typename ... on Error { code } } }', variables: { input: { day, content } } }),
        signal: AbortSignal.timeout(10_000),
      });
      const text = await res.text();
      ok = res.status === 200 && text.includes('"SaveWorkNotePayload"');
      if (!ok) refusals.set(`GraphQL ${res.status} ${text.slice(0, 80)}`, (refusals.get(`GraphQL ${res.status} ${text.slice(0, 80)}`) ?? 0) + 1);
    } else {
      const res = await fetch(`${base}/api/admin/oaWorkNote/doSave.htm`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-token': token },
        body: JSON.stringify({ workDate: day, content }),
        signal: AbortSignal.timeout(10_000),
      });
      const text = await res.text();
      ok = res.status === 200 && text.startsWith('{"status":"success"');
      if (!ok) refusals.set(`legacy ${res.status} ${text.slice(0, 80)}`, (refusals.get(`legacy ${res.status} ${text.slice(0, 80)}`) ?? 0) + 1);
    }
    if (ok) acknowledged.add(day);
  } catch {
    // No answer (the server died under the request, or is not listening yet): not acknowledged.
    unanswered += 1;
    await new Promise((r) => setTimeout(r, 100));
  }
}

let writing = false;
async function writeLoop(id: number): Promise<void> {
  let n = id;
  while (writing) {
    await writeOnce(n);
    n += WRITERS;
  }
}

async function rowsFound(): Promise<Set<string>> {
  const rows = await sql<{ day: string }>("SELECT to_char(day, 'YYYY-MM-DD') AS day FROM work_notes WHERE user_id = (SELECT id FROM users WHERE account = $1)", [ACCOUNT.account]);
  return new Set(rows.map((r) => r.day));
}

type CycleRow = { cycle: number; killed: string; pid: number; acknowledged: number; 'rows found': number; lost: number; 'recovery ms': number };
const table: CycleRow[] = [];
let failed = false;

try {
  // A fresh embedded database: the server creates, migrates and starts it.
  server = startServer();
  await until('the first start', async () => (await status('/healthz')) === 200, 300_000);
  await sql('INSERT INTO users (type, account, password_hash, name) VALUES (1, $1, $2, $3)', [ACCOUNT.account, await hashPassword(ACCOUNT.password), 'Crash probe']);
  token = await login();

  for (let cycle = 1; cycle <= CYCLES; cycle++) {
    writing = true;
    const loops = Array.from({ length: WRITERS }, (_, i) => writeLoop(i));
    await new Promise((r) => setTimeout(r, WRITE_MS));
    const killServer = cycle % 2 === 1;
    let pid: number;
    const killedAt = Date.now();
    if (killServer) {
      pid = server.pid!;
      server.kill('SIGKILL');
      await exited(server);
      // The operator's supervisor (systemd, a container runtime) starts it again.
      server = startServer();
    } else {
      pid = postmasterPid();
      if (!alive(pid)) throw new Error(`postmaster ${pid} of ${dataDir} is not running`);
      process.kill(pid, 'SIGKILL');
    }
    const recovery = await until(`recovery of cycle ${cycle}`, async () => (await status('/healthz')) === 200, RECOVERY_TIMEOUT_MS).then(() => Date.now() - killedAt);
    // The session was written before the kill: it must still work (a lost token would be a lost write too).
    writing = false;
    await Promise.all(loops);
    const found = await rowsFound();
    const lost = [...acknowledged].filter((d) => !found.has(d));
    if (lost.length > 0) failed = true;
    table.push({ cycle, killed: killServer ? 'server (node)' : 'database (postmaster)', pid, acknowledged: acknowledged.size, 'rows found': found.size, lost: lost.length, 'recovery ms': recovery });
    process.stderr.write(`cycle ${cycle}: killed ${killServer ? 'server' : 'database'} ${pid}, ${acknowledged.size} acknowledged, ${found.size} found, ${lost.length} lost, recovered in ${recovery} ms\n`);
  }
} catch (err) {
  failed = true;
  console.error((err as Error).message);
} finally {
  writing = false;
  if (server && server.exitCode === null && server.signalCode === null) {
    server.kill('SIGTERM');
    await Promise.race([exited(server), new Promise((r) => setTimeout(r, 20_000))]);
  }
  // Our own data directory's PostgreSQL, if the server could not stop it.
  if (existsSync(path.join(dataDir, 'postgres/postmaster.pid'))) {
    const pid = postmasterPid();
    if (alive(pid)) process.kill(pid, 'SIGINT');
    await new Promise((r) => setTimeout(r, 2000));
  }
  rmSync(work, { recursive: true, force: true });
}

const recoveries = table.map((r) => r['recovery ms']).sort((a, b) => a - b);
const byKind = (kind: string) => table.filter((r) => r.killed.startsWith(kind)).map((r) => r['recovery ms']);
const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? 0;
console.log(`\nnpm run crash-test: ${table.length} of ${CYCLES} cycles, ${WRITERS} writers, ${WRITE_MS} ms of writes per cycle; ${attempts} writes sent, ${acknowledged.size} acknowledged, ${unanswered} without an answer (cut off by a kill, or sent while the server was down)`);
if (refusals.size > 0) console.table([...refusals].map(([answer, count]) => ({ answer, count })));
console.table(table);
console.table([
  { killed: 'server (node)', cycles: byKind('server').length, 'median recovery ms': median(byKind('server')), 'max recovery ms': Math.max(0, ...byKind('server')) },
  { killed: 'database (postmaster)', cycles: byKind('database').length, 'median recovery ms': median(byKind('database')), 'max recovery ms': Math.max(0, ...byKind('database')) },
]);
const lostTotal = table.at(-1)?.lost ?? 0;
console.log(`lost: ${lostTotal} of ${acknowledged.size} acknowledged writes; recovery ${recoveries[0] ?? 0}–${recoveries.at(-1) ?? 0} ms`);
if (failed || table.length < CYCLES) process.exitCode = 1;
