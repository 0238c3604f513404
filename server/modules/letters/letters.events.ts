import pg from 'pg';
import { connectionStringOf, type Db, type Tx } from '../../db/client.ts';
import { shutdownSignal } from '../../lifecycle.ts';
import { logger } from '../../logger.ts';
import { SESSION_CHANNEL } from '../../session/session-cache.ts';

/**
 * "A user's letter box changed" events, shared by every server process on one database
 * through PostgreSQL LISTEN/NOTIFY:
 *
 * - writers call `notifyLetterBoxes(tx, userIds)` inside their transaction; PostgreSQL
 *   delivers the notification only when (and if) the transaction commits, to every
 *   connection listening on the channel, whichever process holds it;
 * - each process keeps at most one LISTEN connection per database, opened when the first
 *   subscriber arrives and closed when the last one leaves, and fans notifications out to
 *   its subscribers in memory. After a lost connection it reconnects and tells every
 *   subscriber to re-read, since notifications sent meanwhile are lost.
 *
 * The payload is a JSON array of user ids (chunks keep it under NOTIFY's 8000-byte limit).
 *
 * The same connection listens to the sessions' channel (server/session/session-cache.ts): a
 * user's session changed (logout, revocation, deactivation; "*" for everyone) wakes that
 * user's streams, which authenticate again and end when the token no longer holds, at once
 * rather than at the next letter (issue 33, finding 8).
 */
export const LETTER_CHANNEL = 'bo_letter_boxes';
const CHUNK = 500;

export async function notifyLetterBoxes(tx: Tx, userIds: Iterable<number>): Promise<void> {
  const ids = [...new Set(userIds)];
  for (let i = 0; i < ids.length; i += CHUNK) {
    await tx.$executeRaw`SELECT pg_notify(${LETTER_CHANNEL}, ${JSON.stringify(ids.slice(i, i + CHUNK))})`;
  }
}

type Listener = () => void;

class LetterBoxHub {
  private readonly listeners = new Map<number, Set<Listener>>();
  private client: pg.Client | null = null;
  private connecting: Promise<void> | null = null;
  private retry: NodeJS.Timeout | null = null;

  constructor(private readonly url: string) {}

  /** Registers a listener for one user; resolves once LISTEN is in place. */
  async subscribe(userId: number, listener: Listener): Promise<() => void> {
    let set = this.listeners.get(userId);
    if (!set) this.listeners.set(userId, (set = new Set()));
    set.add(listener);
    const unsubscribe = () => {
      const current = this.listeners.get(userId);
      current?.delete(listener);
      if (current && current.size === 0) this.listeners.delete(userId);
      if (this.listeners.size === 0) this.close();
    };
    try {
      await this.connect();
    } catch (err) {
      unsubscribe();
      throw err;
    }
    return unsubscribe;
  }

  private connect(): Promise<void> {
    if (this.client) return Promise.resolve();
    if (this.connecting) return this.connecting;
    const client = new pg.Client({ connectionString: this.url, application_name: 'back-office letter events' });
    this.connecting = (async () => {
      client.on('notification', (msg) => (msg.channel === SESSION_CHANNEL ? this.sessionChanged(msg.payload) : this.dispatch(msg.payload)));
      client.on('error', (err) => this.lost(client, err));
      client.on('end', () => this.lost(client, null));
      await client.connect();
      await client.query(`LISTEN ${LETTER_CHANNEL}; LISTEN ${SESSION_CHANNEL}`);
      this.client = client;
    })().finally(() => {
      this.connecting = null;
    });
    return this.connecting.catch(async (err: unknown) => {
      await client.end().catch(() => {});
      throw err;
    });
  }

  private dispatch(payload: string | undefined): void {
    let ids: unknown;
    try {
      ids = JSON.parse(payload ?? '[]');
    } catch {
      return;
    }
    if (!Array.isArray(ids)) return;
    for (const id of ids) {
      for (const listener of this.listeners.get(Number(id)) ?? []) listener();
    }
  }

  /** A session notification: "u:<id>" wakes that user's listeners, anything else everyone's. */
  private sessionChanged(payload: string | undefined): void {
    const id = payload?.startsWith('u:') ? Number(payload.slice(2)) : NaN;
    const sets = Number.isInteger(id) ? [this.listeners.get(id) ?? new Set<Listener>()] : [...this.listeners.values()];
    for (const set of sets) for (const listener of set) listener();
  }

  private lost(client: pg.Client, err: Error | null): void {
    if (this.client !== client) return;
    this.client = null;
    client.end().catch(() => {});
    if (this.listeners.size === 0) return;
    if (err) logger.warn('letter events: LISTEN connection lost, reconnecting', { error: err.message });
    this.reconnect(1000);
  }

  /** Tries again until the database answers (a restart may take a while): 1 s, then doubling up to 30 s. */
  private reconnect(delay: number): void {
    this.retry = setTimeout(() => {
      this.retry = null;
      if (this.listeners.size === 0) return;
      this.connect()
        .then(() => {
          // Notifications sent while disconnected are lost: everyone re-reads.
          for (const set of this.listeners.values()) for (const listener of set) listener();
        })
        .catch(() => this.reconnect(Math.min(delay * 2, 30_000)));
    }, delay);
    this.retry.unref();
  }

  private close(): void {
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    const client = this.client;
    this.client = null;
    if (client) client.end().catch(() => {});
    // A connection still being opened is closed as soon as it is ready.
    this.connecting
      ?.then(() => {
        if (this.listeners.size === 0 && this.client) {
          const c = this.client;
          this.client = null;
          c.end().catch(() => {});
        }
      })
      .catch(() => {});
  }
}

const hubs = new WeakMap<Db, LetterBoxHub>();

/** The hub of a database client (one per Db, hence one LISTEN connection per process and database). */
export function letterBoxHub(db: Db): LetterBoxHub {
  let hub = hubs.get(db);
  if (!hub) {
    const url = connectionStringOf(db);
    if (!url) throw new Error('letter events need a database client made by createDb');
    hubs.set(db, (hub = new LetterBoxHub(url)));
  }
  return hub;
}

/**
 * An async iterable of a user's letter-box changes: yields once at once (so the subscriber
 * reads the current state after LISTEN is in place), then once per change; bursts collapse
 * into one wake-up. Ends when the consumer stops (return()) or the process shuts down.
 */
export function letterBoxChanges(db: Db, userId: number, signal: AbortSignal = shutdownSignal): AsyncIterable<void> {
  return {
    [Symbol.asyncIterator]() {
      let pending = true;
      let wake: (() => void) | null = null;
      let done = false;
      let unsubscribe: (() => void) | null = null;
      const ready = letterBoxHub(db).subscribe(userId, () => {
        pending = true;
        wake?.();
      });
      const finish = () => {
        signal.removeEventListener('abort', finish);
        done = true;
        unsubscribe?.();
        wake?.();
      };
      if (signal.aborted) finish();
      else signal.addEventListener('abort', finish, { once: true });
      return {
        async next(): Promise<IteratorResult<void>> {
          if (!unsubscribe) unsubscribe = await ready;
          if (done) {
            unsubscribe();
            return { done: true, value: undefined };
          }
          while (!pending && !done) await new Promise<void>((resolve) => (wake = resolve));
          wake = null;
          if (done) {
            unsubscribe();
            return { done: true, value: undefined };
          }
          pending = false;
          return { done: false, value: undefined };
        },
        async return(): Promise<IteratorResult<void>> {
          finish();
          if (!unsubscribe) (await ready.catch(() => null))?.();
          return { done: true, value: undefined };
        },
      };
    },
  };
}
