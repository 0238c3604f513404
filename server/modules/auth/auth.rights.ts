import type { ServiceContext } from '../../context.ts';
import { ValidationError } from '../../errors.ts';
import { authorize, requireActor } from '../../policy.ts';

/** Display types of a right: 1 PC, 2 mobile navigation, 3 mobile function. */
export const SHOW_TYPES = { PC: 1, MOBILE_NAV: 2, MOBILE_FUNCTION: 3 } as const;
export type ShowTypeName = keyof typeof SHOW_TYPES;

export type RightRow = {
  id: number;
  parentId: number | null;
  key: string;
  path: string | null;
  name: string | null;
  title: string;
  titleEn: string;
  icon: string | null;
  hidden: boolean;
  redirect: string | null;
  component: string | null;
  showType: number;
  sort: number;
};

export type RightNode = RightRow & { children: RightNode[] };

export function parseShowType(raw: unknown): number {
  if (raw === undefined || raw === null || raw === '') return SHOW_TYPES.PC;
  if (typeof raw === 'string' && raw.toUpperCase() in SHOW_TYPES) return SHOW_TYPES[raw.toUpperCase() as ShowTypeName];
  const n = Number(raw);
  if (n === 1 || n === 2 || n === 3) return n;
  throw new ValidationError('validation.invalid', { field: 'showType' });
}

/** Builds the tree; a right without a path gets a placeholder path and name, as the client expects. */
export function buildTree(rows: RightRow[]): RightNode[] {
  const byId = new Map<number, RightNode>();
  for (const r of rows) {
    const placeholder = `__right_${r.id}`;
    byId.set(r.id, { ...r, path: r.path ?? placeholder, name: r.name ?? placeholder, children: [] });
  }
  const roots: RightNode[] = [];
  for (const node of byId.values()) {
    const parent = node.parentId !== null ? byId.get(node.parentId) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  const sortRec = (list: RightNode[]) => {
    list.sort((a, b) => a.sort - b.sort || a.id - b.id);
    list.forEach((n) => sortRec(n.children));
  };
  sortRec(roots);
  return roots;
}

const SELECT = {
  id: true,
  parentId: true,
  key: true,
  path: true,
  name: true,
  title: true,
  titleEn: true,
  icon: true,
  hidden: true,
  redirect: true,
  component: true,
  showType: true,
  sort: true,
} as const;

/** The caller's menu: rights of their roles for one display type (administrators: all). */
export async function menuFor(ctx: ServiceContext, showType: number): Promise<RightNode[]> {
  const actor = requireActor(ctx);
  const rows = await ctx.db.right.findMany({
    where: actor.isAdmin ? { showType } : { showType, roles: { some: { roleId: { in: actor.roleIds } } } },
    select: SELECT,
    orderBy: [{ sort: 'asc' }, { id: 'asc' }],
  });
  // A granted child whose parent is not granted still needs its ancestors to be reachable.
  const have = new Set(rows.map((r) => r.id));
  const missing = new Set(rows.map((r) => r.parentId).filter((id): id is number => id !== null && !have.has(id)));
  while (missing.size) {
    const parents = await ctx.db.right.findMany({ where: { id: { in: [...missing] } }, select: SELECT });
    missing.clear();
    for (const p of parents) {
      rows.push(p);
      have.add(p.id);
      if (p.parentId !== null && !have.has(p.parentId)) missing.add(p.parentId);
    }
  }
  return withoutEmptyGroups(buildTree(rows));
}

/**
 * A menu never offers what the caller cannot open: a node with no page of its own (no
 * component) that is shown in the menu but has no visible child left is dropped, with its
 * hidden children (pages reached from a list the caller does not have). Before, the sales
 * role's top-level 人员 opened 401: its only granted child was hidden and the group itself
 * has no page. Operation rights (hidden, no component) stay: they are not menu entries.
 */
export function withoutEmptyGroups(nodes: RightNode[]): RightNode[] {
  const out: RightNode[] = [];
  for (const node of nodes) {
    const children = withoutEmptyGroups(node.children);
    const isGroup = !node.component && !node.hidden;
    if (isGroup && !children.some((c) => !c.hidden)) continue;
    out.push({ ...node, children });
  }
  return out;
}

/** The whole right tree, every display type, for role administration. */
export async function allRights(ctx: ServiceContext, showType?: number): Promise<RightNode[]> {
  authorize(ctx, 'rights.readAll');
  const rows = await ctx.db.right.findMany({ where: showType ? { showType } : {}, select: SELECT });
  return buildTree(rows);
}

/** Keys of the rights the caller holds, for `can(right)` checks in the client. */
export async function rightKeysOf(ctx: ServiceContext): Promise<Set<string>> {
  const actor = requireActor(ctx);
  const rows = await ctx.db.right.findMany({
    where: actor.isAdmin ? {} : { roles: { some: { roleId: { in: actor.roleIds } } } },
    select: { key: true },
  });
  return new Set(rows.map((r) => r.key));
}
