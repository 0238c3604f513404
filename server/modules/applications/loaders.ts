import { Kind, type GraphQLResolveInfo, type SelectionSetNode } from 'graphql';
import type { ServiceContext } from '../../context.ts';
import type { School, User } from '../../generated/prisma/client.ts';
import { loadById } from '../../graphql/batch.ts';

// Rows by id for GraphQL fields under lean rows (the overall-progress view, applications),
// through the one per-request batch loader (server/graphql/batch.ts).
export { primeById } from '../../graphql/batch.ts';

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
