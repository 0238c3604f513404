/**
 * Work tasks through GraphQL: creating with the spec's checks, every transition and every
 * refused one, editing rights, reassigning, additions, daily reports, statistics and lists.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app.ts';
import { gid, idOf, PAYLOAD, projectId, run, taskByTitle, tokens, type Payload } from './support.ts';

let t: TestApp;
let tok: Record<string, string>;
let ids: Record<string, number>;
let projects: Record<string, number>;

beforeAll(async () => {
  t = await createTestApp();
  tok = await tokens(t, 'admin', 'manager', 'consultant', 'lecturer', 'yang.fan', 'wang.fang');
  ids = {};
  for (const a of ['admin', 'manager', 'consultant', 'lecturer', 'yang.fan', 'wang.fang', 'former.staff']) ids[a] = await idOf(t, a);
  projects = { us: await projectId(t, 'P2027-US'), tj: await projectId(t, 'P2026-TJ'), summer: await projectId(t, 'P2026-SUMMER') };
});

afterAll(async () => {
  await t.close();
});

const CREATE = `mutation($input: CreateTaskInput!) { createTask(input: $input) { ${PAYLOAD} } }`;
const transition = (name: string) => `mutation($id: ID!) { ${name}(input: {id: $id}) { ${PAYLOAD} } }`;

async function create(token: string, input: Record<string, unknown>): Promise<Payload> {
  return (await run<{ createTask: Payload }>(t, token, CREATE, { input })).createTask;
}

async function newTask(token = tok.manager!, executor = 'consultant', extra: Record<string, unknown> = {}): Promise<Payload> {
  const p = await create(token, {
    projectId: gid('Project', projects.us!),
    title: `任务 ${Math.random().toString(36).slice(2, 8)}`,
    executorId: gid('User', ids[executor]!),
    ...extra,
  });
  expect(p.__typename, JSON.stringify(p)).toBe('TaskPayload');
  return p;
}

async function act(token: string, name: string, taskGid: string): Promise<Payload> {
  return (await run<Record<string, Payload>>(t, token, transition(name), { id: taskGid }))[name]!;
}

describe('createTask', () => {
  it("checks project, then title, then executor, with the spec's words (Chinese)", async () => {
    const none = await create(tok.consultant!, {});
    expect(none).toMatchObject({ __typename: 'InputError', message: '请选择项目' });
    const noTitle = await create(tok.consultant!, { projectId: gid('Project', projects.us!), title: '   ', executorId: gid('User', ids.lecturer!) });
    expect(noTitle).toMatchObject({ __typename: 'InputError', message: '请填写任务标题' });
    const noExecutor = await create(tok.consultant!, { projectId: gid('Project', projects.us!), title: '排课' });
    expect(noExecutor).toMatchObject({ __typename: 'InputError', message: '请选择执行任务人员' });
  });

  it('says the same in English to a user whose language is English', async () => {
    expect(await create(tok['yang.fan']!, {})).toMatchObject({ message: 'Please choose a project' });
    expect(await create(tok['yang.fan']!, { projectId: gid('Project', projects.us!) })).toMatchObject({ message: 'Please enter the task title' });
    expect(await create(tok['yang.fan']!, { projectId: gid('Project', projects.us!), title: 'Timetable' })).toMatchObject({
      message: 'Please choose who will carry out the task',
    });
  });

  it('refuses a deactivated executor, a finished project and a title over 200 characters', async () => {
    const base = { projectId: gid('Project', projects.us!), title: 'x', executorId: gid('User', ids.lecturer!) };
    expect(await create(tok.consultant!, { ...base, executorId: gid('User', ids['former.staff']!) })).toMatchObject({ message: '执行人员不存在或已停用' });
    expect(await create(tok.consultant!, { ...base, projectId: gid('Project', projects.summer!) })).toMatchObject({ message: '项目已结束或已取消，不能新增任务' });
    expect(await create(tok.consultant!, { ...base, title: '长'.repeat(201) })).toMatchObject({ __typename: 'InputError', message: 'taskTitle不能超过200个字符' });
    expect(await t.db.workTask.count({ where: { title: '长'.repeat(201) } })).toBe(0);
  });

  it('creates an incomplete task with defaults, logs 新建 and returns it with its log line', async () => {
    const p = await create(tok.consultant!, {
      projectId: gid('Project', projects.tj!),
      title: '期末测试排期',
      executorId: gid('User', ids.lecturer!),
      content: '<p>Hello<script>alert(1)</script></p>',
    });
    expect(p.__typename).toBe('TaskPayload');
    expect(p.task).toMatchObject({
      title: '期末测试排期',
      state: 'INCOMPLETE',
      priority: 'MEDIUM',
      type: 'NEW_TASK',
      progress: 0,
      content: '<p>Hello</p>',
      project: { databaseId: projects.tj },
      assigner: { databaseId: ids.consultant },
      executor: { databaseId: ids.lecturer },
      lastLog: { note: 'CREATED', logNote: '新建', label: '新建' },
    });
    expect(p.log).toMatchObject({ note: 'CREATED', action: 'CREATE', assignerName: '张晓雯', author: { databaseId: ids.consultant } });
    const row = await t.db.workTask.findUniqueOrThrow({ where: { id: p.task.databaseId } });
    expect(row).toMatchObject({ taskSource: 2, skillStackId: null, state: 1, priority: 3 });
  });

  it('maps priority and type, and keeps a skill stack', async () => {
    const p = await newTask(tok.manager!, 'consultant', { priority: 'URGENT', type: 'BUG', skillStackId: 1 });
    expect(p.task).toMatchObject({ priority: 'URGENT', type: 'BUG' });
    expect((await t.db.workTask.findUniqueOrThrow({ where: { id: p.task.databaseId } })).skillStackId).toBe(1);
    const none = await newTask(tok.manager!, 'consultant', { skillStackId: -1 });
    expect((await t.db.workTask.findUniqueOrThrow({ where: { id: none.task.databaseId } })).skillStackId).toBeNull();
  });
});

describe('the state machine', () => {
  it('completes 1→2 and refuses to complete again; undo by the executor records no complaint', async () => {
    const { task } = await newTask();
    const done = await act(tok.consultant!, 'completeTask', task.id);
    expect(done.task).toMatchObject({ state: 'COMPLETE', progress: 100 });
    expect(done.log).toMatchObject({ note: 'COMPLETED', logNote: '任务完成', complaint: false });
    expect(await act(tok.consultant!, 'completeTask', task.id)).toMatchObject({ __typename: 'RuleError', code: 'WRONG_STATE', message: '只有未完成的任务才能完成' });
    const undone = await act(tok.consultant!, 'undoCompleteTask', task.id);
    expect(undone.task.state).toBe('INCOMPLETE');
    expect(undone.log).toMatchObject({ logNote: '撤销完成', complaint: false, complaintLabel: null });
    expect(await t.db.taskComplaint.count({ where: { taskId: task.databaseId } })).toBe(0);
  });

  it('undo by someone other than the executor logs 撤销完成 with 记投诉一次 and records a complaint', async () => {
    const { task } = await newTask();
    await act(tok.consultant!, 'completeTask', task.id);
    const undone = await act(tok.manager!, 'undoCompleteTask', task.id);
    expect(undone.log).toMatchObject({ note: 'UNDONE', logNote: '撤销完成', label: '撤销完成', complaint: true, complaintLabel: '记投诉一次' });
    expect(undone.task.lastLog).toMatchObject({ logNote: '撤销完成', complaint: true });
    const complaint = await t.db.taskComplaint.findFirstOrThrow({ where: { taskId: task.databaseId } });
    expect(complaint).toMatchObject({ complainantId: ids.manager, executorId: ids.consultant });
  });

  it('undo of a task that is not complete is refused', async () => {
    const { task } = await newTask();
    expect(await act(tok.consultant!, 'undoCompleteTask', task.id)).toMatchObject({ code: 'WRONG_STATE', message: '只有已完成的任务才能撤销完成' });
  });

  it('pauses 1→4 and resumes 4→1; waits 1→5 and stops waiting 5→1; each logs 更新任务', async () => {
    const { task } = await newTask();
    expect(await act(tok.consultant!, 'resumeTask', task.id)).toMatchObject({ message: '只有已暂停的任务才能取消暂停' });
    expect(await act(tok.consultant!, 'stopWaitingTask', task.id)).toMatchObject({ message: '只有等待中的任务才能取消等待' });
    const paused = await act(tok.consultant!, 'pauseTask', task.id);
    expect(paused.task.state).toBe('PAUSED');
    expect(paused.log).toMatchObject({ logNote: '更新任务', action: 'PAUSE' });
    expect(await act(tok.consultant!, 'completeTask', task.id)).toMatchObject({ message: '只有未完成的任务才能完成' });
    expect(await act(tok.consultant!, 'waitTask', task.id)).toMatchObject({ message: '只有未完成的任务才能设为等待' });
    expect((await act(tok.consultant!, 'resumeTask', task.id)).task.state).toBe('INCOMPLETE');
    const waiting = await act(tok.consultant!, 'waitTask', task.id);
    expect(waiting.task.state).toBe('WAITING');
    expect(await act(tok.consultant!, 'pauseTask', task.id)).toMatchObject({ message: '只有未完成的任务才能暂停' });
    expect((await act(tok.consultant!, 'stopWaitingTask', task.id)).log).toMatchObject({ action: 'STOP_WAITING' });
  });

  it('abandon: only the assigner; then nothing more is possible', async () => {
    const { task } = await newTask();
    expect(await act(tok.consultant!, 'abandonTask', task.id)).toMatchObject({ code: 'FORBIDDEN', message: '没有权限修改该任务' });
    const abandoned = await act(tok.manager!, 'abandonTask', task.id);
    expect(abandoned.task.state).toBe('ABANDONED');
    expect(await act(tok.manager!, 'abandonTask', task.id)).toMatchObject({ message: '已完成或已放弃的任务不能放弃' });
    expect(await act(tok.consultant!, 'completeTask', task.id)).toMatchObject({ code: 'WRONG_STATE' });
  });

  it('a bug needs feedback to be completed; the feedback is kept and logged', async () => {
    const { task } = await newTask(tok.manager!, 'consultant', { type: 'BUG' });
    expect(await act(tok.consultant!, 'completeTask', task.id)).toMatchObject({ __typename: 'InputError', message: '请填写问题反馈' });
    expect(await act(tok['yang.fan']!, 'completeTask', task.id)).toMatchObject({ code: 'NOT_FOUND' });
    const res = await run<{ completeTask: Payload }>(t, tok.consultant!, `mutation($id: ID!) { completeTask(input: {id: $id, feedback: "已修复"}) { ${PAYLOAD} } }`, { id: task.id });
    expect(res.completeTask.task).toMatchObject({ state: 'COMPLETE', feedback: '已修复' });
    const row = await t.db.workTask.findUniqueOrThrow({ where: { id: task.databaseId } });
    expect(row.feedbackLog).toContain('已修复');
  });

  it('a refused transition changes nothing and is recorded as a failure', async () => {
    const { task } = await newTask();
    const before = await t.db.taskLog.count({ where: { taskId: task.databaseId } });
    await act(tok.consultant!, 'resumeTask', task.id);
    expect(await t.db.taskLog.count({ where: { taskId: task.databaseId } })).toBe(before);
    const failure = await t.db.operationLog.findFirst({ where: { operation: 'task.resume', outcome: 'FAILURE' }, orderBy: { id: 'desc' } });
    expect(failure?.errorCode).toBe('WRONG_STATE');
  });
});

describe('editing, reassigning and priority', () => {
  const UPDATE = `mutation($input: UpdateTaskInput!) { updateTask(input: $input) { ${PAYLOAD} } }`;
  const ASSIGN = `mutation($input: AssignTaskInput!) { assignTask(input: $input) { ${PAYLOAD} } }`;

  it('only the assigner edits: 没有权限修改该任务', async () => {
    const { task } = await newTask();
    const refused = (await run<{ updateTask: Payload }>(t, tok.consultant!, UPDATE, { input: { id: task.id, title: '改名' } })).updateTask;
    expect(refused).toMatchObject({ __typename: 'RuleError', code: 'FORBIDDEN', message: '没有权限修改该任务' });
    const ok = (await run<{ updateTask: Payload }>(t, tok.manager!, UPDATE, { input: { id: task.id, title: '改名', content: '<h2>新内容</h2>' } })).updateTask;
    expect(ok.task).toMatchObject({ title: '改名', content: '<h2>新内容</h2>', executor: { databaseId: ids.consultant } });
    expect(ok.log).toMatchObject({ logNote: '更新任务', action: 'EDIT' });
  });

  it('the edit form is checked like a new one: an emptied title is refused', async () => {
    const { task } = await newTask();
    const res = (await run<{ updateTask: Payload }>(t, tok.manager!, UPDATE, { input: { id: task.id, title: '' } })).updateTask;
    expect(res).toMatchObject({ message: '请填写任务标题' });
  });

  it('reassigning needs an executor (请选择执行人员) and logs 重新指派 with the new name', async () => {
    const { task } = await newTask();
    const none = (await run<{ assignTask: Payload }>(t, tok.manager!, ASSIGN, { input: { id: task.id } })).assignTask;
    expect(none).toMatchObject({ __typename: 'InputError', message: '请选择执行人员' });
    const ok = (await run<{ assignTask: Payload }>(t, tok.manager!, ASSIGN, { input: { id: task.id, executorId: gid('User', ids['wang.fang']!) } })).assignTask;
    expect(ok.task.executor.databaseId).toBe(ids['wang.fang']);
    expect(ok.log).toMatchObject({ logNote: '重新指派', executorName: '王芳' });
    // The old executor no longer sees the task.
    expect((await run<{ node: unknown }>(t, tok.consultant!, 'query($id: ID!) { node(id: $id) { id } }', { id: task.id })).node).toBeNull();
  });

  it("shows a log line's assigner and executor in the reader's language (the line keeps the names as written)", async () => {
    // yang.fan's language is English; the task is assigned by him to 张晓雯 (consultant).
    const p = await newTask(tok['yang.fan']!, 'consultant');
    expect(p.log).toMatchObject({ assignerName: 'Fan Yang', executorName: 'Xiaowen Zhang' });
    const LOG = 'query($id: ID!) { node(id: $id) { ... on Task { logs(first: 5) { edges { node { assignerName executorName } } } } } }';
    type Logs = { node: { logs: { edges: Array<{ node: { assignerName: string; executorName: string } }> } } };
    // The executor, whose language is Chinese, reads the same line in Chinese.
    const zh = await run<Logs>(t, tok.consultant!, LOG, { id: p.task.id });
    expect(zh.node.logs.edges[0]!.node).toEqual({ assignerName: '杨帆', executorName: '张晓雯' });
    const en = await run<Logs>(t, tok['yang.fan']!, LOG, { id: p.task.id });
    expect(en.node.logs.edges[0]!.node).toEqual({ assignerName: 'Fan Yang', executorName: 'Xiaowen Zhang' });
    // What is stored stays as it was written (the legacy columns, in Chinese).
    expect(await t.db.taskLog.findFirst({ where: { taskId: Number(p.task.databaseId) }, select: { assignerName: true, executorName: true } })).toEqual({ assignerName: '杨帆', executorName: '张晓雯' });
  });

  it('assigning an unassigned task moves it 0→1', async () => {
    const seeded = await taskByTitle(t, 'SSAT 冬令营讲师招募');
    expect(seeded.state).toBe(0);
    const ok = (await run<{ assignTask: Payload }>(t, tok.admin!, ASSIGN, { input: { id: gid('Task', seeded.id), executorId: gid('User', ids.lecturer!) } })).assignTask;
    expect(ok.task).toMatchObject({ state: 'INCOMPLETE', executor: { databaseId: ids.lecturer } });
  });

  it('priority: the assigner or the project manager; the executor may not', async () => {
    const { task } = await newTask(tok.admin!, 'consultant');
    const CHANGE = `mutation($id: ID!, $p: TaskPriority!) { changeTaskPriority(input: {id: $id, priority: $p}) { ${PAYLOAD} } }`;
    expect((await run<{ changeTaskPriority: Payload }>(t, tok.consultant!, CHANGE, { id: task.id, p: 'URGENT' })).changeTaskPriority).toMatchObject({ code: 'FORBIDDEN' });
    // manager manages P2027-US.
    const ok = (await run<{ changeTaskPriority: Payload }>(t, tok.manager!, CHANGE, { id: task.id, p: 'LOW' })).changeTaskPriority;
    expect(ok.task.priority).toBe('LOW');
    expect(ok.log.action).toBe('PRIORITY');
  });

  it('progress is 0 to 100 and only while the task is in progress', async () => {
    const { task } = await newTask();
    const SET = `mutation($id: ID!, $p: Int!) { updateTaskProgress(input: {id: $id, progress: $p}) { ${PAYLOAD} } }`;
    expect((await run<{ updateTaskProgress: Payload }>(t, tok.consultant!, SET, { id: task.id, p: 50 })).updateTaskProgress.task.progress).toBe(50);
    expect((await run<{ updateTaskProgress: Payload }>(t, tok.consultant!, SET, { id: task.id, p: 101 })).updateTaskProgress).toMatchObject({ __typename: 'InputError' });
    await act(tok.consultant!, 'completeTask', task.id);
    expect((await run<{ updateTaskProgress: Payload }>(t, tok.consultant!, SET, { id: task.id, p: 10 })).updateTaskProgress).toMatchObject({
      message: '只有进行中的任务才能更新进度',
    });
  });

  it('deleteTasks: the assigner deletes, all or nothing', async () => {
    const a = (await newTask()).task;
    const b = (await newTask(tok.consultant!, 'lecturer', { projectId: gid('Project', projects.tj!) })).task;
    const DEL = 'mutation($ids: [ID!]!) { deleteTasks(input: {ids: $ids}) { __typename ... on DeleteTasksPayload { deletedTaskIds } ... on Error { code message } } }';
    const refused = (await run<{ deleteTasks: any }>(t, tok.consultant!, DEL, { ids: [b.id, a.id] })).deleteTasks;
    expect(refused).toMatchObject({ message: '没有权限修改该任务' });
    expect(await t.db.workTask.count({ where: { id: { in: [a.databaseId, b.databaseId] } } })).toBe(2);
    const ok = (await run<{ deleteTasks: any }>(t, tok.consultant!, DEL, { ids: [b.id] })).deleteTasks;
    expect(ok.deletedTaskIds).toEqual([b.id]);
    expect(await t.db.workTask.count({ where: { id: b.databaseId } })).toBe(0);
  });
});

describe('additions', () => {
  const ADD = `mutation($input: AddTaskAdditionInput!) { addTaskAddition(input: $input) { __typename
    ... on TaskAdditionPayload { addition { id databaseId content author { databaseId } } task { additions { databaseId } } log { action } }
    ... on Error { code message } } }`;

  it("checks content, then task, then project, with the spec's words", async () => {
    const { task } = await newTask();
    expect((await run<{ addTaskAddition: any }>(t, tok.manager!, ADD, { input: { taskId: task.id, content: '<p> </p>' } })).addTaskAddition).toMatchObject({ message: '请输入内容。' });
    expect((await run<{ addTaskAddition: any }>(t, tok.manager!, ADD, { input: { content: '<p>补充</p>' } })).addTaskAddition).toMatchObject({ message: '任务错误。' });
    // A task the caller may not see is the same "wrong task".
    const hidden = await taskByTitle(t, '联系 Eton 招生办');
    expect((await run<{ addTaskAddition: any }>(t, tok.consultant!, ADD, { input: { taskId: gid('Task', hidden.id), content: '<p>x</p>' } })).addTaskAddition).toMatchObject({ message: '任务错误。' });
    await t.db.project.update({ where: { id: projects.tj! }, data: { deletedAt: new Date() } });
    try {
      const other = await t.db.workTask.findFirstOrThrow({ where: { projectId: projects.tj!, assignerId: ids.consultant } });
      expect((await run<{ addTaskAddition: any }>(t, tok.consultant!, ADD, { input: { taskId: gid('Task', other.id), content: '<p>x</p>' } })).addTaskAddition).toMatchObject({
        message: '项目不存在,无法保存',
      });
    } finally {
      await t.db.project.update({ where: { id: projects.tj! }, data: { deletedAt: null } });
    }
  });

  it('appends sanitised content, visible in the task and logged; only the author edits it', async () => {
    const { task } = await newTask();
    const res = (await run<{ addTaskAddition: any }>(t, tok.manager!, ADD, { input: { taskId: task.id, content: '<p onclick="x()">补充<img src="javascript:alert(1)"></p>' } })).addTaskAddition;
    expect(res.addition.content).toBe('<p>补充</p>');
    expect(res.task.additions.map((a: any) => a.databaseId)).toContain(res.addition.databaseId);
    expect(res.log.action).toBe('ADDITION');
    const EDIT = `mutation($input: UpdateTaskAdditionInput!) { updateTaskAddition(input: $input) { __typename ... on TaskAdditionPayload { addition { content } } ... on Error { message } } }`;
    expect((await run<{ updateTaskAddition: any }>(t, tok.consultant!, EDIT, { input: { id: res.addition.id, content: '<p>改</p>' } })).updateTaskAddition).toMatchObject({
      message: '只能修改自己追加的内容',
    });
    expect((await run<{ updateTaskAddition: any }>(t, tok.manager!, EDIT, { input: { id: res.addition.id, content: '<p>改</p>' } })).updateTaskAddition.addition.content).toBe('<p>改</p>');
  });
});

describe('daily reports and days without a log', () => {
  const REPORT = `mutation($input: ReportTaskDailyInput!) { reportTaskDaily(input: $input) { __typename
    ... on ReportTaskDailyPayload { day daysWithoutLog log { logNote reportDaily logTime } task { progress } }
    ... on Error { code message } } }`;

  it("offers missed weekdays; a late report is logged at 20:00 of that day in the reporter's zone", async () => {
    const { task } = await newTask();
    // Make the task ten days old.
    await t.db.workTask.update({ where: { id: task.databaseId }, data: { createdAt: new Date(Date.now() - 10 * 86_400_000) } });
    const days = (await run<{ daysWithoutLog: string[] }>(t, tok.consultant!, 'query($id: ID!) { daysWithoutLog(taskId: $id) }', { id: task.id })).daysWithoutLog;
    expect(days.length).toBeGreaterThanOrEqual(6);
    for (const d of days) expect([0, 6]).not.toContain(new Date(`${d}T12:00:00Z`).getUTCDay());
    const missed = days[1]!;
    expect((await run<{ reportTaskDaily: any }>(t, tok.consultant!, REPORT, { input: { taskId: task.id, content: '  ' } })).reportTaskDaily).toMatchObject({ message: '请填写每日汇报' });
    const res = (await run<{ reportTaskDaily: any }>(t, tok.consultant!, REPORT, { input: { taskId: task.id, content: '完成初稿', day: missed, progress: 30 } })).reportTaskDaily;
    expect(res).toMatchObject({ day: missed, log: { logNote: '每日汇报', reportDaily: '完成初稿' }, task: { progress: 30 } });
    // consultant works in Asia/Shanghai: 20:00 there is 12:00 UTC.
    expect(res.log.logTime).toBe(`${missed}T12:00:00.000Z`);
    expect(res.daysWithoutLog).not.toContain(missed);
    // The same day cannot be reported late twice.
    expect((await run<{ reportTaskDaily: any }>(t, tok.consultant!, REPORT, { input: { taskId: task.id, content: '再报', day: missed } })).reportTaskDaily).toMatchObject({
      message: '只能补报未汇报的日期',
    });
  });

  it('a report for today is logged now', async () => {
    const { task } = await newTask();
    const before = Date.now();
    const res = (await run<{ reportTaskDaily: any }>(t, tok.consultant!, REPORT, { input: { taskId: task.id, content: '今日完成' } })).reportTaskDaily;
    expect(new Date(res.log.logTime).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(await t.db.taskDailyReport.count({ where: { taskId: task.databaseId } })).toBe(1);
  });
});

describe('visibility: one policy for lists, node(id:) and mutations', () => {
  const LIST = `query($f: TaskFilter) { tasks(first: 200, filter: $f) { totalCount edges { node { databaseId title assigner { databaseId } executor { databaseId } } } } }`;

  it('a consultant sees what they assigned, execute or manage, and nothing of another consultant', async () => {
    const list = (await run<{ tasks: any }>(t, tok.consultant!, LIST)).tasks;
    const titles = list.edges.map((e: any) => e.node.title);
    expect(titles).toContain('整理 2027 申请季学生选校清单');
    expect(titles).toContain('TOEFL Junior 周末班排课');
    expect(titles).not.toContain('修订英国学校文书模板');
    expect(titles).not.toContain('联系 Eton 招生办');
    expect(list.totalCount).toBe(list.edges.length);
    const visible = await t.db.workTask.count({
      where: { OR: [{ assignerId: ids.consultant }, { executorId: ids.consultant }, { project: { managerId: ids.consultant } }] },
    });
    expect(list.totalCount).toBe(visible);
  });

  it("another consultant's task by id: node is null, every change answers NOT_FOUND and nothing changes", async () => {
    const hidden = await taskByTitle(t, '修订英国学校文书模板');
    const id = gid('Task', hidden.id);
    expect((await run<{ node: unknown }>(t, tok.consultant!, 'query($id: ID!) { node(id: $id) { id } }', { id })).node).toBeNull();
    expect((await run<{ daysWithoutLog: unknown }>(t, tok.consultant!, 'query($id: ID!) { daysWithoutLog(taskId: $id) }', { id })).daysWithoutLog).toBeNull();
    for (const name of ['completeTask', 'pauseTask', 'waitTask', 'abandonTask']) {
      expect(await act(tok.consultant!, name, id)).toMatchObject({ code: 'NOT_FOUND' });
    }
    const upd = await run<{ updateTask: Payload }>(t, tok.consultant!, `mutation($id: ID!) { updateTask(input: {id: $id, title: "x"}) { ${PAYLOAD} } }`, { id });
    expect(upd.updateTask).toMatchObject({ code: 'NOT_FOUND' });
    expect(await t.db.workTask.findUniqueOrThrow({ where: { id: hidden.id } })).toMatchObject({ title: hidden.title, state: hidden.state });
    // Its executor and the project's manager do see it; administrators see everything.
    for (const who of ['wang.fang', 'manager', 'admin']) {
      expect((await run<{ node: any }>(t, tok[who]!, 'query($id: ID!) { node(id: $id) { ... on Task { title } } }', { id })).node).toEqual({ title: hidden.title });
    }
  });

  it('filters by role, state, priority, project and search text', async () => {
    const byMe = (await run<{ tasks: any }>(t, tok.consultant!, LIST, { f: { role: 'ASSIGNED_BY_ME' } })).tasks.edges;
    expect(byMe.length).toBeGreaterThan(0);
    for (const e of byMe) expect(e.node.assigner.databaseId).toBe(ids.consultant);
    const toMe = (await run<{ tasks: any }>(t, tok.consultant!, LIST, { f: { role: 'ASSIGNED_TO_ME', state: 'PAUSED' } })).tasks.edges;
    expect(toMe.map((e: any) => e.node.title)).toContain('安排 SSAT 模考场地');
    for (const e of toMe) expect(e.node.executor.databaseId).toBe(ids.consultant);
    const search = (await run<{ tasks: any }>(t, tok.consultant!, LIST, { f: { search: 'Phillips', projectId: gid('Project', projects.us!) } })).tasks.edges;
    expect(search.map((e: any) => e.node.title)).toEqual(['提交 Phillips Academy 申请材料']);
    const literal = (await run<{ tasks: any }>(t, tok.consultant!, LIST, { f: { search: '%' } })).tasks.edges;
    expect(literal).toEqual([]);
  });

  it('filters by type, assigner and executor within what the caller sees, and sorts as asked (all tasks, issue 24)', async () => {
    const q = `query($f: TaskFilter, $o: TaskOrder) { tasks(first: 200, filter: $f, order: $o) { totalCount edges { node { databaseId title type priority assigner { databaseId } executor { databaseId } } } } }`;
    const list = async (f: Record<string, unknown>, o?: string) => (await run<{ tasks: any }>(t, tok.consultant!, q, { f, o })).tasks.edges.map((e: any) => e.node);
    const everything = await list({});
    const byAssigner = await list({ assignerId: gid('User', ids.consultant!) });
    expect(byAssigner.length).toBeGreaterThan(0);
    expect(byAssigner.every((n: any) => n.assigner.databaseId === ids.consultant)).toBe(true);
    expect(byAssigner.length).toBe(everything.filter((n: any) => n.assigner.databaseId === ids.consultant).length);
    const byExecutor = await list({ executorId: gid('User', ids.consultant!) });
    expect(byExecutor.every((n: any) => n.executor?.databaseId === ids.consultant)).toBe(true);
    expect(byExecutor.length).toBe(everything.filter((n: any) => n.executor?.databaseId === ids.consultant).length);
    // Another consultant's tasks stay out of sight whoever is named as their executor.
    const hidden = await taskByTitle(t, '修订英国学校文书模板');
    const theirs = await list({ executorId: gid('User', hidden.executorId!) });
    expect(theirs.map((n: any) => n.title)).not.toContain('修订英国学校文书模板');
    const bugs = await list({ type: 'BUG' });
    expect(bugs.every((n: any) => n.type === 'BUG')).toBe(true);
    expect(bugs.length + (await list({ type: 'NEW_TASK' })).length).toBe(everything.length);
    // An id of another type matches nothing.
    expect(await list({ assignerId: gid('Project', projects.us!) })).toEqual([]);

    const rank: Record<string, number> = { URGENT: 1, HIGH: 2, MEDIUM: 3, LOW: 4 };
    const byPriority = (await list({}, 'PRIORITY')).map((n: any) => rank[n.priority]);
    expect(byPriority).toEqual([...byPriority].sort((a, b) => a - b));
    const byTitle = (await list({}, 'TITLE')).map((n: any) => n.title);
    expect(new Set(byTitle)).toEqual(new Set(everything.map((n: any) => n.title)));
    expect((await list({}, 'OLDEST')).map((n: any) => n.databaseId)).toEqual(everything.map((n: any) => n.databaseId).reverse());
  });

  it('pages newest first with cursors', async () => {
    const q = `query($after: String) { tasks(first: 3, after: $after) { pageInfo { hasNextPage endCursor } edges { node { databaseId } } } }`;
    const one = (await run<{ tasks: any }>(t, tok.admin!, q)).tasks;
    const two = (await run<{ tasks: any }>(t, tok.admin!, q, { after: one.pageInfo.endCursor })).tasks;
    const idsSeen = [...one.edges, ...two.edges].map((e: any) => e.node.databaseId);
    expect(idsSeen).toEqual([...idsSeen].sort((a, b) => b - a));
    expect(new Set(idsSeen).size).toBe(6);
  });
});

describe('taskStatistics', () => {
  it("counts the caller's tasks by state and today's work", async () => {
    const q = '{ taskStatistics { day todo paused waiting urgent completed created reported assignedOpen unreported } }';
    const before = (await run<{ taskStatistics: any }>(t, tok.lecturer!, q)).taskStatistics;
    const { task } = await newTask(tok.consultant!, 'lecturer', { projectId: gid('Project', projects.tj!), priority: 'URGENT' });
    await act(tok.lecturer!, 'completeTask', (await newTask(tok.consultant!, 'lecturer', { projectId: gid('Project', projects.tj!) })).task.id);
    const after = (await run<{ taskStatistics: any }>(t, tok.lecturer!, q)).taskStatistics;
    expect(after.todo).toBe(before.todo + 1);
    expect(after.urgent).toBe(before.urgent + 1);
    expect(after.completed).toBe(before.completed + 1);
    expect(after.unreported).toBe(before.unreported + 1);
    expect(after.day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(task.state).toBe('INCOMPLETE');
  });
});

describe('addTaskToSchedule and saveScheduleEntries', () => {
  const ADD = `mutation($input: AddTaskToScheduleInput!) { addTaskToSchedule(input: $input) { __typename
    ... on AddTaskToSchedulePayload { task { databaseId } scheduleEntries { id databaseId workDate beginAt endAt workHours scheduleType taskIds project { databaseId } employee { databaseId } } }
    ... on Error { code message } } }`;
  const SAVE = `mutation($input: SaveScheduleEntriesInput!) { saveScheduleEntries(input: $input) { __typename
    ... on SaveScheduleEntriesPayload { scheduleEntries { databaseId workHours taskIds } }
    ... on Error { code message } } }`;

  it("adds a task with the defaults (09:00–18:30 in the employee's zone, regular, the task's project)", async () => {
    const { task } = await newTask();
    const res = (await run<{ addTaskToSchedule: any }>(t, tok.consultant!, ADD, { input: { taskId: task.id, rows: [{ workDate: '2026-12-03', hours: 6.5 }] } })).addTaskToSchedule;
    expect(res.__typename).toBe('AddTaskToSchedulePayload');
    expect(res.scheduleEntries).toEqual([
      expect.objectContaining({
        workDate: '2026-12-03',
        beginAt: '2026-12-03T01:00:00.000Z',
        endAt: '2026-12-03T10:30:00.000Z',
        workHours: 6.5,
        scheduleType: 1,
        taskIds: [task.databaseId],
        project: { databaseId: projects.us },
        employee: { databaseId: ids.consultant },
      }),
    ]);
  });

  it('refuses missing hours (请填写工时, in English too) and a completed task', async () => {
    const { task } = await newTask();
    expect((await run<{ addTaskToSchedule: any }>(t, tok.consultant!, ADD, { input: { taskId: task.id, rows: [{ workDate: '2026-12-03' }] } })).addTaskToSchedule).toMatchObject({
      __typename: 'InputError',
      message: '请填写工时',
    });
    const own = await newTask(tok.manager!, 'yang.fan');
    expect((await run<{ addTaskToSchedule: any }>(t, tok['yang.fan']!, ADD, { input: { taskId: own.task.id, rows: [{ workDate: '2026-12-03' }] } })).addTaskToSchedule).toMatchObject({
      message: 'Please enter the hours',
    });
    await act(tok.consultant!, 'completeTask', task.id);
    const before = await t.db.scheduleEntry.count();
    expect((await run<{ addTaskToSchedule: any }>(t, tok.consultant!, ADD, { input: { taskId: task.id, rows: [{ workDate: '2026-12-03', hours: 2 }] } })).addTaskToSchedule).toMatchObject({
      __typename: 'RuleError',
      message: '任务已完成，不允许加入档期!',
    });
    expect(await t.db.scheduleEntry.count()).toBe(before);
  });

  it('saves rows per project, each with its hours, all or nothing', async () => {
    const { task } = await newTask();
    const rows = [
      { workDate: '2026-12-04', projectId: gid('Project', projects.us!), hours: 4, begin: '09:00', end: '13:00', taskIds: [task.id] },
      { workDate: '2026-12-04', projectId: gid('Project', projects.tj!), hours: 3, begin: '14:00', end: '17:00', scheduleType: 'OVERTIME' },
    ];
    const ok = (await run<{ saveScheduleEntries: any }>(t, tok.consultant!, SAVE, { input: { rows } })).saveScheduleEntries;
    expect(ok.scheduleEntries).toEqual([
      { databaseId: expect.any(Number), workHours: 4, taskIds: [task.databaseId] },
      { databaseId: expect.any(Number), workHours: 3, taskIds: [] },
    ]);
    const before = await t.db.scheduleEntry.count();
    const bad = (await run<{ saveScheduleEntries: any }>(t, tok.consultant!, SAVE, { input: { rows: [rows[0], { ...rows[1], hours: null }] } })).saveScheduleEntries;
    expect(bad).toMatchObject({ message: '请填写工时' });
    const noProject = (await run<{ saveScheduleEntries: any }>(t, tok.consultant!, SAVE, { input: { rows: [{ workDate: '2026-12-04', hours: 1 }] } })).saveScheduleEntries;
    expect(noProject).toMatchObject({ message: '请选择项目' });
    expect(await t.db.scheduleEntry.count()).toBe(before);
  });
});
