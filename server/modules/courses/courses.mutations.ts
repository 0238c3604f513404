/** GraphQL mutations of the courses area: one per write or state transition; payloads return the changed nodes. */
import { encodeGlobalID } from '@pothos/plugin-relay';
import { builder } from '../../graphql/builder.ts';
import { mutationErrors } from '../../graphql/errors.ts';
import { INVALID_ID, localId, localIds, type GlobalIdInput } from '../../graphql/ids.ts';
import { ConflictError, EventScopeEnum, RecurrenceInputRef, recurrenceOf } from '../schedule/index.ts';
import { CLASSROOM_STATES } from './service/rules.ts';
import { ClassroomStateEnum, CourseSiteEnum, CourseTypeEnum } from './courses.node.ts';
import { atDoor } from '../../lib/validate.ts';
import {
  adjustHours,
  askForLeave,
  attendanceIdInput,
  classroomIdInput,
  courseFileIdInput,
  deleteCoursesInput,
  deleteLessonsInput,
  homeworkAttendanceInput,
  releaseFeedbackInput,
  reviewHomeworkInput,
  scheduleLessonsInput,
  setHomeworkDueDateInput,
  setLessonTaskInput,
  signInInput,
  updateLessonsInput,
  buyHours,
  createCourse,
  deleteClassroom,
  deleteCourseFile,
  deleteCourses,
  deleteLessons,
  enrollStudents,
  leaveCourse,
  moveLessons,
  recordBrowsing,
  releaseFeedback,
  reviewHomework,
  saveClassroom,
  scheduleLessons,
  setClassroomState,
  setHomeworkDueDate,
  setLessonTask,
  signIn,
  undoSignIn,
  submitHomework,
  updateCourse,
  updateLessons,
  uploadCourseFile,
  uploadCustomTask,
  writeFeedback,
  type LessonSaveResult,
} from './courses.service.ts';

const saveErrors = { types: [ConflictError, ...mutationErrors.types] };
const id = (v: GlobalIdInput, type: string) => {
  const n = localId(v, type);
  return n === INVALID_ID ? -1 : (n ?? undefined);
};
const ids = (v: readonly GlobalIdInput[] | null | undefined, type: string) => (localIds(v, type) ?? []).map((n) => (n === INVALID_ID || n === null || n === undefined ? -1 : n));
type InputFields = Parameters<Parameters<typeof builder.inputType>[1]['fields']>[0];

// ── payloads ──

const CoursePayload = builder.objectRef<{ id: number }>('CoursePayload').implement({
  description: 'The course after the change.',
  fields: (t) => ({ course: t.prismaField({ type: 'Course', description: 'The course.', resolve: (q, p, _a, ctx) => ctx.db.course.findUniqueOrThrow({ ...q, where: { id: p.id } }) }) }),
});
const DeleteCoursesPayload = builder.objectRef<{ ids: number[] }>('DeleteCoursesPayload').implement({
  description: 'The deleted courses.',
  fields: (t) => ({ deletedCourseIds: t.idList({ description: 'Global ids of the deleted courses (for @deleteRecord).', resolve: (p) => p.ids.map((n) => encodeGlobalID('Course', n)) }) }),
});
const ClassroomPayload = builder.objectRef<{ id: number }>('ClassroomPayload').implement({
  description: 'The classroom after the change.',
  fields: (t) => ({ classroom: t.prismaField({ type: 'Classroom', description: 'The classroom.', resolve: (q, p, _a, ctx) => ctx.db.classroom.findUniqueOrThrow({ ...q, where: { id: p.id } }) }) }),
});
const DeleteClassroomPayload = builder.objectRef<{ id: number }>('DeleteClassroomPayload').implement({
  description: 'The deleted classroom.',
  fields: (t) => ({ deletedClassroomId: t.id({ description: 'Global id of the deleted classroom.', resolve: (p) => encodeGlobalID('Classroom', p.id) }) }),
});
const LessonsPayload = builder.objectRef<LessonSaveResult>('LessonsPayload').implement({
  description: 'The lessons saved (every occurrence for a series), their course, and the rows a rewrite replaced.',
  fields: (t) => ({
    lessons: t.prismaField({
      type: ['CourseLesson'],
      description: 'The saved lessons, by start.',
      resolve: (q, p, _a, ctx) => ctx.db.courseLesson.findMany({ ...q, where: { eventId: { in: p.eventIds } }, orderBy: [{ event: { startAt: 'asc' } }, { eventId: 'asc' }] }),
    }),
    course: t.prismaField({ type: 'Course', description: 'The course.', resolve: (q, p, _a, ctx) => ctx.db.course.findUniqueOrThrow({ ...q, where: { id: p.courseId } }) }),
    seriesId: t.int({ nullable: true, description: 'Database id of the series the lessons belong to.', resolve: (p) => p.seriesId }),
    deletedLessonIds: t.idList({ description: 'Global ids of lessons a rewrite of the series replaced (for @deleteRecord).', resolve: (p) => (p.deletedIds ?? []).map((n) => encodeGlobalID('Lesson', n)) }),
  }),
});
const DeleteLessonsPayload = builder.objectRef<{ deletedIds: number[]; courseId: number }>('DeleteLessonsPayload').implement({
  description: 'The deleted lessons and their course.',
  fields: (t) => ({
    deletedLessonIds: t.idList({ description: 'Global ids of the deleted lessons.', resolve: (p) => p.deletedIds.map((n) => encodeGlobalID('Lesson', n)) }),
    course: t.prismaField({ type: 'Course', description: 'The course.', resolve: (q, p, _a, ctx) => ctx.db.course.findUniqueOrThrow({ ...q, where: { id: p.courseId } }) }),
  }),
});
const EnrollmentsPayload = builder.objectRef<{ enrollmentIds: number[] }>('EnrollmentsPayload').implement({
  description: 'The enrolments after the change.',
  fields: (t) => ({
    enrollments: t.prismaField({ type: ['Enrollment'], description: 'The enrolments.', resolve: (q, p, _a, ctx) => ctx.db.enrollment.findMany({ ...q, where: { id: { in: p.enrollmentIds } }, orderBy: { id: 'asc' } }) }),
  }),
});
const CourseHoursPayload = builder.objectRef<{ enrollmentId: number; recordId: number }>('CourseHoursPayload').implement({
  description: 'The enrolment with its new hours and the record the change wrote.',
  fields: (t) => ({
    enrollment: t.prismaField({ type: 'Enrollment', description: 'The enrolment.', resolve: (q, p, _a, ctx) => ctx.db.enrollment.findUniqueOrThrow({ ...q, where: { id: p.enrollmentId } }) }),
    record: t.prismaField({ type: 'CourseHourRecord', description: 'The course-hour record.', resolve: (q, p, _a, ctx) => ctx.db.courseHourRecord.findUniqueOrThrow({ ...q, where: { id: p.recordId } }) }),
  }),
});
const AttendancesPayload = builder.objectRef<{ attendanceIds: number[] }>('AttendancesPayload').implement({
  description: 'The students’ places after the change.',
  fields: (t) => ({
    attendances: t.prismaField({
      type: ['Attendance'],
      description: 'The attendance rows.',
      resolve: (q, p, _a, ctx) => ctx.db.attendance.findMany({ ...q, where: { id: { in: p.attendanceIds } }, orderBy: { id: 'asc' } }),
    }),
  }),
});
const AttendancePayload = builder.objectRef<{ attendanceId: number }>('AttendancePayload').implement({
  description: 'The student’s place after the change.',
  fields: (t) => ({ attendance: t.prismaField({ type: 'Attendance', description: 'The attendance row.', resolve: (q, p, _a, ctx) => ctx.db.attendance.findUniqueOrThrow({ ...q, where: { id: p.attendanceId } }) }) }),
});
const HomeworkPayload = builder.objectRef<{ homeworkId: number }>('HomeworkPayload').implement({
  description: 'The homework after the change.',
  fields: (t) => ({ homework: t.prismaField({ type: 'Homework', description: 'The homework.', resolve: (q, p, _a, ctx) => ctx.db.homework.findUniqueOrThrow({ ...q, where: { id: p.homeworkId } }) }) }),
});
const LessonPayload = builder.objectRef<{ lessonId: number }>('LessonPayload').implement({
  description: 'The lesson after the change.',
  fields: (t) => ({ lesson: t.prismaField({ type: 'CourseLesson', description: 'The lesson.', resolve: (q, p, _a, ctx) => ctx.db.courseLesson.findUniqueOrThrow({ ...q, where: { eventId: p.lessonId } }) }) }),
});
const CourseFilePayload = builder.objectRef<{ fileId: number }>('CourseFilePayload').implement({
  description: 'The stored file.',
  fields: (t) => ({ file: t.prismaField({ type: 'CourseFile', description: 'The file.', resolve: (q, p, _a, ctx) => ctx.db.courseFile.findUniqueOrThrow({ ...q, where: { id: p.fileId } }) }) }),
});
const DeleteCourseFilePayload = builder.objectRef<{ fileId: number }>('DeleteCourseFilePayload').implement({
  description: 'The deleted file.',
  fields: (t) => ({ deletedFileId: t.int({ description: 'Database id of the deleted file.', resolve: (p) => p.fileId }) }),
});

// ── inputs ──

const courseFields = (t: InputFields) => ({
  no: t.string({ description: 'Course number, unique; default C + the id. At most 50 characters.' }),
  name: t.string({ description: 'Name (required when creating: 请填写课程名称), at most 200 characters.' }),
  type: t.field({ type: CourseTypeEnum, description: 'Default APPLICATION.' }),
  site: t.field({ type: CourseSiteEnum, description: 'Default OFFLINE.' }),
  place: t.string({ description: 'Address, or the meeting link of an online course; at most 500 characters.' }),
  classroomId: t.globalID({ description: 'A Classroom id: the default classroom of its lessons (must exist and be in use).' }),
  clearClassroom: t.boolean({ description: 'Removes the default classroom.' }),
  studentCount: t.int({ description: 'Class size (0: no limit).' }),
  parentCount: t.int({ description: 'Planned number of parents.' }),
  teacherCount: t.int({ description: 'Planned number of teachers.' }),
  consultantCount: t.int({ description: 'Planned number of consultants.' }),
  durationMin: t.int({ description: 'Minutes one lesson lasts, 5 to 1440 (default 90).' }),
  totalNumber: t.int({ description: 'Planned number of lessons, 0 to 1000 (0: no limit).' }),
  everyWeekNumber: t.int({ description: 'Lessons per week, 1 to 21.' }),
  lessonHours: t.float({ description: 'Course hours one attended lesson spends, 0 to 100, one decimal (default 1).' }),
  beforeWork: t.string({ description: 'Before-class work (rich HTML; sanitised).' }),
  afterWork: t.string({ description: 'After-class work (rich HTML; sanitised).' }),
  lecturerIds: t.globalIDList({ description: 'User ids of the lecturers (active staff). Changing them needs `course.manage`; new ones join the future lessons, their clashes checked.' }),
  projectId: t.globalID({ description: 'A Project id.' }),
  force: t.boolean({ description: 'Save even when new lecturers clash with other events.' }),
});
type CourseArgs = {
  no?: string | null;
  name?: string | null;
  type?: number | null;
  site?: number | null;
  place?: string | null;
  classroomId?: GlobalIdInput;
  clearClassroom?: boolean | null;
  studentCount?: number | null;
  parentCount?: number | null;
  teacherCount?: number | null;
  consultantCount?: number | null;
  durationMin?: number | null;
  totalNumber?: number | null;
  everyWeekNumber?: number | null;
  lessonHours?: number | null;
  beforeWork?: string | null;
  afterWork?: string | null;
  lecturerIds?: GlobalIdInput[] | null;
  projectId?: GlobalIdInput;
  force?: boolean | null;
};
const u = <T>(v: T | null | undefined) => (v === null ? undefined : v);
const courseInput = (a: CourseArgs) => ({
  no: u(a.no),
  name: u(a.name),
  type: u(a.type),
  site: u(a.site),
  place: u(a.place),
  classroomId: a.clearClassroom ? null : a.classroomId ? id(a.classroomId, 'Classroom') : undefined,
  studentCount: u(a.studentCount),
  parentCount: u(a.parentCount),
  teacherCount: u(a.teacherCount),
  consultantCount: u(a.consultantCount),
  durationMin: u(a.durationMin),
  totalNumber: u(a.totalNumber),
  everyWeekNumber: u(a.everyWeekNumber),
  lessonHours: u(a.lessonHours),
  beforeWork: u(a.beforeWork),
  afterWork: u(a.afterWork),
  lecturerIds: a.lecturerIds ? ids(a.lecturerIds, 'User') : undefined,
  projectId: a.projectId ? id(a.projectId, 'Project') : undefined,
  force: u(a.force),
});

const CreateCourseInput = builder.inputType('CreateCourseInput', { description: 'A new course.', fields: (t) => courseFields(t) });
const UpdateCourseInput = builder.inputType('UpdateCourseInput', {
  description: 'Changes to a course; fields left out keep their value.',
  fields: (t) => ({ courseId: t.globalID({ required: true, description: 'The Course id.' }), ...courseFields(t) }),
});

const classroomFields = (t: InputFields) => ({
  no: t.string({ description: 'Classroom number, unique; default R + the id.' }),
  name: t.string({ description: 'Name (required when creating: 请填写教室名称), at most 100 characters.' }),
  address: t.string({ description: 'Address or directions, at most 500 characters.' }),
  capacity: t.int({ description: 'Seats (at least 1); leave out for no limit.' }),
  state: t.field({ type: ClassroomStateEnum, description: 'Default IN_USE.' }),
});
const CreateClassroomInput = builder.inputType('CreateClassroomInput', { description: 'A new classroom.', fields: (t) => classroomFields(t) });
const UpdateClassroomInput = builder.inputType('UpdateClassroomInput', {
  description: 'Changes to a classroom; fields left out keep their value.',
  fields: (t) => ({ classroomId: t.globalID({ required: true, description: 'The Classroom id.' }), ...classroomFields(t) }),
});
const ClassroomRefInput = builder.inputType('ClassroomRefInput', { description: 'One classroom.', fields: (t) => ({ classroomId: t.globalID({ required: true, description: 'The Classroom id.' }) }) });

const ScheduleLessonsInput = builder.inputType('ScheduleLessonsInput', {
  description: 'Lessons to schedule for a course: one lesson, or a series with `recurrence`.',
  fields: (t) => ({
    courseId: t.globalID({ required: true, description: 'The Course id (the caller manages it or teaches it).' }),
    startAt: t.field({ type: 'DateTime', required: true, description: 'Start of the first lesson.' }),
    endAt: t.field({ type: 'DateTime', required: true, description: 'End of the first lesson.' }),
    timeZone: t.string({ description: 'IANA zone the rule expands in; default the caller’s.' }),
    recurrence: t.field({ type: RecurrenceInputRef, description: 'The series rule (e.g. weekly on TU and TH, COUNT 20).' }),
    classroomId: t.globalID({ description: 'A Classroom id; default the course’s classroom. Must be in use and seat the students.' }),
    title: t.string({ description: 'Title on the calendar; default the course name.' }),
    content: t.string({ description: 'Notes on the calendar (rich HTML; sanitised).' }),
    address: t.string({ description: 'Address on the calendar; default the classroom’s, else the course’s place.' }),
    force: t.boolean({ description: 'Save even when a lecturer, a student or the classroom is busy.' }),
  }),
});

const UpdateLessonsInput = builder.inputType('UpdateLessonsInput', {
  description: 'Changes to lessons; fields left out keep their value. Lessons holding sign-ins, leave, feedback or homework are never remade.',
  fields: (t) => ({
    lessonId: t.globalID({ required: true, description: 'The Lesson id.' }),
    scope: t.field({ type: EventScopeEnum, description: 'THIS (default), FOLLOWING or ALL lessons of the series.' }),
    startAt: t.field({ type: 'DateTime', description: 'New start of this lesson (the series moves by the same wall-clock amount).' }),
    endAt: t.field({ type: 'DateTime', description: 'New end of this lesson.' }),
    timeZone: t.string({ description: 'IANA zone of the new times.' }),
    recurrence: t.field({ type: RecurrenceInputRef, description: 'A new rule (FOLLOWING or ALL).' }),
    classroomId: t.globalID({ description: 'A Classroom id: moves the lessons there (the room is checked again).' }),
    title: t.string({ description: 'New title.' }),
    content: t.string({ description: 'New notes (rich HTML; sanitised).' }),
    address: t.string({ description: 'New address.' }),
    force: t.boolean({ description: 'Save even when it clashes.' }),
  }),
});

const MoveLessonsInput = builder.inputType('MoveLessonsInput', {
  description: 'Moves lessons to another classroom (legacy updateClassRoom).',
  fields: (t) => ({
    lessonId: t.globalID({ required: true, description: 'The Lesson id.' }),
    classroomId: t.globalID({ required: true, description: 'The Classroom id to move to (in use, seats the students, free).' }),
    scope: t.field({ type: EventScopeEnum, description: 'THIS (default), FOLLOWING or ALL.' }),
    force: t.boolean({ description: 'Move even when the room is taken.' }),
  }),
});

const DeleteLessonsInput = builder.inputType('DeleteLessonsInput', {
  description: 'Lessons to delete; those holding sign-ins, leave, feedback or homework are refused.',
  fields: (t) => ({
    lessonId: t.globalID({ required: true, description: 'The Lesson id.' }),
    scope: t.field({ type: EventScopeEnum, description: 'THIS (default), FOLLOWING (legacy delBySeries) or ALL (delBySeriesAll).' }),
  }),
});

const EnrollStudentsInput = builder.inputType('EnrollStudentsInput', {
  description: 'Students joining a course (legacy joinCourse).',
  fields: (t) => ({
    courseId: t.globalID({ required: true, description: 'The Course id.' }),
    studentIds: t.globalIDList({ required: true, description: 'User ids of the students (type student, active).' }),
    hours: t.float({ description: 'Hours to buy for each at once (needs `course.hours`).' }),
    force: t.boolean({ description: 'Enrol even when a student is busy during a future lesson.' }),
  }),
});
const EnrollmentRefInput = builder.inputType('EnrollmentRefInput', {
  description: 'One enrolment (leaveCourse: with the refund of the unused hours as an option).',
  fields: (t) => ({
    enrollmentId: t.globalID({ required: true, description: 'The Enrollment id.' }),
    refund: t.boolean({ description: 'leaveCourse: refund the unused (remaining) hours as well (`course.hours`); default false, the hours stay.' }),
    refundHours: t.float({
      description: 'leaveCourse: refund only this many of the remaining hours (above 0, one decimal, at most the remaining hours; the rest stay on the enrolment). Implies `refund`; default all the remaining hours.',
    }),
    reason: t.string({ description: 'leaveCourse with refund: the reason written on the course-hour record (at most 500 characters).' }),
  }),
});

const BuyHoursInput = builder.inputType('BuyCourseHoursInput', {
  description: 'Hours bought for a student: name the enrolment, or the course and the student (enrolled first when needed).',
  fields: (t) => ({
    enrollmentId: t.globalID({ description: 'The Enrollment id.' }),
    courseId: t.globalID({ description: 'A Course id (with studentId).' }),
    studentId: t.globalID({ description: 'A User id (with courseId).' }),
    hours: t.float({ required: true, description: 'Hours bought: above 0, one decimal.' }),
    reason: t.string({ description: 'A note for the record (order number, payment).' }),
    force: t.boolean({ description: 'When enrolling: enrol even when the student is busy during a future lesson.' }),
  }),
});
const AdjustHoursInput = builder.inputType('AdjustCourseHoursInput', {
  description: 'An adjustment of a student’s hours with a reason (give `change` or `remainingHours`).',
  fields: (t) => ({
    enrollmentId: t.globalID({ required: true, description: 'The Enrollment id.' }),
    change: t.float({ description: 'Signed change, one decimal (e.g. -2 or 1.5).' }),
    remainingHours: t.float({ description: 'The remaining hours wanted instead (at least 0).' }),
    reason: t.string({ required: true, description: 'Why (required: 请填写调整原因).' }),
  }),
});

const AttendanceIdsInput = builder.inputType('AttendanceIdsInput', {
  description: 'Students’ places in lessons (all or nothing).',
  fields: (t) => ({
    attendanceIds: t.globalIDList({ required: true, description: 'Attendance ids (1 to 500).' }),
    force: t.boolean({ description: 'signInLesson only: sign in although the lesson starts more than 30 minutes from now (refused with SIGN_IN_TOO_EARLY without it); needs `reason`.' }),
    reason: t.string({ description: 'signInLesson only: why the students are signed in early (with `force`; kept with each place, at most 500 characters).' }),
  }),
});
const AttendanceRefInput = builder.inputType('AttendanceRefInput', {
  description: 'One student’s place in a lesson.',
  fields: (t) => ({ attendanceId: t.globalID({ required: true, description: 'The Attendance id.' }) }),
});
const AskForLeaveInput = builder.inputType('AskForLeaveInput', {
  description: 'Leave for one lesson, asked before it starts.',
  fields: (t) => ({
    attendanceId: t.globalID({ required: true, description: 'The Attendance id.' }),
    reason: t.string({ required: true, description: 'Why (required, at most 500 characters).' }),
  }),
});
const FeedbackInput = builder.inputType('LessonFeedbackInput', {
  description: 'The lecturer’s feedback on one student in one lesson.',
  fields: (t) => ({
    attendanceId: t.globalID({ required: true, description: 'The Attendance id.' }),
    feedback: t.string({ required: true, description: 'Rich HTML (sanitised), required.' }),
  }),
});

const LessonTaskInput = builder.inputType('LessonTaskInput', {
  description: 'The fixed homework task of a lesson.',
  fields: (t) => ({
    lessonId: t.globalID({ required: true, description: 'The Lesson id.' }),
    content: t.string({ description: 'The task (rich HTML; sanitised); empty removes the text.' }),
    dueAt: t.field({ type: 'DateTime', description: 'When it is due.' }),
  }),
});
const LessonFileInput = builder.inputType('UploadLessonTaskFileInput', {
  description: 'A file of a lesson’s fixed task (multipart request).',
  fields: (t) => ({
    lessonId: t.globalID({ required: true, description: 'The Lesson id.' }),
    file: t.field({ type: 'File', required: true, description: 'The file (office document, PDF, image or text; at most 20 MB).' }),
  }),
});
const CourseFileInput = builder.inputType('UploadCourseAttachmentInput', {
  description: 'An attachment of a course (multipart request).',
  fields: (t) => ({
    courseId: t.globalID({ required: true, description: 'The Course id.' }),
    file: t.field({ type: 'File', required: true, description: 'The file (office document, PDF, image or text; at most 20 MB).' }),
  }),
});
const AttendanceFileInput = (name: string, what: string) =>
  builder.inputType(name, {
    description: `${what} (multipart request).`,
    fields: (t) => ({
      attendanceId: t.globalID({ required: true, description: 'The Attendance id (the student’s place in the lesson).' }),
      file: t.field({ type: 'File', required: true, description: 'The file (office document, PDF, image or text; at most 20 MB).' }),
    }),
  });
const ReviewInput = builder.inputType('ReviewHomeworkInput', {
  description: 'A review of submitted homework.',
  fields: (t) => ({
    attendanceId: t.globalID({ required: true, description: 'The Attendance id.' }),
    comment: t.string({ description: 'The lecturer’s comment (required when asking for a revision), at most 2000 characters.' }),
  }),
});
const DueDateInput = builder.inputType('HomeworkDueDateInput', {
  description: 'A new end date for one student’s homework (legacy updateEndDate).',
  fields: (t) => ({
    attendanceId: t.globalID({ required: true, description: 'The Attendance id.' }),
    dueAt: t.field({ type: 'DateTime', description: 'The end; null removes it.' }),
  }),
});
const DeleteCoursesInput = builder.inputType('DeleteCoursesInput', { description: 'Courses to delete, all or nothing.', fields: (t) => ({ courseIds: t.globalIDList({ required: true, description: 'Course ids.' }) }) });
const CourseFileRefInput = builder.inputType('CourseFileRefInput', { description: 'One course file.', fields: (t) => ({ fileId: t.int({ required: true, description: 'The file’s database id.' }) }) });

const att = (v: GlobalIdInput) => id(v, 'Attendance');

builder.mutationFields((t) => ({
  createCourse: t.field({
    type: CoursePayload,
    errors: mutationErrors,
    description: 'Creates a course (`course.manage`). Errors: INPUT (name required, number taken, unknown classroom, lecturer or project).',
    args: { input: t.arg({ type: CreateCourseInput, required: true, description: 'The course.' }) },
    resolve: (_r, { input }, ctx) => createCourse(ctx, courseInput(input)),
  }),
  updateCourse: t.field({
    type: CoursePayload,
    errors: saveErrors,
    description: 'Edits a course (`course.manage`, or its lecturers except the lecturer list). New lecturers join the future lessons; their clashes refuse the change unless `force`.',
    args: { input: t.arg({ type: UpdateCourseInput, required: true, description: 'The changes.' }) },
    resolve: (_r, { input }, ctx) => updateCourse(ctx, { ...courseInput(input), id: id(input.courseId, 'Course') }),
  }),
  deleteCourses: t.field({
    type: DeleteCoursesPayload,
    errors: mutationErrors,
    description: 'Deletes courses (`course.manage`), all or nothing; refused, naming the course, while lessons or course hours hold it.',
    args: { input: t.arg({ type: DeleteCoursesInput, required: true, description: 'The courses.' }) },
    resolve: (_r, { input }, ctx) => deleteCourses(ctx, atDoor(deleteCoursesInput, { ids: ids(input.courseIds, 'Course') })),
  }),
  uploadCourseAttachment: t.field({
    type: CourseFilePayload,
    errors: mutationErrors,
    description: 'Attaches a file to a course (its managers and lecturers); checked by content and size.',
    args: { input: t.arg({ type: CourseFileInput, required: true, description: 'The course and the file.' }) },
    resolve: (_r, { input }, ctx) => uploadCourseFile(ctx, { objectId: id(input.courseId, 'Course'), objectType: 1 }, input.file),
  }),
  deleteCourseFile: t.field({
    type: DeleteCourseFilePayload,
    errors: mutationErrors,
    description: 'Deletes a course file (the course’s managers and lecturers; a student their own answer until it is accepted).',
    args: { input: t.arg({ type: CourseFileRefInput, required: true, description: 'The file.' }) },
    resolve: (_r, { input }, ctx) => deleteCourseFile(ctx, atDoor(courseFileIdInput, { fileId: input.fileId })),
  }),
  createClassroom: t.field({
    type: ClassroomPayload,
    errors: mutationErrors,
    description: 'Adds a classroom (`classroom.manage`).',
    args: { input: t.arg({ type: CreateClassroomInput, required: true, description: 'The classroom.' }) },
    resolve: (_r, { input }, ctx) => saveClassroom(ctx, { no: input.no, name: input.name, address: u(input.address), capacity: u(input.capacity), state: u(input.state) }),
  }),
  updateClassroom: t.field({
    type: ClassroomPayload,
    errors: mutationErrors,
    description: 'Edits a classroom (`classroom.manage`).',
    args: { input: t.arg({ type: UpdateClassroomInput, required: true, description: 'The changes.' }) },
    resolve: (_r, { input }, ctx) => saveClassroom(ctx, { id: id(input.classroomId, 'Classroom'), no: input.no, name: u(input.name), address: u(input.address), capacity: input.capacity, state: u(input.state) }),
  }),
  enableClassroom: t.field({
    type: ClassroomPayload,
    errors: mutationErrors,
    description: 'Puts a classroom in use (disabled → in use; `classroom.manage`).',
    args: { input: t.arg({ type: ClassroomRefInput, required: true, description: 'The classroom.' }) },
    resolve: (_r, { input }, ctx) => setClassroomState(ctx, { id: id(input.classroomId, 'Classroom'), state: CLASSROOM_STATES.IN_USE }),
  }),
  disableClassroom: t.field({
    type: ClassroomPayload,
    errors: mutationErrors,
    description: 'Disables a classroom (in use → disabled; `classroom.manage`): it takes no new lessons.',
    args: { input: t.arg({ type: ClassroomRefInput, required: true, description: 'The classroom.' }) },
    resolve: (_r, { input }, ctx) => setClassroomState(ctx, { id: id(input.classroomId, 'Classroom'), state: CLASSROOM_STATES.DISABLED }),
  }),
  deleteClassroom: t.field({
    type: DeleteClassroomPayload,
    errors: mutationErrors,
    description: 'Deletes a classroom (`classroom.manage`); refused by name while any event or lesson uses it.',
    args: { input: t.arg({ type: ClassroomRefInput, required: true, description: 'The classroom.' }) },
    resolve: (_r, { input }, ctx) => deleteClassroom(ctx, atDoor(classroomIdInput, { id: id(input.classroomId, 'Classroom') })),
  }),
  scheduleLessons: t.field({
    type: LessonsPayload,
    errors: saveErrors,
    description:
      'Schedules a course’s lessons through the schedule engine (a series or one lesson): lecturers and enrolled students take part, the classroom is the place. Errors: ScheduleConflictError (who or what clashes, every occurrence checked; `force` saves anyway), RuleError (planned number of lessons exceeded, classroom disabled or too small), InputError.',
    args: { input: t.arg({ type: ScheduleLessonsInput, required: true, description: 'The lessons.' }) },
    resolve: (_r, { input }, ctx) =>
      scheduleLessons(
        ctx,
        atDoor(scheduleLessonsInput, {
          courseId: id(input.courseId, 'Course'),
          startAt: input.startAt,
          endAt: input.endAt,
          timeZone: input.timeZone,
          recurrence: recurrenceOf(input.recurrence),
          classroomId: input.classroomId ? id(input.classroomId, 'Classroom') : undefined,
          title: u(input.title),
          content: u(input.content),
          address: u(input.address),
          force: u(input.force),
        }),
      ),
  }),
  updateLessons: t.field({
    type: LessonsPayload,
    errors: saveErrors,
    description: 'Edits lessons with a scope (THIS, FOLLOWING, ALL) through the schedule’s scope functions; conflicts checked again unless `force`; lessons holding records are never remade (RuleError).',
    args: { input: t.arg({ type: UpdateLessonsInput, required: true, description: 'The changes.' }) },
    resolve: (_r, { input }, ctx) =>
      updateLessons(
        ctx,
        atDoor(updateLessonsInput, {
          id: id(input.lessonId, 'Lesson'),
          scope: u(input.scope),
          startAt: u(input.startAt),
          endAt: u(input.endAt),
          timeZone: input.timeZone,
          recurrence: input.recurrence ? recurrenceOf(input.recurrence) : undefined,
          classroomId: input.classroomId ? id(input.classroomId, 'Classroom') : undefined,
          title: u(input.title),
          content: u(input.content),
          address: u(input.address),
          force: u(input.force),
        }),
      ),
  }),
  moveLessons: t.field({
    type: LessonsPayload,
    errors: saveErrors,
    description: 'Moves lessons to another classroom (legacy updateClassRoom): the room must be in use, seat the students and be free on every moved lesson.',
    args: { input: t.arg({ type: MoveLessonsInput, required: true, description: 'The lessons and the classroom.' }) },
    resolve: (_r, { input }, ctx) => moveLessons(ctx, { id: id(input.lessonId, 'Lesson'), classroomId: id(input.classroomId, 'Classroom'), scope: u(input.scope), force: u(input.force) }),
  }),
  deleteLessons: t.field({
    type: DeleteLessonsPayload,
    errors: mutationErrors,
    description: 'Deletes lessons with a scope (THIS, FOLLOWING, ALL); refused when one holds sign-ins, leave, feedback or homework.',
    args: { input: t.arg({ type: DeleteLessonsInput, required: true, description: 'The lessons.' }) },
    resolve: (_r, { input }, ctx) => deleteLessons(ctx, atDoor(deleteLessonsInput, { id: id(input.lessonId, 'Lesson'), scope: u(input.scope) })),
  }),
  enrollStudents: t.field({
    type: EnrollmentsPayload,
    errors: saveErrors,
    description:
      'Enrols students (the course’s managers and lecturers): they join every future lesson. Errors: ScheduleConflictError (a student is busy; `force` enrols anyway), RuleError (already enrolled, class full), InputError (not a student).',
    args: { input: t.arg({ type: EnrollStudentsInput, required: true, description: 'The course and the students.' }) },
    resolve: (_r, { input }, ctx) => enrollStudents(ctx, { courseId: id(input.courseId, 'Course'), studentIds: ids(input.studentIds, 'User'), hours: u(input.hours), force: u(input.force) }),
  }),
  leaveCourse: t.field({
    type: EnrollmentsPayload,
    errors: mutationErrors,
    description:
      'A student leaves a course (enrolled → left): out of its future lessons; hours and records stay, unless `refund`: then the remaining hours, or `refundHours` of them, are refunded (remaining and total drop by them; a REFUNDED course-hour record with the change; `course.hours`). Errors: RuleError REFUND_TOO_MANY (more than the remaining hours), InputError HOURS_INVALID (zero, negative, more than one decimal).',
    args: { input: t.arg({ type: EnrollmentRefInput, required: true, description: 'The enrolment.' }) },
    resolve: async (_r, { input }, ctx) => ({
      enrollmentIds: [(await leaveCourse(ctx, { enrollmentId: id(input.enrollmentId, 'Enrollment'), refund: u(input.refund), refundHours: u(input.refundHours), reason: u(input.reason) })).enrollmentId],
    }),
  }),
  buyCourseHours: t.field({
    type: CourseHoursPayload,
    errors: saveErrors,
    description: 'Buys hours for a student (`course.hours`): total and remaining grow; a course-hour record is written.',
    args: { input: t.arg({ type: BuyHoursInput, required: true, description: 'The hours.' }) },
    resolve: (_r, { input }, ctx) =>
      buyHours(ctx, {
        enrollmentId: input.enrollmentId ? id(input.enrollmentId, 'Enrollment') : undefined,
        courseId: input.courseId ? id(input.courseId, 'Course') : undefined,
        studentId: input.studentId ? id(input.studentId, 'User') : undefined,
        hours: input.hours,
        reason: u(input.reason),
        force: u(input.force),
      }),
  }),
  adjustCourseHours: t.field({
    type: CourseHoursPayload,
    errors: mutationErrors,
    description: 'Adjusts a student’s hours with a reason (`course.hours`); refused, naming the student, when the hours would fall below zero.',
    args: { input: t.arg({ type: AdjustHoursInput, required: true, description: 'The adjustment.' }) },
    resolve: (_r, { input }, ctx) => adjustHours(ctx, { enrollmentId: id(input.enrollmentId, 'Enrollment'), change: u(input.change), remainingHours: u(input.remainingHours), reason: input.reason }),
  }),
  signInLesson: t.field({
    type: AttendancesPayload,
    errors: mutationErrors,
    description:
      'Signs students in (untaken or leave → taken), all or nothing: the course’s lecturers and managers, or a student for themself from 30 minutes before the lesson until its end. Staff signing in more than 30 minutes before the lesson starts are refused with SIGN_IN_TOO_EARLY (the message names the start) unless they send `force: true` and a `reason`. Spends the lesson’s hours in the same transaction; refused, naming the student, when too few are left.',
    args: { input: t.arg({ type: AttendanceIdsInput, required: true, description: 'The places to sign in.' }) },
    resolve: (_r, { input }, ctx) => signIn(ctx, atDoor(signInInput, { attendanceIds: ids(input.attendanceIds, 'Attendance'), force: input.force ?? undefined, reason: input.reason ?? undefined })),
  }),
  undoSignIn: t.field({
    type: AttendancePayload,
    errors: mutationErrors,
    description:
      'Undoes a sign-in made by mistake (taken → untaken, or leave when a leave had been asked): the course’s lecturers and managers. The hours the sign-in spent go back to the enrolment with a SIGN_IN_UNDONE course-hour record; refused when the student is not signed in.',
    args: { input: t.arg({ type: AttendanceRefInput, required: true, description: 'The place whose sign-in is undone.' }) },
    resolve: async (_r, { input }, ctx) => ({ attendanceId: (await undoSignIn(ctx, atDoor(attendanceIdInput, { attendanceId: att(input.attendanceId) }))).attendanceId }),
  }),
  askForLeave: t.field({
    type: AttendancePayload,
    errors: mutationErrors,
    description: 'Asks for leave (untaken → leave) before the lesson starts, with a reason: the student, their parent, or the course’s lecturers and managers.',
    args: { input: t.arg({ type: AskForLeaveInput, required: true, description: 'The place and the reason.' }) },
    resolve: (_r, { input }, ctx) => askForLeave(ctx, { attendanceId: att(input.attendanceId), reason: input.reason }),
  }),
  writeLessonFeedback: t.field({
    type: AttendancePayload,
    errors: mutationErrors,
    description: 'Writes the lecturer’s feedback on a student once the lesson has ended (the course’s lecturers and managers); refused after its release.',
    args: { input: t.arg({ type: FeedbackInput, required: true, description: 'The feedback.' }) },
    resolve: (_r, { input }, ctx) => writeFeedback(ctx, { attendanceId: att(input.attendanceId), feedback: input.feedback }),
  }),
  releaseLessonFeedback: t.field({
    type: AttendancesPayload,
    errors: mutationErrors,
    description: 'Releases written feedback to the family (legacy feedBackRelease); the student and their parent see it from then on.',
    args: { input: t.arg({ type: AttendanceIdsInput, required: true, description: 'The places whose feedback to release.' }) },
    resolve: (_r, { input }, ctx) => releaseFeedback(ctx, atDoor(releaseFeedbackInput, { attendanceIds: ids(input.attendanceIds, 'Attendance') })),
  }),
  recordMaterialBrowsing: t.field({
    type: AttendancePayload,
    errors: mutationErrors,
    description: 'Records that the student opened the lesson’s material (legacy browsing; the student only).',
    args: { input: t.arg({ type: AttendanceRefInput, required: true, description: 'The place.' }) },
    resolve: (_r, { input }, ctx) => recordBrowsing(ctx, atDoor(attendanceIdInput, { attendanceId: att(input.attendanceId) })),
  }),
  setLessonTask: t.field({
    type: LessonPayload,
    errors: mutationErrors,
    description: 'Sets a lesson’s fixed homework task and due time (the course’s lecturers and managers); every student of the lesson then has homework to submit (none → to be submitted).',
    args: { input: t.arg({ type: LessonTaskInput, required: true, description: 'The task.' }) },
    resolve: (_r, { input }, ctx) => setLessonTask(ctx, atDoor(setLessonTaskInput, { lessonId: id(input.lessonId, 'Lesson'), content: u(input.content), dueAt: input.dueAt })),
  }),
  uploadLessonTaskFile: t.field({
    type: CourseFilePayload,
    errors: mutationErrors,
    description: 'Adds a file to a lesson’s fixed task (legacy user/course/uploadTask); the lesson’s students then have homework to submit.',
    args: { input: t.arg({ type: LessonFileInput, required: true, description: 'The lesson and the file.' }) },
    resolve: (_r, { input }, ctx) => uploadCourseFile(ctx, { objectId: id(input.lessonId, 'Lesson'), objectType: 2 }, input.file),
  }),
  uploadCustomTask: t.field({
    type: HomeworkPayload,
    errors: mutationErrors,
    description: 'Uploads a task for one student (the course’s lecturers and managers): their homework is then to be submitted.',
    args: { input: t.arg({ type: AttendanceFileInput('UploadCustomTaskInput', 'A task for one student'), required: true, description: 'The place and the file.' }) },
    resolve: (_r, { input }, ctx) => uploadCustomTask(ctx, atDoor(homeworkAttendanceInput, { attendanceId: att(input.attendanceId) }), input.file),
  }),
  submitHomework: t.field({
    type: HomeworkPayload,
    errors: mutationErrors,
    description: 'Submits an answer (to be submitted or revision required → submitted): the student, or the course’s lecturers on their behalf. The file is checked by content and size.',
    args: { input: t.arg({ type: AttendanceFileInput('SubmitHomeworkInput', 'A student’s answer'), required: true, description: 'The place and the answer.' }) },
    resolve: (_r, { input }, ctx) => submitHomework(ctx, atDoor(homeworkAttendanceInput, { attendanceId: att(input.attendanceId) }), input.file),
  }),
  acceptHomework: t.field({
    type: HomeworkPayload,
    errors: mutationErrors,
    description: 'Accepts submitted homework (submitted → accepted; the course’s lecturers and managers).',
    args: { input: t.arg({ type: ReviewInput, required: true, description: 'The review.' }) },
    resolve: (_r, { input }, ctx) => reviewHomework(ctx, 'accept', atDoor(reviewHomeworkInput, { attendanceId: att(input.attendanceId), comment: u(input.comment) })),
  }),
  requestHomeworkRevision: t.field({
    type: HomeworkPayload,
    errors: mutationErrors,
    description: 'Asks for a revision of submitted homework with a comment (submitted → revision required); the student submits again.',
    args: { input: t.arg({ type: ReviewInput, required: true, description: 'The review.' }) },
    resolve: (_r, { input }, ctx) => reviewHomework(ctx, 'requestRevision', atDoor(reviewHomeworkInput, { attendanceId: att(input.attendanceId), comment: u(input.comment) })),
  }),
  setHomeworkDueDate: t.field({
    type: HomeworkPayload,
    errors: mutationErrors,
    description: 'Moves one student’s homework end date (the course’s lecturers and managers).',
    args: { input: t.arg({ type: DueDateInput, required: true, description: 'The end date.' }) },
    resolve: (_r, { input }, ctx) => setHomeworkDueDate(ctx, atDoor(setHomeworkDueDateInput, { attendanceId: att(input.attendanceId), dueAt: input.dueAt ?? null })),
  }),
}));

// A lesson's work event names its lesson (calendar clients open the course from the event).
builder.prismaObjectField('WorkEvent', 'lesson', (t) => t.relation('lesson', { nullable: true, description: 'The course lesson this event is, when it is one (edit it through the course).' }));
