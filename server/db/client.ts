import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { observeStatement, watchPool } from '../observe.ts';
import { databaseHealth } from './health.ts';
import { PrismaClient } from '../generated/prisma/client.ts';
import type { Prisma } from '../generated/prisma/client.ts';

export type Db = PrismaClient;
/** The client handed to `$transaction(async (tx) => ...)`. */
export type Tx = Prisma.TransactionClient;

const connectionStrings = new WeakMap<PrismaClient, string>();

/**
 * A Prisma client on its own pg pool of `max` connections. With `waitMs`, a statement that
 * waits longer than that for a free connection fails with pg's "timeout exceeded when trying
 * to connect", which both doors answer 503 with Retry-After (`isPoolBusy`).
 */
export function createDb(url: string, options: { max?: number; waitMs?: number } = {}): PrismaClient {
  // A pooled connection cut by the server (a restart) is reported once per outage, not thrown.
  const report = (err: Error) => void databaseHealth.report(err);
  // Our own pool, so that /metrics can report its connections (server/observe.ts).
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10, ...(options.waitMs ? { connectionTimeoutMillis: options.waitMs } : {}) });
  watchPool(pool);
  const db = new PrismaClient({
    adapter: new PrismaPg(pool, { onPoolError: report, onConnectionError: report, disposeExternalPool: true }),
    log: [{ emit: 'event', level: 'query' }],
  });
  db.$on('query', (e) => observeStatement(e.duration));
  connectionStrings.set(db, url);
  return db as PrismaClient;
}

/** The URL a client was created with, for connections outside its pool (LISTEN/NOTIFY). */
export function connectionStringOf(db: PrismaClient): string | undefined {
  return connectionStrings.get(db);
}

/** For a client made without `createDb` (the bench counts statements on its own client). */
export function rememberConnectionString(db: PrismaClient, url: string): void {
  connectionStrings.set(db, url);
}
