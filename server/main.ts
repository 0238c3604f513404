import cluster from 'node:cluster';
import http from 'node:http';
import { serve } from '@hono/node-server';
import { AggregatorRegistry } from 'prom-client';
import { loadConfig, type Config } from './config.ts';
import { createDb } from './db/client.ts';
import { openDatabase, type DatabaseHandle } from './db/database.ts';
import { applyMigrations, withSeedLock } from './db/migrate.ts';
import { databaseHealth } from './db/health.ts';
import { startJobQueue } from './jobs/queue.ts';
import { startScheduledBackups } from './db/scheduled-backup.ts';
import { beginShutdown } from './lifecycle.ts';
import { logger } from './logger.ts';
import { drained, registry } from './observe.ts';
import { guardSlowBodies, SLOW_BODY_RULES } from './lib/slow-bodies.ts';

/** In-flight requests get this long after SIGTERM before their connections are cut. */
const DRAIN_MS = 10_000;

/**
 * The server's code and the seed's (which imports every module) take seconds to load on a cold
 * start; they are loaded while the embedded database initialises and starts in its own process
 * (docs/performance.md, "Cold start").
 */
function loadCode() {
  const code = Promise.all([import('./app.ts'), import('./modules/auth/index.ts'), import('../prisma/seed/index.ts'), import('./lib/html-clean.ts')]).then(([app, auth, seed, html]) => ({
    createApp: app.createApp,
    startRichTextCleaner: html.startRichTextCleaner,
    pruneLoginAttempts: auth.pruneLoginAttempts,
    seed: seed.seed,
  }));
  // Awaited after the database opens; a failure to open it is the error to report.
  code.catch(() => {});
  return code;
}
type Code = Awaited<ReturnType<typeof loadCode>>;

/** Migrates and seeds an empty database (serialised by advisory locks: several processes may start at once). */
async function prepare(config: Config, url: string, seed: Code['seed']): Promise<number> {
  const migrated = await applyMigrations(url, { log: (line) => logger.info(line) });
  if (config.seedOnEmpty) {
    const db = createDb(url, { max: 2 });
    try {
      await withSeedLock(url, async () => {
        if ((await db.user.count()) > 0) return;
        logger.info('empty database: seeding demo data');
        await seed(db, { log: (line) => logger.info(line), files: config });
      });
    } finally {
      await db.$disconnect();
    }
  }
  return migrated.applied.length;
}

/** `GET /metrics` without a token on an internal listener (METRICS_PORT); `collect` answers the text. */
function metricsListener(config: Config, collect: () => Promise<{ body: string; type: string }>): http.Server | null {
  if (!config.metricsPort) return null;
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404).end();
      return;
    }
    collect().then(
      ({ body, type }) => res.writeHead(200, { 'content-type': type, 'cache-control': 'no-store' }).end(body),
      (err: unknown) => {
        logger.error('metrics collection failed', { error: (err as Error).message });
        res.writeHead(500).end();
      },
    );
  });
  server.listen(config.metricsPort, config.metricsHost, () => logger.info('metrics listening', { host: config.metricsHost, port: config.metricsPort }));
  return server;
}

/** One HTTP server process: the database is opened (or given by the primary), migrated, served. */
async function serveProcess(config: Config, started: number): Promise<void> {
  const worker = cluster.isWorker;
  const code = loadCode();
  const database: DatabaseHandle = await openDatabase(config, (line) => logger.debug('postgres', { line: line.trim() }));
  if (!worker) logger.info(database.embedded ? 'embedded PostgreSQL started' : 'using DATABASE_URL', database.embedded ? { dataDir: config.dataDir } : {});
  const { createApp, pruneLoginAttempts, seed, startRichTextCleaner } = await code;
  const applied = worker ? 0 : await prepare(config, database.url, seed);
  const db = createDb(database.url, { max: config.dbPoolSize, waitMs: config.dbPoolWaitMs });
  const app = createApp({ db, config });
  // Every server process runs jobs (exports); with WORKERS=N each job still runs once (docs/jobs.md).
  const jobs = await startJobQueue(database.url, { db, config });
  // The rich-text cleaner's thread loads now, not during the first save (server/lib/html-clean.ts).
  startRichTextCleaner();
  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host });
  // A client that sends its headers or body very slowly does not hold a connection for ever.
  const httpServer = server as { headersTimeout?: number; requestTimeout?: number };
  httpServer.headersTimeout = 20_000;
  httpServer.requestTimeout = 120_000;
  // A body that trickles in (a few bytes a second) is refused after a few seconds, not two minutes.
  guardSlowBodies(server as http.Server, SLOW_BODY_RULES, (req) => logger.warn('slow request body refused', { path: (req.url ?? '').split('?')[0] }));
  const prune = setInterval(() => void pruneLoginAttempts(db).catch(() => {}), 3_600_000);
  prune.unref();
  // Workers report to the primary's listener; a single process has its own.
  const metrics = worker ? null : metricsListener(config, async () => ({ body: await registry.metrics(), type: registry.contentType }));
  const backups = worker ? null : startScheduledBackups(config, database.url);
  server.once('listening', () => {
    logger.info(`listening on http://localhost:${config.port}`, { pid: process.pid, worker, migrationsApplied: applied, startupMs: Date.now() - started });
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info(`${signal}: stopping`, { pid: process.pid });
    clearInterval(prune);
    backups?.stop();
    metrics?.close();
    // Open event streams end now; new connections are refused; in-flight requests finish (bounded).
    beginShutdown();
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      // Idle keep-alive sockets would hold close() open.
      (server as { closeIdleConnections?: () => void }).closeIdleConnections?.();
      setTimeout(() => (server as { closeAllConnections?: () => void }).closeAllConnections?.(), DRAIN_MS).unref();
    });
    // Requests whose client left are still being worked on: their writes finish before the pool closes.
    // A running job finishes too (graphile-worker's graceful stop); queued ones wait for the next start.
    await Promise.all([drained(DRAIN_MS), jobs.stop()]);
    await db.$disconnect().catch(() => {});
    await database.stop().catch(() => {});
    logger.info('stopped', { pid: process.pid });
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

/**
 * WORKERS=N: this process opens the database (the embedded one runs here), migrates and
 * seeds, then forks N server processes that share the port (Node cluster) and the database.
 * A worker that dies is replaced; SIGTERM stops the workers (each drains), then the database.
 */
async function primary(config: Config, started: number): Promise<void> {
  const seedCode = import('../prisma/seed/index.ts');
  seedCode.catch(() => {});
  const database = await openDatabase(config, (line) => logger.debug('postgres', { line: line.trim() }));
  logger.info(database.embedded ? 'embedded PostgreSQL started' : 'using DATABASE_URL', { workers: config.workers });
  const applied = await prepare(config, database.url, (await seedCode).seed);
  const env = { DATABASE_URL: database.url, SEED_ON_EMPTY: 'false' };
  let stopping = false;
  const fork = () => cluster.fork(env);
  for (let i = 0; i < config.workers; i++) fork();
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    logger.warn('worker exited; starting another', { pid: worker.process.pid, code, signal });
    setTimeout(fork, 1000).unref();
  });
  const aggregator = new AggregatorRegistry();
  const metrics = metricsListener(config, async () => ({ body: await aggregator.clusterMetrics(), type: aggregator.contentType }));
  const backups = startScheduledBackups(config, database.url);
  logger.info('primary ready', { workers: config.workers, migrationsApplied: applied, startupMs: Date.now() - started });

  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info(`${signal}: stopping workers`);
    beginShutdown();
    backups.stop();
    metrics?.close();
    const workers = Object.values(cluster.workers ?? {}).filter((w) => w !== undefined);
    await Promise.all(
      workers.map(
        (w) =>
          new Promise<void>((resolve) => {
            w.once('exit', () => resolve());
            w.process.kill('SIGTERM');
            setTimeout(() => {
              w.process.kill('SIGKILL');
              resolve();
            }, DRAIN_MS + 5000).unref();
          }),
      ),
    );
    await database.stop().catch(() => {});
    logger.info('stopped');
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

async function main(): Promise<void> {
  const started = Date.now();
  const config = loadConfig();
  logger.setLevel(config.logLevel);
  if (config.workers > 1 && cluster.isPrimary) return primary(config, started);
  return serveProcess(config, started);
}

// Nothing unexpected ends the process: it is logged (a lost database connection once per outage).
process.on('unhandledRejection', (err) => {
  if (!databaseHealth.report(err)) logger.error('unhandled rejection', { error: err instanceof Error ? err.message : String(err), stack: err instanceof Error ? err.stack : undefined });
});

main().catch((err: unknown) => {
  logger.error('startup failed', { error: err instanceof Error ? err.message : String(err) });
  process.exit(1);
});
