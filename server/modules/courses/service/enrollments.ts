/**
 * Enrolment (a student joins a course: checked against their other events on every future
 * lesson first) and course hours: bought, adjusted with a reason, spent by sign-ins. Every
 * change of hours writes a course-hour record (who, when, before, after, why). Remaining
 * hours never go below zero: changes are conditional UPDATEs on the enrolment row (the row
 * lock orders concurrent writers) and the table has a CHECK as the last guard.
 */
import type { Actor, ServiceContext } from '../../../context.ts';
import type { Tx } from '../../../db/client.ts';
import { ForbiddenError, ValidationError } from '../../../errors.ts';
import type { Prisma } from '../../../generated/prisma/client.ts';
import { STAFF_STATES, USER_TYPES } from '../../../lib/codes.ts';
import { searchText } from '../../../lib/text.ts';
import { dbId, inputOf, parseInput, z, type Parsed } from '../../../lib/validate.ts';
import { authorize, can } from '../../../policy.ts';
import { recordChanges, runWrite } from '../../../write.ts';
import { ConflictError, findConflicts, insertParticipants, type Conflict, type Range } from '../../schedule/index.ts';
import { visibleEnrollmentsWhere } from '../courses.policy.ts';
import { loadEnrollment, loadManagedCourse, loadVisibleCourse } from './access.ts';
import { futureLessons } from './courses.ts';
import { ENROLLMENT_STATES, HOUR_RECORD_KINDS, hours } from './rules.ts';
import { coursesErrors } from '../courses.errors.ts';

const hoursValue = z.coerce
  .number()
  .refine((n) => Number.isFinite(n) && Math.round(n * 10) === n * 10 && Math.abs(n) <= 100_000)
  .transform((n) => Math.round(n * 10) / 10);

/** Writes one course-hour record. */
export async function writeHourRecord(tx: Tx, actor: Actor, r: { enrollmentId: number; kind: number; change: number; after: number; reason: string; lessonId?: number | null }): Promise<number> {
  const row = await tx.courseHourRecord.create({
    data: {
      enrollmentId: r.enrollmentId,
      kind: r.kind,
      change: r.change,
      before: Math.round((r.after - r.change) * 10) / 10,
      after: r.after,
      reason: r.reason.slice(0, 500),
      lessonId: r.lessonId ?? null,
      createdById: actor.id,
      createdByName: actor.name,
    },
    select: { id: true },
  });
  return row.id;
}

/**
 * Changes an enrolment's remaining hours by `change` in one conditional statement: refused,
 * naming the student, when they would fall below zero. Bought hours (and adjustments) move
 * the total too. Answers the remaining hours after the change.
 */
export async function changeHours(tx: Tx, enrollmentId: number, change: number, alsoTotal: boolean, studentName: string): Promise<number> {
  const rows = await tx.$queryRawUnsafe<Array<{ remaining: string; before: string }>>(
    `UPDATE enrollments SET remaining_hours = remaining_hours + $2::numeric,
            total_hours = CASE WHEN $3 THEN GREATEST(total_hours + $2::numeric, 0) ELSE total_hours END, updated_at = now()
     WHERE id = $1 AND remaining_hours + $2::numeric >= 0
     RETURNING remaining_hours::text AS remaining, (remaining_hours - $2::numeric)::text AS before`,
    enrollmentId,
    String(change),
    alsoTotal,
  );
  if (rows[0]) {
    const after = hours(Number(rows[0].remaining));
    recordChanges(tx, [{ entity: 'Enrollment', entityId: enrollmentId, field: 'remainingHours', labelKey: 'opLog.field.enrollment.remainingHours', before: String(hours(Number(rows[0].before))), after: String(after) }]);
    return after;
  }
  const current = await tx.enrollment.findUnique({ where: { id: enrollmentId }, select: { remainingHours: true } });
  throw coursesErrors.rule('HOURS_NOT_ENOUGH', 'course.hours.negative', { name: studentName, remaining: hours(current?.remainingHours), needed: hours(-change) });
}

async function checkStudents(tx: Tx, ids: number[]) {
  const unique = [...new Set(ids)];
  if (!unique.length) throw new ValidationError('course.studentRequired', undefined, 'STUDENT_REQUIRED');
  const rows = await tx.user.findMany({ where: { id: { in: unique } }, select: { id: true, name: true, type: true, state: true } });
  if (rows.length !== unique.length || rows.some((r) => r.state === STAFF_STATES.DEACTIVATED)) throw new ValidationError('course.studentInvalid', undefined, 'STUDENT_INVALID');
  if (rows.some((r) => r.type !== USER_TYPES.STUDENT)) throw new ValidationError('course.enroll.notStudent', undefined, 'NOT_STUDENT');
  return rows;
}

export const checkJoinConflictsInput = z.object({
  courseId: dbId(),
  studentIds: z.array(dbId()).max(200),
  hours: hoursValue.optional(),
  force: z.boolean().optional(),
});

/** What joining would clash with: each student's other events against every future lesson (one statement). */
async function joinConflicts(tx: Tx, actor: Actor, courseId: number, studentIds: number[]): Promise<{ occurrences: Range[]; total: number; conflicts: Conflict[] }> {
  const lessons = await futureLessons(tx, courseId);
  const found = await findConflicts(tx, actor, { occurrences: lessons, userIds: studentIds, placeId: null, excludeIds: lessons.map((l) => l.id) });
  return { occurrences: lessons, ...found };
}

/** Legacy checkJoinCourseConflict: the clashes joining would bring, nothing written. */
export async function checkJoinConflicts(ctx: ServiceContext, parsed: Parsed<z.output<typeof checkJoinConflictsInput>>) {
  const actor = authorize(ctx, 'course.read');
  const input = inputOf(parsed);
  await loadManagedCourse(ctx.db, actor, input.courseId);
  await checkStudents(ctx.db as unknown as Tx, input.studentIds);
  return joinConflicts(ctx.db as unknown as Tx, actor, input.courseId, input.studentIds);
}

/**
 * Enrols students in a course (its managers or lecturers): each takes part in the course's
 * future lessons (their clashes checked first, unless `force`), within the course's class
 * size. A student who left comes back. `hours` buys hours at once (`course.hours`).
 */
export async function enrollStudents(ctx: ServiceContext, raw: unknown): Promise<{ enrollmentIds: number[] }> {
  return runWrite(ctx, { operation: 'course.enroll', targetType: 'Enrollment' }, async (tx) => {
    const actor = authorize(ctx, 'course.read');
    const body = (raw ?? {}) as Record<string, unknown>;
    if (!body.courseId) throw new ValidationError('course.courseRequired', undefined, 'COURSE_REQUIRED');
    if (!body.studentIds || (Array.isArray(body.studentIds) && !body.studentIds.length)) throw new ValidationError('course.studentRequired', undefined, 'STUDENT_REQUIRED');
    const input = parseInput(checkJoinConflictsInput, raw);
    const result = await enrollIn(tx, actor, input);
    return { result, targetIds: result.enrollmentIds };
  });
}

async function enrollIn(tx: Tx, actor: Actor, input: z.output<typeof checkJoinConflictsInput>): Promise<{ enrollmentIds: number[] }> {
  const course = await loadManagedCourse(tx, actor, input.courseId);
  if (input.hours !== undefined && input.hours !== 0) authorizeHours(actor);
  const students = await checkStudents(tx, input.studentIds);
  const existing = await tx.enrollment.findMany({ where: { courseId: course.id, studentId: { in: students.map((s) => s.id) } } });
  const already = existing.find((e) => e.state === ENROLLMENT_STATES.ENROLLED);
  if (already) throw coursesErrors.rule('ALREADY_ENROLLED', 'course.enroll.already', { name: students.find((s) => s.id === already.studentId)!.name });
  if (course.studentCount > 0) {
    const active = await tx.enrollment.count({ where: { courseId: course.id, state: ENROLLMENT_STATES.ENROLLED } });
    if (active + students.length > course.studentCount) throw coursesErrors.rule('COURSE_FULL', 'course.enroll.full', { name: course.name, count: course.studentCount });
  }
  await checkRoomsSeat(tx, course.id, students.length);
  const ids = students.map((s) => s.id);
  if (!input.force) {
    const found = await joinConflicts(tx, actor, course.id, ids);
    if (found.total) throw new ConflictError(found.total, found.conflicts);
  }
  for (const s of students) {
    await tx.enrollment.upsert({ where: { courseId_studentId: { courseId: course.id, studentId: s.id } }, update: { state: ENROLLMENT_STATES.ENROLLED }, create: { courseId: course.id, studentId: s.id } });
  }
  const rows = await tx.enrollment.findMany({ where: { courseId: course.id, studentId: { in: ids } }, select: { id: true, studentId: true } });
  const lessons = await futureLessons(tx, course.id);
  const lessonIds = lessons.map((l) => l.id);
  await insertParticipants(tx, lessonIds, ids);
  await tx.$executeRawUnsafe(
    `INSERT INTO lesson_attendances (lesson_id, enrollment_id, updated_at) SELECT l, e, now() FROM unnest($1::int[]) AS l CROSS JOIN unnest($2::int[]) AS e ON CONFLICT DO NOTHING`,
    lessonIds,
    rows.map((r) => r.id),
  );
  if (input.hours) {
    for (const r of rows) {
      const name = students.find((s) => s.id === r.studentId)!.name;
      const after = await changeHours(tx, r.id, input.hours, true, name);
      await writeHourRecord(tx, actor, { enrollmentId: r.id, kind: HOUR_RECORD_KINDS.BOUGHT, change: input.hours, after, reason: '' });
    }
  }
  return { enrollmentIds: rows.map((r) => r.id) };
}

/**
 * The classrooms of the course's future lessons must seat its students after `joining` more
 * (scheduling and moving a lesson check the same rule): the smallest room too small is named.
 * Not something `force` passes: the students would not fit.
 */
async function checkRoomsSeat(tx: Tx, courseId: number, joining: number): Promise<void> {
  const lessons = await tx.courseLesson.findMany({
    where: { courseId, event: { startAt: { gte: new Date() }, placeId: { not: null } } },
    select: { event: { select: { placeId: true } } },
  });
  const placeIds = [...new Set(lessons.map((l) => l.event.placeId).filter((id): id is number => id !== null))];
  if (!placeIds.length) return;
  const seats = (await tx.enrollment.count({ where: { courseId, state: ENROLLMENT_STATES.ENROLLED } })) + joining;
  const small = await tx.classroom.findFirst({ where: { id: { in: placeIds }, capacity: { lt: seats } }, orderBy: [{ capacity: 'asc' }, { id: 'asc' }], select: { name: true, capacity: true } });
  if (small) throw coursesErrors.rule('CLASSROOM_TOO_SMALL', 'course.classroomTooSmall', { name: small.name, capacity: small.capacity ?? 0, count: seats });
}

/**
 * A student leaves a course: they no longer take part in its future lessons; their places
 * there go unless they hold records (leave asked, homework). Hours and records stay, unless
 * `refund`: then unused hours are refunded in the same transaction, `course.hours` being
 * required for it like any change of hours: `refundHours` of them (above 0, one decimal, at
 * most the remaining hours, read under the row lock) or, without it, all the remaining ones
 * (nothing is spent after leaving, as sign-in needs an enrolled student). Remaining and total
 * drop by them and a course-hour record (kind REFUNDED, the change being the hours refunded,
 * the reason given) says so; hours not refunded stay on the enrolment. Giving `refundHours`
 * asks for the refund; with `refund: false` it is refused. No hours left: no record.
 */
export async function leaveCourse(ctx: ServiceContext, raw: unknown): Promise<{ enrollmentId: number; refundedHours: number }> {
  return runWrite(ctx, { operation: 'course.leave', targetType: 'Enrollment' }, async (tx) => {
    const actor = authorize(ctx, 'course.read');
    const body = (raw ?? {}) as Record<string, unknown>;
    const given = body.refundHours !== undefined && body.refundHours !== null && body.refundHours !== '';
    if (given && body.refund === false) throw new ValidationError('course.hours.refundHoursWithoutRefund', undefined, 'REFUND_HOURS_WITHOUT_REFUND');
    const input = parseInputHours(leaveSchema, { ...body, refundHours: given ? body.refundHours : undefined });
    const refund = input.refund === true || input.refundHours !== undefined;
    const e = await loadEnrollment(tx, actor, input.enrollmentId);
    await loadManagedCourse(tx, actor, e.courseId);
    if (refund) authorizeHours(actor);
    const left = await tx.enrollment.updateMany({ where: { id: e.id, state: ENROLLMENT_STATES.ENROLLED }, data: { state: ENROLLMENT_STATES.LEFT } });
    if (!left.count) throw coursesErrors.rule('NOT_ENROLLED', 'course.enroll.notEnrolled');
    const lessonIds = (await futureLessons(tx, e.courseId)).map((l) => l.id);
    await tx.eventParticipant.deleteMany({ where: { eventId: { in: lessonIds }, userId: e.studentId } });
    await tx.attendance.deleteMany({ where: { enrollmentId: e.id, lessonId: { in: lessonIds }, state: 0, feedback: '', homework: null } });
    let refundedHours = 0;
    if (refund) {
      // Read again under the row lock the state change above holds (a sign-in may have just spent some).
      const now = await tx.enrollment.findUniqueOrThrow({ where: { id: e.id }, select: { remainingHours: true } });
      const remaining = hours(now.remainingHours);
      if (input.refundHours !== undefined && input.refundHours > remaining) {
        throw coursesErrors.rule('REFUND_TOO_MANY', 'course.hours.refundTooMany', { name: e.student.name, remaining, hours: input.refundHours });
      }
      refundedHours = input.refundHours ?? remaining;
      if (refundedHours > 0) {
        const after = await changeHours(tx, e.id, -refundedHours, true, e.student.name);
        await writeHourRecord(tx, actor, { enrollmentId: e.id, kind: HOUR_RECORD_KINDS.REFUNDED, change: -refundedHours, after, reason: input.reason ?? '' });
      }
    }
    return { result: { enrollmentId: e.id, refundedHours }, targetIds: [e.id] };
  });
}

const leaveSchema = z.object({
  enrollmentId: dbId(),
  refund: z.boolean().optional(),
  /** Part of the remaining hours to refund (default all of them). */
  refundHours: hoursValue.refine((n) => n > 0).optional(),
  reason: z.string().trim().max(500).optional(),
});

/** Buying and adjusting hours is its own right (administrators and managers in the demo data). */
function authorizeHours(actor: Actor) {
  if (!can(actor, 'course.hours')) throw new ForbiddenError();
}

const buySchema = z.object({
  enrollmentId: dbId().optional(),
  courseId: dbId().optional(),
  studentId: dbId().optional(),
  hours: hoursValue.refine((n) => n > 0),
  reason: z.string().trim().max(500).optional(),
  force: z.boolean().optional(),
});

/**
 * Buys course hours for a student (`course.hours`): by enrolment, or by course and student
 * (enrolling them first, with the join checks). Adds to the total and the remaining hours.
 */
export async function buyHours(ctx: ServiceContext, raw: unknown): Promise<{ enrollmentId: number; recordId: number }> {
  return runWrite(ctx, { operation: 'course.hours.buy', targetType: 'Enrollment' }, async (tx) => {
    const actor = authorize(ctx, 'course.hours');
    const body = (raw ?? {}) as Record<string, unknown>;
    if (body.hours === undefined || body.hours === null || body.hours === '') throw new ValidationError('course.hours.invalid', undefined, 'HOURS_INVALID');
    const input = parseInputHours(buySchema, raw);
    let enrollmentId = input.enrollmentId;
    if (!enrollmentId) {
      if (!input.courseId) throw new ValidationError('course.courseRequired', undefined, 'COURSE_REQUIRED');
      if (!input.studentId) throw new ValidationError('course.studentRequired', undefined, 'STUDENT_REQUIRED');
      await loadVisibleCourse(tx, actor, input.courseId);
      const found = await tx.enrollment.findUnique({ where: { courseId_studentId: { courseId: input.courseId, studentId: input.studentId } } });
      enrollmentId = found?.state === ENROLLMENT_STATES.ENROLLED ? found.id : (await enrollIn(tx, actor, { courseId: input.courseId, studentIds: [input.studentId], force: input.force })).enrollmentIds[0]!;
    }
    const e = await loadEnrollment(tx, actor, enrollmentId);
    const after = await changeHours(tx, e.id, input.hours, true, e.student.name);
    const recordId = await writeHourRecord(tx, actor, { enrollmentId: e.id, kind: HOUR_RECORD_KINDS.BOUGHT, change: input.hours, after, reason: input.reason ?? '' });
    return { result: { enrollmentId: e.id, recordId }, targetIds: [e.id] };
  });
}

function parseInputHours<S extends z.ZodType>(schema: S, raw: unknown): z.output<S> {
  try {
    return parseInput(schema, raw);
  } catch (err) {
    if (err instanceof ValidationError && /hours/i.test(JSON.stringify(err.params ?? {}))) throw new ValidationError('course.hours.invalid', undefined, 'HOURS_INVALID');
    throw err;
  }
}

const adjustSchema = z.object({
  enrollmentId: dbId(),
  change: hoursValue.refine((n) => n !== 0).optional(),
  remainingHours: hoursValue.refine((n) => n >= 0).optional(),
  reason: z.string().trim().min(1).max(500),
});

/**
 * Adjusts a student's hours (`course.hours`) by a signed change, or to a new remaining
 * number, with a reason; the total moves by the same amount. Never below zero.
 */
export async function adjustHours(ctx: ServiceContext, raw: unknown): Promise<{ enrollmentId: number; recordId: number }> {
  return runWrite(ctx, { operation: 'course.hours.adjust', targetType: 'Enrollment' }, async (tx) => {
    const actor = authorize(ctx, 'course.hours');
    const body = (raw ?? {}) as Record<string, unknown>;
    if (typeof body.reason !== 'string' || !body.reason.trim()) throw new ValidationError('course.hours.reasonRequired', undefined, 'REASON_REQUIRED');
    const input = parseInputHours(adjustSchema, raw);
    const e = await loadEnrollment(tx, actor, input.enrollmentId);
    const change = input.change ?? (input.remainingHours !== undefined ? Math.round((input.remainingHours - hours(e.remainingHours)) * 10) / 10 : undefined);
    if (change === undefined || change === 0) throw new ValidationError('course.hours.invalid', undefined, 'HOURS_INVALID');
    const after = await changeHours(tx, e.id, change, true, e.student.name);
    const recordId = await writeHourRecord(tx, actor, { enrollmentId: e.id, kind: HOUR_RECORD_KINDS.ADJUSTED, change, after, reason: input.reason });
    return { result: { enrollmentId: e.id, recordId }, targetIds: [e.id] };
  });
}

// ── reads ──

export type EnrollmentFilter = { courseId?: number | null; studentId?: number | null; search?: string | null; state?: number | null };

export function enrollmentsWhere(actor: Actor, f: EnrollmentFilter = {}): Prisma.EnrollmentWhereInput {
  const and: Prisma.EnrollmentWhereInput[] = [visibleEnrollmentsWhere(actor)];
  if (f.courseId) and.push({ courseId: f.courseId });
  if (f.studentId) and.push({ studentId: f.studentId });
  if (f.state) and.push({ state: f.state });
  const s = searchText(f.search);
  if (s) and.push({ OR: [{ student: { name: { contains: s, mode: 'insensitive' } } }, { student: { nameEn: { contains: s, mode: 'insensitive' } } }, { course: { name: { contains: s, mode: 'insensitive' } } }] });
  return { AND: and };
}

export const enrollmentInclude = {
  student: { select: { id: true, name: true, nameEn: true } },
  course: { select: { id: true, name: true, no: true } },
} as const satisfies Prisma.EnrollmentInclude;

export async function listEnrollmentsPage(ctx: ServiceContext, filter: EnrollmentFilter, page: { currentPage: number; pageSize: number }) {
  const actor = authorize(ctx, 'course.read');
  const where = enrollmentsWhere(actor, filter);
  const [rows, total] = await Promise.all([
    ctx.db.enrollment.findMany({ where, include: enrollmentInclude, orderBy: [{ courseId: 'desc' }, { id: 'asc' }], skip: (page.currentPage - 1) * page.pageSize, take: page.pageSize }),
    ctx.db.enrollment.count({ where }),
  ]);
  return { rows, total };
}

export type HourRecordFilter = { courseId?: number | null; studentId?: number | null; enrollmentId?: number | null; kind?: number | null; from?: Date | null; to?: Date | null };

export function hourRecordsWhere(actor: Actor, f: HourRecordFilter = {}): Prisma.CourseHourRecordWhereInput {
  const and: Prisma.CourseHourRecordWhereInput[] = [{ enrollment: visibleEnrollmentsWhere(actor) }];
  if (f.enrollmentId) and.push({ enrollmentId: f.enrollmentId });
  if (f.courseId) and.push({ enrollment: { courseId: f.courseId } });
  if (f.studentId) and.push({ enrollment: { studentId: f.studentId } });
  if (f.kind) and.push({ kind: f.kind });
  if (f.from) and.push({ createdAt: { gte: f.from } });
  if (f.to) and.push({ createdAt: { lt: f.to } });
  return { AND: and };
}

export const HOUR_RECORD_ORDER: Prisma.CourseHourRecordOrderByWithRelationInput[] = [{ createdAt: 'desc' }, { id: 'desc' }];

export const hourRecordInclude = { enrollment: { include: enrollmentInclude } } as const satisfies Prisma.CourseHourRecordInclude;

export async function listHourRecordsPage(ctx: ServiceContext, filter: HourRecordFilter, page: { currentPage: number; pageSize: number }) {
  const actor = authorize(ctx, 'course.read');
  const where = hourRecordsWhere(actor, filter);
  const [rows, total] = await Promise.all([
    ctx.db.courseHourRecord.findMany({ where, include: hourRecordInclude, orderBy: HOUR_RECORD_ORDER, skip: (page.currentPage - 1) * page.pageSize, take: page.pageSize }),
    ctx.db.courseHourRecord.count({ where }),
  ]);
  return { rows, total };
}
