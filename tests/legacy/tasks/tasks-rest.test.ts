/**
 * Work tasks on the legacy door (spec section 7 "Work tasks"): the payloads the old client
 * sends, the envelope it reads, the spec's messages, visibility by id, and the schedule-entry
 * writes under /work/daily. Also: both doors answer the same facts for the same task.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, gql, loginRest, rest, type TestApp } from '../../helpers/app.ts';
import { gid, idOf, projectId, taskByTitle, who } from '../../server/tasks/support.ts';

let t: TestApp;
const tok: Record<string, string> = {};
const ids: Record<string, number> = {};
let us: number;
let tj: number;

const P = '/api/admin/work/task';
const D = '/api/admin/work/daily';

beforeAll(async () => {
  t = await createTestApp();
  for (const a of ['admin', 'manager', 'consultant', 'lecturer', 'yang.fan', 'wang.fang']) {
    tok[a] = await loginRest(t, who(a));
    ids[a] = await idOf(t, a);
  }
  us = await projectId(t, 'P2027-US');
  tj = await projectId(t, 'P2026-TJ');
});

afterAll(async () => {
  await t.close();
});

type Env<T = any> = { status: string; message: string; data: T };
async function call<T = any>(path: string, token: string, json: unknown = {}, headers: Record<string, string> = {}): Promise<{ http: number; body: Env<T> }> {
  const res = await rest<T>(t, path, { json, token, headers });
  return { http: res.status, body: res.body };
}

/** The old client's save payload for a new task. */
const newTaskPayload = (extra: Record<string, unknown> = {}) => ({
  taskSource: 2,
  designeeId: ids.consultant,
  projectId: us,
  projectName: '2027 美高申请季',
  id: '',
  taskType: 1,
  priority: 3,
  taskTitle: `REST 任务 ${Math.random().toString(36).slice(2, 8)}`,
  taskContent: '<p>内容</p>',
  skillStackId: -1,
  ...extra,
});

async function newTask(extra: Record<string, unknown> = {}, token = tok.manager!): Promise<number> {
  const res = await call(`${P}/save.htm`, token, newTaskPayload(extra));
  expect(res.body.status, res.body.message).toBe('success');
  return Number(res.body.message);
}

describe('save', () => {
  it('refuses rich text of too many nested elements before cleaning it (issue 33: "<b>" × 66000)', async () => {
    const before = await t.db.workTask.count();
    const res = await call(`${P}/save.htm`, tok.manager!, newTaskPayload({ taskContent: '<b>'.repeat(66_000) + 'x' }));
    expect(res.http).toBe(200);
    expect(res.body).toMatchObject({ status: 'error', message: 'taskContent格式过于复杂：最多5000个元素、100层嵌套' });
    expect(await t.db.workTask.count()).toBe(before);
  });

  it('refuses rich text that cleaning makes longer than 200000 characters', async () => {
    // Each link gains rel="noopener noreferrer nofollow": 110 000 characters in, 290 000 out.
    const res = await call(`${P}/save.htm`, tok.manager!, newTaskPayload({ taskContent: '<a target=_blank>x</a>'.repeat(5_000) }));
    expect(res.body).toMatchObject({ status: 'error', message: 'taskContent不能超过200000个字符' });
  });

  it('creates a task and answers its id in message', async () => {
    const res = await call(`${P}/save.htm`, tok.manager!, newTaskPayload({ taskTitle: '准备面试材料' }));
    expect(res.body.status).toBe('success');
    const id = Number(res.body.message);
    expect(Number.isInteger(id) && id > 0).toBe(true);
    expect(res.body.data).toMatchObject({
      id,
      taskTitle: '准备面试材料',
      state: 1,
      priority: 3,
      taskType: 1,
      taskSource: 2,
      skillStackId: -1,
      projectId: us,
      assigneeId: ids.manager,
      assigneeName: '刘婧',
      designeeId: ids.consultant,
      designeeName: '张晓雯',
      userId: ids.manager,
    });
    expect(res.body.data.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('checks project, title, executor in that order, in Chinese and in English', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ projectId: '' }, '请选择项目', 'Please choose a project'],
      [{ taskTitle: '' }, '请填写任务标题', 'Please enter the task title'],
      [{ designeeId: '' }, '请选择执行任务人员', 'Please choose who will carry out the task'],
      [{ projectId: '', taskTitle: '', designeeId: '' }, '请选择项目', 'Please choose a project'],
    ];
    for (const [change, zh, en] of cases) {
      expect((await call(`${P}/save.htm`, tok.consultant!, newTaskPayload(change))).body).toMatchObject({ status: 'error', message: zh });
      expect((await call(`${P}/save.htm`, tok['yang.fan']!, newTaskPayload(change))).body).toMatchObject({ status: 'error', message: en });
    }
    // The lang cookie does not override a user's own preference, which is Chinese for the consultant.
    expect((await call(`${P}/save.htm`, tok.consultant!, newTaskPayload({ projectId: '' }), { cookie: 'lang=en' })).body.message).toBe('请选择项目');
  });

  it('priority 0 or unknown is stored as medium; a wrong type of value is a 400', async () => {
    const a = await newTask({ priority: 0 });
    const b = await newTask({ priority: 9 });
    for (const id of [a, b]) expect((await t.db.workTask.findUniqueOrThrow({ where: { id } })).priority).toBe(3);
    const bad = await call(`${P}/save.htm`, tok.manager!, newTaskPayload({ designeeId: { x: 1 } }));
    expect(bad.http).toBe(400);
    expect(bad.body.status).toBe('error');
  });

  it('edits with an id, but only for the assigner (没有权限修改该任务)', async () => {
    const id = await newTask();
    const refused = await call(`${P}/save.htm`, tok.consultant!, { id, taskTitle: '改了' });
    expect(refused.body).toMatchObject({ status: 'error', message: '没有权限修改该任务' });
    const ok = await call(`${P}/save.htm`, tok.manager!, { id, taskTitle: '改了', priority: 1 });
    expect(ok.body).toMatchObject({ status: 'success', message: String(id), data: { taskTitle: '改了', priority: 1 } });
  });

  it("a save with logTime is the daily report: 20:00 of a missed day, in the caller's zone", async () => {
    const id = await newTask();
    await t.db.workTask.update({ where: { id }, data: { createdAt: new Date(Date.now() - 9 * 86_400_000) } });
    const detail = await call(`${P}/detail.htm`, tok.consultant!, { id });
    const missed: string[] = detail.body.data.notLogTaskDailyList;
    expect(missed.length).toBeGreaterThan(3);
    const day = missed[2]!;
    const res = await call(`${P}/save.htm`, tok.consultant!, { id, reportDaily: '完成文书一稿', logTime: `${day} 20:00:00`, progress: 40 });
    expect(res.body).toMatchObject({ status: 'success', message: String(id), data: { progress: 40 } });
    const logs = await call(`${P}/log/list.htm`, tok.consultant!, { id });
    const line = logs.body.data.taskLogs.find((l: any) => l.logNote === '每日汇报');
    expect(line).toMatchObject({ reportDaily: '完成文书一稿', logTime: `${day} 20:00:00`, creater: '张晓雯' });
    expect((await call(`${P}/detail.htm`, tok.consultant!, { id })).body.data.notLogTaskDailyList).not.toContain(day);
  });
});

describe('detail, logs, lists', () => {
  it('detail answers the task with its additions and notLogTaskDailyList; log/list answers taskLogs', async () => {
    const seeded = await taskByTitle(t, '整理 2027 申请季学生选校清单');
    const res = await call(`${P}/detail.htm`, tok.consultant!, { id: seeded.id });
    expect(res.body.status).toBe('success');
    expect(res.body.data).toMatchObject({ id: seeded.id, taskTitle: seeded.title, state: 1, priority: 2, skillStackId: 1, skillStackName: '文书写作 Essay writing' });
    expect(res.body.data.taskAdditionList).toEqual([expect.objectContaining({ workTaskId: seeded.id, contentAddition: expect.stringContaining('面试方式'), userName: '刘婧' })]);
    expect(Array.isArray(res.body.data.notLogTaskDailyList)).toBe(true);
    const logs = await call(`${P}/log/list.htm`, tok.consultant!, { id: seeded.id });
    const notes = logs.body.data.taskLogs.map((l: any) => l.logNote);
    expect(notes).toContain('新建');
    expect(notes).toContain('每日汇报');
    expect(logs.body.data.taskLogs[0]).toHaveProperty('updateDate');
  });

  it('list/page pages what the caller sees; getTaskList answers an array; filters by condition', async () => {
    const page = await call(`${P}/list/page.htm`, tok.consultant!, { pageResult: { currentPage: 1, pageSize: 5 }, condition: {} });
    expect(page.body.data).toMatchObject({ currentPage: 1, pageSize: 5 });
    expect(page.body.data.resultList).toHaveLength(5);
    const all = await call(`${P}/getTaskList.htm`, tok.consultant!, {});
    expect(all.body.data).toHaveLength(page.body.data.rows);
    const titles = all.body.data.map((r: any) => r.taskTitle);
    expect(titles).not.toContain('修订英国学校文书模板');
    const paused = await call(`${P}/getTaskListByPage.htm`, tok.consultant!, { 'condition.state': 4, 'condition.designeeId': ids.consultant });
    expect(paused.body.data.resultList.map((r: any) => r.taskTitle)).toContain('安排 SSAT 模考场地');
    for (const r of paused.body.data.resultList) expect(r.state).toBe(4);
    const bad = await call(`${P}/list/page.htm`, tok.consultant!, { condition: { state: 'x' } });
    expect(bad.body.status).toBe('error');
  });

  it("getStatisticByToDay answers the caller's counts", async () => {
    const res = await call(`${P}/getStatisticByToDay.htm`, tok.consultant!, {});
    expect(res.body.data).toMatchObject({ todo: expect.any(Number), paused: 1, waiting: 1 });
    expect(res.body.data.day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe('changes', () => {
  it('completeMission: condition.state 2 completes every selId, 1 undoes; wrong states are refused', async () => {
    const a = await newTask();
    const b = await newTask();
    const done = await call(`${P}/change/complete.htm`, tok.consultant!, { feedback: '', selIds: [a, b], 'condition.state': 2, createBy: ids.consultant });
    expect(done.body.status).toBe('success');
    expect(done.body.data.map((r: any) => r.state)).toEqual([2, 2]);
    const again = await call(`${P}/change/complete.htm`, tok.consultant!, { selIds: [a], condition: { state: 2 } });
    expect(again.body).toMatchObject({ status: 'error', message: '只有未完成的任务才能完成' });
    const undo = await call(`${P}/change/complete.htm`, tok.manager!, { selIds: `${a}`, 'condition.state': 1 });
    expect(undo.body.data[0].state).toBe(1);
    const logs = (await call(`${P}/log/list.htm`, tok.manager!, { id: a })).body.data.taskLogs;
    expect(logs[0]).toMatchObject({ logNote: '撤销完成', complaint: true, complaintNote: '记投诉一次' });
  });

  it('a bug is completed only with feedback (English for an English user)', async () => {
    const id = await newTask({ taskType: 2, designeeId: ids['yang.fan'] });
    const res = await call(`${P}/change/complete.htm`, tok['yang.fan']!, { selIds: [id], 'condition.state': 2 });
    expect(res.body).toMatchObject({ status: 'error', message: 'Please enter the feedback' });
    const ok = await call(`${P}/change/complete.htm`, tok['yang.fan']!, { selIds: [id], 'condition.state': 2, feedback: 'Fixed the import' });
    expect(ok.body.data[0]).toMatchObject({ state: 2, feedback: 'Fixed the import' });
  });

  it('change/state walks the table: pause, resume, wait, stop waiting; a wrong one is refused', async () => {
    const id = await newTask();
    const to = async (state: number) => (await call(`${P}/change/state.htm`, tok.consultant!, { id, state })).body;
    expect(await to(4)).toMatchObject({ status: 'success', data: { state: 4 } });
    expect(await to(5)).toMatchObject({ status: 'error', message: '只有未完成的任务才能设为等待' });
    expect(await to(1)).toMatchObject({ status: 'success', data: { state: 1 } });
    expect(await to(5)).toMatchObject({ status: 'success', data: { state: 5 } });
    expect(await to(1)).toMatchObject({ data: { state: 1 } });
    expect(await to(0)).toMatchObject({ status: 'error', message: '任务状态错误' });
    expect(await to(3)).toMatchObject({ status: 'error', message: '没有权限修改该任务' });
  });

  it('assign needs an executor; priority and progress change with their messages', async () => {
    const id = await newTask();
    expect((await call(`${P}/assign.htm`, tok.manager!, { id, designeeId: '', designeeName: '' })).body).toMatchObject({ status: 'error', message: '请选择执行人员' });
    const ok = await call(`${P}/assign.htm`, tok.manager!, { id, designeeId: ids.lecturer, designeeName: '任意' });
    expect(ok.body).toMatchObject({ status: 'success', message: '重新指派成功', data: { designeeId: ids.lecturer } });
    expect(ok.body.data.designeeName).not.toBe('任意');
    const pr = await call(`${P}/change/priority.htm`, tok.manager!, { id, priority: 1 });
    expect(pr.body).toMatchObject({ status: 'success', message: '修改优先级成功', data: { priority: 1 } });
    const prog = await call(`${P}/updateProgress.htm`, tok.lecturer!, { id, progress: 70 });
    expect(prog.body.data.progress).toBe(70);
  });

  it('additions: content, task and project checks; save and edit; getById', async () => {
    const id = await newTask();
    const path = `${P}/addition/saveWorkTaskAddition.htm`;
    expect((await call(path, tok.manager!, { id: '', workTaskId: id, contentAddition: '' })).body.message).toBe('请输入内容。');
    expect((await call(path, tok.manager!, { id: '', workTaskId: '', contentAddition: '<p>x</p>' })).body.message).toBe('任务错误。');
    expect((await call(path, tok['yang.fan']!, { workTaskId: '', contentAddition: '<p>x</p>' })).body.message).toBe('Invalid task.');
    const added = await call(path, tok.manager!, { id: '', workTaskId: id, contentAddition: '<p>追加<script>x</script></p>' });
    expect(added.body).toMatchObject({ status: 'success', message: '追加任务成功', data: { workTaskId: id, contentAddition: '<p>追加</p>', userName: '刘婧' } });
    const edited = await call(path, tok.manager!, { id: added.body.data.id, workTaskId: id, contentAddition: '<p>改</p>' });
    expect(edited.body).toMatchObject({ message: '修改追加任务成功', data: { contentAddition: '<p>改</p>' } });
    expect((await call(`${P}/addition/getById.htm`, tok.consultant!, { id: added.body.data.id })).body.data.contentAddition).toBe('<p>改</p>');
    expect((await call(`${P}/addition/getById.htm`, tok['wang.fang']!, { id: added.body.data.id })).body.status).toBe('error');
  });

  it('del takes selIds; only the assigner; all or nothing', async () => {
    const a = await newTask();
    const b = await newTask({}, tok.consultant!);
    expect((await call(`${P}/del.htm`, tok.consultant!, { selIds: [a, b] })).body).toMatchObject({ status: 'error', message: '没有权限修改该任务' });
    expect(await t.db.workTask.count({ where: { id: { in: [a, b] } } })).toBe(2);
    expect((await call(`${P}/del.htm`, tok.consultant!, { selIds: [b] })).body).toMatchObject({ status: 'success', message: '删除成功', data: [b] });
    expect((await call(`${P}/detail.htm`, tok.consultant!, { id: b })).body).toMatchObject({ status: 'error', message: '数据不存在' });
  });
});

describe('visibility by id on the legacy door', () => {
  it("a consultant can neither read nor change another consultant's task", async () => {
    const hidden = await taskByTitle(t, '修订英国学校文书模板');
    const id = hidden.id;
    const attempts: Array<[string, unknown]> = [
      [`${P}/detail.htm`, { id }],
      [`${P}/log/list.htm`, { id }],
      [`${P}/save.htm`, { id, taskTitle: '偷改' }],
      [`${P}/save.htm`, { id, reportDaily: 'x', logTime: '' }],
      [`${P}/change/complete.htm`, { selIds: [id], 'condition.state': 2 }],
      [`${P}/change/state.htm`, { id, state: 4 }],
      [`${P}/change/priority.htm`, { id, priority: 1 }],
      [`${P}/assign.htm`, { id, designeeId: ids.consultant }],
      [`${P}/updateProgress.htm`, { id, progress: 90 }],
      [`${P}/del.htm`, { selIds: [id] }],
    ];
    for (const [path, body] of attempts) {
      const res = await call(path, tok.consultant!, body);
      expect(res.body, path).toMatchObject({ status: 'error', message: '数据不存在' });
    }
    const after = await t.db.workTask.findUniqueOrThrow({ where: { id } });
    expect(after).toMatchObject({ title: hidden.title, state: hidden.state, priority: hidden.priority, progress: hidden.progress, executorId: hidden.executorId });
    // wang.fang, who executes it, reads it.
    expect((await call(`${P}/detail.htm`, tok['wang.fang']!, { id })).body.status).toBe('success');
  });
});

describe('both doors answer the same facts', () => {
  it('REST detail and GraphQL node agree on a task', async () => {
    const seeded = await taskByTitle(t, '准备 TJ 期中测试卷');
    const r = (await call(`${P}/detail.htm`, tok.consultant!, { id: seeded.id })).body.data;
    const g = await gql<any>(
      t,
      `query($id: ID!) { node(id: $id) { ... on Task {
      databaseId title content state priority type progress project { databaseId name } assigner { databaseId name } executor { databaseId name }
      additions { databaseId } logs(first: 50) { edges { node { logNote complaint reportDaily } } } } } }`,
      { id: gid('Task', seeded.id) },
      { token: tok.consultant },
    );
    const n = g.body.data.node;
    const STATES = ['UNASSIGNED', 'INCOMPLETE', 'COMPLETE', 'ABANDONED', 'PAUSED', 'WAITING'];
    const PRIORITIES = ['', 'URGENT', 'HIGH', 'MEDIUM', 'LOW'];
    expect(n).toMatchObject({
      databaseId: r.id,
      title: r.taskTitle,
      content: r.taskContent,
      state: STATES[r.state],
      priority: PRIORITIES[r.priority],
      progress: r.progress,
      project: { databaseId: r.projectId, name: r.projectName },
      assigner: { databaseId: r.assigneeId, name: r.assigneeName },
      executor: { databaseId: r.designeeId, name: r.designeeName },
      type: r.taskType === 2 ? 'BUG' : 'NEW_TASK',
    });
    expect(n.additions.map((a: any) => a.databaseId)).toEqual(r.taskAdditionList.map((a: any) => a.id));
    const restLogs = (await call(`${P}/log/list.htm`, tok.consultant!, { id: seeded.id })).body.data.taskLogs;
    expect(n.logs.edges.map((e: any) => [e.node.logNote, e.node.complaint])).toEqual(restLogs.map((l: any) => [l.logNote, l.complaint]));
    expect(restLogs.some((l: any) => l.logNote === '撤销完成' && l.complaint)).toBe(true);
    const days = await gql<any>(t, 'query($id: ID!) { daysWithoutLog(taskId: $id) }', { id: gid('Task', seeded.id) }, { token: tok.consultant });
    expect(days.body.data.daysWithoutLog).toEqual(r.notLogTaskDailyList);
  });
});

describe('schedule entries (/work/daily writes)', () => {
  const row = (extra: Record<string, unknown> = {}) => ({
    createById: ids.consultant,
    workDate: '2026-12-01',
    workDate2: '',
    employeeId: ids.consultant,
    scheduleType: '',
    projectId: us,
    workTime: '',
    workTaskIds: '',
    workTimeBegin: '',
    workTimeEnd: '',
    workHours: 8,
    ...extra,
  });

  it("save: hours required (请填写工时) and a number; defaults 09:00–18:30 and regular in the employee's zone", async () => {
    expect((await call(`${D}/save.htm`, tok.consultant!, { workDailyList: [row({ workHours: '' })] })).body).toMatchObject({ status: 'error', message: '请填写工时' });
    expect((await call(`${D}/save.htm`, tok['yang.fan']!, { workDailyList: [row({ employeeId: '', workHours: null })] })).body.message).toBe('Please enter the hours');
    expect((await call(`${D}/save.htm`, tok.consultant!, { workDailyList: [row({ workHours: '八' })] })).body.message).toBe('工时必须是大于0且不超过24的数字');
    expect((await call(`${D}/save.htm`, tok.consultant!, { workDailyList: [row({ workHours: 10 })] })).body.message).toBe('工时不能超过所选时间段');
    expect((await call(`${D}/save.htm`, tok.consultant!, { workDailyList: [row({ projectId: '' })] })).body.message).toBe('请选择项目');
    const ok = await call(`${D}/save.htm`, tok.consultant!, { workDailyList: [row({ workHours: '7.5' })] });
    expect(ok.body.status, ok.body.message).toBe('success');
    const entry = await t.db.scheduleEntry.findUniqueOrThrow({ where: { id: ok.body.data[0].id } });
    // Asia/Shanghai: 09:00 is 01:00 UTC, 18:30 is 10:30 UTC.
    expect(entry.beginAt.toISOString()).toBe('2026-12-01T01:00:00.000Z');
    expect(entry.endAt.toISOString()).toBe('2026-12-01T10:30:00.000Z');
    expect(entry).toMatchObject({ scheduleType: 1, employeeId: ids.consultant, createdById: ids.consultant, projectId: us });
    expect(entry.workHours.toNumber()).toBe(7.5);
  });

  it('save: overtime past midnight with workDate2 and a workTime range; several rows all or nothing', async () => {
    const ok = await call(`${D}/save.htm`, tok['yang.fan']!, {
      workDailyList: [row({ employeeId: '', scheduleType: 2, workDate2: '2026-12-02', workTime: '22:00-01:30', workHours: 3 })],
    });
    expect(ok.body.status, ok.body.message).toBe('success');
    const entry = await t.db.scheduleEntry.findUniqueOrThrow({ where: { id: ok.body.data[0].id } });
    // yang.fan works in New York (UTC-5 in December).
    expect(entry.beginAt.toISOString()).toBe('2026-12-02T03:00:00.000Z');
    expect(entry.endAt.toISOString()).toBe('2026-12-02T06:30:00.000Z');
    expect(entry.scheduleType).toBe(2);
    const before = await t.db.scheduleEntry.count();
    const mixed = await call(`${D}/save.htm`, tok.consultant!, { workDailyList: [row(), row({ workHours: '' })] });
    expect(mixed.body.status).toBe('error');
    expect(await t.db.scheduleEntry.count()).toBe(before);
  });

  it("save: only managers put entries on someone else's schedule", async () => {
    const res = await call(`${D}/save.htm`, tok.consultant!, { workDailyList: [row({ employeeId: ids.lecturer })] });
    expect(res.body.message).toBe('没有权限为其他人员安排档期');
    const ok = await call(`${D}/save.htm`, tok.manager!, { workDailyList: [row({ employeeId: ids.lecturer })] });
    expect(ok.body.status).toBe('success');
  });

  it('task_to_user_daily: a completed task cannot be added (任务已完成，不允许加入档期!); otherwise linked', async () => {
    const done = await taskByTitle(t, '提交 Phillips Academy 申请材料');
    const refused = await call(`${D}/task_to_user_daily.htm`, tok.consultant!, { workTaskId: done.id, workDailyList: [row()] });
    expect(refused.body).toMatchObject({ status: 'error', message: '任务已完成，不允许加入档期!' });
    const id = await newTask();
    const ok = await call(`${D}/task_to_user_daily.htm`, tok.consultant!, { workTaskId: id, workDailyList: [row({ projectId: '' })] });
    expect(ok.body).toMatchObject({ status: 'success', message: '加入档期成功' });
    const entryId = ok.body.data[0].id;
    const entry = await t.db.scheduleEntry.findUniqueOrThrow({ where: { id: entryId }, include: { tasks: true } });
    expect(entry.projectId).toBe(us);
    expect(entry.tasks.map((x) => x.taskId)).toEqual([id]);
    // A completed task cannot ride along in a general save either.
    const viaSave = await call(`${D}/save.htm`, tok.consultant!, { workDailyList: [row({ workTaskIds: `${done.id}` })] });
    expect(viaSave.body.message).toBe('任务已完成，不允许加入档期!');
    // deleteWorkTaskFlag removes the link, not the entry.
    const del = await call(`${D}/deleteWorkTaskFlag.htm`, tok.consultant!, { id: entryId, workTaskId: id });
    expect(del.body).toMatchObject({ status: 'success', data: { entryId, removed: 1 } });
    expect(await t.db.scheduleEntryTask.count({ where: { entryId } })).toBe(0);
    expect(await t.db.scheduleEntry.count({ where: { id: entryId } })).toBe(1);
    expect((await call(`${D}/deleteWorkTaskFlag.htm`, tok.lecturer!, { id: entryId })).body.message).toBe('数据不存在');
  });

  it("listNotTaskLogDailyTask lists the caller's incomplete tasks without today's report", async () => {
    const id = await newTask({ designeeId: ids.lecturer, projectId: tj }, tok.consultant!);
    const before = (await call(`${D}/listNotTaskLogDailyTask.htm`, tok.lecturer!, {})).body.data.map((r: any) => r.id);
    expect(before).toContain(id);
    await call(`${P}/save.htm`, tok.lecturer!, { id, reportDaily: '今天的汇报', logTime: '' });
    const after = (await call(`${D}/listNotTaskLogDailyTask.htm`, tok.lecturer!, {})).body.data.map((r: any) => r.id);
    expect(after).not.toContain(id);
  });
});
