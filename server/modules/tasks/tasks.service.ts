import { DateTime } from 'luxon';
import type { Actor, ServiceContext } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { DomainError, NotFoundError, ValidationError } from '../../errors.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import type { MessageKey } from '../../i18n/catalogue.ts';
import { RICH_TEXT_MAX_CHARS, richTextIsBlank, richTextLength, sanitizeRichText } from '../../lib/html.ts';
import { searchText } from '../../lib/text.ts';
import { dbId, parseInput, z } from '../../lib/validate.ts';
import { authorize } from '../../policy.ts';
import { runWrite } from '../../write.ts';
import { canEditAddition, canEditTask, canReassignTask, isTaskVisible, visibleTasksWhere, type TaskAccessFacts } from './tasks.policy.ts';

// ── codes (spec sections 3, 4 and 9) ──

/** Task states: 0 unassigned, 1 incomplete, 2 complete, 3 abandoned, 4 paused, 5 waiting. */
export const TASK_STATES = { UNASSIGNED: 0, INCOMPLETE: 1, COMPLETE: 2, ABANDONED: 3, PAUSED: 4, WAITING: 5 } as const;
/** Priorities: 1 urgent, 2 high, 3 medium (default, also for 0 and unknown values), 4 low. */
export const TASK_PRIORITIES = { URGENT: 1, HIGH: 2, MEDIUM: 3, LOW: 4 } as const;
/** Task types: 1 new task (default), 2 bug. */
export const TASK_TYPES = { NEW_TASK: 1, BUG: 2 } as const;
/** Tasks created in the back office have source 2. */
export const TASK_SOURCE_BACK_OFFICE = 2;
/** The legacy door sends -1 for "no skill stack". */
export const NO_SKILL_STACK = -1;
/** Longest title (the column is varchar(200)); feedback and daily reports are plain text. */
export const TITLE_MAX = 200;
export const PLAIN_TEXT_MAX = 2000;
/** How far back the missed-day selector reaches. */
export const MISSED_DAYS_WINDOW = 30;

/** Log notes, stored as the spec's legacy values. */
export const LOG_NOTES = {
  CREATED: '新建',
  REASSIGNED: '重新指派',
  COMPLETED: '任务完成',
  UNDONE: '撤销完成',
  DAILY_REPORT: '每日汇报',
  UPDATED: '更新任务',
} as const;
export type LogNote = (typeof LOG_NOTES)[keyof typeof LOG_NOTES];

export const LOG_ACTIONS = [
  'CREATE', 'EDIT', 'ASSIGN', 'PRIORITY', 'PROGRESS', 'COMPLETE', 'UNDO', 'PAUSE', 'RESUME', 'WAIT', 'STOP_WAITING', 'ABANDON',
  'ADDITION', 'ADDITION_EDIT', 'REPORT',
] as const;
export type LogAction = (typeof LOG_ACTIONS)[number];

export function normalisePriority(value: number | null | undefined): number {
  return value === 1 || value === 2 || value === 3 || value === 4 ? value : TASK_PRIORITIES.MEDIUM;
}

// ── the state machine ──

export type Transition = 'complete' | 'undoComplete' | 'pause' | 'resume' | 'wait' | 'stopWaiting' | 'abandon';

type TransitionRule = {
  from: readonly number[];
  to: number;
  note: LogNote;
  action: LogAction;
  /** The answer when the task is in a state this transition does not start from. */
  refusal: MessageKey;
  /** participant: whoever sees the task; editor: the assigner (and administrators). */
  who: 'participant' | 'editor';
};

/**
 * Every state change a task can make, as data. Assigning (0→1, others unchanged) is the
 * separate `assignTask` because it carries an executor; it starts from ASSIGNABLE_STATES.
 */
export const TRANSITIONS: Record<Transition, TransitionRule> = {
  complete: { from: [1], to: 2, note: LOG_NOTES.COMPLETED, action: 'COMPLETE', refusal: 'task.cannotComplete', who: 'participant' },
  undoComplete: { from: [2], to: 1, note: LOG_NOTES.UNDONE, action: 'UNDO', refusal: 'task.cannotUndo', who: 'participant' },
  pause: { from: [1], to: 4, note: LOG_NOTES.UPDATED, action: 'PAUSE', refusal: 'task.cannotPause', who: 'participant' },
  resume: { from: [4], to: 1, note: LOG_NOTES.UPDATED, action: 'RESUME', refusal: 'task.cannotResume', who: 'participant' },
  wait: { from: [1], to: 5, note: LOG_NOTES.UPDATED, action: 'WAIT', refusal: 'task.cannotWait', who: 'participant' },
  stopWaiting: { from: [5], to: 1, note: LOG_NOTES.UPDATED, action: 'STOP_WAITING', refusal: 'task.cannotStopWaiting', who: 'participant' },
  abandon: { from: [0, 1, 4, 5], to: 3, note: LOG_NOTES.UPDATED, action: 'ABANDON', refusal: 'task.cannotAbandon', who: 'editor' },
};
export const ASSIGNABLE_STATES: readonly number[] = [0, 1, 4, 5];
/** States in which work goes on: progress can be updated. */
export const WORKING_STATES: readonly number[] = [1, 4, 5];
/** States a daily report may be written in. */
export const REPORTABLE_STATES: readonly number[] = [1, 2, 4, 5];

/**
 * The legacy `change/state` call names only the target state; this finds the transition
 * that reaches it from the current one, or the refusal to answer.
 */
export function transitionTo(current: number, target: number): Transition | MessageKey {
  const candidates = (Object.entries(TRANSITIONS) as Array<[Transition, TransitionRule]>).filter(([, r]) => r.to === target);
  const hit = candidates.find(([, r]) => r.from.includes(current));
  if (hit) return hit[0];
  return candidates[0]?.[1].refusal ?? 'task.stateInvalid';
}

// ── shared helpers ──

/** The result of every task write: which task changed and the log line it wrote. */
export type TaskWriteResult = { taskId: number; logId: number | null };

const optionalId = () => z.preprocess((v) => (v === '' || v === null ? undefined : v), dbId().optional());
const optionalInt = () => z.preprocess((v) => (v === '' || v === null ? undefined : v), z.coerce.number().int().optional());
const optionalText = (max: number) => z.preprocess((v) => (v === null ? undefined : v), z.string().max(max).optional());

type LoadedTask = {
  id: number;
  state: number;
  title: string;
  taskType: number;
  assignerId: number;
  executorId: number | null;
  projectId: number;
  feedback: string | null;
  feedbackLog: string | null;
  project: { managerId: number | null; deletedAt: Date | null };
  assigner: { name: string };
  executor: { name: string } | null;
};

export function accessFacts(task: { assignerId: number; executorId: number | null; project: { managerId: number | null } }): TaskAccessFacts {
  return { assignerId: task.assignerId, executorId: task.executorId, projectManagerId: task.project.managerId };
}

/**
 * Locks the task row for the rest of the transaction (two people completing the same task
 * at once are serialised) and answers it, or NOT_FOUND when the caller may not see it.
 */
async function loadTaskForWrite(tx: Tx, actor: Actor, id: number, notFound: () => DomainError = () => new NotFoundError()): Promise<LoadedTask> {
  await tx.$queryRaw`SELECT id FROM work_tasks WHERE id = ${id} FOR UPDATE`;
  const task = await tx.workTask.findUnique({
    where: { id },
    select: {
      id: true, state: true, title: true, taskType: true, assignerId: true, executorId: true, projectId: true, feedback: true, feedbackLog: true,
      project: { select: { managerId: true, deletedAt: true } },
      assigner: { select: { name: true } },
      executor: { select: { name: true } },
    },
  });
  // A task the caller may not see answers exactly like one that does not exist.
  if (!task || !isTaskVisible(actor, accessFacts(task))) throw notFound();
  return task;
}

async function writeLog(
  tx: Tx,
  actor: Actor,
  task: { id: number },
  note: LogNote,
  action: LogAction,
  extra: { reportDaily?: string; complaint?: boolean; logTime?: Date } = {},
): Promise<number> {
  // Names are snapshots at the time of the line, read after the change.
  const names = await tx.workTask.findUniqueOrThrow({ where: { id: task.id }, select: { assigner: { select: { name: true } }, executor: { select: { name: true } } } });
  const log = await tx.taskLog.create({
    data: {
      taskId: task.id,
      logNote: note,
      action,
      userId: actor.id,
      assignerName: names.assigner.name,
      executorName: names.executor?.name ?? null,
      reportDaily: extra.reportDaily ?? null,
      complaint: extra.complaint ?? false,
      logTime: extra.logTime ?? new Date(),
    },
    select: { id: true },
  });
  return log.id;
}

function editForbidden(): DomainError {
  return new DomainError('FORBIDDEN', 'task.editForbidden');
}

/** Sanitises rich content and enforces the 10000-character limit on its text. */
function richContent(raw: string | undefined, field: string): string {
  const html = sanitizeRichText(raw ?? '');
  if (richTextLength(html) > RICH_TEXT_MAX_CHARS) throw new ValidationError('validation.tooLong', { field, max: RICH_TEXT_MAX_CHARS });
  return html;
}

async function activeStaff(tx: Tx, id: number): Promise<boolean> {
  const user = await tx.user.findUnique({ where: { id }, select: { type: true, state: true } });
  return !!user && user.type === 1 && user.state !== 3;
}

// ── save (create and edit) ──

const saveShape = z.object({
  id: optionalId(),
  projectId: optionalId(),
  taskTitle: optionalText(TITLE_MAX + 100),
  taskContent: optionalText(RICH_TEXT_MAX_CHARS * 20),
  designeeId: optionalId(),
  priority: optionalInt(),
  taskType: optionalInt(),
  skillStackId: optionalInt(),
});
export type TaskSaveInput = z.input<typeof saveShape>;

type SaveFields = { projectId: number; title: string; content: string; executorId: number; priority: number; taskType: number; skillStackId: number | null };

/** Validates a task form in the spec's order: project, title, executor; then the rest. */
async function validateTaskFields(tx: Tx, v: {
  projectId?: number; taskTitle?: string; taskContent?: string; designeeId?: number; priority?: number; taskType?: number; skillStackId?: number | null;
}, creating: boolean, currentProjectId?: number): Promise<SaveFields> {
  if (!v.projectId) throw new ValidationError('task.projectRequired', undefined, 'PROJECT_REQUIRED');
  const title = v.taskTitle?.trim() ?? '';
  if (!title) throw new ValidationError('task.titleRequired', undefined, 'TITLE_REQUIRED');
  if (!v.designeeId) throw new ValidationError('task.executorRequired', undefined, 'EXECUTOR_REQUIRED');
  if ([...title].length > TITLE_MAX) throw new ValidationError('validation.tooLong', { field: 'taskTitle', max: TITLE_MAX });
  const content = richContent(v.taskContent, 'taskContent');
  const project = await tx.project.findUnique({ where: { id: v.projectId }, select: { stateCode: true, deletedAt: true } });
  if (!project || project.deletedAt) throw new DomainError('PROJECT_NOT_FOUND', 'task.additionProjectRequired');
  // New tasks go to live projects only (the client's list excludes finished and cancelled ones).
  if ((creating || v.projectId !== currentProjectId) && (project.stateCode === 4 || project.stateCode === 5)) {
    throw new DomainError('PROJECT_CLOSED', 'task.projectClosed');
  }
  if (!(await activeStaff(tx, v.designeeId))) throw new DomainError('EXECUTOR_INVALID', 'task.executorInvalid');
  const taskType = v.taskType ?? TASK_TYPES.NEW_TASK;
  if (taskType !== TASK_TYPES.NEW_TASK && taskType !== TASK_TYPES.BUG) throw new ValidationError('validation.invalid', { field: 'taskType' });
  let skillStackId: number | null = null;
  if (v.skillStackId !== undefined && v.skillStackId !== null && v.skillStackId !== NO_SKILL_STACK) {
    const stack = v.skillStackId > 0 ? await tx.skillStack.findUnique({ where: { id: v.skillStackId }, select: { id: true } }) : null;
    if (!stack) throw new ValidationError('validation.invalid', { field: 'skillStackId' });
    skillStackId = stack.id;
  }
  return { projectId: v.projectId, title, content, executorId: v.designeeId, priority: normalisePriority(v.priority), taskType, skillStackId };
}

/** Creates a task; the caller becomes its assigner. Logs 新建. */
export async function createTask(ctx: ServiceContext, raw: unknown): Promise<TaskWriteResult> {
  return runWrite(ctx, { operation: 'task.create', targetType: 'WorkTask' }, async (tx) => {
    const actor = authorize(ctx, 'task.create');
    const input = parseInput(saveShape, raw);
    const f = await validateTaskFields(tx, input, true);
    const task = await tx.workTask.create({
      data: {
        title: f.title, content: f.content, priority: f.priority, taskType: f.taskType, taskSource: TASK_SOURCE_BACK_OFFICE,
        projectId: f.projectId, skillStackId: f.skillStackId, assignerId: actor.id, executorId: f.executorId, state: TASK_STATES.INCOMPLETE,
      },
      select: { id: true },
    });
    const logId = await writeLog(tx, actor, task, LOG_NOTES.CREATED, 'CREATE');
    return { result: { taskId: task.id, logId }, targetIds: [task.id] };
  });
}

/**
 * Edits a task (only its assigner: 没有权限修改该任务). Fields left out keep their value;
 * the merged form is validated like a new one. A new executor also logs 重新指派.
 */
export async function updateTask(ctx: ServiceContext, raw: unknown): Promise<TaskWriteResult> {
  return runWrite(ctx, { operation: 'task.update', targetType: 'WorkTask' }, async (tx) => {
    const actor = authorize(ctx, 'task.read');
    const input = parseInput(saveShape.extend({ id: dbId() }), raw);
    const task = await loadTaskForWrite(tx, actor, input.id);
    if (!canEditTask(actor, accessFacts(task))) throw editForbidden();
    const current = await tx.workTask.findUniqueOrThrow({ where: { id: task.id }, select: { content: true, priority: true, skillStackId: true } });
    const f = await validateTaskFields(tx, {
      projectId: input.projectId ?? task.projectId,
      taskTitle: input.taskTitle ?? task.title,
      taskContent: input.taskContent ?? current.content,
      designeeId: input.designeeId ?? task.executorId ?? undefined,
      priority: input.priority ?? current.priority,
      taskType: input.taskType ?? task.taskType,
      skillStackId: input.skillStackId === undefined ? current.skillStackId : input.skillStackId,
    }, false, task.projectId);
    const reassigned = f.executorId !== task.executorId;
    if (reassigned && !ASSIGNABLE_STATES.includes(task.state)) throw new DomainError('WRONG_STATE', 'task.cannotAssign');
    await tx.workTask.update({
      where: { id: task.id },
      data: {
        title: f.title, content: f.content, priority: f.priority, taskType: f.taskType, projectId: f.projectId, skillStackId: f.skillStackId,
        executorId: f.executorId, state: task.state === TASK_STATES.UNASSIGNED ? TASK_STATES.INCOMPLETE : task.state,
      },
    });
    if (reassigned) await writeLog(tx, actor, task, LOG_NOTES.REASSIGNED, 'ASSIGN');
    const logId = await writeLog(tx, actor, task, LOG_NOTES.UPDATED, 'EDIT');
    return { result: { taskId: task.id, logId }, targetIds: [task.id] };
  });
}

const idsShape = z.object({ ids: z.array(dbId()).min(1).max(500) });

/** Deletes tasks (their additions, logs and reports go with them); all or nothing. */
export async function deleteTasks(ctx: ServiceContext, raw: unknown): Promise<{ ids: number[] }> {
  return runWrite(ctx, { operation: 'task.delete', targetType: 'WorkTask' }, async (tx) => {
    const actor = authorize(ctx, 'task.read');
    const { ids } = parseInput(idsShape, raw);
    const unique = [...new Set(ids)].sort((a, b) => a - b);
    for (const id of unique) {
      const task = await loadTaskForWrite(tx, actor, id);
      if (!canEditTask(actor, accessFacts(task))) throw editForbidden();
    }
    await tx.workTask.deleteMany({ where: { id: { in: unique } } });
    return { result: { ids: unique }, targetIds: unique };
  });
}

// ── transitions ──

const transitionShape = z.object({ id: dbId(), feedback: optionalText(PLAIN_TEXT_MAX) });

async function applyTransition(tx: Tx, actor: Actor, transition: Transition, id: number, feedbackRaw?: string): Promise<TaskWriteResult> {
  const rule = TRANSITIONS[transition];
  const task = await loadTaskForWrite(tx, actor, id);
  if (rule.who === 'editor' && !canEditTask(actor, accessFacts(task))) throw editForbidden();
  if (!rule.from.includes(task.state)) throw new DomainError('WRONG_STATE', rule.refusal, { state: task.state });
  const data: Prisma.WorkTaskUpdateInput = { state: rule.to };
  const now = new Date();
  let complaint = false;
  if (transition === 'complete') {
    const feedback = feedbackRaw?.trim() ?? '';
    // A bug is completed through the feedback dialog (问题反馈): feedback is required.
    if (task.taskType === TASK_TYPES.BUG && !feedback) throw new ValidationError('task.feedbackRequired', undefined, 'FEEDBACK_REQUIRED');
    Object.assign(data, { completedAt: now, progress: 100 });
    if (feedback) {
      const line = `${now.toISOString()} ${actor.name}: ${feedback}`;
      Object.assign(data, { feedback, feedbackLog: task.feedbackLog ? `${task.feedbackLog}\n${line}` : line });
    }
  }
  if (transition === 'undoComplete') {
    data.completedAt = null;
    // Undoing someone else's completion is a complaint against the executor.
    complaint = task.executorId !== null && task.executorId !== actor.id;
  }
  await tx.workTask.update({ where: { id: task.id }, data });
  const logId = await writeLog(tx, actor, task, rule.note, rule.action, { complaint });
  if (complaint && task.executorId !== null) {
    await tx.taskComplaint.create({ data: { taskId: task.id, complainantId: actor.id, executorId: task.executorId, logId } });
  }
  return { taskId: task.id, logId };
}

/** One state transition of one task (complete takes the feedback). */
export async function transitionTask(ctx: ServiceContext, transition: Transition, raw: unknown): Promise<TaskWriteResult> {
  return runWrite(ctx, { operation: `task.${transition}`, targetType: 'WorkTask' }, async (tx) => {
    const actor = authorize(ctx, 'task.read');
    const input = parseInput(transitionShape, raw);
    const result = await applyTransition(tx, actor, transition, input.id, input.feedback);
    return { result, targetIds: [result.taskId] };
  });
}

/** The same transition for several tasks (legacy completeMission with selIds); all or nothing. */
export async function transitionTasks(ctx: ServiceContext, transition: Transition, raw: unknown): Promise<TaskWriteResult[]> {
  return runWrite(ctx, { operation: `task.${transition}`, targetType: 'WorkTask' }, async (tx) => {
    const actor = authorize(ctx, 'task.read');
    const input = parseInput(idsShape.extend({ feedback: optionalText(PLAIN_TEXT_MAX) }), raw);
    const results: TaskWriteResult[] = [];
    for (const id of [...new Set(input.ids)]) results.push(await applyTransition(tx, actor, transition, id, input.feedback));
    return { result: results, targetIds: results.map((r) => r.taskId) };
  });
}

/** Legacy `change/state`: the transition that reaches `state` from the current one. */
export async function changeTaskState(ctx: ServiceContext, raw: unknown): Promise<TaskWriteResult> {
  return runWrite(ctx, { operation: 'task.changeState', targetType: 'WorkTask' }, async (tx) => {
    const actor = authorize(ctx, 'task.read');
    const input = parseInput(z.object({ id: dbId(), state: z.coerce.number().int().min(0).max(5), feedback: optionalText(PLAIN_TEXT_MAX) }), raw);
    const current = await loadTaskForWrite(tx, actor, input.id);
    const found = transitionTo(current.state, input.state);
    if (!(found in TRANSITIONS)) throw new DomainError('WRONG_STATE', found as MessageKey);
    const result = await applyTransition(tx, actor, found as Transition, input.id, input.feedback);
    return { result, targetIds: [result.taskId] };
  });
}

const assignShape = z.object({ id: dbId(), designeeId: optionalId() });

/** Reassigns a task (重新指派); an unassigned task becomes incomplete. */
export async function assignTask(ctx: ServiceContext, raw: unknown): Promise<TaskWriteResult> {
  return runWrite(ctx, { operation: 'task.assign', targetType: 'WorkTask' }, async (tx) => {
    const actor = authorize(ctx, 'task.read');
    const input = parseInput(assignShape, raw);
    const task = await loadTaskForWrite(tx, actor, input.id);
    if (!canReassignTask(actor, accessFacts(task))) throw editForbidden();
    if (!input.designeeId) throw new ValidationError('task.reassignExecutorRequired', undefined, 'EXECUTOR_REQUIRED');
    if (!ASSIGNABLE_STATES.includes(task.state)) throw new DomainError('WRONG_STATE', 'task.cannotAssign');
    if (!(await activeStaff(tx, input.designeeId))) throw new DomainError('EXECUTOR_INVALID', 'task.executorInvalid');
    await tx.workTask.update({
      where: { id: task.id },
      data: { executorId: input.designeeId, state: task.state === TASK_STATES.UNASSIGNED ? TASK_STATES.INCOMPLETE : task.state },
    });
    const logId = await writeLog(tx, actor, task, LOG_NOTES.REASSIGNED, 'ASSIGN');
    return { result: { taskId: task.id, logId }, targetIds: [task.id] };
  });
}

/** Changes the priority (0 and unknown values mean medium). */
export async function changeTaskPriority(ctx: ServiceContext, raw: unknown): Promise<TaskWriteResult> {
  return runWrite(ctx, { operation: 'task.changePriority', targetType: 'WorkTask' }, async (tx) => {
    const actor = authorize(ctx, 'task.read');
    const input = parseInput(z.object({ id: dbId(), priority: optionalInt() }), raw);
    const task = await loadTaskForWrite(tx, actor, input.id);
    if (!canReassignTask(actor, accessFacts(task))) throw editForbidden();
    await tx.workTask.update({ where: { id: task.id }, data: { priority: normalisePriority(input.priority) } });
    const logId = await writeLog(tx, actor, task, LOG_NOTES.UPDATED, 'PRIORITY');
    return { result: { taskId: task.id, logId }, targetIds: [task.id] };
  });
}

/** Sets the percentage done of a task in progress (incomplete, paused or waiting). */
export async function updateTaskProgress(ctx: ServiceContext, raw: unknown): Promise<TaskWriteResult> {
  return runWrite(ctx, { operation: 'task.updateProgress', targetType: 'WorkTask' }, async (tx) => {
    const actor = authorize(ctx, 'task.read');
    const input = parseInput(z.object({ id: dbId(), progress: z.coerce.number().int().min(0).max(100) }), raw);
    const task = await loadTaskForWrite(tx, actor, input.id);
    if (!WORKING_STATES.includes(task.state)) throw new DomainError('WRONG_STATE', 'task.cannotUpdateProgress');
    await tx.workTask.update({ where: { id: task.id }, data: { progress: input.progress } });
    const logId = await writeLog(tx, actor, task, LOG_NOTES.UPDATED, 'PROGRESS');
    return { result: { taskId: task.id, logId }, targetIds: [task.id] };
  });
}

// ── additions ──

export type AdditionWriteResult = TaskWriteResult & { additionId: number };

/**
 * Appends an addition (追加任务). Checked in the spec's order: content (请输入内容。),
 * task (任务错误。), the task's project (项目不存在,无法保存).
 */
export async function addTaskAddition(ctx: ServiceContext, raw: unknown): Promise<AdditionWriteResult> {
  return runWrite(ctx, { operation: 'task.addAddition', targetType: 'TaskAddition' }, async (tx) => {
    const actor = authorize(ctx, 'task.read');
    const input = parseInput(z.object({ workTaskId: optionalId(), contentAddition: optionalText(RICH_TEXT_MAX_CHARS * 20) }), raw);
    const content = richContent(input.contentAddition, 'contentAddition');
    if (richTextIsBlank(content)) throw new ValidationError('task.additionContentRequired', undefined, 'CONTENT_REQUIRED');
    const taskError = () => new DomainError('TASK_INVALID', 'task.additionTaskRequired');
    if (!input.workTaskId) throw taskError();
    const task = await loadTaskForWrite(tx, actor, input.workTaskId, taskError);
    if (task.project.deletedAt) throw new DomainError('PROJECT_NOT_FOUND', 'task.additionProjectRequired');
    const addition = await tx.taskAddition.create({ data: { taskId: task.id, content, userId: actor.id }, select: { id: true } });
    const logId = await writeLog(tx, actor, task, LOG_NOTES.UPDATED, 'ADDITION');
    return { result: { taskId: task.id, logId, additionId: addition.id }, targetIds: [addition.id] };
  });
}

/** Edits an addition (its author or an administrator). */
export async function updateTaskAddition(ctx: ServiceContext, raw: unknown): Promise<AdditionWriteResult> {
  return runWrite(ctx, { operation: 'task.updateAddition', targetType: 'TaskAddition' }, async (tx) => {
    const actor = authorize(ctx, 'task.read');
    const input = parseInput(z.object({ id: dbId(), contentAddition: optionalText(RICH_TEXT_MAX_CHARS * 20) }), raw);
    const content = richContent(input.contentAddition, 'contentAddition');
    if (richTextIsBlank(content)) throw new ValidationError('task.additionContentRequired', undefined, 'CONTENT_REQUIRED');
    const existing = await tx.taskAddition.findUnique({ where: { id: input.id }, select: { id: true, taskId: true, userId: true } });
    if (!existing) throw new NotFoundError();
    const task = await loadTaskForWrite(tx, actor, existing.taskId);
    if (!canEditAddition(actor, existing)) throw new DomainError('FORBIDDEN', 'task.additionEditForbidden');
    if (task.project.deletedAt) throw new DomainError('PROJECT_NOT_FOUND', 'task.additionProjectRequired');
    await tx.taskAddition.update({ where: { id: existing.id }, data: { content } });
    const logId = await writeLog(tx, actor, task, LOG_NOTES.UPDATED, 'ADDITION_EDIT');
    return { result: { taskId: task.id, logId, additionId: existing.id }, targetIds: [existing.id] };
  });
}

// ── daily reports ──

/** Today in a zone, `yyyy-MM-dd`. */
export function todayIn(zone: string, now: Date = new Date()): string {
  return DateTime.fromJSDate(now, { zone }).toISODate() ?? DateTime.fromJSDate(now).toISODate()!;
}

/**
 * Days the daily-report date selector offers: weekdays from the task's first day (at most
 * MISSED_DAYS_WINDOW days back) to yesterday, in the caller's zone, on which nobody reported
 * on the task. A completed task offers days up to its completion; an unassigned or
 * abandoned one none.
 */
export function missedDays(task: { state: number; createdAt: Date; completedAt: Date | null }, reported: Set<string>, zone: string, now: Date = new Date()): string[] {
  if (!REPORTABLE_STATES.includes(task.state)) return [];
  const today = DateTime.fromJSDate(now, { zone }).startOf('day');
  let last = today.minus({ days: 1 });
  if (task.state === TASK_STATES.COMPLETE && task.completedAt) {
    const done = DateTime.fromJSDate(task.completedAt, { zone }).startOf('day');
    if (done < last) last = done;
  }
  let day = DateTime.fromJSDate(task.createdAt, { zone }).startOf('day');
  const earliest = today.minus({ days: MISSED_DAYS_WINDOW });
  if (day < earliest) day = earliest;
  const out: string[] = [];
  for (; day <= last; day = day.plus({ days: 1 })) {
    const iso = day.toISODate()!;
    if (day.weekday <= 5 && !reported.has(iso)) out.push(iso);
  }
  return out.reverse();
}

async function readMissedDays(db: Db | Tx, taskId: number, zone: string): Promise<string[]> {
  const task = await db.workTask.findUniqueOrThrow({
    where: { id: taskId },
    select: { state: true, createdAt: true, completedAt: true, dailyReports: { select: { workDate: true } } },
  });
  return missedDays(task, new Set(task.dailyReports.map((r) => r.workDate.toISOString().slice(0, 10))), zone);
}

/** `daysWithoutLog(taskId)`: the missed days of a task the caller sees. */
export async function daysWithoutLog(ctx: ServiceContext, taskId: number): Promise<string[]> {
  const actor = authorize(ctx, 'task.read');
  const task = await ctx.db.workTask.findFirst({ where: { AND: [{ id: taskId }, visibleTasksWhere(actor)] }, select: { id: true } });
  if (!task) throw new NotFoundError();
  return readMissedDays(ctx.db, task.id, actor.timeZone);
}

const reportShape = z.object({
  id: dbId(),
  reportDaily: optionalText(PLAIN_TEXT_MAX),
  /** A missed day (`yyyy-MM-dd`); absent or today means a report for today. */
  day: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional()),
  progress: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.coerce.number().int().min(0).max(100).optional()),
});

/**
 * Writes a daily report (每日汇报). For a missed day the log time is 20:00 of that day in the
 * reporter's zone, otherwise now (spec section 7).
 */
export async function reportTaskDaily(ctx: ServiceContext, raw: unknown): Promise<TaskWriteResult & { day: string }> {
  return runWrite(ctx, { operation: 'task.reportDaily', targetType: 'WorkTask' }, async (tx) => {
    const actor = authorize(ctx, 'task.read');
    const input = parseInput(reportShape, raw);
    const task = await loadTaskForWrite(tx, actor, input.id);
    const content = input.reportDaily?.trim() ?? '';
    if (!content) throw new ValidationError('task.reportRequired', undefined, 'REPORT_REQUIRED');
    if (!REPORTABLE_STATES.includes(task.state)) throw new DomainError('WRONG_STATE', 'task.cannotReport');
    const today = todayIn(actor.timeZone);
    let day = today;
    let logTime = new Date();
    if (input.day && input.day !== today) {
      const offered = await readMissedDays(tx, task.id, actor.timeZone);
      if (!offered.includes(input.day)) throw new ValidationError('task.reportDayInvalid', undefined, 'REPORT_DAY_INVALID');
      day = input.day;
      logTime = DateTime.fromISO(`${input.day}T20:00:00`, { zone: actor.timeZone }).toJSDate();
    }
    if (input.progress !== undefined && WORKING_STATES.includes(task.state)) {
      await tx.workTask.update({ where: { id: task.id }, data: { progress: input.progress } });
    }
    const logId = await writeLog(tx, actor, task, LOG_NOTES.DAILY_REPORT, 'REPORT', { reportDaily: content, logTime });
    await tx.taskDailyReport.create({ data: { taskId: task.id, userId: actor.id, workDate: new Date(`${day}T00:00:00Z`), content, logId } });
    return { result: { taskId: task.id, logId, day }, targetIds: [task.id] };
  });
}

// ── reads ──

export type TaskRole = 'ASSIGNED_BY_ME' | 'ASSIGNED_TO_ME';
export type TaskListFilter = {
  state?: number | null;
  priority?: number | null;
  projectId?: number | null;
  role?: TaskRole | null;
  search?: string | null;
  createdFrom?: Date | null;
  createdTo?: Date | null;
  /** Legacy filters by the assigner's or executor's id (still within what the caller sees). */
  assignerId?: number | null;
  executorId?: number | null;
};

/** The tasks a list shows: what the caller sees, narrowed by the filter (both doors). */
export function tasksWhere(ctx: ServiceContext, f: TaskListFilter): Prisma.WorkTaskWhereInput {
  const actor = authorize(ctx, 'task.read');
  const search = searchText(f.search);
  const and: Prisma.WorkTaskWhereInput[] = [visibleTasksWhere(actor)];
  if (f.state !== null && f.state !== undefined) and.push({ state: f.state });
  if (f.priority) and.push({ priority: f.priority });
  if (f.projectId) and.push({ projectId: f.projectId });
  if (f.role === 'ASSIGNED_BY_ME') and.push({ assignerId: actor.id });
  if (f.role === 'ASSIGNED_TO_ME') and.push({ executorId: actor.id });
  if (search) and.push({ title: { contains: search, mode: 'insensitive' } });
  if (f.createdFrom) and.push({ createdAt: { gte: f.createdFrom } });
  if (f.createdTo) and.push({ createdAt: { lte: f.createdTo } });
  if (f.assignerId) and.push({ assignerId: f.assignerId });
  if (f.executorId) and.push({ executorId: f.executorId });
  return { AND: and };
}

/** Newest first; the id breaks ties so pages are stable. */
export const TASK_ORDER: Prisma.WorkTaskOrderByWithRelationInput[] = [{ id: 'desc' }];

/** Reads one task the caller sees, or NOT_FOUND (both doors). */
export async function findVisibleTask<S extends Prisma.WorkTaskSelect>(ctx: ServiceContext, id: number, select: S) {
  const actor = authorize(ctx, 'task.read');
  const task = await ctx.db.workTask.findFirst({ where: { AND: [{ id }, visibleTasksWhere(actor)] }, select });
  if (!task) throw new NotFoundError();
  return task;
}

export type TaskStatistics = {
  day: string;
  /** Tasks the caller executes that are incomplete / paused / waiting. */
  todo: number;
  paused: number;
  waiting: number;
  /** Of those, urgent. */
  urgent: number;
  /** Tasks the caller completed that day. */
  completed: number;
  /** Tasks the caller assigned that day. */
  created: number;
  /** Daily reports the caller wrote for that day. */
  reported: number;
  /** Tasks the caller assigned that are still open (unassigned, incomplete, paused, waiting). */
  assignedOpen: number;
  /** Open tasks the caller executes without a report for that day. */
  unreported: number;
};

/** The statistic of a day (default today) for the caller, in the caller's zone. */
export async function taskStatistics(ctx: ServiceContext, day?: string | null): Promise<TaskStatistics> {
  const actor = authorize(ctx, 'task.read');
  const iso = day ?? todayIn(actor.timeZone);
  const start = DateTime.fromISO(iso, { zone: actor.timeZone });
  if (!start.isValid) throw new ValidationError('validation.invalid', { field: 'day' });
  const from = start.startOf('day').toJSDate();
  const to = start.plus({ days: 1 }).startOf('day').toJSDate();
  const dayDate = new Date(`${iso}T00:00:00Z`);
  const mine = { executorId: actor.id };
  const [byState, urgent, completed, created, reported, assignedOpen, unreported] = await Promise.all([
    ctx.db.workTask.groupBy({ by: ['state'], where: { ...mine, state: { in: [1, 4, 5] } }, _count: { _all: true } }),
    ctx.db.workTask.count({ where: { ...mine, state: 1, priority: 1 } }),
    ctx.db.workTask.count({ where: { ...mine, state: 2, completedAt: { gte: from, lt: to } } }),
    ctx.db.workTask.count({ where: { assignerId: actor.id, createdAt: { gte: from, lt: to } } }),
    ctx.db.taskDailyReport.count({ where: { userId: actor.id, workDate: dayDate } }),
    ctx.db.workTask.count({ where: { assignerId: actor.id, state: { in: [0, 1, 4, 5] } } }),
    ctx.db.workTask.count({ where: { ...mine, state: 1, dailyReports: { none: { workDate: dayDate } } } }),
  ]);
  const count = (s: number) => byState.find((r) => r.state === s)?._count._all ?? 0;
  return { day: iso, todo: count(1), paused: count(4), waiting: count(5), urgent, completed, created, reported, assignedOpen, unreported };
}

/** Open tasks the caller executes with no daily report for the day (default today). */
export function unreportedTasksWhere(ctx: ServiceContext, day?: string | null): Prisma.WorkTaskWhereInput {
  const actor = authorize(ctx, 'task.read');
  const iso = day ?? todayIn(actor.timeZone);
  if (!DateTime.fromISO(iso).isValid) throw new ValidationError('validation.invalid', { field: 'workDate' });
  return { executorId: actor.id, state: 1, dailyReports: { none: { workDate: new Date(`${iso}T00:00:00Z`) } } };
}

