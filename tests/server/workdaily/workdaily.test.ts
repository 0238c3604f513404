/**
 * Daily reminders, hours statistics and lists, the time-zone conversion and work notes, on
 * both doors, over a staff member whose schedule entries, tasks and reports the test writes.
 */
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, gql, loginGql, loginRest, rest, type TestApp } from '../../helpers/app.ts';
import { userId } from '../support.ts';

let t: TestApp;
let admin: string;
let adminRest: string;
let partnerRest: string;
let partnerGql: string;
let worker: number;
let other: number;
let partner: number;
let projects: number[];
let tasks: number[];
const ZONE = 'Asia/Shanghai';
// Fixed days in the past (weekdays), far from the demo data.
const MONDAY = '2024-03-04';
const TUESDAY = '2024-03-05';
const SATURDAY = '2024-03-09';

async function entry(employeeId: number, day: string, projectId: number | null, hours: number, type = 1) {
  const begin = DateTime.fromISO(`${day}T09:00`, { zone: ZONE });
  await t.db.scheduleEntry.create({
    data: {
      workDate: new Date(`${day}T00:00:00Z`),
      employeeId,
      createdById: employeeId,
      scheduleType: type,
      projectId,
      beginAt: begin.toJSDate(),
      endAt: begin.plus({ hours }).toJSDate(),
      workHours: hours,
    },
  });
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginGql(t, DEMO.admin);
  adminRest = await loginRest(t, DEMO.admin);
  partnerRest = await loginRest(t, DEMO.partner);
  partnerGql = await loginGql(t, DEMO.partner);
  partner = await userId(t, 'partner');
  const mk = (account: string, name: string) => t.db.user.create({ data: { account, name, type: 1, timeZone: ZONE } });
  worker = (await mk('wd.worker', '统计员甲')).id;
  other = (await mk('wd.other', '统计员乙')).id;
  projects = (await t.db.project.findMany({ orderBy: { id: 'asc' }, take: 2, select: { id: true } })).map((p) => p.id);
  // Two open tasks and one complete one executed by the worker, made before Monday.
  const made = new Date(`${MONDAY}T00:00:00+08:00`).getTime() - 86_400_000;
  tasks = [];
  for (const state of [1, 1, 2]) {
    const task = await t.db.workTask.create({ data: { title: `Task ${state}`, projectId: projects[0]!, assignerId: partner, executorId: worker, state, createdAt: new Date(made) } });
    tasks.push(task.id);
  }
  // A daily report on the first task on Monday.
  const log = await t.db.taskLog.create({ data: { taskId: tasks[0]!, logNote: '每日汇报', userId: worker, reportDaily: 'done a part', logTime: new Date(`${MONDAY}T20:00:00+08:00`) } });
  await t.db.taskDailyReport.create({ data: { taskId: tasks[0]!, userId: worker, workDate: new Date(`${MONDAY}T00:00:00Z`), content: 'done a part', logId: log.id } });
  // Entries: Monday 3 h + 4.5 h (project 1, 2), Tuesday 2 h overtime (no project); the other person 8 h on Monday.
  await entry(worker, MONDAY, projects[0]!, 3);
  await entry(worker, MONDAY, projects[1]!, 4.5);
  await entry(worker, TUESDAY, null, 2, 2);
  await entry(other, MONDAY, projects[0]!, 8);
  await entry(partner, TUESDAY, projects[1]!, 1.5);
});

afterAll(async () => {
  await t?.close();
});

const REMINDER = `query($day: Date, $userId: ID) { dailyReminder(day: $day, userId: $userId) {
  __typename ... on DailyReminder { day workIsEmpty workTasksLength dismissed isNeed user { account } } ... on Error { code message } } }`;
const gid = (type: string, id: number) => Buffer.from(`${type}:${id}`).toString('base64');

describe('daily reminder', () => {
  it('counts open tasks without a report that day, and says whether to remind', async () => {
    const ask = async (day: string) => (await gql<{ dailyReminder: Record<string, unknown> }>(t, REMINDER, { day, userId: gid('User', worker) }, { token: admin })).body.data!.dailyReminder;
    // Monday: work booked, one of two open tasks reported.
    expect(await ask(MONDAY)).toEqual({ __typename: 'DailyReminder', day: MONDAY, workIsEmpty: false, workTasksLength: 1, dismissed: false, isNeed: true, user: { account: 'wd.worker' } });
    // Tuesday: work booked, neither open task reported.
    expect(await ask(TUESDAY)).toMatchObject({ workIsEmpty: false, workTasksLength: 2, isNeed: true });
    // Wednesday: nothing booked.
    expect(await ask('2024-03-06')).toMatchObject({ workIsEmpty: true, workTasksLength: 2, isNeed: true });
    // A weekend day needs no reminder; neither does a day before the tasks existed with work booked... nor the future.
    expect(await ask(SATURDAY)).toMatchObject({ workIsEmpty: true, isNeed: false });
    const future = DateTime.now().plus({ days: 10 }).toISODate()!;
    expect(await ask(future)).toMatchObject({ isNeed: false });
  });

  it('is dismissed for a day by its owner (both doors), and others may not read it', async () => {
    const before = await rest<{ isNeed: boolean; workIsEmpty: boolean; workTasksLength: number }>(t, '/api/admin/work/daily/workDailyReminder.htm', { json: { workDate: '2024-03-06' }, token: partnerRest });
    expect(before.body).toMatchObject({ status: 'success', data: { workDate: '2024-03-06', workIsEmpty: true, isNeed: true, dismissed: false } });
    const removed = await rest(t, '/api/admin/work/daily/removeWorkDailyOfReminder.htm', { json: { workDate: '2024-03-06' }, token: partnerRest });
    expect(removed.body).toMatchObject({ status: 'success', message: '已关闭当天的日报提醒', data: { isNeed: false, dismissed: true } });
    // Idempotent, and GraphQL says the same.
    const again = await gql<{ dismissDailyReminder: { reminder: { dismissed: boolean; isNeed: boolean } } }>(
      t,
      'mutation { dismissDailyReminder(input: { day: "2024-03-06" }) { ... on DismissDailyReminderPayload { reminder { dismissed isNeed } } } }',
      {},
      { token: partnerGql },
    );
    expect(again.body.data?.dismissDailyReminder.reminder).toEqual({ dismissed: true, isNeed: false });
    expect(await t.db.dismissedReminder.count({ where: { userId: partner } })).toBe(1);
    const other = await gql<{ dailyReminder: { __typename: string; code?: string } }>(t, REMINDER, { day: MONDAY, userId: gid('User', worker) }, { token: partnerGql });
    expect(other.body.data?.dailyReminder).toMatchObject({ __typename: 'RuleError', code: 'FORBIDDEN' });
    const bad = await rest(t, '/api/admin/work/daily/workDailyReminder.htm', { json: { workDate: '2024-13-45' }, token: partnerRest });
    expect(bad.body).toMatchObject({ status: 'error', message: 'day格式错误' });
  });
});

type Stat = { key: number | null; name: string | null; hours: number; entries: number; days: number };

describe('statistics', () => {
  it('withIdle lists the whole team: those without hours in the range as rows of zeros, after the others (issue 32)', async () => {
    const idle = (await t.db.user.create({ data: { account: 'wd.idle', name: '统计员丙', nameEn: 'Idle Bing', type: 1, timeZone: ZONE } })).id;
    const STATS = `query($from: Date!, $to: Date!, $userIds: [ID!], $withIdle: Boolean) {
      workStatistics(from: $from, to: $to, groupBy: PERSON, userIds: $userIds, withIdle: $withIdle) { ... on WorkStatistics { total { hours } rows { key name nameEn hours entries days } } ... on Error { message } } }`;
    const ask = async (variables: Record<string, unknown>) =>
      (await gql<{ workStatistics: { total: { hours: number }; rows: Array<Stat & { nameEn: string | null }> } }>(t, STATS, { from: MONDAY, to: '2024-03-10', ...variables }, { token: admin })).body.data!.workStatistics;
    const userIds = [gid('User', worker), gid('User', other), gid('User', idle)];
    // Without withIdle, as before: only the people who logged hours.
    expect((await ask({ userIds })).rows.map((r) => r.key)).toEqual([worker, other]);
    const team = await ask({ userIds, withIdle: true });
    expect(team.rows.map((r) => [r.key, r.hours])).toEqual([
      [worker, 9.5],
      [other, 8],
      [idle, 0],
    ]);
    expect(team.rows[2]).toEqual({ key: idle, name: '统计员丙', nameEn: 'Idle Bing', hours: 0, entries: 0, days: 0 });
    expect(team.total.hours).toBe(17.5);
    // The whole staff for a manager who reads everyone's hours: every active staff member is there once.
    const everyone = await ask({ withIdle: true });
    const active = await t.db.user.count({ where: { type: 1, state: { in: [1, 2] } } });
    expect(everyone.rows).toHaveLength(active);
    expect(new Set(everyone.rows.map((r) => r.key)).size).toBe(active);
    // A partner (own hours only) sees only themself, with zeros in a range they logged nothing in.
    const own = (await gql<any>(t, STATS, { from: '2024-04-01', to: '2024-04-07', withIdle: true }, { token: partnerGql })).body.data.workStatistics;
    expect(own.rows).toEqual([expect.objectContaining({ key: partner, hours: 0 })]);
  });

  it('sums hours per person, project and type over a range, in one query', async () => {
    const STATS = `query($from: Date!, $to: Date!, $groupBy: WorkStatisticsGroupBy!, $userIds: [ID!]) {
      workStatistics(from: $from, to: $to, groupBy: $groupBy, userIds: $userIds) { ... on WorkStatistics { total { hours entries days } rows { key name hours entries days } } ... on Error { message } } }`;
    const userIds = [gid('User', worker), gid('User', other)];
    const by = async (groupBy: string) => (await gql<{ workStatistics: { total: Stat; rows: Stat[] } }>(t, STATS, { from: MONDAY, to: '2024-03-10', groupBy, userIds }, { token: admin })).body.data!.workStatistics;
    const person = await by('PERSON');
    expect(person.total).toEqual({ hours: 17.5, entries: 4, days: 3 });
    expect(person.rows).toEqual(
      [
        { key: other, name: '统计员乙', hours: 8, entries: 1, days: 1 },
        { key: worker, name: '统计员甲', hours: 9.5, entries: 3, days: 2 },
      ].sort((a, b) => b.hours - a.hours),
    );
    const project = await by('PROJECT');
    expect(project.rows.map((r) => [r.key, r.hours])).toEqual([
      [projects[0], 11],
      [projects[1], 4.5],
      [null, 2],
    ]);
    const type = await by('TYPE');
    expect(type.rows.map((r) => [r.key, r.hours])).toEqual([
      [1, 15.5],
      [2, 2],
    ]);
  });

  it('shows staff without the right only their own hours (REST getWorkDailyStatistic)', async () => {
    const res = await rest<{ totalHours: number; byUser: Array<{ key: number; workHours: number }>; byProject: unknown[]; byType: unknown[] }>(t, '/api/admin/work/daily/getWorkDailyStatistic.htm', {
      json: { condition: { workDate: MONDAY, workDate2: '2024-03-10' } },
      token: partnerRest,
    });
    expect(res.body.status).toBe('success');
    expect(res.body.data.totalHours).toBe(1.5);
    expect(res.body.data.byUser).toEqual([{ key: partner, name: expect.any(String), nameEn: expect.anything(), workHours: 1.5, entries: 1, days: 1 }]);
    const all = await rest<{ totalHours: number }>(t, '/api/admin/work/daily/getWorkDailyStatistic.htm', { json: { workDate: MONDAY, workDate2: '2024-03-10' }, token: adminRest });
    expect(all.body.data.totalHours).toBe(19);
  });

  it('refuses reversed and over-long ranges with a message', async () => {
    const reversed = await rest(t, '/api/admin/work/daily/getWorkDailyStatistic.htm', { json: { workDate: '2024-03-10', workDate2: MONDAY }, token: adminRest });
    expect(reversed.body).toMatchObject({ status: 'error', message: '结束日期不能早于开始日期' });
    const long = await rest(t, '/api/admin/work/daily/getWorkDailyStatistic.htm', { json: { workDate: '2022-01-01', workDate2: '2024-03-10' }, token: adminRest });
    expect(long.body).toMatchObject({ status: 'error', message: '查询范围不能超过366天' });
  });
});

type Entry = { id: number; workDate: string; employeeId: number; projectId: number | null; workHours: number; workTime: string; scheduleType: number };
type Paged<T> = { currentPage: number; pageSize: number; rows: number; resultList: T[]; totalHours?: number };

describe('lists', () => {
  it("lists entries by date, paged (listWorkDailyByDatePage), in the caller's zone", async () => {
    const res = await rest<Paged<Entry>>(t, '/api/admin/work/daily/listWorkDailyByDatePage.htm', {
      json: { pageResult: { currentPage: 1, pageSize: 2 }, condition: { workDate: MONDAY, workDate2: TUESDAY, userId: worker } },
      token: adminRest,
    });
    expect(res.body.data).toMatchObject({ currentPage: 1, pageSize: 2, rows: 3, totalHours: 9.5 });
    expect(res.body.data.resultList.map((e) => [e.workDate, e.workHours, e.workTime])).toEqual([
      [TUESDAY, 2, '09:00-11:00'],
      [MONDAY, 3, '09:00-12:00'],
    ]);
    // Without the right, someone else's entries are refused.
    const refused = await rest(t, '/api/admin/work/daily/listWorkDailyByDatePage.htm', { json: { condition: { workDate: MONDAY, userId: worker } }, token: partnerRest });
    expect(refused.body).toMatchObject({ status: 'error', message: '没有权限执行该操作' });
  });

  it("lists a project's entries with hours per person (listWorkDailyByProjectId)", async () => {
    const res = await rest<Paged<Entry> & { byUser: Array<{ key: number; workHours: number }> }>(t, '/api/admin/work/daily/listWorkDailyByProjectId.htm', {
      json: { projectId: projects[0], workDate: MONDAY, workDate2: '2024-03-10' },
      token: adminRest,
    });
    expect(res.body.data.rows).toBe(2);
    expect(res.body.data.byUser.map((u) => [u.key, u.workHours])).toEqual([
      [other, 8],
      [worker, 3],
    ]);
    const missing = await rest(t, '/api/admin/work/daily/listWorkDailyByProjectId.htm', { json: {}, token: adminRest });
    expect(missing.body).toMatchObject({ status: 'error', message: '请选择项目' });
  });

  it("gives one person's day (getWorkDailyByUser) and the daily reports (listReportDailyByPage, report/list)", async () => {
    const day = await rest<{ totalHours: number; resultList: Entry[] }>(t, '/api/admin/work/daily/getWorkDailyByUser.htm', { json: { userId: worker, workDate: MONDAY }, token: adminRest });
    expect(day.body.data.totalHours).toBe(7.5);
    expect(day.body.data.resultList.map((e) => e.projectId)).toEqual([projects[0], projects[1]]);
    const reports = await rest<Paged<{ workTaskId: number; userId: number; content: string; workDate: string; logTime: string }>>(t, '/api/admin/work/daily/listReportDailyByPage.htm', {
      json: { condition: { workDate: MONDAY, workDate2: TUESDAY, userId: worker } },
      token: adminRest,
    });
    expect(reports.body.data.rows).toBe(1);
    expect(reports.body.data.resultList[0]).toMatchObject({ workTaskId: tasks[0], userId: worker, content: 'done a part', workDate: MONDAY, logTime: `${MONDAY} 20:00:00` });
    // The assigner (partner) sees reports on tasks they assigned.
    const mine = await rest<Array<{ workTaskId: number }>>(t, '/api/admin/work/daily/report/list.htm', { json: { workDate: MONDAY, userId: worker }, token: partnerRest });
    expect(mine.body.data.map((r) => r.workTaskId)).toEqual([tasks[0]]);
  });
});

describe('time-zone transform', () => {
  it('converts a wall time between zones on both doors', async () => {
    const res = await rest(t, '/api/admin/sys/time/zone/transform.htm', { json: { time: '2026-03-08 09:00:00', fromZone: 'America/New_York', toZone: 'Asia/Shanghai' }, token: partnerRest });
    expect(res.body).toMatchObject({ status: 'success', data: { time: '2026-03-08 21:00:00', fromOffset: '-04:00', toOffset: '+08:00', utcTime: '2026-03-08 13:00:00', shifted: false } });
    const winter = await gql<{ timeZoneTransform: { time: string; fromOffset: string } }>(
      t,
      '{ timeZoneTransform(time: "2026-01-05 09:00:00", fromZone: "America/New_York", toZone: "Asia/Shanghai") { ... on TimeZoneTransform { time fromOffset } } }',
      {},
      { token: partnerGql },
    );
    expect(winter.body.data?.timeZoneTransform).toEqual({ time: '2026-01-05 22:00:00', fromOffset: '-05:00' });
  });

  it('says when a wall time falls in a daylight-saving gap', async () => {
    const res = await rest(t, '/api/admin/sys/time/zone/transform.htm', { json: { time: '2026-03-08 02:30:00', fromZone: 'America/New_York', toZone: 'UTC' }, token: partnerRest });
    expect(res.body).toMatchObject({ status: 'success', data: { shifted: true, time: '2026-03-08 07:30:00' } });
  });

  it('names an unknown zone and refuses an unreadable time, on both doors', async () => {
    const res = await rest(t, '/api/admin/sys/time/zone/transform.htm', { json: { time: '2026-03-08 09:00:00', fromZone: 'Mars/Olympus', toZone: 'UTC' }, token: partnerRest });
    expect(res.body).toMatchObject({ status: 'error', message: '时区“Mars/Olympus”不存在' });
    // yang.fan reads English (language 1).
    const english = await loginRest(t, { account: 'yang.fan', password: 'Staff#2026' });
    const en = await rest(t, '/api/admin/sys/time/zone/transform.htm', { json: { time: '2026-03-08 09:00:00', fromZone: 'UTC', toZone: 'Europe/Atlantis' }, token: english });
    expect(en.body).toMatchObject({ status: 'error', message: 'Unknown time zone "Europe/Atlantis"' });
    const gqlRes = await gql<{ timeZoneTransform: { __typename: string; message: string } }>(
      t,
      '{ timeZoneTransform(time: "tomorrow", fromZone: "UTC", toZone: "Asia/Shanghai") { __typename ... on Error { message } } }',
      {},
      { token: partnerGql },
    );
    expect(gqlRes.body.data?.timeZoneTransform).toEqual({ __typename: 'InputError', message: '时间格式应为 yyyy-MM-dd HH:mm:ss' });
  });
});

describe('work notes', () => {
  it('saves one sanitised note per day, replaces it, and removes it when emptied', async () => {
    const saved = await rest<{ id: number; content: string; workDate: string }>(t, '/api/admin/oaWorkNote/doSave.htm', {
      json: { workDate: MONDAY, content: '<p>Called <b>three</b> schools<script>alert(1)</script></p>' },
      token: partnerRest,
    });
    expect(saved.body).toMatchObject({ status: 'success', message: '工作笔记已保存', data: { workDate: MONDAY, content: '<p>Called <b>three</b> schools</p>' } });
    const replaced = await gql<{ saveWorkNote: { workNote: { content: string; day: string } } }>(
      t,
      'mutation($input: SaveWorkNoteInput!) { saveWorkNote(input: $input) { ... on SaveWorkNotePayload { workNote { content day } } } }',
      { input: { day: MONDAY, content: '<p>Updated</p>' } },
      { token: partnerGql },
    );
    expect(replaced.body.data?.saveWorkNote.workNote).toEqual({ content: '<p>Updated</p>', day: MONDAY });
    expect(await t.db.workNote.count({ where: { userId: partner } })).toBe(1);
    const read = await gql<{ workNote: { content: string } }>(t, `{ workNote(day: "${MONDAY}") { content } }`, {}, { token: partnerGql });
    expect(read.body.data?.workNote.content).toBe('<p>Updated</p>');
    const tooLong = await rest(t, '/api/admin/oaWorkNote/doSave.htm', { json: { workDate: MONDAY, content: `<p>${'字'.repeat(10_001)}</p>` }, token: partnerRest });
    expect(tooLong.body).toMatchObject({ status: 'error', message: 'content不能超过10000个字符' });
    expect((await t.db.workNote.findFirstOrThrow({ where: { userId: partner } })).content).toBe('<p>Updated</p>');
    const emptied = await rest(t, '/api/admin/oaWorkNote/doSave.htm', { json: { workDate: MONDAY, content: '<p> </p>' }, token: partnerRest });
    expect(emptied.body).toMatchObject({ status: 'success', data: { id: null } });
    expect(await t.db.workNote.count({ where: { userId: partner } })).toBe(0);
  });
});
