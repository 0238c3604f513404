/**
 * Writes a GraphQL request collects while it runs and makes once, when its execution is done and
 * before its answer leaves (the `writeWhenDone` plugin of graphql/yoga.ts). A detail that reveals
 * sensitive fields in ten sections side by side logs them in one statement instead of ten; the
 * answer still waits for the write, and if it fails the data is not sent. Outside such a request
 * (the legacy door, scripts) nothing collects, and callers write at once.
 */
type Flush = () => Promise<void>;

const queues = new WeakMap<object, Map<string, Flush>>();

/** The request `ctx` collects from now on. */
export function collectUntilDone(ctx: object): void {
  queues.set(ctx, new Map());
}

/**
 * Registers `flush` under `key` for the end of the request (the first registration of a key
 * wins: it should write everything collected under it). False when the request does not collect:
 * the caller writes now.
 */
export function whenDone(ctx: object, key: string, flush: Flush): boolean {
  const queue = queues.get(ctx);
  if (!queue) return false;
  if (!queue.has(key)) queue.set(key, flush);
  return true;
}

/** Runs what the request collected and stops collecting (later writes of the request are made at once). */
export async function runCollected(ctx: object): Promise<void> {
  const queue = queues.get(ctx);
  queues.delete(ctx);
  if (queue) for (const flush of queue.values()) await flush();
}
