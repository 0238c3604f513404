import { builder } from '../../graphql/builder.ts';
import { localId, type GlobalIdInput } from '../../graphql/ids.ts';
import { mutationErrors } from '../../graphql/errors.ts';
import { encodeGlobalID } from '@pothos/plugin-relay';
import { addTaskToSchedule, saveScheduleEntries, SCHEDULE_TYPES, type SavedEntry } from './tasks.service.ts';
import { TaskAdditionNode, TaskNode, TaskPriorityEnum, TaskTypeEnum } from './tasks.node.ts';
import {
  addTaskAddition,
  assignTask,
  changeTaskPriority,
  createTask,
  daysWithoutLog,
  deleteTasks,
  reportTaskDaily,
  transitionTask,
  updateTask,
  updateTaskAddition,
  updateTaskProgress,
  type AdditionWriteResult,
  type TaskWriteResult,
  type Transition,
} from './tasks.service.ts';

// ── payloads ──

const TaskPayload = builder.objectRef<TaskWriteResult>('TaskPayload').implement({
  description: 'The changed task and the log line the change wrote.',
  fields: (t) => ({
    task: t.prismaField({ type: 'WorkTask', resolve: (query, p, _a, ctx) => ctx.db.workTask.findUniqueOrThrow({ ...query, where: { id: p.taskId } }) }),
    log: t.prismaField({
      type: 'TaskLog',
      nullable: true,
      resolve: (query, p, _a, ctx) => (p.logId ? ctx.db.taskLog.findUnique({ ...query, where: { id: p.logId } }) : null),
    }),
  }),
});

const TaskAdditionPayload = builder.objectRef<AdditionWriteResult>('TaskAdditionPayload').implement({
  description: 'The addition, its task and the log line.',
  fields: (t) => ({
    addition: t.prismaField({ type: 'TaskAddition', resolve: (query, p, _a, ctx) => ctx.db.taskAddition.findUniqueOrThrow({ ...query, where: { id: p.additionId } }) }),
    task: t.prismaField({ type: 'WorkTask', resolve: (query, p, _a, ctx) => ctx.db.workTask.findUniqueOrThrow({ ...query, where: { id: p.taskId } }) }),
    log: t.prismaField({
      type: 'TaskLog',
      nullable: true,
      resolve: (query, p, _a, ctx) => (p.logId ? ctx.db.taskLog.findUnique({ ...query, where: { id: p.logId } }) : null),
    }),
  }),
});

const ReportTaskDailyPayload = builder.objectRef<TaskWriteResult & { day: string }>('ReportTaskDailyPayload').implement({
  description: 'The task, the 每日汇报 log line, and the days still without a report.',
  fields: (t) => ({
    task: t.prismaField({ type: 'WorkTask', resolve: (query, p, _a, ctx) => ctx.db.workTask.findUniqueOrThrow({ ...query, where: { id: p.taskId } }) }),
    log: t.prismaField({
      type: 'TaskLog',
      nullable: true,
      resolve: (query, p, _a, ctx) => (p.logId ? ctx.db.taskLog.findUnique({ ...query, where: { id: p.logId } }) : null),
    }),
    day: t.field({ type: 'Date', description: 'The day reported on.', resolve: (p) => p.day }),
    daysWithoutLog: t.field({ type: ['Date'], resolve: (p, _a, ctx) => daysWithoutLog(ctx, p.taskId) }),
  }),
});

const DeleteTasksPayload = builder.objectRef<{ ids: number[] }>('DeleteTasksPayload').implement({
  fields: (t) => ({
    deletedTaskIds: t.idList({ description: 'Global ids of the deleted tasks (for @deleteRecord).', resolve: (p) => p.ids.map((id) => encodeGlobalID('Task', id)) }),
  }),
});

export const ScheduleEntryTypeEnum = builder.enumType('ScheduleEntryType', {
  description: 'Legacy scheduleType: 1 regular (default), 2 overtime.',
  values: { REGULAR: { value: SCHEDULE_TYPES.REGULAR }, OVERTIME: { value: SCHEDULE_TYPES.OVERTIME } } as const,
});

const AddTaskToSchedulePayload = builder.objectRef<{ taskId: number; entries: SavedEntry[] }>('AddTaskToSchedulePayload').implement({
  fields: (t) => ({
    task: t.prismaField({ type: 'WorkTask', resolve: (query, p, _a, ctx) => ctx.db.workTask.findUniqueOrThrow({ ...query, where: { id: p.taskId } }) }),
    scheduleEntries: t.prismaField({
      type: ['ScheduleEntry'],
      description: 'The schedule entries written, in order.',
      resolve: (query, p, _a, ctx) => ctx.db.scheduleEntry.findMany({ ...query, where: { id: { in: p.entries.map((e) => e.id) } }, orderBy: { id: 'asc' } }),
    }),
  }),
});

const SaveScheduleEntriesPayload = builder.objectRef<{ entries: SavedEntry[] }>('SaveScheduleEntriesPayload').implement({
  fields: (t) => ({
    scheduleEntries: t.prismaField({
      type: ['ScheduleEntry'],
      description: 'The schedule entries written, in order.',
      resolve: (query, p, _a, ctx) => ctx.db.scheduleEntry.findMany({ ...query, where: { id: { in: p.entries.map((e) => e.id) } }, orderBy: { id: 'asc' } }),
    }),
  }),
});

// ── inputs ──

const taskFormFields = (t: Parameters<Parameters<typeof builder.inputType>[1]['fields']>[0]) => ({
  projectId: t.globalID({ description: 'A Project id (required: 请选择项目).' }),
  title: t.string({ description: 'Required (请填写任务标题), at most 200 characters.' }),
  content: t.string({ description: 'Rich HTML; sanitised; at most 10000 characters of text.' }),
  executorId: t.globalID({ description: 'A User id (required: 请选择执行任务人员).' }),
  priority: t.field({ type: TaskPriorityEnum, description: 'Default MEDIUM.' }),
  type: t.field({ type: TaskTypeEnum, description: 'Default NEW_TASK.' }),
  skillStackId: t.int({ description: 'Skill stack database id; -1 or null for none.' }),
});

const CreateTaskInput = builder.inputType('CreateTaskInput', { fields: (t) => taskFormFields(t) });
const UpdateTaskInput = builder.inputType('UpdateTaskInput', {
  description: 'Fields left out keep their value.',
  fields: (t) => ({ id: t.globalID({ required: true, for: [TaskNode] }), ...taskFormFields(t) }),
});

type TaskForm = {
  projectId?: GlobalIdInput;
  title?: string | null;
  content?: string | null;
  executorId?: GlobalIdInput;
  priority?: number | null;
  type?: number | null;
  skillStackId?: number | null;
};
const serviceForm = (f: TaskForm) => ({
  projectId: localId(f.projectId, 'Project'),
  taskTitle: f.title ?? undefined,
  taskContent: f.content ?? undefined,
  designeeId: localId(f.executorId, 'User'),
  priority: f.priority ?? undefined,
  taskType: f.type ?? undefined,
  skillStackId: f.skillStackId ?? undefined,
});

const taskIdInput = (name: string, description?: string) => builder.inputType(name, { description, fields: (t) => ({ id: t.globalID({ required: true, for: [TaskNode] }) }) });

const ScheduleRowInput = builder.inputType('ScheduleRowInput', {
  description: "One block of work: hours are required (请填写工时); times default to 09:00–18:30 in the employee's zone.",
  fields: (t) => ({
    id: t.int({ description: 'Database id of an entry to change; leave out to add one (saveScheduleEntries only).' }),
    workDate: t.field({ type: 'Date', required: true }),
    workDate2: t.field({ type: 'Date', description: 'The day the block ends, when later than workDate (e.g. overtime past midnight).' }),
    employeeId: t.globalID({ description: 'A User id; default the caller. Others need the manager role.' }),
    projectId: t.globalID({ description: "A Project id; addTaskToSchedule defaults to the task's project." }),
    scheduleType: t.field({ type: ScheduleEntryTypeEnum, description: 'Default REGULAR.' }),
    begin: t.string({ description: 'HH:mm, default 09:00.' }),
    end: t.string({ description: 'HH:mm, default 18:30.' }),
    hours: t.float({ description: 'Hours worked, above 0 and at most 24 (required).' }),
    taskIds: t.globalIDList({ description: 'Task ids the block is booked for.' }),
    content: t.string(),
  }),
});

type RowArg = {
  id?: number | null;
  workDate: string;
  workDate2?: string | null;
  employeeId?: GlobalIdInput;
  projectId?: GlobalIdInput;
  scheduleType?: number | null;
  begin?: string | null;
  end?: string | null;
  hours?: number | null;
  taskIds?: Array<{ typename: string; id: string }> | null;
  content?: string | null;
};
const serviceRow = (r: RowArg) => ({
  id: r.id ?? undefined,
  workDate: r.workDate,
  workDate2: r.workDate2 ?? undefined,
  employeeId: localId(r.employeeId, 'User'),
  projectId: localId(r.projectId, 'Project'),
  scheduleType: r.scheduleType ?? undefined,
  workTimeBegin: r.begin ?? undefined,
  workTimeEnd: r.end ?? undefined,
  workHours: r.hours ?? undefined,
  workTaskIds: (r.taskIds ?? []).map((g) => localId(g, 'Task')),
  content: r.content ?? undefined,
});

// ── mutations ──

const TRANSITION_MUTATIONS: Array<[string, Transition, string]> = [
  ['undoCompleteTask', 'undoComplete', 'Undoes a completion (2→1). Undone by someone other than the executor, it records a complaint (记投诉一次).'],
  ['pauseTask', 'pause', 'Pauses an incomplete task (1→4).'],
  ['resumeTask', 'resume', 'Resumes a paused task (4→1).'],
  ['waitTask', 'wait', 'Sets an incomplete task to waiting (1→5).'],
  ['stopWaitingTask', 'stopWaiting', 'Ends waiting (5→1).'],
  ['abandonTask', 'abandon', 'Abandons a task that is not complete (→3); its assigner only.'],
];

builder.mutationFields((t) => ({
  createTask: t.field({
    type: TaskPayload,
    errors: mutationErrors,
    description: 'Creates a task assigned by the caller (logs 新建). Checked in order: project, title, executor.',
    args: { input: t.arg({ type: CreateTaskInput, required: true }) },
    resolve: (_r, { input }, ctx) => createTask(ctx, serviceForm(input)),
  }),
  updateTask: t.field({
    type: TaskPayload,
    errors: mutationErrors,
    description: 'Edits a task; only its assigner may (没有权限修改该任务). Logs 更新任务.',
    args: { input: t.arg({ type: UpdateTaskInput, required: true }) },
    resolve: (_r, { input }, ctx) => updateTask(ctx, { id: input.id.id, ...serviceForm(input) }),
  }),
  deleteTasks: t.field({
    type: DeleteTasksPayload,
    errors: mutationErrors,
    description: 'Deletes tasks the caller assigned; all or nothing.',
    args: { input: t.arg({ type: builder.inputType('DeleteTasksInput', { fields: (f) => ({ ids: f.globalIDList({ required: true, for: [TaskNode] }) }) }), required: true }) },
    resolve: (_r, { input }, ctx) => deleteTasks(ctx, { ids: input.ids.map((g) => g.id) }),
  }),
  assignTask: t.field({
    type: TaskPayload,
    errors: mutationErrors,
    description: 'Reassigns a task (重新指派); an unassigned task becomes incomplete.',
    args: {
      input: t.arg({
        type: builder.inputType('AssignTaskInput', {
          fields: (f) => ({ id: f.globalID({ required: true, for: [TaskNode] }), executorId: f.globalID({ description: 'A User id (required: 请选择执行人员).' }) }),
        }),
        required: true,
      }),
    },
    resolve: (_r, { input }, ctx) => assignTask(ctx, { id: input.id.id, designeeId: localId(input.executorId, 'User') }),
  }),
  changeTaskPriority: t.field({
    type: TaskPayload,
    errors: mutationErrors,
    args: {
      input: t.arg({
        type: builder.inputType('ChangeTaskPriorityInput', {
          fields: (f) => ({ id: f.globalID({ required: true, for: [TaskNode] }), priority: f.field({ type: TaskPriorityEnum, required: true }) }),
        }),
        required: true,
      }),
    },
    resolve: (_r, { input }, ctx) => changeTaskPriority(ctx, { id: input.id.id, priority: input.priority }),
  }),
  completeTask: t.field({
    type: TaskPayload,
    errors: mutationErrors,
    description: 'Completes an incomplete task (1→2); a bug needs feedback (问题反馈).',
    args: {
      input: t.arg({
        type: builder.inputType('CompleteTaskInput', {
          fields: (f) => ({ id: f.globalID({ required: true, for: [TaskNode] }), feedback: f.string({ description: 'Required for a bug.' }) }),
        }),
        required: true,
      }),
    },
    resolve: (_r, { input }, ctx) => transitionTask(ctx, 'complete', { id: input.id.id, feedback: input.feedback ?? undefined }),
  }),
  ...Object.fromEntries(
    TRANSITION_MUTATIONS.map(([name, transition, description]) => [
      name,
      t.field({
        type: TaskPayload,
        errors: mutationErrors,
        description,
        args: { input: t.arg({ type: taskIdInput(`${name[0]!.toUpperCase()}${name.slice(1)}Input`), required: true }) },
        resolve: (_r, { input }, ctx) => transitionTask(ctx, transition, { id: input.id.id }),
      }),
    ]),
  ),
  updateTaskProgress: t.field({
    type: TaskPayload,
    errors: mutationErrors,
    args: {
      input: t.arg({
        type: builder.inputType('UpdateTaskProgressInput', {
          fields: (f) => ({ id: f.globalID({ required: true, for: [TaskNode] }), progress: f.int({ required: true, description: '0 to 100.' }) }),
        }),
        required: true,
      }),
    },
    resolve: (_r, { input }, ctx) => updateTaskProgress(ctx, { id: input.id.id, progress: input.progress }),
  }),
  addTaskAddition: t.field({
    type: TaskAdditionPayload,
    errors: mutationErrors,
    description: 'Appends an addition (追加任务). Checked in order: content, task, project.',
    args: {
      input: t.arg({
        type: builder.inputType('AddTaskAdditionInput', {
          fields: (f) => ({ taskId: f.globalID({ for: [TaskNode] }), content: f.string({ description: 'Rich HTML; sanitised.' }) }),
        }),
        required: true,
      }),
    },
    resolve: (_r, { input }, ctx) => addTaskAddition(ctx, { workTaskId: input.taskId?.id, contentAddition: input.content ?? undefined }),
  }),
  updateTaskAddition: t.field({
    type: TaskAdditionPayload,
    errors: mutationErrors,
    description: 'Edits an addition; its author only.',
    args: {
      input: t.arg({
        type: builder.inputType('UpdateTaskAdditionInput', {
          fields: (f) => ({ id: f.globalID({ required: true, for: [TaskAdditionNode] }), content: f.string() }),
        }),
        required: true,
      }),
    },
    resolve: (_r, { input }, ctx) => updateTaskAddition(ctx, { id: input.id.id, contentAddition: input.content ?? undefined }),
  }),
  reportTaskDaily: t.field({
    type: ReportTaskDailyPayload,
    errors: mutationErrors,
    description: "Writes a daily report (每日汇报). With a missed `day` the log time is 20:00 of that day in the caller's zone, otherwise now.",
    args: {
      input: t.arg({
        type: builder.inputType('ReportTaskDailyInput', {
          fields: (f) => ({
            taskId: f.globalID({ required: true, for: [TaskNode] }),
            content: f.string({ description: 'The report (required), plain text.' }),
            day: f.field({ type: 'Date', description: 'A day from daysWithoutLog; leave out for today.' }),
            progress: f.int({ description: 'Optionally also set the progress, 0 to 100.' }),
          }),
        }),
        required: true,
      }),
    },
    resolve: (_r, { input }, ctx) => reportTaskDaily(ctx, { id: input.taskId.id, reportDaily: input.content ?? undefined, day: input.day ?? undefined, progress: input.progress ?? undefined }),
  }),
  addTaskToSchedule: t.field({
    type: AddTaskToSchedulePayload,
    errors: mutationErrors,
    description: 'Adds a task to a schedule (加入档期), one entry per row. A completed task is refused.',
    args: {
      input: t.arg({
        type: builder.inputType('AddTaskToScheduleInput', {
          fields: (f) => ({
            taskId: f.globalID({ required: true, for: [TaskNode] }),
            employeeId: f.globalID({ description: 'Whose schedule; default the caller.' }),
            rows: f.field({ type: [ScheduleRowInput], required: true }),
          }),
        }),
        required: true,
      }),
    },
    resolve: (_r, { input }, ctx) => addTaskToSchedule(ctx, { taskId: input.taskId.id, employeeId: localId(input.employeeId, 'User'), rows: input.rows.map(serviceRow) }),
  }),
  saveScheduleEntries: t.field({
    type: SaveScheduleEntriesPayload,
    errors: mutationErrors,
    description: 'Saves schedule entries (rows per project with hours); all or nothing.',
    args: {
      input: t.arg({
        type: builder.inputType('SaveScheduleEntriesInput', { fields: (f) => ({ rows: f.field({ type: [ScheduleRowInput], required: true }) }) }),
        required: true,
      }),
    },
    resolve: async (_r, { input }, ctx) => ({ entries: await saveScheduleEntries(ctx, { rows: input.rows.map(serviceRow) }) }),
  }),
}));
