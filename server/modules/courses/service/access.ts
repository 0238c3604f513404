/** Loading courses, lessons and attendance rows for a caller, with the policy's checks (both doors). */
import type { Actor } from '../../../context.ts';
import type { Db, Tx } from '../../../db/client.ts';
import { ForbiddenError, NotFoundError } from '../../../errors.ts';
import { canManageCourse, canReadEnrollment, visibleCoursesWhere, type CourseFacts, type StudentFacts } from '../courses.policy.ts';
import { coursesErrors } from '../courses.errors.ts';

type Reader = Db | Tx;

export const lecturerIdsOf = (c: { lecturers: Array<{ userId: number }> }): number[] => c.lecturers.map((l) => l.userId);

/** A course the caller may see (else "not found"), with what the rules need. */
export async function loadVisibleCourse(db: Reader, actor: Actor, id: number) {
  const course = await db.course.findFirst({
    where: { AND: [{ id }, visibleCoursesWhere(actor)] },
    include: { lecturers: { select: { userId: true } }, classroom: true },
  });
  if (!course) throw new NotFoundError();
  return { ...course, lecturerIds: lecturerIdsOf(course) };
}

/** A course the caller manages (`course.manage` or its lecturer): hidden ones are "not found", visible ones "forbidden". */
export async function loadManagedCourse(db: Reader, actor: Actor, id: number) {
  const course = await loadVisibleCourse(db, actor, id);
  if (!canManageCourse(actor, course)) throw new ForbiddenError();
  return course;
}

const studentSelect = { id: true, name: true, nameEn: true, parentId: true, consultantId: true } as const;

/** A lesson (course_lessons row) with its event and course facts; not a lesson: "not found". */
export async function loadLesson(db: Reader, actor: Actor, eventId: number) {
  const lesson = await db.courseLesson.findUnique({
    where: { eventId },
    include: { event: true, course: { include: { lecturers: { select: { userId: true } } } } },
  });
  if (!lesson) throw coursesErrors.rule('NOT_FOUND', 'course.lesson.notLesson');
  const course = { ...lesson.course, lecturerIds: lecturerIdsOf(lesson.course) };
  const visible = await db.course.count({ where: { AND: [{ id: course.id }, visibleCoursesWhere(actor)] } });
  if (!visible) throw coursesErrors.rule('NOT_FOUND', 'course.lesson.notLesson');
  return { ...lesson, course };
}

export async function loadManagedLesson(db: Reader, actor: Actor, eventId: number) {
  const lesson = await loadLesson(db, actor, eventId);
  if (!canManageCourse(actor, lesson.course)) throw new ForbiddenError();
  return lesson;
}

/**
 * A student's place in a lesson (the legacy user course) the caller may read: the course's
 * managers, the student, their parent and their consultant. Others: "not found".
 */
export async function loadAttendance(db: Reader, actor: Actor, id: number) {
  const row = await db.attendance.findUnique({
    where: { id },
    include: {
      homework: true,
      enrollment: { include: { student: { select: studentSelect } } },
      lesson: { include: { event: { select: { id: true, title: true, startAt: true, endAt: true, timeZone: true } }, course: { include: { lecturers: { select: { userId: true } } } } } },
    },
  });
  if (!row) throw new NotFoundError();
  const course: CourseFacts & typeof row.lesson.course = { ...row.lesson.course, lecturerIds: lecturerIdsOf(row.lesson.course) };
  const student: StudentFacts & { name: string; nameEn: string | null } = row.enrollment.student;
  if (!canReadEnrollment(actor, course, student)) throw new NotFoundError();
  return { ...row, course, student };
}

export type LoadedAttendance = Awaited<ReturnType<typeof loadAttendance>>;

/** An enrolment the caller may read (course managers, the family, the consultant). */
export async function loadEnrollment(db: Reader, actor: Actor, id: number) {
  const row = await db.enrollment.findUnique({
    where: { id },
    include: { student: { select: studentSelect }, course: { include: { lecturers: { select: { userId: true } } } } },
  });
  if (!row) throw new NotFoundError();
  const course = { ...row.course, lecturerIds: lecturerIdsOf(row.course) };
  if (!canReadEnrollment(actor, course, row.student)) throw new NotFoundError();
  return { ...row, course };
}
