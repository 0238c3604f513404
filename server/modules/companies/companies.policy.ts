import { staffHolding } from '../../session/rights.ts';
import type { PermissionRules } from '../../policy.ts';

/**
 * Permissions of the companies module, registered into the one policy (server/policy.ts) by its
 * index.ts; administrators hold every permission. Operation permissions (`staffHolding`) are
 * hidden nodes of the right tree with the same key, so role administration grants them.
 */
export const companiesPermissions = {
  /** Add, edit and delete partner-company contacts. */
  'companyUser.edit': staffHolding('companyUser.edit'),
} as const satisfies PermissionRules;

declare module '../../policy.ts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface ModulePermissions extends Record<keyof typeof companiesPermissions, true> {}
}
