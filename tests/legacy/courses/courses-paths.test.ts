/**
 * Every legacy path of "Courses and classrooms" (legacy-paths.tsv, area `courses`: courses,
 * hours, user courses and their tasks, classrooms, the course calls of the calendar and
 * cycle/user/course) answers: without a token it asks for a login; with the administrator's
 * token a real call in a working sequence succeeds (downloads answer the file); unreadable
 * or wrong input answers the envelope without internals. None answers 404 or 5xx.
 */
import { readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, loginRest, rest, type TestApp } from '../../helpers/app.ts';
import { expectEnvelope, expectNoInternals } from '../support.ts';
import { PDF, uploadForm } from '../../server/uploads.ts';

const TSV = path.resolve(import.meta.dirname, '../../../docs/legacy-paths.tsv');
const rows = readFileSync(TSV, 'utf8')
  .split('\n')
  .map((l) => l.split('\t'))
  .filter((c) => c[0] === 'courses')
  .map((c) => ({ method: c[1] as 'GET' | 'POST', path: c[2]! }));

let t: TestApp;
let admin: string;
const dataDir = path.join(os.tmpdir(), `bo-courses-legacy-${process.pid}`);

beforeAll(async () => {
  t = await createTestApp({ dataDir });
  admin = await loginRest(t, DEMO.admin);
});
afterAll(async () => {
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function send(p: string, method: 'GET' | 'POST', params: Record<string, unknown> = {}) {
  if (method === 'GET') {
    const qs = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
    return rest<any>(t, `${p}${qs ? `?${qs}` : ''}`, { token: admin, method: 'GET' });
  }
  return rest<any>(t, p, { token: admin, json: params });
}

describe('courses legacy paths', () => {
  it('lists the 50 paths of the area', () => {
    expect(rows.length).toBe(50);
  });

  for (const row of rows) {
    it(`${row.method} ${row.path} asks for a login without a token`, async () => {
      const res = await rest(t, row.path, { method: row.method, ...(row.method === 'POST' ? { json: {} } : {}) });
      expect(res.status).toBe(200);
      expectEnvelope(res.body);
      expect(res.body.status).toBe('needUserLogin');
    });
  }

  it('answers every path for the administrator, in a working sequence', async () => {
    const A = '/api/admin';
    const answered = new Set<string>();
    const ok = async (p: string, method: 'GET' | 'POST', params: Record<string, unknown> = {}) => {
      const res = await send(`${A}${p}.htm`, method, params);
      expect(res.status, p).toBe(200);
      expect(res.body.status, `${p}: ${res.body.message}`).toBe('success');
      answered.add(`${A}${p}.htm`);
      return res.body.data;
    };
    const file = async (p: string, method: 'GET' | 'POST', params: Record<string, unknown>, type: RegExp) => {
      const res = await send(`${A}${p}.htm`, method, params);
      expect(res.status, `${p}: ${res.body.message}`).toBe(200);
      expect(res.response.headers.get('content-type'), p).toMatch(type);
      expect(res.response.headers.get('content-disposition'), p).toMatch(/^attachment;/);
      answered.add(`${A}${p}.htm`);
    };
    const upload = async (p: string, fields: Record<string, string | number>) => {
      const res = await rest<any>(t, `${A}${p}.htm`, { method: 'POST', raw: uploadForm(fields, { bytes: PDF, name: '作业.pdf', type: 'application/pdf' }), token: admin });
      expect(res.body.status, `${p}: ${res.body.message}`).toBe('success');
      answered.add(`${A}${p}.htm`);
      return res.body.data;
    };
    const id = async (account: string) => (await t.db.user.findUniqueOrThrow({ where: { account } })).id;
    const lecturer = await id('lecturer');
    const students = (await t.db.user.findMany({ where: { type: 3, account: null }, orderBy: { id: 'desc' }, take: 3, select: { id: true } })).map((s) => s.id);

    // Classrooms.
    const room = await ok('/class/room/save', 'POST', { name: '测试教室', address: '上海办公室 6F', capacity: 10 });
    expect(room).toMatchObject({ name: '测试教室', state: 1, capacity: 10 });
    expect((await ok('/class/room/listClassRoomByPage', 'POST', { pageResult: { currentPage: 1, pageSize: 5 } })).resultList).toHaveLength(5);
    expect((await ok('/class/room/listAll', 'POST')).map((r: { id: number }) => r.id)).toContain(room.id);
    expect(await ok('/class/room/updateState', 'POST', { id: room.id, state: 2 })).toMatchObject({ state: 2 });
    await ok('/class/room/updateState', 'POST', { id: room.id, state: 1 });
    expect(await ok('/class/room/getById', 'GET', { id: room.id })).toMatchObject({ id: room.id, no: `R${String(room.id).padStart(3, '0')}` });

    // A course, its attachment.
    const course = await ok('/course/save', 'POST', { courseName: '雅思周末班', type: 2, site: 2, classRoomId: room.id, duration: 90, totalNumber: 10, everyWeekNumber: 1, lessonHours: 1.5, lecturerIds: [lecturer] });
    expect(course).toMatchObject({ name: '雅思周末班', classRoomId: room.id, lecturerIds: [lecturer], lessonHours: 1.5 });
    expect((await ok('/course/listBySearch', 'POST', { searchKey: '雅思' })).map((c: { id: number }) => c.id)).toEqual([course.id]);
    expect((await ok('/course/listCourseByPage', 'POST', { pageResult: { currentPage: 1, pageSize: 20 }, condition: { name: '雅思' } })).rows).toBe(1);
    const attachment = await upload('/course/uploadAttachment', { objectId: course.id, objectType: 1 });
    expect((await ok('/course/getCourseDetailById', 'POST', { id: course.id })).files.map((f: { id: number }) => f.id)).toEqual([attachment.id]);
    await ok('/course/deleteAttachment', 'GET', { fileId: attachment.id });

    // Lessons: a weekly series on Saturdays, far from the demo's weeks.
    const zone = { timeZone: 'Asia/Shanghai' };
    await ok('/cycle/user/course/checkConflict', 'POST', { courseId: course.id, beginTime: '2027-03-06 09:00:00', endTime: '2027-03-06 10:30:00', rrule: 'FREQ=WEEKLY;BYDAY=SA;COUNT=4', ...zone });
    const saved = await ok('/cycle/user/course/save', 'POST', { courseId: course.id, beginTime: '2027-03-06 09:00:00', endTime: '2027-03-06 10:30:00', rrule: 'FREQ=WEEKLY;BYDAY=SA;COUNT=4', ...zone });
    expect(saved.count).toBe(4);
    expect(saved.list[0]).toMatchObject({ courseId: course.id, classRoomId: room.id, beginTime: '2027-03-06 09:00:00', placeId: room.id });
    const [l1, l2, l3] = saved.ids as number[];
    await ok('/cycle/user/course/checkJoinCourseConflict', 'POST', { courseId: course.id, userIds: students });
    const joined = await ok('/cycle/user/course/joinCourse', 'POST', { courseId: course.id, userIds: students.slice(0, 2) });
    expect(joined.enrollmentIds).toHaveLength(2);
    await ok('/user/course/save', 'POST', { courseId: course.id, userId: students[2] });
    const room2 = await ok('/class/room/save', 'POST', { name: '备用教室', capacity: 8 });
    expect(await ok('/cycle/user/course/updateClassRoom', 'POST', { id: l3, classRoomId: room2.id })).toMatchObject({ ids: [l3] });

    // Hours.
    const hours = await ok('/course/hour/listCourseHourByPage', 'POST', { condition: { courseId: course.id } });
    expect(hours.rows).toBe(3);
    const enrollment = hours.resultList[0].id;
    await ok('/course/hour/save', 'POST', { courseHourId: enrollment, hours: 6, reason: '订单 A-1' });
    await ok('/course/hour/updateHour', 'POST', { courseHourId: enrollment, change: -1, reason: '录入错误' });
    const records = await ok('/course/hour/record/listCourseHourRecordByPage', 'POST', { condition: { courseHourId: enrollment } });
    expect(records.resultList.map((r: { kind: number; change: number; after: number }) => [r.kind, r.change, r.after])).toEqual([
      [2, -1, 5],
      [1, 6, 6],
    ]);

    // User courses: attendance, leave, feedback, homework.
    const places = await ok('/user/course/listByPage', 'POST', { condition: { courseId: course.id, lessonId: l1 } });
    expect(places.rows).toBe(3);
    const mine = places.resultList.find((r: { courseHourId: number }) => r.courseHourId === enrollment);
    // The lesson is in the future: an early sign-in is confirmed with a reason (issue 32).
    await ok('/user/course/signIn', 'POST', { userCourseId: mine.id, force: true, reason: '提前签到' });
    const other = places.resultList.find((r: { courseHourId: number }) => r.courseHourId !== enrollment);
    await ok('/user/course/askForLeave', 'POST', { userCourseId: other.id, reason: '学校考试' });
    // Feedback needs the lesson to be over: move the first lesson into the past (a test fixture).
    await t.db.workEvent.update({ where: { id: l1 }, data: { startAt: new Date('2026-08-01T01:00:00Z'), endAt: new Date('2026-08-01T02:30:00Z') } });
    await ok('/user/course/feedback', 'POST', { userCourseId: mine.id, feedback: '<p>表现很好</p>' });
    await ok('/user/course/feedBackRelease', 'POST', { userCourseId: mine.id });
    await upload('/user/course/uploadTask', { lessonId: l1! });
    await file('/user/course/downloadFixedTask', 'POST', { userCourseId: mine.id }, /application\/pdf/);
    await file('/user/course/downloadTask', 'POST', { userCourseId: mine.id }, /application\/pdf/);
    await upload('/user/course/task/uploadCustomTask', { userCourseId: mine.id });
    await file('/user/course/task/downloadCustomTask', 'GET', { userCourseId: mine.id }, /application\/pdf/);
    await upload('/user/course/uploadAnswer', { userCourseId: mine.id });
    await file('/user/course/downloadAnswer', 'POST', { userCourseId: mine.id }, /application\/pdf/);
    await ok('/user/course/auditJob', 'POST', { userCourseId: mine.id, state: 2, comment: '请补充' });
    await upload('/user/course/task/uploadAnswer', { userCourseId: mine.id });
    await file('/user/course/task/downloadAnswer', 'GET', { userCourseId: mine.id }, /application\/pdf/);
    await ok('/user/course/task/auditJob', 'POST', { userCourseId: mine.id, state: 1 });
    await ok('/user/course/task/updateEndDate', 'POST', { userCourseId: mine.id, endDate: '2027-03-20' });
    const task = await ok('/user/course/task/listByUserCourseId', 'GET', { userCourseId: mine.id });
    expect(task).toMatchObject({ state: 1, endDate: '2027-03-20 23:59:59', comment: '' });
    expect(task.answers).toHaveLength(2);
    expect(task.customTasks).toHaveLength(1);
    expect(task.fixedTask.files).toHaveLength(1);

    // The student's own calls as the administrator cannot make them (browsing is the student's): answered by the student below.
    const studentAccount = await t.db.user.findUniqueOrThrow({ where: { account: 'student.demo' }, select: { id: true } });
    const studentPlace = await t.db.attendance.findFirstOrThrow({ where: { enrollment: { studentId: studentAccount.id } } });
    const student = await loginRest(t, { account: 'student.demo', password: 'Staff#2026' });
    const browse = await rest<any>(t, `${A}/user/course/browsing.htm`, { token: student, json: { userCourseId: studentPlace.id } });
    expect(browse.body.status, browse.body.message).toBe('success');
    answered.add(`${A}/user/course/browsing.htm`);

    expect((await ok('/user/course/scheduleUserCourseEvents', 'POST', { userId: students[0], beginTime: '2027-03-01', endTime: '2027-03-31' })).length).toBeGreaterThan(0);

    // Calendar course calls.
    const detail = await ok('/work/daily/detailByCourseId', 'POST', { courseId: course.id });
    expect(detail.lessons).toHaveLength(4);
    expect((await ok('/work/daily/listCourseWorkDaily', 'POST', { condition: { courseId: course.id } })).rows).toBe(4);
    await file('/work/daily/getExportCourseWorkDaily', 'POST', { condition: { courseId: course.id } }, /spreadsheetml/);
    expect((await ok('/work/daily/scheduleCourseEvents', 'GET', { courseId: course.id, beginTime: '2027-03-01', endTime: '2027-03-31' })).length).toBe(3);
    expect((await ok('/work/daily/scheduleCourseEventsS', 'GET', { courseIds: `${course.id}`, beginTime: '2027-03-01', endTime: '2027-03-31' }))[0]).toMatchObject({ courseId: course.id });

    // Deletes: the following lessons of the series (no records there), then the rest is refused while records hold it.
    expect(await ok('/cycle/user/course/delBySeries', 'POST', { id: l3 })).toMatchObject({ count: 2 });
    const refused = await send(`${A}/cycle/user/course/delBySeriesAll.htm`, 'POST', { id: l2 });
    expect(refused.body).toMatchObject({ status: 'error', message: '1节课次已有签到、请假、反馈或作业记录，不能删除或改期，请只修改之后的课次' });
    const empty = await ok('/course/save', 'POST', { courseName: '临时课程', lecturerIds: [lecturer] });
    const single = await ok('/cycle/user/course/save', 'POST', { courseId: empty.id, beginTime: '2027-04-03 09:00:00', endTime: '2027-04-03 10:00:00', rrule: 'FREQ=WEEKLY;COUNT=2', ...zone });
    expect(await ok('/cycle/user/course/delBySeriesAll', 'POST', { id: single.ids[0] })).toMatchObject({ count: 2 });
    await ok('/course/del', 'POST', { ids: [empty.id] });
    await ok('/class/room/deleteById', 'GET', { id: (await ok('/class/room/save', 'POST', { name: '待删除' })).id });

    expect([...rows.map((r) => r.path)].filter((p) => !answered.has(p))).toEqual([]);
  });

  it('answers unreadable and wrong input with the envelope and a message, never internals or 5xx', async () => {
    const cases: Array<[string, 'GET' | 'POST', Record<string, unknown>, string]> = [
      ['/api/admin/course/save.htm', 'POST', { courseName: '' }, '请填写课程名称'],
      ['/api/admin/course/save.htm', 'POST', { courseName: 'x', type: 9 }, 'type格式错误'],
      ['/api/admin/course/getCourseDetailById.htm', 'POST', { id: 99999999 }, '数据不存在'],
      ['/api/admin/class/room/getById.htm', 'GET', { id: 'abc' }, 'id格式错误'],
      ['/api/admin/class/room/updateState.htm', 'POST', { id: 1 }, '教室状态错误'],
      ['/api/admin/course/hour/updateHour.htm', 'POST', { courseHourId: 1, change: -1 }, '请填写调整原因'],
      ['/api/admin/course/hour/save.htm', 'POST', { courseHourId: 1, hours: 'lots' }, '课时必须大于0，最多一位小数'],
      ['/api/admin/user/course/askForLeave.htm', 'POST', { userCourseId: 1 }, '请填写请假原因'],
      ['/api/admin/user/course/auditJob.htm', 'POST', { userCourseId: 1, state: 7 }, '审核结果错误'],
      ['/api/admin/cycle/user/course/save.htm', 'POST', { courseId: 1, beginTime: 'tomorrow', endTime: '2027-01-01 10:00:00' }, 'beginTime格式错误'],
      ['/api/admin/cycle/user/course/updateClassRoom.htm', 'POST', { id: 1 }, 'classRoomId不能为空'],
      ['/api/admin/work/daily/detailByCourseId.htm', 'POST', {}, '请选择课程'],
      ['/api/admin/course/uploadAttachment.htm', 'POST', { objectId: 1, objectType: 5 }, '附件类型错误'],
    ];
    for (const [p, method, params, message] of cases) {
      const res = await send(p, method, params);
      expect(res.status, p).toBeLessThan(500);
      expectEnvelope(res.body);
      expect(res.body, p).toMatchObject({ status: 'error', message });
      expectNoInternals(JSON.stringify(res.body), p);
    }
    const malformed = await rest(t, '/api/admin/course/save.htm', { raw: '{"name": ', contentType: 'application/json', token: admin });
    expect(malformed.status).toBe(400);
    expectEnvelope(malformed.body);
    // Form-style posts (the old course screens send them) are read like JSON.
    const form = await rest<any>(t, '/api/admin/class/room/save.htm', { form: { name: '表单教室', capacity: '6' }, token: admin });
    expect(form.body).toMatchObject({ status: 'success', data: { name: '表单教室', capacity: 6 } });
  });
});
