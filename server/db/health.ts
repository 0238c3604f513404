// The client's type from the generated client itself: client.ts imports this file.
import type { PrismaClient as Db } from '../generated/prisma/client.ts';
import { logger } from '../logger.ts';

/**
 * What this process knows of its database: ready, or unavailable since an instant (one
 * outage). Every part that meets a failed connection reports it here; the outage is logged
 * once when it starts and once when it ends, never once per request (docs/security.md). The
 * embedded database's supervisor (db/embedded.ts) reports its process dying and coming back.
 */
export type DatabaseState = { ready: boolean; since: Date; reason: string | null };

/** Error codes of a connection that failed or was cut (Node, PostgreSQL SQLSTATE, Prisma). */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  // admin_shutdown, crash_shutdown, cannot_connect_now, connection exceptions
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  // Prisma: cannot reach, timed out, closed, pool timeout
  'P1001',
  'P1002',
  'P1017',
  'P2024',
]);

const CONNECTION_TEXT =
  /ECONNREFUSED|ECONNRESET|Connection terminated|connection to server .* failed|Can't reach database server|Server has closed the connection|the database system is (starting up|shutting down|in recovery mode|not yet accepting connections)|terminating connection due to (administrator command|unexpected postmaster exit)|Timed out fetching a new connection|Connection refused|Client has encountered a connection error|Code: `(57P0[1-3]|08\d{3})`/i;

/** Whether an error (or one it wraps) is the database being unreachable rather than a bug. */
export function isConnectionError(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 5) return false;
  const e = err as { code?: unknown; message?: unknown; cause?: unknown; meta?: { code?: unknown; originalCode?: unknown }; originalCode?: unknown };
  for (const code of [e.code, e.originalCode, e.meta?.code, e.meta?.originalCode]) {
    if (typeof code === 'string' && CONNECTION_CODES.has(code)) return true;
  }
  if (typeof e.message === 'string' && CONNECTION_TEXT.test(e.message)) return true;
  return isConnectionError(e.cause, depth + 1) || isConnectionError((err as { originalError?: unknown }).originalError, depth + 1);
}

// Waiting in the pool's queue past DB_POOL_WAIT_MS, or a new connection not made within it
// (PostgreSQL slow to start a backend under load): both mean "come back shortly".
const POOL_BUSY_TEXT = /timeout exceeded when trying to connect|Connection terminated due to connection timeout/i;

/**
 * Whether an error is a request that waited too long for a free connection of its process's
 * pool (every connection busy, the database fine): answered 503 with `Retry-After`, not 500.
 */
export function isPoolBusy(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 5) return false;
  const e = err as { message?: unknown; cause?: unknown; originalError?: unknown };
  if (typeof e.message === 'string' && POOL_BUSY_TEXT.test(e.message)) return true;
  return isPoolBusy(e.cause, depth + 1) || isPoolBusy(e.originalError, depth + 1);
}

/** The `Retry-After` (seconds) of a 503 for a busy pool. */
export const POOL_BUSY_RETRY_SECONDS = 2;

const PROBE_TIMEOUT_MS = 2000;
/** Requests that began during an outage may fail just after it ended: their failures are its tail, not a new outage. */
const SETTLE_MS = 5000;

function createHealth() {
  let state: DatabaseState = { ready: true, since: new Date(), reason: null };
  let upAt = 0;
  return {
    state: (): DatabaseState => state,
    /**
     * The database cannot be reached: the first report of an outage is logged, later ones are
     * not. A request's failure (`settling`) just after an outage ended belongs to that outage.
     */
    down(reason: string, options: { settling?: boolean; startedAt?: number } = {}): void {
      if (!state.ready) return;
      if (options.settling && Date.now() - upAt < SETTLE_MS) return;
      if (options.startedAt !== undefined && options.startedAt < upAt) return;
      state = { ready: false, since: new Date(), reason };
      logger.error('database unavailable', { reason });
    },
    /** The database answers again: the end of the outage is logged with its length. */
    up(options: { startedAt?: number } = {}): void {
      if (state.ready) return;
      // A query that began before the outage and answered proves nothing about now.
      if (options.startedAt !== undefined && options.startedAt <= state.since.getTime()) return;
      const outageMs = Date.now() - state.since.getTime();
      state = { ready: true, since: new Date(), reason: null };
      upAt = Date.now();
      logger.info('database available again', { outageMs });
    },
    /**
     * Reports a failure if it is a connection failure (answers true: the caller answers
     * "unavailable" and logs nothing more); anything else is the caller's to log.
     */
    report(err: unknown): boolean {
      // A busy pool is not an outage: its callers answer 503 with Retry-After (isPoolBusy).
      if (isPoolBusy(err) || !isConnectionError(err)) return false;
      this.down(err instanceof Error ? err.message.slice(0, 200) : 'connection failed', { settling: true });
      return true;
    },
    /** One `SELECT 1` within 2 s: the readiness answer of /healthz. */
    async probe(db: Db): Promise<boolean> {
      const startedAt = Date.now();
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          db.$queryRaw`SELECT 1`,
          new Promise((_, reject) => {
            timer = setTimeout(() => reject(new Error('Connection refused: no answer within 2 s')), PROBE_TIMEOUT_MS);
          }),
        ]);
        this.up({ startedAt });
        return state.ready;
      } catch (err) {
        this.down(isConnectionError(err) ? (err as Error).message.slice(0, 200) : 'health probe failed', { startedAt });
        return false;
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

/** The process's one database (one process, one database). */
export const databaseHealth = createHealth();
