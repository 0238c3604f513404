/** State transitions of tasks (one rule table), reassigning, priority and progress. */
import type { Actor, ServiceContext } from '../../../context.ts';
import type { Tx } from '../../../db/client.ts';
import { DomainError, ValidationError } from '../../../errors.ts';
import type { Prisma } from '../../../generated/prisma/client.ts';
import type { MessageKey } from '../../../i18n/catalogue.ts';
import { dbId, inputOf, z, type Parsed } from '../../../lib/validate.ts';
import { authorize } from '../../../policy.ts';
import { runWrite } from '../../../write.ts';
import { canEditTask, canReassignTask } from '../tasks.policy.ts';
import { accessFacts, activeStaff, editForbidden, loadTaskForWrite, optionalId, optionalInt, optionalText, writeLog, type TaskWriteResult } from './common.ts';
import { taskIdsInput } from './save.ts';
import { ASSIGNABLE_STATES, LOG_NOTES, normalisePriority, PLAIN_TEXT_MAX, TASK_STATES, TASK_TYPES, TRANSITIONS, transitionTo, WORKING_STATES, type Transition } from './rules.ts';
import { tasksErrors } from '../tasks.errors.ts';

export const transitionTaskInput = z.object({ id: dbId(), feedback: optionalText(PLAIN_TEXT_MAX) });
export const transitionTasksInput = taskIdsInput.extend({ feedback: optionalText(PLAIN_TEXT_MAX) });
export const changeTaskStateInput = z.object({ id: dbId(), state: z.coerce.number().int().min(0).max(5), feedback: optionalText(PLAIN_TEXT_MAX) });

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
  // A transition changes the state only: the names loaded with the lock are those after it.
  const logId = await writeLog(tx, actor, task, rule.note, rule.action, { complaint, names: task });
  if (complaint && task.executorId !== null) {
    await tx.taskComplaint.create({ data: { taskId: task.id, complainantId: actor.id, executorId: task.executorId, logId } });
  }
  return { taskId: task.id, logId };
}

/** One state transition of one task (complete takes the feedback). */
export async function transitionTask(ctx: ServiceContext, transition: Transition, parsed: Parsed<z.output<typeof transitionTaskInput>>): Promise<TaskWriteResult> {
  return runWrite(ctx, { operation: `task.${transition}`, targetType: 'WorkTask' }, async (tx) => {
    const actor = authorize(ctx, 'task.read');
    const input = inputOf(parsed);
    const result = await applyTransition(tx, actor, transition, input.id, input.feedback);
    return { result, targetIds: [result.taskId] };
  });
}

/** The same transition for several tasks (legacy completeMission with selIds); all or nothing. */
export async function transitionTasks(ctx: ServiceContext, transition: Transition, parsed: Parsed<z.output<typeof transitionTasksInput>>): Promise<TaskWriteResult[]> {
  return runWrite(ctx, { operation: `task.${transition}`, targetType: 'WorkTask' }, async (tx) => {
    const actor = authorize(ctx, 'task.read');
    const input = inputOf(parsed);
    const results: TaskWriteResult[] = [];
    for (const id of [...new Set(input.ids)]) results.push(await applyTransition(tx, actor, transition, id, input.feedback));
    return { result: results, targetIds: results.map((r) => r.taskId) };
  });
}

/** Legacy `change/state`: the transition that reaches `state` from the current one. */
export async function changeTaskState(ctx: ServiceContext, parsed: Parsed<z.output<typeof changeTaskStateInput>>): Promise<TaskWriteResult> {
  return runWrite(ctx, { operation: 'task.changeState', targetType: 'WorkTask' }, async (tx) => {
    const actor = authorize(ctx, 'task.read');
    const input = inputOf(parsed);
    const current = await loadTaskForWrite(tx, actor, input.id);
    const found = transitionTo(current.state, input.state);
    if (!(found in TRANSITIONS)) throw new DomainError('WRONG_STATE', found as MessageKey);
    const result = await applyTransition(tx, actor, found as Transition, input.id, input.feedback);
    return { result, targetIds: [result.taskId] };
  });
}

export const assignTaskInput = z.object({ id: dbId(), designeeId: optionalId() });
export const changeTaskPriorityInput = z.object({ id: dbId(), priority: optionalInt() });
export const updateTaskProgressInput = z.object({ id: dbId(), progress: z.coerce.number().int().min(0).max(100) });

/** Reassigns a task (重新指派); an unassigned task becomes incomplete. */
export async function assignTask(ctx: ServiceContext, parsed: Parsed<z.output<typeof assignTaskInput>>): Promise<TaskWriteResult> {
  return runWrite(ctx, { operation: 'task.assign', targetType: 'WorkTask' }, async (tx) => {
    const actor = authorize(ctx, 'task.read');
    const input = inputOf(parsed);
    const task = await loadTaskForWrite(tx, actor, input.id);
    if (!canReassignTask(actor, accessFacts(task))) throw editForbidden();
    if (!input.designeeId) throw new ValidationError('task.reassignExecutorRequired', undefined, 'EXECUTOR_REQUIRED');
    if (!ASSIGNABLE_STATES.includes(task.state)) throw tasksErrors.rule('WRONG_STATE', 'task.cannotAssign');
    if (!(await activeStaff(tx, input.designeeId))) throw tasksErrors.rule('EXECUTOR_INVALID', 'task.executorInvalid');
    await tx.workTask.update({
      where: { id: task.id },
      data: { executorId: input.designeeId, state: task.state === TASK_STATES.UNASSIGNED ? TASK_STATES.INCOMPLETE : task.state },
    });
    const logId = await writeLog(tx, actor, task, LOG_NOTES.REASSIGNED, 'ASSIGN');
    return { result: { taskId: task.id, logId }, targetIds: [task.id] };
  });
}

/** Changes the priority (0 and unknown values mean medium). */
export async function changeTaskPriority(ctx: ServiceContext, parsed: Parsed<z.output<typeof changeTaskPriorityInput>>): Promise<TaskWriteResult> {
  return runWrite(ctx, { operation: 'task.changePriority', targetType: 'WorkTask' }, async (tx) => {
    const actor = authorize(ctx, 'task.read');
    const input = inputOf(parsed);
    const task = await loadTaskForWrite(tx, actor, input.id);
    if (!canReassignTask(actor, accessFacts(task))) throw editForbidden();
    await tx.workTask.update({ where: { id: task.id }, data: { priority: normalisePriority(input.priority) } });
    const logId = await writeLog(tx, actor, task, LOG_NOTES.UPDATED, 'PRIORITY');
    return { result: { taskId: task.id, logId }, targetIds: [task.id] };
  });
}

/** Sets the percentage done of a task in progress (incomplete, paused or waiting). */
export async function updateTaskProgress(ctx: ServiceContext, parsed: Parsed<z.output<typeof updateTaskProgressInput>>): Promise<TaskWriteResult> {
  return runWrite(ctx, { operation: 'task.updateProgress', targetType: 'WorkTask' }, async (tx) => {
    const actor = authorize(ctx, 'task.read');
    const input = inputOf(parsed);
    const task = await loadTaskForWrite(tx, actor, input.id);
    if (!WORKING_STATES.includes(task.state)) throw tasksErrors.rule('WRONG_STATE', 'task.cannotUpdateProgress');
    await tx.workTask.update({ where: { id: task.id }, data: { progress: input.progress } });
    const logId = await writeLog(tx, actor, task, LOG_NOTES.UPDATED, 'PROGRESS');
    return { result: { taskId: task.id, logId }, targetIds: [task.id] };
  });
}
