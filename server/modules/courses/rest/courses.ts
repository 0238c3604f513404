/** Legacy paths of courses, course hours and their records, and classrooms (spec section 7, "Courses and classrooms"). */
import type { ServiceContext } from '../../../context.ts';
import { translate } from '../../../i18n/catalogue.ts';
import { downloadResponse, uploadedFile, bytesResponse } from '../../../lib/upload.ts';
import { formatDateTime } from '../../../lib/wall-time.ts';
import { atDoor } from '../../../lib/validate.ts';
import { requireActor } from '../../../policy.ts';
import { BOTH, type RestRoute } from '../../../rest/adapter.ts';
import {
  adjustHours,
  leaveCourse,
  buyHours,
  classroomIdInput,
  courseFileIdInput,
  courseIdInput,
  createCourse,
  deleteClassroom,
  deleteCourseFile,
  deleteCourses,
  deleteCoursesInput,
  fileForDownload,
  getClassroom,
  getCourse,
  hours,
  listAllClassrooms,
  listCoursesPage,
  listEnrollmentsPage,
  listHourRecordsPage,
  listClassroomsPage,
  saveClassroom,
  searchCourses,
  setClassroomState,
  updateCourse,
  uploadCourseFile,
} from '../courses.service.ts';
import { coursePdf, coursePdfInput } from '../courses.pdf.ts';
import { courseInput, courseJson, fileJson, first, flag, listParams, num, orConflict, pageJson, rangeOf, type Params } from './common.ts';
import { optionalId, optionalInt } from '../../../rest/params.ts';
import { coursesErrors } from '../courses.errors.ts';

const A = '/api/admin';

function courseFilter(p: Params) {
  return {
    search: first(p.searchKey, p.name, p.courseName, p.keyword) as string | undefined,
    type: optionalInt(p.type, 'type'),
    site: optionalInt(p.site, 'site'),
    lecturerId: optionalId(first(p.lecturerId, p.teacherId), 'lecturerId'),
    projectId: optionalId(p.projectId, 'projectId'),
    classroomId: optionalId(first(p.classRoomId, p.classroomId), 'classRoomId'),
  };
}

async function courseDetail(ctx: ServiceContext, id: unknown) {
  const row = await getCourse(ctx, atDoor(courseIdInput, { id }));
  const files = await ctx.db.courseFile.findMany({ where: { courseId: row.id, kind: 1 }, orderBy: { id: 'asc' } });
  return { ...courseJson(ctx, row), files: files.map((f) => fileJson(ctx, f)), attachments: files.map((f) => fileJson(ctx, f)) };
}

function classroomJson(ctx: ServiceContext, r: { id: number; no: string; name: string; state: number; address: string; capacity: number | null; createdAt: Date }) {
  return {
    id: r.id,
    no: r.no,
    name: r.name,
    classRoomName: r.name,
    state: r.state,
    stateName: ctx.lang === 'en' ? (r.state === 1 ? 'In use' : 'Disabled') : r.state === 1 ? '使用中' : '已停用',
    address: r.address,
    capacity: r.capacity,
    createTime: formatDateTime(r.createdAt, requireActor(ctx).timeZone),
  };
}

type EnrollmentRow = Awaited<ReturnType<typeof listEnrollmentsPage>>['rows'][number];
function enrollmentJson(ctx: ServiceContext, e: EnrollmentRow) {
  return {
    id: e.id,
    courseHourId: e.id,
    courseId: e.courseId,
    courseName: e.course.name,
    courseNo: e.course.no,
    userId: e.studentId,
    studentId: e.studentId,
    studentName: e.student.name,
    studentNameEn: e.student.nameEn,
    totalHours: hours(e.totalHours),
    remainingHours: hours(e.remainingHours),
    state: e.state,
    createTime: formatDateTime(e.createdAt, requireActor(ctx).timeZone),
  };
}

type RecordRow = Awaited<ReturnType<typeof listHourRecordsPage>>['rows'][number];
const KIND_NAMES: Record<number, [string, string]> = {
  1: ['购买', 'Bought'],
  2: ['调整', 'Adjusted'],
  3: ['签到消耗', 'Spent by a sign-in'],
  4: ['撤销签到', 'Sign-in undone'],
  5: ['退课退还', 'Refunded on leaving'],
};
function recordJson(ctx: ServiceContext, r: RecordRow) {
  return {
    id: r.id,
    courseHourId: r.enrollmentId,
    courseId: r.enrollment.courseId,
    courseName: r.enrollment.course.name,
    userId: r.enrollment.studentId,
    studentName: r.enrollment.student.name,
    kind: r.kind,
    kindName: KIND_NAMES[r.kind]?.[ctx.lang === 'en' ? 1 : 0] ?? '',
    change: hours(r.change),
    before: hours(r.before),
    after: hours(r.after),
    beforeHours: hours(r.before),
    afterHours: hours(r.after),
    reason: r.reason,
    lessonId: r.lessonId,
    createById: r.createdById,
    createByName: r.createdByName,
    createTime: formatDateTime(r.createdAt, requireActor(ctx).timeZone),
  };
}

export const courseRestRoutes: RestRoute[] = [
  // Courses.
  {
    path: `${A}/course/listBySearch`,
    methods: BOTH,
    handler: async (ctx, { params }) => ({ data: (await searchCourses(ctx, courseFilter(listParams(params).c))).map((r) => courseJson(ctx, r)) }),
  },
  {
    path: `${A}/course/listCourseByPage`,
    methods: BOTH,
    handler: async (ctx, { params }) => {
      const { page, c } = listParams(params);
      const { rows, total } = await listCoursesPage(ctx, courseFilter(c), page);
      return {
        data: pageJson(
          page,
          total,
          rows.map((r) => courseJson(ctx, r)),
        ),
      };
    },
  },
  { path: `${A}/course/getCourseDetailById`, methods: BOTH, handler: async (ctx, { params }) => ({ data: await courseDetail(ctx, first(params.id, params.courseId)) }) },
  {
    path: `${A}/course/save`,
    methods: BOTH,
    handler: async (ctx, { params }) => {
      const id = num(first(params.id, params.courseId));
      const input = courseInput(params);
      return orConflict(ctx, params, async () => {
        const saved = id ? await updateCourse(ctx, { ...input, id }) : await createCourse(ctx, input);
        return { data: await courseDetail(ctx, saved.id), message: String(saved.id) };
      });
    },
  },
  {
    path: `${A}/course/del`,
    methods: BOTH,
    handler: async (ctx, { params }) => ({ data: await deleteCourses(ctx, atDoor(deleteCoursesInput, { ids: first(params.ids, params.selIds, params.id) })), message: translate(ctx.lang, 'course.deleted') }),
  },
  {
    path: `${A}/course/uploadAttachment`,
    methods: ['POST'],
    handler: async (ctx, req) => {
      const p = req.params;
      const saved = await uploadCourseFile(ctx, { objectId: first(p.objectId, p.courseId, p.id), objectType: first(p.objectType) }, uploadedFile(req));
      const file = await ctx.db.courseFile.findUniqueOrThrow({ where: { id: saved.fileId } });
      return { data: fileJson(ctx, file) };
    },
  },
  {
    path: `${A}/course/deleteAttachment`,
    methods: ['GET'],
    handler: async (ctx, { params }) => ({ data: await deleteCourseFile(ctx, atDoor(courseFileIdInput, { fileId: first(params.fileId, params.id) })), message: translate(ctx.lang, 'course.deleted') }),
  },
  {
    // Added path: the course PDF of the /course-export screen (docs/courses.md).
    path: `${A}/course/export`,
    methods: ['GET'],
    handler: async (ctx, { params }) => {
      const pdf = await coursePdf(ctx, atDoor(coursePdfInput, { id: first(params.id, params.courseId) }));
      return bytesResponse(pdf.bytes, pdf.fileName, 'application/pdf');
    },
  },
  {
    // Added path: any course file the caller may read (attachments, tasks, answers).
    path: `${A}/course/downloadFile`,
    methods: ['GET'],
    handler: (ctx, { params }) => downloadCourseFile(ctx, first(params.fileId, params.id)),
  },

  // Course hours and their records.
  {
    path: `${A}/course/hour/listCourseHourByPage`,
    methods: BOTH,
    handler: async (ctx, { params }) => {
      const { page, c } = listParams(params);
      const { rows, total } = await listEnrollmentsPage(
        ctx,
        {
          courseId: optionalId(c.courseId, 'courseId'),
          studentId: optionalId(first(c.studentId, c.userId), 'studentId'),
          search: first(c.searchKey, c.studentName, c.name) as string | undefined,
          state: optionalInt(c.state, 'state'),
        },
        page,
      );
      return {
        data: pageJson(
          page,
          total,
          rows.map((r) => enrollmentJson(ctx, r)),
        ),
      };
    },
  },
  {
    path: `${A}/course/hour/save`,
    methods: BOTH,
    handler: async (ctx, { params: p }) =>
      orConflict(ctx, p, async () => {
        const saved = await buyHours(ctx, {
          enrollmentId: num(first(p.courseHourId, p.enrollmentId, p.id)),
          courseId: num(p.courseId),
          studentId: num(first(p.studentId, p.userId)),
          hours: first(p.hours, p.totalHours, p.courseHour, p.hour),
          reason: first(p.reason, p.remark),
          force: p.force === true || p.force === 'true' || p.force === '1' || p.force === 1,
        });
        return { data: saved, message: translate(ctx.lang, 'course.saved') };
      }),
  },
  {
    path: `${A}/course/hour/updateHour`,
    methods: BOTH,
    handler: async (ctx, { params: p }) => ({
      data: await adjustHours(ctx, {
        enrollmentId: num(first(p.courseHourId, p.enrollmentId, p.id)),
        change: first(p.change, p.hours, p.hour),
        remainingHours: first(p.remainingHours, p.surplusHour),
        reason: first(p.reason, p.remark),
      }),
      message: translate(ctx.lang, 'course.saved'),
    }),
  },
  {
    // Added path (no legacy one): a student leaves the course, the unused hours refunded with `refund` (all, or `refundHours` of them).
    path: `${A}/course/hour/leave`,
    methods: BOTH,
    handler: async (ctx, { params: p }) => {
      const done = await leaveCourse(ctx, {
        enrollmentId: num(first(p.courseHourId, p.enrollmentId, p.id)),
        refund: flag(p.refund),
        refundHours: first(p.refundHours, p.refundHour),
        reason: first(p.reason, p.remark),
      });
      return { data: done, message: translate(ctx.lang, done.refundedHours ? 'course.hours.refunded' : 'course.enroll.left', { hours: done.refundedHours }) };
    },
  },
  {
    path: `${A}/course/hour/record/listCourseHourRecordByPage`,
    methods: BOTH,
    handler: async (ctx, { params }) => {
      const { page, c } = listParams(params);
      const range = rangeOf(ctx, c);
      const { rows, total } = await listHourRecordsPage(
        ctx,
        {
          courseId: optionalId(c.courseId, 'courseId'),
          studentId: optionalId(first(c.studentId, c.userId), 'studentId'),
          enrollmentId: optionalId(first(c.courseHourId, c.enrollmentId), 'courseHourId'),
          kind: optionalInt(c.kind, 'kind'),
          from: range.from,
          to: range.to,
        },
        page,
      );
      return {
        data: pageJson(
          page,
          total,
          rows.map((r) => recordJson(ctx, r)),
        ),
      };
    },
  },

  // Classrooms.
  {
    path: `${A}/class/room/listClassRoomByPage`,
    methods: BOTH,
    handler: async (ctx, { params }) => {
      const { page, c } = listParams(params);
      const { rows, total } = await listClassroomsPage(ctx, { search: first(c.searchKey, c.name) as string | undefined, state: optionalInt(c.state, 'state') }, page);
      return {
        data: pageJson(
          page,
          total,
          rows.map((r) => classroomJson(ctx, r)),
        ),
      };
    },
  },
  {
    path: `${A}/class/room/listAll`,
    methods: BOTH,
    handler: async (ctx, { params }) => {
      const c = listParams(params).c;
      return { data: (await listAllClassrooms(ctx, { search: first(c.searchKey, c.name) as string | undefined, state: optionalInt(c.state, 'state') })).map((r) => classroomJson(ctx, r)) };
    },
  },
  {
    path: `${A}/class/room/save`,
    methods: BOTH,
    handler: async (ctx, { params: p }) => {
      const saved = await saveClassroom(ctx, {
        id: num(p.id),
        no: first(p.no, p.classRoomNo),
        name: first(p.name, p.classRoomName),
        state: num(p.state),
        address: p.address,
        capacity: p.capacity === '' ? null : num(p.capacity),
      });
      return { data: classroomJson(ctx, await getClassroom(ctx, atDoor(classroomIdInput, { id: saved.id }))), message: String(saved.id) };
    },
  },
  {
    path: `${A}/class/room/updateState`,
    methods: BOTH,
    handler: async (ctx, { params: p }) => {
      const saved = await setClassroomState(ctx, { id: num(p.id), state: num(p.state) });
      return { data: classroomJson(ctx, await getClassroom(ctx, atDoor(classroomIdInput, { id: saved.id }))), message: translate(ctx.lang, 'course.saved') };
    },
  },
  { path: `${A}/class/room/getById`, methods: ['GET'], handler: async (ctx, { params }) => ({ data: classroomJson(ctx, await getClassroom(ctx, atDoor(classroomIdInput, { id: params.id }))) }) },
  {
    path: `${A}/class/room/deleteById`,
    methods: ['GET'],
    handler: async (ctx, { params }) => ({ data: await deleteClassroom(ctx, atDoor(classroomIdInput, { id: params.id })), message: translate(ctx.lang, 'course.deleted') }),
  },
];

/** Serves a course file to whoever may read it. */
export async function downloadCourseFile(ctx: ServiceContext, fileId: unknown): Promise<Response> {
  const file = await fileForDownload(ctx, atDoor(courseFileIdInput, { fileId }));
  const res = await downloadResponse(ctx, file.storageKey, { fileName: file.fileName, mime: file.mimeType });
  if (!res) throw coursesErrors.rule('NOT_FOUND', 'course.fileNotFound');
  return res;
}
