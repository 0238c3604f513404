/**
 * The sign-in rules of issue 32 on both doors: staff signing a student in more than 30 minutes
 * before the lesson starts are asked to confirm (SIGN_IN_TOO_EARLY, naming the start in the
 * caller's zone); confirmed with `force` they must give a reason, which is kept with the place
 * and cleared by an undo. Within 30 minutes of the start no confirmation is asked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, rest, type TestApp } from '../../helpers/app.ts';
import { gid, login, moveLesson, mutate, newCourse, someStudents } from './support.ts';

let t: TestApp;
let admin: string;
let lecturer: string;

beforeAll(async () => {
  t = await createTestApp({ dataDir: `/tmp/bo-courses-sign-in-${process.pid}` });
  admin = await login(t, 'admin');
  lecturer = await login(t, 'lecturer');
});
afterAll(async () => {
  await t?.close();
});

const SIGN_IN = '... on AttendancesPayload { attendances { state earlySignInReason } }';

describe('signing in before the lesson', () => {
  it('GraphQL: refused more than 30 minutes before the start, naming it; forced with a reason it is kept; an undo clears it', async () => {
    const [s] = await someStudents(t, 1, 4);
    const f = await newCourse(t, admin, { students: [s!], hours: 10 });
    // 19:00 in Shanghai, five and a half hours from now.
    const start = new Date(Date.now() + 330 * 60_000);
    await moveLesson(t, f.lessonIds[0]!, start);
    const wall = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' }).format(start);
    const place = gid('Attendance', f.attendances[0]!.id);
    const refused = await mutate(t, lecturer, 'signInLesson', 'AttendanceIdsInput', { attendanceIds: [place] });
    expect(refused).toMatchObject({ code: 'SIGN_IN_TOO_EARLY', message: `课程${wall}开始，现在距开课超过30分钟；确认提前签到请说明原因` });
    expect((await t.db.attendance.findUniqueOrThrow({ where: { id: f.attendances[0]!.id } })).state).toBe(0);
    // Confirmed without a reason: asked for one.
    expect(await mutate(t, lecturer, 'signInLesson', 'AttendanceIdsInput', { attendanceIds: [place], force: true, reason: '  ' })).toMatchObject({
      code: 'REASON_REQUIRED',
      message: '请填写提前签到的原因',
    });
    const ok = await mutate<{ attendances: Array<{ state: string; earlySignInReason: string }> }>(
      t,
      lecturer,
      'signInLesson',
      'AttendanceIdsInput',
      { attendanceIds: [place], force: true, reason: '学生提前到校自习' },
      SIGN_IN,
    );
    expect(ok.attendances).toEqual([{ state: 'TAKEN', earlySignInReason: '学生提前到校自习' }]);
    const undone = await mutate(t, lecturer, 'undoSignIn', 'AttendanceRefInput', { attendanceId: place });
    expect(undone.__typename).toBe('AttendancePayload');
    expect((await t.db.attendance.findUniqueOrThrow({ where: { id: f.attendances[0]!.id } })).earlySignInReason).toBe('');
  });

  it('GraphQL: within 30 minutes of the start no confirmation is asked', async () => {
    const [s] = await someStudents(t, 1, 5);
    const f = await newCourse(t, admin, { students: [s!], hours: 10 });
    await moveLesson(t, f.lessonIds[0]!, new Date(Date.now() + 20 * 60_000));
    const ok = await mutate<{ attendances: Array<{ state: string; earlySignInReason: string }> }>(t, lecturer, 'signInLesson', 'AttendanceIdsInput', { attendanceIds: [gid('Attendance', f.attendances[0]!.id)] }, SIGN_IN);
    expect(ok.attendances).toEqual([{ state: 'TAKEN', earlySignInReason: '' }]);
  });

  it('legacy signIn: the same refusal in the envelope (status error, the message in the caller’s language); force and reason sign in', async () => {
    const [s] = await someStudents(t, 1, 6);
    const f = await newCourse(t, admin, { students: [s!], hours: 10 });
    const start = new Date(Date.now() + 3 * 3_600_000);
    await moveLesson(t, f.lessonIds[0]!, start);
    const id = f.attendances[0]!.id;
    const refused = await rest<any>(t, '/api/admin/user/course/signIn.htm', { token: lecturer, json: { userCourseId: id } });
    expect(refused.status).toBe(200);
    expect(refused.body.status).toBe('error');
    expect(refused.body.message).toMatch(/^课程\d{4}-\d{2}-\d{2} \d{2}:\d{2}开始，现在距开课超过30分钟/);
    const noReason = await rest<any>(t, '/api/admin/user/course/signIn.htm', { token: lecturer, json: { userCourseId: id, force: true } });
    expect(noReason.body).toMatchObject({ status: 'error', message: '请填写提前签到的原因' });
    const ok = await rest<any>(t, '/api/admin/user/course/signIn.htm', { token: lecturer, json: { userCourseId: id, force: 'true', reason: '家长要求' } });
    expect(ok.body).toMatchObject({ status: 'success', message: '签到成功', data: { attendanceIds: [id] } });
    const row = await t.db.attendance.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({ state: 1, earlySignInReason: '家长要求' });
    // The operation log holds the refusals with their codes and the forced sign-in.
    const log = await t.db.operationLog.findMany({ where: { operation: 'course.signIn', targetIds: { has: String(id) } }, orderBy: { id: 'asc' }, select: { outcome: true } });
    expect(log.map((l) => l.outcome)).toContain('SUCCESS');
  });
});
