/**
 * The one per-request batch loader of GraphQL fields: values by id, per request (`ctx`) and
 * kind. Every id asked for before the load starts is read in one statement; a value already
 * read (or primed by the list that read the page) is answered at once, without a promise, so
 * thousands of rows naming a handful of others cost nothing per row. An id asked for once a
 * load has started goes into the next load.
 *
 * A load starts at the end of the current microtask queue (`wait: 'microtask'`, the default) or
 * at the event loop's next turn (`wait: 'turn'`: every resolver GraphQL can reach without I/O
 * asks first; for fields under Prisma relations, which resolve over several ticks). Why not
 * `@pothos/plugin-dataloader`: docs/decisions.md ("One batch loader").
 */

export type LoadOptions = { wait?: 'microtask' | 'turn' };

type Cache = { values: Map<number, unknown>; pending: Set<number> | null; batch: Promise<void> | null };
const caches = new WeakMap<object, Map<string, Cache>>();

function cacheOf(ctx: object, kind: string): Cache {
  let perCtx = caches.get(ctx);
  if (!perCtx) caches.set(ctx, (perCtx = new Map()));
  let cache = perCtx.get(kind);
  if (!cache) perCtx.set(kind, (cache = { values: new Map(), pending: null, batch: null }));
  return cache;
}

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The value of `id`, read with every other id of the same kind asked for meanwhile: `load`
 * answers rows with an `id` or a map from id to value; an id it leaves out is `null`.
 */
export function loadById<T>(ctx: object, kind: string, id: number, load: (ids: number[]) => Promise<T[] | Map<number, T>>, options: LoadOptions = {}): T | null | Promise<T | null> {
  const cache = cacheOf(ctx, kind);
  if (cache.values.has(id)) return (cache.values.get(id) as T | null) ?? null;
  if (!cache.pending) {
    const pending = new Set<number>();
    cache.pending = pending;
    cache.batch = (options.wait === 'turn' ? turn() : Promise.resolve()).then(async () => {
      cache.pending = null;
      const rows = await load([...pending]);
      for (const i of pending) cache.values.set(i, null);
      if (rows instanceof Map) for (const [i, v] of rows) cache.values.set(i, v);
      else for (const r of rows) cache.values.set((r as { id: number }).id, r);
    });
  }
  cache.pending.add(id);
  return (cache.batch as Promise<void>).then(() => (cache.values.get(id) as T | null) ?? null);
}

/** Rows already read (a page of a list): later `loadById`s of their ids answer at once. */
export function primeById(ctx: object, kind: string, rows: Iterable<{ id: number }>): void {
  const cache = cacheOf(ctx, kind);
  for (const r of rows) cache.values.set(r.id, r);
}
