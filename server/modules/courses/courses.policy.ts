import type { Actor } from '../../context.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import { anyone, staffHolding } from '../../session/rights.ts';
import { isStaff, USER_TYPES } from '../../lib/codes.ts';
import { can, type PermissionRules } from '../../policy.ts';

/**
 * Who sees and who changes courses, lessons, enrolments, hours, attendance and homework.
 * One place, used by the lists, `node(id:)`, the service functions and every legacy path.
 *
 * - `course.manage` (administrators, managers): every course; create, edit and delete
 *   courses, schedule their lessons, enrol students, mark attendance, review homework;
 * - a lecturer of a course: sees it, edits it (not its deletion), schedules and edits its
 *   lessons, enrols students, signs them in, writes and releases feedback, sets and reviews
 *   homework;
 * - a consultant: sees the courses, hours, attendance and homework of their students
 *   (users.consultant_id), read only;
 * - a parent: their children's; a student: their own (sign-in in the lesson's window, leave,
 *   homework answers, opening the material); released feedback only;
 * - `course.hours` (administrators, managers): buy and adjust course hours;
 * - `classroom.manage` (administrators, managers): classrooms.
 */
export type CourseFacts = { id: number; lecturerIds: readonly number[] };
export type StudentFacts = { id: number; parentId: number | null; consultantId: number | null };

/** Sees and runs every course. */
export const managesAllCourses = (actor: Actor): boolean => can(actor, 'course.manage');

/** The actor manages this course: `course.manage`, or staff teaching it. */
export function canManageCourse(actor: Actor, course: CourseFacts): boolean {
  return managesAllCourses(actor) || (isStaff(actor) && course.lecturerIds.includes(actor.id));
}

/** Rows of `users` (students) whose course data the actor may read besides the courses they manage. */
function studentsOfActor(actor: Actor): Prisma.UserWhereInput | null {
  if (actor.type === USER_TYPES.STUDENT) return { id: actor.id };
  if (actor.type === USER_TYPES.PARENT) return { parentId: actor.id };
  if (isStaff(actor)) return { consultantId: actor.id };
  return null;
}

/** Rows of `courses` the actor may list or fetch by id. */
export function visibleCoursesWhere(actor: Actor): Prisma.CourseWhereInput {
  if (managesAllCourses(actor)) return {};
  const students = studentsOfActor(actor);
  const or: Prisma.CourseWhereInput[] = [];
  if (isStaff(actor)) or.push({ lecturers: { some: { userId: actor.id } } });
  if (students) or.push({ enrollments: { some: { student: students } } });
  return or.length ? { OR: or } : { id: -1 };
}

/** Rows of `enrollments` (and through them hours, records, attendance, homework) the actor may read. */
export function visibleEnrollmentsWhere(actor: Actor): Prisma.EnrollmentWhereInput {
  if (managesAllCourses(actor)) return {};
  const students = studentsOfActor(actor);
  const or: Prisma.EnrollmentWhereInput[] = [];
  if (isStaff(actor)) or.push({ course: { lecturers: { some: { userId: actor.id } } } });
  if (students) or.push({ student: students });
  return or.length ? { OR: or } : { id: -1 };
}

/** The row form of `visibleEnrollmentsWhere`. */
export function canReadEnrollment(actor: Actor, course: CourseFacts, student: StudentFacts): boolean {
  if (canManageCourse(actor, course)) return true;
  if (actor.type === USER_TYPES.STUDENT) return student.id === actor.id;
  if (actor.type === USER_TYPES.PARENT) return student.parentId === actor.id;
  return isStaff(actor) && student.consultantId === actor.id;
}

/** The student or their parent: the family of an enrolment. */
export function isFamilyOf(actor: Actor, student: StudentFacts): boolean {
  return (actor.type === USER_TYPES.STUDENT && student.id === actor.id) || (actor.type === USER_TYPES.PARENT && student.parentId === actor.id);
}

/** Feedback is shown to the family once released; to staff who may read the enrolment always. */
export function canReadFeedback(actor: Actor, course: CourseFacts, student: StudentFacts, released: boolean): boolean {
  if (isFamilyOf(actor, student)) return released;
  return canReadEnrollment(actor, course, student);
}

/**
 * Permissions of the courses module, registered into the one policy (server/policy.ts) by its
 * index.ts; administrators hold every permission. Operation permissions (`staffHolding`) are
 * hidden nodes of the right tree with the same key (seeded by courses.seed.ts), so role
 * administration grants them.
 */
export const coursesPermissions = {
  /** Read courses, lessons, enrolments, attendance and homework (rows narrowed by the rules above). */
  'course.read': anyone,
  /** See every course; create, edit and delete courses, schedule lessons, enrol students. */
  'course.manage': staffHolding('course.manage'),
  /** Buy and adjust students' course hours. */
  'course.hours': staffHolding('course.hours'),
  /** Add, edit, disable and delete classrooms. */
  'classroom.manage': staffHolding('classroom.manage'),
} as const satisfies PermissionRules;

declare module '../../policy.ts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface ModulePermissions extends Record<keyof typeof coursesPermissions, true> {}
}
