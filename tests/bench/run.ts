/**
 * `npm run bench [-- --scale N] [-- --only <module>]`: latency (p50, p95) and SQL statements per
 * request of the hot paths, on a fresh embedded PostgreSQL seeded at the given scale (default
 * 10). Each module's cases live in tests/bench/cases/<module>.ts (loaded for every module of
 * server/modules/index.ts that has one, in that order). Prints a table; timing goals live
 * here, never in tests.
 */
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PrismaPg } from '@prisma/adapter-pg';
import { PINNED_SEED_TODAY } from '../../prisma/seed/dates.ts';
import { seed } from '../../prisma/seed/index.ts';
import { createApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { startEmbeddedPostgres } from '../../server/db/embedded.ts';
import { applyMigrations, ensureDatabase } from '../../server/db/migrate.ts';
import { PrismaClient } from '../../server/generated/prisma/client.ts';
import { modules } from '../../server/modules/index.ts';
import type { BenchCase, BenchCaseFile, BenchEnv } from './env.ts';

const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const scale = Number(arg('--scale') ?? 10);
const only = arg('--only');
const ITERATIONS = 200;
/** The case file of each module that has one, in the modules' order. */
const AREAS: Record<string, BenchCaseFile> = {};
// The modules' case files, then the cases of no single module (the abuse corpus).
for (const name of [...modules.map((m) => m.name), 'abuse']) {
  const file = new URL(`./cases/${name}.ts`, import.meta.url);
  if (existsSync(file)) AREAS[name] = ((await import(file.href)) as { default: BenchCaseFile }).default;
}

// The seed's "today" is pinned so that every run measures the same rows (prisma/seed/dates.ts).
process.env.SEED_TODAY ??= PINNED_SEED_TODAY;
const tmp = await mkdtemp(path.join(os.tmpdir(), 'bo-bench-'));
await chmod(tmp, 0o755);
const server = await startEmbeddedPostgres({ dataDir: tmp });
const url = server.url('bench');
await ensureDatabase(url);
await applyMigrations(url);
let statements = 0;
const db = new PrismaClient({ adapter: new PrismaPg({ connectionString: url, max: 10 }), log: [{ emit: 'event', level: 'query' }] });
db.$on('query', () => {
  statements += 1;
});
const seedStarted = performance.now();
await seed(db, { scale });
const seedMs = performance.now() - seedStarted;
const app = createApp({ db, config: { ...loadConfig({}), trustProxy: true } });

async function call(pathName: string, init: RequestInit): Promise<Response> {
  const res = await app.fetch(new Request(`http://bench.local${pathName}`, init));
  const body = await res.arrayBuffer();
  return new Response(body, { status: res.status, headers: res.headers });
}
async function login(account: string, password: string): Promise<string> {
  const res = await call('/api/token/admin/doLogin.htm', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.9.${Math.floor(Math.random() * 250)}.1` },
    body: JSON.stringify({ account, password }),
  });
  return ((await res.json()) as { data: { token: string } }).data.token;
}
const gql = (token: string, query: string, variables?: Record<string, unknown>) =>
  call('/graphql', { method: 'POST', headers: { 'content-type': 'application/json', 'x-token': token }, body: JSON.stringify({ query, variables }) });
const closers: Array<() => Promise<unknown>> = [];
const env: BenchEnv = { scale, db, url, call, login, gql, adminToken: await login('admin', 'Admin#2026'), onClose: (fn) => closers.push(fn) };

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
async function check(c: BenchCase, result: unknown) {
  if (!(result instanceof Response)) return;
  if (c.refused) {
    const text = await result.clone().text();
    const refused = result.status >= 400 || /^\{"(errors|status":"error)"/.test(text);
    if (!refused) throw new Error(`${c.name}: not refused: HTTP ${result.status}: ${text.slice(0, 300)}`);
    return;
  }
  if (result.status !== 200) throw new Error(`${c.name}: HTTP ${result.status}: ${(await result.text()).slice(0, 300)}`);
  if ((result.headers.get('content-type') ?? '').includes('json')) {
    const body = (await result.clone().json()) as { errors?: unknown };
    if (body && typeof body === 'object' && 'errors' in body && body.errors) throw new Error(`${c.name}: ${JSON.stringify(body.errors).slice(0, 300)}`);
  }
}

const rows: Array<Record<string, string | number>> = [];
for (const [area, file] of Object.entries(AREAS)) {
  if (only && only !== area) continue;
  for (const c of await file(env)) {
    for (let i = 0; i < 5; i++) await check(c, await c.run());
    const n = c.iterations ?? ITERATIONS;
    const times: number[] = [];
    statements = 0;
    for (let i = 0; i < n; i++) {
      const t0 = performance.now();
      const res = await c.run();
      times.push(performance.now() - t0);
      if (i === 0) await check(c, res);
    }
    times.sort((a, b) => a - b);
    const p95 = pct(times, 95);
    rows.push({
      area,
      case: c.name,
      n,
      'p50 ms': pct(times, 50).toFixed(2),
      'p95 ms': p95.toFixed(2),
      'SQL/request': (statements / n).toFixed(1),
      ...(c.goalMs ? { goal: `< ${c.goalMs} ms ${p95 < c.goalMs ? 'met' : 'MISSED'}` } : {}),
    });
  }
}
console.log(`\nbench at --scale ${scale} (seeded in ${Math.round(seedMs)} ms; ${os.cpus().length} cores, node ${process.version})`);
console.table(rows);
for (const close of closers) await close();
await db.$disconnect();
await server.stop();
await rm(tmp, { recursive: true, force: true });
