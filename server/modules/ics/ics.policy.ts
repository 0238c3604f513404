import { hasRole } from '../../session/rights.ts';
import { isStaff } from '../../lib/codes.ts';
import type { PermissionRules } from '../../policy.ts';

/**
 * Permissions of the ics module, registered into the one policy (server/policy.ts) by its
 * index.ts; administrators hold every permission. Operation permissions (`staffHolding`) are
 * hidden nodes of the right tree with the same key, so role administration grants them.
 */
export const icsPermissions = {
  /** See and change every user's calendar subscription (batch open and pause, the list). */
  'ics.manageAll': hasRole('manager'),
  /** Import events from an .ics file into one's own calendar (staff). */
  'ics.import': isStaff,
} as const satisfies PermissionRules;

declare module '../../policy.ts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface ModulePermissions extends Record<keyof typeof icsPermissions, true> {}
}
