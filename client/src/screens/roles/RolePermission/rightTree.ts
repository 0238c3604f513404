/** Pure rules of the role screens: the permission screen's checkable trees, the staff order (tests/client/roles-rights.test.ts). */
export type RightNode = {
  readonly databaseId: number;
  readonly key: string;
  readonly title: string;
  readonly titleEn: string;
  readonly hidden: boolean;
  readonly component?: string | null;
  readonly children?: ReadonlyArray<RightNode>;
};

export function allIds(nodes: ReadonlyArray<RightNode>): number[] {
  return nodes.flatMap((n) => [n.databaseId, ...allIds(n.children ?? [])]);
}

/**
 * What the editor may grant: every right their roles hold (administrators: all), and the groups
 * of their tree (a group granted as an ancestor grants nothing by itself; the server adds it anyway).
 */
export function grantable(tree: ReadonlyArray<RightNode>, held: ReadonlySet<number> | 'all'): Set<number> {
  const out = new Set<number>();
  const walk = (nodes: ReadonlyArray<RightNode>) => {
    for (const n of nodes) {
      if (held === 'all' || held.has(n.databaseId) || (n.children?.length ?? 0) > 0) out.add(n.databaseId);
      walk(n.children ?? []);
    }
  };
  walk(tree);
  return out;
}

/**
 * Checking a node checks it, every grantable descendant and its ancestors (so the menu stays
 * connected); unchecking removes it and every descendant. Locked nodes never change: a right the
 * editor does not hold is never added, and one the role holds stays unless unchecked itself.
 */
export function toggle(tree: ReadonlyArray<RightNode>, checked: ReadonlySet<number>, node: RightNode, on: boolean, canGrant: ReadonlySet<number>): Set<number> {
  const next = new Set(checked);
  const below = allIds([node]);
  if (on) {
    for (const id of below) if (canGrant.has(id)) next.add(id);
    for (const id of ancestorsOf(tree, node.databaseId)) next.add(id);
  } else {
    for (const id of below) next.delete(id);
  }
  return next;
}

/** The ids above `id` in the tree, top first ([] for a top node or an id not in the tree). */
export function ancestorsOf(tree: ReadonlyArray<RightNode>, id: number): number[] {
  const find = (nodes: ReadonlyArray<RightNode>, path: number[]): number[] | null => {
    for (const n of nodes) {
      if (n.databaseId === id) return path;
      const found = find(n.children ?? [], [...path, n.databaseId]);
      if (found) return found;
    }
    return null;
  };
  return find(tree, []) ?? [];
}

/** A node's box: checked when it and all its descendants are, indeterminate when only some are. */
export function boxState(node: RightNode, checked: ReadonlySet<number>): boolean | 'indeterminate' {
  const ids = allIds([node]);
  const on = ids.filter((id) => checked.has(id)).length;
  if (on === 0) return false;
  return on === ids.length ? true : 'indeterminate';
}

/** Moves the item at `from` to `to` in a copy of the list (the custom staff order). */
export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}
