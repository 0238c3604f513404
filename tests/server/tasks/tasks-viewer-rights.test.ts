/**
 * The rules the client reads instead of recomputing: viewerCanReassign, viewerCanChangePriority,
 * viewerCanReport, viewerCanSchedule, viewerTransitions (Task) and viewerCanEdit (TaskAddition),
 * answered for the assigner, the executor, the project's manager, an administrator and a stranger.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app.ts';
import { gid, idOf, projectId, run, tokens } from './support.ts';

let t: TestApp;
let tok: Record<string, string>;
let taskGid: string;

const RIGHTS = `query($id: ID!) { node(id: $id) { ... on Task {
  state viewerCanEdit viewerCanReassign viewerCanChangePriority viewerCanReport viewerCanSchedule viewerTransitions
  additions { viewerCanEdit }
} } }`;

type Rights = {
  state: string;
  viewerCanEdit: boolean;
  viewerCanReassign: boolean;
  viewerCanChangePriority: boolean;
  viewerCanReport: boolean;
  viewerCanSchedule: boolean;
  viewerTransitions: string[];
  additions: Array<{ viewerCanEdit: boolean }>;
} | null;

const rights = async (account: string) => (await run<{ node: Rights }>(t, tok[account]!, RIGHTS, { id: taskGid })).node;
const act = (account: string, mutation: string) => run(t, tok[account]!, `mutation($id: ID!) { ${mutation}(input: {id: $id}) { __typename } }`, { id: taskGid });

beforeAll(async () => {
  t = await createTestApp();
  // The project P2027-US is managed by `manager`; consultant assigns to lecturer; wang.fang is a stranger.
  tok = await tokens(t, 'admin', 'manager', 'consultant', 'lecturer', 'wang.fang');
  const created = await run<{ createTask: { task: { id: string } } }>(t, tok.consultant!, `mutation($input: CreateTaskInput!) { createTask(input: $input) { ... on TaskPayload { task { id } } } }`, {
    input: { projectId: gid('Project', await projectId(t, 'P2027-US')), title: 'viewer rights', executorId: gid('User', await idOf(t, 'lecturer')) },
  });
  taskGid = created.createTask.task.id;
  await run(t, tok.lecturer!, `mutation($input: AddTaskAdditionInput!) { addTaskAddition(input: $input) { __typename } }`, { input: { taskId: taskGid, content: '<p>note</p>' } });
});

afterAll(async () => {
  await t.close();
});

describe('viewer rights on an incomplete task', () => {
  it('assigner: edits, reassigns, changes priority, every transition from incomplete including abandon', async () => {
    expect(await rights('consultant')).toEqual({
      state: 'INCOMPLETE',
      viewerCanEdit: true,
      viewerCanReassign: true,
      viewerCanChangePriority: true,
      viewerCanReport: true,
      viewerCanSchedule: true,
      viewerTransitions: ['complete', 'pause', 'wait', 'abandon'],
      additions: [{ viewerCanEdit: false }],
    });
  });

  it('executor: works on it (no abandon), cannot edit, reassign or change priority; edits the addition it wrote', async () => {
    expect(await rights('lecturer')).toEqual({
      state: 'INCOMPLETE',
      viewerCanEdit: false,
      viewerCanReassign: false,
      viewerCanChangePriority: false,
      viewerCanReport: true,
      viewerCanSchedule: true,
      viewerTransitions: ['complete', 'pause', 'wait'],
      additions: [{ viewerCanEdit: true }],
    });
  });

  it('project manager: reassigns and changes priority but does not edit or abandon', async () => {
    expect(await rights('manager')).toEqual({
      state: 'INCOMPLETE',
      viewerCanEdit: false,
      viewerCanReassign: true,
      viewerCanChangePriority: true,
      viewerCanReport: true,
      viewerCanSchedule: true,
      viewerTransitions: ['complete', 'pause', 'wait'],
      additions: [{ viewerCanEdit: false }],
    });
  });

  it('administrator: everything, including the additions of others', async () => {
    expect(await rights('admin')).toMatchObject({
      viewerCanEdit: true,
      viewerCanReassign: true,
      viewerCanChangePriority: true,
      viewerTransitions: ['complete', 'pause', 'wait', 'abandon'],
      additions: [{ viewerCanEdit: true }],
    });
  });

  it('stranger: does not see the task at all', async () => {
    expect(await rights('wang.fang')).toBeNull();
  });
});

describe('the answers follow the state', () => {
  it('complete: report and undo allowed, no reassign, no schedule; paused and waiting offer their way back', async () => {
    await act('lecturer', 'completeTask');
    expect(await rights('manager')).toMatchObject({ state: 'COMPLETE', viewerCanReassign: false, viewerCanChangePriority: true, viewerCanReport: true, viewerCanSchedule: false, viewerTransitions: ['undoComplete'] });
    await act('lecturer', 'undoCompleteTask');
    await act('lecturer', 'pauseTask');
    expect(await rights('lecturer')).toMatchObject({ state: 'PAUSED', viewerCanReport: true, viewerTransitions: ['resume'] });
    expect(await rights('consultant')).toMatchObject({ viewerCanReassign: true, viewerTransitions: ['resume', 'abandon'] });
    await act('lecturer', 'resumeTask');
    await act('lecturer', 'waitTask');
    expect(await rights('lecturer')).toMatchObject({ state: 'WAITING', viewerTransitions: ['stopWaiting'] });
  });

  it('abandoned: nothing left but the editing right', async () => {
    await act('consultant', 'abandonTask');
    expect(await rights('consultant')).toMatchObject({
      state: 'ABANDONED',
      viewerCanEdit: true,
      viewerCanReassign: false,
      viewerCanReport: false,
      viewerCanSchedule: true,
      viewerTransitions: [],
    });
  });
});
