/** Daily reports on tasks (每日汇报) and the days that still lack one. */
import { DateTime } from 'luxon';
import type { ServiceContext } from '../../../context.ts';
import type { Db, Tx } from '../../../db/client.ts';
import { NotFoundError, ValidationError } from '../../../errors.ts';
import { dbId, inputOf, z, type Parsed } from '../../../lib/validate.ts';
import { authorize } from '../../../policy.ts';
import { runWrite } from '../../../write.ts';
import { visibleTasksWhere } from '../tasks.policy.ts';
import { loadTaskForWrite, optionalText, writeLog, type TaskWriteResult } from './common.ts';
import { LOG_NOTES, MISSED_DAYS_WINDOW, PLAIN_TEXT_MAX, REPORTABLE_STATES, TASK_STATES, WORKING_STATES } from './rules.ts';
import { isCalendarDay } from '../../../lib/wall-time.ts';
import { tasksErrors } from '../tasks.errors.ts';

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

export const reportTaskDailyInput = z.object({
  id: dbId(),
  reportDaily: optionalText(PLAIN_TEXT_MAX),
  /** A missed day (`yyyy-MM-dd`); absent or today means a report for today. */
  day: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/)
      .refine(isCalendarDay)
      .optional(),
  ),
  progress: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.coerce.number().int().min(0).max(100).optional()),
});

/**
 * Writes a daily report (每日汇报). For a missed day the log time is 20:00 of that day in the
 * reporter's zone, otherwise now (spec section 7).
 */
export async function reportTaskDaily(ctx: ServiceContext, parsed: Parsed<z.output<typeof reportTaskDailyInput>>): Promise<TaskWriteResult & { day: string }> {
  return runWrite(ctx, { operation: 'task.reportDaily', targetType: 'WorkTask' }, async (tx) => {
    const actor = authorize(ctx, 'task.read');
    const input = inputOf(parsed);
    const task = await loadTaskForWrite(tx, actor, input.id);
    const content = input.reportDaily?.trim() ?? '';
    if (!content) throw new ValidationError('task.reportRequired', undefined, 'REPORT_REQUIRED');
    if (!REPORTABLE_STATES.includes(task.state)) throw tasksErrors.rule('WRONG_STATE', 'task.cannotReport');
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
