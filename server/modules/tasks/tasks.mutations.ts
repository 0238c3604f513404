import { builder } from '../../graphql/builder.ts';
import { atDoor } from '../../lib/validate.ts';
import { localId, type GlobalIdInput } from '../../graphql/ids.ts';
import { mutationErrors } from '../../graphql/errors.ts';
import { encodeGlobalID } from '@pothos/plugin-relay';
import { addTaskToSchedule, addTaskToScheduleInput, deleteScheduleEntries, deleteScheduleEntriesInput, saveScheduleEntries, saveScheduleEntriesInput, SCHEDULE_TYPES, type SavedEntry } from './tasks.service.ts';
import { TaskAdditionNode, TaskNode, TaskPriorityEnum, TaskTypeEnum } from './tasks.node.ts';
import {
  addTaskAddition,
  addTaskAdditionInput,
  assignTask,
  assignTaskInput,
  changeTaskPriority,
  changeTaskPriorityInput,
  createTask,
  createTaskInput,
  daysWithoutLog,
  deleteTasks,
  reportTaskDaily,
  reportTaskDailyInput,
  taskIdsInput,
  transitionTask,
  transitionTaskInput,
  updateTask,
  updateTaskAddition,
  updateTaskAdditionInput,
  updateTaskInput,
  updateTaskProgress,
  updateTaskProgressInput,
  type AdditionWriteResult,
  type TaskWriteResult,
  type Transition,
} from './tasks.service.ts';

// ── payloads ──

const TaskPayload = builder.objectRef<TaskWriteResult>('TaskPayload').implement({
  description: 'The changed task and the log line the change wrote.',
  fields: (t) => ({
    task: t.prismaField({ description: 'The task after the change.', type: 'WorkTask', resolve: (query, p, _a, ctx) => ctx.db.workTask.findUniqueOrThrow({ ...query, where: { id: p.taskId } }) }),
    log: t.prismaField({
      description: 'The log line the change wrote; null when it wrote none.',
      type: 'TaskLog',
      nullable: true,
      resolve: (query, p, _a, ctx) => (p.logId ? ctx.db.taskLog.findUnique({ ...query, where: { id: p.logId } }) : null),
    }),
  }),
});

const TaskAdditionPayload = builder.objectRef<AdditionWriteResult>('TaskAdditionPayload').implement({
  description: 'The addition, its task and the log line.',
  fields: (t) => ({
    addition: t.prismaField({ description: 'The addition written.', type: 'TaskAddition', resolve: (query, p, _a, ctx) => ctx.db.taskAddition.findUniqueOrThrow({ ...query, where: { id: p.additionId } }) }),
    task: t.prismaField({ description: 'The task it belongs to.', type: 'WorkTask', resolve: (query, p, _a, ctx) => ctx.db.workTask.findUniqueOrThrow({ ...query, where: { id: p.taskId } }) }),
    log: t.prismaField({
      description: 'The log line written; null when none.',
      type: 'TaskLog',
      nullable: true,
      resolve: (query, p, _a, ctx) => (p.logId ? ctx.db.taskLog.findUnique({ ...query, where: { id: p.logId } }) : null),
    }),
  }),
});

const ReportTaskDailyPayload = builder.objectRef<TaskWriteResult & { day: string }>('ReportTaskDailyPayload').implement({
  description: 'The task, the 每日汇报 log line, and the days still without a report.',
  fields: (t) => ({
    task: t.prismaField({ description: 'The task reported on.', type: 'WorkTask', resolve: (query, p, _a, ctx) => ctx.db.workTask.findUniqueOrThrow({ ...query, where: { id: p.taskId } }) }),
    log: t.prismaField({
      description: 'The 每日汇报 (DAILY_REPORT) log line written.',
      type: 'TaskLog',
      nullable: true,
      resolve: (query, p, _a, ctx) => (p.logId ? ctx.db.taskLog.findUnique({ ...query, where: { id: p.logId } }) : null),
    }),
    day: t.field({ type: 'Date', description: 'The day reported on.', resolve: (p) => p.day }),
    daysWithoutLog: t.field({ description: 'The days still without a report on the task, newest first (as Query.daysWithoutLog).', type: ['Date'], resolve: (p, _a, ctx) => daysWithoutLog(ctx, p.taskId) }),
  }),
});

const DeleteScheduleEntriesPayload = builder.objectRef<{ ids: number[] }>('DeleteScheduleEntriesPayload').implement({
  description: 'The schedule entries deleted.',
  fields: (t) => ({
    deletedScheduleEntryIds: t.idList({ description: 'Global ids of the deleted entries (for @deleteRecord).', resolve: (p) => p.ids.map((id) => encodeGlobalID('ScheduleEntry', id)) }),
  }),
});

const DeleteTasksPayload = builder.objectRef<{ ids: number[] }>('DeleteTasksPayload').implement({
  description: 'The tasks deleted.',
  fields: (t) => ({
    deletedTaskIds: t.idList({ description: 'Global ids of the deleted tasks (for @deleteRecord).', resolve: (p) => p.ids.map((id) => encodeGlobalID('Task', id)) }),
  }),
});

export const ScheduleEntryTypeEnum = builder.enumType('ScheduleEntryType', {
  description: 'Legacy scheduleType: 1 regular (default), 2 overtime.',
  values: { REGULAR: { value: SCHEDULE_TYPES.REGULAR, description: '1: regular working hours.' }, OVERTIME: { value: SCHEDULE_TYPES.OVERTIME, description: '2: overtime.' } } as const,
});

const AddTaskToSchedulePayload = builder.objectRef<{ taskId: number; entries: SavedEntry[] }>('AddTaskToSchedulePayload').implement({
  description: 'The task and the schedule entries booked for it.',
  fields: (t) => ({
    task: t.prismaField({ description: 'The task booked.', type: 'WorkTask', resolve: (query, p, _a, ctx) => ctx.db.workTask.findUniqueOrThrow({ ...query, where: { id: p.taskId } }) }),
    scheduleEntries: t.prismaField({
      type: ['ScheduleEntry'],
      description: 'The schedule entries written, in order.',
      resolve: (query, p, _a, ctx) => ctx.db.scheduleEntry.findMany({ ...query, where: { id: { in: p.entries.map((e) => e.id) } }, orderBy: { id: 'asc' } }),
    }),
  }),
});

const SaveScheduleEntriesPayload = builder.objectRef<{ entries: SavedEntry[] }>('SaveScheduleEntriesPayload').implement({
  description: 'The schedule entries written.',
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

const CreateTaskInput = builder.inputType('CreateTaskInput', { description: 'A new task: project, title and executor are required (checked in that order).', fields: (t) => taskFormFields(t) });
const UpdateTaskInput = builder.inputType('UpdateTaskInput', {
  description: 'Fields left out keep their value.',
  fields: (t) => ({ id: t.globalID({ description: 'The Task to edit.', required: true, for: [TaskNode] }), ...taskFormFields(t) }),
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

const taskIdInput = (name: string, description = 'The task whose state changes.') =>
  builder.inputType(name, { description, fields: (t) => ({ id: t.globalID({ description: 'The Task to change.', required: true, for: [TaskNode] }) }) });

const ScheduleRowInput = builder.inputType('ScheduleRowInput', {
  description: "One block of work: hours are required (请填写工时); times default to 09:00–18:30 in the employee's zone.",
  fields: (t) => ({
    id: t.int({ description: 'Database id of an entry to change; leave out to add one (saveScheduleEntries only).' }),
    workDate: t.field({ description: "The day the block starts (yyyy-MM-dd, in the employee's time zone).", type: 'Date', required: true }),
    workDate2: t.field({ type: 'Date', description: 'The day the block ends, when later than workDate (e.g. overtime past midnight).' }),
    employeeId: t.globalID({ description: 'A User id; default the caller. Others need the manager role.' }),
    projectId: t.globalID({ description: "A Project id; addTaskToSchedule defaults to the task's project." }),
    scheduleType: t.field({ type: ScheduleEntryTypeEnum, description: 'Default REGULAR.' }),
    begin: t.string({ description: 'HH:mm, default 09:00.' }),
    end: t.string({ description: 'HH:mm, default 18:30.' }),
    hours: t.float({ description: 'Hours worked, above 0 and at most 24 (required).' }),
    taskIds: t.globalIDList({ description: 'Task ids the block is booked for.' }),
    content: t.string({ description: 'What was done, plain text.' }),
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
  [
    'undoCompleteTask',
    'undoComplete',
    'Undoes a completion: COMPLETE → INCOMPLETE (logs 撤销完成). Undone by someone other than the executor, it records a complaint (记投诉一次). Rights: whoever sees the task. Errors: NOT_FOUND, WRONG_STATE.',
  ],
  ['pauseTask', 'pause', 'Pauses a task: INCOMPLETE → PAUSED (logs 更新任务). Rights: whoever sees the task. Errors: NOT_FOUND, WRONG_STATE.'],
  ['resumeTask', 'resume', 'Resumes a task: PAUSED → INCOMPLETE (logs 更新任务). Rights: whoever sees the task. Errors: NOT_FOUND, WRONG_STATE.'],
  ['waitTask', 'wait', 'Sets a task waiting (on someone else): INCOMPLETE → WAITING (logs 更新任务). Rights: whoever sees the task. Errors: NOT_FOUND, WRONG_STATE.'],
  ['stopWaitingTask', 'stopWaiting', 'Ends waiting: WAITING → INCOMPLETE (logs 更新任务). Rights: whoever sees the task. Errors: NOT_FOUND, WRONG_STATE.'],
  [
    'abandonTask',
    'abandon',
    'Abandons a task for good: UNASSIGNED, INCOMPLETE, PAUSED or WAITING → ABANDONED (logs 更新任务; there is no way back). Rights: the assigner or an administrator. Errors: NOT_FOUND, FORBIDDEN, WRONG_STATE.',
  ],
];

builder.mutationFields((t) => ({
  createTask: t.field({
    type: TaskPayload,
    errors: mutationErrors,
    description:
      'Creates a task assigned by the caller to an executor, in state INCOMPLETE (logs 新建). Checked in order: project, title, executor. Rights: task.create (staff). Errors: PROJECT_REQUIRED, TITLE_REQUIRED, EXECUTOR_REQUIRED, INVALID_INPUT (too long, unknown type or skill stack), PROJECT_NOT_FOUND, PROJECT_CLOSED (the project is finished or cancelled), EXECUTOR_INVALID (not an active staff member), FORBIDDEN.',
    args: { input: t.arg({ description: 'The new task.', type: CreateTaskInput, required: true }) },
    resolve: (_r, { input }, ctx) => createTask(ctx, atDoor(createTaskInput, serviceForm(input))),
  }),
  updateTask: t.field({
    type: TaskPayload,
    errors: mutationErrors,
    description:
      'Edits a task: the given fields are merged and the whole form checked again; an UNASSIGNED task becomes INCOMPLETE; a new executor also logs 重新指派 (logs 更新任务). Rights: the assigner or an administrator (没有权限修改该任务). Errors: NOT_FOUND (missing or not visible), FORBIDDEN, WRONG_STATE (new executor on a complete or abandoned task), and the errors of createTask.',
    args: { input: t.arg({ description: 'The task and the fields to change.', type: UpdateTaskInput, required: true }) },
    resolve: (_r, { input }, ctx) => updateTask(ctx, atDoor(updateTaskInput, { id: input.id.id, ...serviceForm(input) })),
  }),
  deleteTasks: t.field({
    type: DeleteTasksPayload,
    errors: mutationErrors,
    description:
      'Deletes tasks with their additions, logs, daily reports and schedule links (the operation log keeps the record); all or nothing. Rights: the assigner of each task, or an administrator. Errors: NOT_FOUND (one is missing or not visible), FORBIDDEN, INVALID_INPUT.',
    args: {
      input: t.arg({
        description: 'The tasks to delete.',
        type: builder.inputType('DeleteTasksInput', {
          description: 'The tasks to delete (all must be editable by the caller).',
          fields: (f) => ({ ids: f.globalIDList({ description: 'Task ids (one to 500).', required: true, for: [TaskNode] }) }),
        }),
        required: true,
      }),
    },
    resolve: (_r, { input }, ctx) => deleteTasks(ctx, atDoor(taskIdsInput, { ids: input.ids.map((g) => g.id) })),
  }),
  assignTask: t.field({
    type: TaskPayload,
    errors: mutationErrors,
    description:
      "Gives a task to another executor (logs 重新指派); UNASSIGNED becomes INCOMPLETE, other states stay. Rights: the assigner, the project's manager or an administrator. Errors: NOT_FOUND, FORBIDDEN, EXECUTOR_REQUIRED, WRONG_STATE (complete or abandoned), EXECUTOR_INVALID (not an active staff member).",
    args: {
      input: t.arg({
        description: 'The task and its new executor.',
        type: builder.inputType('AssignTaskInput', {
          description: 'A task and its new executor.',
          fields: (f) => ({ id: f.globalID({ description: 'The Task to reassign.', required: true, for: [TaskNode] }), executorId: f.globalID({ description: 'A User id (required: 请选择执行人员).' }) }),
        }),
        required: true,
      }),
    },
    resolve: (_r, { input }, ctx) => assignTask(ctx, atDoor(assignTaskInput, { id: input.id.id, designeeId: localId(input.executorId, 'User') })),
  }),
  changeTaskPriority: t.field({
    description: "Changes a task's priority (logs 更新任务, action PRIORITY). Rights: the assigner, the project's manager or an administrator. Errors: NOT_FOUND (not visible), FORBIDDEN.",
    type: TaskPayload,
    errors: mutationErrors,
    args: {
      input: t.arg({
        description: 'The task and its new priority.',
        type: builder.inputType('ChangeTaskPriorityInput', {
          description: 'A task and its new priority.',
          fields: (f) => ({ id: f.globalID({ description: 'The Task to change.', required: true, for: [TaskNode] }), priority: f.field({ description: 'The new priority.', type: TaskPriorityEnum, required: true }) }),
        }),
        required: true,
      }),
    },
    resolve: (_r, { input }, ctx) => changeTaskPriority(ctx, atDoor(changeTaskPriorityInput, { id: input.id.id, priority: input.priority })),
  }),
  completeTask: t.field({
    type: TaskPayload,
    errors: mutationErrors,
    description:
      'Completes a task: INCOMPLETE → COMPLETE, progress 100 (logs 任务完成). A bug needs feedback (问题反馈), kept in `feedback` and appended to `feedbackLog`. Rights: whoever sees the task. Errors: NOT_FOUND, WRONG_STATE, FEEDBACK_REQUIRED.',
    args: {
      input: t.arg({
        description: 'The task and, for a bug, the feedback.',
        type: builder.inputType('CompleteTaskInput', {
          description: 'A task to complete.',
          fields: (f) => ({ id: f.globalID({ description: 'The Task to complete.', required: true, for: [TaskNode] }), feedback: f.string({ description: 'Required for a bug.' }) }),
        }),
        required: true,
      }),
    },
    resolve: (_r, { input }, ctx) => transitionTask(ctx, 'complete', atDoor(transitionTaskInput, { id: input.id.id, feedback: input.feedback ?? undefined })),
  }),
  ...Object.fromEntries(
    TRANSITION_MUTATIONS.map(([name, transition, description]) => [
      name,
      t.field({
        type: TaskPayload,
        errors: mutationErrors,
        description,
        args: { input: t.arg({ description: 'The task to change.', type: taskIdInput(`${name[0]!.toUpperCase()}${name.slice(1)}Input`), required: true }) },
        resolve: (_r, { input }, ctx) => transitionTask(ctx, transition, atDoor(transitionTaskInput, { id: input.id.id })),
      }),
    ]),
  ),
  updateTaskProgress: t.field({
    description: 'Sets the percent done of an incomplete, paused or waiting task (logs 更新任务, action PROGRESS). Rights: whoever sees the task. Errors: NOT_FOUND, WRONG_STATE, INVALID_INPUT (not 0 to 100).',
    type: TaskPayload,
    errors: mutationErrors,
    args: {
      input: t.arg({
        description: 'The task and its progress.',
        type: builder.inputType('UpdateTaskProgressInput', {
          description: 'A task and its progress.',
          fields: (f) => ({ id: f.globalID({ description: 'The Task to change.', required: true, for: [TaskNode] }), progress: f.int({ required: true, description: '0 to 100.' }) }),
        }),
        required: true,
      }),
    },
    resolve: (_r, { input }, ctx) => updateTaskProgress(ctx, atDoor(updateTaskProgressInput, { id: input.id.id, progress: input.progress })),
  }),
  addTaskAddition: t.field({
    type: TaskAdditionPayload,
    errors: mutationErrors,
    description:
      "Appends text to a task (追加任务; logs 更新任务, action ADDITION). Checked in order: content, task, project. Rights: whoever sees the task. Errors: CONTENT_REQUIRED, TASK_INVALID (missing or not visible), PROJECT_NOT_FOUND (the task's project was deleted).",
    args: {
      input: t.arg({
        description: 'The task and the text to append.',
        type: builder.inputType('AddTaskAdditionInput', {
          description: 'Text to append to a task.',
          fields: (f) => ({
            taskId: f.globalID({ description: 'The Task (required: 任务错误 when missing or not visible).', for: [TaskNode] }),
            content: f.string({ description: 'Rich HTML, sanitised; required (请输入内容; blank HTML counts as empty).' }),
          }),
        }),
        required: true,
      }),
    },
    resolve: (_r, { input }, ctx) => addTaskAddition(ctx, atDoor(addTaskAdditionInput, { workTaskId: input.taskId?.id, contentAddition: input.content ?? undefined })),
  }),
  updateTaskAddition: t.field({
    type: TaskAdditionPayload,
    errors: mutationErrors,
    description: 'Edits an addition (action ADDITION_EDIT). Rights: its author or an administrator. Errors: CONTENT_REQUIRED, NOT_FOUND, FORBIDDEN, PROJECT_NOT_FOUND.',
    args: {
      input: t.arg({
        description: 'The addition and its new text.',
        type: builder.inputType('UpdateTaskAdditionInput', {
          description: 'An addition and its new text.',
          fields: (f) => ({
            id: f.globalID({ description: 'The TaskAddition to edit.', required: true, for: [TaskAdditionNode] }),
            content: f.string({ description: 'The new text: rich HTML, sanitised; required (blank HTML counts as empty).' }),
          }),
        }),
        required: true,
      }),
    },
    resolve: (_r, { input }, ctx) => updateTaskAddition(ctx, atDoor(updateTaskAdditionInput, { id: input.id.id, contentAddition: input.content ?? undefined })),
  }),
  reportTaskDaily: t.field({
    type: ReportTaskDailyPayload,
    errors: mutationErrors,
    description:
      "Writes a daily report on a task (logs 每日汇报) in state INCOMPLETE, COMPLETE, PAUSED or WAITING. With a missed `day` (one of daysWithoutLog) the line's logTime is 20:00 of that day in the caller's time zone, otherwise now. Rights: whoever sees the task. Errors: NOT_FOUND, REPORT_REQUIRED, WRONG_STATE, REPORT_DAY_INVALID (not an offered day), INVALID_INPUT.",
    args: {
      input: t.arg({
        description: 'The task, the report and optionally a missed day.',
        type: builder.inputType('ReportTaskDailyInput', {
          description: 'A daily report on a task.',
          fields: (f) => ({
            taskId: f.globalID({ description: 'The Task reported on.', required: true, for: [TaskNode] }),
            content: f.string({ description: 'The report (required), plain text.' }),
            day: f.field({ type: 'Date', description: 'A day from daysWithoutLog; leave out for today.' }),
            progress: f.int({ description: 'Optionally also set the progress, 0 to 100.' }),
          }),
        }),
        required: true,
      }),
    },
    resolve: (_r, { input }, ctx) =>
      reportTaskDaily(ctx, atDoor(reportTaskDailyInput, { id: input.taskId.id, reportDaily: input.content ?? undefined, day: input.day ?? undefined, progress: input.progress ?? undefined })),
  }),
  addTaskToSchedule: t.field({
    type: AddTaskToSchedulePayload,
    errors: mutationErrors,
    description:
      "Books a task on a schedule (加入档期): one schedule entry per row, linked to the task. Rights: scheduleEntry.write (staff) for one's own schedule; scheduleEntry.writeOthers (the manager role) for someone else's. Errors: TASK_INVALID (missing or not visible), TASK_COMPLETED, PROJECT_REQUIRED, DATE_REQUIRED, HOURS_REQUIRED, HOURS_INVALID, TIME_RANGE_INVALID, HOURS_EXCEED_SPAN, PROJECT_NOT_FOUND, EXECUTOR_INVALID, FORBIDDEN, INVALID_INPUT.",
    args: {
      input: t.arg({
        description: 'The task, whose schedule, and the blocks of work.',
        type: builder.inputType('AddTaskToScheduleInput', {
          description: 'A task to book on a schedule, one entry per row.',
          fields: (f) => ({
            taskId: f.globalID({ description: 'The Task to book (not complete).', required: true, for: [TaskNode] }),
            employeeId: f.globalID({ description: 'Whose schedule; default the caller.' }),
            rows: f.field({ description: 'The blocks of work, one schedule entry each; all are checked before any is written.', type: [ScheduleRowInput], required: true }),
          }),
        }),
        required: true,
      }),
    },
    resolve: (_r, { input }, ctx) => addTaskToSchedule(ctx, atDoor(addTaskToScheduleInput, { taskId: input.taskId.id, employeeId: localId(input.employeeId, 'User'), rows: input.rows.map(serviceRow) })),
  }),
  deleteScheduleEntries: t.field({
    type: DeleteScheduleEntriesPayload,
    errors: mutationErrors,
    description:
      "Deletes schedule entries (rows of hours) with their task links; all or nothing. Rights: scheduleEntry.write (staff) for one's own entries (as employee or writer); scheduleEntry.writeOthers (the manager role) for others'. Errors: NOT_FOUND (one is missing or not the caller's), FORBIDDEN, INVALID_INPUT (no id, more than 100, or an id of another type).",
    args: {
      input: t.arg({
        description: 'The entries to delete.',
        type: builder.inputType('DeleteScheduleEntriesInput', {
          description: 'Schedule entries to delete.',
          fields: (f) => ({ ids: f.globalIDList({ description: 'ScheduleEntry ids (one to 100).', required: true }) }),
        }),
        required: true,
      }),
    },
    resolve: async (_r, { input }, ctx) => deleteScheduleEntries(ctx, atDoor(deleteScheduleEntriesInput, { ids: input.ids.map((g) => localId(g, 'ScheduleEntry')) })),
  }),
  saveScheduleEntries: t.field({
    type: SaveScheduleEntriesPayload,
    errors: mutationErrors,
    description:
      "Adds or changes schedule entries (rows of hours per project and day); all or nothing. Rights: scheduleEntry.write (staff) for one's own entries; scheduleEntry.writeOthers (the manager role) for others'. Errors: ROWS_REQUIRED, PROJECT_REQUIRED, DATE_REQUIRED, HOURS_REQUIRED, HOURS_INVALID, TIME_RANGE_INVALID, HOURS_EXCEED_SPAN, PROJECT_NOT_FOUND, TASK_INVALID, TASK_COMPLETED, EXECUTOR_INVALID, FORBIDDEN, NOT_FOUND (an entry id that is not the caller's), INVALID_INPUT.",
    args: {
      input: t.arg({
        description: 'The rows to save.',
        type: builder.inputType('SaveScheduleEntriesInput', {
          description: 'Schedule entries to add or change.',
          fields: (f) => ({ rows: f.field({ description: 'The rows, one schedule entry each (at least one); all are checked before any is written.', type: [ScheduleRowInput], required: true }) }),
        }),
        required: true,
      }),
    },
    resolve: async (_r, { input }, ctx) => ({ entries: await saveScheduleEntries(ctx, atDoor(saveScheduleEntriesInput, { rows: input.rows.map(serviceRow) })) }),
  }),
}));
