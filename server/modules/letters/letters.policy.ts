import { anyone } from '../../session/rights.ts';
import { isStaff } from '../../lib/codes.ts';
import type { PermissionRules } from '../../policy.ts';

/**
 * Permissions of the letters module, registered into the one policy (server/policy.ts) by its
 * index.ts; administrators hold every permission. Operation permissions (`staffHolding`) are
 * hidden nodes of the right tree with the same key, so role administration grants them.
 */
export const lettersPermissions = {
  /** Write internal letters to people the sender can see. */
  'letter.send': isStaff,
  /** Have a letter box (everyone who can log in; parents and students receive letters). */
  'letter.receive': anyone,
} as const satisfies PermissionRules;

declare module '../../policy.ts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface ModulePermissions extends Record<keyof typeof lettersPermissions, true> {}
}
