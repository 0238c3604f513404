import { staffHolding } from '../../session/rights.ts';
import { isStaff } from '../../lib/codes.ts';
import type { PermissionRules } from '../../policy.ts';

/**
 * Permissions of the dictionary module, registered into the one policy (server/policy.ts) by its
 * index.ts; administrators hold every permission. Operation permissions (`staffHolding`) are
 * hidden nodes of the right tree with the same key, so role administration grants them.
 */
export const dictionaryPermissions = {
  /** Read dictionaries and their items (choices in forms). */
  'dictionary.read': isStaff,
  /** Create, edit, delete and import dictionaries and items. */
  'dictionary.manage': staffHolding('dictionary.manage'),
} as const satisfies PermissionRules;

declare module '../../policy.ts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface ModulePermissions extends Record<keyof typeof dictionaryPermissions, true> {}
}
