import { builder } from '../../graphql/builder.ts';
import { cappedTotalField } from '../../graphql/counting.ts';
import { cappedConnectionTotal } from '../../lib/counting.ts';
import type { ServiceContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import { INVALID_ID, localId } from '../../graphql/ids.ts';
import { NotFoundError } from '../../errors.ts';
import { translate, type MessageKey } from '../../i18n/catalogue.ts';
import { canEditAddition, canEditTask, canReassignTask, visibleTasksWhere } from './tasks.policy.ts';
import {
  ASSIGNABLE_STATES,
  LOG_ACTIONS,
  LOG_NOTES,
  REPORTABLE_STATES,
  TASK_ORDER,
  TASK_STATES,
  TRANSITIONS,
  accessFacts,
  daysWithoutLog,
  taskStatistics,
  tasksWhere,
  type TaskListFilter,
  type TaskStatistics,
  type Transition,
} from './tasks.service.ts';

// ── enums (legacy numbers in the descriptions) ──

export const TaskStateEnum = builder.enumType('TaskState', {
  description: 'Legacy values: 0 unassigned, 1 incomplete, 2 complete, 3 abandoned, 4 paused, 5 waiting (any other value reads as incomplete).',
  values: {
    UNASSIGNED: { value: 0, description: '0: no executor yet.' },
    INCOMPLETE: { value: 1, description: '1: being worked on (also any unknown legacy value).' },
    COMPLETE: { value: 2, description: '2: done.' },
    ABANDONED: { value: 3, description: '3: given up for good.' },
    PAUSED: { value: 4, description: '4: on hold.' },
    WAITING: { value: 5, description: '5: waiting on someone or something else.' },
  } as const,
});

export const TaskPriorityEnum = builder.enumType('TaskPriority', {
  description: 'Legacy values: 1 urgent, 2 high, 3 medium (default; 0 and unknown values read as medium), 4 low.',
  values: {
    URGENT: { value: 1, description: '1: urgent.' },
    HIGH: { value: 2, description: '2: high.' },
    MEDIUM: { value: 3, description: '3: medium (the default).' },
    LOW: { value: 4, description: '4: low.' },
  } as const,
});

export const TaskTypeEnum = builder.enumType('TaskType', {
  description: 'Legacy values: 1 new task (default), 2 bug (completing a bug needs feedback).',
  values: { NEW_TASK: { value: 1, description: '1: a new piece of work (the default).' }, BUG: { value: 2, description: '2: a bug; completing it needs feedback.' } } as const,
});

export const TaskRoleEnum = builder.enumType('TaskRole', {
  description: "The caller's part in a task.",
  values: { ASSIGNED_BY_ME: { description: 'The caller is the assigner.' }, ASSIGNED_TO_ME: { description: 'The caller is the executor.' } } as const,
});

const NOTE_KEYS = {
  [LOG_NOTES.CREATED]: ['CREATED', 'task.log.created'],
  [LOG_NOTES.REASSIGNED]: ['REASSIGNED', 'task.log.reassigned'],
  [LOG_NOTES.COMPLETED]: ['COMPLETED', 'task.log.completed'],
  [LOG_NOTES.UNDONE]: ['UNDONE', 'task.log.undone'],
  [LOG_NOTES.DAILY_REPORT]: ['DAILY_REPORT', 'task.log.dailyReport'],
  [LOG_NOTES.UPDATED]: ['UPDATED', 'task.log.updated'],
} as const satisfies Record<string, readonly [string, MessageKey]>;
type NoteName = (typeof NOTE_KEYS)[keyof typeof NOTE_KEYS][0];
const noteOf = (logNote: string) => NOTE_KEYS[logNote as keyof typeof NOTE_KEYS] ?? NOTE_KEYS[LOG_NOTES.UPDATED];

export const TaskLogNoteEnum = builder.enumType('TaskLogNote', {
  description: 'Legacy log notes: 新建 CREATED, 重新指派 REASSIGNED, 任务完成 COMPLETED, 撤销完成 UNDONE, 每日汇报 DAILY_REPORT, 更新任务 UPDATED.',
  values: {
    CREATED: { description: '新建: the task was created.' },
    REASSIGNED: { description: '重新指派: the task was given to another executor.' },
    COMPLETED: { description: '任务完成: the task was completed.' },
    UNDONE: { description: '撤销完成: a completion was undone.' },
    DAILY_REPORT: { description: '每日汇报: a daily report (in `reportDaily`).' },
    UPDATED: { description: '更新任务: any other change (edit, priority, progress, pause, wait, abandon, additions).' },
  } as const,
});

export const TaskLogActionEnum = builder.enumType('TaskLogAction', {
  description: 'What a log line records, finer than its note.',
  values: {
    CREATE: { description: 'Created (note CREATED).' },
    EDIT: { description: 'Edited with updateTask.' },
    ASSIGN: { description: 'Given to another executor (note REASSIGNED).' },
    PRIORITY: { description: 'Priority changed.' },
    PROGRESS: { description: 'Progress changed.' },
    COMPLETE: { description: 'Completed (note COMPLETED).' },
    UNDO: { description: 'Completion undone (note UNDONE).' },
    PAUSE: { description: 'Paused.' },
    RESUME: { description: 'Resumed after a pause.' },
    WAIT: { description: 'Set waiting.' },
    STOP_WAITING: { description: 'Waiting ended.' },
    ABANDON: { description: 'Abandoned.' },
    ADDITION: { description: 'Text appended (addTaskAddition).' },
    ADDITION_EDIT: { description: 'Appended text edited (updateTaskAddition).' },
    REPORT: { description: 'Daily report written (note DAILY_REPORT).' },
  } as const satisfies Record<(typeof LOG_ACTIONS)[number], { description: string }>,
});

export const TaskTransitionEnum = builder.enumType('TaskTransition', {
  description: 'A state change of a task, one mutation each (completeTask, undoCompleteTask, pauseTask, resumeTask, waitTask, stopWaitingTask, abandonTask).',
  values: {
    complete: { description: 'completeTask: INCOMPLETE → COMPLETE.' },
    undoComplete: { description: 'undoCompleteTask: COMPLETE → INCOMPLETE.' },
    pause: { description: 'pauseTask: INCOMPLETE → PAUSED.' },
    resume: { description: 'resumeTask: PAUSED → INCOMPLETE.' },
    wait: { description: 'waitTask: INCOMPLETE → WAITING.' },
    stopWaiting: { description: 'stopWaitingTask: WAITING → INCOMPLETE.' },
    abandon: { description: 'abandonTask: UNASSIGNED, INCOMPLETE, PAUSED or WAITING → ABANDONED (the assigner).' },
  } as const satisfies Record<Transition, { description: string }>,
});

/** What a task list shows of a task's additions: the newest few (`recentAdditions`) and their count. */
const RECENT_ADDITIONS = 3;
const MAX_RECENT_ADDITIONS = 20;

const clampState = (s: number) => (s === 0 || s === 2 || s === 3 || s === 4 || s === 5 ? s : 1);
const clampPriority = (p: number) => (p === 1 || p === 2 || p === 4 ? p : 3);

// ── names a log line snapshotted, in the caller's language ──

type NameContext = { db: Db; lang: string };
const englishNames = new WeakMap<object, Map<string, Promise<string | null>>>();
const pendingNames = new WeakMap<object, { names: Set<string>; done: Promise<Map<string, string | null>> }>();

/**
 * Log lines keep the assigner's and executor's names as written then (the legacy columns, in
 * Chinese). An English caller sees the English name of the user of that name (when exactly one
 * user has it; otherwise the name as written), so the English log never reads "Executor: 张晓雯".
 * Names asked for in the same tick are looked up in one statement, once per request.
 */
function nameInLang(name: string | null, ctx: NameContext): string | null | Promise<string | null> {
  if (!name || ctx.lang !== 'en') return name;
  let cache = englishNames.get(ctx);
  if (!cache) englishNames.set(ctx, (cache = new Map()));
  let hit = cache.get(name);
  if (!hit) {
    let batch = pendingNames.get(ctx);
    if (!batch) {
      const names = new Set<string>();
      const done = Promise.resolve().then(async () => {
        pendingNames.delete(ctx);
        const rows = await ctx.db.user.findMany({ where: { name: { in: [...names] } }, select: { name: true, nameEn: true } });
        const found = new Map<string, string | null>();
        for (const n of names) {
          const same = rows.filter((r) => r.name === n);
          found.set(n, same.length === 1 && same[0]!.nameEn ? same[0]!.nameEn : null);
        }
        return found;
      });
      batch = { names, done };
      pendingNames.set(ctx, batch);
    }
    batch.names.add(name);
    hit = batch.done.then((found) => found.get(name) ?? name);
    cache.set(name, hit);
  }
  return hit;
}

// ── objects ──

builder.prismaObject('SkillStack', {
  description: "A skill stack reference (the spec's skill-stack view is a stub).",
  fields: (t) => ({
    databaseId: t.exposeInt('id', { description: 'The legacy numeric id (skillStackId on the legacy door).' }),
    name: t.exposeString('name', { description: "The skill stack's name." }),
  }),
});

export const TaskLogNode = builder.prismaNode('TaskLog', {
  nullable: true,
  id: { field: 'id' },
  description: "One line of a task's history.",
  authScopes: { permission: 'task.read' },
  findUnique: (id, ctx) => ({ id: Number(id), task: ctx.actor ? visibleTasksWhere(ctx.actor) : { id: -1 } }),
  fields: (t) => ({
    databaseId: t.exposeInt('id', { description: 'The legacy numeric id of the log line.' }),
    note: t.field({ description: 'Which of the six legacy log notes the line carries.', type: TaskLogNoteEnum, resolve: (l) => noteOf(l.logNote)[0] as NoteName }),
    logNote: t.exposeString('logNote', {
      description: 'The legacy note text (新建, 重新指派, 任务完成, 撤销完成, 每日汇报, 更新任务), as the legacy door answers it.',
      deprecationReason: "Use `note` (the same six values as an enum) or `label` (the text in the caller's language).",
    }),
    label: t.string({ description: "The note in the caller's language.", resolve: (l, _a, ctx) => translate(ctx.lang, noteOf(l.logNote)[1]) }),
    action: t.field({
      description: 'Precisely what changed (finer than `note`); null on lines older than the field.',
      type: TaskLogActionEnum,
      nullable: true,
      resolve: (l) => ((LOG_ACTIONS as readonly string[]).includes(l.action ?? '') ? (l.action as (typeof LOG_ACTIONS)[number]) : null),
    }),
    complaint: t.exposeBoolean('complaint', { description: 'A completion undone by someone other than the executor (记投诉一次).' }),
    complaintLabel: t.string({
      description: `记投诉一次 ("complaint recorded") in the caller's language on complaint lines, else null.`,
      nullable: true,
      resolve: (l, _a, ctx) => (l.complaint ? translate(ctx.lang, 'task.complaintRecorded') : null),
    }),
    assignerName: t.string({ nullable: true, description: "The assigner at the time of the line, in the caller's language.", resolve: (l, _a, ctx) => nameInLang(l.assignerName, ctx) }),
    executorName: t.string({ nullable: true, description: "The executor at the time of the line, in the caller's language.", resolve: (l, _a, ctx) => nameInLang(l.executorName, ctx) }),
    reportDaily: t.exposeString('reportDaily', { nullable: true, description: 'The daily report, on DAILY_REPORT lines.' }),
    logTime: t.expose('logTime', { type: 'DateTime', description: 'When the line is about: 20:00 of a missed day for a late report, else when it was written.' }),
    createdAt: t.expose('createdAt', { description: 'When the line was written (instant).', type: 'DateTime' }),
    author: t.relation('user', { description: 'Who made the change.' }),
  }),
});

export const TaskAdditionNode = builder.prismaNode('TaskAddition', {
  nullable: true,
  id: { field: 'id' },
  description: 'Text appended to a task after it was created (sanitised rich HTML).',
  authScopes: { permission: 'task.read' },
  findUnique: (id, ctx) => ({ id: Number(id), task: ctx.actor ? visibleTasksWhere(ctx.actor) : { id: -1 } }),
  fields: (t) => ({
    databaseId: t.exposeInt('id', { description: 'The legacy numeric id of the addition.' }),
    content: t.exposeString('content', { description: 'The appended text: sanitised rich HTML.' }),
    author: t.relation('user', { description: 'Who appended it.' }),
    viewerCanEdit: t.boolean({
      description: 'The caller may edit the addition (its author, or an administrator).',
      resolve: (a, _a, ctx) => !!ctx.actor && canEditAddition(ctx.actor, a),
    }),
    createdAt: t.expose('createdAt', { description: 'When it was appended (instant).', type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { description: 'When it was last edited (instant).', type: 'DateTime' }),
    task: t.relation('task', { description: 'The task it belongs to.' }),
  }),
});

export const TaskNode = builder.prismaNode('WorkTask', {
  name: 'Task',
  nullable: true,
  id: { field: 'id' },
  description: 'A work task: assigned by one person (the assigner) to another (the executor) within a project.',
  authScopes: { permission: 'task.read' },
  // node(id:) applies the same visibility as the list, in SQL.
  findUnique: (id, ctx) => ({ id: Number(id), AND: [ctx.actor ? visibleTasksWhere(ctx.actor) : { id: -1 }] }),
  fields: (t) => ({
    databaseId: t.exposeInt('id', { description: 'The legacy numeric id of the task.' }),
    title: t.exposeString('title', { description: 'The title, at most 200 characters.' }),
    content: t.exposeString('content', { description: 'Sanitised rich HTML.' }),
    state: t.field({ description: 'Where the task is in its state machine (completeTask, pauseTask, ... change it).', type: TaskStateEnum, resolve: (task) => clampState(task.state) }),
    priority: t.field({ description: 'How urgent it is; 0 and unknown legacy values read as MEDIUM.', type: TaskPriorityEnum, resolve: (task) => clampPriority(task.priority) }),
    type: t.field({ description: 'A new task or a bug (completing a bug needs feedback).', type: TaskTypeEnum, resolve: (task) => (task.taskType === 2 ? 2 : 1) }),
    source: t.exposeInt('taskSource', { description: 'Legacy task source; 2 for tasks made in the back office.' }),
    progress: t.exposeInt('progress', { description: 'Percent done, 0 to 100.' }),
    feedback: t.exposeString('feedback', { nullable: true, description: 'Feedback given when a bug was completed.' }),
    feedbackLog: t.exposeString('feedbackLog', { nullable: true, description: 'Every feedback given, one line each.' }),
    createdAt: t.expose('createdAt', { description: 'When the task was created (instant).', type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { description: 'When the task last changed (instant).', type: 'DateTime' }),
    completedAt: t.expose('completedAt', { description: 'When it was completed (instant); null unless COMPLETE.', type: 'DateTime', nullable: true }),
    project: t.relation('project', { description: 'The project the task belongs to.' }),
    assigner: t.relation('assigner', { description: 'Who assigned the task (the legacy assignee).' }),
    executor: t.relation('executor', { nullable: true, description: 'Who carries it out (the legacy designee); null while unassigned.' }),
    skillStack: t.relation('skillStack', { description: 'The skill stack the task needs, if any.', nullable: true }),
    additions: t.relation('additions', {
      description: 'Every text appended after creation, oldest first: for one task (its detail); a list reads `additionCount` and `recentAdditions` instead.',
      query: { orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] },
    }),
    additionCount: t.relationCount('additions', { description: 'How many texts were appended after creation.' }),
    recentAdditions: t.relation('additions', {
      description: `The newest texts appended after creation, newest first: at most \`first\` (default ${RECENT_ADDITIONS}, at most ${MAX_RECENT_ADDITIONS}); with \`additionCount\`, what a list shows of a task's additions.`,
      args: { first: t.arg.int({ description: `How many (1 to ${MAX_RECENT_ADDITIONS}; default ${RECENT_ADDITIONS}).` }) },
      query: (args) => ({ orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take: Math.min(MAX_RECENT_ADDITIONS, Math.max(1, args.first ?? RECENT_ADDITIONS)) }),
    }),
    logs: t.relatedConnection('logs', { cursor: 'id', query: { orderBy: [{ logTime: 'desc' }, { id: 'desc' }] }, description: 'The timeline, newest first.' }),
    lastLog: t.field({
      type: TaskLogNode,
      nullable: true,
      description: 'The newest log line.',
      select: (_args, _ctx, nestedSelection) => ({ logs: nestedSelection({ take: 1, orderBy: [{ logTime: 'desc' }, { id: 'desc' }] }) }),
      resolve: (task) => task.logs[0] ?? null,
    }),
    viewerCanEdit: t.boolean({
      description: 'The caller may edit or delete the task (its assigner, or an administrator).',
      resolve: (task, _a, ctx) => !!ctx.actor && (ctx.actor.isAdmin || ctx.actor.id === task.assignerId),
    }),
    // The rules below are the service's and the policy's, answered for the caller so the
    // client never recomputes them.
    viewerCanReassign: t.boolean({
      description: 'The caller may reassign the task now: assigner, project manager or administrator, and the task is not complete or abandoned.',
      select: { project: { select: { managerId: true } } },
      resolve: (task, _a, ctx) => !!ctx.actor && canReassignTask(ctx.actor, accessFacts(task)) && ASSIGNABLE_STATES.includes(task.state),
    }),
    viewerCanChangePriority: t.boolean({
      description: 'The caller may change the priority: assigner, project manager or administrator.',
      select: { project: { select: { managerId: true } } },
      resolve: (task, _a, ctx) => !!ctx.actor && canReassignTask(ctx.actor, accessFacts(task)),
    }),
    viewerCanReport: t.boolean({
      description: 'The caller may write a daily report on the task (it is incomplete, complete, paused or waiting).',
      resolve: (task, _a, ctx) => !!ctx.actor && REPORTABLE_STATES.includes(task.state),
    }),
    viewerCanSchedule: t.boolean({
      description: 'The caller may add the task to a schedule (a complete task cannot be scheduled: task.completedNotSchedulable).',
      resolve: (task, _a, ctx) => !!ctx.actor && task.state !== TASK_STATES.COMPLETE,
    }),
    viewerTransitions: t.field({
      type: [TaskTransitionEnum],
      description: 'The state changes the caller may make now, from the state machine (TRANSITIONS) and the editing right.',
      select: { project: { select: { managerId: true } } },
      resolve: (task, _a, ctx) => {
        const actor = ctx.actor;
        if (!actor) return [];
        const editor = canEditTask(actor, accessFacts(task));
        return (Object.keys(TRANSITIONS) as Transition[]).filter((name) => {
          const rule = TRANSITIONS[name];
          return rule.from.includes(task.state) && (rule.who === 'participant' || editor);
        });
      },
    }),
  }),
});

const TaskStatisticsRef = builder.objectRef<TaskStatistics>('TaskStatistics').implement({
  description: "The caller's task statistic of a day (legacy getStatisticByToDay), in the caller's time zone.",
  fields: (t) => ({
    day: t.field({ description: "The day counted, in the caller's time zone.", type: 'Date', resolve: (s) => s.day }),
    todo: t.exposeInt('todo', { description: 'Incomplete tasks the caller executes.' }),
    paused: t.exposeInt('paused', { description: 'Paused tasks the caller executes.' }),
    waiting: t.exposeInt('waiting', { description: 'Waiting tasks the caller executes.' }),
    urgent: t.exposeInt('urgent', { description: 'Incomplete urgent tasks the caller executes.' }),
    completed: t.exposeInt('completed', { description: 'Tasks the caller completed that day.' }),
    created: t.exposeInt('created', { description: 'Tasks the caller assigned that day.' }),
    reported: t.exposeInt('reported', { description: 'Daily reports the caller wrote for that day.' }),
    assignedOpen: t.exposeInt('assignedOpen', { description: 'Tasks the caller assigned that are not complete or abandoned.' }),
    unreported: t.exposeInt('unreported', { description: 'Incomplete tasks the caller executes with no daily report for that day.' }),
  }),
});

const TaskFilter = builder.inputType('TaskFilter', {
  description: 'Narrows `tasks`; every given condition must hold.',
  fields: (t) => ({
    state: t.field({ description: 'Only tasks in this state.', type: TaskStateEnum }),
    priority: t.field({ description: 'Only tasks of this priority.', type: TaskPriorityEnum }),
    projectId: t.globalID({ description: 'A Project id.' }),
    role: t.field({ description: 'Only tasks the caller assigned (ASSIGNED_BY_ME) or executes (ASSIGNED_TO_ME).', type: TaskRoleEnum }),
    search: t.string({ description: 'Matches the title, literally.' }),
    createdFrom: t.field({ description: 'Only tasks created at or after this instant.', type: 'DateTime' }),
    createdTo: t.field({ description: 'Only tasks created at or before this instant.', type: 'DateTime' }),
    type: t.field({ description: 'Only tasks of this type.', type: TaskTypeEnum }),
    assignerId: t.globalID({ description: 'A User id: only tasks they assigned (within what the caller sees).' }),
    executorId: t.globalID({ description: 'A User id: only tasks they execute (within what the caller sees).' }),
  }),
});

const TaskOrderEnum = builder.enumType('TaskOrder', {
  description: 'The order of `tasks`; ties are broken by the newest first.',
  values: {
    NEWEST: { description: 'Newest first (the default).' },
    OLDEST: { description: 'Oldest first.' },
    PRIORITY: { description: 'Most urgent first.' },
    PRIORITY_LOW: { description: 'Least urgent first.' },
    STATE: { description: 'By state value (unassigned, incomplete, complete, abandoned, paused, waiting).' },
    TITLE: { description: 'By title, A to Z.' },
    TITLE_DESC: { description: 'By title, Z to A.' },
  } as const,
});

const ORDERS: Record<string, Prisma.WorkTaskOrderByWithRelationInput[]> = {
  NEWEST: TASK_ORDER,
  OLDEST: [{ id: 'asc' }],
  PRIORITY: [{ priority: 'asc' }, ...TASK_ORDER],
  PRIORITY_LOW: [{ priority: 'desc' }, ...TASK_ORDER],
  STATE: [{ state: 'asc' }, ...TASK_ORDER],
  TITLE: [{ title: 'asc' }, ...TASK_ORDER],
  TITLE_DESC: [{ title: 'desc' }, ...TASK_ORDER],
};

type TaskFilterArg = {
  state?: number | null;
  priority?: number | null;
  projectId?: { typename: string; id: string } | null;
  role?: 'ASSIGNED_BY_ME' | 'ASSIGNED_TO_ME' | null;
  search?: string | null;
  createdFrom?: Date | null;
  createdTo?: Date | null;
  type?: number | null;
  assignerId?: { typename: string; id: string } | null;
  executorId?: { typename: string; id: string } | null;
};

/** A User id of another type matches nobody. */
const userIdOf = (g: { typename: string; id: string } | null | undefined) => {
  const id = localId(g, 'User');
  return id === INVALID_ID ? -1 : id;
};

function filterFrom(f: TaskFilterArg | null | undefined): TaskListFilter {
  if (!f) return {};
  // A project id of another type matches no project.
  const id = localId(f.projectId, 'Project');
  const projectId = id === INVALID_ID ? -1 : id;
  return {
    state: f.state,
    priority: f.priority,
    projectId,
    role: f.role,
    search: f.search,
    createdFrom: f.createdFrom,
    createdTo: f.createdTo,
    type: f.type,
    assignerId: userIdOf(f.assignerId),
    executorId: userIdOf(f.executorId),
  };
}

builder.queryFields((t) => ({
  tasks: t.prismaConnection(
    {
      type: 'WorkTask',
      cursor: 'id',
      defaultSize: 20,
      maxSize: 500,
      description: 'Tasks the caller sees (assigned by or to them, or in projects they manage; all for administrators), newest first.',
      authScopes: { permission: 'task.read' },
      args: {
        filter: t.arg({ description: "Conditions on state, priority, type, project, assigner, executor, the caller's role, title and creation time.", type: TaskFilter }),
        order: t.arg({ description: 'The order (default NEWEST).', type: TaskOrderEnum }),
      },
      totalCount: cappedConnectionTotal((args: { filter?: unknown }, ctx: ServiceContext, take) => ctx.db.workTask.count({ where: tasksWhere(ctx, filterFrom(args.filter as TaskFilterArg)), take })),
      resolve: (query, _r, args, ctx) => ctx.db.workTask.findMany({ ...query, where: tasksWhere(ctx, filterFrom(args.filter as TaskFilterArg)), orderBy: ORDERS[args.order ?? 'NEWEST'] ?? TASK_ORDER }),
    },
    { fields: (c) => ({ totalCountCapped: cappedTotalField(c) }) },
  ),
  taskStatistics: t.field({
    type: TaskStatisticsRef,
    description: "The caller's statistic of a day; today (in the caller's zone) when no day is given.",
    authScopes: { permission: 'task.read' },
    args: { day: t.arg({ description: "The day (yyyy-MM-dd, read in the caller's time zone); default today.", type: 'Date' }) },
    resolve: (_r, args, ctx) => taskStatistics(ctx, args.day),
  }),
  daysWithoutLog: t.field({
    type: ['Date'],
    nullable: true,
    description: 'Days (newest first) with no daily report on the task, offered for a late report; null when the task is not visible.',
    authScopes: { permission: 'task.read' },
    args: { taskId: t.arg.globalID({ description: 'A Task id.', required: true, for: [TaskNode] }) },
    resolve: async (_r, args, ctx) => {
      try {
        return await daysWithoutLog(ctx, Number(args.taskId.id));
      } catch (err) {
        if (err instanceof NotFoundError) return null;
        throw err;
      }
    },
  }),
}));
