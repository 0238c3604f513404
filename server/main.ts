import { serve } from '@hono/node-server';
import { createApp } from './app.ts';
import { loadConfig } from './config.ts';
import { createDb } from './db/client.ts';
import { openDatabase } from './db/database.ts';
import { applyMigrations, withSeedLock } from './db/migrate.ts';
import { databaseHealth } from './db/health.ts';
import { logger } from './logger.ts';
import { pruneLoginAttempts } from './modules/auth/index.ts';
import { seed } from '../prisma/seed/index.ts';

/** Starts the database (embedded unless DATABASE_URL), migrates, seeds an empty one, listens. */
async function main(): Promise<void> {
  const started = Date.now();
  const config = loadConfig();
  logger.setLevel(config.logLevel);
  const database = await openDatabase(config, (line) => logger.debug('postgres', { line: line.trim() }));
  logger.info(database.embedded ? 'embedded PostgreSQL started' : 'using DATABASE_URL', database.embedded ? { dataDir: config.dataDir } : {});
  const migrated = await applyMigrations(database.url, { log: (line) => logger.info(line) });
  const db = createDb(database.url, { max: 20 });
  if (config.seedOnEmpty) {
    await withSeedLock(database.url, async () => {
      if ((await db.user.count()) > 0) return;
      logger.info('empty database: seeding demo data');
      await seed(db, { log: (line) => logger.info(line) });
    });
  }
  const app = createApp({ db, config });
  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host });
  // A client that sends its headers or body very slowly does not hold a connection for ever.
  const http = server as { headersTimeout?: number; requestTimeout?: number };
  http.headersTimeout = 20_000;
  http.requestTimeout = 120_000;
  const prune = setInterval(() => void pruneLoginAttempts(db).catch(() => {}), 3_600_000);
  prune.unref();
  server.once('listening', () => {
    logger.info(`listening on http://localhost:${config.port}`, { migrationsApplied: migrated.applied.length, startupMs: Date.now() - started });
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info(`${signal}: stopping`);
    clearInterval(prune);
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      // Idle keep-alive sockets would hold close() open; in-flight requests get 5 s.
      (server as { closeIdleConnections?: () => void }).closeIdleConnections?.();
      setTimeout(() => (server as { closeAllConnections?: () => void }).closeAllConnections?.(), 5000).unref();
    });
    await db.$disconnect().catch(() => {});
    await database.stop().catch(() => {});
    logger.info('stopped');
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

// Nothing unexpected ends the process: it is logged (a lost database connection once per outage).
process.on('unhandledRejection', (err) => {
  if (!databaseHealth.report(err)) logger.error('unhandled rejection', { error: err instanceof Error ? err.message : String(err), stack: err instanceof Error ? err.stack : undefined });
});

main().catch((err: unknown) => {
  logger.error('startup failed', { error: err instanceof Error ? err.message : String(err) });
  process.exit(1);
});
