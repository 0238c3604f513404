/**
 * `npm run bench [-- --scale N]`: latency (p50, p95) and SQL statements per request of the
 * foundation's hot paths, on a fresh embedded PostgreSQL seeded at the given scale.
 * Prints a table; timing goals live here, never in tests.
 */
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PrismaPg } from '@prisma/adapter-pg';
import { seed } from '../../prisma/seed/index.ts';
import { createApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { startEmbeddedPostgres } from '../../server/db/embedded.ts';
import { applyMigrations, ensureDatabase } from '../../server/db/migrate.ts';
import { PrismaClient } from '../../server/generated/prisma/client.ts';

const scaleIndex = process.argv.indexOf('--scale');
const scale = scaleIndex > 0 ? Number(process.argv[scaleIndex + 1]) : 1;
const ITERATIONS = 200;

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
await seed(db, { scale });
const app = createApp({ db, config: { ...loadConfig({}), trustProxy: true } });

async function call(pathName: string, init: RequestInit): Promise<Response> {
  const res = await app.fetch(new Request(`http://bench.local${pathName}`, init));
  await res.arrayBuffer();
  return res;
}

const loginRes = await app.fetch(
  new Request('http://bench.local/api/token/admin/doLogin.htm', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.0.0.1' },
    body: JSON.stringify({ account: 'admin', password: 'Admin#2026' }),
  }),
);
const token = ((await loginRes.json()) as { data: { token: string } }).data.token;
const auth = { 'content-type': 'application/json', 'x-token': token };

type Case = { name: string; run: () => Promise<Response>; iterations?: number };
const cases: Case[] = [
  {
    name: 'GraphQL viewer + menu(PC)',
    run: () => call('/graphql', { method: 'POST', headers: auth, body: JSON.stringify({ query: '{ viewer { databaseId roles { code } timeZone { name } menu { key title children { key title path } } } }' }) }),
  },
  {
    name: 'GraphQL users(first: 20) + department, roles',
    run: () => call('/graphql', { method: 'POST', headers: auth, body: JSON.stringify({ query: '{ users(first: 20) { edges { node { id name department { name } roles { code } } } } }' }) }),
  },
  {
    name: 'REST listRightByRoleId (PC)',
    run: () => call('/api/admin/auth/right/listRightByRoleId.htm', { method: 'POST', headers: auth, body: JSON.stringify({ showType: 'PC' }) }),
  },
  {
    name: 'REST listSysTimeZone',
    run: () => call('/api/admin/sys/time/zone/listSysTimeZone.htm', { method: 'POST', headers: auth, body: '{}' }),
  },
  {
    name: 'REST listSysOperateLogByPage',
    run: () => call('/api/admin/sys/operate/log/listSysOperateLogByPage.htm', { method: 'POST', headers: auth, body: JSON.stringify({ pageResult: { currentPage: 1, pageSize: 20 } }) }),
  },
  {
    name: 'REST doLogin (argon2id verify)',
    iterations: 40,
    run: () =>
      call('/api/token/admin/doLogin.htm', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.1.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` },
        body: JSON.stringify({ account: 'manager', password: 'Staff#2026' }),
      }),
  },
];

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const rows: Array<Record<string, string | number>> = [];
for (const c of cases) {
  for (let i = 0; i < 10; i++) await c.run();
  const n = c.iterations ?? ITERATIONS;
  const times: number[] = [];
  statements = 0;
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    const res = await c.run();
    times.push(performance.now() - t0);
    if (res.status !== 200) throw new Error(`${c.name}: HTTP ${res.status}`);
  }
  times.sort((a, b) => a - b);
  rows.push({ case: c.name, n, 'p50 ms': pct(times, 50).toFixed(2), 'p95 ms': pct(times, 95).toFixed(2), 'SQL/request': (statements / n).toFixed(1) });
}
console.log(`\nbench at --scale ${scale} (${os.cpus().length} cores, node ${process.version})`);
console.table(rows);
await db.$disconnect();
await server.stop();
await rm(tmp, { recursive: true, force: true });
