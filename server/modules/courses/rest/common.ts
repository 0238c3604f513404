/** JSON shapes and parameter readers shared by the courses area's legacy paths (docs/courses.md, "Legacy payloads"). */
import type { ServiceContext } from '../../../context.ts';
import { translate } from '../../../i18n/catalogue.ts';
import { formatDateTime, parseLegacyDateTime } from '../../../lib/wall-time.ts';
import { requireActor } from '../../../policy.ts';
import { envelope, pageJson, readPage } from '../../../rest/envelope.ts';
import { first, flag, idList, num, withCondition, zoneOf, type Params } from '../../../rest/params.ts';
import { ConflictError, legacyConflict } from '../../schedule/index.ts';
import { canReadFeedback } from '../courses.policy.ts';
import { ATTENDANCE_STATES, COURSE_SITES, COURSE_TYPES, courseFilePath, HOMEWORK_STATES, hours, type AttendanceRow, type CourseRow } from '../courses.service.ts';

export { first, flag, idList, num, pageJson, readPage, withCondition, zoneOf, type Params };

const when = (ctx: ServiceContext, d: Date | null | undefined) => formatDateTime(d ?? null, requireActor(ctx).timeZone);

/** A range from `beginTime`/`endTime` (or `beginDate`/`endDate`) in the request's zone; a bare end day means its end. */
export function rangeOf(ctx: ServiceContext, p: Params): { from?: Date; to?: Date } {
  const zone = zoneOf(ctx, p);
  return {
    from: parseLegacyDateTime(first(p.beginTime, p.beginDate, p.startTime), 'beginTime', zone),
    to: parseLegacyDateTime(first(p.endTime, p.endDate), 'endTime', zone, true),
  };
}

export function courseJson(ctx: ServiceContext, c: CourseRow) {
  const lecturers = c.lecturers.map((l) => ({ userId: l.user.id, name: l.user.name, nameEn: l.user.nameEn }));
  return {
    id: c.id,
    no: c.no,
    courseNo: c.no,
    name: c.name,
    courseName: c.name,
    type: c.type,
    typeName: translate(ctx.lang, c.type === COURSE_TYPES.RETAIL ? 'course.type.retail' : 'course.type.application'),
    site: c.site,
    siteName: translate(ctx.lang, c.site === COURSE_SITES.ONLINE ? 'course.site.online' : 'course.site.offline'),
    place: c.place,
    classRoomId: c.classroomId,
    classRoomName: c.classroom?.name ?? null,
    studentCount: c.studentCount,
    parentCount: c.parentCount,
    teacherCount: c.teacherCount,
    consultantCount: c.consultantCount,
    duration: c.durationMin,
    totalNumber: c.totalNumber,
    everyWeekNumber: c.everyWeekNumber,
    lessonHours: hours(c.lessonHours),
    beforeWork: c.beforeWork,
    afterWork: c.afterWork,
    projectId: c.projectId,
    projectName: c.project?.name ?? null,
    lecturerIds: lecturers.map((l) => l.userId),
    lecturerName: lecturers.map((l) => l.name).join(','),
    lecturers,
    lessonCount: c._count.lessons,
    enrolledCount: c._count.enrollments,
    createTime: when(ctx, c.createdAt),
  };
}

/** The course fields of a legacy save (names the old screens send, several spellings read). */
export function courseInput(p: Params) {
  const lecturers = idList(first(p.lecturerIds, p.teacherIds, p.userIds, p.lecturerId, p.teacherId));
  const classroom = first(p.classRoomId, p.classroomId);
  return {
    no: first(p.no, p.courseNo, p.number),
    name: first(p.name, p.courseName),
    type: num(p.type),
    site: num(first(p.site, p.courseSite)),
    place: first(p.place, p.address),
    classroomId: classroom === undefined ? (p.classRoomId === '' || p.classRoomId === 0 ? null : undefined) : num(classroom),
    studentCount: num(first(p.studentCount, p.studentNum)),
    parentCount: num(first(p.parentCount, p.parentNum)),
    teacherCount: num(first(p.teacherCount, p.teacherNum)),
    consultantCount: num(first(p.consultantCount, p.consultantNum)),
    durationMin: num(first(p.duration, p.durationMin)),
    totalNumber: num(p.totalNumber),
    everyWeekNumber: num(p.everyWeekNumber),
    lessonHours: first(p.lessonHours, p.courseHour),
    beforeWork: first(p.beforeWork),
    afterWork: first(p.afterWork),
    lecturerIds: lecturers,
    projectId: p.projectId === '' || p.projectId === 0 ? null : num(p.projectId),
    force: flag(first(p.force, p.ignoreConflicts)),
  };
}

export function fileJson(ctx: ServiceContext, f: { id: number; kind: number; fileName: string; size: number; mimeType: string; createdAt: Date }) {
  return { id: f.id, fileId: f.id, kind: f.kind, fileName: f.fileName, fileSize: f.size, fileType: f.mimeType, url: courseFilePath(f.id), createTime: when(ctx, f.createdAt) };
}

const ATTENDANCE_NAMES = { [ATTENDANCE_STATES.UNTAKEN]: ['未签到', 'Not attended'], [ATTENDANCE_STATES.TAKEN]: ['已签到', 'Attended'], [ATTENDANCE_STATES.LEAVE]: ['请假', 'Leave'] } as Record<number, [string, string]>;
const HOMEWORK_NAMES = {
  [HOMEWORK_STATES.NONE]: ['无', 'None'],
  [HOMEWORK_STATES.ACCEPTED]: ['已通过', 'Accepted'],
  [HOMEWORK_STATES.REVISION]: ['需修改', 'Revision required'],
  [HOMEWORK_STATES.TO_SUBMIT]: ['待提交', 'To be submitted'],
  [HOMEWORK_STATES.SUBMITTED]: ['已提交', 'Submitted'],
} as Record<number, [string, string]>;
const nameOf = (ctx: ServiceContext, table: Record<number, [string, string]>, code: number) => table[code]?.[ctx.lang === 'en' ? 1 : 0] ?? '';

/** A student's place in a lesson (legacy user course); feedback only for those who may read it. */
export function attendanceJson(ctx: ServiceContext, a: AttendanceRow) {
  const actor = requireActor(ctx);
  const zone = actor.timeZone;
  const course = a.lesson.course;
  const student = a.enrollment.student;
  const feedbackVisible = canReadFeedback(actor, { id: course.id, lecturerIds: course.lecturers.map((l) => l.userId) }, student, !!a.feedbackReleasedAt);
  const hw = a.homework;
  return {
    id: a.id,
    userCourseId: a.id,
    lessonId: a.lessonId,
    workDailyId: a.lessonId,
    courseId: course.id,
    courseName: course.name,
    courseHourId: a.enrollmentId,
    userId: student.id,
    studentName: student.name,
    studentNameEn: student.nameEn,
    title: a.lesson.event.title,
    beginTime: formatDateTime(a.lesson.event.startAt, zone),
    endTime: formatDateTime(a.lesson.event.endAt, zone),
    classRoomId: a.lesson.event.placeId,
    address: a.lesson.event.address,
    state: a.state,
    stateName: nameOf(ctx, ATTENDANCE_NAMES, a.state),
    signTime: formatDateTime(a.signedAt, zone),
    hoursSpent: hours(a.hoursSpent),
    leaveReason: a.leaveReason,
    earlySignInReason: a.earlySignInReason,
    leaveTime: formatDateTime(a.leaveAt, zone),
    feedback: feedbackVisible ? a.feedback : null,
    feedbackTime: feedbackVisible ? formatDateTime(a.feedbackAt, zone) : null,
    feedbackRelease: a.feedbackReleasedAt ? 1 : 0,
    releaseTime: formatDateTime(a.feedbackReleasedAt, zone),
    browseTime: formatDateTime(a.browsedAt, zone),
    browseCount: a.browseCount,
    homeworkId: hw?.id ?? null,
    homeworkState: hw?.state ?? HOMEWORK_STATES.NONE,
    homeworkStateName: nameOf(ctx, HOMEWORK_NAMES, hw?.state ?? HOMEWORK_STATES.NONE),
    endDate: formatDateTime(hw?.dueAt, zone),
    submitTime: formatDateTime(hw?.submittedAt, zone),
    comment: hw?.comment ?? '',
    files: (hw?.files ?? []).map((f) => fileJson(ctx, f)),
  };
}

export const homeworkStateName = (ctx: ServiceContext, state: number) => nameOf(ctx, HOMEWORK_NAMES, state);

/** A save of lessons or an enrolment: a clash answers status error with the clashes (as the schedule's saves do). */
export async function orConflict<T>(ctx: ServiceContext, p: Params, run: () => Promise<T>): Promise<T | Response> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof ConflictError) {
      const zone = zoneOf(ctx, p);
      return envelope('error', translate(ctx.lang, err.messageKey, err.params), { conflict: true, total: err.total, conflicts: err.conflicts.map((c) => legacyConflict(c, zone)) });
    }
    throw err;
  }
}

/** The paging and the list condition of a legacy list. */
export function listParams(p: Params) {
  return { page: readPage(p), c: withCondition(p) };
}
