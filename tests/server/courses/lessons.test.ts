/**
 * Lessons on the schedule engine, through GraphQL as a user would: a course's series shows
 * on the lecturer's calendar and in the student's calendar file; a clash of the lecturer,
 * the classroom or a student is refused naming it, unless forced; edits and deletes with a
 * scope; moving to another classroom checks the room; joining checks the student first;
 * lessons holding records are never deleted or remade; the calendar's own edit refuses lessons.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent } from '../schedule/support.ts';
import { createTestApp, rest, type TestApp } from '../../helpers/app.ts';
import { call, gid, login, mutate, newCourse, someStudents, userId } from './support.ts';

/** These fixtures' lessons are in the future: staff confirm the early sign-in (issue 32). */
const EARLY = { force: true, reason: '测试：提前签到' };

let t: TestApp;
let admin: string;
let lecturer: string;
let manager: string;
const LESSONS = `... on LessonsPayload { seriesId lessons { databaseId title startAt endAt classroomId classroomName event { databaseId published participants { user { databaseId } } } } deletedLessonIds }`;

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t, 'admin');
  lecturer = await login(t, 'lecturer');
  manager = await login(t, 'manager');
});
afterAll(async () => {
  await t?.close();
});

async function course(name: string, extra: Record<string, unknown> = {}) {
  const c = await mutate<{ course: { id: string; databaseId: number } }>(
    t,
    manager,
    'createCourse',
    'CreateCourseInput',
    { name, lecturerIds: [gid('User', await userId(t, 'lecturer'))], ...extra },
    '... on CoursePayload { course { id databaseId } }',
  );
  expect(c.__typename).toBe('CoursePayload');
  return c.course;
}

async function room(name: string, capacity?: number) {
  const r = await mutate<{ classroom: { id: string; databaseId: number } }>(t, manager, 'createClassroom', 'CreateClassroomInput', { name, capacity }, '... on ClassroomPayload { classroom { id databaseId } }');
  return r.classroom;
}

describe('scheduling a course', () => {
  it('puts a weekly series on the calendars of the lecturer and the students, with the classroom as the place', async () => {
    const [s1, s2] = await someStudents(t, 2);
    const r = await room('日历教室');
    const c = await course('日历课程', { classroomId: r.id });
    const joined = await mutate(t, manager, 'enrollStudents', 'EnrollStudentsInput', { courseId: c.id, studentIds: [gid('User', s1!), gid('User', s2!)] });
    expect(joined.__typename).toBe('EnrollmentsPayload');
    const saved = await mutate<{ lessons: Array<{ databaseId: number; classroomId: number; classroomName: string; event: { published: boolean; participants: Array<{ user: { databaseId: number } }> } }> }>(
      t,
      lecturer,
      'scheduleLessons',
      'ScheduleLessonsInput',
      { courseId: c.id, startAt: '2027-06-01T11:00:00Z', endAt: '2027-06-01T12:30:00Z', timeZone: 'Asia/Shanghai', recurrence: { freq: 'WEEKLY', byWeekday: ['TU', 'TH'], count: 6 } },
      LESSONS,
    );
    expect(saved.__typename, saved.message).toBe('LessonsPayload');
    expect(saved.lessons).toHaveLength(6);
    const lecturerId = await userId(t, 'lecturer');
    for (const l of saved.lessons) {
      expect(l).toMatchObject({ classroomId: r.databaseId, classroomName: '日历教室', event: { published: true } });
      expect(l.event.participants.map((p) => p.user.databaseId).sort()).toEqual([lecturerId, s1, s2].sort());
    }
    // The lecturer's calendar (the schedule's own query) shows them, with their course.
    const cal = await call<{ calendar: { events: Array<{ title: string; placeId: number; lesson: { course: { databaseId: number } } | null }> } }>(
      t,
      lecturer,
      `query { calendar(from: "2027-06-01T00:00:00Z", to: "2027-06-15T00:00:00Z") { events { title placeId lesson { course { databaseId } } } } }`,
    );
    const mine = cal.calendar.events.filter((e) => e.title === '日历课程');
    expect(mine).toHaveLength(4);
    expect(mine.every((e) => e.placeId === r.databaseId && e.lesson?.course.databaseId === c.databaseId)).toBe(true);
    // A student's calendar file (the ICS writer reads the schedule's read API) has them too.
    await t.db.user.update({ where: { id: s1! }, data: { account: 'calendar.student', passwordHash: (await t.db.user.findUniqueOrThrow({ where: { account: 'student.demo' } })).passwordHash } });
    const student = await login(t, 'calendar.student');
    const ics = await rest(t, '/api/admin/work/daily/generateIcs.htm', { token: student, json: { from: '2027-06-01T00:00:00Z', to: '2027-07-01T00:00:00Z' } });
    const text = await ics.response.text();
    expect(text).toContain('SUMMARY:日历课程');
    expect(text).toMatch(/RRULE:FREQ=WEEKLY;BYDAY=TU,TH;UNTIL=/);
  });

  it('refuses a clash of the lecturer, the classroom or a student, naming it, and saves with force', async () => {
    const [busyStudent] = await someStudents(t, 1, 5);
    const r = await room('冲突教室');
    const c = await course('冲突课程', { classroomId: r.id });
    await mutate(t, manager, 'enrollStudents', 'EnrollStudentsInput', { courseId: c.id, studentIds: [gid('User', busyStudent!)] });
    // The student is busy on the third Saturday; the room is taken on the fourth.
    await t.db.workEvent.create({
      data: {
        title: '家教课',
        startAt: new Date('2027-07-17T02:00:00Z'),
        endAt: new Date('2027-07-17T03:00:00Z'),
        timeZone: 'Asia/Shanghai',
        creatorId: busyStudent!,
        published: true,
        participants: { create: { userId: busyStudent!, startAt: new Date('2027-07-17T02:00:00Z'), endAt: new Date('2027-07-17T03:00:00Z') } },
      },
    });
    const other = await createEvent(t, admin, { title: '教室占用', startAt: '2027-07-24T01:30:00Z', endAt: '2027-07-24T02:30:00Z', placeId: r.databaseId, force: true });
    expect(other.__typename).toBe('WorkEventSavePayload');
    const input = { courseId: c.id, startAt: '2027-07-03T01:00:00Z', endAt: '2027-07-03T03:00:00Z', timeZone: 'Asia/Shanghai', recurrence: { freq: 'WEEKLY', count: 8 } };
    const check = await call<{ lessonConflicts: { total: number; occurrences: unknown[]; conflicts: Array<{ occurrence: number; kind: string; userName: string | null }> } }>(
      t,
      lecturer,
      `query($input: LessonConflictInput!) { lessonConflicts(input: $input) { total occurrences { start } conflicts { occurrence kind userName } } }`,
      { input },
    );
    expect(check.lessonConflicts.occurrences).toHaveLength(8);
    const studentName = (await t.db.user.findUniqueOrThrow({ where: { id: busyStudent! } })).name;
    expect(check.lessonConflicts.conflicts).toEqual([
      { occurrence: 3, kind: 'PARTICIPANT', userName: studentName },
      { occurrence: 4, kind: 'PLACE', userName: null },
    ]);
    const refused = await mutate(t, lecturer, 'scheduleLessons', 'ScheduleLessonsInput', input);
    expect(refused).toMatchObject({ __typename: 'ScheduleConflictError', code: 'SCHEDULE_CONFLICT', message: '存在2处时间冲突', total: 2 });
    expect(await t.db.courseLesson.count({ where: { courseId: c.databaseId } })).toBe(0);
    // The lecturer is busy too once the course has lessons: a second course at the same time clashes on the lecturer.
    const forced = await mutate<{ lessons: unknown[] }>(t, lecturer, 'scheduleLessons', 'ScheduleLessonsInput', { ...input, force: true }, LESSONS);
    expect(forced.lessons).toHaveLength(8);
    const second = await course('同时段课程');
    const clash = await mutate<{ conflicts: Array<{ kind: string; userName: string }> }>(t, manager, 'scheduleLessons', 'ScheduleLessonsInput', {
      ...input,
      courseId: second.id,
      recurrence: { freq: 'WEEKLY', count: 1 },
    });
    expect(clash.__typename).toBe('ScheduleConflictError');
    expect(clash.conflicts[0]).toMatchObject({ kind: 'PARTICIPANT', userName: '李明哲' });
  });

  it('refuses a disabled classroom, a classroom too small and more lessons than planned', async () => {
    const [a, b, cStudent] = await someStudents(t, 3, 8);
    const small = await room('小教室', 2);
    const c = await course('规则课程', { totalNumber: 3 });
    await mutate(t, manager, 'enrollStudents', 'EnrollStudentsInput', { courseId: c.id, studentIds: [a, b, cStudent].map((s) => gid('User', s!)), force: true });
    const base = { courseId: c.id, startAt: '2027-09-01T11:00:00Z', endAt: '2027-09-01T12:00:00Z', timeZone: 'Asia/Shanghai' };
    expect(await mutate(t, manager, 'scheduleLessons', 'ScheduleLessonsInput', { ...base, classroomId: small.id })).toMatchObject({ code: 'CLASSROOM_TOO_SMALL', message: '教室“小教室”只有2个座位，课程有3名学员' });
    await mutate(t, manager, 'disableClassroom', 'ClassroomRefInput', { classroomId: small.id });
    expect(await mutate(t, manager, 'scheduleLessons', 'ScheduleLessonsInput', { ...base, classroomId: small.id })).toMatchObject({ code: 'CLASSROOM_DISABLED' });
    expect(await mutate(t, manager, 'scheduleLessons', 'ScheduleLessonsInput', { ...base, recurrence: { freq: 'DAILY', count: 4 } })).toMatchObject({
      code: 'TOO_MANY_LESSONS',
      message: '课程“规则课程”最多3节课，已排0节，本次4节',
    });
  });
});

describe('editing and deleting lessons with a scope', () => {
  it('THIS, FOLLOWING and ALL go through the schedule; the course keeps every row', async () => {
    const f = await newCourse(t, admin, { lessons: 6, start: new Date('2027-10-04T11:00:00Z') });
    const [, second, third] = f.lessonIds;
    const moved = await mutate<{ lessons: Array<{ databaseId: number; startAt: string }> }>(
      t,
      lecturer,
      'updateLessons',
      'UpdateLessonsInput',
      { lessonId: gid('Lesson', second!), startAt: '2027-10-12T12:00:00Z', endAt: '2027-10-12T13:00:00Z', force: true },
      LESSONS,
    );
    expect(moved.lessons).toEqual([{ ...moved.lessons[0], databaseId: second, startAt: '2027-10-12T12:00:00.000Z' }]);
    const following = await mutate<{ lessons: Array<{ databaseId: number; title: string }>; seriesId: number }>(
      t,
      lecturer,
      'updateLessons',
      'UpdateLessonsInput',
      { lessonId: gid('Lesson', third!), scope: 'FOLLOWING', startAt: '2027-10-18T12:00:00Z', endAt: '2027-10-18T13:00:00Z', title: '改期后的课', force: true },
      LESSONS,
    );
    expect(following.lessons).toHaveLength(4);
    expect(following.seriesId).not.toBe(f.seriesId);
    // The remade rows are the course's lessons, with the students' places.
    expect(await t.db.courseLesson.count({ where: { courseId: f.courseId } })).toBe(6);
    const all = await mutate<{ lessons: unknown[] }>(t, lecturer, 'updateLessons', 'UpdateLessonsInput', { lessonId: gid('Lesson', following.lessons[0]!.databaseId), scope: 'ALL', title: '全部改名' }, LESSONS);
    expect(all.lessons).toHaveLength(4);
    const del = await mutate<{ deletedLessonIds: string[] }>(
      t,
      lecturer,
      'deleteLessons',
      'DeleteLessonsInput',
      { lessonId: gid('Lesson', following.lessons[2]!.databaseId), scope: 'FOLLOWING' },
      '... on DeleteLessonsPayload { deletedLessonIds }',
    );
    expect(del.deletedLessonIds).toHaveLength(2);
    expect(await t.db.courseLesson.count({ where: { courseId: f.courseId } })).toBe(4);
  });

  it('moving to another classroom checks the room again', async () => {
    const f = await newCourse(t, admin, { lessons: 2, start: new Date('2027-11-06T02:00:00Z') });
    const r = await room('换课教室');
    await createEvent(t, admin, { title: '占用', startAt: '2027-11-13T02:30:00Z', endAt: '2027-11-13T03:00:00Z', placeId: r.databaseId, force: true });
    const refused = await mutate(t, lecturer, 'moveLessons', 'MoveLessonsInput', { lessonId: gid('Lesson', f.lessonIds[0]!), classroomId: r.id, scope: 'ALL' });
    expect(refused).toMatchObject({ __typename: 'ScheduleConflictError', total: 1 });
    const one = await mutate<{ lessons: Array<{ classroomId: number }> }>(t, lecturer, 'moveLessons', 'MoveLessonsInput', { lessonId: gid('Lesson', f.lessonIds[0]!), classroomId: r.id }, LESSONS);
    expect(one.lessons).toEqual([expect.objectContaining({ classroomId: r.databaseId })]);
    // The legacy path answers the same refusal in the envelope.
    const legacy = await rest<any>(t, '/api/admin/cycle/user/course/updateClassRoom.htm', { token: lecturer, json: { id: f.lessonIds[1], classRoomId: r.databaseId } });
    expect(legacy.body).toMatchObject({ status: 'error', message: '存在1处时间冲突', data: { conflict: true, total: 1 } });
  });

  it('lessons holding sign-ins are not deleted or remade; the calendar’s own edit refuses lessons', async () => {
    const [s] = await someStudents(t, 1, 12);
    const f = await newCourse(t, admin, { lessons: 3, students: [s!], hours: 5, start: new Date('2027-12-04T02:00:00Z') });
    const place = f.attendances.find((a) => a.lessonId === f.lessonIds[0])!;
    expect((await mutate(t, lecturer, 'signInLesson', 'AttendanceIdsInput', { attendanceIds: [gid('Attendance', place.id)], ...EARLY })).__typename).toBe('AttendancesPayload');
    const all = await mutate(t, lecturer, 'deleteLessons', 'DeleteLessonsInput', { lessonId: gid('Lesson', f.lessonIds[1]!), scope: 'ALL' });
    expect(all).toMatchObject({ code: 'LESSON_HOLDS_RECORDS', message: '1节课次已有签到、请假、反馈或作业记录，不能删除或改期，请只修改之后的课次' });
    const remake = await mutate(t, lecturer, 'updateLessons', 'UpdateLessonsInput', {
      lessonId: gid('Lesson', f.lessonIds[0]!),
      scope: 'ALL',
      startAt: '2027-12-04T03:00:00Z',
      endAt: '2027-12-04T04:00:00Z',
      force: true,
    });
    expect(remake).toMatchObject({ code: 'LESSON_HOLDS_RECORDS' });
    // The schedule's own mutation and legacy path refuse lessons.
    const viaCalendar = await call<{ deleteWorkEvent: { __typename: string; code?: string; message?: string } }>(
      t,
      admin,
      `mutation($input: DeleteWorkEventInput!) { deleteWorkEvent(input: $input) { __typename ... on Error { code message } } }`,
      { input: { id: gid('WorkEvent', f.lessonIds[2]!) } },
    );
    expect(viaCalendar.deleteWorkEvent).toMatchObject({ code: 'LESSON_OF_COURSE', message: '这是课程的课次，请在课程中修改或删除' });
    const legacy = await rest(t, '/api/admin/work/daily/delById.htm', { token: admin, json: { id: f.lessonIds[2] } });
    expect(legacy.body).toMatchObject({ status: 'error', message: '这是课程的课次，请在课程中修改或删除' });
    expect(await t.db.courseLesson.count({ where: { courseId: f.courseId } })).toBe(3);
    // The later lessons hold nothing: they go.
    const tail = await mutate<{ deletedLessonIds: string[] }>(
      t,
      lecturer,
      'deleteLessons',
      'DeleteLessonsInput',
      { lessonId: gid('Lesson', f.lessonIds[1]!), scope: 'FOLLOWING' },
      '... on DeleteLessonsPayload { deletedLessonIds }',
    );
    expect(tail.deletedLessonIds).toHaveLength(2);
  });
});

describe('joining a course', () => {
  it('checks the student’s other events on every future lesson first (checkJoinCourseConflict), refuses, then enrols with force', async () => {
    const f = await newCourse(t, admin, { lessons: 4, start: new Date('2028-02-05T02:00:00Z') });
    const [s] = await someStudents(t, 1, 15);
    await t.db.workEvent.create({
      data: {
        title: '钢琴课',
        startAt: new Date('2028-02-12T02:30:00Z'),
        endAt: new Date('2028-02-12T03:30:00Z'),
        timeZone: 'Asia/Shanghai',
        creatorId: s!,
        participants: { create: { userId: s!, startAt: new Date('2028-02-12T02:30:00Z'), endAt: new Date('2028-02-12T03:30:00Z') } },
      },
    });
    const check = await rest<any>(t, '/api/admin/cycle/user/course/checkJoinCourseConflict.htm', { token: lecturer, json: { courseId: f.courseId, userId: s } });
    expect(check.body.data).toMatchObject({ conflict: true, total: 1, occurrences: 4, conflicts: [expect.objectContaining({ occurrence: 2, kind: 'PARTICIPANT', userId: s })] });
    const refused = await mutate(t, lecturer, 'enrollStudents', 'EnrollStudentsInput', { courseId: gid('Course', f.courseId), studentIds: [gid('User', s!)] });
    expect(refused).toMatchObject({ __typename: 'ScheduleConflictError', total: 1 });
    const forced = await mutate(t, lecturer, 'enrollStudents', 'EnrollStudentsInput', { courseId: gid('Course', f.courseId), studentIds: [gid('User', s!)], force: true });
    expect(forced.__typename).toBe('EnrollmentsPayload');
    expect(await t.db.eventParticipant.count({ where: { userId: s!, eventId: { in: f.lessonIds } } })).toBe(4);
    expect(await t.db.attendance.count({ where: { lessonId: { in: f.lessonIds }, enrollment: { studentId: s! } } })).toBe(4);
    const again = await mutate(t, lecturer, 'enrollStudents', 'EnrollStudentsInput', { courseId: gid('Course', f.courseId), studentIds: [gid('User', s!)], force: true });
    expect(again).toMatchObject({ code: 'ALREADY_ENROLLED' });
  });

  it('refuses students the room of a future lesson cannot seat, naming it, on both doors, with force too', async () => {
    const [first, ...more] = await someStudents(t, 4, 30);
    const f = await newCourse(t, admin, { lessons: 3, students: [first!], start: new Date('2028-03-06T02:00:00Z') });
    const room = await t.db.classroom.create({ data: { no: `CAP-${Date.now()}`, name: '小教室', capacity: 2 } });
    // The last lesson is in the small room (the others have none).
    await t.db.workEvent.update({ where: { id: f.lessonIds[2]! }, data: { placeId: room.id } });
    const before = await t.db.enrollment.count({ where: { courseId: f.courseId } });
    const refused = await mutate(t, admin, 'enrollStudents', 'EnrollStudentsInput', { courseId: gid('Course', f.courseId), studentIds: more.slice(0, 2).map((s) => gid('User', s)), force: true });
    expect(refused).toMatchObject({ code: 'CLASSROOM_TOO_SMALL', message: '教室“小教室”只有2个座位，课程有3名学员' });
    const legacy = await rest<any>(t, '/api/admin/cycle/user/course/joinCourse.htm', { token: admin, json: { courseId: f.courseId, userIds: more.slice(0, 2) } });
    expect(legacy.body).toMatchObject({ status: 'error', message: '教室“小教室”只有2个座位，课程有3名学员' });
    expect(await t.db.enrollment.count({ where: { courseId: f.courseId } })).toBe(before);
    // One more fits.
    const one = await mutate(t, admin, 'enrollStudents', 'EnrollStudentsInput', { courseId: gid('Course', f.courseId), studentIds: [gid('User', more[0]!)], force: true });
    expect(one.__typename).toBe('EnrollmentsPayload');
    // A lesson in the past does not count.
    await t.db.workEvent.update({ where: { id: f.lessonIds[2]! }, data: { startAt: new Date('2020-01-01T02:00:00Z'), endAt: new Date('2020-01-01T03:00:00Z') } });
    const later = await mutate(t, admin, 'enrollStudents', 'EnrollStudentsInput', { courseId: gid('Course', f.courseId), studentIds: [gid('User', more[1]!)], force: true });
    expect(later.__typename).toBe('EnrollmentsPayload');
  });
});
