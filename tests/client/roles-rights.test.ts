/** The permission screen's tree rules and the role gate (client/src/screens/roles, client/src/components/RoleGate.tsx). */
import { describe, expect, it } from 'vitest';
import { roleGateAllows } from '../../client/src/components/RoleGate.tsx';
import { ancestorsOf, boxState, grantable, moved, toggle, type RightNode } from '../../client/src/screens/roles/RolePermission/rightTree.ts';

const node = (databaseId: number, key: string, children: RightNode[] = [], hidden = false): RightNode => ({
  databaseId,
  key,
  title: key,
  titleEn: key,
  hidden,
  component: children.length ? null : `${key}/index`,
  children,
});
const tree = [node(1, 'people', [node(2, 'people.list'), node(3, 'people.add', [], true), node(4, 'staff.edit', [], true)]), node(5, 'working')];

describe('what an editor may grant', () => {
  it('offers the rights the editor holds and the groups of their tree, never more', () => {
    const can = grantable(tree, new Set([2, 5]));
    expect([...can].sort()).toEqual([1, 2, 5]);
    expect(grantable(tree, 'all').size).toBe(5);
  });

  it('checking a group adds only its grantable children and its ancestors; unchecking removes the branch', () => {
    const can = grantable(tree, new Set([2, 5]));
    const on = toggle(tree, new Set(), tree[0]!, true, can);
    expect([...on].sort()).toEqual([1, 2]);
    const child = toggle(tree, new Set(), tree[0]!.children![0]!, true, can);
    expect([...child].sort()).toEqual([1, 2]);
    // A right the role already holds (4) stays until unchecked, and unchecking the group takes it away.
    const off = toggle(tree, new Set([1, 2, 4]), tree[0]!, false, can);
    expect(off.size).toBe(0);
  });

  it('shows a group indeterminate when only some of it is checked', () => {
    expect(boxState(tree[0]!, new Set([1, 2]))).toBe('indeterminate');
    expect(boxState(tree[0]!, new Set([1, 2, 3, 4]))).toBe(true);
    expect(boxState(tree[0]!, new Set())).toBe(false);
    expect(ancestorsOf(tree, 3)).toEqual([1]);
    expect(ancestorsOf(tree, 5)).toEqual([]);
  });
});

describe('the role gate', () => {
  it('shows for a listed role, hides for an excluded one', () => {
    expect(roleGateAllows(['manager'], ['admin', 'manager'])).toBe(true);
    expect(roleGateAllows(['consultant'], ['admin', 'manager'])).toBe(false);
    expect(roleGateAllows(['admin', 'manager'], undefined, ['admin'])).toBe(false);
    expect(roleGateAllows(['manager'], undefined, ['admin'])).toBe(true);
    expect(roleGateAllows([], ['admin'])).toBe(false);
  });
});

describe('the custom staff order', () => {
  it('moves one row and keeps the others in order', () => {
    expect(moved(['a', 'b', 'c', 'd'], 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(moved(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
  });
});
