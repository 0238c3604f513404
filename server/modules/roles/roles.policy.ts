import { staffHolding } from '../../session/rights.ts';
import type { PermissionRules } from '../../policy.ts';

/**
 * Permissions of the roles module, registered into the one policy (server/policy.ts) by its
 * index.ts; administrators hold every permission. Operation permissions (`staffHolding`) are
 * hidden nodes of the right tree with the same key, so role administration grants them.
 */
export const rolesPermissions = {
  /** Add, edit and delete roles, their rights and archive-module permissions; authorise roles to users. */
  'role.edit': staffHolding('role.edit'),
} as const satisfies PermissionRules;

declare module '../../policy.ts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface ModulePermissions extends Record<keyof typeof rolesPermissions, true> {}
}
