/**
 * npm run load [-- --connections 50] [-- --duration 600] [-- --workers 1] [-- --url http://host:port]
 *
 * Drives a realistic mix over HTTP for each role (admin, manager, consultant, lecturer, sales):
 * calendar reads, task writes (createTask), archive lists (GraphQL) and legacy lists (letters,
 * staff), with autocannon. Without --url it starts `npm start`'s server (server/main.ts, WORKERS
 * processes) on a fresh embedded database under a temporary DATA_DIR and samples the server
 * processes' RSS every 30 s. Prints req/s, p50/p95/p99, errors (HTTP status other than 200,
 * GraphQL `errors`, legacy `status` other than success) and RSS at the start and the end.
 * Timings belong here, never in tests (docs/operations.md#load).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { PINNED_SEED_TODAY } from '../../prisma/seed/dates.ts';
import { freePort } from '../../server/db/embedded.ts';

function arg(name: string, fallback: string): string {
  const argv = process.argv.slice(2);
  const i = argv.indexOf(`--${name}`);
  return i >= 0 && argv[i + 1] ? (argv[i + 1] as string) : fallback;
}

const connections = Number(arg('connections', '50'));
const duration = Number(arg('duration', '60'));
const workers = Number(arg('workers', '1'));
let base = arg('url', '');
const root = path.resolve(import.meta.dirname, '../..');

const ROLES = [
  { account: 'admin', password: 'Admin#2026' },
  { account: 'manager', password: 'Staff#2026' },
  { account: 'consultant', password: 'Staff#2026' },
  { account: 'lecturer', password: 'Staff#2026' },
  { account: 'sales', password: 'Staff#2026' },
];

const CALENDAR = `query LoadCalendar($from: DateTime!, $to: DateTime!) { calendar(from: $from, to: $to, timeZone: "Asia/Shanghai") {
  occurrences { eventId title startAt endAt allDay } } }`;
const ARCHIVES = `query LoadArchives { archives(first: 20) { totalCount edges { node { id } } } }`;
const CREATE_TASK = `mutation LoadTask($input: CreateTaskInput!) { createTask(input: $input) { __typename ... on Error { code } } }`;
const IDS = `query LoadIds { viewer { user { id } } projects(first: 1) { edges { node { id } } } }`;

function rssOf(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** The server processes: the started one and, with WORKERS, its cluster workers. */
function serverPids(child: ChildProcess | null): number[] {
  if (!child?.pid) return [];
  const pids = [child.pid];
  try {
    for (const line of readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, 'utf8').trim().split(/\s+/)) {
      const pid = Number(line);
      if (!pid) continue;
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      // The cluster's workers run node too; the embedded PostgreSQL is not ours to count here.
      if (cmd.includes('node')) pids.push(pid);
    }
  } catch {
    // No /proc: RSS is not reported.
  }
  return pids;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

async function main(): Promise<void> {
  let child: ChildProcess | null = null;
  let dataDir: string | null = null;
  if (!base) {
    dataDir = mkdtempSync(path.join(tmpdir(), 'bo-load-'));
    chmodSync(dataDir, 0o755);
    const port = await freePort();
    child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: root,
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        SEED_TODAY: PINNED_SEED_TODAY,
        WORKERS: String(workers),
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        TRUST_PROXY: 'true',
        DATABASE_URL: '',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    base = `http://127.0.0.1:${port}`;
    const begin = Date.now();
    while (Date.now() - begin < 300_000) {
      const ok = await fetch(`${base}/readyz`)
        .then((r) => r.status === 200)
        .catch(() => false);
      if (ok) break;
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  const stop = async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child?.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    const post = async (token: string | null, pathname: string, body: unknown, address: string) => {
      const res = await fetch(`${base}${pathname}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': address, ...(token ? { 'x-token': token } : {}) },
        body: JSON.stringify(body),
      });
      return (await res.json()) as Record<string, any>;
    };
    const requests: autocannon.Request[] = [];
    const names: string[] = [];
    for (const [i, role] of ROLES.entries()) {
      const address = `10.50.0.${i + 1}`;
      const login = await post(null, '/api/token/admin/doLogin.htm', role, address);
      const token = login.data?.token as string;
      if (!token) throw new Error(`login of ${role.account} failed: ${JSON.stringify(login)}`);
      const ids = await post(token, '/graphql', { query: IDS }, address);
      const me = ids.data?.viewer.user.id as string;
      const project = ids.data?.projects.edges[0]?.node.id as string | undefined;
      const headers = { 'content-type': 'application/json', 'x-token': token, 'x-forwarded-for': address };
      const mix: Array<[string, string, unknown]> = [
        ['calendar', '/graphql', { query: CALENDAR, variables: { from: '2026-08-31T00:00:00Z', to: '2026-09-07T00:00:00Z' } }],
        ['archives', '/graphql', { query: ARCHIVES }],
        ['letters (legacy)', '/api/admin/sns/letter/listMyLetterByPage.htm', { pageResult: { currentPage: 1, pageSize: 20 }, condition: {} }],
        ['staff (legacy)', '/api/admin/user/getEmployeeList.htm', {}],
      ];
      if (project) mix.push(['createTask', '/graphql', { query: CREATE_TASK, variables: { input: { projectId: project, title: `load ${role.account}`, executorId: me } } }]);
      for (const [name, pathname, body] of mix) {
        // Each request is checked once before the load: the mix must be valid for the role.
        const answer = await post(token, pathname, body, address);
        const bad = answer.errors || (answer.status && answer.status !== 'success') || answer.data?.createTask?.code;
        if (bad) {
          console.log(`(skipped for ${role.account}: ${name} answers ${JSON.stringify(answer).slice(0, 120)})`);
          continue;
        }
        names.push(`${role.account}: ${name}`);
        requests.push({ method: 'POST', path: pathname, headers, body: JSON.stringify(body) });
      }
    }

    const pids = serverPids(child);
    const rss = () => pids.reduce((sum, pid) => sum + rssOf(pid), 0);
    const samples: Array<{ t: number; rss: number }> = [{ t: 0, rss: rss() }];
    const began = Date.now();
    const sampler = setInterval(() => samples.push({ t: Math.round((Date.now() - began) / 1000), rss: rss() }), 30_000);
    let bodyErrors = 0;
    // An answer is an error when GraphQL answers `errors`, a write answers an Error type (`code`),
    // or the legacy envelope's status is not success.
    const withCheck = requests.map((r, i) => ({
      ...r,
      onResponse: (status: number, body: string) => {
        if (status !== 200) return;
        const name = names[i] ?? '';
        const bad =
          r.path === '/graphql' ? body.startsWith('{"errors"') || body.includes('"errors":[') || (name.endsWith('createTask') && !body.includes('"__typename":"TaskPayload"')) : !body.startsWith('{"status":"success"');
        if (bad) bodyErrors += 1;
      },
    }));
    console.log(`load: ${connections} connections for ${duration} s against ${base} (${workers} worker${workers > 1 ? 's' : ''}), ${requests.length} requests in the mix:\n  ${names.join('\n  ')}`);
    const times: number[] = [];
    const result = await autocannon({
      url: base,
      connections,
      duration,
      requests: withCheck as autocannon.Request[],
      setupClient: (client) => client.on('response', (_status: number, _bytes: number, ms: number) => times.push(ms)),
    });
    times.sort((a, b) => a - b);
    const pct = (p: number) => `${(times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))] ?? 0).toFixed(0)} ms`;
    clearInterval(sampler);
    samples.push({ t: Math.round((Date.now() - began) / 1000), rss: rss() });

    const errors = result.errors + result.timeouts + result.non2xx + bodyErrors;
    console.log('\n| connections | duration | requests | req/s (mean) | p50 | p95 | p99 | max | errors | RSS start | RSS end |');
    console.log('| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
    console.log(
      `| ${connections} | ${duration} s | ${result.requests.total} | ${result.requests.average.toFixed(0)} | ${pct(50)} | ${pct(95)} | ${pct(99)} | ${result.latency.max} ms | ${errors} | ${mb(samples[0]!.rss)} | ${mb(samples.at(-1)!.rss)} |`,
    );
    console.log(`\nErrors: ${result.errors} connection errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx, ${bodyErrors} error answers.`);
    if (pids.length) console.log(`RSS of the server process${pids.length > 1 ? 'es' : ''} (node only) over time: ${samples.map((s) => `${s.t}s=${mb(s.rss)}`).join(', ')}`);
  } finally {
    await stop();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.stack : String(err));
  process.exit(1);
});
