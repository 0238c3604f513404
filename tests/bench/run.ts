/**
 * `npm run bench [-- --scale N] [-- --only <module>[,<module>…]] [-- --cases <regex>] [-- --quick]`: latency (p50, p95) and SQL
 * statements per request of the hot paths, on a fresh embedded PostgreSQL seeded at the given
 * scale (default 10). Each module's cases live in tests/bench/cases/<module>.ts (loaded for
 * every module of server/modules/index.ts that has one, in that order). Prints a table; timing
 * goals live here, never in tests.
 *
 * - `--cases` keeps the cases whose name matches the regular expression (and the cases they are
 *   compared with), e.g. `--only tasks,archives,users,applications --cases '\(first: |raw SQL'`.
 * - `--quick` runs each case a few times (CI: a case that breaks, answers an error or a non-200
 *   fails the run; the numbers are not judged).
 * - A case with `vs` names another case of the same file: both run interleaved, request by
 *   request (so the machine's load hits both alike), and the table shows the ratio of their
 *   p50s in the `× vs` column (docs/performance.md reads its goals from it).
 * - `--base B` (default 1 when `--scale` is 20 or more; `--base 0` turns it off) seeds a second
 *   database of the same server at scale B, builds the case files again over it, and runs each
 *   case interleaved with its twin there: the `× base` column is the ratio of p50s at `--scale`
 *   and at B (issue 34: every first page and detail at most 1.3× between 1× and 50×).
 * - `--iterations N` measures each case N times at most (default 200, or the case's own count).
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
import { sessionCacheOf } from '../../server/session/session-cache.ts';
import { rememberConnectionString } from '../../server/db/client.ts';
import { PrismaClient } from '../../server/generated/prisma/client.ts';
import { modules } from '../../server/modules/index.ts';
import type { BenchCase, BenchCaseFile, BenchEnv } from './env.ts';

const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const scale = Number(arg('--scale') ?? 10);
const only = arg('--only')?.split(',');
const casesArg = arg('--cases');
const casePattern = casesArg ? new RegExp(casesArg) : undefined;
const quick = process.argv.includes('--quick');
const baseScale = Number(arg('--base') ?? (scale >= 20 ? 1 : 0));
const maxIterations = arg('--iterations') ? Number(arg('--iterations')) : Infinity;
const ITERATIONS = Math.min(200, maxIterations);
const QUICK_ITERATIONS = 3;
/** The case file of each module that has one, in the modules' order. */
const AREAS: Record<string, BenchCaseFile> = {};
// The modules' case files, then the cases of no single module (the abuse corpus, exports as jobs).
for (const name of [...modules.map((m) => m.name), 'abuse', 'exports']) {
  const file = new URL(`./cases/${name}.ts`, import.meta.url);
  if (existsSync(file)) AREAS[name] = ((await import(file.href)) as { default: BenchCaseFile }).default;
}

// The seed's "today" is pinned so that every run measures the same rows (prisma/seed/dates.ts).
process.env.SEED_TODAY ??= PINNED_SEED_TODAY;
const tmp = await mkdtemp(path.join(os.tmpdir(), 'bo-bench-'));
await chmod(tmp, 0o755);
const server = await startEmbeddedPostgres({ dataDir: tmp });
let statements = 0;
const closers: Array<() => Promise<unknown>> = [];

/** A database of the bench server seeded at `atScale`, the app over it, and the case files' environment. */
async function benchEnv(name: string, atScale: number): Promise<{ env: BenchEnv; seedMs: number; stop: () => Promise<void> }> {
  const url = server.url(name);
  await ensureDatabase(url);
  await applyMigrations(url);
  const db = new PrismaClient({ adapter: new PrismaPg({ connectionString: url, max: 10 }), log: [{ emit: 'event', level: 'query' }] });
  // The session cache listens for invalidations on its own connection to this database.
  rememberConnectionString(db, url);
  db.$on('query', () => {
    statements += 1;
  });
  const seedStarted = performance.now();
  await seed(db, { scale: atScale });
  const seedMs = performance.now() - seedStarted;
  const config = { ...loadConfig({}), trustProxy: true };
  const app = createApp({ db, config });
  // Measured in its steady state: the session cache listening (a process's first requests read the database).
  await sessionCacheOf(db, config.sessionCacheSeconds)?.ready();

  async function call(pathName: string, init: RequestInit): Promise<Response> {
    // As an HTTP client sends it: a text body with its length.
    if (typeof init.body === 'string') init = { ...init, headers: { ...(init.headers as Record<string, string>), 'content-length': String(Buffer.byteLength(init.body)) } };
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
  const env: BenchEnv = { scale: atScale, db, url, config, call, login, gql, adminToken: await login('admin', 'Admin#2026'), onClose: (fn) => closers.push(fn) };
  const stop = async () => {
    sessionCacheOf(db, config.sessionCacheSeconds)?.close();
    await db.$disconnect();
  };
  return { env, seedMs, stop };
}

const main = await benchEnv('bench', scale);
const env = main.env;
const seedMs = main.seedMs;
const base = baseScale > 0 ? await benchEnv('bench_base', baseScale) : null;

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

type Measured = { times: number[]; statements: number };
/** Runs cases request by request in turn (one case alone, or a case and the one it is compared with). */
async function measure(group: BenchCase[]): Promise<Measured[]> {
  for (const c of group) for (let i = 0; i < (quick ? 1 : 5); i++) await check(c, await c.run());
  const n = Math.max(...group.map((c) => (quick ? Math.min(QUICK_ITERATIONS, c.iterations ?? QUICK_ITERATIONS) : Math.min(maxIterations, c.iterations ?? ITERATIONS))));
  const out = group.map(() => ({ times: [] as number[], statements: 0 }));
  for (let i = 0; i < n; i++) {
    for (const [k, c] of group.entries()) {
      const before = statements;
      const t0 = performance.now();
      const res = await c.run();
      out[k]!.times.push(performance.now() - t0);
      out[k]!.statements += statements - before;
      if (i === 0) await check(c, res);
    }
  }
  for (const m of out) m.times.sort((a, b) => a - b);
  return out;
}

const rows: Array<Record<string, string | number>> = [];
for (const [area, file] of Object.entries(AREAS)) {
  if (only && !only.includes(area)) continue;
  const all = await file(env);
  const kept = new Set(all.filter((c) => !casePattern || casePattern.test(c.name)).flatMap((c) => [c.name, ...(c.vs ? [c.vs] : [])]));
  const cases = all.filter((c) => kept.has(c.name));
  const byName = new Map(cases.map((c) => [c.name, c]));
  // The same case file over the base database: each case's twin, by name (a file that needs more
  // data than the base has, or a case it does not make there, has no twin).
  let twins = new Map<string, BenchCase>();
  if (base) {
    try {
      twins = new Map((await file(base.env)).map((c) => [c.name, c]));
    } catch (err) {
      console.warn(`${area}: no cases at --base ${baseScale}: ${(err as Error).message}`);
    }
  }
  const done = new Map<string, Measured>();
  const doneBase = new Map<string, Measured>();
  for (const c of cases) {
    if (!done.has(c.name)) {
      const other = c.vs ? byName.get(c.vs) : undefined;
      if (c.vs && !other) throw new Error(`${c.name}: no case named "${c.vs}" to compare with`);
      const group = other && !done.has(other.name) ? [c, other] : [c];
      const twinGroup = group.flatMap((g) => (twins.has(g.name) ? [{ name: g.name, twin: twins.get(g.name)! }] : []));
      const measured = await measure([...group, ...twinGroup.map((t) => t.twin)]);
      group.forEach((g, k) => done.set(g.name, measured[k]!));
      twinGroup.forEach((t, k) => doneBase.set(t.name, measured[group.length + k]!));
    }
    const m = done.get(c.name)!;
    const p50 = pct(m.times, 50);
    const p95 = pct(m.times, 95);
    const ref = c.vs ? done.get(c.vs) : undefined;
    const atBase = doneBase.get(c.name);
    rows.push({
      area,
      case: c.name,
      n: m.times.length,
      'p50 ms': p50.toFixed(2),
      'p95 ms': p95.toFixed(2),
      'SQL/request': (m.statements / m.times.length).toFixed(1),
      '× vs': ref ? (p50 / pct(ref.times, 50)).toFixed(2) : '',
      ...(base
        ? {
            [`p50 ms at ${baseScale}×`]: atBase ? pct(atBase.times, 50).toFixed(2) : '',
            '× base': atBase ? (p50 / pct(atBase.times, 50)).toFixed(2) : '',
            [`SQL at ${baseScale}×`]: atBase ? (atBase.statements / atBase.times.length).toFixed(1) : '',
          }
        : {}),
      ...(c.goalMs ? { goal: `< ${c.goalMs} ms ${p95 < c.goalMs ? 'met' : 'MISSED'}` } : {}),
    });
  }
}
console.log(
  `\nbench at --scale ${scale} (seeded in ${Math.round(seedMs)} ms${base ? `; base --scale ${baseScale} seeded in ${Math.round(base.seedMs)} ms` : ''}; ${os.cpus().length} cores, load ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}, node ${process.version})`,
);
console.table(rows);
for (const close of closers) await close();
await main.stop();
await base?.stop();
await server.stop();
await rm(tmp, { recursive: true, force: true });
