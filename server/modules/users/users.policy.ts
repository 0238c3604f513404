import type { Actor } from '../../context.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import { can } from '../../policy.ts';

export const USER_TYPES = { STAFF: 1, PARENT: 2, STUDENT: 3 } as const;

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
