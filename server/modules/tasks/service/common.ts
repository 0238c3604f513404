/** What every task write shares: loading the task for a write, the log line, field checks. */
import type { Actor } from '../../../context.ts';
import { isStaff, STAFF_STATES } from '../../../lib/codes.ts';
import type { Tx } from '../../../db/client.ts';
import { type DomainError, NotFoundError, ValidationError } from '../../../errors.ts';
import { RICH_TEXT_MAX_CHARS, richTextLength } from '../../../lib/html.ts';
import { cleanRichText } from '../../../lib/html-clean.ts';
import { dbId, z } from '../../../lib/validate.ts';
import { isTaskVisible, type TaskAccessFacts } from '../tasks.policy.ts';
import { type LogAction, type LogNote } from './rules.ts';
import { tasksErrors } from '../tasks.errors.ts';

/** The result of every task write: which task changed and the log line it wrote. */
export type TaskWriteResult = { taskId: number; logId: number | null };

export const optionalId = () => z.preprocess((v) => (v === '' || v === null ? undefined : v), dbId().optional());
export const optionalInt = () => z.preprocess((v) => (v === '' || v === null ? undefined : v), z.coerce.number().int().optional());
export const optionalText = (max: number) => z.preprocess((v) => (v === null ? undefined : v), z.string().max(max).optional());

export type LoadedTask = {
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
export async function loadTaskForWrite(tx: Tx, actor: Actor, id: number, notFound: () => DomainError = () => new NotFoundError()): Promise<LoadedTask> {
  await tx.$queryRaw`SELECT id FROM work_tasks WHERE id = ${id} FOR UPDATE`;
  const task = await tx.workTask.findUnique({
    where: { id },
    select: {
      id: true,
      state: true,
      title: true,
      taskType: true,
      assignerId: true,
      executorId: true,
      projectId: true,
      feedback: true,
      feedbackLog: true,
      project: { select: { managerId: true, deletedAt: true } },
      assigner: { select: { name: true } },
      executor: { select: { name: true } },
    },
  });
  // A task the caller may not see answers exactly like one that does not exist.
  if (!task || !isTaskVisible(actor, accessFacts(task))) throw notFound();
  return task;
}

/** The assigner's and executor's names a log line snapshots. */
export type LogNames = { assigner: { name: string }; executor: { name: string } | null };

export async function writeLog(tx: Tx, actor: Actor, task: { id: number }, note: LogNote, action: LogAction, extra: { reportDaily?: string; complaint?: boolean; logTime?: Date; names?: LogNames } = {}): Promise<number> {
  // Names are snapshots at the time of the line, read after the change (a write that cannot
  // change the assigner or executor passes the names it loaded with the row lock).
  const names = extra.names ?? (await tx.workTask.findUniqueOrThrow({ where: { id: task.id }, select: { assigner: { select: { name: true } }, executor: { select: { name: true } } } }));
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

export function editForbidden(): DomainError {
  return tasksErrors.rule('FORBIDDEN', 'task.editForbidden');
}

/** Sanitises rich content and enforces the 10000-character limit on its text. */
export async function richContent(raw: string | undefined, field: string): Promise<string> {
  const html = await cleanRichText(raw ?? '', field);
  if (richTextLength(html) > RICH_TEXT_MAX_CHARS) throw new ValidationError('validation.tooLong', { field, max: RICH_TEXT_MAX_CHARS });
  return html;
}

export async function activeStaff(tx: Tx, id: number): Promise<boolean> {
  const user = await tx.user.findUnique({ where: { id }, select: { type: true, state: true } });
  return !!user && isStaff(user) && user.state !== STAFF_STATES.DEACTIVATED;
}
