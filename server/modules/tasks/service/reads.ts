/** Reads of tasks for both doors: lists, one task, the day's statistic. */
import { DateTime } from 'luxon';
import type { ServiceContext } from '../../../context.ts';
import { NotFoundError, ValidationError } from '../../../errors.ts';
import type { Prisma } from '../../../generated/prisma/client.ts';
import { searchText } from '../../../lib/text.ts';
import { authorize } from '../../../policy.ts';
import { visibleTasksWhere } from '../tasks.policy.ts';
import { todayIn } from './daily-reports.ts';

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
  /** 1 new task, 2 bug. */
  type?: number | null;
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
  if (f.type) and.push({ taskType: f.type });
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
