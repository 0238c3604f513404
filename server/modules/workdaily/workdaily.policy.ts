import { hasRole } from '../../auth/rights.ts';
import type { PermissionRules } from '../../policy.ts';

/**
 * Permissions of the workdaily module, registered into the one policy (server/policy.ts) by its
 * index.ts; administrators hold every permission. Operation permissions (`staffHolding`) are
 * hidden nodes of the right tree with the same key, so role administration grants them.
 */
export const workdailyPermissions = {
  /** Work statistics and schedule-entry lists of every staff member, not only one's own. */
  'workdaily.readAll': hasRole('manager'),
} as const satisfies PermissionRules;

declare module '../../policy.ts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface ModulePermissions extends Record<keyof typeof workdailyPermissions, true> {}
}
