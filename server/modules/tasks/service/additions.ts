/** Additions to a task (追加任务). */
import type { ServiceContext } from '../../../context.ts';
import { NotFoundError, ValidationError } from '../../../errors.ts';
import { RICH_TEXT_MAX_CHARS, richTextIsBlank } from '../../../lib/html.ts';
import { dbId, inputOf, z, type Parsed } from '../../../lib/validate.ts';
import { authorize } from '../../../policy.ts';
import { runWrite } from '../../../write.ts';
import { canEditAddition } from '../tasks.policy.ts';
import { loadTaskForWrite, optionalId, optionalText, richContent, writeLog, type TaskWriteResult } from './common.ts';
import { LOG_NOTES } from './rules.ts';
import { tasksErrors } from '../tasks.errors.ts';

export type AdditionWriteResult = TaskWriteResult & { additionId: number };

export const addTaskAdditionInput = z.object({ workTaskId: optionalId(), contentAddition: optionalText(RICH_TEXT_MAX_CHARS * 20) });
export const updateTaskAdditionInput = z.object({ id: dbId(), contentAddition: optionalText(RICH_TEXT_MAX_CHARS * 20) });

/**
 * Appends an addition (追加任务). Checked in the spec's order: content (请输入内容。),
 * task (任务错误。), the task's project (项目不存在,无法保存).
 */
export async function addTaskAddition(ctx: ServiceContext, parsed: Parsed<z.output<typeof addTaskAdditionInput>>): Promise<AdditionWriteResult> {
  return runWrite(ctx, { operation: 'task.addAddition', targetType: 'TaskAddition' }, async (tx) => {
    const actor = authorize(ctx, 'task.read');
    const input = inputOf(parsed);
    const content = await richContent(input.contentAddition, 'contentAddition');
    if (richTextIsBlank(content)) throw new ValidationError('task.additionContentRequired', undefined, 'CONTENT_REQUIRED');
    const taskError = () => tasksErrors.rule('TASK_INVALID', 'task.additionTaskRequired');
    if (!input.workTaskId) throw taskError();
    const task = await loadTaskForWrite(tx, actor, input.workTaskId, taskError);
    if (task.project.deletedAt) throw tasksErrors.rule('PROJECT_NOT_FOUND', 'task.additionProjectRequired');
    const addition = await tx.taskAddition.create({ data: { taskId: task.id, content, userId: actor.id }, select: { id: true } });
    const logId = await writeLog(tx, actor, task, LOG_NOTES.UPDATED, 'ADDITION');
    return { result: { taskId: task.id, logId, additionId: addition.id }, targetIds: [addition.id] };
  });
}

/** Edits an addition (its author or an administrator). */
export async function updateTaskAddition(ctx: ServiceContext, parsed: Parsed<z.output<typeof updateTaskAdditionInput>>): Promise<AdditionWriteResult> {
  return runWrite(ctx, { operation: 'task.updateAddition', targetType: 'TaskAddition' }, async (tx) => {
    const actor = authorize(ctx, 'task.read');
    const input = inputOf(parsed);
    const content = await richContent(input.contentAddition, 'contentAddition');
    if (richTextIsBlank(content)) throw new ValidationError('task.additionContentRequired', undefined, 'CONTENT_REQUIRED');
    const existing = await tx.taskAddition.findUnique({ where: { id: input.id }, select: { id: true, taskId: true, userId: true } });
    if (!existing) throw new NotFoundError();
    const task = await loadTaskForWrite(tx, actor, existing.taskId);
    if (!canEditAddition(actor, existing)) throw tasksErrors.rule('FORBIDDEN', 'task.additionEditForbidden');
    if (task.project.deletedAt) throw tasksErrors.rule('PROJECT_NOT_FOUND', 'task.additionProjectRequired');
    await tx.taskAddition.update({ where: { id: existing.id }, data: { content } });
    const logId = await writeLog(tx, actor, task, LOG_NOTES.UPDATED, 'ADDITION_EDIT');
    return { result: { taskId: task.id, logId, additionId: existing.id }, targetIds: [existing.id] };
  });
}
