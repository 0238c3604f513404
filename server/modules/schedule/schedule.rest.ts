/**
 * Legacy REST paths of work events (spec section 7 "Daily work and calendar"), thin: read the
 * legacy fields, call the service, shape the answer. Payloads: docs/schedule.md.
 */
import { atDoor } from '../../lib/validate.ts';
import type { ServiceContext } from '../../context.ts';
import { ValidationError } from '../../errors.ts';
import { authorizeWrite } from '../../write.ts';
import { translate } from '../../i18n/catalogue.ts';
import type { RestRoute } from '../../rest/adapter.ts';
import { flag, idList, num, optionalId, optionalIdList, withCondition, zoneOf, type Params } from '../../rest/params.ts';
import { envelope, readPage } from '../../rest/envelope.ts';
import { formatDateTime, parseLegacyDateTime, wallText } from '../../lib/wall-time.ts';
import type { Conflict } from './conflicts.ts';
import { ruleFields } from './recurrence.ts';
import { eventIdInput, eventInclude, findAlike, getEvent, listCalendar, listWhere, type EventWithRelations } from './schedule.queries.ts';
import {
  ConflictError,
  checkConflicts,
  checkConflictsInput,
  confirmEvent,
  confirmEventInput,
  copyEvents,
  createEvent,
  deleteEvent,
  deleteEventInput,
  deleteEvents,
  deleteEventsInput,
  joinEvent,
  joinEventInput,
  setPublished,
  updateEvent,
  type Scope,
} from './schedule.service.ts';

const P = '/api/admin/work/daily';
const CYCLE = '/api/admin/cycle/work/daily';

/** Participants may come as objects (`[{ userId }]`, the old calendar's shape) as well as ids. */
/** Participants as ids or as `{ userId }` objects: the ids. */
const participantOnes = (v: unknown): unknown => (Array.isArray(v) ? v.map((x) => (x && typeof x === 'object' && 'userId' in x ? (x as { userId: unknown }).userId : x)) : v);
function participantIds(v: unknown): unknown {
  return idList(participantOnes(v));
}

const SCOPE_CODES: Record<string, Scope> = { '1': 'THIS', '2': 'FOLLOWING', '3': 'ALL', THIS: 'THIS', FOLLOWING: 'FOLLOWING', ALL: 'ALL' };
function scopeOf(p: Params, fallback?: Scope): Scope | undefined {
  const v = p.scope ?? p.editType;
  if (v === undefined || v === null || v === '') return fallback;
  return SCOPE_CODES[String(v).toUpperCase()] ?? (String(v) as Scope);
}

/** Start and end from `beginTime`/`endTime`, or `workDate` (+ `workDate2`) with `workTimeBegin`/`workTimeEnd` (HH:mm). */
function timesOf(p: Params, zone: string, required: boolean): { startAt?: Date; endAt?: Date } {
  let startAt = parseLegacyDateTime(p.beginTime ?? p.startTime, 'beginTime', zone);
  let endAt = parseLegacyDateTime(p.endTime, 'endTime', zone, true);
  if (!startAt && typeof p.workDate === 'string' && p.workDate) {
    const begin = typeof p.workTimeBegin === 'string' && p.workTimeBegin ? p.workTimeBegin : '00:00';
    const endDay = typeof p.workDate2 === 'string' && p.workDate2 ? p.workDate2 : p.workDate;
    startAt = parseLegacyDateTime(`${p.workDate} ${begin.length === 5 ? `${begin}:00` : begin}`, 'workTimeBegin', zone);
    if (!endAt) {
      const end = typeof p.workTimeEnd === 'string' && p.workTimeEnd ? p.workTimeEnd : null;
      endAt = end ? parseLegacyDateTime(`${endDay} ${end.length === 5 ? `${end}:00` : end}`, 'workTimeEnd', zone) : parseLegacyDateTime(endDay, 'workDate2', zone, true);
    }
  }
  if (required && !startAt) throw new ValidationError('validation.required', { field: 'beginTime' });
  if (required && !endAt) throw new ValidationError('validation.required', { field: 'endTime' });
  return { startAt, endAt };
}

function recurrenceOf(p: Params): unknown {
  const r = p.rrule ?? p.recurrence ?? p.periodic;
  if (r === undefined || r === null || r === '' || r === 0 || r === '0' || r === false) return undefined;
  return r;
}

/** The fields of an event in a legacy request (create or edit). */
export function legacyEventFields(p: Params, zone: string, creating: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = { ...timesOf(p, zone, creating) };
  for (const key of ['title', 'content', 'address'] as const) if (p[key] !== undefined) out[key] = p[key];
  const allDay = flag(p.allDay ?? p.isAllDay);
  if (allDay !== undefined) out.allDay = allDay;
  const isOpen = flag(p.isOpen ?? p.open);
  if (isOpen !== undefined) out.isOpen = isOpen;
  const published = flag(p.state ?? p.published);
  if (published !== undefined) out.published = published;
  if (p.type !== undefined && p.type !== '') out.type = p.type;
  if (p.projectId !== undefined) out.projectId = p.projectId === '' || p.projectId === 0 ? null : p.projectId;
  if (p.placeId !== undefined) out.placeId = p.placeId === '' || p.placeId === 0 ? null : p.placeId;
  const users = participantIds(p.userIds ?? p.participants ?? p.participantIds);
  if (users !== undefined) out.participantIds = users;
  const rule = recurrenceOf(p);
  if (rule !== undefined) out.recurrence = rule;
  out.timeZone = zone;
  const force = flag(p.force ?? p.ignoreConflicts);
  if (force !== undefined) out.force = force;
  return out;
}

const ruleCache = new Map<string, ReturnType<typeof ruleFields>>();

/** The parts of a series rule, memoised (lists repeat the same few rules many times). */
function cachedRuleFields(rrule: string, zone: string) {
  const key = `${zone} ${rrule}`;
  let found = ruleCache.get(key);
  if (!found) {
    if (ruleCache.size > 2000) ruleCache.clear();
    found = ruleFields(rrule, zone);
    ruleCache.set(key, found);
  }
  return found;
}

export function legacyEvent(e: EventWithRelations, zone: string) {
  const begin = wallText(e.startAt, zone);
  const end = wallText(e.endAt, zone);
  return {
    id: e.id,
    title: e.title,
    content: e.content,
    address: e.address,
    beginTime: begin,
    endTime: end,
    workDate: begin.slice(0, 10),
    workTimeBegin: begin.slice(11, 16),
    workTimeEnd: end.slice(11, 16),
    allDay: e.allDay ? 1 : 0,
    isOpen: e.isOpen ? 1 : 0,
    type: e.type,
    state: e.published ? 1 : 0,
    confirmed: e.confirmed ? 1 : 0,
    timeZone: e.timeZone,
    projectId: e.projectId,
    projectName: e.project?.name ?? null,
    placeId: e.placeId,
    createById: e.creatorId,
    createByName: e.creator.name,
    periodic: e.seriesId ? 1 : 0,
    seriesId: e.seriesId,
    rrule: e.series?.rrule ?? null,
    rule: e.series ? cachedRuleFields(e.series.rrule, e.series.timeZone) : null,
    originalTime: formatDateTime(e.originalStart, zone),
    isException: e.isException ? 1 : 0,
    userIds: e.participants.map((p) => p.userId),
    participants: e.participants.map((p) => ({ userId: p.userId, name: p.user.name, nameEn: p.user.nameEn, confirmed: p.confirmedAt ? 1 : 0 })),
    createTime: formatDateTime(e.createdAt, zone),
  };
}

export function legacyConflict(c: Conflict, zone: string) {
  return {
    occurrence: c.occurrence,
    beginTime: formatDateTime(c.start, zone),
    endTime: formatDateTime(c.end, zone),
    kind: c.kind,
    userId: c.userId,
    userName: c.userName,
    userNameEn: c.userNameEn,
    workDailyId: c.eventId,
    title: c.title,
    eventBeginTime: formatDateTime(c.eventStart, zone),
    eventEndTime: formatDateTime(c.eventEnd, zone),
  };
}

async function eventsById(ctx: ServiceContext, ids: number[], zone: string) {
  const rows = await ctx.db.workEvent.findMany({ where: { id: { in: ids } }, include: eventInclude, orderBy: [{ startAt: 'asc' }, { id: 'asc' }] });
  return rows.map((e) => legacyEvent(e, zone));
}

/** A save: answers the saved rows; a clash answers status error with the list of clashes. */
async function save(ctx: ServiceContext, p: Params, run: () => Promise<{ eventIds: number[]; seriesId: number | null }>, zone: string) {
  try {
    const r = await run();
    const list = await eventsById(ctx, r.eventIds, zone);
    return { message: translate(ctx.lang, 'schedule.saved'), data: { id: r.eventIds[0] ?? null, ids: r.eventIds, seriesId: r.seriesId, count: r.eventIds.length, list } };
  } catch (err) {
    if (err instanceof ConflictError) {
      return envelope('error', translate(ctx.lang, err.messageKey, err.params), {
        conflict: true,
        total: err.total,
        conflicts: err.conflicts.map((c) => legacyConflict(c, zone)),
      });
    }
    throw err;
  }
}

async function checkConflictHandler(ctx: ServiceContext, p: Params) {
  const zone = zoneOf(ctx, p);
  const f = legacyEventFields(p, zone, true);
  const r = await checkConflicts(
    ctx,
    atDoor(checkConflictsInput, {
      id: num(p.id),
      scope: scopeOf(p),
      startAt: f.startAt,
      endAt: f.endAt,
      allDay: f.allDay,
      timeZone: zone,
      participantIds: f.participantIds,
      placeId: f.placeId ?? undefined,
      recurrence: f.recurrence,
    }),
  );
  return legacyConflictReport(ctx, r, zone);
}

/** The answer of a conflict check on the legacy door (schedule's and the courses area's checks). */
export function legacyConflictReport(ctx: ServiceContext, r: { total: number; occurrences: readonly unknown[]; conflicts: readonly Conflict[] }, zone: string) {
  return {
    message: translate(ctx.lang, r.total ? 'schedule.conflict' : 'schedule.noConflict', { count: r.total }),
    data: { conflict: r.total > 0, total: r.total, occurrences: r.occurrences.length, conflicts: r.conflicts.map((c) => legacyConflict(c, zone)) },
  };
}

async function update(ctx: ServiceContext, p: Params, fallback: Scope) {
  const zone = zoneOf(ctx, p);
  // The rights check before the times are read: a caller without schedule.use is refused, not told a time is malformed.
  await authorizeWrite(ctx, { operation: 'schedule.update', targetType: 'WorkEvent' }, 'schedule.use');
  return save(ctx, p, () => updateEvent(ctx, { id: p.id, scope: scopeOf(p, fallback), ...legacyEventFields(p, zone, false) }), zone);
}

async function remove(ctx: ServiceContext, p: Params, scope: Scope) {
  const r = await deleteEvent(ctx, atDoor(deleteEventInput, { id: p.id ?? p.workDailyId, scope }));
  return { message: translate(ctx.lang, 'toast.deleted'), data: { ids: r.deletedIds, count: r.deletedIds.length, seriesDeleted: r.seriesDeleted } };
}

function idsParam(p: Params): unknown {
  return idList(p.ids ?? p.idList ?? (p.id !== undefined ? [p.id] : undefined));
}

async function publish(ctx: ServiceContext, p: Params, fallback: boolean) {
  const state = flag(p.state);
  const published = state === undefined ? fallback : state;
  const r = await setPublished(ctx, { ids: idsParam(p), wholeSeries: flag(p.wholeSeries) }, published === true);
  return { message: translate(ctx.lang, published ? 'schedule.published' : 'schedule.unpublished'), data: { ids: r.ids, count: r.ids.length, state: published ? 1 : 0 } };
}

export const scheduleRoutes: RestRoute[] = [
  // Create (a single event, or a series with `rrule`); with `id`, edit (scope default ALL).
  {
    path: `${CYCLE}/save`,
    methods: ['POST'],
    handler: async (ctx, { params: p }) => {
      const zone = zoneOf(ctx, p);
      if (p.id !== undefined && p.id !== null && p.id !== '') return update(ctx, p, 'ALL');
      // The rights check before the times are read: a caller without schedule.use is refused, not told beginTime is missing.
      await authorizeWrite(ctx, { operation: 'schedule.create', targetType: 'WorkEvent' }, 'schedule.use');
      return save(ctx, p, () => createEvent(ctx, legacyEventFields(p, zone, true)), zone);
    },
  },
  { path: `${CYCLE}/checkConflict`, methods: ['POST'], handler: (ctx, { params }) => checkConflictHandler(ctx, params) },
  { path: `${P}/checkConflict`, methods: ['POST'], handler: (ctx, { params }) => checkConflictHandler(ctx, params) },
  {
    path: `${P}/detail`,
    methods: ['POST'],
    handler: async (ctx, { params: p }) => ({ data: legacyEvent(await getEvent(ctx, atDoor(eventIdInput, { id: p.id ?? p.workDailyId })), zoneOf(ctx, p)) }),
  },
  {
    path: `${P}/joinWorkDaily`,
    methods: ['POST'],
    handler: async (ctx, { params: p }) => {
      const zone = zoneOf(ctx, p);
      return save(
        ctx,
        p,
        async () => ({ ...(await joinEvent(ctx, atDoor(joinEventInput, { id: p.id ?? p.workDailyId, wholeSeries: flag(p.wholeSeries), force: flag(p.force ?? p.ignoreConflicts) }))), seriesId: null }),
        zone,
      );
    },
  },
  { path: `${P}/do_update`, methods: ['POST'], handler: (ctx, { params }) => update(ctx, params, 'THIS') },
  { path: `${P}/editWorkDaily`, methods: ['POST'], handler: (ctx, { params }) => update(ctx, params, 'THIS') },
  { path: `${P}/upState`, methods: ['POST'], handler: (ctx, { params }) => publish(ctx, params, true) },
  {
    path: `${P}/del`,
    methods: ['POST'],
    handler: async (ctx, { params: p }) => {
      if (p.ids !== undefined) {
        const r = await deleteEvents(ctx, atDoor(deleteEventsInput, { ids: idList(p.ids) }));
        return { message: translate(ctx.lang, 'toast.deleted'), data: { ids: r.deletedIds, count: r.deletedIds.length } };
      }
      return remove(ctx, p, scopeOf(p, 'THIS') ?? 'THIS');
    },
  },
  { path: `${P}/delById`, methods: ['POST'], handler: (ctx, { params }) => remove(ctx, params, 'THIS') },
  { path: `${P}/delBySeries`, methods: ['POST'], handler: (ctx, { params }) => remove(ctx, params, 'FOLLOWING') },
  { path: `${P}/delBySeriesAll`, methods: ['POST'], handler: (ctx, { params }) => remove(ctx, params, 'ALL') },
  {
    path: `${P}/toCopy`,
    methods: ['POST'],
    handler: async (ctx, { params: p }) => {
      const zone = zoneOf(ctx, p);
      return save(
        ctx,
        p,
        async () => ({
          ...(await copyEvents(ctx, {
            ids: idsParam(p),
            fromDate: p.fromDate ?? p.workDate ?? undefined,
            userId: num(p.userId ?? p.employeeId),
            toDate: p.toDate ?? p.targetDate,
            timeZone: zone,
            force: flag(p.force ?? p.ignoreConflicts),
          })),
          seriesId: null,
        }),
        zone,
      );
    },
  },
  {
    path: `${P}/change/confirm`,
    methods: ['POST'],
    handler: async (ctx, { params: p }) => {
      const r = await confirmEvent(ctx, atDoor(confirmEventInput, { id: p.id ?? p.workDailyId }));
      return { message: translate(ctx.lang, 'schedule.confirmed'), data: (await eventsById(ctx, r.eventIds, zoneOf(ctx, p)))[0] ?? null };
    },
  },
  {
    // The calendar of the appointed people: events overlapping [beginTime, endTime].
    path: `${P}/listWorkDailyByAppoint`,
    methods: ['POST'],
    handler: async (ctx, { params: p }) => {
      const zone = zoneOf(ctx, p);
      const c = withCondition(p);
      const from = parseLegacyDateTime(c.beginTime ?? c.startTime, 'beginTime', zone);
      const to = parseLegacyDateTime(c.endTime, 'endTime', zone, true);
      if (!from) throw new ValidationError('validation.required', { field: 'beginTime' });
      if (!to) throw new ValidationError('validation.required', { field: 'endTime' });
      const rows = await listCalendar(ctx, {
        from,
        to,
        userIds: idList(c.userIds ?? c.employeeIds ?? c.userId) as number[] | undefined,
        projectId: optionalId(c.projectId, 'projectId'),
        published: flag(c.state) as boolean | undefined,
      });
      return { data: rows.map((e) => legacyEvent(e, zone)) };
    },
  },
  {
    path: `${P}/listScheduleByCondition`,
    methods: ['POST'],
    handler: async (ctx, { params: p }) => {
      const zone = zoneOf(ctx, p);
      const c = withCondition(p);
      const where = listWhere(ctx, {
        title: typeof c.title === 'string' ? c.title : undefined,
        from: parseLegacyDateTime(c.beginTime, 'condition.beginTime', zone),
        to: parseLegacyDateTime(c.endTime, 'condition.endTime', zone, true),
        published: flag(c.state) as boolean | undefined,
        projectId: optionalId(c.projectId, 'projectId'),
        userId: optionalId(c.userId ?? c.employeeId, 'userId'),
        seriesId: optionalId(c.seriesId, 'seriesId'),
        createdByMe: flag(c.createdByMe) as boolean | undefined,
      });
      const page = readPage(p);
      const [rows, total] = await Promise.all([
        ctx.db.workEvent.findMany({
          where,
          include: eventInclude,
          orderBy: [{ startAt: 'asc' }, { id: 'asc' }],
          skip: (page.currentPage - 1) * page.pageSize,
          take: Math.min(page.pageSize, 1000),
        }),
        ctx.db.workEvent.count({ where }),
      ]);
      return { data: { currentPage: page.currentPage, pageSize: page.pageSize, rows: total, resultList: rows.map((e) => legacyEvent(e, zone)) } };
    },
  },
  {
    path: `${P}/checkAlike`,
    methods: ['POST'],
    handler: async (ctx, { params: p }) => {
      const zone = zoneOf(ctx, p);
      const { startAt } = timesOf(p, zone, false);
      if (!startAt) throw new ValidationError('validation.required', { field: 'beginTime' });
      const rows = await findAlike(ctx, { id: optionalId(p.id, 'id'), title: p.title as string, startAt, participantIds: optionalIdList(participantOnes(p.userIds ?? p.participants), 'userIds'), timeZone: zone });
      return { data: { alike: rows.length > 0, list: rows.map((e) => legacyEvent(e, zone)) } };
    },
  },
  { path: `${P}/batchActivation`, methods: ['POST'], handler: (ctx, { params }) => publish(ctx, params, true) },
  { path: `${P}/updateStateById`, methods: ['GET'], handler: (ctx, { params }) => publish(ctx, params, true) },
  { path: `${P}/updateState`, methods: ['GET'], handler: (ctx, { params }) => publish(ctx, params, true) },
];
