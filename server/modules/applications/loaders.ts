import { Kind, type GraphQLResolveInfo, type SelectionSetNode } from 'graphql';
import type { ServiceContext } from '../../context.ts';
import type { School, User } from '../../generated/prisma/client.ts';

/**
 * Rows by id for GraphQL fields under lean rows (the overall-progress view, applications):
 * per request and kind, every id asked for in the same tick is read in one statement, and a
 * row already read (or primed by the list that read the page) answers at once, without a
 * promise, so thousands of rows naming a handful of schools cost nothing per row.
 */
type Cache = { values: Map<number, unknown>; pending: Set<number> | null; batch: Promise<void> | null };
const caches = new WeakMap<object, Map<string, Cache>>();

function cacheOf(ctx: object, kind: string): Cache {
  let perCtx = caches.get(ctx);
  if (!perCtx) caches.set(ctx, (perCtx = new Map()));
  let cache = perCtx.get(kind);
  if (!cache) perCtx.set(kind, (cache = { values: new Map(), pending: null, batch: null }));
  return cache;
}

export function loadById<T extends { id: number }>(ctx: object, kind: string, id: number, load: (ids: number[]) => Promise<T[]>): T | null | Promise<T | null> {
  const cache = cacheOf(ctx, kind);
  if (cache.values.has(id)) return (cache.values.get(id) as T | null) ?? null;
  if (!cache.pending) {
    const pending = new Set<number>();
    cache.pending = pending;
    cache.batch = Promise.resolve().then(async () => {
      cache.pending = null;
      const rows = await load([...pending]);
      for (const i of pending) cache.values.set(i, null);
      for (const r of rows) cache.values.set(r.id, r);
    });
  }
  cache.pending.add(id);
  return (cache.batch as Promise<void>).then(() => (cache.values.get(id) as T | null) ?? null);
}

export function primeById(ctx: object, kind: string, rows: Iterable<{ id: number }>): void {
  const cache = cacheOf(ctx, kind);
  for (const r of rows) cache.values.set(r.id, r);
}

export const schoolById = (ctx: ServiceContext, id: number) => loadById<School>(ctx, 'school', id, (ids) => ctx.db.school.findMany({ where: { id: { in: ids } } }));
export const userById = (ctx: ServiceContext, id: number) => loadById<User>(ctx, 'user', id, (ids) => ctx.db.user.findMany({ where: { id: { in: ids } } }));

function must<T>(v: T | null): T {
  if (v === null) throw new Error('row not found');
  return v;
}

/** A row that must exist (a foreign key guarantees it), synchronously when it already does. */
export function mustExist<T>(value: T | null | Promise<T | null>): T | Promise<T> {
  return value instanceof Promise ? value.then(must) : must(value);
}

/**
 * Whether the operation selects `path` beneath the field being resolved (through fragments;
 * `@skip`/`@include` are not evaluated, so a conditional field counts as selected).
 */
export function selects(info: GraphQLResolveInfo, path: readonly string[]): boolean {
  let sets: SelectionSetNode[] = info.fieldNodes.flatMap((n) => (n.selectionSet ? [n.selectionSet] : []));
  for (const [depth, name] of path.entries()) {
    const next: SelectionSetNode[] = [];
    let found = false;
    const visit = (set: SelectionSetNode) => {
      for (const sel of set.selections) {
        if (sel.kind === Kind.FIELD) {
          if (sel.name.value !== name) continue;
          found = true;
          if (sel.selectionSet) next.push(sel.selectionSet);
        } else if (sel.kind === Kind.INLINE_FRAGMENT) {
          visit(sel.selectionSet);
        } else {
          const fragment = info.fragments[sel.name.value];
          if (fragment) visit(fragment.selectionSet);
        }
      }
    };
    for (const s of sets) visit(s);
    if (!found) return false;
    if (depth === path.length - 1) return true;
    sets = next;
  }
  return true;
}
