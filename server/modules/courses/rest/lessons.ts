/**
 * Legacy paths of lessons and students' places in them: scheduling (cycle/user/course), the
 * course calls of the calendar (work/daily), the user course (sign-in, leave, feedback,
 * homework) and its tasks.
 */
import type { ServiceContext } from '../../../context.ts';
import { translate } from '../../../i18n/catalogue.ts';
import { bytesResponse, uploadedFile } from '../../../lib/upload.ts';
import { formatDateTime, parseLegacyDateTime } from '../../../lib/wall-time.ts';
import { atDoor } from '../../../lib/validate.ts';
import { requireActor } from '../../../policy.ts';
import { optionalId, optionalIdList, optionalInt } from '../../../rest/params.ts';
import type { RestRoute } from '../../../rest/adapter.ts';
import { eventInclude, legacyConflictReport, legacyEvent, legacyEventFields } from '../../schedule/index.ts';
import {
  askForLeave,
  attendanceInclude,
  attendancesWhere,
  ATTENDANCE_ORDER,
  attendanceIdInput,
  checkJoinConflicts,
  checkJoinConflictsInput,
  checkLessonConflicts,
  checkLessonConflictsInput,
  courseIdInput,
  courseLogXlsx,
  deleteLessons,
  deleteLessonsInput,
  enrollStudents,
  FILE_KINDS,
  getCourse,
  listAttendancesPage,
  listLessons,
  listLessonsPage,
  moveLessons,
  homeworkAttendanceInput,
  recordBrowsing,
  releaseFeedback,
  releaseFeedbackInput,
  requireCourseId,
  reviewHomework,
  reviewHomeworkInput,
  scheduleLessons,
  scheduleLessonsInput,
  setHomeworkDueDate,
  setHomeworkDueDateInput,
  signIn,
  signInInput,
  submitHomework,
  undoSignIn,
  updateLessons,
  updateLessonsInput,
  uploadCourseFile,
  uploadCustomTask,
  writeFeedback,
  type AttendanceCounts,
  type LessonFilter,
  type LessonRow,
} from '../courses.service.ts';
import { loadAttendance } from '../service/access.ts';
import { attendanceJson, courseJson, fileJson, first, flag, homeworkStateName, idList, listParams, num, orConflict, pageJson, rangeOf, zoneOf, type Params } from './common.ts';
import { downloadCourseFile } from './courses.ts';
import { XLSX_MIME } from '../../../lib/xlsx.ts';
import { coursesErrors } from '../courses.errors.ts';

const A = '/api/admin';

const SCOPE_CODES: Record<string, 'THIS' | 'FOLLOWING' | 'ALL'> = { '1': 'THIS', '2': 'FOLLOWING', '3': 'ALL', THIS: 'THIS', FOLLOWING: 'FOLLOWING', ALL: 'ALL' };
const scopeOf = (p: Params, fallback: 'THIS' | 'FOLLOWING' | 'ALL') => SCOPE_CODES[String(first(p.scope, p.editType) ?? fallback).toUpperCase()] ?? fallback;
const classroomOf = (p: Params) => num(first(p.classRoomId, p.classroomId, p.placeId));

/** A lesson as the course calendars read it: the work event's legacy shape and the course's facts. */
async function lessonsJson(ctx: ServiceContext, rows: LessonRow[], counts: Map<number, AttendanceCounts>, zone: string) {
  const events = await ctx.db.workEvent.findMany({ where: { id: { in: rows.map((r) => r.eventId) } }, include: eventInclude });
  const byId = new Map(events.map((e) => [e.id, e]));
  const rooms = new Map((await ctx.db.classroom.findMany({ where: { id: { in: rows.map((r) => r.event.placeId).filter((x): x is number => x !== null) } }, select: { id: true, name: true } })).map((r) => [r.id, r.name]));
  return rows.map((r) => {
    const c = counts.get(r.eventId) ?? { taken: 0, leave: 0, untaken: 0, total: 0 };
    return {
      ...legacyEvent(byId.get(r.eventId)!, zone),
      lessonId: r.eventId,
      courseId: r.courseId,
      courseName: r.course.name,
      courseNo: r.course.no,
      classRoomId: r.event.placeId,
      classRoomName: r.event.placeId ? (rooms.get(r.event.placeId) ?? null) : null,
      lecturerName: r.course.lecturers.map((l) => l.user.name).join(','),
      taskContent: r.taskContent,
      taskEndTime: formatDateTime(r.taskDueAt, zone),
      students: c.total,
      taken: c.taken,
      leave: c.leave,
      untaken: c.untaken,
    };
  });
}

function lessonFilter(ctx: ServiceContext, p: Params): LessonFilter {
  const range = rangeOf(ctx, p);
  return {
    courseId: optionalId(p.courseId, 'courseId'),
    courseIds: optionalIdList(p.courseIds, 'courseIds'),
    lecturerId: optionalId(first(p.lecturerId, p.teacherId), 'lecturerId'),
    studentId: optionalId(first(p.studentId, p.userId), 'studentId'),
    classroomId: optionalId(first(p.classRoomId, p.classroomId, p.placeId), 'classRoomId'),
    from: range.from,
    to: range.to,
  };
}

async function eventsList(ctx: ServiceContext, p: Params) {
  const { rows, counts } = await listLessons(ctx, lessonFilter(ctx, p));
  return lessonsJson(ctx, rows, counts, zoneOf(ctx, p));
}

/** The save of cycle/user/course/save: a new series (or lesson) of a course, or an edit of lessons with `id` (scope default ALL). */
async function saveLessons(ctx: ServiceContext, p: Params) {
  const zone = zoneOf(ctx, p);
  const id = num(first(p.id, p.workDailyId, p.lessonId));
  const f = legacyEventFields(p, zone, !id);
  const common = {
    startAt: f.startAt,
    endAt: f.endAt,
    timeZone: zone,
    recurrence: f.recurrence,
    title: f.title,
    content: f.content,
    address: f.address,
    force: f.force,
    ...(classroomOf(p) !== undefined ? { classroomId: classroomOf(p) } : {}),
  };
  return orConflict(ctx, p, async () => {
    const saved = id
      ? await updateLessons(ctx, atDoor(updateLessonsInput, { ...common, id, scope: scopeOf(p, 'ALL') }))
      : await scheduleLessons(ctx, atDoor(scheduleLessonsInput, { ...common, courseId: num(p.courseId) }));
    const { rows, counts } = await listLessons(ctx, { courseId: saved.courseId });
    const list = await lessonsJson(
      ctx,
      rows.filter((r) => saved.eventIds.includes(r.eventId)),
      counts,
      zone,
    );
    return { message: translate(ctx.lang, 'course.saved'), data: { id: saved.eventIds[0] ?? null, ids: saved.eventIds, seriesId: saved.seriesId, courseId: saved.courseId, count: saved.eventIds.length, list } };
  });
}

function conflictJson(ctx: ServiceContext, p: Params, r: Awaited<ReturnType<typeof checkJoinConflicts>>) {
  return legacyConflictReport(ctx, r, zoneOf(ctx, p));
}

const studentsOf = (p: Params) => idList(first(p.studentIds, p.userIds, p.studentId, p.userId));
const attendanceId = (p: Params) => num(first(p.userCourseId, p.attendanceId, p.id));

/** The homework of a user course, as user/course/task/listByUserCourseId answers it. */
async function homeworkJson(ctx: ServiceContext, rawId: unknown) {
  const actor = requireActor(ctx);
  const a = await loadAttendance(ctx.db, actor, Number(rawId) || 0);
  const zone = actor.timeZone;
  const fixed = await ctx.db.courseFile.findMany({ where: { lessonId: a.lessonId, kind: FILE_KINDS.FIXED_TASK }, orderBy: { id: 'asc' } });
  const own = a.homework ? await ctx.db.courseFile.findMany({ where: { homeworkId: a.homework.id }, orderBy: { id: 'asc' } }) : [];
  const state = a.homework?.state ?? 0;
  return {
    userCourseId: a.id,
    homeworkId: a.homework?.id ?? null,
    lessonId: a.lessonId,
    title: a.lesson.event.title,
    state,
    stateName: homeworkStateName(ctx, state),
    endDate: formatDateTime(a.homework?.dueAt ?? a.lesson.taskDueAt, zone),
    submitTime: formatDateTime(a.homework?.submittedAt, zone),
    comment: a.homework?.comment ?? '',
    auditTime: formatDateTime(a.homework?.reviewedAt, zone),
    fixedTask: { content: a.lesson.taskContent, files: fixed.map((f) => fileJson(ctx, f)) },
    customTasks: own.filter((f) => f.kind === FILE_KINDS.CUSTOM_TASK).map((f) => fileJson(ctx, f)),
    answers: own.filter((f) => f.kind === FILE_KINDS.ANSWER).map((f) => fileJson(ctx, f)),
  };
}

/** Legacy auditJob: `state` 1 (or ACCEPTED, accept) accepts, 2 (or REVISION, revision) asks for a revision. */
async function audit(ctx: ServiceContext, p: Params) {
  const s = String(first(p.state, p.auditState, p.result) ?? '').toLowerCase();
  const transition = ['1', 'accepted', 'accept', 'pass'].includes(s) ? 'accept' : ['2', 'revision', 'requestrevision', 'reject'].includes(s) ? 'requestRevision' : null;
  if (!transition) throw coursesErrors.rule('AUDIT_STATE_INVALID', 'course.homework.auditStateInvalid');
  const r = await reviewHomework(ctx, transition, atDoor(reviewHomeworkInput, { attendanceId: attendanceId(p), comment: first(p.comment, p.auditContent, p.remark) }));
  return { data: r, message: translate(ctx.lang, 'course.homework.reviewed') };
}

async function answerUpload(ctx: ServiceContext, req: { params: Params; files: { field: string; file: File }[] }) {
  const r = await submitHomework(ctx, atDoor(homeworkAttendanceInput, { attendanceId: attendanceId(req.params) }), uploadedFile({ ...req, text: null }));
  return { data: r, message: translate(ctx.lang, 'course.homework.submitted') };
}

async function customTaskUpload(ctx: ServiceContext, req: { params: Params; files: { field: string; file: File }[] }) {
  return { data: await uploadCustomTask(ctx, atDoor(homeworkAttendanceInput, { attendanceId: attendanceId(req.params) }), uploadedFile({ ...req, text: null })) };
}

/** A file by id, or the newest of a kind of the user course (downloadAnswer / downloadTask without a file id). */
async function downloadOf(ctx: ServiceContext, p: Params, kinds: number[]) {
  const fileId = num(first(p.fileId));
  if (fileId) return downloadCourseFile(ctx, fileId);
  const a = await loadAttendance(ctx.db, requireActor(ctx), Number(attendanceId(p)) || 0);
  const file = await ctx.db.courseFile.findFirst({
    where: { kind: { in: kinds }, OR: [{ homeworkId: a.homework?.id ?? -1 }, { lessonId: a.lessonId, kind: FILE_KINDS.FIXED_TASK }] },
    orderBy: { id: 'desc' },
    select: { id: true },
  });
  if (!file) throw coursesErrors.rule('NOT_FOUND', 'course.fileNotFound');
  return downloadCourseFile(ctx, file.id);
}

export const lessonRestRoutes: RestRoute[] = [
  // Scheduling (cycle/user/course), all POST.
  { path: `${A}/cycle/user/course/save`, methods: ['POST'], handler: (ctx, { params }) => saveLessons(ctx, params) },
  {
    path: `${A}/cycle/user/course/joinCourse`,
    methods: ['POST'],
    handler: async (ctx, { params: p }) =>
      orConflict(ctx, p, async () => ({
        data: await enrollStudents(ctx, { courseId: num(p.courseId), studentIds: studentsOf(p), hours: p.hours === undefined || p.hours === '' ? undefined : p.hours, force: flag(first(p.force, p.ignoreConflicts)) }),
        message: translate(ctx.lang, 'course.saved'),
      })),
  },
  {
    path: `${A}/cycle/user/course/checkJoinCourseConflict`,
    methods: ['POST'],
    handler: async (ctx, { params: p }) => conflictJson(ctx, p, await checkJoinConflicts(ctx, atDoor(checkJoinConflictsInput, { courseId: num(p.courseId), studentIds: studentsOf(p) ?? [] }))),
  },
  {
    path: `${A}/cycle/user/course/checkConflict`,
    methods: ['POST'],
    handler: async (ctx, { params: p }) => {
      const zone = zoneOf(ctx, p);
      const f = legacyEventFields(p, zone, true);
      return conflictJson(
        ctx,
        p,
        await checkLessonConflicts(
          ctx,
          atDoor(checkLessonConflictsInput, {
            courseId: requireCourseId(optionalId(p.courseId, 'courseId')),
            lessonId: num(first(p.id, p.lessonId)),
            startAt: f.startAt,
            endAt: f.endAt,
            timeZone: zone,
            recurrence: f.recurrence,
            classroomId: classroomOf(p),
            scope: scopeOf(p, 'THIS'),
          }),
        ),
      );
    },
  },
  { path: `${A}/cycle/user/course/delBySeries`, methods: ['POST'], handler: async (ctx, { params: p }) => removeLessons(ctx, p, 'FOLLOWING') },
  { path: `${A}/cycle/user/course/delBySeriesAll`, methods: ['POST'], handler: async (ctx, { params: p }) => removeLessons(ctx, p, 'ALL') },
  {
    path: `${A}/cycle/user/course/updateClassRoom`,
    methods: ['POST'],
    handler: async (ctx, { params: p }) =>
      orConflict(ctx, p, async () => {
        const saved = await moveLessons(ctx, { id: num(first(p.id, p.lessonId, p.workDailyId)), classroomId: classroomOf(p), scope: scopeOf(p, 'THIS'), force: flag(first(p.force, p.ignoreConflicts)) });
        return { data: { ids: saved.eventIds, courseId: saved.courseId, count: saved.eventIds.length }, message: translate(ctx.lang, 'course.lesson.moved') };
      }),
  },

  // The course calls of the calendar (work/daily).
  {
    path: `${A}/work/daily/detailByCourseId`,
    methods: ['POST'],
    handler: async (ctx, { params: p }) => {
      const c = listParams(p).c;
      const course = await getCourse(ctx, atDoor(courseIdInput, { id: requireCourseId(optionalId(first(c.courseId, c.id), 'courseId')) }));
      const lessons = await eventsList(ctx, { ...c, courseId: course.id });
      return { data: { course: courseJson(ctx, course), lessons, total: lessons.length } };
    },
  },
  {
    path: `${A}/work/daily/listCourseWorkDaily`,
    methods: ['POST'],
    handler: async (ctx, { params }) => {
      const { page, c } = listParams(params);
      const { rows, total, counts } = await listLessonsPage(ctx, lessonFilter(ctx, c), page);
      return { data: pageJson(page, total, await lessonsJson(ctx, rows, counts, zoneOf(ctx, c))) };
    },
  },
  {
    path: `${A}/work/daily/getExportCourseWorkDaily`,
    methods: ['POST'],
    handler: async (ctx, { params }) => {
      const c = listParams(params).c;
      const bytes = await courseLogXlsx(ctx, lessonFilter(ctx, c), zoneOf(ctx, c));
      return bytesResponse(bytes, ctx.lang === 'en' ? 'course-log.xlsx' : '课程日志.xlsx', XLSX_MIME);
    },
  },
  { path: `${A}/work/daily/scheduleCourseEvents`, methods: ['GET'], handler: async (ctx, { params }) => ({ data: await eventsList(ctx, params) }) },
  {
    path: `${A}/work/daily/scheduleCourseEventsS`,
    methods: ['GET'],
    handler: async (ctx, { params }) => {
      const events = await eventsList(ctx, params);
      const byCourse = new Map<number, { courseId: number; courseName: string; events: typeof events }>();
      for (const e of events) {
        const group = byCourse.get(e.courseId) ?? { courseId: e.courseId, courseName: e.courseName, events: [] };
        group.events.push(e);
        byCourse.set(e.courseId, group);
      }
      return { data: [...byCourse.values()] };
    },
  },

  // User course: a student's place in a lesson.
  {
    path: `${A}/user/course/save`,
    methods: ['POST'],
    handler: async (ctx, { params: p }) =>
      orConflict(ctx, p, async () => ({
        data: await enrollStudents(ctx, { courseId: num(p.courseId), studentIds: studentsOf(p), hours: p.hours === undefined || p.hours === '' ? undefined : p.hours, force: flag(first(p.force, p.ignoreConflicts)) }),
        message: translate(ctx.lang, 'course.saved'),
      })),
  },
  {
    path: `${A}/user/course/scheduleUserCourseEvents`,
    methods: ['POST'],
    handler: async (ctx, { params }) => {
      const c = listParams(params).c;
      const actor = requireActor(ctx);
      const range = rangeOf(ctx, c);
      const studentId = optionalId(first(c.userId, c.studentId), 'userId') ?? (actor.type === 3 ? actor.id : undefined);
      const rows = await ctx.db.attendance.findMany({
        where: attendancesWhere(actor, { studentId, courseId: optionalId(c.courseId, 'courseId'), from: range.from, to: range.to }),
        include: attendanceInclude,
        orderBy: ATTENDANCE_ORDER,
        take: 2000,
      });
      return { data: rows.map((r) => attendanceJson(ctx, r)) };
    },
  },
  {
    path: `${A}/user/course/listByPage`,
    methods: ['POST'],
    handler: async (ctx, { params }) => {
      const { page, c } = listParams(params);
      const range = rangeOf(ctx, c);
      const { rows, total } = await listAttendancesPage(
        ctx,
        {
          courseId: optionalId(c.courseId, 'courseId'),
          lessonId: optionalId(first(c.lessonId, c.workDailyId), 'lessonId'),
          studentId: optionalId(first(c.userId, c.studentId), 'userId'),
          enrollmentId: optionalId(c.courseHourId, 'courseHourId'),
          state: optionalInt(c.state, 'state'),
          from: range.from,
          to: range.to,
        },
        page,
      );
      return {
        data: pageJson(
          page,
          total,
          rows.map((r) => attendanceJson(ctx, r)),
        ),
      };
    },
  },
  {
    path: `${A}/user/course/signIn`,
    methods: ['POST'],
    handler: async (ctx, { params: p }) => ({
      data: await signIn(ctx, atDoor(signInInput, { attendanceIds: idList(first(p.userCourseIds, p.ids, p.userCourseId, p.attendanceId, p.id)), force: flag(p.force), reason: first(p.reason) })),
      message: translate(ctx.lang, 'course.attendance.signedIn'),
    }),
  },
  {
    // Added path: a sign-in undone, its hours given back.
    path: `${A}/user/course/undoSignIn`,
    methods: ['POST'],
    handler: async (ctx, { params: p }) => ({ data: await undoSignIn(ctx, atDoor(attendanceIdInput, { attendanceId: attendanceId(p) })), message: translate(ctx.lang, 'course.attendance.signInUndone') }),
  },
  {
    path: `${A}/user/course/feedback`,
    methods: ['POST'],
    handler: async (ctx, { params: p }) => ({ data: await writeFeedback(ctx, { attendanceId: attendanceId(p), feedback: first(p.feedback, p.content) }), message: translate(ctx.lang, 'course.saved') }),
  },
  {
    path: `${A}/user/course/askForLeave`,
    methods: ['POST'],
    handler: async (ctx, { params: p }) => ({
      data: await askForLeave(ctx, { attendanceId: attendanceId(p), reason: first(p.reason, p.leaveReason, p.content) }),
      message: translate(ctx.lang, 'course.attendance.leaveAsked'),
    }),
  },
  {
    path: `${A}/user/course/feedBackRelease`,
    methods: ['POST'],
    handler: async (ctx, { params: p }) => ({
      data: await releaseFeedback(ctx, atDoor(releaseFeedbackInput, { attendanceIds: idList(first(p.userCourseIds, p.ids, p.userCourseId, p.attendanceId, p.id)) })),
      message: translate(ctx.lang, 'course.attendance.released'),
    }),
  },
  { path: `${A}/user/course/auditJob`, methods: ['POST'], handler: (ctx, { params }) => audit(ctx, params) },
  { path: `${A}/user/course/uploadAnswer`, methods: ['POST'], handler: (ctx, req) => answerUpload(ctx, req) },
  { path: `${A}/user/course/downloadAnswer`, methods: ['POST'], handler: (ctx, { params }) => downloadOf(ctx, params, [FILE_KINDS.ANSWER]) },
  {
    path: `${A}/user/course/uploadTask`,
    methods: ['POST'],
    handler: async (ctx, req) => {
      const p = req.params;
      const saved = await uploadCourseFile(ctx, { objectId: num(first(p.lessonId, p.workDailyId, p.objectId, p.id)), objectType: FILE_KINDS.FIXED_TASK }, uploadedFile(req));
      return { data: fileJson(ctx, await ctx.db.courseFile.findUniqueOrThrow({ where: { id: saved.fileId } })) };
    },
  },
  { path: `${A}/user/course/downloadTask`, methods: ['POST'], handler: (ctx, { params }) => downloadOf(ctx, params, [FILE_KINDS.CUSTOM_TASK, FILE_KINDS.FIXED_TASK]) },
  { path: `${A}/user/course/downloadFixedTask`, methods: ['POST'], handler: (ctx, { params }) => downloadOf(ctx, params, [FILE_KINDS.FIXED_TASK]) },
  { path: `${A}/user/course/browsing`, methods: ['POST'], handler: async (ctx, { params: p }) => ({ data: await recordBrowsing(ctx, atDoor(attendanceIdInput, { attendanceId: attendanceId(p) })) }) },

  // User course tasks (homework).
  { path: `${A}/user/course/task/listByUserCourseId`, methods: ['GET'], handler: async (ctx, { params: p }) => ({ data: await homeworkJson(ctx, attendanceId(p)) }) },
  { path: `${A}/user/course/task/downloadAnswer`, methods: ['GET'], handler: (ctx, { params }) => downloadOf(ctx, params, [FILE_KINDS.ANSWER]) },
  { path: `${A}/user/course/task/downloadCustomTask`, methods: ['GET'], handler: (ctx, { params }) => downloadOf(ctx, params, [FILE_KINDS.CUSTOM_TASK]) },
  {
    path: `${A}/user/course/task/updateEndDate`,
    methods: ['POST'],
    handler: async (ctx, { params: p }) => {
      const zone = zoneOf(ctx, p);
      const raw = first(p.endDate, p.endTime, p.dueAt);
      const dueAt = raw === undefined ? null : parseLegacyDateTime(raw, 'endDate', zone, true);
      return { data: await setHomeworkDueDate(ctx, atDoor(setHomeworkDueDateInput, { attendanceId: attendanceId(p), dueAt })), message: translate(ctx.lang, 'course.saved') };
    },
  },
  { path: `${A}/user/course/task/auditJob`, methods: ['POST'], handler: (ctx, { params }) => audit(ctx, params) },
  { path: `${A}/user/course/task/uploadAnswer`, methods: ['POST'], handler: (ctx, req) => answerUpload(ctx, req) },
  { path: `${A}/user/course/task/uploadCustomTask`, methods: ['POST'], handler: (ctx, req) => customTaskUpload(ctx, req) },
];

async function removeLessons(ctx: ServiceContext, p: Params, scope: 'FOLLOWING' | 'ALL') {
  const r = await deleteLessons(ctx, atDoor(deleteLessonsInput, { id: num(first(p.id, p.lessonId, p.workDailyId)), scope }));
  return { message: translate(ctx.lang, 'toast.deleted'), data: { ids: r.deletedIds, count: r.deletedIds.length, seriesDeleted: r.seriesDeleted, courseId: r.courseId } };
}
