import type { Actor } from '../../context.ts';
import type { Prisma } from '../../generated/prisma/client.ts';

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
 * Birthday, phone and e-mail of parents and students (minors) are shown only to
 * administrators, managers, the person themself and the student's own consultant or lecturer.
 */
export function canSeePersonalData(actor: Actor, subject: PersonalDataSubject): boolean {
  if (actor.id === subject.id || actor.isAdmin || actor.roleCodes.includes('manager')) return true;
  if (subject.type === USER_TYPES.STAFF) return actor.type === USER_TYPES.STAFF;
  return subject.consultantId === actor.id || subject.lecturerId === actor.id;
}
