/** Every course mutation and legacy write × every demo role × both doors (see ./course-matrix.ts). */
import { atDoor } from '../../../server/lib/validate.ts';
import {
  createCourse,
  enrollStudents,
  homeworkAttendanceInput,
  scheduleLessons,
  scheduleLessonsInput,
  setLessonTask,
  setLessonTaskInput,
  signIn,
  signInInput,
  submitHomework,
  uploadCourseFile,
  writeFeedback,
} from '../../../server/modules/courses/courses.service.ts';
import { PDF } from '../uploads.ts';
import { adminCtx, describeCourseMatrix, m, POLICY, t, userIds, type Case } from './course-matrix.ts';
import { gid } from './support.ts';

let n = 0;
const pdf = () => new File([PDF as Uint8Array<ArrayBuffer>], 'task.pdf', { type: 'application/pdf' });
const upload = { bytes: PDF, name: 'file.pdf', type: 'application/pdf' };

/** A course taught by the demo lecturer with student.demo enrolled and one lesson (in the future, under way now, or over). */
async function fixture(opts: { lesson?: 'future' | 'now' | 'past' | 'none'; task?: boolean; submitted?: boolean; feedback?: boolean; file?: boolean } = {}) {
  const ctx = await adminCtx();
  const k = ++n;
  const course = await createCourse(ctx, { name: `矩阵课程 ${k}`, lecturerIds: [userIds.lecturer], lessonHours: 1 });
  const enrolled = await enrollStudents(ctx, { courseId: course.id, studentIds: [userIds['student.demo']], hours: 5, force: true });
  const out = { courseId: course.id, enrollmentId: enrolled.enrollmentIds[0]!, lessonId: 0, attendanceId: 0, fileId: 0 };
  if (opts.file) out.fileId = (await uploadCourseFile(ctx, { objectId: course.id, objectType: 1 }, pdf())).fileId;
  if (opts.lesson === 'none') return out;
  const when = opts.lesson ?? 'future';
  const start = when === 'now' ? new Date(Date.now() - 10 * 60_000) : when === 'past' ? new Date(Date.now() - (3 + k) * 3_600_000) : new Date(Date.UTC(2030, 0, 1) + k * 3 * 3_600_000);
  const saved = await scheduleLessons(ctx, atDoor(scheduleLessonsInput, { courseId: course.id, startAt: start, endAt: new Date(start.getTime() + 60 * 60_000), force: true }));
  out.lessonId = saved.eventIds[0]!;
  out.attendanceId = (await t.db.attendance.findFirstOrThrow({ where: { lessonId: out.lessonId, enrollmentId: out.enrollmentId } })).id;
  if (opts.task || opts.submitted) await setLessonTask(ctx, atDoor(setLessonTaskInput, { lessonId: out.lessonId, content: '<p>练习</p>' }));
  if (opts.submitted) await submitHomework(ctx, atDoor(homeworkAttendanceInput, { attendanceId: out.attendanceId }), pdf());
  if (opts.feedback) await writeFeedback(ctx, { attendanceId: out.attendanceId, feedback: '<p>很好</p>' });
  return out;
}

/** A place signed in (by an administrator) on a future lesson. */
const signedIn = async () => {
  const f = await fixture();
  await signIn(await adminCtx(), atDoor(signInInput, { attendanceIds: [f.attendanceId], force: true, reason: '测试：提前签到' }));
  return f.attendanceId;
};
const classroom = async () => (await t.db.classroom.create({ data: { no: `M${++n}`, name: `矩阵教室 ${n}` } })).id;
const freshStudent = async () => {
  const rows = await t.db.user.findMany({ where: { type: 3, account: null, state: 1 }, orderBy: { id: 'asc' }, skip: n++ % 30, take: 1, select: { id: true } });
  return rows[0]!.id;
};
const future = () => {
  const s = new Date(Date.UTC(2031, 0, 1) + ++n * 3 * 3_600_000);
  return {
    startAt: s.toISOString(),
    endAt: new Date(s.getTime() + 3_600_000).toISOString(),
    begin: s.toISOString().replace('T', ' ').slice(0, 19),
    end: new Date(s.getTime() + 3_600_000).toISOString().replace('T', ' ').slice(0, 19),
  };
};

const TEACH = POLICY['course.teach'];

const CASES: Case[] = [
  {
    name: 'create a course',
    allowed: POLICY['course.manage'],
    gql: async () => ({ query: m('createCourse', 'CreateCourseInput'), variables: { input: { name: '新课程' } } }),
    rest: async () => ({ path: '/api/admin/course/save.htm', json: { courseName: '新课程' } }),
  },
  {
    name: 'edit a course',
    allowed: TEACH,
    gql: async () => ({ query: m('updateCourse', 'UpdateCourseInput'), variables: { input: { courseId: gid('Course', (await fixture({ lesson: 'none' })).courseId), place: '新地点' } } }),
    rest: async () => ({ path: '/api/admin/course/save.htm', json: { id: (await fixture({ lesson: 'none' })).courseId, place: '新地点' } }),
  },
  {
    name: 'delete a course',
    allowed: POLICY['course.manage'],
    gql: async () => ({
      query: m('deleteCourses', 'DeleteCoursesInput'),
      variables: { input: { courseIds: [gid('Course', (await createCourse(await adminCtx(), { name: '待删课程', lecturerIds: [userIds.lecturer] })).id)] } },
    }),
    rest: async () => ({ path: '/api/admin/course/del.htm', json: { ids: [(await createCourse(await adminCtx(), { name: '待删课程', lecturerIds: [userIds.lecturer] })).id] } }),
  },
  {
    name: 'attach a file to a course',
    allowed: TEACH,
    gql: async () => ({ query: m('uploadCourseAttachment', 'UploadCourseAttachmentInput'), variables: { courseId: gid('Course', (await fixture({ lesson: 'none' })).courseId) }, upload }),
    rest: async () => ({ path: '/api/admin/course/uploadAttachment.htm', form: { fields: { objectId: (await fixture({ lesson: 'none' })).courseId, objectType: 1 }, file: upload } }),
  },
  {
    name: 'delete a course file',
    allowed: TEACH,
    gql: async () => ({ query: m('deleteCourseFile', 'CourseFileRefInput'), variables: { input: { fileId: (await fixture({ lesson: 'none', file: true })).fileId } } }),
    rest: async () => ({ path: `/api/admin/course/deleteAttachment.htm?fileId=${(await fixture({ lesson: 'none', file: true })).fileId}`, method: 'GET' }),
  },
  {
    name: 'add a classroom',
    allowed: POLICY['classroom.manage'],
    gql: async () => ({ query: m('createClassroom', 'CreateClassroomInput'), variables: { input: { name: '新教室' } } }),
    rest: async () => ({ path: '/api/admin/class/room/save.htm', json: { name: '新教室' } }),
  },
  {
    name: 'edit a classroom',
    allowed: POLICY['classroom.manage'],
    gql: async () => ({ query: m('updateClassroom', 'UpdateClassroomInput'), variables: { input: { classroomId: gid('Classroom', await classroom()), capacity: 9 } } }),
    rest: async () => ({ path: '/api/admin/class/room/save.htm', json: { id: await classroom(), capacity: 9 } }),
  },
  {
    name: 'disable a classroom',
    allowed: POLICY['classroom.manage'],
    gql: async () => ({ query: m('disableClassroom', 'ClassroomRefInput'), variables: { input: { classroomId: gid('Classroom', await classroom()) } } }),
    rest: async () => ({ path: '/api/admin/class/room/updateState.htm', json: { id: await classroom(), state: 2 } }),
  },
  {
    name: 'put a classroom in use',
    allowed: POLICY['classroom.manage'],
    gql: async () => ({ query: m('enableClassroom', 'ClassroomRefInput'), variables: { input: { classroomId: gid('Classroom', await classroom()) } } }),
    rest: async () => ({ path: '/api/admin/class/room/updateState.htm', json: { id: await classroom(), state: 1 } }),
  },
  {
    name: 'delete a classroom',
    allowed: POLICY['classroom.manage'],
    gql: async () => ({ query: m('deleteClassroom', 'ClassroomRefInput'), variables: { input: { classroomId: gid('Classroom', await classroom()) } } }),
    rest: async () => ({ path: `/api/admin/class/room/deleteById.htm?id=${await classroom()}`, method: 'GET' }),
  },
  {
    name: 'schedule lessons',
    allowed: TEACH,
    gql: async () => {
      const f = future();
      return {
        query: m('scheduleLessons', 'ScheduleLessonsInput'),
        variables: { input: { courseId: gid('Course', (await fixture({ lesson: 'none' })).courseId), startAt: f.startAt, endAt: f.endAt, timeZone: 'UTC', force: true } },
      };
    },
    rest: async () => {
      const f = future();
      return { path: '/api/admin/cycle/user/course/save.htm', json: { courseId: (await fixture({ lesson: 'none' })).courseId, beginTime: f.begin, endTime: f.end, timeZone: 'UTC', ignoreConflicts: 1 } };
    },
  },
  {
    name: 'edit lessons',
    allowed: TEACH,
    gql: async () => ({ query: m('updateLessons', 'UpdateLessonsInput'), variables: { input: { lessonId: gid('Lesson', (await fixture()).lessonId), title: '改名的课' } } }),
    rest: async () => ({ path: '/api/admin/cycle/user/course/save.htm', json: { id: (await fixture()).lessonId, title: '改名的课' } }),
  },
  {
    name: 'move lessons to another classroom',
    allowed: TEACH,
    gql: async () => ({ query: m('moveLessons', 'MoveLessonsInput'), variables: { input: { lessonId: gid('Lesson', (await fixture()).lessonId), classroomId: gid('Classroom', await classroom()), force: true } } }),
    rest: async () => ({ path: '/api/admin/cycle/user/course/updateClassRoom.htm', json: { id: (await fixture()).lessonId, classRoomId: await classroom(), force: 1 } }),
  },
  {
    name: 'delete lessons',
    allowed: TEACH,
    gql: async () => ({ query: m('deleteLessons', 'DeleteLessonsInput'), variables: { input: { lessonId: gid('Lesson', (await fixture()).lessonId), scope: 'ALL' } } }),
    rest: async () => ({ path: '/api/admin/cycle/user/course/delBySeriesAll.htm', json: { id: (await fixture()).lessonId } }),
  },
  {
    name: 'delete this and the following lessons (legacy delBySeries)',
    allowed: TEACH,
    gql: async () => ({ query: m('deleteLessons', 'DeleteLessonsInput'), variables: { input: { lessonId: gid('Lesson', (await fixture()).lessonId), scope: 'FOLLOWING' } } }),
    rest: async () => ({ path: '/api/admin/cycle/user/course/delBySeries.htm', json: { id: (await fixture()).lessonId } }),
  },
  {
    name: 'enrol a student',
    allowed: TEACH,
    gql: async () => ({ query: m('enrollStudents', 'EnrollStudentsInput'), variables: { input: { courseId: gid('Course', (await fixture()).courseId), studentIds: [gid('User', await freshStudent())], force: true } } }),
    rest: async () => ({ path: '/api/admin/cycle/user/course/joinCourse.htm', json: { courseId: (await fixture()).courseId, userIds: [await freshStudent()], force: 1 } }),
  },
  {
    name: 'enrol a student (legacy user/course/save)',
    allowed: TEACH,
    gql: async () => ({ query: m('enrollStudents', 'EnrollStudentsInput'), variables: { input: { courseId: gid('Course', (await fixture()).courseId), studentIds: [gid('User', await freshStudent())], force: true } } }),
    rest: async () => ({ path: '/api/admin/user/course/save.htm', json: { courseId: (await fixture()).courseId, userIds: [await freshStudent()], force: 1 } }),
  },
  {
    name: 'a student leaves a course',
    allowed: TEACH,
    gql: async () => ({ query: m('leaveCourse', 'EnrollmentRefInput'), variables: { input: { enrollmentId: gid('Enrollment', (await fixture()).enrollmentId) } } }),
    rest: async () => ({ path: '/api/admin/course/hour/leave.htm', json: { courseHourId: (await fixture()).enrollmentId } }),
  },
  {
    name: 'a student leaves a course with the unused hours refunded',
    allowed: POLICY['course.hours'],
    gql: async () => ({ query: m('leaveCourse', 'EnrollmentRefInput'), variables: { input: { enrollmentId: gid('Enrollment', (await fixture()).enrollmentId), refund: true, reason: '退课' } } }),
    rest: async () => ({ path: '/api/admin/course/hour/leave.htm', json: { courseHourId: (await fixture()).enrollmentId, refund: 1, reason: '退课' } }),
  },
  {
    name: 'buy course hours',
    allowed: POLICY['course.hours'],
    gql: async () => ({ query: m('buyCourseHours', 'BuyCourseHoursInput'), variables: { input: { enrollmentId: gid('Enrollment', (await fixture({ lesson: 'none' })).enrollmentId), hours: 2 } } }),
    rest: async () => ({ path: '/api/admin/course/hour/save.htm', json: { courseHourId: (await fixture({ lesson: 'none' })).enrollmentId, hours: 2 } }),
  },
  {
    name: 'adjust course hours',
    allowed: POLICY['course.hours'],
    gql: async () => ({ query: m('adjustCourseHours', 'AdjustCourseHoursInput'), variables: { input: { enrollmentId: gid('Enrollment', (await fixture({ lesson: 'none' })).enrollmentId), change: -1, reason: '更正' } } }),
    rest: async () => ({ path: '/api/admin/course/hour/updateHour.htm', json: { courseHourId: (await fixture({ lesson: 'none' })).enrollmentId, change: -1, reason: '更正' } }),
  },
  {
    name: 'sign in to a lesson under way',
    allowed: POLICY['attendance.signIn'],
    gql: async () => ({ query: m('signInLesson', 'AttendanceIdsInput'), variables: { input: { attendanceIds: [gid('Attendance', (await fixture({ lesson: 'now' })).attendanceId)] } } }),
    rest: async () => ({ path: '/api/admin/user/course/signIn.htm', json: { userCourseId: (await fixture({ lesson: 'now' })).attendanceId } }),
  },
  {
    name: 'undo a sign-in',
    allowed: TEACH,
    gql: async () => ({ query: m('undoSignIn', 'AttendanceRefInput'), variables: { input: { attendanceId: gid('Attendance', await signedIn()) } } }),
    rest: async () => ({ path: '/api/admin/user/course/undoSignIn.htm', json: { userCourseId: await signedIn() } }),
  },
  {
    name: 'ask for leave',
    allowed: POLICY['attendance.leave'],
    gql: async () => ({ query: m('askForLeave', 'AskForLeaveInput'), variables: { input: { attendanceId: gid('Attendance', (await fixture()).attendanceId), reason: '生病' } } }),
    rest: async () => ({ path: '/api/admin/user/course/askForLeave.htm', json: { userCourseId: (await fixture()).attendanceId, reason: '生病' } }),
  },
  {
    name: 'write feedback',
    allowed: TEACH,
    gql: async () => ({ query: m('writeLessonFeedback', 'LessonFeedbackInput'), variables: { input: { attendanceId: gid('Attendance', (await fixture({ lesson: 'past' })).attendanceId), feedback: '<p>很好</p>' } } }),
    rest: async () => ({ path: '/api/admin/user/course/feedback.htm', json: { userCourseId: (await fixture({ lesson: 'past' })).attendanceId, feedback: '<p>很好</p>' } }),
  },
  {
    name: 'release feedback',
    allowed: TEACH,
    gql: async () => ({ query: m('releaseLessonFeedback', 'AttendanceIdsInput'), variables: { input: { attendanceIds: [gid('Attendance', (await fixture({ lesson: 'past', feedback: true })).attendanceId)] } } }),
    rest: async () => ({ path: '/api/admin/user/course/feedBackRelease.htm', json: { userCourseId: (await fixture({ lesson: 'past', feedback: true })).attendanceId } }),
  },
  {
    name: 'open the lesson material',
    allowed: POLICY['material.browse'],
    gql: async () => ({ query: m('recordMaterialBrowsing', 'AttendanceRefInput'), variables: { input: { attendanceId: gid('Attendance', (await fixture()).attendanceId) } } }),
    rest: async () => ({ path: '/api/admin/user/course/browsing.htm', json: { userCourseId: (await fixture()).attendanceId } }),
  },
  {
    name: 'set the lesson task (GraphQL only)',
    allowed: TEACH,
    gql: async () => ({ query: m('setLessonTask', 'LessonTaskInput'), variables: { input: { lessonId: gid('Lesson', (await fixture()).lessonId), content: '<p>练习</p>' } } }),
  },
  {
    name: 'upload a fixed task file',
    allowed: TEACH,
    gql: async () => ({ query: m('uploadLessonTaskFile', 'UploadLessonTaskFileInput'), variables: { lessonId: gid('Lesson', (await fixture()).lessonId) }, upload }),
    rest: async () => ({ path: '/api/admin/user/course/uploadTask.htm', form: { fields: { lessonId: (await fixture()).lessonId }, file: upload } }),
  },
  {
    name: 'upload a custom task',
    allowed: TEACH,
    gql: async () => ({ query: m('uploadCustomTask', 'UploadCustomTaskInput'), variables: { attendanceId: gid('Attendance', (await fixture()).attendanceId) }, upload }),
    rest: async () => ({ path: '/api/admin/user/course/task/uploadCustomTask.htm', form: { fields: { userCourseId: (await fixture()).attendanceId }, file: upload } }),
  },
  {
    name: 'submit homework',
    allowed: POLICY['homework.submit'],
    gql: async () => ({ query: m('submitHomework', 'SubmitHomeworkInput'), variables: { attendanceId: gid('Attendance', (await fixture({ task: true })).attendanceId) }, upload }),
    rest: async () => ({ path: '/api/admin/user/course/uploadAnswer.htm', form: { fields: { userCourseId: (await fixture({ task: true })).attendanceId }, file: upload } }),
  },
  {
    name: 'submit homework (legacy task/uploadAnswer)',
    allowed: POLICY['homework.submit'],
    gql: async () => ({ query: m('submitHomework', 'SubmitHomeworkInput'), variables: { attendanceId: gid('Attendance', (await fixture({ task: true })).attendanceId) }, upload }),
    rest: async () => ({ path: '/api/admin/user/course/task/uploadAnswer.htm', form: { fields: { userCourseId: (await fixture({ task: true })).attendanceId }, file: upload } }),
  },
  {
    name: 'accept homework',
    allowed: TEACH,
    gql: async () => ({ query: m('acceptHomework', 'ReviewHomeworkInput'), variables: { input: { attendanceId: gid('Attendance', (await fixture({ submitted: true })).attendanceId) } } }),
    rest: async () => ({ path: '/api/admin/user/course/auditJob.htm', json: { userCourseId: (await fixture({ submitted: true })).attendanceId, state: 1 } }),
  },
  {
    name: 'ask for a homework revision',
    allowed: TEACH,
    gql: async () => ({ query: m('requestHomeworkRevision', 'ReviewHomeworkInput'), variables: { input: { attendanceId: gid('Attendance', (await fixture({ submitted: true })).attendanceId), comment: '重做' } } }),
    rest: async () => ({ path: '/api/admin/user/course/task/auditJob.htm', json: { userCourseId: (await fixture({ submitted: true })).attendanceId, state: 2, comment: '重做' } }),
  },
  {
    name: 'move a homework end date',
    allowed: TEACH,
    gql: async () => ({ query: m('setHomeworkDueDate', 'HomeworkDueDateInput'), variables: { input: { attendanceId: gid('Attendance', (await fixture({ task: true })).attendanceId), dueAt: '2031-06-01T00:00:00Z' } } }),
    rest: async () => ({ path: '/api/admin/user/course/task/updateEndDate.htm', json: { userCourseId: (await fixture({ task: true })).attendanceId, endDate: '2031-06-01' } }),
  },
];

describeCourseMatrix(CASES);
