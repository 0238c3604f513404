import { DateTime, IANAZone } from 'luxon';
import type { Actor, ServiceContext } from '../../context.ts';
import { ForbiddenError, NotFoundError, ValidationError } from '../../errors.ts';
import { Prisma } from '../../generated/prisma/client.ts';
import { RICH_TEXT_MAX_CHARS, richTextLength } from '../../lib/html.ts';
import { cleanRichText } from '../../lib/html-clean.ts';
import { USER_TYPES } from '../../lib/codes.ts';
import { dbId, parseInput, z, inputOf, type Parsed, atDoor } from '../../lib/validate.ts';
import { requireActor } from '../../policy.ts';
import { runWrite } from '../../write.ts';
import { canReadAllEntries, visibleEntriesWhere } from './workdaily.policy.ts';

/**
 * Daily work read models: reminders, hours statistics, schedule-entry and daily-report lists,
 * time-zone conversion and the per-day work note. Schedule entries themselves are written by
 * the tasks area; this module only reads them (statistics are GROUP BY queries in SQL).
 */

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const dayString = z
  .string()
  .regex(DAY)
  .refine((s) => DateTime.fromISO(s, { zone: 'UTC' }).isValid);
/** Longest range a statistic or list may cover. */
export const MAX_RANGE_DAYS = 366;

/** A calendar day as stored in a `date` column (UTC midnight). */
export function dayToDate(day: string): Date {
  return new Date(`${day}T00:00:00.000Z`);
}

export function todayIn(timeZone: string): string {
  return DateTime.now()
    .setZone(IANAZone.isValidZone(timeZone) ? timeZone : 'UTC')
    .toISODate() as string;
}

function checkRange(from: string, to: string): void {
  if (to < from) throw new ValidationError('workdaily.rangeInvalid');
  const days = DateTime.fromISO(to).diff(DateTime.fromISO(from), 'days').days;
  if (days > MAX_RANGE_DAYS) throw new ValidationError('workdaily.rangeTooLong', { max: MAX_RANGE_DAYS });
}

/** Whose rows the caller may read: everyone's with workdaily.readAll, otherwise their own. */
function canReadAll(actor: Actor): boolean {
  return canReadAllEntries(actor);
}

async function isProjectManager(ctx: ServiceContext, actor: Actor, projectId: number): Promise<boolean> {
  const p = await ctx.db.project.findUnique({ where: { id: projectId }, select: { managerId: true } });
  if (!p) throw new NotFoundError();
  return p.managerId === actor.id;
}

// ── Reminders ──

export type ReminderState = {
  userId: number;
  day: string;
  /** No schedule entry for the day. */
  workIsEmpty: boolean;
  /** Open tasks (incomplete, executed by the user, created by the end of the day) without a daily report that day. */
  workTasksLength: number;
  dismissed: boolean;
  /** Whether to remind: a past or present weekday, not dismissed, with an empty day or unreported tasks. */
  isNeed: boolean;
};

export const dailyReminderInput = z.object({ day: dayString.optional().nullable(), userId: dbId().optional().nullable() });

export async function dailyReminder(ctx: ServiceContext, parsed: Parsed<z.output<typeof dailyReminderInput>>): Promise<ReminderState> {
  const actor = requireActor(ctx);
  const input = inputOf(parsed);
  const userId = input.userId ?? actor.id;
  if (userId !== actor.id && !canReadAll(actor)) throw new ForbiddenError();
  const user = await ctx.db.user.findUnique({ where: { id: userId }, select: { timeZone: true } });
  if (!user) throw new NotFoundError();
  const zone = IANAZone.isValidZone(user.timeZone) ? user.timeZone : 'UTC';
  const day = input.day ?? todayIn(zone);
  const date = dayToDate(day);
  const dayEnd = DateTime.fromISO(day, { zone }).plus({ days: 1 }).toJSDate();
  const [counts] = await ctx.db.$queryRaw<Array<{ entries: number; tasks: number; dismissed: boolean }>>`
    SELECT
      (SELECT count(*)::int FROM schedule_entries s WHERE s.employee_id = ${userId} AND s.work_date = ${date}::date) AS entries,
      (SELECT count(*)::int FROM work_tasks t
        WHERE t.executor_id = ${userId} AND t.state = 1 AND t.created_at < ${dayEnd}
          AND NOT EXISTS (SELECT 1 FROM task_daily_reports r WHERE r.task_id = t.id AND r.user_id = ${userId} AND r.work_date = ${date}::date)) AS tasks,
      EXISTS (SELECT 1 FROM dismissed_reminders d WHERE d.user_id = ${userId} AND d.day = ${date}::date) AS dismissed`;
  const entries = counts?.entries ?? 0;
  const tasks = counts?.tasks ?? 0;
  const dismissed = counts?.dismissed ?? false;
  const weekday = DateTime.fromISO(day).weekday <= 5;
  const notFuture = day <= todayIn(zone);
  return {
    userId,
    day,
    workIsEmpty: entries === 0,
    workTasksLength: tasks,
    dismissed,
    isNeed: !dismissed && weekday && notFuture && (entries === 0 || tasks > 0),
  };
}

export const missingWorkDaysInput = z.object({ userId: dbId().optional().nullable(), days: z.number().int().min(1).max(92).optional().nullable() });
/** How far back the missing-days list looks by default. */
export const MISSING_DAYS_DEFAULT = 30;

/**
 * The weekdays of the last `days` days up to today (in the person's time zone) without any
 * schedule entry and whose reminder was not dismissed, oldest first: the days daily work asks the
 * person to fill in (the same rule as the reminder's empty day).
 */
export async function missingWorkDays(ctx: ServiceContext, parsed: Parsed<z.output<typeof missingWorkDaysInput>>): Promise<{ from: string; to: string; days: string[] }> {
  const actor = requireActor(ctx);
  const input = inputOf(parsed);
  const userId = input.userId ?? actor.id;
  if (userId !== actor.id && !canReadAll(actor)) throw new ForbiddenError();
  const user = await ctx.db.user.findUnique({ where: { id: userId }, select: { timeZone: true } });
  if (!user) throw new NotFoundError();
  const to = todayIn(user.timeZone);
  const from = DateTime.fromISO(to)
    .minus({ days: input.days ?? MISSING_DAYS_DEFAULT })
    .toISODate() as string;
  const rows = await ctx.db.$queryRaw<Array<{ day: string }>>`
    SELECT to_char(d, 'YYYY-MM-DD') AS day
    FROM generate_series(${from}::date, ${to}::date, interval '1 day') AS d
    WHERE extract(isodow FROM d) <= 5
      AND NOT EXISTS (SELECT 1 FROM schedule_entries s WHERE s.employee_id = ${userId} AND s.work_date = d::date)
      AND NOT EXISTS (SELECT 1 FROM dismissed_reminders r WHERE r.user_id = ${userId} AND r.day = d::date)
    ORDER BY d`;
  return { from, to, days: rows.map((r) => r.day) };
}

/** The input of the calls that name one day of the caller's (default today). */
export const workDayInput = z.object({ day: dayString.optional().nullable() });

/** Dismisses the caller's reminder for a day (default today); idempotent. */
export async function removeReminder(ctx: ServiceContext, parsed: Parsed<z.output<typeof workDayInput>>): Promise<ReminderState> {
  await runWrite(ctx, { operation: 'workdaily.removeReminder', targetType: 'DismissedReminder' }, async (tx) => {
    const actor = requireActor(ctx);
    const input = inputOf(parsed);
    const day = input.day ?? todayIn(actor.timeZone);
    await tx.dismissedReminder.upsert({
      where: { userId_day: { userId: actor.id, day: dayToDate(day) } },
      create: { userId: actor.id, day: dayToDate(day) },
      update: {},
    });
    return { result: null, targetIds: [actor.id] };
  });
  const actor = requireActor(ctx);
  const day = inputOf(parsed).day ?? todayIn(actor.timeZone);
  return dailyReminder(ctx, atDoor(dailyReminderInput, { day }));
}

// ── Statistics ──

export const GROUP_BY = ['PERSON', 'PROJECT', 'TYPE'] as const;
export type GroupBy = (typeof GROUP_BY)[number];

export const workStatisticsInput = z.object({
  from: dayString,
  to: dayString,
  userIds: z.array(dbId()).max(1000).optional().nullable(),
  projectId: dbId().optional().nullable(),
  scheduleType: z.coerce.number().int().min(1).max(2).optional().nullable(),
});

export type StatisticRow = {
  groupBy: GroupBy | 'TOTAL';
  /** User id, project id (null: no project) or schedule type (1 regular, 2 overtime). */
  key: number | null;
  name: string | null;
  nameEn: string | null;
  hours: number;
  entries: number;
  days: number;
};

/**
 * The filter every hours query shares: the range, the caller's filters, and what the caller
 * may read (everyone with workdaily.readAll; a project's entries for its manager; otherwise
 * only their own).
 */
async function entryScope(ctx: ServiceContext, input: z.infer<typeof workStatisticsInput>): Promise<Prisma.Sql> {
  const actor = requireActor(ctx);
  checkRange(input.from, input.to);
  const parts: Prisma.Sql[] = [Prisma.sql`s.work_date BETWEEN ${dayToDate(input.from)}::date AND ${dayToDate(input.to)}::date`];
  if (input.userIds?.length) parts.push(Prisma.sql`s.employee_id = ANY(${input.userIds}::int[])`);
  if (input.projectId) parts.push(Prisma.sql`s.project_id = ${input.projectId}`);
  if (input.scheduleType) parts.push(Prisma.sql`s.schedule_type = ${input.scheduleType}`);
  const everyone = canReadAll(actor) || (input.projectId ? await isProjectManager(ctx, actor, input.projectId) : false);
  if (!everyone) parts.push(Prisma.sql`s.employee_id = ${actor.id}`);
  return Prisma.join(parts, ' AND ');
}

type RawStat = { g_person: number; g_project: number; g_type: number; employee_id: number | null; project_id: number | null; schedule_type: number | null; hours: string; entries: number; days: number };

/**
 * Hours over a date range by person, by project and by type, plus the total, in ONE query
 * (GROUP BY GROUPING SETS); names are joined in the same statement.
 */
export async function workStatistics(
  ctx: ServiceContext,
  parsed: Parsed<z.output<typeof workStatisticsInput>>,
): Promise<{ from: string; to: string; total: StatisticRow; byPerson: StatisticRow[]; byProject: StatisticRow[]; byType: StatisticRow[] }> {
  requireActor(ctx);
  const input = inputOf(parsed);
  const where = await entryScope(ctx, input);
  const rows = await ctx.db.$queryRaw<Array<RawStat & { user_name: string | null; user_name_en: string | null; project_name: string | null; project_name_en: string | null }>>`
    WITH g AS (
      SELECT GROUPING(s.employee_id) AS g_person, GROUPING(s.project_id) AS g_project, GROUPING(s.schedule_type) AS g_type,
             s.employee_id, s.project_id, s.schedule_type,
             sum(s.work_hours)::text AS hours, count(*)::int AS entries, count(DISTINCT s.employee_id::bigint * 100000 + (s.work_date - DATE '2000-01-01'))::int AS days
        FROM schedule_entries s
       WHERE ${where}
       GROUP BY GROUPING SETS ((s.employee_id), (s.project_id), (s.schedule_type), ()))
    SELECT g.*, u.name AS user_name, u.name_en AS user_name_en, p.name AS project_name, p.name_en AS project_name_en
      FROM g
      LEFT JOIN users u ON g.g_person = 0 AND u.id = g.employee_id
      LEFT JOIN projects p ON g.g_project = 0 AND p.id = g.project_id
     ORDER BY g.hours::numeric DESC NULLS LAST`;
  const out = {
    from: input.from,
    to: input.to,
    total: { groupBy: 'TOTAL' as const, key: null, name: null, nameEn: null, hours: 0, entries: 0, days: 0 },
    byPerson: [] as StatisticRow[],
    byProject: [] as StatisticRow[],
    byType: [] as StatisticRow[],
  };
  for (const r of rows) {
    const base = { hours: Number(r.hours ?? 0), entries: r.entries, days: r.days };
    if (r.g_person === 0) out.byPerson.push({ groupBy: 'PERSON', key: r.employee_id, name: r.user_name, nameEn: r.user_name_en, ...base });
    else if (r.g_project === 0) out.byProject.push({ groupBy: 'PROJECT', key: r.project_id, name: r.project_name, nameEn: r.project_name_en, ...base });
    else if (r.g_type === 0) out.byType.push({ groupBy: 'TYPE', key: r.schedule_type, name: null, nameEn: null, ...base });
    else out.total = { groupBy: 'TOTAL', key: null, name: null, nameEn: null, ...base };
  }
  return out;
}

/**
 * The person rows of `workStatistics` with the whole team (issue 32: a manager asks for the team's
 * hours, not only of those who logged some): everyone the statistics cover who logged nothing gets
 * a row of zeros, after the others, by name. The team is the people asked for (`userIds`), else,
 * for those who read everyone's hours, every active staff member; otherwise the caller. A
 * project's statistics stay as they are (its team is whoever logged on it).
 */
export async function withIdlePeople(ctx: ServiceContext, input: { userIds?: number[] | null; projectId?: number | null }, rows: StatisticRow[]): Promise<StatisticRow[]> {
  const actor = requireActor(ctx);
  if (input.projectId) return rows;
  const everyone = canReadAll(actor);
  const where: Prisma.UserWhereInput = !everyone ? { id: actor.id } : input.userIds?.length ? { id: { in: input.userIds }, type: USER_TYPES.STAFF } : { type: USER_TYPES.STAFF, state: { in: [1, 2] } };
  const people = await ctx.db.user.findMany({ where, select: { id: true, name: true, nameEn: true }, orderBy: [{ sort: 'asc' }, { id: 'asc' }] });
  const have = new Set(rows.map((r) => r.key));
  const idle = people.filter((p) => !have.has(p.id)).map((p): StatisticRow => ({ groupBy: 'PERSON', key: p.id, name: p.name, nameEn: p.nameEn, hours: 0, entries: 0, days: 0 }));
  return [...rows, ...idle];
}

// ── Lists ──

export const listEntriesInput = z.object({
  from: dayString.optional().nullable(),
  to: dayString.optional().nullable(),
  userId: dbId().optional().nullable(),
  /** Several employees (the GraphQL filter's employeeIds); combined with userId when both come. */
  userIds: z.array(dbId()).max(1000).optional().nullable(),
  projectId: dbId().optional().nullable(),
  scheduleType: z.coerce.number().int().min(1).max(2).optional().nullable(),
});

/** The filter of a schedule-entry list, as both doors pass it. */
export type EntryFilter = {
  from?: unknown;
  to?: unknown;
  userId?: unknown;
  userIds?: unknown;
  projectId?: unknown;
  scheduleType?: unknown;
};

export type Page = { currentPage: number; pageSize: number };

function defaultRange(actor: Actor, from: string | null | undefined, to: string | null | undefined): { from: string; to: string } {
  const today = todayIn(actor.timeZone);
  const start =
    from ??
    DateTime.fromISO(to ?? today)
      .minus({ days: 30 })
      .toISODate()!;
  return { from: start, to: to ?? (from ? DateTime.fromISO(from).plus({ days: 30 }).toISODate()! : today) };
}

const ENTRY_INCLUDE = {
  employee: { select: { id: true, name: true, nameEn: true } },
  project: { select: { id: true, name: true, nameEn: true } },
  tasks: { select: { taskId: true } },
} satisfies Prisma.ScheduleEntryInclude;

export type EntryRow = Prisma.ScheduleEntryGetPayload<{ include: typeof ENTRY_INCLUDE }>;

/**
 * The rows of a schedule-entry list the caller may read, for both doors: the range (default
 * the last 30 days), the filters, and the visibility (everyone's with workdaily.readAll, a
 * project's for its manager, otherwise one's own; asking for someone else's is refused).
 */
export async function entryWhere(ctx: ServiceContext, raw: unknown): Promise<{ where: Prisma.ScheduleEntryWhereInput; from: string; to: string }> {
  const actor = requireActor(ctx);
  const input = parseInput(listEntriesInput, raw ?? {});
  const { from, to } = defaultRange(actor, input.from, input.to);
  checkRange(from, to);
  const everyone = canReadAll(actor) || (input.projectId ? await isProjectManager(ctx, actor, input.projectId) : false);
  const people = [...new Set([...(input.userId ? [input.userId] : []), ...(input.userIds ?? [])])];
  if (!everyone && people.some((id) => id !== actor.id)) throw new ForbiddenError();
  return {
    from,
    to,
    where: {
      workDate: { gte: dayToDate(from), lte: dayToDate(to) },
      ...(people.length ? { employeeId: { in: people } } : everyone ? {} : { employeeId: actor.id }),
      ...(input.projectId ? { projectId: input.projectId } : {}),
      ...(input.scheduleType ? { scheduleType: input.scheduleType } : {}),
    },
  };
}

/** The order of every schedule-entry list: newest day first, then by time. */
export const ENTRY_ORDER = [{ workDate: 'desc' }, { beginAt: 'asc' }, { id: 'asc' }] satisfies Prisma.ScheduleEntryOrderByWithRelationInput[];

/** Number of entries and their hours for a list's filter. */
export async function entryTotals(ctx: ServiceContext, raw: EntryFilter): Promise<{ total: number; totalHours: number }> {
  const { where } = await entryWhere(ctx, raw);
  const agg = await ctx.db.scheduleEntry.aggregate({ where, _count: { _all: true }, _sum: { workHours: true } });
  return { total: agg._count._all, totalHours: Number(agg._sum.workHours ?? 0) };
}

/**
 * One page of schedule entries for a filter (both doors): `query` is the page and the shape
 * of the rows, an offset page (REST: skip/take) or a cursor page (the GraphQL connection).
 */
export async function findEntries<A extends Omit<Prisma.ScheduleEntryFindManyArgs, 'where' | 'orderBy'>>(
  ctx: ServiceContext,
  raw: EntryFilter,
  query: A,
  order: Prisma.ScheduleEntryOrderByWithRelationInput[] = ENTRY_ORDER,
): Promise<Prisma.ScheduleEntryGetPayload<A>[]> {
  const { where } = await entryWhere(ctx, raw);
  return (await ctx.db.scheduleEntry.findMany({ ...query, where, orderBy: order })) as Prisma.ScheduleEntryGetPayload<A>[];
}

/** What another module asks of schedule entries: some people's, overlapping [from, to), optionally of one project. */
type EntryRange = { userIds: readonly number[]; from: Date; to: Date; projectId?: number | null };

/**
 * The read API of schedule entries for other modules (the schedule module's calendar shows
 * them beside the events): the entries of `range` the caller may read (`visibleEntriesWhere`,
 * the rule of the `ScheduleEntry` node), by start; `query` is the shape of the rows.
 */
export async function entriesOverlapping<A extends Omit<Prisma.ScheduleEntryFindManyArgs, 'where' | 'orderBy'>>(ctx: ServiceContext, range: EntryRange, query: A): Promise<Prisma.ScheduleEntryGetPayload<A>[]> {
  const actor = requireActor(ctx);
  const where: Prisma.ScheduleEntryWhereInput = {
    AND: [{ employeeId: { in: [...range.userIds] }, beginAt: { lt: range.to }, endAt: { gt: range.from } }, range.projectId ? { projectId: range.projectId } : {}, visibleEntriesWhere(actor)],
  };
  return (await ctx.db.scheduleEntry.findMany({ ...query, where, orderBy: [{ beginAt: 'asc' }, { id: 'asc' }] })) as Prisma.ScheduleEntryGetPayload<A>[];
}

/** Schedule entries in a range, newest day first (listWorkDailyByDatePage). */
export async function listEntriesPage(ctx: ServiceContext, raw: EntryFilter, page: Page): Promise<{ rows: EntryRow[]; total: number; totalHours: number }> {
  const [rows, totals] = await Promise.all([findEntries(ctx, raw, { include: ENTRY_INCLUDE, skip: (page.currentPage - 1) * page.pageSize, take: page.pageSize }), entryTotals(ctx, raw)]);
  return { rows, ...totals };
}

/** One person's entries for a day or range (default: the caller, today), by time, paged (getWorkDailyByUser). */
export async function entriesOfUser(ctx: ServiceContext, raw: unknown, page: Page): Promise<{ userId: number; from: string; to: string; rows: EntryRow[]; total: number; totalHours: number }> {
  const actor = requireActor(ctx);
  const input = (raw ?? {}) as Record<string, unknown>;
  const today = todayIn(actor.timeZone);
  const day = input.workDate ?? input.day;
  const filter = { ...input, userId: input.userId ?? actor.id, from: input.from ?? day ?? today, to: input.to ?? day ?? input.from ?? today };
  const { from, to } = await entryWhere(ctx, filter);
  const [rows, totals] = await Promise.all([
    findEntries(ctx, filter, { include: ENTRY_INCLUDE, skip: (page.currentPage - 1) * page.pageSize, take: page.pageSize }, [{ workDate: 'asc' }, { beginAt: 'asc' }, { id: 'asc' }]),
    entryTotals(ctx, filter),
  ]);
  return { userId: Number(input.userId ?? actor.id), from, to, rows, ...totals };
}

/**
 * A project's entries in a range, paged, with hours per person on the project computed by
 * GROUP BY (listWorkDailyByProjectId). Project managers see their project's entries.
 */
export async function projectEntriesPage(ctx: ServiceContext, parsed: Parsed<z.output<typeof listEntriesInput>>, page: Page) {
  const actor = requireActor(ctx);
  const input = inputOf(parsed);
  if (!input.projectId) throw new ValidationError('workdaily.projectRequired');
  const { from, to } = defaultRange(actor, input.from, input.to);
  const [list, stats] = await Promise.all([
    listEntriesPage(ctx, { ...input, from, to }, page),
    workStatistics(ctx, atDoor(workStatisticsInput, { from, to, projectId: input.projectId, ...(input.userId ? { userIds: [input.userId] } : {}) })),
  ]);
  return { ...list, from, to, byPerson: stats.byPerson, byType: stats.byType };
}

// ── Daily reports (task daily reports) ──

export const listReportsInput = z.object({
  from: dayString.optional().nullable(),
  to: dayString.optional().nullable(),
  userId: dbId().optional().nullable(),
  projectId: dbId().optional().nullable(),
  taskId: dbId().optional().nullable(),
});

const REPORT_INCLUDE = {
  user: { select: { id: true, name: true, nameEn: true } },
  task: { select: { id: true, title: true, state: true, projectId: true, project: { select: { id: true, name: true } } } },
  log: { select: { id: true, logTime: true } },
} satisfies Prisma.TaskDailyReportInclude;

export type ReportRow = Prisma.TaskDailyReportGetPayload<{ include: typeof REPORT_INCLUDE }>;

/**
 * Daily reports the caller may read: everyone's with workdaily.readAll; otherwise their own
 * and those on tasks they assigned.
 */
async function reportWhere(ctx: ServiceContext, raw: unknown): Promise<Prisma.TaskDailyReportWhereInput> {
  const actor = requireActor(ctx);
  return reportWhereOf(actor, parseInput(listReportsInput, raw ?? {}));
}

function reportWhereOf(actor: Actor, input: z.output<typeof listReportsInput>): Prisma.TaskDailyReportWhereInput {
  const { from, to } = defaultRange(actor, input.from, input.to);
  checkRange(from, to);
  return {
    AND: [
      { workDate: { gte: dayToDate(from), lte: dayToDate(to) } },
      input.userId ? { userId: input.userId } : {},
      input.taskId ? { taskId: input.taskId } : {},
      input.projectId ? { task: { projectId: input.projectId } } : {},
      canReadAll(actor) ? {} : { OR: [{ userId: actor.id }, { task: { assignerId: actor.id } }] },
    ],
  };
}

export async function listReportsPage(ctx: ServiceContext, parsed: Parsed<z.output<typeof listReportsInput>>, page: Page): Promise<{ rows: ReportRow[]; total: number }> {
  const actor = requireActor(ctx);
  const where = reportWhereOf(actor, inputOf(parsed));
  const [rows, total] = await Promise.all([
    ctx.db.taskDailyReport.findMany({
      where,
      include: REPORT_INCLUDE,
      orderBy: [{ workDate: 'desc' }, { createdAt: 'desc' }, { id: 'desc' }],
      skip: (page.currentPage - 1) * page.pageSize,
      take: page.pageSize,
    }),
    ctx.db.taskDailyReport.count({ where }),
  ]);
  return { rows, total };
}

/** The reports of one day (default: the caller's today), unpaged (report/list). */
export async function listReportsOfDay(ctx: ServiceContext, raw: unknown): Promise<ReportRow[]> {
  const actor = requireActor(ctx);
  const input = (raw ?? {}) as Record<string, unknown>;
  const day = input.workDate ?? input.day;
  const today = todayIn(actor.timeZone);
  const where = await reportWhere(ctx, { ...input, from: input.from ?? day ?? today, to: input.to ?? day ?? input.from ?? today, userId: input.userId ?? actor.id });
  return ctx.db.taskDailyReport.findMany({ where, include: REPORT_INCLUDE, orderBy: [{ workDate: 'asc' }, { createdAt: 'asc' }], take: 2000 });
}

// ── Time zones ──

export const transformZoneInput = z.object({
  time: z.string().max(40),
  fromZone: z.string().max(64),
  toZone: z.string().max(64),
});

export type ZoneTransform = {
  time: string;
  fromZone: string;
  toZone: string;
  fromOffset: string;
  toOffset: string;
  instant: Date;
  /** The wall time does not exist in the source zone (a daylight-saving gap) and was moved forward. */
  shifted: boolean;
};

/**
 * Converts a wall time (`yyyy-MM-dd HH:mm:ss`, `yyyy-MM-dd HH:mm` or ISO) from one IANA zone to
 * another. Ambiguous wall times (the repeated hour in autumn) take the earlier instant.
 */
export function transformTimeZone(ctx: ServiceContext, parsed: Parsed<z.output<typeof transformZoneInput>>): ZoneTransform {
  requireActor(ctx);
  const input = inputOf(parsed);
  for (const zone of [input.fromZone, input.toZone]) {
    if (!IANAZone.isValidZone(zone.trim())) throw new ValidationError('timeZone.unknownNamed', { zone: zone.trim().slice(0, 64) }, 'TIME_ZONE_UNKNOWN');
  }
  const fromZone = input.fromZone.trim();
  const toZone = input.toZone.trim();
  const text = input.time.trim();
  let source = DateTime.fromFormat(text, 'yyyy-MM-dd HH:mm:ss', { zone: fromZone });
  if (!source.isValid) source = DateTime.fromFormat(text, 'yyyy-MM-dd HH:mm', { zone: fromZone });
  if (!source.isValid) source = DateTime.fromISO(text, { zone: fromZone, setZone: false });
  if (!source.isValid || /[zZ]|[+-]\d{2}:?\d{2}$/.test(text.slice(10))) throw new ValidationError('timeZone.timeInvalid', undefined, 'TIME_INVALID');
  const wanted = text.replace('T', ' ').slice(0, 16);
  const shifted = source.toFormat('yyyy-MM-dd HH:mm') !== wanted;
  const target = source.setZone(toZone);
  return {
    time: target.toFormat('yyyy-MM-dd HH:mm:ss'),
    fromZone,
    toZone,
    fromOffset: source.toFormat('ZZ'),
    toOffset: target.toFormat('ZZ'),
    instant: source.toJSDate(),
    shifted,
  };
}

// ── Work notes ──

export const saveWorkNoteInput = z.object({ day: dayString.optional().nullable(), content: z.string().max(200_000).optional().nullable() });

export type WorkNoteResult = { id: number; userId: number; day: Date; content: string; updatedAt: Date } | null;

/**
 * Saves the caller's work note for a day (oaWorkNote/doSave): sanitised rich text of at most
 * 10000 characters, one note per user and day (saving again replaces it; empty content
 * removes it).
 */
export async function saveWorkNote(ctx: ServiceContext, parsed: Parsed<z.output<typeof saveWorkNoteInput>>): Promise<{ day: string; note: WorkNoteResult }> {
  return runWrite<{ day: string; note: WorkNoteResult }>(ctx, { operation: 'workdaily.saveWorkNote', targetType: 'WorkNote' }, async (tx) => {
    const actor = requireActor(ctx);
    const input = inputOf(parsed);
    const day = input.day ?? todayIn(actor.timeZone);
    const content = await cleanRichText(input.content ?? '');
    if (richTextLength(content) > RICH_TEXT_MAX_CHARS) throw new ValidationError('validation.tooLong', { field: 'content', max: RICH_TEXT_MAX_CHARS });
    const key = { userId_day: { userId: actor.id, day: dayToDate(day) } };
    if (!content.replace(/<[^>]*>/g, '').replace(/&nbsp;|\s/g, '') && !/<img/i.test(content)) {
      await tx.workNote.deleteMany({ where: { userId: actor.id, day: dayToDate(day) } });
      return { result: { day, note: null }, targetIds: [] };
    }
    const note = await tx.workNote.upsert({ where: key, create: { userId: actor.id, day: dayToDate(day), content }, update: { content } });
    return { result: { day, note }, targetIds: [note.id] };
  });
}

export async function getWorkNote(ctx: ServiceContext, parsed: Parsed<z.output<typeof workDayInput>>): Promise<WorkNoteResult> {
  const actor = requireActor(ctx);
  const input = inputOf(parsed);
  const day = input.day ?? todayIn(actor.timeZone);
  return ctx.db.workNote.findUnique({ where: { userId_day: { userId: actor.id, day: dayToDate(day) } } });
}
