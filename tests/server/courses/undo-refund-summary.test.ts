/**
 * The course gaps closed after the screens: a sign-in undone gives its hours back (both doors,
 * once only), leaving a course may refund the unused hours (all or part of them), and the
 * summary of a period is summed by the database with the lessons' rights (numbers computed by
 * hand from fixtures) and exported as xlsx.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../../server/i18n/catalogue.ts';
import { createTestApp, rest, gql, type TestApp } from '../../helpers/app.ts';
import { courseSummaryXlsx } from '../../../server/modules/courses/courses.service.ts';
import { call, gid, login, mutate, newCourse, serviceContext, someStudents, userId } from './support.ts';

/** These fixtures' lessons are in the future: staff confirm the early sign-in (issue 32). */
const EARLY = { force: true, reason: '测试：提前签到' };

let t: TestApp;
let admin: string;
let lecturer: string;
let manager: string;
let otherLecturer: string;

beforeAll(async () => {
  t = await createTestApp({ dataDir: `/tmp/bo-courses-gaps-${process.pid}` });
  admin = await login(t, 'admin');
  lecturer = await login(t, 'lecturer');
  manager = await login(t, 'manager');
  otherLecturer = await login(t, 'hu.wei');
});
afterAll(async () => {
  await t?.close();
});

const PLACE = '... on AttendancePayload { attendance { state signedAt hoursSpent enrollment { remainingHours totalHours } } }';
const records = (enrollmentId: number) => t.db.courseHourRecord.findMany({ where: { enrollmentId }, orderBy: { id: 'asc' } });

describe('undoing a sign-in', () => {
  it('puts the place back to untaken, gives the spent hours back with a record naming the undo and who; a second undo is refused', async () => {
    const [s] = await someStudents(t, 1, 5);
    const f = await newCourse(t, admin, { students: [s!], lessons: 2, hours: 10, lessonHours: 1.5 });
    const place = gid('Attendance', f.attendances[0]!.id);
    const signed = await mutate(t, lecturer, 'signInLesson', 'AttendanceIdsInput', { attendanceIds: [place], ...EARLY }, '... on AttendancesPayload { attendances { enrollment { remainingHours } } }');
    expect(signed.attendances[0].enrollment.remainingHours).toBe(8.5);
    // The course's hours per lesson change after the sign-in: the undo gives back what the sign-in spent.
    await t.db.course.update({ where: { id: f.courseId }, data: { lessonHours: 3 } });

    const undone = await mutate(t, lecturer, 'undoSignIn', 'AttendanceRefInput', { attendanceId: place }, PLACE);
    expect(undone.attendance).toEqual({ state: 'UNTAKEN', signedAt: null, hoursSpent: 0, enrollment: { remainingHours: 10, totalHours: 10 } });
    const who = await t.db.user.findUniqueOrThrow({ where: { account: 'lecturer' }, select: { id: true, name: true } });
    const last = (await records(f.enrollmentIds[0]!)).at(-1)!;
    expect({ kind: last.kind, change: Number(last.change), before: Number(last.before), after: Number(last.after), lessonId: last.lessonId, by: last.createdById, name: last.createdByName }).toEqual({
      kind: 4,
      change: 1.5,
      before: 8.5,
      after: 10,
      lessonId: f.lessonIds[0],
      by: who.id,
      name: who.name,
    });
    const listed = await call(t, manager, `query($id: ID!) { node(id: $id) { ... on Enrollment { hourRecords(first: 1) { edges { node { kind change reason } } } } } }`, { id: gid('Enrollment', f.enrollmentIds[0]!) });
    expect(listed.node.hourRecords.edges[0].node).toMatchObject({ kind: 'SIGN_IN_UNDONE', change: 1.5 });

    // Twice: refused on both doors, nothing written.
    const count = (await records(f.enrollmentIds[0]!)).length;
    expect(await mutate(t, lecturer, 'undoSignIn', 'AttendanceRefInput', { attendanceId: place })).toMatchObject({ code: 'WRONG_STATE', message: '该学员尚未签到，无法撤销' });
    const again = await rest<any>(t, '/api/admin/user/course/undoSignIn.htm', { token: lecturer, json: { userCourseId: f.attendances[0]!.id } });
    expect(again.body).toMatchObject({ status: 'error', message: '该学员尚未签到，无法撤销' });
    expect(translate('en', 'course.attendance.notSignedIn')).toBe('The student has not signed in; there is nothing to undo');
    expect((await records(f.enrollmentIds[0]!)).length).toBe(count);
    expect(Number((await t.db.enrollment.findUniqueOrThrow({ where: { id: f.enrollmentIds[0]! } })).remainingHours)).toBe(10);
  });

  it('is the course’s lecturers’ and managers’: another lecturer does not find the place and changes nothing', async () => {
    const [s] = await someStudents(t, 1, 6);
    const f = await newCourse(t, admin, { students: [s!], hours: 4 });
    const place = gid('Attendance', f.attendances[0]!.id);
    await mutate(t, lecturer, 'signInLesson', 'AttendanceIdsInput', { attendanceIds: [place], ...EARLY });
    expect(await mutate(t, otherLecturer, 'undoSignIn', 'AttendanceRefInput', { attendanceId: place })).toMatchObject({ code: 'NOT_FOUND' });
    const a = await t.db.attendance.findUniqueOrThrow({ where: { id: f.attendances[0]!.id } });
    expect(a.state).toBe(1);
    expect(Number((await t.db.enrollment.findUniqueOrThrow({ where: { id: f.enrollmentIds[0]! } })).remainingHours)).toBe(3);
    // The manager may, on the legacy door.
    const ok = await rest<any>(t, '/api/admin/user/course/undoSignIn.htm', { token: manager, json: { userCourseId: f.attendances[0]!.id } });
    expect(ok.body).toMatchObject({ status: 'success', message: '已撤销签到，课时已退回', data: { hoursReturned: 1 } });
  });

  it('a place that had asked leave goes back to leave; parallel undos on both doors give the hours back once', async () => {
    const [s] = await someStudents(t, 1, 7);
    const f = await newCourse(t, admin, { students: [s!], lessons: 2, hours: 5, lessonHours: 2 });
    const id = f.attendances[1]!.id;
    await mutate(t, lecturer, 'askForLeave', 'AskForLeaveInput', { attendanceId: gid('Attendance', id), reason: '生病' });
    await mutate(t, lecturer, 'signInLesson', 'AttendanceIdsInput', { attendanceIds: [gid('Attendance', id)], ...EARLY });
    const answers = await Promise.all([
      gql<any>(t, `mutation($input: AttendanceRefInput!) { undoSignIn(input: $input) { __typename } }`, { input: { attendanceId: gid('Attendance', id) } }, { token: lecturer }).then(
        (r) => r.body.data?.undoSignIn.__typename === 'AttendancePayload',
      ),
      rest<any>(t, '/api/admin/user/course/undoSignIn.htm', { token: manager, json: { userCourseId: id } }).then((r) => r.body.status === 'success'),
      rest<any>(t, '/api/admin/user/course/undoSignIn.htm', { token: admin, json: { userCourseId: id } }).then((r) => r.body.status === 'success'),
    ]);
    expect(answers.filter(Boolean)).toHaveLength(1);
    expect((await t.db.attendance.findUniqueOrThrow({ where: { id } })).state).toBe(2);
    expect(Number((await t.db.enrollment.findUniqueOrThrow({ where: { id: f.enrollmentIds[0]! } })).remainingHours)).toBe(5);
    expect((await records(f.enrollmentIds[0]!)).filter((r) => r.kind === 4)).toHaveLength(1);
  });
});

describe('leaving a course', () => {
  it('keeps the hours by default; with refund the unused hours go back (remaining and total), with a record and its reason', async () => {
    const [s1, s2] = await someStudents(t, 2, 8);
    const f = await newCourse(t, admin, { students: [s1!, s2!], lessons: 3, hours: 6, lessonHours: 1.5 });
    const enrollmentOf = async (studentId: number) => (await t.db.enrollment.findFirstOrThrow({ where: { courseId: f.courseId, studentId } })).id;
    const [e1, e2] = [await enrollmentOf(s1!), await enrollmentOf(s2!)];
    const signed = await mutate(t, lecturer, 'signInLesson', 'AttendanceIdsInput', { attendanceIds: [gid('Attendance', f.attendances.find((a) => a.studentId === s1)!.id)], ...EARLY });
    expect(signed).toEqual({ __typename: 'AttendancesPayload' });

    // A lecturer may remove a student but not refund (course.hours): refused, the student stays.
    expect(await mutate(t, lecturer, 'leaveCourse', 'EnrollmentRefInput', { enrollmentId: gid('Enrollment', e1), refund: true })).toMatchObject({ code: 'FORBIDDEN' });
    expect((await t.db.enrollment.findUniqueOrThrow({ where: { id: e1 } })).state).toBe(1);

    const left = await mutate(
      t,
      manager,
      'leaveCourse',
      'EnrollmentRefInput',
      { enrollmentId: gid('Enrollment', e1), refund: true, reason: '家长申请退课' },
      '... on EnrollmentsPayload { enrollments { state totalHours remainingHours } }',
    );
    expect(left.enrollments).toEqual([{ state: 'LEFT', totalHours: 1.5, remainingHours: 0 }]);
    const last = (await records(e1)).at(-1)!;
    expect({ kind: last.kind, change: Number(last.change), before: Number(last.before), after: Number(last.after), reason: last.reason }).toEqual({ kind: 5, change: -4.5, before: 4.5, after: 0, reason: '家长申请退课' });

    // Without refund (the legacy added path too): hours and records stay.
    const kept = await rest<any>(t, '/api/admin/course/hour/leave.htm', { token: lecturer, json: { courseHourId: e2 } });
    expect(kept.body).toMatchObject({ status: 'success', message: '已退课', data: { refundedHours: 0 } });
    const e = await t.db.enrollment.findUniqueOrThrow({ where: { id: e2 } });
    expect([e.state, Number(e.totalHours), Number(e.remainingHours)]).toEqual([2, 6, 6]);
    expect((await records(e2)).map((r) => r.kind)).toEqual([1]);
    // Leaving twice is refused.
    expect(await mutate(t, manager, 'leaveCourse', 'EnrollmentRefInput', { enrollmentId: gid('Enrollment', e2), refund: true })).toMatchObject({ code: 'NOT_ENROLLED', message: '学员未报名该课程' });
    expect((await records(e2)).map((r) => r.kind)).toEqual([1]);
  });

  it('with nothing left to refund, leaves without a record; the legacy door says how many hours went back', async () => {
    const [s1, s2] = await someStudents(t, 2, 10);
    const f = await newCourse(t, admin, { students: [s1!, s2!], hours: 2 });
    await t.db.enrollment.update({ where: { id: f.enrollmentIds[0]! }, data: { remainingHours: 0 } });
    const done = await mutate(t, manager, 'leaveCourse', 'EnrollmentRefInput', { enrollmentId: gid('Enrollment', f.enrollmentIds[0]!), refund: true });
    expect(done.__typename).toBe('EnrollmentsPayload');
    expect((await records(f.enrollmentIds[0]!)).map((r) => r.kind)).toEqual([1]);
    const rested = await rest<any>(t, '/api/admin/course/hour/leave.htm', { token: manager, json: { courseHourId: f.enrollmentIds[1]!, refund: 'true', reason: '转班' } });
    expect(rested.body).toMatchObject({ status: 'success', message: '已退课，退还2课时', data: { refundedHours: 2 } });
  });
});

describe('leaving a course with part of the hours refunded', () => {
  const LEFT = '... on EnrollmentsPayload { enrollments { state totalHours remainingHours } }';
  const enrollment = async (id: number) => {
    const e = await t.db.enrollment.findUniqueOrThrow({ where: { id } });
    return [e.state, Number(e.totalHours), Number(e.remainingHours)];
  };

  it('refunds the hours asked: remaining and total drop by them, the rest stays, the record says how many', async () => {
    const [s] = await someStudents(t, 1, 20);
    const f = await newCourse(t, admin, { students: [s!], lessons: 2, hours: 6, lessonHours: 1.5 });
    const e = f.enrollmentIds[0]!;
    await mutate(t, lecturer, 'signInLesson', 'AttendanceIdsInput', { attendanceIds: [gid('Attendance', f.attendances[0]!.id)], ...EARLY });
    // 6 bought, 1.5 spent: 4.5 left; 2.5 of them refunded, 2 stay on the enrolment.
    const left = await mutate(t, manager, 'leaveCourse', 'EnrollmentRefInput', { enrollmentId: gid('Enrollment', e), refund: true, refundHours: 2.5, reason: '部分退费' }, LEFT);
    expect(left.enrollments).toEqual([{ state: 'LEFT', totalHours: 3.5, remainingHours: 2 }]);
    const last = (await records(e)).at(-1)!;
    expect({ kind: last.kind, change: Number(last.change), before: Number(last.before), after: Number(last.after), reason: last.reason }).toEqual({ kind: 5, change: -2.5, before: 4.5, after: 2, reason: '部分退费' });
    const listed = await call(t, manager, `query($id: ID!) { node(id: $id) { ... on Enrollment { hourRecords(first: 1) { edges { node { kind change before after reason } } } } } }`, { id: gid('Enrollment', e) });
    expect(listed.node.hourRecords.edges[0].node).toEqual({ kind: 'REFUNDED', change: -2.5, before: 4.5, after: 2, reason: '部分退费' });
  });

  it('on the legacy door, refundHours alone asks for the refund and the answer says how many went back', async () => {
    const [s] = await someStudents(t, 1, 21);
    const f = await newCourse(t, admin, { students: [s!], hours: 4 });
    const res = await rest<any>(t, '/api/admin/course/hour/leave.htm', { token: manager, json: { courseHourId: f.enrollmentIds[0]!, refundHours: '1.5', reason: '转班' } });
    expect(res.body).toMatchObject({ status: 'success', message: '已退课，退还1.5课时', data: { refundedHours: 1.5 } });
    expect(await enrollment(f.enrollmentIds[0]!)).toEqual([2, 2.5, 2.5]);
  });

  it('refuses more than the hours left, in the caller’s language, on both doors; nothing is written and the student stays', async () => {
    const [s] = await someStudents(t, 1, 22);
    const f = await newCourse(t, admin, { students: [s!], hours: 3 });
    const e = f.enrollmentIds[0]!;
    const name = (await t.db.user.findUniqueOrThrow({ where: { id: s! } })).name;
    const count = (await records(e)).length;
    expect(await mutate(t, manager, 'leaveCourse', 'EnrollmentRefInput', { enrollmentId: gid('Enrollment', e), refund: true, refundHours: 3.5 })).toMatchObject({
      code: 'REFUND_TOO_MANY',
      message: `学员“${name}”只剩3课时，不能退还3.5课时`,
    });
    const legacy = await rest<any>(t, '/api/admin/course/hour/leave.htm', { token: manager, json: { courseHourId: e, refund: 1, refundHours: 10 } });
    expect(legacy.body).toMatchObject({ status: 'error', message: `学员“${name}”只剩3课时，不能退还10课时` });
    expect(translate('en', 'course.hours.refundTooMany', { name: 'Amy', remaining: 3, hours: 10 })).toBe('Amy has only 3 hours left; 10 hours cannot be refunded');
    expect(await enrollment(e)).toEqual([1, 3, 3]);
    expect((await records(e)).length).toBe(count);
  });

  it('refuses zero, negative and two-decimal hours, and hours with refund: false; nothing is written', async () => {
    const [s] = await someStudents(t, 1, 23);
    const f = await newCourse(t, admin, { students: [s!], hours: 3 });
    const e = f.enrollmentIds[0]!;
    for (const refundHours of [0, -1, 1.25]) {
      expect(await mutate(t, manager, 'leaveCourse', 'EnrollmentRefInput', { enrollmentId: gid('Enrollment', e), refund: true, refundHours })).toMatchObject({
        code: 'HOURS_INVALID',
        message: '课时必须大于0，最多一位小数',
      });
    }
    const legacy = await rest<any>(t, '/api/admin/course/hour/leave.htm', { token: manager, json: { courseHourId: e, refund: 1, refundHours: '0' } });
    expect(legacy.body).toMatchObject({ status: 'error', message: '课时必须大于0，最多一位小数' });
    expect(await mutate(t, manager, 'leaveCourse', 'EnrollmentRefInput', { enrollmentId: gid('Enrollment', e), refund: false, refundHours: 1 })).toMatchObject({
      code: 'REFUND_HOURS_WITHOUT_REFUND',
      message: '填写了退还课时数，但未选择退还课时',
    });
    expect(await enrollment(e)).toEqual([1, 3, 3]);
    expect((await records(e)).map((r) => r.kind)).toEqual([1]);
  });

  it('needs course.hours as the whole refund does: a lecturer asking for part is refused and nothing is written', async () => {
    const [s] = await someStudents(t, 1, 24);
    const f = await newCourse(t, admin, { students: [s!], hours: 3 });
    const e = f.enrollmentIds[0]!;
    expect(await mutate(t, lecturer, 'leaveCourse', 'EnrollmentRefInput', { enrollmentId: gid('Enrollment', e), refundHours: 1 })).toMatchObject({ code: 'FORBIDDEN' });
    const legacy = await rest<any>(t, '/api/admin/course/hour/leave.htm', { token: lecturer, json: { courseHourId: e, refundHours: 1 } });
    expect(legacy.body.status).toBe('error');
    expect(await enrollment(e)).toEqual([1, 3, 3]);
    // Without a refund the lecturer may still remove the student.
    expect((await mutate(t, lecturer, 'leaveCourse', 'EnrollmentRefInput', { enrollmentId: gid('Enrollment', e) })).__typename).toBe('EnrollmentsPayload');
    expect(await enrollment(e)).toEqual([2, 3, 3]);
  });
});

const SUMMARY = `query($filter: LessonFilter) { courseSummary(filter: $filter) {
  lessons hoursTaught places taken leave homeworkSet homeworkDone
  byCourse { courseId name lessons hoursTaught places taken leave homeworkSet homeworkDone }
  byLecturer { lecturer { databaseId } lessons hoursTaught } } }`;

describe('course summary', () => {
  it('sums hours per course and lecturer, attendance and homework in SQL; a lecturer sees only their courses', async () => {
    // A week of 2029 no other fixture uses.
    const from = new Date(Date.UTC(2029, 2, 5));
    const to = new Date(Date.UTC(2029, 3, 2));
    const students = await someStudents(t, 3, 12);
    // A: lecturer; 3 weekly lessons of 90 minutes; 2 students. B: lecturer and hu.wei; 2 lessons of 60 minutes; 1 student.
    // C: hu.wei only; 1 lesson of 45 minutes; 3 students.
    const a = await newCourse(t, admin, { name: '汇总 A', lecturers: ['lecturer'], students: students.slice(0, 2), lessons: 3, hours: 10, start: new Date(Date.UTC(2029, 2, 6, 10)), minutes: 90 });
    const b = await newCourse(t, admin, { name: '汇总 B', lecturers: ['lecturer', 'hu.wei'], students: students.slice(2, 3), lessons: 2, hours: 10, start: new Date(Date.UTC(2029, 2, 7, 10)), minutes: 60 });
    const c = await newCourse(t, admin, { name: '汇总 C', lecturers: ['hu.wei'], students, lessons: 1, hours: 10, start: new Date(Date.UTC(2029, 2, 8, 10)), minutes: 45 });
    // A: 6 places, 3 taken, 1 leave; homework on 4 places, 2 done (submitted, accepted), 1 revision, 1 to submit.
    await mutate(t, admin, 'signInLesson', 'AttendanceIdsInput', { attendanceIds: a.attendances.slice(0, 3).map((x) => gid('Attendance', x.id)), ...EARLY });
    await mutate(t, admin, 'askForLeave', 'AskForLeaveInput', { attendanceId: gid('Attendance', a.attendances[4]!.id), reason: '考试' });
    const hw = [4, 1, 2, 3];
    for (const [i, state] of hw.entries()) await t.db.homework.create({ data: { attendanceId: a.attendances[i]!.id, state } });
    // B: 2 places, 1 taken; one homework "none" (not set).
    await mutate(t, admin, 'signInLesson', 'AttendanceIdsInput', { attendanceIds: [gid('Attendance', b.attendances[0]!.id)], ...EARLY });
    await t.db.homework.create({ data: { attendanceId: b.attendances[1]!.id, state: 0 } });
    // C: 3 places, none taken.

    const lecturerId = await userId(t, 'lecturer');
    const huId = await userId(t, 'hu.wei');
    const all = (await call(t, admin, SUMMARY, { filter: { from, to } })).courseSummary;
    expect(all).toMatchObject({ lessons: 6, hoursTaught: 7.3, places: 11, taken: 4, leave: 1, homeworkSet: 4, homeworkDone: 2 });
    expect(all.byCourse).toEqual([
      { courseId: gid('Course', a.courseId), name: '汇总 A', lessons: 3, hoursTaught: 4.5, places: 6, taken: 3, leave: 1, homeworkSet: 4, homeworkDone: 2 },
      { courseId: gid('Course', b.courseId), name: '汇总 B', lessons: 2, hoursTaught: 2, places: 2, taken: 1, leave: 0, homeworkSet: 0, homeworkDone: 0 },
      { courseId: gid('Course', c.courseId), name: '汇总 C', lessons: 1, hoursTaught: 0.8, places: 3, taken: 0, leave: 0, homeworkSet: 0, homeworkDone: 0 },
    ]);
    // lecturer: A 4.5 + B 2 = 6.5 over 5 lessons; hu.wei: B 2 + C 0.75 = 2.75 → 2.8 over 3 lessons.
    expect(all.byLecturer).toEqual([
      { lecturer: { databaseId: lecturerId }, lessons: 5, hoursTaught: 6.5 },
      { lecturer: { databaseId: huId }, lessons: 3, hoursTaught: 2.8 },
    ]);
    // Narrowed like the lesson list: by lecturer, by course.
    const byHu = (await call(t, admin, SUMMARY, { filter: { from, to, lecturerId: gid('User', huId) } })).courseSummary;
    expect(byHu.byCourse.map((x: { name: string }) => x.name)).toEqual(['汇总 B', '汇总 C']);
    const onlyA = (await call(t, admin, SUMMARY, { filter: { from, to, courseId: gid('Course', a.courseId) } })).courseSummary;
    expect(onlyA).toMatchObject({ lessons: 3, hoursTaught: 4.5, places: 6 });
    // Rights as for lessons: hu.wei sees B and C only (and the lecturer row of both their lecturers on B).
    const asHu = (await call(t, otherLecturer, SUMMARY, { filter: { from, to } })).courseSummary;
    expect(asHu).toMatchObject({ lessons: 3, hoursTaught: 2.8, places: 5, taken: 1 });
    expect(asHu.byCourse.map((x: { name: string }) => x.name)).toEqual(['汇总 B', '汇总 C']);
    const lessonsAsHu = await call(t, otherLecturer, `query($filter: LessonFilter) { lessons(filter: $filter, first: 50) { totalCount } }`, { filter: { from, to } });
    expect(lessonsAsHu.lessons.totalCount).toBe(asHu.lessons);
    // The export: what the summary shows for the same filter, read back.
    const EXPORT = `query($filter: LessonFilter) { courseSummaryExport(filter: $filter) { __typename ... on CourseSummaryExport { fileName contentType count base64 } ... on Error { code message } } }`;
    const exported = (await call(t, admin, EXPORT, { filter: { from, to } })).courseSummaryExport;
    expect(exported).toMatchObject({ __typename: 'CourseSummaryExport', contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', count: 6 });
    expect(exported.fileName).toMatch(/^course-summary-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(exported.base64, 'base64') as unknown as ExcelJS.Buffer);
    const values = (ws: ExcelJS.Worksheet) => {
      const out: unknown[][] = [];
      // Empty cells (a rate without places or homework, the total's number) read as null.
      ws.eachRow((row) =>
        out.push(
          Array.from({ length: ws.columnCount }, (_, i) => {
            const v = row.getCell(i + 1).value;
            return v === undefined || v === null || v === '' ? null : v;
          }),
        ),
      );
      return out;
    };
    expect(book.worksheets.map((w) => w.name)).toEqual(['按课程统计', '按讲师统计']);
    const [byCourseSheet, byLecturerSheet] = book.worksheets as [ExcelJS.Worksheet, ExcelJS.Worksheet];
    const noOf = async (id: number) => (await t.db.course.findUniqueOrThrow({ where: { id } })).no;
    expect(values(byCourseSheet)).toEqual([
      ['课程', '课程编号', '课次', '授课时长（小时）', '学员课次', '已签到', '请假', '出勤率', '布置作业', '已提交作业', '作业完成率'],
      ['汇总 A', await noOf(a.courseId), 3, 4.5, 6, 3, 1, 0.5, 4, 2, 0.5],
      ['汇总 B', await noOf(b.courseId), 2, 2, 2, 1, 0, 0.5, 0, 0, null],
      ['汇总 C', await noOf(c.courseId), 1, 0.8, 3, 0, 0, 0, 0, 0, null],
      ['合计', null, 6, 7.3, 11, 4, 1, 0.364, 4, 2, 0.5],
    ]);
    expect(byCourseSheet.getRow(5).font?.bold).toBe(true);
    expect(byCourseSheet.getColumn(8).numFmt).toBe('0%');
    const names = await t.db.user.findMany({ where: { id: { in: [lecturerId, huId] } }, select: { id: true, name: true, nameEn: true } });
    const nameOf = (id: number, en = false) => {
      const u = names.find((n) => n.id === id)!;
      return en ? (u.nameEn ?? u.name) : u.name;
    };
    expect(values(byLecturerSheet)).toEqual([
      ['讲师', '课次', '授课时长（小时）'],
      [nameOf(lecturerId), 5, 6.5],
      [nameOf(huId), 3, 2.8],
    ]);
    // The same rights: hu.wei's file holds B and C only; in English for an English reader.
    const hu = (await call(t, otherLecturer, EXPORT, { filter: { from, to } })).courseSummaryExport;
    const huBook = new ExcelJS.Workbook();
    await huBook.xlsx.load(Buffer.from(hu.base64, 'base64') as unknown as ExcelJS.Buffer);
    expect(values(huBook.worksheets[0]!).map((r) => r[0])).toEqual(['课程', '汇总 B', '汇总 C', '合计']);
    const ctx = await serviceContext(t, otherLecturer);
    ctx.lang = 'en';
    const en = await courseSummaryXlsx(ctx, { from, to });
    const enBook = new ExcelJS.Workbook();
    await enBook.xlsx.load(en.bytes as unknown as ExcelJS.Buffer);
    expect(enBook.worksheets.map((w) => w.name)).toEqual(['By course', 'By lecturer']);
    expect(values(enBook.worksheets[0]!)[0]).toEqual(['Course', 'Course no.', 'Lessons', 'Hours taught', 'Places', 'Attended', 'Leave', 'Attendance', 'Homework set', 'Homework done', 'Homework completion']);
    expect(values(enBook.worksheets[0]!).at(-1)).toEqual(['Total', null, 3, 2.8, 5, 1, 0, 0.2, 0, 0, null]);
    expect(values(enBook.worksheets[1]!).slice(1)).toEqual([
      [nameOf(huId, true), 3, 2.8],
      [nameOf(lecturerId, true), 2, 2],
    ]);
    // An empty period answers zeros.
    expect((await call(t, lecturer, SUMMARY, { filter: { from: new Date(Date.UTC(2031, 0, 1)), to: new Date(Date.UTC(2031, 0, 8)) } })).courseSummary).toMatchObject({
      lessons: 0,
      hoursTaught: 0,
      byCourse: [],
      byLecturer: [],
    });
  });
});
