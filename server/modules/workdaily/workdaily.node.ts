import { builder } from '../../graphql/builder.ts';
import { localId, localIds } from '../../graphql/ids.ts';
import { ProjectNode } from '../projects/index.ts';
import { ScheduleEntryTypeEnum } from '../tasks/index.ts';
import { UserNode } from '../users/index.ts';
import { canReadEntry } from './workdaily.policy.ts';
import { mutationErrors } from '../../graphql/errors.ts';
import { dailyReminder, entryTotals, findEntries, type EntryFilter, getWorkNote, GROUP_BY, transformTimeZone, workStatistics, type ReminderState, type StatisticRow, type ZoneTransform } from './workdaily.service.ts';

builder.prismaNode('ScheduleEntry', {
  nullable: true,
  id: { field: 'id' },
  description: "A schedule entry (the spec's work daily): a block of one employee's work on a day. Written by the tasks area.",
  select: { employeeId: true, createdById: true, project: { select: { managerId: true } } },
  authScopes: (e, ctx) => !!ctx.actor && canReadEntry(ctx.actor, e),
  fields: (t) => ({
    databaseId: t.exposeInt('id'),
    workDate: t.expose('workDate', { type: 'Date', description: "The day, in the employee's zone." }),
    employee: t.relation('employee'),
    createdBy: t.relation('createdBy'),
    scheduleType: t.exposeInt('scheduleType', { description: '1 regular, 2 overtime.' }),
    project: t.relation('project', { nullable: true }),
    beginAt: t.expose('beginAt', { type: 'DateTime' }),
    endAt: t.expose('endAt', { type: 'DateTime' }),
    workHours: t.float({ select: { workHours: true }, resolve: (e) => Number(e.workHours) }),
    content: t.exposeString('content'),
    taskIds: t.intList({ select: { tasks: { select: { taskId: true } } }, resolve: (e) => e.tasks.map((x) => x.taskId) }),
  }),
});

export const DailyReminderRef = builder.objectRef<ReminderState>('DailyReminder').implement({
  description: "A person's daily work-report reminder for one day.",
  fields: (t) => ({
    day: t.field({ type: 'Date', resolve: (r) => r.day }),
    user: t.prismaField({ type: 'User', nullable: true, resolve: (query, r, _a, ctx) => ctx.db.user.findUnique({ ...query, where: { id: r.userId } }) }),
    workIsEmpty: t.exposeBoolean('workIsEmpty', { description: 'No schedule entry for the day.' }),
    workTasksLength: t.exposeInt('workTasksLength', { description: 'Open tasks the person executes without a daily report that day.' }),
    dismissed: t.exposeBoolean('dismissed', { description: 'The person dismissed the reminder for that day.' }),
    isNeed: t.exposeBoolean('isNeed', { description: 'Whether to remind: a past or present weekday, not dismissed, with an empty day or unreported tasks.' }),
  }),
});

export const WorkStatisticsGroupByEnum = builder.enumType('WorkStatisticsGroupBy', { values: GROUP_BY });

const StatisticRowRef = builder.objectRef<StatisticRow>('WorkStatisticRow').implement({
  description: 'Hours of schedule entries in one group.',
  fields: (t) => ({
    key: t.exposeInt('key', { nullable: true, description: 'User id (PERSON), project id (PROJECT, null: no project) or schedule type 1 regular / 2 overtime (TYPE).' }),
    name: t.exposeString('name', { nullable: true }),
    nameEn: t.exposeString('nameEn', { nullable: true }),
    hours: t.exposeFloat('hours'),
    entries: t.exposeInt('entries', { description: 'Schedule entries counted.' }),
    days: t.exposeInt('days', { description: 'Distinct person-days with an entry.' }),
  }),
});

type Statistics = { from: string; to: string; groupBy: (typeof GROUP_BY)[number]; total: StatisticRow; rows: StatisticRow[] };

const StatisticsRef = builder.objectRef<Statistics>('WorkStatistics').implement({
  fields: (t) => ({
    from: t.field({ type: 'Date', resolve: (s) => s.from }),
    to: t.field({ type: 'Date', resolve: (s) => s.to }),
    groupBy: t.field({ type: WorkStatisticsGroupByEnum, resolve: (s) => s.groupBy }),
    total: t.field({ type: StatisticRowRef, resolve: (s) => s.total }),
    rows: t.field({ type: [StatisticRowRef], description: 'Most hours first.', resolve: (s) => s.rows }),
  }),
});

const ZoneTransformRef = builder.objectRef<ZoneTransform>('TimeZoneTransform').implement({
  fields: (t) => ({
    time: t.exposeString('time', { description: 'The wall time in `toZone`, yyyy-MM-dd HH:mm:ss.' }),
    fromZone: t.exposeString('fromZone'),
    toZone: t.exposeString('toZone'),
    fromOffset: t.exposeString('fromOffset', { description: 'UTC offset of `fromZone` at that moment, like +08:00.' }),
    toOffset: t.exposeString('toOffset'),
    instant: t.expose('instant', { type: 'DateTime' }),
    shifted: t.exposeBoolean('shifted', { description: 'The wall time does not exist in `fromZone` (a daylight-saving gap) and was moved forward.' }),
  }),
});

builder.prismaObject('WorkNote', {
  description: "A person's work note for one day.",
  fields: (t) => ({
    day: t.expose('day', { type: 'Date' }),
    content: t.exposeString('content', { description: 'Sanitised rich HTML.' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});

const ScheduleEntryFilter = builder.inputType('ScheduleEntryFilter', {
  description: "Which schedule entries to list. Without a range: the last 30 days up to today (in the viewer's zone).",
  fields: (t) => ({
    from: t.field({ type: 'Date', description: 'First day (inclusive).' }),
    to: t.field({ type: 'Date', description: 'Last day (inclusive); at most 366 days after `from`.' }),
    employeeIds: t.globalIDList({ for: [UserNode], description: "Only these people's entries (others' need the right to read everyone's, or the project's management)." }),
    projectId: t.globalID({ for: [ProjectNode] }),
    scheduleType: t.field({ type: ScheduleEntryTypeEnum }),
  }),
});

type ScheduleEntryFilterArg = {
  from?: string | null;
  to?: string | null;
  employeeIds?: Array<{ typename: string; id: string }> | null;
  projectId?: { typename: string; id: string } | null;
  scheduleType?: number | null;
};

/** A global id of the expected type as a database id; another type matches nothing (0). */

/** The GraphQL filter as the service's list filter (the same one the legacy lists pass). */
function entryFilter(f: ScheduleEntryFilterArg | null | undefined): EntryFilter {
  if (!f) return {};
  return {
    from: f.from ?? undefined,
    to: f.to ?? undefined,
    userIds: f.employeeIds?.length ? localIds(f.employeeIds, 'User') : undefined,
    projectId: f.projectId ? localId(f.projectId, 'Project') : undefined,
    scheduleType: f.scheduleType ?? undefined,
  };
}

type EntryConnectionParent = { args: { filter?: ScheduleEntryFilterArg | null } };

builder.queryFields((t) => ({
  scheduleEntries: t.prismaConnection(
    {
      type: 'ScheduleEntry',
      cursor: 'id',
      defaultSize: 20,
      maxSize: 500,
      description:
        "Schedule entries (work daily) in a range, newest day first: the legacy listWorkDailyByDatePage, listWorkDailyByProjectId and getWorkDailyByUser as one connection. Everyone's for managers, a project's for its manager (with `projectId`), otherwise the viewer's own; asking for someone else's without that right is refused.",
      args: { filter: t.arg({ type: ScheduleEntryFilter }) },
      totalCount: async (_p, args, ctx) => (await entryTotals(ctx, entryFilter(args.filter as ScheduleEntryFilterArg))).total,
      resolve: (query, _r, args, ctx) => findEntries(ctx, entryFilter(args.filter as ScheduleEntryFilterArg), query),
    },
    {
      fields: (c) => ({
        totalHours: c.float({
          description: 'Hours of all the entries the filter matches (every page).',
          resolve: async (conn, _a, ctx) => (await entryTotals(ctx, entryFilter((conn as unknown as EntryConnectionParent).args.filter))).totalHours,
        }),
      }),
    },
  ),
  dailyReminder: t.field({
    type: DailyReminderRef,
    errors: mutationErrors,
    description: "The daily work-report reminder of a day (default: today in the person's zone) for the viewer, or for another person (managers).",
    args: { day: t.arg({ type: 'Date' }), userId: t.arg.globalID({ for: [UserNode] }) },
    resolve: (_r, args, ctx) => dailyReminder(ctx, { day: args.day, userId: args.userId ? localId(args.userId, 'User') : null }),
  }),
  workStatistics: t.field({
    type: StatisticsRef,
    errors: mutationErrors,
    description: "Hours of schedule entries from `from` to `to` (inclusive) by person, project or type. Everyone's for managers, a project's for its manager, otherwise the viewer's own.",
    args: {
      from: t.arg({ type: 'Date', required: true }),
      to: t.arg({ type: 'Date', required: true }),
      groupBy: t.arg({ type: WorkStatisticsGroupByEnum, required: true }),
      userIds: t.arg.globalIDList({ for: [UserNode] }),
      projectId: t.arg.globalID({ for: [ProjectNode] }),
    },
    resolve: async (_r, args, ctx) => {
      const s = await workStatistics(ctx, {
        from: args.from,
        to: args.to,
        userIds: localIds(args.userIds, 'User') ?? undefined,
        projectId: args.projectId ? localId(args.projectId, 'Project') : null,
      });
      const rows = args.groupBy === 'PERSON' ? s.byPerson : args.groupBy === 'PROJECT' ? s.byProject : s.byType;
      return { from: s.from, to: s.to, groupBy: args.groupBy, total: s.total, rows };
    },
  }),
  timeZoneTransform: t.field({
    type: ZoneTransformRef,
    errors: mutationErrors,
    description: 'Converts a wall time (yyyy-MM-dd HH:mm:ss) from one IANA zone to another.',
    args: { time: t.arg.string({ required: true }), fromZone: t.arg.string({ required: true }), toZone: t.arg.string({ required: true }) },
    resolve: (_r, args, ctx) => transformTimeZone(ctx, args),
  }),
  workNote: t.prismaField({
    type: 'WorkNote',
    nullable: true,
    description: "The viewer's work note of a day (default today); null when there is none.",
    args: { day: t.arg({ type: 'Date' }) },
    resolve: async (query, _r, args, ctx) => {
      const note = await getWorkNote(ctx, { day: args.day });
      return note ? ctx.db.workNote.findUnique({ ...query, where: { id: note.id } }) : null;
    },
  }),
}));
