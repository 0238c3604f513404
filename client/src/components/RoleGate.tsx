import type { ReactNode } from 'react';

/**
 * The client's one role-check rule (the old client's `v-role` / `checkRole`): shows `children`
 * only when the viewer's role codes (`roles`, from the screen's own query: `viewer { roles { code } }`)
 * include at least one of `include` and none of `exclude`. Either list may be left out: `include`
 * alone is "only for these roles", `exclude` alone is "for everyone but these".
 *
 *   <RoleGate roles={codes} exclude={['admin']}>{hint for non-administrators}</RoleGate>
 *
 * It only hides: what a person may do is the server's answer (`viewer.can(right:)`, a field's
 * refusal), so never use it to guard an act the server would refuse anyway; use it for texts and
 * elements that are about who the viewer is. `fallback` shows in place of hidden children.
 */
export function RoleGate({
  roles,
  include,
  exclude,
  fallback = null,
  children,
}: {
  roles: ReadonlyArray<string>;
  include?: ReadonlyArray<string>;
  exclude?: ReadonlyArray<string>;
  fallback?: ReactNode;
  children: ReactNode;
}) {
  return <>{roleGateAllows(roles, include, exclude) ? children : fallback}</>;
}

/** The rule itself: some of `include` (when given) and none of `exclude`. */
export function roleGateAllows(roles: ReadonlyArray<string>, include?: ReadonlyArray<string>, exclude?: ReadonlyArray<string>): boolean {
  if (include && include.length && !include.some((r) => roles.includes(r))) return false;
  if (exclude && exclude.some((r) => roles.includes(r))) return false;
  return true;
}
