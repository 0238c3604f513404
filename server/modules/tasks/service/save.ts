/** Creating, editing and deleting tasks. */
import type { ServiceContext } from '../../../context.ts';
import type { Tx } from '../../../db/client.ts';
import { ValidationError } from '../../../errors.ts';
import { RICH_TEXT_MAX_CHARS } from '../../../lib/html.ts';
import { dbId, inputOf, z, type Parsed } from '../../../lib/validate.ts';
import { authorize } from '../../../policy.ts';
import { runWrite } from '../../../write.ts';
import { canEditTask } from '../tasks.policy.ts';
import { accessFacts, activeStaff, editForbidden, loadTaskForWrite, optionalId, optionalInt, optionalText, richContent, writeLog, type TaskWriteResult } from './common.ts';
import { ASSIGNABLE_STATES, LOG_NOTES, NO_SKILL_STACK, normalisePriority, TASK_SOURCE_BACK_OFFICE, TASK_STATES, TASK_TYPES, TITLE_MAX } from './rules.ts';
import { tasksErrors } from '../tasks.errors.ts';

export const createTaskInput = z.object({
  id: optionalId(),
  projectId: optionalId(),
  taskTitle: optionalText(TITLE_MAX + 100),
  taskContent: optionalText(RICH_TEXT_MAX_CHARS * 20),
  designeeId: optionalId(),
  priority: optionalInt(),
  taskType: optionalInt(),
  skillStackId: optionalInt(),
});

export const updateTaskInput = createTaskInput.extend({ id: dbId() });

type SaveFields = { projectId: number; title: string; content: string; executorId: number; priority: number; taskType: number; skillStackId: number | null };

/** Validates a task form in the spec's order: project, title, executor; then the rest. */
async function validateTaskFields(
  tx: Tx,
  v: {
    projectId?: number;
    taskTitle?: string;
    taskContent?: string;
    designeeId?: number;
    priority?: number;
    taskType?: number;
    skillStackId?: number | null;
  },
  creating: boolean,
  currentProjectId?: number,
): Promise<SaveFields> {
  if (!v.projectId) throw new ValidationError('task.projectRequired', undefined, 'PROJECT_REQUIRED');
  const title = v.taskTitle?.trim() ?? '';
  if (!title) throw new ValidationError('task.titleRequired', undefined, 'TITLE_REQUIRED');
  if (!v.designeeId) throw new ValidationError('task.executorRequired', undefined, 'EXECUTOR_REQUIRED');
  if ([...title].length > TITLE_MAX) throw new ValidationError('validation.tooLong', { field: 'taskTitle', max: TITLE_MAX });
  const content = await richContent(v.taskContent, 'taskContent');
  const project = await tx.project.findUnique({ where: { id: v.projectId }, select: { stateCode: true, deletedAt: true } });
  if (!project || project.deletedAt) throw tasksErrors.rule('PROJECT_NOT_FOUND', 'task.additionProjectRequired');
  // New tasks go to live projects only (the client's list excludes finished and cancelled ones).
  if ((creating || v.projectId !== currentProjectId) && (project.stateCode === 4 || project.stateCode === 5)) {
    throw tasksErrors.rule('PROJECT_CLOSED', 'task.projectClosed');
  }
  if (!(await activeStaff(tx, v.designeeId))) throw tasksErrors.rule('EXECUTOR_INVALID', 'task.executorInvalid');
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
export async function createTask(ctx: ServiceContext, parsed: Parsed<z.output<typeof createTaskInput>>): Promise<TaskWriteResult> {
  return runWrite(ctx, { operation: 'task.create', targetType: 'WorkTask' }, async (tx) => {
    const actor = authorize(ctx, 'task.create');
    const input = inputOf(parsed);
    const f = await validateTaskFields(tx, input, true);
    const task = await tx.workTask.create({
      data: {
        title: f.title,
        content: f.content,
        priority: f.priority,
        taskType: f.taskType,
        taskSource: TASK_SOURCE_BACK_OFFICE,
        projectId: f.projectId,
        skillStackId: f.skillStackId,
        assignerId: actor.id,
        executorId: f.executorId,
        state: TASK_STATES.INCOMPLETE,
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
export async function updateTask(ctx: ServiceContext, parsed: Parsed<z.output<typeof updateTaskInput>>): Promise<TaskWriteResult> {
  return runWrite(ctx, { operation: 'task.update', targetType: 'WorkTask' }, async (tx) => {
    const actor = authorize(ctx, 'task.read');
    const input = inputOf(parsed);
    const task = await loadTaskForWrite(tx, actor, input.id);
    if (!canEditTask(actor, accessFacts(task))) throw editForbidden();
    const current = await tx.workTask.findUniqueOrThrow({ where: { id: task.id }, select: { content: true, priority: true, skillStackId: true } });
    const f = await validateTaskFields(
      tx,
      {
        projectId: input.projectId ?? task.projectId,
        taskTitle: input.taskTitle ?? task.title,
        taskContent: input.taskContent ?? current.content,
        designeeId: input.designeeId ?? task.executorId ?? undefined,
        priority: input.priority ?? current.priority,
        taskType: input.taskType ?? task.taskType,
        skillStackId: input.skillStackId === undefined ? current.skillStackId : input.skillStackId,
      },
      false,
      task.projectId,
    );
    const reassigned = f.executorId !== task.executorId;
    if (reassigned && !ASSIGNABLE_STATES.includes(task.state)) throw tasksErrors.rule('WRONG_STATE', 'task.cannotAssign');
    await tx.workTask.update({
      where: { id: task.id },
      data: {
        title: f.title,
        content: f.content,
        priority: f.priority,
        taskType: f.taskType,
        projectId: f.projectId,
        skillStackId: f.skillStackId,
        executorId: f.executorId,
        state: task.state === TASK_STATES.UNASSIGNED ? TASK_STATES.INCOMPLETE : task.state,
      },
    });
    if (reassigned) await writeLog(tx, actor, task, LOG_NOTES.REASSIGNED, 'ASSIGN');
    const logId = await writeLog(tx, actor, task, LOG_NOTES.UPDATED, 'EDIT');
    return { result: { taskId: task.id, logId }, targetIds: [task.id] };
  });
}

export const taskIdsInput = z.object({ ids: z.array(dbId()).min(1).max(500) });

/** Deletes tasks (their additions, logs and reports go with them); all or nothing. */
export async function deleteTasks(ctx: ServiceContext, parsed: Parsed<z.output<typeof taskIdsInput>>): Promise<{ ids: number[] }> {
  return runWrite(ctx, { operation: 'task.delete', targetType: 'WorkTask' }, async (tx) => {
    const actor = authorize(ctx, 'task.read');
    const { ids } = inputOf(parsed);
    const unique = [...new Set(ids)].sort((a, b) => a - b);
    for (const id of unique) {
      const task = await loadTaskForWrite(tx, actor, id);
      if (!canEditTask(actor, accessFacts(task))) throw editForbidden();
    }
    await tx.workTask.deleteMany({ where: { id: { in: unique } } });
    return { result: { ids: unique }, targetIds: unique };
  });
}
