import { staffHolding, anyone } from '../../auth/rights.ts';
import { isStaff } from '../../lib/codes.ts';
import type { PermissionRules } from '../../policy.ts';

/**
 * Permissions of the schools module, registered into the one policy (server/policy.ts) by its
 * index.ts; administrators hold every permission. Operation permissions (`staffHolding`) are
 * hidden nodes of the right tree with the same key, so role administration grants them.
 */
export const schoolsPermissions = {
  /** Read the school database (list, detail, export). */
  'school.read': isStaff,
  /** Create, edit and delete schools, upload badges. */
  'school.manage': staffHolding('school.manage'),
  /** Import schools and sports data from .xlsx. */
  'school.import': staffHolding('school.import'),
  /** Read selection lists (staff: students they see; families: their own published lists). */
  'selection.read': anyone,
  /** Build selection lists for students the caller sees. */
  'selection.write': staffHolding('selection.write'),
  /** Publish a selection list to the family (irreversible). */
  'selection.publish': staffHolding('selection.publish'),
} as const satisfies PermissionRules;

declare module '../../policy.ts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface ModulePermissions extends Record<keyof typeof schoolsPermissions, true> {}
}
