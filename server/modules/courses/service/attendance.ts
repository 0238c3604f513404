/**
 * Attendance of a student in a lesson (the legacy user course): sign-in (by the course's
 * lecturer or manager, or by the student in the lesson's window) spending the lesson's hours
 * in the same transaction, leave before the lesson with a reason, the lecturer's feedback
 * after it and its release to the family, and the student opening the lesson's material.
 */
import type { Actor, ServiceContext } from '../../../context.ts';
import type { Tx } from '../../../db/client.ts';
import { DomainError, ForbiddenError, ValidationError } from '../../../errors.ts';
import type { Prisma } from '../../../generated/prisma/client.ts';
import { richTextIsBlank } from '../../../lib/html.ts';
import { checkRichTextBounds, cleanRichText } from '../../../lib/html-clean.ts';
import { USER_TYPES } from '../../../lib/codes.ts';
import { dbId, inputOf, parseInput, z, type Parsed } from '../../../lib/validate.ts';
import { authorize } from '../../../policy.ts';
import { runWrite } from '../../../write.ts';
import { canManageCourse, isFamilyOf, visibleEnrollmentsWhere } from '../courses.policy.ts';
import { loadAttendance, type LoadedAttendance } from './access.ts';
import { changeHours, writeHourRecord } from './enrollments.ts';
import { ATTENDANCE_STATES, ATTENDANCE_TRANSITIONS, EARLY_SIGN_IN_MINUTES, ENROLLMENT_STATES, HOUR_RECORD_KINDS, SELF_SIGN_IN_MINUTES_BEFORE, hours } from './rules.ts';
import { wallText } from '../../../lib/wall-time.ts';
import { coursesErrors } from '../courses.errors.ts';

/** The attendance of an undone sign-in or a browsing record. */
export const attendanceIdInput = z.object({ attendanceId: dbId() });
const idSchema = attendanceIdInput;
export const releaseFeedbackInput = z.object({ attendanceIds: z.array(dbId()).min(1).max(500) });
export const signInInput = releaseFeedbackInput.extend({
  force: z.boolean().optional().nullable(),
  reason: z.string().trim().max(500).optional().nullable(),
});

/** A sign-in by staff and what it was confirmed with: `early` is the reason given when signing in before EARLY_SIGN_IN_MINUTES (with `force`). */
type SignInOptions = { now: Date; force: boolean; reason: string };

function requireManager(actor: Actor, a: LoadedAttendance) {
  if (!canManageCourse(actor, a.course)) throw new ForbiddenError();
}

/**
 * Staff signing in more than EARLY_SIGN_IN_MINUTES before the lesson starts: refused, naming the
 * start (in the caller's zone), unless confirmed with `force` and a reason (kept with the place).
 */
function checkEarly(actor: Actor, a: LoadedAttendance, o: SignInOptions): string {
  const early = o.now.getTime() < a.lesson.event.startAt.getTime() - EARLY_SIGN_IN_MINUTES * 60_000;
  if (!early) return '';
  if (!o.force) throw coursesErrors.rule('SIGN_IN_TOO_EARLY', 'course.attendance.tooEarly', { start: wallText(a.lesson.event.startAt, actor.timeZone).slice(0, 16), minutes: EARLY_SIGN_IN_MINUTES });
  if (!o.reason) throw new ValidationError('course.attendance.earlyReasonRequired', undefined, 'REASON_REQUIRED');
  return o.reason;
}

/** Signs one student in: the state changes only from untaken or leave (a conditional UPDATE), then the hours are spent. */
async function signInOne(tx: Tx, actor: Actor, id: number, o: SignInOptions): Promise<number> {
  const now = o.now;
  const a = await loadAttendance(tx, actor, id);
  const manager = canManageCourse(actor, a.course);
  const earlyReason = manager ? checkEarly(actor, a, o) : '';
  if (!manager) {
    if (actor.type !== USER_TYPES.STUDENT || a.student.id !== actor.id) throw new ForbiddenError();
    const opens = a.lesson.event.startAt.getTime() - SELF_SIGN_IN_MINUTES_BEFORE * 60_000;
    if (now.getTime() < opens || now.getTime() > a.lesson.event.endAt.getTime()) {
      throw coursesErrors.rule('SIGN_IN_WINDOW', 'course.attendance.selfSignInWindow', { minutes: SELF_SIGN_IN_MINUTES_BEFORE });
    }
  }
  if (a.enrollment.state !== ENROLLMENT_STATES.ENROLLED) throw coursesErrors.rule('NOT_ENROLLED', 'course.enroll.notEnrolled');
  const rule = ATTENDANCE_TRANSITIONS.signIn;
  const cost = hours(a.course.lessonHours);
  const changed = await tx.attendance.updateMany({
    where: { id: a.id, state: { in: [...rule.from] } },
    data: { state: rule.to, signedAt: now, signedById: actor.id, hoursSpent: cost, earlySignInReason: earlyReason },
  });
  if (!changed.count) throw new DomainError('WRONG_STATE', rule.refusal);
  if (cost > 0) {
    const after = await changeHours(tx, a.enrollmentId, -cost, false, a.student.name);
    await writeHourRecord(tx, actor, { enrollmentId: a.enrollmentId, kind: HOUR_RECORD_KINDS.SPENT, change: -cost, after, reason: a.lesson.event.title, lessonId: a.lessonId });
  }
  return a.id;
}

/**
 * Signs students in to their lessons, all or nothing: each spends the course's lesson hours
 * from their enrolment (refused, naming the student, when too few are left). Staff signing in
 * more than 30 minutes before a lesson starts are refused (SIGN_IN_TOO_EARLY, naming the start)
 * unless they send `force` with a `reason`, which is kept with each place (docs/courses.md).
 */
export async function signIn(ctx: ServiceContext, parsed: Parsed<z.output<typeof signInInput>>): Promise<{ attendanceIds: number[] }> {
  return runWrite(ctx, { operation: 'course.signIn', targetType: 'Attendance' }, async (tx) => {
    const actor = authorize(ctx, 'course.read');
    const input = inputOf(parsed);
    const options: SignInOptions = { now: new Date(), force: input.force === true, reason: input.reason ?? '' };
    const ids: number[] = [];
    for (const id of [...new Set(input.attendanceIds)]) ids.push(await signInOne(tx, actor, id, options));
    return { result: { attendanceIds: ids }, targetIds: ids };
  });
}

/**
 * Undoes a sign-in made by mistake (the course's lecturers and managers: the staff side of the
 * sign-in rule; a student cannot take back their own): the place goes back to untaken, or to
 * leave when a leave had been asked before, and the hours the sign-in spent (`hours_spent`, not
 * the course's current `lesson_hours`) go back to the enrolment with a course-hour record
 * (kind SIGN_IN_UNDONE, the lesson's title, who). A conditional UPDATE on the place first, so a
 * second undo finds nothing to change and is refused (该学员尚未签到); all in one transaction.
 */
export async function undoSignIn(ctx: ServiceContext, parsed: Parsed<z.output<typeof attendanceIdInput>>): Promise<{ attendanceId: number; hoursReturned: number }> {
  return runWrite(ctx, { operation: 'course.undoSignIn', targetType: 'Attendance' }, async (tx) => {
    const actor = authorize(ctx, 'course.read');
    const input = inputOf(parsed);
    const a = await loadAttendance(tx, actor, input.attendanceId);
    requireManager(actor, a);
    const rule = ATTENDANCE_TRANSITIONS.undoSignIn;
    const to = a.leaveAt ? ATTENDANCE_STATES.LEAVE : rule.to;
    const changed = await tx.attendance.updateMany({
      where: { id: a.id, state: { in: [...rule.from] } },
      data: { state: to, signedAt: null, signedById: null, hoursSpent: 0, earlySignInReason: '' },
    });
    if (!changed.count) throw new DomainError('WRONG_STATE', rule.refusal);
    // What the sign-in spent, as loaded: a parallel undo waits on the row and then changes nothing.
    const spent = hours(a.hoursSpent);
    if (spent > 0) {
      const after = await changeHours(tx, a.enrollmentId, spent, false, a.student.name);
      await writeHourRecord(tx, actor, { enrollmentId: a.enrollmentId, kind: HOUR_RECORD_KINDS.SIGN_IN_UNDONE, change: spent, after, reason: a.lesson.event.title, lessonId: a.lessonId });
    }
    return { result: { attendanceId: a.id, hoursReturned: spent }, targetIds: [a.id] };
  });
}

/** Asks for leave before the lesson starts, with a reason: the student, their parent, or the course's managers. */
export async function askForLeave(ctx: ServiceContext, raw: unknown): Promise<{ attendanceId: number }> {
  return runWrite(ctx, { operation: 'course.askForLeave', targetType: 'Attendance' }, async (tx) => {
    const actor = authorize(ctx, 'course.read');
    const body = (raw ?? {}) as Record<string, unknown>;
    if (typeof body.reason !== 'string' || !body.reason.trim()) throw new ValidationError('course.attendance.leaveReasonRequired', undefined, 'REASON_REQUIRED');
    const input = parseInput(idSchema.extend({ reason: z.string().trim().min(1).max(500) }), raw);
    const a = await loadAttendance(tx, actor, input.attendanceId);
    if (!isFamilyOf(actor, a.student)) requireManager(actor, a);
    if (a.lesson.event.startAt.getTime() <= Date.now()) throw coursesErrors.rule('LESSON_STARTED', 'course.attendance.leaveTooLate');
    const rule = ATTENDANCE_TRANSITIONS.askForLeave;
    const changed = await tx.attendance.updateMany({ where: { id: a.id, state: { in: [...rule.from] } }, data: { state: rule.to, leaveReason: input.reason, leaveAt: new Date() } });
    if (!changed.count) throw new DomainError('WRONG_STATE', rule.refusal);
    return { result: { attendanceId: a.id }, targetIds: [a.id] };
  });
}

/** The lecturer's feedback on a student in a lesson, once the lesson has ended; changeable until released. */
export async function writeFeedback(ctx: ServiceContext, raw: unknown): Promise<{ attendanceId: number }> {
  return runWrite(ctx, { operation: 'course.feedback', targetType: 'Attendance' }, async (tx) => {
    const actor = authorize(ctx, 'course.read');
    const body = (raw ?? {}) as Record<string, unknown>;
    if (typeof body.feedback === 'string') checkRichTextBounds(body.feedback, 'feedback');
    if (typeof body.feedback !== 'string' || richTextIsBlank(body.feedback)) throw new ValidationError('course.attendance.feedbackRequired', undefined, 'FEEDBACK_REQUIRED');
    const input = parseInput(idSchema.extend({ feedback: z.string().max(200_000) }), raw);
    const a = await loadAttendance(tx, actor, input.attendanceId);
    requireManager(actor, a);
    if (a.lesson.event.endAt.getTime() > Date.now()) throw coursesErrors.rule('LESSON_NOT_OVER', 'course.attendance.feedbackTooEarly');
    if (a.feedbackReleasedAt) throw coursesErrors.rule('FEEDBACK_RELEASED', 'course.attendance.feedbackReleased');
    await tx.attendance.update({ where: { id: a.id }, data: { feedback: await cleanRichText(input.feedback, 'feedback'), feedbackAt: new Date(), feedbackById: actor.id } });
    return { result: { attendanceId: a.id }, targetIds: [a.id] };
  });
}

/** Releases written feedback to the family (the student and their parent then see it); already released ones stay as they are. */
export async function releaseFeedback(ctx: ServiceContext, parsed: Parsed<z.output<typeof releaseFeedbackInput>>): Promise<{ attendanceIds: number[] }> {
  return runWrite(ctx, { operation: 'course.feedbackRelease', targetType: 'Attendance' }, async (tx) => {
    const actor = authorize(ctx, 'course.read');
    const input = inputOf(parsed);
    const ids = [...new Set(input.attendanceIds)];
    for (const id of ids) {
      const a = await loadAttendance(tx, actor, id);
      requireManager(actor, a);
      if (!a.feedback) throw coursesErrors.rule('NO_FEEDBACK', 'course.attendance.noFeedback');
    }
    await tx.attendance.updateMany({ where: { id: { in: ids }, feedbackReleasedAt: null }, data: { feedbackReleasedAt: new Date() } });
    return { result: { attendanceIds: ids }, targetIds: ids };
  });
}

/** The student opened the lesson's material (legacy browsing): the first time is kept, every opening counted. */
export async function recordBrowsing(ctx: ServiceContext, parsed: Parsed<z.output<typeof attendanceIdInput>>): Promise<{ attendanceId: number }> {
  return runWrite(ctx, { operation: 'course.browsing', targetType: 'Attendance' }, async (tx) => {
    const actor = authorize(ctx, 'course.read');
    const input = inputOf(parsed);
    const a = await loadAttendance(tx, actor, input.attendanceId);
    if (actor.type !== USER_TYPES.STUDENT || a.student.id !== actor.id) throw new ForbiddenError();
    await tx.attendance.update({ where: { id: a.id }, data: { browsedAt: a.browsedAt ?? new Date(), browseCount: { increment: 1 } } });
    return { result: { attendanceId: a.id }, targetIds: [a.id] };
  });
}

// ── reads ──

export type AttendanceFilter = {
  courseId?: number | null;
  lessonId?: number | null;
  studentId?: number | null;
  enrollmentId?: number | null;
  state?: number | null;
  from?: Date | null;
  to?: Date | null;
};

export function attendancesWhere(actor: Actor, f: AttendanceFilter = {}): Prisma.AttendanceWhereInput {
  const and: Prisma.AttendanceWhereInput[] = [{ enrollment: visibleEnrollmentsWhere(actor) }];
  if (f.courseId) and.push({ lesson: { courseId: f.courseId } });
  if (f.lessonId) and.push({ lessonId: f.lessonId });
  if (f.studentId) and.push({ enrollment: { studentId: f.studentId } });
  if (f.enrollmentId) and.push({ enrollmentId: f.enrollmentId });
  if (f.state !== undefined && f.state !== null) and.push({ state: f.state });
  if (f.from) and.push({ lesson: { event: { endAt: { gt: f.from } } } });
  if (f.to) and.push({ lesson: { event: { startAt: { lt: f.to } } } });
  return { AND: and };
}

export const ATTENDANCE_ORDER: Prisma.AttendanceOrderByWithRelationInput[] = [{ lesson: { event: { startAt: 'asc' } } }, { id: 'asc' }];

export const attendanceInclude = {
  homework: { include: { files: { select: { id: true, kind: true, fileName: true, size: true, mimeType: true, createdAt: true } } } },
  enrollment: { include: { student: { select: { id: true, name: true, nameEn: true, parentId: true, consultantId: true } } } },
  lesson: {
    include: {
      event: { select: { id: true, title: true, startAt: true, endAt: true, placeId: true, address: true, timeZone: true } },
      course: { select: { id: true, name: true, no: true, lecturers: { select: { userId: true } } } },
    },
  },
} as const satisfies Prisma.AttendanceInclude;

export type AttendanceRow = Prisma.AttendanceGetPayload<{ include: typeof attendanceInclude }>;

export async function listAttendancesPage(ctx: ServiceContext, filter: AttendanceFilter, page: { currentPage: number; pageSize: number }) {
  const actor = authorize(ctx, 'course.read');
  const where = attendancesWhere(actor, filter);
  const [rows, total] = await Promise.all([
    ctx.db.attendance.findMany({ where, include: attendanceInclude, orderBy: ATTENDANCE_ORDER, skip: (page.currentPage - 1) * page.pageSize, take: page.pageSize }),
    ctx.db.attendance.count({ where }),
  ]);
  return { rows, total };
}
