/** GraphQL types and queries of the courses area (mutations: courses.mutations.ts). */
import { encodeGlobalID } from '@pothos/plugin-relay';
import { builder } from '../../graphql/builder.ts';
import { loadById } from '../../graphql/batch.ts';
import { xlsxExportRef } from '../../graphql/xlsx-export.ts';
import { mutationErrors } from '../../graphql/errors.ts';
import { INVALID_ID, localId, localIds, type GlobalIdInput } from '../../graphql/ids.ts';
import { atDoor } from '../../lib/validate.ts';
import { requireActor } from '../../policy.ts';
import { ConflictReportRef, RecurrenceInputRef, recurrenceOf } from '../schedule/index.ts';
import { canManageCourse, canReadFeedback, isFamilyOf, visibleCoursesWhere, visibleEnrollmentsWhere } from './courses.policy.ts';
import {
  ATTENDANCE_ORDER,
  attendanceCounts,
  attendancesWhere,
  checkJoinConflicts,
  checkJoinConflictsInput,
  checkLessonConflicts,
  checkLessonConflictsInput,
  CLASSROOM_ORDER,
  classroomsWhere,
  COURSE_ORDER,
  courseFilePath,
  coursesWhere,
  enrollmentsWhere,
  FILE_KINDS,
  HOMEWORK_STATES,
  HOMEWORK_TRANSITIONS,
  homeworkWhere,
  HOUR_RECORD_ORDER,
  hourRecordsWhere,
  hours,
  LESSON_ORDER,
  lessonsWhere,
  courseSummary,
  courseSummaryXlsx,
  type CourseProgress,
  type CourseSummary,
  type SummaryCourse,
  type SummaryLecturer,
  type HomeworkTransition,
} from './courses.service.ts';

// ── enums (stored numbers in the descriptions) ──

export const CourseTypeEnum = builder.enumType('CourseType', {
  description: 'What a course is for. Stored numbers: 1 application, 2 retail.',
  values: {
    APPLICATION: { value: 1, description: 'Part of an application service (1).' },
    RETAIL: { value: 2, description: 'Sold on its own (2).' },
  } as const,
});

export const CourseSiteEnum = builder.enumType('CourseSite', {
  description: 'Where a course is held. Stored numbers: 1 online, 2 offline.',
  values: {
    ONLINE: { value: 1, description: 'Online (1): `place` holds the meeting link.' },
    OFFLINE: { value: 2, description: 'In a classroom or at an address (2).' },
  } as const,
});

export const ClassroomStateEnum = builder.enumType('ClassroomState', {
  description: 'Whether a classroom takes lessons. Stored numbers: 1 in use, 2 disabled.',
  values: {
    IN_USE: { value: 1, description: 'In use (1): lessons may be scheduled in it.' },
    DISABLED: { value: 2, description: 'Disabled (2): no new lessons; those already there stay.' },
  } as const,
});

export const EnrollmentStateEnum = builder.enumType('EnrollmentState', {
  description: "A student's enrolment in a course. Stored numbers: 1 enrolled, 2 left.",
  values: {
    ENROLLED: { value: 1, description: 'Enrolled (1): takes part in the future lessons.' },
    LEFT: { value: 2, description: 'Left the course (2): hours and records are kept.' },
  } as const,
});

export const AttendanceStateEnum = builder.enumType('AttendanceState', {
  description: 'Attendance of a student in a lesson. Stored numbers: 0 untaken, 1 taken, 2 leave.',
  values: {
    UNTAKEN: { value: 0, description: 'Not signed in (0).' },
    TAKEN: { value: 1, description: "Signed in (1): the lesson's hours were spent." },
    LEAVE: { value: 2, description: 'Leave asked before the lesson (2).' },
  } as const,
});

export const HomeworkStateEnum = builder.enumType('HomeworkState', {
  description: 'Homework states. Stored numbers, in the order of the spec: 0 none, 1 accepted, 2 revision required, 3 to be submitted, 4 submitted.',
  values: {
    NONE: { value: HOMEWORK_STATES.NONE, description: 'No task set (0).' },
    ACCEPTED: { value: HOMEWORK_STATES.ACCEPTED, description: 'Accepted by the lecturer (1).' },
    REVISION_REQUIRED: { value: HOMEWORK_STATES.REVISION, description: 'The lecturer asked for a revision (2); submit again.' },
    TO_BE_SUBMITTED: { value: HOMEWORK_STATES.TO_SUBMIT, description: 'A task is set; the answer is awaited (3).' },
    SUBMITTED: { value: HOMEWORK_STATES.SUBMITTED, description: 'The answer is in, awaiting review (4).' },
  } as const,
});

export const HomeworkTransitionEnum = builder.enumType('HomeworkTransition', {
  description: 'A change of homework state, one mutation each.',
  values: {
    submit: { description: 'submitHomework: to be submitted or revision required → submitted (the student, or the course’s lecturers on their behalf).' },
    accept: { description: 'acceptHomework: submitted → accepted (the course’s lecturers and managers).' },
    requestRevision: { description: 'requestHomeworkRevision: submitted → revision required, with a comment.' },
  } as const,
});

export const HourRecordKindEnum = builder.enumType('CourseHourRecordKind', {
  description: 'What changed the hours. Stored numbers: 1 bought, 2 adjusted, 3 spent by a sign-in, 4 a sign-in undone, 5 refunded on leaving.',
  values: {
    BOUGHT: { value: 1, description: 'Hours bought (1).' },
    ADJUSTED: { value: 2, description: 'Hours adjusted with a reason (2).' },
    SPENT: { value: 3, description: 'Hours spent by a sign-in to a lesson (3).' },
    SIGN_IN_UNDONE: { value: 4, description: 'A sign-in undone: the hours it spent given back (4).' },
    REFUNDED: { value: 5, description: 'The unused hours refunded when the student left the course (5).' },
  } as const,
});

export const CourseFileKindEnum = builder.enumType('CourseFileKind', {
  description: 'What a course file is. Stored numbers: 1 course attachment, 2 fixed task of a lesson, 3 custom task for one student, 4 a student’s answer.',
  values: {
    ATTACHMENT: { value: FILE_KINDS.ATTACHMENT, description: 'An attachment of the course (1).' },
    FIXED_TASK: { value: FILE_KINDS.FIXED_TASK, description: "A file of a lesson's fixed homework task (2)." },
    CUSTOM_TASK: { value: FILE_KINDS.CUSTOM_TASK, description: 'A task set for one student (3).' },
    ANSWER: { value: FILE_KINDS.ANSWER, description: "A student's answer (4)." },
  } as const,
});

// ── objects ──

type Person = { id: number; name: string; nameEn: string | null };
export const CoursePersonRef = builder.objectRef<Person>('CoursePerson').implement({
  description: 'A lecturer or student as the courses area shows them: the name only (no personal data).',
  fields: (t) => ({
    databaseId: t.exposeInt('id', { description: 'The user’s database id.' }),
    name: t.exposeString('name', { description: 'Name (Chinese).' }),
    nameEn: t.exposeString('nameEn', { nullable: true, description: 'English name, when known.' }),
  }),
});

const personSelect = { select: { id: true, name: true, nameEn: true } } as const;

builder.prismaObject('CourseFile', {
  description: 'A stored file of a course: an attachment, a lesson’s fixed task, a custom task or an answer. Download it from `url` with the token header.',
  fields: (t) => ({
    databaseId: t.exposeInt('id', { description: 'The file’s database id (legacy fileId).' }),
    kind: t.field({ type: CourseFileKindEnum, description: 'What the file is.', resolve: (f) => f.kind as 1 | 2 | 3 | 4 }),
    fileName: t.exposeString('fileName', { description: 'The name it was uploaded with (display only).' }),
    size: t.exposeInt('size', { description: 'Size in bytes.' }),
    mimeType: t.exposeString('mimeType', { description: 'Content type recognised from the bytes.' }),
    url: t.string({ description: 'Legacy download path (GET, token in X-Token); answers only the people allowed to read the file.', resolve: (f) => courseFilePath(f.id) }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was uploaded.' }),
  }),
});

builder.prismaNode('Classroom', {
  nullable: true,
  id: { field: 'id' },
  description: 'A classroom lessons are held in (the lesson’s work event holds it as `placeId`). Readable by staff.',
  authScopes: { permission: 'directory.read' },
  fields: (t) => ({
    databaseId: t.exposeInt('id', { description: 'Database id (the work event’s placeId).' }),
    no: t.exposeString('no', { description: 'Classroom number, unique.' }),
    name: t.exposeString('name', { description: 'Name.' }),
    state: t.field({ type: ClassroomStateEnum, description: 'In use or disabled.', resolve: (c) => c.state as 1 | 2 }),
    address: t.exposeString('address', { description: 'Address or directions.' }),
    capacity: t.exposeInt('capacity', { nullable: true, description: 'Seats; null when not limited. Lessons are refused when the course has more students.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was added.' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime', description: 'When it last changed.' }),
  }),
});

const countsRef = builder.objectRef<{ taken: number; leave: number; untaken: number; total: number }>('LessonAttendanceCounts').implement({
  description: 'How many students of a lesson attended, asked for leave and did not sign in (among those the caller may see).',
  fields: (t) => ({
    taken: t.exposeInt('taken', { description: 'Signed in.' }),
    leave: t.exposeInt('leave', { description: 'Asked for leave.' }),
    untaken: t.exposeInt('untaken', { description: 'Not signed in.' }),
    total: t.exposeInt('total', { description: 'Students with a place in the lesson.' }),
  }),
});

builder.prismaNode('Course', {
  nullable: true,
  id: { field: 'id' },
  description: 'A training course (SSAT or TOEFL class, application workshop). Seen by its managers (`course.manage`), its lecturers, and the families and consultants of its students.',
  authScopes: { permission: 'course.read' },
  findUnique: (id, ctx) => ({ id: Number(id), AND: [ctx.actor ? visibleCoursesWhere(ctx.actor) : { id: -1 }] }),
  fields: (t) => ({
    databaseId: t.exposeInt('id', { description: 'Database id (legacy id).' }),
    no: t.exposeString('no', { description: 'Course number, unique (default C + the id).' }),
    name: t.exposeString('name', { description: 'Name.' }),
    type: t.field({ type: CourseTypeEnum, description: 'Application or retail.', resolve: (c) => c.type as 1 | 2 }),
    site: t.field({ type: CourseSiteEnum, description: 'Online or offline.', resolve: (c) => c.site as 1 | 2 }),
    place: t.exposeString('place', { description: 'Address, or the meeting link of an online course.' }),
    classroom: t.relation('classroom', { nullable: true, description: 'The classroom lessons use by default (staff only).' }),
    studentCount: t.exposeInt('studentCount', { description: 'Class size: enrolment beyond it is refused (0: no limit).' }),
    parentCount: t.exposeInt('parentCount', { description: 'Planned number of parents taking part.' }),
    teacherCount: t.exposeInt('teacherCount', { description: 'Planned number of teachers.' }),
    consultantCount: t.exposeInt('consultantCount', { description: 'Planned number of consultants.' }),
    durationMin: t.exposeInt('durationMin', { description: 'Minutes one lesson lasts.' }),
    totalNumber: t.exposeInt('totalNumber', { description: 'Planned number of lessons; scheduling beyond it is refused (0: no limit).' }),
    everyWeekNumber: t.exposeInt('everyWeekNumber', { description: 'Lessons per week.' }),
    lessonHours: t.float({ description: 'Course hours one attended lesson spends.', resolve: (c) => hours(c.lessonHours) }),
    beforeWork: t.exposeString('beforeWork', { description: 'Before-class work (sanitised rich HTML).' }),
    afterWork: t.exposeString('afterWork', { description: 'After-class work (sanitised rich HTML).' }),
    projectId: t.exposeInt('projectId', { nullable: true, description: 'Database id of the project the course belongs to.' }),
    lecturers: t.field({
      type: [CoursePersonRef],
      description: 'The lecturers, by id.',
      select: { lecturers: { select: { user: personSelect }, orderBy: { userId: 'asc' } } },
      resolve: (c) => c.lecturers.map((l) => l.user),
    }),
    attachments: t.relation('files', { description: 'Attachments of the course, oldest first.', query: { where: { kind: FILE_KINDS.ATTACHMENT }, orderBy: { id: 'asc' } } }),
    lessons: t.relatedConnection('lessons', {
      cursor: 'eventId',
      totalCount: true,
      description: 'The lessons (a family sees those their student has a place in), by start.',
      query: (_args, ctx) => ({ where: lessonsWhere(requireActor(ctx)), orderBy: LESSON_ORDER }),
    }),
    enrollments: t.relatedConnection('enrollments', {
      cursor: 'id',
      totalCount: true,
      description: 'Enrolments the caller may see (all for the course’s managers and lecturers; a family its own; a consultant their students’).',
      query: (_args, ctx) => ({ where: visibleEnrollmentsWhere(requireActor(ctx)), orderBy: { id: 'asc' } }),
    }),
    exportUrl: t.string({ description: 'Legacy path of the course PDF (details, lessons, students with hours and attendance), GET with the token header.', resolve: (c) => `/api/admin/course/export.htm?id=${c.id}` }),
    viewerCanManage: t.boolean({
      description: 'Whether the caller manages the course: edits it, schedules lessons, enrols students, signs in, reviews homework.',
      select: { lecturers: { select: { userId: true } } },
      resolve: (c, _a, ctx) => !!ctx.actor && canManageCourse(ctx.actor, { id: c.id, lecturerIds: c.lecturers.map((l) => l.userId) }),
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was created.' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime', description: 'When it last changed.' }),
  }),
});

const lessonEvent = { eventId: true, event: { select: { id: true, title: true, startAt: true, endAt: true, placeId: true, address: true, timeZone: true, seriesId: true } } } as const;

builder.prismaNode('CourseLesson', {
  name: 'Lesson',
  nullable: true,
  id: { field: 'eventId' },
  description:
    'A lesson of a course: one work event of the schedule (an occurrence of the course’s series), so it is on the calendars and ICS feeds of its lecturers and students. Edit it with updateLessons / deleteLessons (scope THIS, FOLLOWING, ALL).',
  authScopes: { permission: 'course.read' },
  findUnique: (id, ctx) => ({ eventId: Number(id), AND: [ctx.actor ? lessonsWhere(ctx.actor) : { eventId: -1 }] }),
  select: lessonEvent,
  fields: (t) => ({
    databaseId: t.exposeInt('eventId', { description: 'The work event’s database id (legacy id, workDailyId).' }),
    title: t.string({ description: 'Title on the calendar (default the course name).', resolve: (l) => l.event.title }),
    startAt: t.field({ type: 'DateTime', description: 'Start (UTC).', resolve: (l) => l.event.startAt }),
    endAt: t.field({ type: 'DateTime', description: 'End (UTC).', resolve: (l) => l.event.endAt }),
    timeZone: t.string({ description: 'IANA zone the lesson was scheduled in (the series expands in it).', resolve: (l) => l.event.timeZone }),
    address: t.string({ description: 'Address shown on the calendar.', resolve: (l) => l.event.address }),
    seriesId: t.int({ nullable: true, description: 'Database id of the series, when the lesson is one occurrence of it.', resolve: (l) => l.event.seriesId }),
    classroomId: t.int({ nullable: true, description: 'Database id of the classroom (the work event’s placeId).', resolve: (l) => l.event.placeId }),
    classroomName: t.string({
      nullable: true,
      description: 'Name of the classroom (readable by everyone who sees the lesson).',
      select: { event: { select: { placeId: true } } },
      resolve: async (l, _a, ctx) =>
        l.event.placeId
          ? ((await loadById(
              ctx,
              'classroomName',
              l.event.placeId,
              async (ids) => new Map((await ctx.db.classroom.findMany({ where: { id: { in: ids } }, select: { id: true, name: true } })).map((r) => [r.id, r.name])),
            )) ?? null)
          : null,
    }),
    event: t.relation('event', { nullable: true, description: 'The work event itself (null when the calendar rules hide it from the caller, e.g. a consultant who does not take part).' }),
    course: t.relation('course', { description: 'The course.' }),
    taskContent: t.exposeString('taskContent', { description: 'The fixed homework task (sanitised rich HTML); empty: none.' }),
    taskDueAt: t.expose('taskDueAt', { type: 'DateTime', nullable: true, description: 'When the homework of this lesson is due.' }),
    taskFiles: t.relation('files', { description: 'Files of the fixed task.', query: { where: { kind: FILE_KINDS.FIXED_TASK }, orderBy: { id: 'asc' } } }),
    attendanceCounts: t.field({
      type: countsRef,
      description: 'Attended, leave and not signed in, for this lesson.',
      resolve: async (l, _a, ctx) => (await loadById(ctx, 'attendanceCounts', l.eventId, (ids) => attendanceCounts(ctx, ids))) ?? { taken: 0, leave: 0, untaken: 0, total: 0 },
    }),
    attendances: t.relatedConnection('attendances', {
      cursor: 'id',
      totalCount: true,
      description: 'The students’ places in the lesson the caller may see.',
      query: (_args, ctx) => ({ where: { enrollment: visibleEnrollmentsWhere(requireActor(ctx)) }, orderBy: { id: 'asc' } }),
    }),
    viewerCanManage: t.boolean({
      description: 'Whether the caller manages the lesson’s course.',
      select: { course: { select: { id: true, lecturers: { select: { userId: true } } } } },
      resolve: (l, _a, ctx) => !!ctx.actor && canManageCourse(ctx.actor, { id: l.course.id, lecturerIds: l.course.lecturers.map((x) => x.userId) }),
    }),
  }),
});

builder.prismaNode('Enrollment', {
  nullable: true,
  id: { field: 'id' },
  description: "A student's enrolment in a course (legacy user course / course hour) with the hours bought and left.",
  authScopes: { permission: 'course.read' },
  findUnique: (id, ctx) => ({ id: Number(id), AND: [ctx.actor ? visibleEnrollmentsWhere(ctx.actor) : { id: -1 }] }),
  fields: (t) => ({
    databaseId: t.exposeInt('id', { description: 'Database id (legacy courseHourId).' }),
    course: t.relation('course', { description: 'The course.' }),
    student: t.field({ type: CoursePersonRef, description: 'The student.', select: { student: personSelect }, resolve: (e) => e.student }),
    state: t.field({ type: EnrollmentStateEnum, description: 'Enrolled or left.', resolve: (e) => e.state as 1 | 2 }),
    totalHours: t.float({ description: 'Course hours bought (adjustments included).', resolve: (e) => hours(e.totalHours) }),
    remainingHours: t.float({ description: 'Course hours left; never below zero.', resolve: (e) => hours(e.remainingHours) }),
    hourRecords: t.relatedConnection('hourRecords', { cursor: 'id', totalCount: true, description: 'Every change of the hours, newest first.', query: { orderBy: HOUR_RECORD_ORDER } }),
    attendances: t.relatedConnection('attendances', { cursor: 'id', totalCount: true, description: 'The student’s places in the lessons, by lesson start.', query: { orderBy: ATTENDANCE_ORDER } }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When the student enrolled.' }),
  }),
});

builder.prismaNode('CourseHourRecord', {
  nullable: true,
  id: { field: 'id' },
  description: 'One change of a student’s course hours: who, when, before, after and why.',
  authScopes: { permission: 'course.read' },
  findUnique: (id, ctx) => ({ id: Number(id), AND: [{ enrollment: ctx.actor ? visibleEnrollmentsWhere(ctx.actor) : { id: -1 } }] }),
  fields: (t) => ({
    databaseId: t.exposeInt('id', { description: 'Database id.' }),
    enrollment: t.relation('enrollment', { description: 'The enrolment whose hours changed.' }),
    kind: t.field({ type: HourRecordKindEnum, description: 'Bought, adjusted, spent, a sign-in undone or refunded.', resolve: (r) => r.kind as 1 | 2 | 3 | 4 | 5 }),
    change: t.float({ description: 'Signed change of the remaining hours.', resolve: (r) => hours(r.change) }),
    before: t.float({ description: 'Remaining hours before.', resolve: (r) => hours(r.before) }),
    after: t.float({ description: 'Remaining hours after.', resolve: (r) => hours(r.after) }),
    reason: t.exposeString('reason', { description: 'Why: the reason given, or the lesson signed in to.' }),
    lessonId: t.exposeInt('lessonId', { nullable: true, description: 'Database id of the lesson a sign-in spent the hours on.' }),
    createdByName: t.exposeString('createdByName', { description: 'Who made the change (name at the time).' }),
    createdByNameEn: t.string({
      nullable: true,
      description: 'The English name of who made the change (their current one; null when they have none or were removed).',
      select: { createdBy: { select: { nameEn: true } } },
      resolve: (r) => r.createdBy?.nameEn || null,
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When.' }),
  }),
});

const studentFacts = { enrollment: { select: { studentId: true, student: { select: { id: true, name: true, nameEn: true, parentId: true, consultantId: true } } } } } as const;
const courseFacts = { lesson: { select: { course: { select: { id: true, lecturers: { select: { userId: true } } } } } } } as const;

builder.prismaNode('Attendance', {
  nullable: true,
  id: { field: 'id' },
  description: "A student's place in a lesson (legacy user course): attendance, leave, feedback and the material opened.",
  authScopes: { permission: 'course.read' },
  findUnique: (id, ctx) => ({ id: Number(id), AND: [{ enrollment: ctx.actor ? visibleEnrollmentsWhere(ctx.actor) : { id: -1 } }] }),
  fields: (t) => ({
    databaseId: t.exposeInt('id', { description: 'Database id (legacy userCourseId).' }),
    lesson: t.relation('lesson', { description: 'The lesson.' }),
    enrollment: t.relation('enrollment', { description: 'The student’s enrolment.' }),
    student: t.field({ type: CoursePersonRef, description: 'The student.', select: studentFacts, resolve: (a) => a.enrollment.student }),
    state: t.field({ type: AttendanceStateEnum, description: 'Untaken, taken or leave.', resolve: (a) => a.state as 0 | 1 | 2 }),
    signedAt: t.expose('signedAt', { type: 'DateTime', nullable: true, description: 'When the student was signed in.' }),
    hoursSpent: t.float({ description: 'Course hours the sign-in spent.', resolve: (a) => hours(a.hoursSpent) }),
    leaveReason: t.exposeString('leaveReason', { description: 'Reason of the leave asked.' }),
    earlySignInReason: t.exposeString('earlySignInReason', { description: 'Why staff signed the student in more than 30 minutes before the lesson (confirmed with `force`); empty otherwise.' }),
    leaveAt: t.expose('leaveAt', { type: 'DateTime', nullable: true, description: 'When leave was asked.' }),
    feedback: t.string({
      nullable: true,
      description: 'The lecturer’s feedback (sanitised rich HTML); null for the family until it is released.',
      select: { ...studentFacts, ...courseFacts, feedbackReleasedAt: true, feedback: true },
      resolve: (a, _args, ctx) =>
        ctx.actor && canReadFeedback(ctx.actor, { id: a.lesson.course.id, lecturerIds: a.lesson.course.lecturers.map((l) => l.userId) }, a.enrollment.student, !!a.feedbackReleasedAt) ? a.feedback : null,
    }),
    feedbackAt: t.expose('feedbackAt', { type: 'DateTime', nullable: true, description: 'When the feedback was written.' }),
    feedbackReleasedAt: t.expose('feedbackReleasedAt', { type: 'DateTime', nullable: true, description: 'When the feedback was released to the family.' }),
    browsedAt: t.expose('browsedAt', { type: 'DateTime', nullable: true, description: 'When the student first opened the lesson’s material.' }),
    browseCount: t.exposeInt('browseCount', { description: 'How often the student opened the material.' }),
    homework: t.relation('homework', { nullable: true, description: 'The homework of this lesson for this student; null: none set.' }),
    viewerIsFamily: t.boolean({ description: 'Whether the caller is this student or their parent.', select: studentFacts, resolve: (a, _args, ctx) => !!ctx.actor && isFamilyOf(ctx.actor, a.enrollment.student) }),
  }),
});

builder.prismaNode('Homework', {
  nullable: true,
  id: { field: 'id' },
  description: 'A student’s homework for one lesson: the task (the lesson’s fixed task and custom files), the answers and the review.',
  authScopes: { permission: 'course.read' },
  findUnique: (id, ctx) => ({ id: Number(id), AND: [{ attendance: { enrollment: ctx.actor ? visibleEnrollmentsWhere(ctx.actor) : { id: -1 } } }] }),
  fields: (t) => ({
    databaseId: t.exposeInt('id', { description: 'Database id.' }),
    attendance: t.relation('attendance', { description: 'The student’s place in the lesson.' }),
    state: t.field({ type: HomeworkStateEnum, description: 'Where the homework stands.', resolve: (h) => h.state as 0 | 1 | 2 | 3 | 4 }),
    dueAt: t.expose('dueAt', { type: 'DateTime', nullable: true, description: 'End date (legacy updateEndDate).' }),
    submittedAt: t.expose('submittedAt', { type: 'DateTime', nullable: true, description: 'When the last answer was submitted.' }),
    late: t.boolean({ description: 'Submitted after the end date.', resolve: (h) => !!h.submittedAt && !!h.dueAt && h.submittedAt > h.dueAt }),
    comment: t.exposeString('comment', { description: 'The lecturer’s comment of the last review.' }),
    reviewedAt: t.expose('reviewedAt', { type: 'DateTime', nullable: true, description: 'When it was last reviewed.' }),
    files: t.relation('files', { description: 'Custom task files and answers, oldest first.', query: { orderBy: { id: 'asc' } } }),
    viewerTransitions: t.field({
      type: [HomeworkTransitionEnum],
      description: 'The changes of state the caller may make now (from HOMEWORK_TRANSITIONS and the rights).',
      select: { attendance: { select: { ...studentFacts, ...courseFacts } } },
      resolve: (h, _a, ctx) => {
        const actor = ctx.actor;
        if (!actor) return [];
        const course = h.attendance.lesson.course;
        const manager = canManageCourse(actor, { id: course.id, lecturerIds: course.lecturers.map((l) => l.userId) });
        const own = actor.type === 3 && h.attendance.enrollment.studentId === actor.id;
        return (Object.keys(HOMEWORK_TRANSITIONS) as HomeworkTransition[]).filter((name) => {
          const rule = HOMEWORK_TRANSITIONS[name];
          return rule.from.includes(h.state) && (rule.who === 'reviewer' ? manager : manager || own);
        });
      },
    }),
  }),
});

// ── filters and queries ──

const gid = (v: GlobalIdInput, type: string) => {
  const id = localId(v, type);
  return id === INVALID_ID ? -1 : (id ?? null);
};

const CourseProgressEnum = builder.enumType('CourseProgress', {
  description: 'Where a course stands, from its lessons’ times.',
  values: {
    NOT_STARTED: { value: 'NOT_STARTED', description: 'No lesson has begun (or none is planned).' },
    IN_PROGRESS: { value: 'IN_PROGRESS', description: 'A lesson has begun and one has not ended yet.' },
    FINISHED: { value: 'FINISHED', description: 'It has lessons, and all of them have ended.' },
  } as const,
});

const CourseFilterInput = builder.inputType('CourseFilter', {
  description: 'Narrows the course list (all given conditions apply).',
  fields: (t) => ({
    search: t.string({ description: 'Matches the name or number, literally.' }),
    type: t.field({ type: CourseTypeEnum, description: 'Only this type.' }),
    site: t.field({ type: CourseSiteEnum, description: 'Only this site.' }),
    lecturerId: t.globalID({ description: 'A User id: courses they teach.' }),
    classroomId: t.globalID({ description: 'A Classroom id: courses using it by default.' }),
    projectId: t.globalID({ description: 'A Project id: courses of the project.' }),
    progress: t.field({ type: CourseProgressEnum, description: 'Only courses that stand here now (from their lessons’ times).' }),
  }),
});

const ClassroomFilterInput = builder.inputType('ClassroomFilter', {
  description: 'Narrows the classroom list.',
  fields: (t) => ({
    search: t.string({ description: 'Matches the name, number or address, literally.' }),
    state: t.field({ type: ClassroomStateEnum, description: 'Only this state.' }),
  }),
});

const LessonFilterInput = builder.inputType('LessonFilter', {
  description: 'Narrows the lesson list.',
  fields: (t) => ({
    courseId: t.globalID({ description: 'A Course id.' }),
    lecturerId: t.globalID({ description: 'A User id: lessons of the courses they teach.' }),
    studentId: t.globalID({ description: 'A User id: lessons the student has a place in.' }),
    classroomId: t.globalID({ description: 'A Classroom id.' }),
    from: t.field({ type: 'DateTime', description: 'Lessons ending after this instant.' }),
    to: t.field({ type: 'DateTime', description: 'Lessons starting before this instant.' }),
  }),
});

const EnrollmentFilterInput = builder.inputType('EnrollmentFilter', {
  description: 'Narrows the enrolment (course hour) list.',
  fields: (t) => ({
    courseId: t.globalID({ description: 'A Course id.' }),
    studentId: t.globalID({ description: 'A User id.' }),
    search: t.string({ description: 'Matches the student’s or the course’s name, literally.' }),
    state: t.field({ type: EnrollmentStateEnum, description: 'Only this state.' }),
  }),
});

const HourRecordFilterInput = builder.inputType('CourseHourRecordFilter', {
  description: 'Narrows the course-hour record list.',
  fields: (t) => ({
    courseId: t.globalID({ description: 'A Course id.' }),
    studentId: t.globalID({ description: 'A User id.' }),
    enrollmentId: t.globalID({ description: 'An Enrollment id.' }),
    kind: t.field({ type: HourRecordKindEnum, description: 'Only this kind of change.' }),
    from: t.field({ type: 'DateTime', description: 'Records made at or after this instant.' }),
    to: t.field({ type: 'DateTime', description: 'Records made before this instant.' }),
  }),
});

const AttendanceFilterInput = builder.inputType('AttendanceFilter', {
  description: 'Narrows the attendance list.',
  fields: (t) => ({
    courseId: t.globalID({ description: 'A Course id.' }),
    lessonId: t.globalID({ description: 'A Lesson id.' }),
    studentId: t.globalID({ description: 'A User id.' }),
    state: t.field({ type: AttendanceStateEnum, description: 'Only this state.' }),
    from: t.field({ type: 'DateTime', description: 'Lessons ending after this instant.' }),
    to: t.field({ type: 'DateTime', description: 'Lessons starting before this instant.' }),
  }),
});

const HomeworkFilterInput = builder.inputType('HomeworkFilter', {
  description: 'Narrows the homework list.',
  fields: (t) => ({
    courseId: t.globalID({ description: 'A Course id.' }),
    lessonId: t.globalID({ description: 'A Lesson id.' }),
    studentId: t.globalID({ description: 'A User id.' }),
    state: t.field({ type: HomeworkStateEnum, description: 'Only this state.' }),
  }),
});

const LessonConflictInput = builder.inputType('LessonConflictInput', {
  description: 'Lessons to be scheduled (or a lesson being edited), checked without saving.',
  fields: (t) => ({
    courseId: t.globalID({ required: true, description: 'A Course id: its lecturers and enrolled students are checked.' }),
    lessonId: t.globalID({ description: 'When editing: the Lesson being edited (not counted against itself).' }),
    startAt: t.field({ type: 'DateTime', required: true, description: 'Start of the first lesson.' }),
    endAt: t.field({ type: 'DateTime', required: true, description: 'End of the first lesson.' }),
    timeZone: t.string({ description: 'IANA zone the rule expands in; default the caller’s.' }),
    classroomId: t.globalID({ description: 'A Classroom id; default the course’s classroom.' }),
    recurrence: t.field({ type: RecurrenceInputRef, description: 'The rule of a series; none: one lesson.' }),
  }),
});

const JoinConflictInput = builder.inputType('JoinCourseConflictInput', {
  description: 'Students about to join a course, checked against its future lessons without saving.',
  fields: (t) => ({
    courseId: t.globalID({ required: true, description: 'A Course id.' }),
    studentIds: t.globalIDList({ required: true, description: 'User ids of the students.' }),
  }),
});

const SummaryCourseRef = builder.objectRef<SummaryCourse>('CourseSummaryCourse').implement({
  description: 'One course in a period’s summary.',
  fields: (t) => ({
    courseId: t.id({ description: 'The Course id.', resolve: (c) => encodeGlobalID('Course', c.courseId) }),
    name: t.exposeString('name', { description: 'The course’s name.' }),
    no: t.exposeString('no', { description: 'The course’s number.' }),
    lessons: t.exposeInt('lessons', { description: 'Lessons in the period.' }),
    hoursTaught: t.exposeFloat('hoursTaught', { description: 'The lessons’ lengths in hours (one decimal).' }),
    places: t.exposeInt('places', { description: 'Students’ places in those lessons.' }),
    taken: t.exposeInt('taken', { description: 'Places signed in.' }),
    leave: t.exposeInt('leave', { description: 'Places on leave.' }),
    homeworkSet: t.exposeInt('homeworkSet', { description: 'Places with homework set (any state but none).' }),
    homeworkDone: t.exposeInt('homeworkDone', { description: 'Of those, submitted or accepted.' }),
  }),
});

const SummaryLecturerRef = builder.objectRef<SummaryLecturer>('CourseSummaryLecturer').implement({
  description: 'One lecturer in a period’s summary (a lesson with two lecturers counts for both).',
  fields: (t) => ({
    lecturer: t.field({ type: CoursePersonRef, description: 'The lecturer.', resolve: (l) => ({ id: l.userId, name: l.name, nameEn: l.nameEn }) }),
    lessons: t.exposeInt('lessons', { description: 'Lessons of their courses in the period.' }),
    hoursTaught: t.exposeFloat('hoursTaught', { description: 'Those lessons’ lengths in hours (one decimal).' }),
  }),
});

const CourseSummaryRef = builder.objectRef<CourseSummary>('CourseSummary').implement({
  description: 'Hours taught, attendance and homework of the lessons a filter selects, summed by the database.',
  fields: (t) => ({
    lessons: t.exposeInt('lessons', { description: 'Lessons.' }),
    hoursTaught: t.exposeFloat('hoursTaught', { description: 'Their lengths in hours (one decimal).' }),
    places: t.exposeInt('places', { description: 'Students’ places.' }),
    taken: t.exposeInt('taken', { description: 'Places signed in.' }),
    leave: t.exposeInt('leave', { description: 'Places on leave.' }),
    homeworkSet: t.exposeInt('homeworkSet', { description: 'Places with homework set.' }),
    homeworkDone: t.exposeInt('homeworkDone', { description: 'Homework submitted or accepted.' }),
    byCourse: t.field({ type: [SummaryCourseRef], description: 'Per course, most hours first.', resolve: (s) => s.byCourse }),
    byLecturer: t.field({ type: [SummaryLecturerRef], description: 'Per lecturer, most hours first.', resolve: (s) => s.byLecturer }),
  }),
});

const CourseSummaryExportRef = xlsxExportRef('CourseSummaryExport', {
  type: 'The course summary as .xlsx: a sheet per course with a total row, a sheet per lecturer.',
  fileName: 'A file name for the download.',
  count: 'Lessons summed in the file.',
});

builder.queryFields((t) => ({
  courses: t.prismaConnection({
    type: 'Course',
    cursor: 'id',
    defaultSize: 20,
    maxSize: 500,
    description: 'Courses the caller sees (managers: all; lecturers: theirs; consultants and families: their students’), newest first.',
    authScopes: { permission: 'course.read' },
    args: { filter: t.arg({ type: CourseFilterInput, description: 'Conditions.' }) },
    totalCount: (_p, args, ctx) => ctx.db.course.count({ where: courseFilter(ctx, args.filter) }),
    resolve: (query, _p, args, ctx) => ctx.db.course.findMany({ ...query, where: courseFilter(ctx, args.filter), orderBy: COURSE_ORDER }),
  }),
  classrooms: t.prismaConnection({
    type: 'Classroom',
    cursor: 'id',
    defaultSize: 50,
    maxSize: 500,
    description: 'Classrooms, by number (staff).',
    authScopes: { permission: 'directory.read' },
    args: { filter: t.arg({ type: ClassroomFilterInput, description: 'Conditions.' }) },
    totalCount: (_p, args, ctx) => ctx.db.classroom.count({ where: classroomsWhere({ search: args.filter?.search, state: args.filter?.state }) }),
    resolve: (query, _p, args, ctx) => ctx.db.classroom.findMany({ ...query, where: classroomsWhere({ search: args.filter?.search, state: args.filter?.state }), orderBy: CLASSROOM_ORDER }),
  }),
  courseSummary: t.field({
    type: CourseSummaryRef,
    description: 'The summary of the lessons `lessons` answers for the same filter (the same rights): hours taught per course and lecturer, attendance, homework completion; computed in SQL.',
    authScopes: { permission: 'course.read' },
    args: { filter: t.arg({ type: LessonFilterInput, description: 'Conditions (as for `lessons`).' }) },
    resolve: (_p, args, ctx) => courseSummary(ctx, lessonFilterArgs(args.filter)),
  }),
  courseSummaryExport: t.field({
    type: CourseSummaryExportRef,
    errors: mutationErrors,
    description: 'What `courseSummary` answers for the same filter (the same rights), as .xlsx (base64) in the caller’s language: per course with the total, per lecturer (all of them). Rights: course.read.',
    authScopes: { permission: 'course.read' },
    args: { filter: t.arg({ type: LessonFilterInput, description: 'Conditions (as for `lessons` and `courseSummary`).' }) },
    resolve: (_p, args, ctx) => courseSummaryXlsx(ctx, lessonFilterArgs(args.filter)),
  }),
  lessons: t.prismaConnection({
    type: 'CourseLesson',
    cursor: 'eventId',
    defaultSize: 50,
    maxSize: 500,
    description: 'Lessons the caller sees, by start.',
    authScopes: { permission: 'course.read' },
    args: { filter: t.arg({ type: LessonFilterInput, description: 'Conditions.' }) },
    totalCount: (_p, args, ctx) => ctx.db.courseLesson.count({ where: lessonFilter(ctx, args.filter) }),
    resolve: (query, _p, args, ctx) => ctx.db.courseLesson.findMany({ ...query, where: lessonFilter(ctx, args.filter), orderBy: LESSON_ORDER }),
  }),
  enrollments: t.prismaConnection({
    type: 'Enrollment',
    cursor: 'id',
    defaultSize: 20,
    maxSize: 500,
    description: 'Enrolments with their hours the caller may see (legacy course hours).',
    authScopes: { permission: 'course.read' },
    args: { filter: t.arg({ type: EnrollmentFilterInput, description: 'Conditions.' }) },
    totalCount: (_p, args, ctx) => ctx.db.enrollment.count({ where: enrollmentFilter(ctx, args.filter) }),
    resolve: (query, _p, args, ctx) => ctx.db.enrollment.findMany({ ...query, where: enrollmentFilter(ctx, args.filter), orderBy: [{ courseId: 'desc' }, { id: 'asc' }] }),
  }),
  courseHourRecords: t.prismaConnection({
    type: 'CourseHourRecord',
    cursor: 'id',
    defaultSize: 20,
    maxSize: 500,
    description: 'Changes of course hours the caller may see, newest first.',
    authScopes: { permission: 'course.read' },
    args: { filter: t.arg({ type: HourRecordFilterInput, description: 'Conditions.' }) },
    totalCount: (_p, args, ctx) => ctx.db.courseHourRecord.count({ where: recordFilter(ctx, args.filter) }),
    resolve: (query, _p, args, ctx) => ctx.db.courseHourRecord.findMany({ ...query, where: recordFilter(ctx, args.filter), orderBy: HOUR_RECORD_ORDER }),
  }),
  attendances: t.prismaConnection({
    type: 'Attendance',
    cursor: 'id',
    defaultSize: 50,
    maxSize: 500,
    description: 'Students’ places in lessons the caller may see, by lesson start.',
    authScopes: { permission: 'course.read' },
    args: { filter: t.arg({ type: AttendanceFilterInput, description: 'Conditions.' }) },
    totalCount: (_p, args, ctx) => ctx.db.attendance.count({ where: attendanceFilter(ctx, args.filter) }),
    resolve: (query, _p, args, ctx) => ctx.db.attendance.findMany({ ...query, where: attendanceFilter(ctx, args.filter), orderBy: ATTENDANCE_ORDER }),
  }),
  homework: t.prismaConnection({
    type: 'Homework',
    cursor: 'id',
    defaultSize: 50,
    maxSize: 500,
    description: 'Homework the caller may see, newest first.',
    authScopes: { permission: 'course.read' },
    args: { filter: t.arg({ type: HomeworkFilterInput, description: 'Conditions.' }) },
    totalCount: (_p, args, ctx) => ctx.db.homework.count({ where: homeworkFilter(ctx, args.filter) }),
    resolve: (query, _p, args, ctx) => ctx.db.homework.findMany({ ...query, where: homeworkFilter(ctx, args.filter), orderBy: [{ id: 'desc' }] }),
  }),
  lessonConflicts: t.field({
    type: ConflictReportRef,
    description: 'What scheduling these lessons would clash with: the course’s lecturers, every enrolled student and the classroom on every occurrence; nothing is saved (staff).',
    authScopes: { permission: 'course.read' },
    args: { input: t.arg({ type: LessonConflictInput, required: true, description: 'The lessons.' }) },
    resolve: (_p, { input }, ctx) =>
      checkLessonConflicts(
        ctx,
        atDoor(checkLessonConflictsInput, {
          courseId: gid(input.courseId, 'Course'),
          lessonId: gid(input.lessonId, 'Lesson') ?? undefined,
          startAt: input.startAt,
          endAt: input.endAt,
          timeZone: input.timeZone,
          classroomId: input.classroomId ? gid(input.classroomId, 'Classroom') : undefined,
          recurrence: recurrenceOf(input.recurrence),
        }),
      ),
  }),
  joinCourseConflicts: t.field({
    type: ConflictReportRef,
    description: 'What enrolling these students would clash with: each one’s other events against every future lesson of the course (legacy checkJoinCourseConflict); nothing is saved.',
    authScopes: { permission: 'course.read' },
    args: { input: t.arg({ type: JoinConflictInput, required: true, description: 'The course and the students.' }) },
    resolve: (_p, { input }, ctx) => checkJoinConflicts(ctx, atDoor(checkJoinConflictsInput, { courseId: gid(input.courseId, 'Course'), studentIds: localIds(input.studentIds, 'User') ?? [] })),
  }),
}));

type Ctx = Parameters<typeof requireActor>[0];
type FilterArg = Record<string, unknown> | null | undefined;
const idArg = (f: FilterArg, key: string, type: string) => gid(f?.[key] as GlobalIdInput, type);

function courseFilter(ctx: Ctx, f: FilterArg) {
  return coursesWhere(requireActor(ctx), {
    search: f?.search as string | null,
    type: f?.type as number | null,
    site: f?.site as number | null,
    lecturerId: idArg(f, 'lecturerId', 'User'),
    classroomId: idArg(f, 'classroomId', 'Classroom'),
    projectId: idArg(f, 'projectId', 'Project'),
    progress: (f?.progress as CourseProgress | null | undefined) ?? null,
  });
}
function lessonFilterArgs(f: FilterArg) {
  return {
    courseId: idArg(f, 'courseId', 'Course'),
    lecturerId: idArg(f, 'lecturerId', 'User'),
    studentId: idArg(f, 'studentId', 'User'),
    classroomId: idArg(f, 'classroomId', 'Classroom'),
    from: f?.from as Date | null,
    to: f?.to as Date | null,
  };
}
function lessonFilter(ctx: Ctx, f: FilterArg) {
  return lessonsWhere(requireActor(ctx), lessonFilterArgs(f));
}
function enrollmentFilter(ctx: Ctx, f: FilterArg) {
  return enrollmentsWhere(requireActor(ctx), { courseId: idArg(f, 'courseId', 'Course'), studentId: idArg(f, 'studentId', 'User'), search: f?.search as string | null, state: f?.state as number | null });
}
function recordFilter(ctx: Ctx, f: FilterArg) {
  return hourRecordsWhere(requireActor(ctx), {
    courseId: idArg(f, 'courseId', 'Course'),
    studentId: idArg(f, 'studentId', 'User'),
    enrollmentId: idArg(f, 'enrollmentId', 'Enrollment'),
    kind: f?.kind as number | null,
    from: f?.from as Date | null,
    to: f?.to as Date | null,
  });
}
function attendanceFilter(ctx: Ctx, f: FilterArg) {
  return attendancesWhere(requireActor(ctx), {
    courseId: idArg(f, 'courseId', 'Course'),
    lessonId: idArg(f, 'lessonId', 'Lesson'),
    studentId: idArg(f, 'studentId', 'User'),
    state: f?.state as number | null,
    from: f?.from as Date | null,
    to: f?.to as Date | null,
  });
}
function homeworkFilter(ctx: Ctx, f: FilterArg) {
  return homeworkWhere(requireActor(ctx), { courseId: idArg(f, 'courseId', 'Course'), lessonId: idArg(f, 'lessonId', 'Lesson'), studentId: idArg(f, 'studentId', 'User'), state: f?.state as number | null });
}
