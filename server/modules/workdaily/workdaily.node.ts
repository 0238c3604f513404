import { atDoor } from '../../lib/validate.ts';
import { builder } from '../../graphql/builder.ts';
import { localId, localIds } from '../../graphql/ids.ts';
import { ProjectNode } from '../projects/index.ts';
import { ScheduleEntryTypeEnum } from '../tasks/index.ts';
import { UserNode } from '../users/index.ts';
import { canReadEntry } from './workdaily.policy.ts';
import { mutationErrors } from '../../graphql/errors.ts';
import {
  dailyReminder,
  dailyReminderInput,
  missingWorkDays,
  missingWorkDaysInput,
  workDayInput,
  entryTotals,
  findEntries,
  type EntryFilter,
  getWorkNote,
  type GROUP_BY,
  transformTimeZone,
  workStatistics,
  withIdlePeople,
  type ReminderState,
  type StatisticRow,
  type ZoneTransform,
  workStatisticsInput,
  transformZoneInput,
} from './workdaily.service.ts';

builder.prismaNode('ScheduleEntry', {
  nullable: true,
  id: { field: 'id' },
  description: "A schedule entry (the spec's work daily): a block of one employee's work on a day. Written by the tasks area.",
  select: { employeeId: true, createdById: true, project: { select: { managerId: true } } },
  authScopes: (e, ctx) => !!ctx.actor && canReadEntry(ctx.actor, e),
  fields: (t) => ({
    databaseId: t.exposeInt('id', { description: 'The legacy numeric id of the entry.' }),
    workDate: t.expose('workDate', { type: 'Date', description: "The day, in the employee's zone." }),
    employee: t.relation('employee', { description: 'Whose work it is.' }),
    createdBy: t.relation('createdBy', { description: 'Who wrote the entry (the employee, or a manager for them).' }),
    scheduleType: t.exposeInt('scheduleType', { description: '1 regular, 2 overtime.' }),
    project: t.relation('project', { description: 'The project the hours are booked on.', nullable: true }),
    beginAt: t.expose('beginAt', { description: 'Start of the block (instant).', type: 'DateTime' }),
    endAt: t.expose('endAt', { description: 'End of the block (instant); later than beginAt, possibly on the next day.', type: 'DateTime' }),
    workHours: t.float({ description: 'Hours worked, above 0 and at most 24, not more than the time range.', select: { workHours: true }, resolve: (e) => Number(e.workHours) }),
    content: t.exposeString('content', { description: 'What was done, plain text.' }),
    taskIds: t.intList({ description: 'Database ids of the tasks the block is booked for.', select: { tasks: { select: { taskId: true } } }, resolve: (e) => e.tasks.map((x) => x.taskId) }),
  }),
});

export const DailyReminderRef = builder.objectRef<ReminderState>('DailyReminder').implement({
  description: "A person's daily work-report reminder for one day.",
  fields: (t) => ({
    day: t.field({ description: "The day (yyyy-MM-dd, in the person's time zone).", type: 'Date', resolve: (r) => r.day }),
    user: t.prismaField({ description: 'Whose reminder it is.', type: 'User', nullable: true, resolve: (query, r, _a, ctx) => ctx.db.user.findUnique({ ...query, where: { id: r.userId } }) }),
    workIsEmpty: t.exposeBoolean('workIsEmpty', { description: 'No schedule entry for the day.' }),
    workTasksLength: t.exposeInt('workTasksLength', { description: 'Open tasks the person executes without a daily report that day.' }),
    dismissed: t.exposeBoolean('dismissed', { description: 'The person dismissed the reminder for that day.' }),
    isNeed: t.exposeBoolean('isNeed', { description: 'Whether to remind: a past or present weekday, not dismissed, with an empty day or unreported tasks.' }),
  }),
});

const MissingWorkDaysRef = builder.objectRef<{ from: string; to: string; days: string[] }>('MissingWorkDays').implement({
  description: 'The weekdays without any schedule entry (and not dismissed) in a window up to today.',
  fields: (t) => ({
    from: t.field({ description: 'First day looked at (yyyy-MM-dd).', type: 'Date', resolve: (r) => r.from }),
    to: t.field({ description: "Last day looked at: today in the person's time zone.", type: 'Date', resolve: (r) => r.to }),
    days: t.field({ description: 'The missing days, oldest first.', type: ['Date'], resolve: (r) => r.days }),
  }),
});

export const WorkStatisticsGroupByEnum = builder.enumType('WorkStatisticsGroupBy', {
  description: 'How work statistics are grouped.',
  values: {
    PERSON: { description: 'One row per person (key: user id).' },
    PROJECT: { description: 'One row per project (key: project id; null for entries without one).' },
    TYPE: { description: 'One row per schedule type (key: 1 regular, 2 overtime).' },
  } as const satisfies Record<(typeof GROUP_BY)[number], { description: string }>,
});

const StatisticRowRef = builder.objectRef<StatisticRow>('WorkStatisticRow').implement({
  description: 'Hours of schedule entries in one group.',
  fields: (t) => ({
    key: t.exposeInt('key', { nullable: true, description: 'User id (PERSON), project id (PROJECT, null: no project) or schedule type 1 regular / 2 overtime (TYPE).' }),
    name: t.exposeString('name', { description: "The group's name: the person's or project's name, or the schedule type's label (Chinese).", nullable: true }),
    nameEn: t.exposeString('nameEn', { description: "The group's English name, when there is one.", nullable: true }),
    hours: t.exposeFloat('hours', { description: "Hours of the group's schedule entries." }),
    entries: t.exposeInt('entries', { description: 'Schedule entries counted.' }),
    days: t.exposeInt('days', { description: 'Distinct person-days with an entry.' }),
  }),
});

type Statistics = { from: string; to: string; groupBy: (typeof GROUP_BY)[number]; total: StatisticRow; rows: StatisticRow[] };

const StatisticsRef = builder.objectRef<Statistics>('WorkStatistics').implement({
  description: 'Hours of schedule entries over a range of days, in total and by group.',
  fields: (t) => ({
    from: t.field({ description: 'First day counted (inclusive).', type: 'Date', resolve: (s) => s.from }),
    to: t.field({ description: 'Last day counted (inclusive).', type: 'Date', resolve: (s) => s.to }),
    groupBy: t.field({ description: 'How `rows` are grouped.', type: WorkStatisticsGroupByEnum, resolve: (s) => s.groupBy }),
    total: t.field({ description: 'Every entry counted, as one row (key and name null).', type: StatisticRowRef, resolve: (s) => s.total }),
    rows: t.field({ type: [StatisticRowRef], description: 'Most hours first.', resolve: (s) => s.rows }),
  }),
});

const ZoneTransformRef = builder.objectRef<ZoneTransform>('TimeZoneTransform').implement({
  description: 'A wall time converted from one time zone to another.',
  fields: (t) => ({
    time: t.exposeString('time', { description: 'The wall time in `toZone`, yyyy-MM-dd HH:mm:ss.' }),
    fromZone: t.exposeString('fromZone', { description: 'The IANA zone the wall time was read in.' }),
    toZone: t.exposeString('toZone', { description: 'The IANA zone it was converted to.' }),
    fromOffset: t.exposeString('fromOffset', { description: 'UTC offset of `fromZone` at that moment, like +08:00.' }),
    toOffset: t.exposeString('toOffset', { description: 'UTC offset of `toZone` at that moment, like -04:00.' }),
    instant: t.expose('instant', { description: 'The moment both wall times name.', type: 'DateTime' }),
    shifted: t.exposeBoolean('shifted', { description: 'The wall time does not exist in `fromZone` (a daylight-saving gap) and was moved forward.' }),
  }),
});

builder.prismaObject('WorkNote', {
  description: "A person's work note for one day.",
  fields: (t) => ({
    day: t.expose('day', { description: "The day (yyyy-MM-dd, in the person's zone).", type: 'Date' }),
    content: t.exposeString('content', { description: 'Sanitised rich HTML.' }),
    updatedAt: t.expose('updatedAt', { description: 'When the note was last saved (instant).', type: 'DateTime' }),
  }),
});

const ScheduleEntryFilter = builder.inputType('ScheduleEntryFilter', {
  description: "Which schedule entries to list. Without a range: the last 30 days up to today (in the viewer's zone).",
  fields: (t) => ({
    from: t.field({ type: 'Date', description: 'First day (inclusive).' }),
    to: t.field({ type: 'Date', description: 'Last day (inclusive); at most 366 days after `from`.' }),
    employeeIds: t.globalIDList({ for: [UserNode], description: "Only these people's entries (others' need the right to read everyone's, or the project's management)." }),
    projectId: t.globalID({ description: 'Only entries booked on this Project (its manager sees all of them).', for: [ProjectNode] }),
    scheduleType: t.field({ description: 'Only regular or only overtime entries.', type: ScheduleEntryTypeEnum }),
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
      args: { filter: t.arg({ description: 'Which entries: a range of days, people, a project, a type.', type: ScheduleEntryFilter }) },
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
    description: "The daily work-report reminder of a day (default: today in the person's zone) for the viewer, or for another person (workdaily.readAll: managers). Errors as data: FORBIDDEN, INVALID_INPUT.",
    args: {
      day: t.arg({ description: "The day (yyyy-MM-dd); default today in the person's time zone.", type: 'Date' }),
      userId: t.arg.globalID({ description: "Whose reminder: a User id; default the caller. Another person's needs workdaily.readAll (managers).", for: [UserNode] }),
    },
    resolve: (_r, args, ctx) => dailyReminder(ctx, atDoor(dailyReminderInput, { day: args.day, userId: args.userId ? localId(args.userId, 'User') : null })),
  }),
  missingWorkDays: t.field({
    type: MissingWorkDaysRef,
    errors: mutationErrors,
    description:
      "The weekdays of the last `days` days (default 30) up to today in the person's time zone with no schedule entry and no dismissed reminder: the days daily work asks to fill in. For the viewer, or another person with workdaily.readAll (managers). Errors as data: FORBIDDEN, NOT_FOUND, INVALID_INPUT (days outside 1–92).",
    args: {
      days: t.arg.int({ description: 'How many days back to look (1 to 92, default 30).' }),
      userId: t.arg.globalID({ description: "Whose days: a User id; default the caller. Another person's needs workdaily.readAll (managers).", for: [UserNode] }),
    },
    resolve: (_r, args, ctx) => missingWorkDays(ctx, atDoor(missingWorkDaysInput, { days: args.days, userId: args.userId ? localId(args.userId, 'User') : null })),
  }),
  workStatistics: t.field({
    type: StatisticsRef,
    errors: mutationErrors,
    description:
      "Hours of schedule entries from `from` to `to` (inclusive) by person, project or type. Everyone's for managers (workdaily.readAll or schedule.manage), a project's for its manager, otherwise the viewer's own. Errors as data: INVALID_INPUT (range reversed or over 366 days), FORBIDDEN.",
    args: {
      from: t.arg({ description: 'First day (yyyy-MM-dd, inclusive).', type: 'Date', required: true }),
      to: t.arg({ description: 'Last day (yyyy-MM-dd, inclusive); at most 366 days after `from`.', type: 'Date', required: true }),
      groupBy: t.arg({ description: 'Group the hours by person, project or schedule type.', type: WorkStatisticsGroupByEnum, required: true }),
      userIds: t.arg.globalIDList({ description: "Only these people (User ids); others' need workdaily.readAll or the project's management.", for: [UserNode] }),
      projectId: t.arg.globalID({ description: "Only this Project (its manager sees everyone's hours on it).", for: [ProjectNode] }),
      withIdle: t.arg.boolean({
        description:
          'PERSON only: the whole team, those without hours as rows of zeros after the others (the people in `userIds`, else every active staff member for those who read everyone’s hours, else the caller). Ignored with `projectId`.',
      }),
    },
    resolve: async (_r, args, ctx) => {
      const filter = { userIds: localIds(args.userIds, 'User') ?? undefined, projectId: args.projectId ? localId(args.projectId, 'Project') : null };
      const s = await workStatistics(ctx, atDoor(workStatisticsInput, { from: args.from, to: args.to, ...filter }));
      const people =
        args.groupBy === 'PERSON' && args.withIdle
          ? await withIdlePeople(ctx, { userIds: filter.userIds?.filter((x): x is number => typeof x === 'number'), projectId: typeof filter.projectId === 'number' ? filter.projectId : null }, s.byPerson)
          : s.byPerson;
      const rows = args.groupBy === 'PERSON' ? people : args.groupBy === 'PROJECT' ? s.byProject : s.byType;
      return { from: s.from, to: s.to, groupBy: args.groupBy, total: s.total, rows };
    },
  }),
  timeZoneTransform: t.field({
    type: ZoneTransformRef,
    errors: mutationErrors,
    description: 'Converts a wall time (yyyy-MM-dd HH:mm:ss) from one IANA zone to another. Signed-in callers. Errors as data: TIME_INVALID, INVALID_INPUT (unknown zone).',
    args: {
      time: t.arg.string({ description: 'The wall time, yyyy-MM-dd HH:mm:ss.', required: true }),
      fromZone: t.arg.string({ description: 'IANA zone the wall time is in, e.g. Asia/Shanghai.', required: true }),
      toZone: t.arg.string({ description: 'IANA zone to convert to, e.g. America/New_York.', required: true }),
    },
    resolve: (_r, args, ctx) => transformTimeZone(ctx, atDoor(transformZoneInput, args)),
  }),
  workNote: t.prismaField({
    type: 'WorkNote',
    nullable: true,
    description: "The viewer's work note of a day (default today); null when there is none.",
    args: { day: t.arg({ description: "The day (yyyy-MM-dd); default today in the caller's zone.", type: 'Date' }) },
    resolve: async (query, _r, args, ctx) => {
      const note = await getWorkNote(ctx, atDoor(workDayInput, { day: args.day }));
      return note ? ctx.db.workNote.findUnique({ ...query, where: { id: note.id } }) : null;
    },
  }),
}));
