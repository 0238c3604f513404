import { DateTime } from 'luxon';
import { isStaff, STAFF_STATES } from '../../../lib/codes.ts';
import type { Actor, ServiceContext } from '../../../context.ts';
import type { Tx } from '../../../db/client.ts';
import { NotFoundError, ValidationError } from '../../../errors.ts';
import { dbId, inputOf, parseInput, z, type Parsed } from '../../../lib/validate.ts';
import { authorize, can } from '../../../policy.ts';
import { runWrite } from '../../../write.ts';
import { isTaskVisible } from '../tasks.policy.ts';
import { PLAIN_TEXT_MAX, TASK_STATES } from './rules.ts';
import { tasksErrors } from '../tasks.errors.ts';

/**
 * Writes of schedule entries (the spec's work daily): the add-to-schedule rules of spec
 * section 5, used by `addTaskToSchedule`, `saveScheduleEntries` and the legacy
 * `/work/daily/save` and `/work/daily/task_to_user_daily`. Reads belong to the workdaily area.
 *
 * A row: a day (`workDate`, and `workDate2` when the block ends on a later day, e.g. overtime
 * past midnight), a project, a type (1 regular by default, 2 overtime), a time range
 * (default 09:00–18:30, wall times in the employee's zone) and hours (required, a number).
 */
export const SCHEDULE_TYPES = { REGULAR: 1, OVERTIME: 2 } as const;
export const DEFAULT_BEGIN = '09:00';
export const DEFAULT_END = '18:30';
/** A block spans at most this many days. */
const MAX_SPAN_DAYS = 31;
/** At most this many rows in one save. */
const MAX_ROWS = 100;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/;

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const rowShape = z.object({
  id: z.preprocess(blankToUndefined, dbId().optional()),
  workDate: z.preprocess(blankToUndefined, z.string().max(30).optional()),
  workDate2: z.preprocess(blankToUndefined, z.string().max(30).optional()),
  employeeId: z.preprocess(blankToUndefined, dbId().optional()),
  scheduleType: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(2).optional()),
  projectId: z.preprocess(blankToUndefined, dbId().optional()),
  workTime: z.preprocess(blankToUndefined, z.string().max(40).optional()),
  workTimeBegin: z.preprocess(blankToUndefined, z.string().max(30).optional()),
  workTimeEnd: z.preprocess(blankToUndefined, z.string().max(30).optional()),
  // Hours are checked by hand so that a missing value says 请填写工时 and a word says "a number".
  workHours: z.unknown().optional(),
  workTaskIds: z.preprocess(
    (v) =>
      typeof v === 'string'
        ? v
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)
        : typeof v === 'number'
          ? [v]
          : (v ?? []),
    z.array(dbId()).max(50),
  ),
  content: z.preprocess(blankToUndefined, z.string().max(PLAIN_TEXT_MAX).optional()),
});
type ScheduleRow = z.output<typeof rowShape>;

export type SavedEntry = { id: number; taskIds: number[] };

/** `HH:mm` of a time field, which may also carry a day (`yyyy-MM-dd HH:mm[:ss]`). */
function readTime(value: string | undefined, fallback: string, field: string): { day?: string; time: string } {
  if (!value) return { time: fallback };
  const text = value.trim();
  const withDay = /^(\d{4}-\d{2}-\d{2})[ T](.+)$/.exec(text);
  const timePart = withDay ? withDay[2]! : text;
  const m = TIME.exec(timePart);
  if (!m || Number(m[1]) > 23 || Number(m[2]) > 59) throw new ValidationError('validation.invalid', { field });
  return { day: withDay?.[1], time: `${m[1]!.padStart(2, '0')}:${m[2]}` };
}

function readHours(value: unknown): number {
  if (value === undefined || value === null || (typeof value === 'string' && !value.trim())) {
    throw new ValidationError('task.hoursRequired', undefined, 'HOURS_REQUIRED');
  }
  const hours = typeof value === 'number' ? value : typeof value === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(value) ? Number(value) : NaN;
  if (!Number.isFinite(hours) || hours <= 0 || hours > 24) throw new ValidationError('schedule.hoursInvalid', undefined, 'HOURS_INVALID');
  return Math.round(hours * 100) / 100;
}

type PreparedRow = {
  id?: number;
  employeeId: number;
  workDate: string;
  beginAt: Date;
  endAt: Date;
  workHours: number;
  scheduleType: number;
  projectId: number;
  taskIds: number[];
  content?: string;
};

/** Validates one row in the dialog's order: project, hours, day, times, people, tasks. */
async function prepareRow(tx: Tx, actor: Actor, row: ScheduleRow): Promise<PreparedRow> {
  if (!row.projectId) throw new ValidationError('task.projectRequired', undefined, 'PROJECT_REQUIRED');
  const workHours = readHours(row.workHours);
  if (!row.workDate) throw new ValidationError('schedule.dateRequired', undefined, 'DATE_REQUIRED');
  const workDate = row.workDate.trim().slice(0, 10);
  if (!DAY.test(workDate) || !DateTime.fromISO(workDate).isValid) throw new ValidationError('validation.invalid', { field: 'workDate' });

  const employeeId = row.employeeId ?? actor.id;
  if (employeeId !== actor.id && !can(actor, 'scheduleEntry.writeOthers')) throw tasksErrors.rule('FORBIDDEN', 'schedule.employeeForbidden');
  const employee = await tx.user.findUnique({ where: { id: employeeId }, select: { type: true, state: true, timeZone: true } });
  if (!employee || !isStaff(employee) || employee.state === STAFF_STATES.DEACTIVATED) throw tasksErrors.rule('EXECUTOR_INVALID', 'task.executorInvalid');

  let beginText = row.workTimeBegin;
  let endText = row.workTimeEnd;
  if (row.workTime && !beginText && !endText) {
    const parts = row.workTime.split(/\s*[-~至]\s*/);
    if (parts.length !== 2) throw new ValidationError('validation.invalid', { field: 'workTime' });
    [beginText, endText] = parts as [string, string];
  }
  const begin = readTime(beginText, DEFAULT_BEGIN, 'workTimeBegin');
  const end = readTime(endText, DEFAULT_END, 'workTimeEnd');
  const endDayText = (row.workDate2 ?? end.day ?? workDate).trim().slice(0, 10);
  if (!DAY.test(endDayText) || !DateTime.fromISO(endDayText).isValid) throw new ValidationError('validation.invalid', { field: 'workDate2' });
  const zone = employee.timeZone;
  const beginAt = DateTime.fromISO(`${begin.day ?? workDate}T${begin.time}`, { zone });
  const endAt = DateTime.fromISO(`${endDayText}T${end.time}`, { zone });
  if (!beginAt.isValid || !endAt.isValid) throw new ValidationError('validation.invalid', { field: 'workTime' });
  if (endAt <= beginAt) throw new ValidationError('schedule.timeRangeInvalid', undefined, 'TIME_RANGE_INVALID');
  if (endAt.diff(beginAt, 'days').days > MAX_SPAN_DAYS) throw new ValidationError('validation.invalid', { field: 'workDate2' });
  if (workHours > endAt.diff(beginAt, 'hours').hours + 1e-9) throw new ValidationError('schedule.hoursExceedSpan', undefined, 'HOURS_EXCEED_SPAN');

  const project = await tx.project.findUnique({ where: { id: row.projectId }, select: { deletedAt: true } });
  if (!project || project.deletedAt) throw tasksErrors.rule('PROJECT_NOT_FOUND', 'task.additionProjectRequired');

  const taskIds = [...new Set(row.workTaskIds)];
  if (taskIds.length) {
    const tasks = await tx.workTask.findMany({
      where: { id: { in: taskIds } },
      select: { id: true, state: true, assignerId: true, executorId: true, project: { select: { managerId: true } } },
    });
    for (const id of taskIds) {
      const task = tasks.find((t) => t.id === id);
      if (!task || !isTaskVisible(actor, { assignerId: task.assignerId, executorId: task.executorId, projectManagerId: task.project.managerId })) {
        throw tasksErrors.rule('TASK_INVALID', 'task.additionTaskRequired');
      }
      if (task.state === TASK_STATES.COMPLETE) throw tasksErrors.rule('TASK_COMPLETED', 'task.completedNotSchedulable');
    }
  }
  return {
    id: row.id,
    employeeId,
    workDate,
    beginAt: beginAt.toJSDate(),
    endAt: endAt.toJSDate(),
    workHours,
    scheduleType: row.scheduleType ?? SCHEDULE_TYPES.REGULAR,
    projectId: row.projectId,
    taskIds,
    content: row.content,
  };
}

async function writeRow(tx: Tx, actor: Actor, row: PreparedRow): Promise<SavedEntry> {
  const titles = row.taskIds.length ? (await tx.workTask.findMany({ where: { id: { in: row.taskIds } }, select: { title: true }, orderBy: { id: 'asc' } })).map((t) => t.title) : [];
  const data = {
    workDate: new Date(`${row.workDate}T00:00:00Z`),
    employeeId: row.employeeId,
    scheduleType: row.scheduleType,
    projectId: row.projectId,
    beginAt: row.beginAt,
    endAt: row.endAt,
    workHours: row.workHours,
    content: row.content ?? titles.join('、'),
  };
  if (row.id) {
    const existing = await tx.scheduleEntry.findUnique({ where: { id: row.id }, select: { employeeId: true, createdById: true } });
    const mine = existing && (existing.employeeId === actor.id || existing.createdById === actor.id);
    if (!existing || (!mine && !can(actor, 'scheduleEntry.writeOthers'))) throw new NotFoundError();
    await tx.scheduleEntry.update({ where: { id: row.id }, data });
    await tx.scheduleEntryTask.deleteMany({ where: { entryId: row.id } });
    if (row.taskIds.length) await tx.scheduleEntryTask.createMany({ data: row.taskIds.map((taskId) => ({ entryId: row.id!, taskId })) });
    return { id: row.id, taskIds: row.taskIds };
  }
  const entry = await tx.scheduleEntry.create({
    data: { ...data, createdById: actor.id, tasks: { create: row.taskIds.map((taskId) => ({ taskId })) } },
    select: { id: true },
  });
  return { id: entry.id, taskIds: row.taskIds };
}

/** The rows stay unparsed here: each is parsed in turn by saveRows, after the rows before it are checked (the order of the refusals). */
export const saveScheduleEntriesInput = z.object({ rows: z.array(z.unknown()).max(MAX_ROWS) });

async function saveRows(tx: Tx, actor: Actor, rawRows: unknown[]): Promise<SavedEntry[]> {
  if (!rawRows.length) throw new ValidationError('schedule.rowsRequired', undefined, 'ROWS_REQUIRED');
  // Every row is checked before anything is written.
  const prepared: PreparedRow[] = [];
  for (const raw of rawRows) prepared.push(await prepareRow(tx, actor, parseInput(rowShape, raw)));
  const saved: SavedEntry[] = [];
  for (const row of prepared) saved.push(await writeRow(tx, actor, row));
  return saved;
}

/** Saves schedule entries (rows per project with hours); all or nothing. */
export async function saveScheduleEntries(ctx: ServiceContext, parsed: Parsed<z.output<typeof saveScheduleEntriesInput>>): Promise<SavedEntry[]> {
  return runWrite(ctx, { operation: 'scheduleEntry.save', targetType: 'ScheduleEntry' }, async (tx) => {
    const actor = authorize(ctx, 'scheduleEntry.write');
    const { rows } = inputOf(parsed);
    const saved = await saveRows(tx, actor, rows);
    return { result: saved, targetIds: saved.map((s) => s.id) };
  });
}

export const addTaskToScheduleInput = z.object({
  taskId: z.preprocess(blankToUndefined, dbId().optional()),
  employeeId: z.preprocess(blankToUndefined, dbId().optional()),
  rows: z.array(z.record(z.string(), z.unknown())).max(MAX_ROWS),
});

/**
 * Adds a task to a schedule (加入档期): one entry per row, each linked to the task; a row's
 * project defaults to the task's. A completed task is refused (任务已完成，不允许加入档期!).
 */
export async function addTaskToSchedule(ctx: ServiceContext, parsed: Parsed<z.output<typeof addTaskToScheduleInput>>): Promise<{ taskId: number; entries: SavedEntry[] }> {
  return runWrite(ctx, { operation: 'task.addToSchedule', targetType: 'ScheduleEntry' }, async (tx) => {
    const actor = authorize(ctx, 'scheduleEntry.write');
    const input = inputOf(parsed);
    if (!input.taskId) throw tasksErrors.rule('TASK_INVALID', 'task.additionTaskRequired');
    const task = await tx.workTask.findUnique({
      where: { id: input.taskId },
      select: { id: true, state: true, projectId: true, assignerId: true, executorId: true, project: { select: { managerId: true } } },
    });
    if (!task || !isTaskVisible(actor, { assignerId: task.assignerId, executorId: task.executorId, projectManagerId: task.project.managerId })) {
      throw tasksErrors.rule('TASK_INVALID', 'task.additionTaskRequired');
    }
    if (task.state === TASK_STATES.COMPLETE) throw tasksErrors.rule('TASK_COMPLETED', 'task.completedNotSchedulable');
    const rows = input.rows.map((r) => {
      const given = Array.isArray(r.workTaskIds) ? (r.workTaskIds as unknown[]) : [];
      return {
        ...r,
        employeeId: r.employeeId ?? input.employeeId,
        projectId: r.projectId === undefined || r.projectId === null || r.projectId === '' ? task.projectId : r.projectId,
        workTaskIds: [...given, task.id],
      };
    });
    const saved = await saveRows(tx, actor, rows);
    return { result: { taskId: task.id, entries: saved }, targetIds: saved.map((s) => s.id) };
  });
}

export const deleteScheduleEntriesInput = z.object({ ids: z.array(dbId()).min(1).max(MAX_ROWS) });

/**
 * Deletes schedule entries (a day's rows in daily work) with their task links; all or nothing.
 * Each must be the caller's (as employee or as the one who wrote it) unless the caller may write
 * others' entries; one that is missing or not theirs refuses the whole call as NOT_FOUND, so an id
 * of someone else's entry says nothing about it.
 */
export async function deleteScheduleEntries(ctx: ServiceContext, parsed: Parsed<z.output<typeof deleteScheduleEntriesInput>>): Promise<{ ids: number[] }> {
  return runWrite(ctx, { operation: 'scheduleEntry.delete', targetType: 'ScheduleEntry' }, async (tx) => {
    const actor = authorize(ctx, 'scheduleEntry.write');
    const unique = [...new Set(inputOf(parsed).ids)].sort((a, b) => a - b);
    const entries = await tx.scheduleEntry.findMany({ where: { id: { in: unique } }, select: { id: true, employeeId: true, createdById: true } });
    const others = can(actor, 'scheduleEntry.writeOthers');
    for (const id of unique) {
      const entry = entries.find((e) => e.id === id);
      if (!entry || (entry.employeeId !== actor.id && entry.createdById !== actor.id && !others)) throw new NotFoundError();
    }
    await tx.scheduleEntry.deleteMany({ where: { id: { in: unique } } });
    return { result: { ids: unique }, targetIds: unique };
  });
}

export const removeTaskFromEntryInput = z.object({ id: dbId(), workTaskId: z.preprocess(blankToUndefined, dbId().optional()) });

/** Removes a task's link ("flag") from a schedule entry, or every link when no task is named. */
export async function removeTaskFromEntry(ctx: ServiceContext, parsed: Parsed<z.output<typeof removeTaskFromEntryInput>>): Promise<{ entryId: number; removed: number }> {
  return runWrite(ctx, { operation: 'scheduleEntry.removeTask', targetType: 'ScheduleEntry' }, async (tx) => {
    const actor = authorize(ctx, 'scheduleEntry.write');
    const input = inputOf(parsed);
    const entry = await tx.scheduleEntry.findUnique({ where: { id: input.id }, select: { id: true, employeeId: true, createdById: true } });
    const mine = entry && (entry.employeeId === actor.id || entry.createdById === actor.id);
    if (!entry || (!mine && !can(actor, 'scheduleEntry.writeOthers'))) throw new NotFoundError();
    const { count } = await tx.scheduleEntryTask.deleteMany({ where: { entryId: entry.id, ...(input.workTaskId ? { taskId: input.workTaskId } : {}) } });
    return { result: { entryId: entry.id, removed: count }, targetIds: [entry.id] };
  });
}
