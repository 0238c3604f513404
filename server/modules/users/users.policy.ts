import type { Actor } from '../../context.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import { can } from '../../policy.ts';
import { staffHolding } from '../../session/rights.ts';
import type { PermissionRules } from '../../policy.ts';

import { USER_TYPES } from '../../lib/codes.ts';

/** Rows of `users` the caller may list or fetch by id (both doors). */
export function visibleUsersWhere(actor: Actor): Prisma.UserWhereInput {
  if (actor.isAdmin || actor.roleCodes.includes('manager')) return {};
  if (actor.type !== USER_TYPES.STAFF) return { id: actor.id };
  if (actor.roleCodes.some((c) => ['consultant', 'lecturer', 'sales'].includes(c))) return {};
  // Partners and staff without a client-facing role see colleagues only.
  return { type: USER_TYPES.STAFF };
}

/** The row-level form of `visibleUsersWhere`, for single objects. */
export function isUserVisible(actor: Actor, user: { id: number; type: number }): boolean {
  if (actor.isAdmin || actor.roleCodes.includes('manager') || actor.id === user.id) return true;
  if (actor.type !== USER_TYPES.STAFF) return false;
  if (actor.roleCodes.some((c) => ['consultant', 'lecturer', 'sales'].includes(c))) return true;
  return user.type === USER_TYPES.STAFF;
}

type PersonalDataSubject = { id: number; type: number; parentId: number | null; consultantId: number | null; lecturerId: number | null };

/**
 * The one rule for showing personal data of parents and students (minors) in clear: the right
 * `archive.sensitive` ("see sensitive data"; administrators hold every right). The archive
 * masks its sensitive fields by it (archives.policy.ts `canSeeSensitive`) and the User node
 * and the legacy person JSON answer birthday, mobile and e-mail as null by it
 * (`canSeePersonalData`), so role administration decides it once, for every screen and both
 * doors.
 */
export function holdsPersonalDataRight(actor: Actor | null): boolean {
  return can(actor, 'archive.sensitive');
}

/**
 * Birthday, phone and e-mail of a person. Anyone sees their own; staff see colleagues'.
 * Of parents and students, only holders of the personal-data right (`holdsPersonalDataRight`,
 * the archive's masking rule), and of those only administrators, managers and the student's
 * own consultant or lecturer (the people whose archives the holder works on): a lecturer
 * without the right sees them masked on the User node exactly as in the student's archive.
 */
export function canSeePersonalData(actor: Actor, subject: PersonalDataSubject): boolean {
  if (actor.id === subject.id) return true;
  if (subject.type === USER_TYPES.STAFF) return actor.type === USER_TYPES.STAFF;
  if (!holdsPersonalDataRight(actor)) return false;
  if (actor.isAdmin || actor.roleCodes.includes('manager')) return true;
  return subject.consultantId === actor.id || subject.lecturerId === actor.id;
}

/**
 * Permissions of the users module, registered into the one policy (server/policy.ts) by its
 * index.ts; administrators hold every permission. Operation permissions (`staffHolding`) are
 * hidden nodes of the right tree with the same key, so role administration grants them.
 */
export const usersPermissions = {
  /** Add and edit staff, reset their passwords, hand over their charges, sort the staff list. */
  'staff.edit': staffHolding('staff.edit'),
  /** Add, edit and delete parents and students, their relations, state and match flag. */
  'user.edit': staffHolding('user.edit'),
} as const satisfies PermissionRules;

declare module '../../policy.ts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface ModulePermissions extends Record<keyof typeof usersPermissions, true> {}
}
