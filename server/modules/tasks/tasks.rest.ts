import { DateTime } from 'luxon';
import type { ServiceContext } from '../../context.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import { translate } from '../../i18n/catalogue.ts';
import { atDoor, dbId, parseInput, z } from '../../lib/validate.ts';
import { requireActor } from '../../policy.ts';
import { BOTH, type RestRoute } from '../../rest/adapter.ts';
import { readPage, type Page } from '../../rest/envelope.ts';
import { countUpTo, legacyTotal, readPagePlusOne } from '../../lib/counting.ts';
import { formatDateTime, parseLegacyDateTime } from '../../lib/wall-time.ts';
import { addTaskToSchedule, addTaskToScheduleInput, removeTaskFromEntry, removeTaskFromEntryInput, saveScheduleEntries, saveScheduleEntriesInput } from './tasks.service.ts';
import {
  addTaskAddition,
  addTaskAdditionInput,
  assignTask,
  assignTaskInput,
  changeTaskPriority,
  changeTaskPriorityInput,
  changeTaskState,
  changeTaskStateInput,
  createTask,
  createTaskInput,
  daysWithoutLog,
  deleteTasks,
  findVisibleTask,
  NO_SKILL_STACK,
  reportTaskDaily,
  reportTaskDailyInput,
  taskIdsInput,
  TASK_ORDER,
  taskStatistics,
  tasksWhere,
  todayIn,
  transitionTasks,
  transitionTasksInput,
  unreportedTasksWhere,
  updateTask,
  updateTaskAddition,
  updateTaskAdditionInput,
  updateTaskInput,
  updateTaskProgress,
  updateTaskProgressInput,
  type TaskListFilter,
} from './tasks.service.ts';
import { visibleTasksWhere } from './tasks.policy.ts';
import { NotFoundError, ValidationError } from '../../errors.ts';
import { isCalendarDay } from '../../lib/wall-time.ts';
import { authorizeWrite } from '../../write.ts';

/**
 * Legacy paths of spec section 7 "Work tasks" (`/api/admin/work/task/*`) and the schedule-entry
 * writes the tasks area owns (`/api/admin/work/daily/{save,task_to_user_daily,
 * listNotTaskLogDailyTask,deleteWorkTaskFlag}`). Each one parses, calls the same service
 * function as GraphQL, and shapes the legacy answer.
 */
const TASK = '/api/admin/work/task';
const DAILY = '/api/admin/work/daily';
/** getTaskList answers an array, not a page; this bounds it. */
const LIST_LIMIT = 1000;

const TASK_ROW_SELECT = {
  id: true,
  title: true,
  content: true,
  priority: true,
  state: true,
  taskType: true,
  taskSource: true,
  progress: true,
  feedback: true,
  feedbackLog: true,
  projectId: true,
  skillStackId: true,
  assignerId: true,
  executorId: true,
  createdAt: true,
  updatedAt: true,
  completedAt: true,
  project: { select: { name: true } },
  skillStack: { select: { name: true } },
  assigner: { select: { name: true } },
  executor: { select: { name: true } },
} satisfies Prisma.WorkTaskSelect;
type TaskRowData = Prisma.WorkTaskGetPayload<{ select: typeof TASK_ROW_SELECT }>;

/** The legacy task shape (spec section 3, work task). */
function taskRow(t: TaskRowData, zone: string) {
  return {
    id: t.id,
    taskTitle: t.title,
    taskContent: t.content,
    priority: t.priority,
    state: t.state,
    taskType: t.taskType,
    taskSource: t.taskSource,
    projectId: t.projectId,
    projectName: t.project.name,
    skillStackId: t.skillStackId ?? NO_SKILL_STACK,
    skillStackName: t.skillStack?.name ?? null,
    assigneeId: t.assignerId,
    assigneeName: t.assigner.name,
    designeeId: t.executorId,
    designeeName: t.executor?.name ?? null,
    userId: t.assignerId,
    progress: t.progress,
    feedback: t.feedback,
    feedbackLog: t.feedbackLog,
    createTime: formatDateTime(t.createdAt, zone),
    updateTime: formatDateTime(t.updatedAt, zone),
    completeTime: formatDateTime(t.completedAt, zone),
  };
}

const ADDITION_SELECT = { id: true, taskId: true, content: true, createdAt: true, userId: true, user: { select: { name: true } } } satisfies Prisma.TaskAdditionSelect;
function additionRow(a: Prisma.TaskAdditionGetPayload<{ select: typeof ADDITION_SELECT }>, zone: string) {
  return { id: a.id, workTaskId: a.taskId, contentAddition: a.content, createDate: formatDateTime(a.createdAt, zone), userId: a.userId, userName: a.user.name };
}

const LOG_SELECT = {
  id: true,
  logNote: true,
  action: true,
  assignerName: true,
  executorName: true,
  reportDaily: true,
  complaint: true,
  logTime: true,
  createdAt: true,
  user: { select: { name: true } },
} satisfies Prisma.TaskLogSelect;
function logRow(l: Prisma.TaskLogGetPayload<{ select: typeof LOG_SELECT }>, ctx: ServiceContext, zone: string) {
  return {
    id: l.id,
    updateDate: formatDateTime(l.createdAt, zone),
    logNote: l.logNote,
    action: l.action,
    assigneeName: l.assignerName,
    designeeName: l.executorName,
    creater: l.user.name,
    reportDaily: l.reportDaily,
    logTime: formatDateTime(l.logTime, zone),
    complaint: l.complaint,
    complaintNote: l.complaint ? translate(ctx.lang, 'task.complaintRecorded') : null,
  };
}

const zoneOf = (ctx: ServiceContext) => requireActor(ctx).timeZone;
const params = (p: Record<string, unknown>) => p;
const conditionOf = (p: Record<string, unknown>) => (p.condition && typeof p.condition === 'object' && !Array.isArray(p.condition) ? { ...p, ...(p.condition as Record<string, unknown>) } : p) as Record<string, unknown>;

/** `selIds` arrive as an array, a comma-separated string or a single number. */
function idList(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (typeof value === 'string')
    return value
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  if (value === undefined || value === null || value === '') return [];
  return [value];
}

const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
const listShape = z.object({
  state: z.preprocess(blank, z.coerce.number().int().min(0).max(5).optional()),
  priority: z.preprocess(blank, z.coerce.number().int().min(0).max(4).optional()),
  projectId: z.preprocess(blank, dbId().optional()),
  assigneeId: z.preprocess(blank, dbId().optional()),
  designeeId: z.preprocess(blank, dbId().optional()),
  role: z.preprocess(blank, z.enum(['ASSIGNED_BY_ME', 'ASSIGNED_TO_ME']).optional()),
  searchKey: z.preprocess(blank, z.string().max(200).optional()),
  taskTitle: z.preprocess(blank, z.string().max(200).optional()),
});

function listFilter(ctx: ServiceContext, raw: Record<string, unknown>): TaskListFilter {
  const c = conditionOf(raw);
  const f = parseInput(listShape, {
    state: c.state,
    priority: c.priority,
    projectId: c.projectId,
    assigneeId: c.assigneeId,
    designeeId: c.designeeId,
    role: c.role,
    searchKey: c.searchKey,
    taskTitle: c.taskTitle,
  });
  const zone = zoneOf(ctx);
  return {
    state: f.state,
    priority: f.priority || undefined,
    projectId: f.projectId,
    role: f.role,
    search: f.searchKey ?? f.taskTitle,
    assignerId: f.assigneeId,
    executorId: f.designeeId,
    createdFrom: parseLegacyDateTime(c.beginTime ?? c.createTimeBegin, 'beginTime', zone),
    createdTo: parseLegacyDateTime(c.endTime ?? c.createTimeEnd, 'endTime', zone, true),
  };
}

async function pageOfTasks(ctx: ServiceContext, raw: Record<string, unknown>): Promise<Page<ReturnType<typeof taskRow>>> {
  const where = tasksWhere(ctx, listFilter(ctx, raw));
  const { currentPage, pageSize } = readPage(raw);
  const skip = (currentPage - 1) * pageSize;
  // Tasks accumulate without bound: `LIMIT n+1` and a total counted up to COUNT_CAP.
  const [total, { rows: list, hasMore }] = await Promise.all([
    countUpTo((take) => ctx.db.workTask.count({ where, take })),
    readPagePlusOne((take) => ctx.db.workTask.findMany({ where, select: TASK_ROW_SELECT, orderBy: TASK_ORDER, skip, take }), pageSize),
  ]);
  const zone = zoneOf(ctx);
  return { currentPage, pageSize, rows: legacyTotal(total, skip, list.length, hasMore), resultList: list.map((t) => taskRow(t, zone)) };
}

async function readTaskRow(ctx: ServiceContext, id: number) {
  return taskRow(await findVisibleTask(ctx, id, TASK_ROW_SELECT), zoneOf(ctx));
}

const idParam = (p: Record<string, unknown>, ...keys: string[]) => {
  for (const k of keys) if (p[k] !== undefined && p[k] !== '' && p[k] !== null) return p[k];
  return undefined;
};
const readId = (p: Record<string, unknown>, ...keys: string[]) => parseInput(z.object({ id: dbId() }), { id: idParam(p, ...keys) }).id;

/** A daily-report save: the text, and the day from `logTime` when it is not today. */
function reportInput(ctx: ServiceContext, p: Record<string, unknown>) {
  const zone = zoneOf(ctx);
  const at = parseLegacyDateTime(p.logTime, 'logTime', zone);
  const day = at ? DateTime.fromJSDate(at, { zone }).toISODate() : undefined;
  return { id: p.id, reportDaily: p.reportDaily ?? p.feedback, progress: p.progress, day: day && day !== todayIn(zone) ? day : undefined };
}

export const taskRoutes: RestRoute[] = [
  { path: `${TASK}/list/page`, methods: BOTH, handler: async (ctx, req) => ({ data: await pageOfTasks(ctx, params(req.params)) }) },
  { path: `${TASK}/getTaskListByPage`, methods: BOTH, handler: async (ctx, req) => ({ data: await pageOfTasks(ctx, params(req.params)) }) },
  {
    path: `${TASK}/getTaskList`,
    methods: BOTH,
    handler: async (ctx, req) => {
      const where = tasksWhere(ctx, listFilter(ctx, req.params));
      const list = await ctx.db.workTask.findMany({ where, select: TASK_ROW_SELECT, orderBy: TASK_ORDER, take: LIST_LIMIT });
      const zone = zoneOf(ctx);
      return { data: list.map((t) => taskRow(t, zone)) };
    },
  },
  {
    path: `${TASK}/getStatisticByToDay`,
    methods: BOTH,
    handler: async (ctx, req) => {
      const c = conditionOf(req.params);
      const day = parseInput(
        z.object({
          day: z.preprocess(
            blank,
            z
              .string()
              .regex(/^\d{4}-\d{2}-\d{2}$/)
              .refine(isCalendarDay)
              .optional(),
          ),
        }),
        { day: c.day ?? c.workDate },
      ).day;
      return { data: await taskStatistics(ctx, day) };
    },
  },
  {
    path: `${TASK}/save`,
    methods: BOTH,
    handler: async (ctx, req) => {
      const p = req.params;
      const hasId = p.id !== undefined && p.id !== null && p.id !== '';
      let taskId: number;
      if (!hasId) {
        // taskSource is always 2 and projectName is read from the project: both are ignored.
        taskId = (await createTask(ctx, atDoor(createTaskInput, p))).taskId;
      } else if (p.reportDaily !== undefined || p.logTime !== undefined || p.taskLogId !== undefined) {
        taskId = (await reportTaskDaily(ctx, atDoor(reportTaskDailyInput, reportInput(ctx, p)))).taskId;
      } else {
        taskId = (await updateTask(ctx, atDoor(updateTaskInput, p))).taskId;
      }
      // The spec: the answer's message holds the task id.
      return { message: String(taskId), data: await readTaskRow(ctx, taskId) };
    },
  },
  {
    path: `${TASK}/detail`,
    methods: BOTH,
    handler: async (ctx, req) => {
      const id = readId(req.params, 'id', 'workTaskId', 'taskId');
      const zone = zoneOf(ctx);
      const task = await findVisibleTask(ctx, id, { ...TASK_ROW_SELECT, additions: { select: ADDITION_SELECT, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] } });
      const actor = requireActor(ctx);
      return {
        data: {
          ...taskRow(task, zone),
          taskAdditionList: task.additions.map((a) => additionRow(a, zone)),
          notLogTaskDailyList: await daysWithoutLog(ctx, id),
          canEdit: actor.isAdmin || actor.id === task.assignerId,
        },
      };
    },
  },
  {
    path: `${TASK}/log/list`,
    methods: BOTH,
    handler: async (ctx, req) => {
      const id = readId(req.params, 'id', 'workTaskId', 'taskId');
      const task = await findVisibleTask(ctx, id, { logs: { select: LOG_SELECT, orderBy: [{ logTime: 'desc' }, { id: 'desc' }] } });
      const zone = zoneOf(ctx);
      return { data: { taskLogs: task.logs.map((l) => logRow(l, ctx, zone)) } };
    },
  },
  {
    path: `${TASK}/del`,
    methods: BOTH,
    handler: async (ctx, req) => {
      const result = await deleteTasks(ctx, atDoor(taskIdsInput, { ids: idList(req.params.selIds ?? req.params.ids ?? req.params.id) }));
      return { message: translate(ctx.lang, 'toast.deleted'), data: result.ids };
    },
  },
  {
    path: `${TASK}/change/complete`,
    methods: BOTH,
    handler: async (ctx, req) => {
      const p = req.params;
      const c = (p.condition ?? {}) as Record<string, unknown>;
      const target = Number(c.state ?? p.state ?? 2);
      // condition.state 2 completes, 1 undoes; createBy is ignored (the caller is who acts).
      const transition = target === 1 ? 'undoComplete' : target === 2 ? 'complete' : null;
      if (!transition) {
        // The rights check of task writes first: a caller who may not touch tasks is refused, not told the state is wrong.
        await authorizeWrite(ctx, { operation: 'task.complete', targetType: 'WorkTask' }, 'task.read');
        throw new ValidationError('validation.invalid', { field: 'condition.state' });
      }
      const ids = idList(p.selIds ?? p.ids ?? p.id);
      await transitionTasks(ctx, transition, atDoor(transitionTasksInput, { ids, feedback: p.feedback ?? undefined }));
      const zone = zoneOf(ctx);
      const rows = await ctx.db.workTask.findMany({ where: { id: { in: ids.map(Number) } }, select: TASK_ROW_SELECT, orderBy: { id: 'asc' } });
      return { data: rows.map((t) => taskRow(t, zone)) };
    },
  },
  {
    path: `${TASK}/change/state`,
    methods: BOTH,
    handler: async (ctx, req) => {
      const c = conditionOf(req.params);
      const r = await changeTaskState(ctx, atDoor(changeTaskStateInput, { id: c.id, state: c.state, feedback: c.feedback ?? undefined }));
      return { data: await readTaskRow(ctx, r.taskId) };
    },
  },
  {
    path: `${TASK}/change/priority`,
    methods: BOTH,
    handler: async (ctx, req) => {
      const r = await changeTaskPriority(ctx, atDoor(changeTaskPriorityInput, { id: req.params.id, priority: req.params.priority }));
      return { message: translate(ctx.lang, 'toast.priorityChanged'), data: await readTaskRow(ctx, r.taskId) };
    },
  },
  {
    path: `${TASK}/assign`,
    methods: BOTH,
    handler: async (ctx, req) => {
      // designeeName is ignored: the name is read from the person.
      const r = await assignTask(ctx, atDoor(assignTaskInput, { id: req.params.id, designeeId: req.params.designeeId }));
      return { message: translate(ctx.lang, 'toast.reassigned'), data: await readTaskRow(ctx, r.taskId) };
    },
  },
  {
    path: `${TASK}/updateProgress`,
    methods: BOTH,
    handler: async (ctx, req) => {
      const r = await updateTaskProgress(ctx, atDoor(updateTaskProgressInput, { id: req.params.id, progress: req.params.progress }));
      return { data: await readTaskRow(ctx, r.taskId) };
    },
  },
  {
    path: `${TASK}/addition/saveWorkTaskAddition`,
    methods: BOTH,
    handler: async (ctx, req) => {
      const p = req.params;
      const editing = p.id !== undefined && p.id !== null && p.id !== '';
      const r = editing
        ? await updateTaskAddition(ctx, atDoor(updateTaskAdditionInput, { id: p.id, contentAddition: p.contentAddition }))
        : await addTaskAddition(ctx, atDoor(addTaskAdditionInput, { workTaskId: p.workTaskId, contentAddition: p.contentAddition }));
      const addition = await ctx.db.taskAddition.findUniqueOrThrow({ where: { id: r.additionId }, select: ADDITION_SELECT });
      return { message: translate(ctx.lang, editing ? 'toast.additionUpdated' : 'toast.additionAdded'), data: additionRow(addition, zoneOf(ctx)) };
    },
  },
  {
    path: `${TASK}/addition/getById`,
    methods: BOTH,
    handler: async (ctx, req) => {
      const id = readId(req.params, 'id');
      const actor = requireActor(ctx);
      const addition = await ctx.db.taskAddition.findFirst({ where: { id, task: visibleTasksWhere(actor) }, select: ADDITION_SELECT });
      if (!addition) throw new NotFoundError();
      return { data: additionRow(addition, zoneOf(ctx)) };
    },
  },

  // ── schedule-entry writes (the READS of /work/daily belong to the workdaily area) ──
  {
    path: `${DAILY}/save`,
    methods: ['POST'],
    handler: async (ctx, req) => {
      const p = req.params;
      const rows = Array.isArray(p.workDailyList) ? p.workDailyList : p.workDate !== undefined ? [p] : [];
      const saved = await saveScheduleEntries(ctx, atDoor(saveScheduleEntriesInput, { rows }));
      return { data: saved.map((s) => ({ id: s.id, workTaskIds: s.taskIds })) };
    },
  },
  {
    path: `${DAILY}/task_to_user_daily`,
    methods: ['POST'],
    handler: async (ctx, req) => {
      const p = req.params;
      const rows = Array.isArray(p.workDailyList) ? p.workDailyList : [p];
      const r = await addTaskToSchedule(
        ctx,
        atDoor(addTaskToScheduleInput, { taskId: idParam(p, 'workTaskId', 'taskId', 'id'), employeeId: p.employeeId, rows: rows.map((row) => ({ ...(row as object), id: undefined })) }),
      );
      return { message: translate(ctx.lang, 'toast.addedToSchedule'), data: r.entries.map((s) => ({ id: s.id, workTaskIds: s.taskIds })) };
    },
  },
  {
    path: `${DAILY}/listNotTaskLogDailyTask`,
    methods: ['POST'],
    handler: async (ctx, req) => {
      const c = conditionOf(req.params);
      const day = parseInput(
        z.object({
          workDate: z.preprocess(
            blank,
            z
              .string()
              .regex(/^\d{4}-\d{2}-\d{2}/)
              .refine((v) => isCalendarDay(v.slice(0, 10)))
              .optional(),
          ),
        }),
        { workDate: c.workDate },
      ).workDate;
      const where = unreportedTasksWhere(ctx, day?.slice(0, 10));
      const list = await ctx.db.workTask.findMany({ where, select: TASK_ROW_SELECT, orderBy: [{ priority: 'asc' }, { id: 'desc' }], take: LIST_LIMIT });
      const zone = zoneOf(ctx);
      return { data: list.map((t) => taskRow(t, zone)) };
    },
  },
  {
    path: `${DAILY}/deleteWorkTaskFlag`,
    methods: ['POST'],
    handler: async (ctx, req) => {
      const p = req.params;
      const r = await removeTaskFromEntry(ctx, atDoor(removeTaskFromEntryInput, { id: idParam(p, 'id', 'workDailyId'), workTaskId: idParam(p, 'workTaskId', 'taskId') }));
      return { message: translate(ctx.lang, 'toast.deleted'), data: r };
    },
  },
];
