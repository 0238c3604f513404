import { atDoor } from '../../lib/validate.ts';
import { DateTime } from 'luxon';
import { ValidationError } from '../../errors.ts';
import { translate } from '../../i18n/catalogue.ts';
import { requireActor } from '../../policy.ts';
import type { RestRoute } from '../../rest/adapter.ts';
import { idList, num, pick, text, withCondition, zoneOf, type Params } from '../../rest/params.ts';
import { readPage } from '../../rest/envelope.ts';
import { formatDate, formatDateTime, wallText } from '../../lib/wall-time.ts';
import {
  dailyReminder,
  dailyReminderInput,
  entriesOfUser,
  listEntriesPage,
  listReportsOfDay,
  listEntriesInput,
  listReportsInput,
  listReportsPage,
  projectEntriesPage,
  removeReminder,
  saveWorkNote,
  saveWorkNoteInput,
  workDayInput,
  transformTimeZone,
  workStatistics,
  type EntryRow,
  type ReminderState,
  type ReportRow,
  type StatisticRow,
  workStatisticsInput,
  transformZoneInput,
} from './workdaily.service.ts';

/**
 * Legacy paths of the daily-work read side. Parameters may come at the top level or under
 * `condition` (the old client does both). A range is `workDate`..`workDate2` (the spec's
 * schedule-entry fields), or `beginDate`/`endDate`, or `beginTime`/`endTime` (their day part).
 */
const BASE = '/api/admin/work/daily';

/** The day part of a legacy date or date-time value; anything else is left for validation to refuse. */
function dayOf(v: unknown): unknown {
  const value = text(v);
  return typeof value === 'string' ? value.trim().slice(0, 10) : value;
}

function range(c: Params): { from?: unknown; to?: unknown } {
  return {
    from: dayOf(c.workDate ?? c.beginDate ?? c.beginTime ?? c.startDate ?? c.from),
    to: dayOf(c.workDate2 ?? c.endDate ?? c.endTime ?? c.to),
  };
}

export function legacyEntry(e: EntryRow, zone: string) {
  // Wall times through the schedule's cached per-zone offsets: a page formats hundreds of them.
  const begin = wallText(e.beginAt, zone);
  const end = wallText(e.endAt, zone);
  return {
    id: e.id,
    workDate: formatDate(e.workDate),
    employeeId: e.employeeId,
    employeeName: e.employee.name,
    employeeNameEn: e.employee.nameEn,
    createById: e.createdById,
    scheduleType: e.scheduleType,
    projectId: e.projectId,
    projectName: e.project?.name ?? null,
    workTime: `${begin.slice(11, 16)}-${end.slice(11, 16)}`,
    workTimeBegin: begin.slice(11, 16),
    workTimeEnd: end.slice(11, 16),
    beginTime: begin,
    endTime: end,
    workHours: Number(e.workHours),
    workTaskIds: e.tasks.map((t) => t.taskId),
    content: e.content,
  };
}

function legacyReport(r: ReportRow, zone: string) {
  return {
    id: r.id,
    workTaskId: r.taskId,
    taskTitle: r.task.title,
    taskState: r.task.state,
    projectId: r.task.projectId,
    projectName: r.task.project.name,
    userId: r.userId,
    userName: r.user.name,
    workDate: formatDate(r.workDate),
    content: r.content,
    logId: r.logId,
    logTime: formatDateTime(r.log.logTime, zone),
    createTime: formatDateTime(r.createdAt, zone),
  };
}

function legacyReminder(r: ReminderState) {
  return { userId: r.userId, workDate: r.day, workIsEmpty: r.workIsEmpty, isNeed: r.isNeed, workTasksLength: r.workTasksLength, dismissed: r.dismissed };
}

function legacyStat(r: StatisticRow) {
  return { key: r.key, name: r.name, nameEn: r.nameEn, workHours: r.hours, entries: r.entries, days: r.days };
}

function page<T>(p: { currentPage: number; pageSize: number }, total: number, resultList: T[], extra: Record<string, unknown> = {}) {
  return { currentPage: p.currentPage, pageSize: p.pageSize, rows: total, resultList, ...extra };
}

function listFilter(c: Params) {
  return {
    ...range(c),
    userId: num(pick(c, 'userId', 'employeeId')),
    userIds: idList(pick(c, 'userIds', 'employeeIds')),
    projectId: num(c.projectId),
    scheduleType: num(c.scheduleType),
  };
}

export const workdailyRoutes: RestRoute[] = [
  {
    path: `${BASE}/getWorkDailyByUser`,
    methods: ['POST'],
    handler: async (ctx, req) => {
      const c = withCondition(req.params);
      const p = readPage(req.params);
      const r = await entriesOfUser(ctx, { ...range(c), workDate: dayOf(c.workDate), userId: num(pick(c, 'userId', 'employeeId')) }, p);
      const zone = zoneOf(ctx, c);
      return {
        data: page(
          p,
          r.total,
          r.rows.map((e) => legacyEntry(e, zone)),
          { userId: r.userId, beginDate: r.from, endDate: r.to, totalHours: r.totalHours },
        ),
      };
    },
  },
  {
    path: `${BASE}/getWorkDailyStatistic`,
    methods: ['POST'],
    handler: async (ctx, req) => {
      const c = withCondition(req.params);
      const { from, to } = range(c);
      const today = DateTime.now().setZone(requireActor(ctx).timeZone);
      const userIds = idList(pick(c, 'userIds', 'userId'));
      const s = await workStatistics(
        ctx,
        atDoor(workStatisticsInput, {
          from: from ?? today.startOf('month').toISODate(),
          to: to ?? today.endOf('month').toISODate(),
          userIds,
          projectId: num(c.projectId),
          scheduleType: num(c.scheduleType),
        }),
      );
      return {
        data: {
          beginDate: s.from,
          endDate: s.to,
          totalHours: s.total.hours,
          totalEntries: s.total.entries,
          byUser: s.byPerson.map(legacyStat),
          byProject: s.byProject.map(legacyStat),
          byType: s.byType.map(legacyStat),
        },
      };
    },
  },
  {
    path: `${BASE}/listReportDailyByPage`,
    methods: ['POST'],
    handler: async (ctx, req) => {
      const c = withCondition(req.params);
      const p = readPage(req.params);
      const r = await listReportsPage(ctx, atDoor(listReportsInput, { ...range(c), userId: num(c.userId), projectId: num(c.projectId), taskId: num(c.workTaskId ?? c.taskId) }), p);
      const zone = zoneOf(ctx, c);
      return {
        data: page(
          p,
          r.total,
          r.rows.map((x) => legacyReport(x, zone)),
        ),
      };
    },
  },
  {
    path: `${BASE}/report/list`,
    methods: ['POST'],
    handler: async (ctx, req) => {
      const c = withCondition(req.params);
      const rows = await listReportsOfDay(ctx, { ...range(c), workDate: dayOf(c.workDate), userId: num(c.userId), projectId: num(c.projectId), taskId: num(c.workTaskId ?? c.taskId) });
      const zone = zoneOf(ctx, c);
      return { data: rows.map((x) => legacyReport(x, zone)) };
    },
  },
  {
    path: `${BASE}/listWorkDailyByDatePage`,
    methods: ['POST'],
    handler: async (ctx, req) => {
      const c = withCondition(req.params);
      const p = readPage(req.params);
      const r = await listEntriesPage(ctx, listFilter(c), p);
      const zone = zoneOf(ctx, c);
      return {
        data: page(
          p,
          r.total,
          r.rows.map((e) => legacyEntry(e, zone)),
          { totalHours: r.totalHours },
        ),
      };
    },
  },
  {
    path: `${BASE}/listWorkDailyByProjectId`,
    methods: ['POST'],
    handler: async (ctx, req) => {
      const c = withCondition(req.params);
      const p = readPage(req.params);
      const r = await projectEntriesPage(ctx, atDoor(listEntriesInput, listFilter(c)), p);
      const zone = zoneOf(ctx, c);
      return {
        data: page(
          p,
          r.total,
          r.rows.map((e) => legacyEntry(e, zone)),
          {
            beginDate: r.from,
            endDate: r.to,
            totalHours: r.totalHours,
            byUser: r.byPerson.map(legacyStat),
            byType: r.byType.map(legacyStat),
          },
        ),
      };
    },
  },
  {
    path: `${BASE}/workDailyReminder`,
    methods: ['POST'],
    handler: async (ctx, req) => {
      const c = withCondition(req.params);
      return { data: legacyReminder(await dailyReminder(ctx, atDoor(dailyReminderInput, { day: dayOf(c.workDate ?? c.day), userId: num(c.userId) }))) };
    },
  },
  {
    path: `${BASE}/removeWorkDailyOfReminder`,
    methods: ['POST'],
    handler: async (ctx, req) => {
      const c = withCondition(req.params);
      const r = await removeReminder(ctx, atDoor(workDayInput, { day: dayOf(c.workDate ?? c.day) }));
      return { message: translate(ctx.lang, 'reminder.removed'), data: legacyReminder(r) };
    },
  },
  {
    path: '/api/admin/sys/time/zone/transform',
    methods: ['POST'],
    handler: async (ctx, req) => {
      const c = withCondition(req.params);
      const actor = requireActor(ctx);
      const time = text(c.time ?? c.dateTime ?? c.date);
      if (time === undefined) throw new ValidationError('validation.required', { field: 'time' });
      const r = transformTimeZone(
        ctx,
        atDoor(transformZoneInput, {
          time,
          fromZone: text(c.fromZone ?? c.fromTimeZone ?? c.sourceTimeZone ?? c.timeZone) ?? actor.timeZone,
          toZone: text(c.toZone ?? c.toTimeZone ?? c.targetTimeZone) ?? actor.timeZone,
        }),
      );
      return { data: { time: r.time, fromZone: r.fromZone, toZone: r.toZone, fromOffset: r.fromOffset, toOffset: r.toOffset, utcTime: formatDateTime(r.instant, 'UTC'), shifted: r.shifted } };
    },
  },
  {
    path: '/api/admin/oaWorkNote/doSave',
    methods: ['POST'],
    handler: async (ctx, req) => {
      const c = withCondition(req.params);
      const r = await saveWorkNote(ctx, atDoor(saveWorkNoteInput, { day: dayOf(c.workDate ?? c.day ?? c.noteDate), content: c.content ?? c.note ?? '' }));
      const zone = requireActor(ctx).timeZone;
      return {
        message: translate(ctx.lang, 'workNote.saved'),
        data: r.note ? { id: r.note.id, workDate: r.day, content: r.note.content, updateTime: formatDateTime(r.note.updatedAt, zone) } : { id: null, workDate: r.day, content: '' },
      };
    },
  },
];
