import pg from 'pg';
import { connectionStringOf, type Db } from '../db/client.ts';
import { logger } from '../logger.ts';

/**
 * A per-process cache of authenticated sessions, keyed by the token's hash, so that a request
 * with a token costs no round trip to PostgreSQL (docs/performance.md, "Sessions").
 *
 * It is safe across several server processes on one database because every change that can
 * refuse or alter a cached session is announced by the database itself: triggers
 * (prisma/migrations/20261125210000_session_notify) NOTIFY the channel `bo_sessions` when a
 * token is revoked, refreshed or deleted, a user is deactivated or renamed or changes language,
 * zone or type, a user's roles change, or a role's or right's definition changes. PostgreSQL
 * delivers notifications at commit, to every listening connection of every process.
 *
 * - The cache is used only while this process's LISTEN connection is up. Until it is in place,
 *   and from the moment it is lost until it is back (then everything is dropped, since
 *   notifications sent meanwhile are lost), every request reads the database as before.
 * - An entry lives at most `ttlMs` (a bound on any missed notification), is refused past the
 *   token's expiry by the caller (which re-checks the stored dates on every hit), and is dropped
 *   on any notification for its user or on "*".
 * - A read that raced an invalidation is not stored: each invalidation bumps a generation, and
 *   `store` refuses a value read under an older one.
 * - A write made through `runWrite` in this process drops, when it commits, the entries of the
 *   users whose sessions it changed (`afterLocalWrite`), so this process sees its own writes at
 *   once without waiting for its own notification; a write that changes no session drops
 *   nothing. The same triggers note those users in the transaction-local setting
 *   `bo.session_users` (prisma/migrations/20261207120000_session_notify_local), which runWrite
 *   reads before COMMIT (`sessionsChangedBy`). Other processes see them within the
 *   notification's delivery (well under a second).
 * - The LISTEN connection is closed after a minute without requests, so a process (or a test's
 *   app) that stops serving leaves no connection behind; the next request reopens it.
 */
export const SESSION_CHANNEL = 'bo_sessions';
const MAX_ENTRIES = 20_000;
const IDLE_CLOSE_MS = 60_000;

type Entry<T> = { value: T; userId: number; storedAt: number };

export class SessionCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private client: pg.Client | null = null;
  private connecting: Promise<void> | null = null;
  private retry: NodeJS.Timeout | null = null;
  private idle: NodeJS.Timeout | null = null;
  private lastUsed = 0;
  private generation = 0;

  constructor(
    private readonly url: string,
    private readonly ttlMs: number,
  ) {}

  /**
   * The cached value for a token hash, or undefined. Also marks the cache as in use, which opens
   * the LISTEN connection if it is not open (this request still reads the database).
   */
  get(hash: string, now: number): T | undefined {
    this.lastUsed = now;
    if (!this.client) {
      // While a retry is pending (the database is not answering) requests do not add attempts.
      if (!this.retry) this.connect().catch(() => {});
      return undefined;
    }
    const entry = this.entries.get(hash);
    if (!entry) return undefined;
    if (now - entry.storedAt >= this.ttlMs) {
      this.entries.delete(hash);
      return undefined;
    }
    return entry.value;
  }

  /** The generation to hand back to `store` with a value read from the database after this call. */
  mark(): number {
    return this.generation;
  }

  store(hash: string, userId: number, value: T, generation: number, now: number): void {
    if (!this.client || generation !== this.generation) return;
    if (this.entries.size >= MAX_ENTRIES) {
      // Oldest first (insertion order).
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(hash, { value, userId, storedAt: now });
  }

  /** Drops every entry: a write of this process committed, or notifications may have been lost. */
  clear(): void {
    this.generation += 1;
    this.entries.clear();
  }

  /** Drops the entries of one user (their sessions changed). */
  dropUser(userId: number): void {
    this.generation += 1;
    for (const [hash, entry] of this.entries) if (entry.userId === userId) this.entries.delete(hash);
  }

  /** Opens the LISTEN connection (once); entries are trusted only once it is in place. */
  ready(): Promise<void> {
    this.lastUsed = Date.now();
    return this.connect();
  }

  private connect(): Promise<void> {
    if (this.client) return Promise.resolve();
    if (this.connecting) return this.connecting;
    const client = new pg.Client({ connectionString: this.url, application_name: 'back-office session cache' });
    client.on('notification', (msg) => this.dispatch(msg.payload));
    client.on('error', (err) => this.lost(client, err));
    client.on('end', () => this.lost(client, null));
    this.connecting = (async () => {
      await client.connect();
      await client.query(`LISTEN ${SESSION_CHANNEL}`);
      // Anything cached before (by an earlier connection) may have missed notifications.
      this.clear();
      this.client = client;
      this.scheduleIdleCheck();
    })()
      .catch(async (err: unknown) => {
        await client.end().catch(() => {});
        this.scheduleRetry();
        throw err;
      })
      .finally(() => {
        this.connecting = null;
      });
    this.connecting.catch(() => {});
    return this.connecting;
  }

  private dispatch(payload: string | undefined): void {
    if (payload?.startsWith('u:')) {
      const id = Number(payload.slice(2));
      if (Number.isInteger(id)) return this.dropUser(id);
    }
    this.clear();
  }

  private lost(client: pg.Client, err: Error | null): void {
    if (this.client !== client) return;
    this.client = null;
    this.clear();
    client.end().catch(() => {});
    if (err && Date.now() - this.lastUsed < IDLE_CLOSE_MS) logger.warn('session cache: LISTEN connection lost; sessions are read from the database until it is back', { error: err.message });
    this.scheduleRetry();
  }

  /** While requests keep coming, tries again (1 s); an idle process does not. */
  private scheduleRetry(): void {
    if (this.retry || Date.now() - this.lastUsed >= IDLE_CLOSE_MS) return;
    this.retry = setTimeout(() => {
      this.retry = null;
      if (Date.now() - this.lastUsed < IDLE_CLOSE_MS) this.connect().catch(() => {});
    }, 1000);
    this.retry.unref();
  }

  private scheduleIdleCheck(): void {
    if (this.idle) return;
    this.idle = setTimeout(() => {
      this.idle = null;
      if (!this.client) return;
      if (Date.now() - this.lastUsed >= IDLE_CLOSE_MS) return this.close();
      this.scheduleIdleCheck();
    }, IDLE_CLOSE_MS / 4);
    this.idle.unref();
  }

  /** Closes the LISTEN connection and drops every entry (the next request reopens it). */
  close(): void {
    const client = this.client;
    this.client = null;
    this.clear();
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    if (client) client.end().catch(() => {});
  }
}

const caches = new WeakMap<Db, SessionCache<unknown>>();

/**
 * The session cache of a database client (one per Db, hence one per process and database), or
 * null when caching is off (`ttlSeconds` 0) or the client has no known URL to LISTEN on.
 */
export function sessionCacheOf<T>(db: Db, ttlSeconds: number): SessionCache<T> | null {
  if (ttlSeconds <= 0) return null;
  let cache = caches.get(db);
  if (!cache) {
    const url = connectionStringOf(db);
    if (!url) return null;
    caches.set(db, (cache = new SessionCache<unknown>(url, ttlSeconds * 1000)));
  }
  return cache as SessionCache<T>;
}

/** Whose sessions a write changed: user ids, or "*" for every session. */
export type ChangedSessions = readonly number[] | '*';

/**
 * Inside a write's transaction, before COMMIT: the users whose sessions it changed, as the
 * session triggers noted them in `bo.session_users` (empty when it changed none).
 */
export async function sessionsChangedBy(tx: Pick<Db, '$queryRaw'>): Promise<ChangedSessions> {
  const [row] = await tx.$queryRaw<Array<{ noted: string | null }>>`SELECT current_setting('bo.session_users', true) AS noted`;
  return parseChangedSessions(row?.noted ?? null);
}

export function parseChangedSessions(noted: string | null): ChangedSessions {
  if (!noted) return [];
  if (noted === '*') return '*';
  const ids = noted.split(',').map(Number);
  // Anything unexpected is read as "every session": never a stale session.
  return ids.every((id) => Number.isInteger(id) && id > 0) ? ids : '*';
}

/** After a write of this process committed: its own requests must see it at once. */
export function afterLocalWrite(db: Db, changed: ChangedSessions): void {
  const cache = caches.get(db);
  if (!cache) return;
  if (changed === '*') cache.clear();
  else for (const id of changed) cache.dropUser(id);
}
