import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { BenchCaseFile } from '../env.ts';
import { startJobQueue } from '../../../server/jobs/queue.ts';

/**
 * Exports off the request path (issue 34, docs/jobs.md): the archive list grown to 20 000
 * archives, then `/livez` measured while 20 000-row exports run one after another in this
 * process's job runner (goal: under 50 ms), the export itself from the mutation to DONE, and
 * the process's resident memory before and at its highest meanwhile (goal: +100 MB at most),
 * printed when the file ends. Run alone: `npm run bench -- --only exports`.
 */
const START = `mutation ExportBenchStart { startArchiveExport(filter: {}) { __typename ... on ExportJob { id total } ... on Error { message } } }`;
const POLL = `query ExportBenchPoll($id: ID!) { node(id: $id) { ... on ExportJob { state } } }`;
const ROWS = 20_000;

const cases: BenchCaseFile = async ({ gql, call, adminToken, db, url, config, onClose }) => {
  const have = await db.archive.count({ where: { deletedAt: null } });
  if (have < ROWS) {
    const consultant = await db.user.findFirstOrThrow({ where: { account: 'consultant' }, select: { id: true } });
    await db.$executeRawUnsafe(
      `WITH s AS (INSERT INTO users (type, name, state) SELECT 3, 'Export bench ' || g, 1 FROM generate_series(1, $1::int) g RETURNING id, name)
       INSERT INTO archives (student_id, name, search_name, consultant_id, remark) SELECT id, name, lower(name), $2::int, 'bench' FROM s`,
      ROWS - have,
      consultant.id,
    );
  }
  const queue = await startJobQueue(url, { db, config });
  onClose(() => queue.stop());

  const exportOnce = async () => {
    const started = (await (await gql(adminToken, START)).json()) as { data: { startArchiveExport: { id?: string; total?: number; message?: string } } };
    const job = started.data.startArchiveExport;
    if (!job.id || job.total !== ROWS) throw new Error(`export not started: ${job.message ?? job.total}`);
    for (;;) {
      const polled = (await (await gql(adminToken, POLL, { id: job.id })).json()) as { data: { node: { state: string } } };
      if (polled.data.node.state === 'DONE') return;
      if (polled.data.node.state === 'FAILED') throw new Error('export failed');
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  // While the case runs: `/livez` every 20 ms (its latency through the app), the event loop's
  // delay and the resident memory, printed when the file ends.
  const livez: number[] = [];
  const loop = monitorEventLoopDelay({ resolution: 10 });
  const rssBefore = process.memoryUsage().rss;
  let rssPeak = rssBefore;
  let measuring = false;
  let probe: Promise<void> | null = null;
  const probeLivez = async () => {
    while (measuring) {
      const t0 = performance.now();
      await call('/livez', { method: 'GET' });
      livez.push(performance.now() - t0);
      rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  onClose(async () => {
    measuring = false;
    await probe;
    loop.disable();
    if (!livez.length) return;
    const sorted = [...livez].sort((x, y) => x - y);
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(1);
    const mb = (n: number) => Math.round(n / 1048576);
    console.log(
      `exports: /livez during 20,000-row exports: ${livez.length} probes, p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${at(1)} ms (goal < 50 ms); ` +
        `event-loop delay p99 ${(loop.percentile(99) / 1e6).toFixed(1)} ms, max ${(loop.max / 1e6).toFixed(1)} ms; ` +
        `RSS ${mb(rssBefore)} MB before, ${mb(rssPeak)} MB at most (+${mb(rssPeak - rssBefore)} MB; goal +100 MB)`,
    );
  });

  return [
    {
      name: 'archive export of 20,000 rows, mutation to DONE (with /livez probed meanwhile)',
      iterations: 3,
      run: async () => {
        if (!measuring) {
          measuring = true;
          loop.enable();
          probe = probeLivez();
        }
        await exportOnce();
      },
    },
  ];
};

export default cases;
