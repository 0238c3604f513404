import { encodeGlobalID } from '@pothos/plugin-relay';
import { localId, localIds } from '../../graphql/ids.ts';
import { wallText } from '../../lib/wall-time.ts';
import { UserNode } from '../users/index.ts';
import { builder } from '../../graphql/builder.ts';
import { can, requireActor } from '../../policy.ts';
import type { Conflict, Range } from './conflicts.ts';
import { FREQUENCIES, ruleFields, WEEKDAYS } from './recurrence.ts';
import { requireZone } from '../../lib/zones.ts';
import { canEditEvent, isEventVisible, visibleEventsWhere } from './schedule.policy.ts';
import { calendarOccurrences, calendarWhere, checkRange, findAlike, listWhere, type CalendarOccurrence } from './schedule.queries.ts';
import { checkConflicts } from './schedule.service.ts';

export const EventScopeEnum = builder.enumType('EventScope', {
  description: 'Which occurrences of a series an edit or delete applies to (ignored for single events).',
  values: {
    THIS: { value: 'THIS', description: 'This occurrence only (it becomes an exception).' },
    FOLLOWING: { value: 'FOLLOWING', description: 'This occurrence and every later one (the series is split here).' },
    ALL: { value: 'ALL', description: 'Every occurrence of the series.' },
  } as const,
});

export const FrequencyEnum = builder.enumType('RecurrenceFrequency', { values: FREQUENCIES });
export const WeekdayEnum = builder.enumType('Weekday', { values: WEEKDAYS, description: 'RFC 5545 weekday codes.' });

const checkedZones = new Set<string>();

/** Wall time of an instant in a zone (the viewer's by default), yyyy-MM-ddTHH:mm:ss (cached Intl formatters: hot path). */
function localField(instant: Date, zone: string | null | undefined, fallback: string): string {
  const z = zone ?? fallback;
  if (!checkedZones.has(z)) {
    requireZone(z);
    checkedZones.add(z);
  }
  return wallText(instant, z, 'T');
}

const EventParticipantRef = builder.prismaObject('EventParticipant', {
  description: 'A person taking part in a work event.',
  fields: (t) => ({
    user: t.relation('user'),
    confirmedAt: t.expose('confirmedAt', { type: 'DateTime', nullable: true, description: 'When they confirmed the event as it now stands.' }),
  }),
});

export const WorkEventNode = builder.prismaNode('WorkEvent', {
  nullable: true,
  id: { field: 'id' },
  description: 'A work event, or one occurrence of a recurring series. Instants are UTC; `*Local` fields give wall times.',
  select: { creatorId: true, published: true, isOpen: true, participants: { select: { userId: true } } },
  authScopes: (e, ctx) => !!ctx.actor && isEventVisible(ctx.actor, { ...e, participantIds: e.participants.map((p) => p.userId) }),
  fields: (t) => ({
    databaseId: t.exposeInt('id'),
    title: t.exposeString('title'),
    content: t.exposeString('content', { description: 'Sanitised rich HTML.' }),
    address: t.exposeString('address'),
    startAt: t.expose('startAt', { type: 'DateTime' }),
    endAt: t.expose('endAt', { type: 'DateTime' }),
    startLocal: t.string({
      select: { startAt: true },
      description: "Start as a wall time in `timeZone` (default: the viewer's zone), yyyy-MM-ddTHH:mm:ss.",
      args: { timeZone: t.arg.string() },
      resolve: (e, args, ctx) => localField(e.startAt, args.timeZone, requireActor(ctx).timeZone),
    }),
    endLocal: t.string({
      select: { endAt: true },
      description: "End as a wall time in `timeZone` (default: the viewer's zone). All-day events end at the next midnight (exclusive).",
      args: { timeZone: t.arg.string() },
      resolve: (e, args, ctx) => localField(e.endAt, args.timeZone, requireActor(ctx).timeZone),
    }),
    allDay: t.exposeBoolean('allDay', { description: "All-day: from midnight to midnight in the event's own `timeZone`." }),
    isOpen: t.exposeBoolean('isOpen', { description: 'Open: once published, every staff member sees it and may join.' }),
    type: t.exposeInt('type', { description: '1 work (default); other areas may add types.' }),
    published: t.exposeBoolean('published'),
    confirmed: t.exposeBoolean('confirmed', { description: 'Every participant has confirmed the event as it now stands.' }),
    timeZone: t.exposeString('timeZone', { description: 'IANA zone the event was made in (recurrence and all-day days use it).' }),
    placeId: t.exposeInt('placeId', { nullable: true, description: 'The classroom or room, when there is one.' }),
    project: t.relation('project', { nullable: true }),
    creator: t.relation('creator'),
    series: t.relation('series', { nullable: true }),
    originalStart: t.expose('originalStart', { type: 'DateTime', nullable: true, description: 'For an occurrence: the start the rule gave it.' }),
    isException: t.exposeBoolean('isException', { description: 'An occurrence edited on its own.' }),
    participants: t.relation('participants', { query: { orderBy: { userId: 'asc' } } }),
    canEdit: t.boolean({
      select: { creatorId: true },
      description: 'Whether the viewer may edit, move, publish or delete it.',
      resolve: (e, _a, ctx) => canEditEvent(requireActor(ctx), e),
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});
void EventParticipantRef;

const RecurrenceRuleRef = builder
  .objectRef<{ freq: (typeof FREQUENCIES)[number]; interval: number; byWeekday: (typeof WEEKDAYS)[number][]; byMonthDay: number[]; count: number | null; until: string | null }>('RecurrenceRule')
  .implement({
    description: 'The parts of a series rule.',
    fields: (t) => ({
      freq: t.field({ type: FrequencyEnum, resolve: (r) => r.freq }),
      interval: t.exposeInt('interval'),
      byWeekday: t.field({ type: [WeekdayEnum], resolve: (r) => r.byWeekday }),
      byMonthDay: t.exposeIntList('byMonthDay'),
      count: t.exposeInt('count', { nullable: true }),
      until: t.field({ type: 'Date', nullable: true, description: "Last day, in the series' zone.", resolve: (r) => r.until }),
    }),
  });

builder.prismaNode('EventSeries', {
  nullable: true,
  id: { field: 'id' },
  description: "A recurring series: an RFC 5545 rule expanded in the series' own time zone; its occurrences are WorkEvents.",
  select: { id: true, creatorId: true },
  authScopes: async (s, ctx) => {
    const actor = ctx.actor;
    if (!actor) return false;
    if (can(actor, 'schedule.manage') || s.creatorId === actor.id) return true;
    return !!(await ctx.db.workEvent.findFirst({ where: { AND: [{ seriesId: s.id }, visibleEventsWhere(actor)] }, select: { id: true } }));
  },
  fields: (t) => ({
    databaseId: t.exposeInt('id'),
    rrule: t.exposeString('rrule', { description: 'RRULE text without DTSTART; UNTIL in UTC.' }),
    rule: t.field({ type: RecurrenceRuleRef, select: { rrule: true, timeZone: true }, resolve: (s) => ruleFields(s.rrule, s.timeZone) }),
    timeZone: t.exposeString('timeZone'),
    dtstart: t.expose('dtstart', { type: 'DateTime', description: 'Start of the first occurrence of the rule.' }),
    durationMin: t.exposeInt('durationMin'),
    exdates: t.expose('exdates', { type: ['DateTime'], description: 'Starts of deleted occurrences.' }),
    occurrences: t.relation('events', {
      description: 'The occurrences the viewer may see, in order.',
      query: (_args, ctx) => ({ where: visibleEventsWhere(requireActor(ctx)), orderBy: { startAt: 'asc' } }),
    }),
    creator: t.relation('creator'),
  }),
});

/**
 * Loads rows by id in one statement per kind and request: every id asked for in the same tick
 * is fetched together (conflict lists name many people and events).
 */
const batches = new WeakMap<object, Map<string, { ids: Set<number>; done: Promise<Map<number, unknown>> | null }>>();
function batchLoad<T extends { id: number }>(ctx: object, kind: string, id: number, load: (ids: number[]) => Promise<T[]>): Promise<T | null> {
  let perCtx = batches.get(ctx);
  if (!perCtx) batches.set(ctx, (perCtx = new Map()));
  let batch = perCtx.get(kind);
  if (!batch || (batch.done && !batch.ids.has(id))) {
    batch = { ids: new Set(), done: null };
    perCtx.set(kind, batch);
  }
  const current = batch;
  current.ids.add(id);
  current.done ??= Promise.resolve().then(async () => new Map((await load([...current.ids])).map((r) => [r.id, r] as const)));
  return current.done.then((m) => (m.get(id) as T | undefined) ?? null);
}

type CalendarArgs = {
  from: Date;
  to: Date;
  userIds: number[];
  projectId: number | null;
  published: boolean | null;
  own: boolean;
  timeZone: string;
  where: ReturnType<typeof calendarWhere>['where'];
};

const CalendarOccurrenceRef = builder.objectRef<CalendarOccurrence & { zone: string }>('CalendarOccurrence').implement({
  description: 'One event on the calendar grid (lean: facts and participant ids, one SQL statement for the whole answer). `event` gives the full node.',
  fields: (t) => ({
    eventId: t.id({ description: 'Global id of the WorkEvent.', resolve: (o) => encodeGlobalID('WorkEvent', o.id) }),
    databaseId: t.exposeInt('id'),
    title: t.exposeString('title'),
    address: t.exposeString('address'),
    startAt: t.field({ type: 'DateTime', resolve: (o) => o.startAt }),
    endAt: t.field({ type: 'DateTime', resolve: (o) => o.endAt }),
    startLocal: t.string({ description: "Wall time in the calendar's zone.", resolve: (o) => localField(o.startAt, o.zone, o.zone) }),
    endLocal: t.string({ description: "Wall time in the calendar's zone.", resolve: (o) => localField(o.endAt, o.zone, o.zone) }),
    allDay: t.exposeBoolean('allDay'),
    isOpen: t.exposeBoolean('isOpen'),
    published: t.exposeBoolean('published'),
    confirmed: t.exposeBoolean('confirmed'),
    timeZone: t.exposeString('timeZone'),
    type: t.exposeInt('type'),
    projectId: t.exposeInt('projectId', { nullable: true }),
    placeId: t.exposeInt('placeId', { nullable: true }),
    seriesId: t.exposeInt('seriesId', { nullable: true }),
    isException: t.exposeBoolean('isException'),
    creatorId: t.exposeInt('creatorId'),
    participantIds: t.exposeIntList('participantIds', { description: 'Database ids of the participants.' }),
    event: t.prismaField({ type: 'WorkEvent', nullable: true, resolve: (query, o, _a, ctx) => ctx.db.workEvent.findUnique({ ...query, where: { id: o.id } }) }),
  }),
});

const CalendarRef = builder.objectRef<CalendarArgs>('Calendar').implement({
  description: 'Work events and schedule entries of some people over a range, for the calendar screen.',
  fields: (t) => ({
    from: t.field({ type: 'DateTime', resolve: (c) => c.from }),
    to: t.field({ type: 'DateTime', resolve: (c) => c.to }),
    timeZone: t.string({ description: 'The zone to show the answer in (pass it to `startLocal`/`endLocal`).', resolve: (c) => c.timeZone }),
    occurrences: t.field({
      type: [CalendarOccurrenceRef],
      description: 'The same events as `events`, lean, in one SQL statement: the calendar grid. Wall times in `timeZone`.',
      resolve: async (c, _a, ctx) => {
        const rows = await calendarOccurrences(ctx, { from: c.from, to: c.to, userIds: c.own ? null : c.userIds, projectId: c.projectId, published: c.published });
        return rows.map((r) => Object.assign(r, { zone: c.timeZone }));
      },
    }),
    events: t.prismaField({
      type: ['WorkEvent'],
      description: 'Events (and occurrences) overlapping the range, by start, as full nodes.',
      resolve: (query, c, _a, ctx) => ctx.db.workEvent.findMany({ ...query, where: c.where, orderBy: [{ startAt: 'asc' }, { id: 'asc' }] }),
    }),
    scheduleEntries: t.prismaField({
      type: ['ScheduleEntry'],
      description: 'Schedule entries of the same people overlapping the range (those the viewer may see).',
      resolve: (query, c, _a, ctx) => {
        const actor = requireActor(ctx);
        const visible = can(actor, 'schedule.manage') ? {} : { OR: [{ employeeId: actor.id }, { createdById: actor.id }] };
        return ctx.db.scheduleEntry.findMany({
          ...query,
          where: { AND: [{ employeeId: { in: c.userIds }, beginAt: { lt: c.to }, endAt: { gt: c.from } }, c.projectId ? { projectId: c.projectId } : {}, visible] },
          orderBy: [{ beginAt: 'asc' }, { id: 'asc' }],
        });
      },
    }),
  }),
});

export const ConflictRef = builder.objectRef<Conflict>('ScheduleConflict').implement({
  description: 'One clash of one occurrence: a participant already busy, or the place taken.',
  fields: (t) => ({
    occurrence: t.exposeInt('occurrence', { description: '1-based position of the occurrence in the save.' }),
    start: t.field({ type: 'DateTime', resolve: (c) => c.start }),
    end: t.field({ type: 'DateTime', resolve: (c) => c.end }),
    kind: t.exposeString('kind', { description: 'PARTICIPANT or PLACE.' }),
    user: t.field({
      type: UserNode,
      nullable: true,
      description: 'The busy participant (PARTICIPANT clashes).',
      resolve: (c, _a, ctx) => (c.userId ? batchLoad(ctx, 'user', c.userId, (ids) => ctx.db.user.findMany({ where: { id: { in: ids } } })) : null),
    }),
    userName: t.exposeString('userName', { nullable: true }),
    event: t.field({
      type: WorkEventNode,
      nullable: true,
      description: 'The clashing event, when the viewer may see it.',
      resolve: (c, _a, ctx) => (c.visible ? batchLoad(ctx, 'event', c.eventId, (ids) => ctx.db.workEvent.findMany({ where: { id: { in: ids } }, include: { participants: { select: { userId: true } } } })) : null),
    }),
    title: t.exposeString('title', { nullable: true, description: 'Null when the viewer may not see the clashing event (busy).' }),
    eventStart: t.field({ type: 'DateTime', resolve: (c) => c.eventStart }),
    eventEnd: t.field({ type: 'DateTime', resolve: (c) => c.eventEnd }),
  }),
});

const RangeRef = builder.objectRef<Range>('TimeRange').implement({
  fields: (t) => ({
    start: t.field({ type: 'DateTime', resolve: (r) => r.start }),
    end: t.field({ type: 'DateTime', resolve: (r) => r.end }),
  }),
});

export const ConflictReportRef = builder.objectRef<{ occurrences: Range[]; total: number; conflicts: Conflict[] }>('ConflictReport').implement({
  description: 'What saving would clash with.',
  fields: (t) => ({
    occurrences: t.field({ type: [RangeRef], description: 'Every occurrence checked.', resolve: (r) => r.occurrences }),
    total: t.exposeInt('total'),
    conflicts: t.field({ type: [ConflictRef], resolve: (r) => r.conflicts }),
  }),
});

export const RecurrenceInputRef = builder.inputType('RecurrenceInput', {
  description: 'A rule: either `rrule` (RFC 5545 RRULE text) or the fields. `until` is the last day in the series zone.',
  fields: (t) => ({
    rrule: t.string(),
    freq: t.field({ type: FrequencyEnum }),
    interval: t.int(),
    byWeekday: t.field({ type: [WeekdayEnum] }),
    byMonthDay: t.intList(),
    count: t.int(),
    until: t.field({ type: 'Date' }),
  }),
});

type RecurrenceArg = { rrule?: string | null; freq?: string | null; interval?: number | null; byWeekday?: string[] | null; byMonthDay?: number[] | null; count?: number | null; until?: string | null };

/** The GraphQL rule input as the service takes it. */
export function recurrenceOf(r: RecurrenceArg | null | undefined): unknown {
  if (!r) return undefined;
  if (r.rrule) return r.rrule;
  return { freq: r.freq ?? undefined, interval: r.interval, byWeekday: r.byWeekday, byMonthDay: r.byMonthDay, count: r.count, until: r.until };
}

const ConflictCheckInput = builder.inputType('ConflictCheckInput', {
  fields: (t) => ({
    eventId: t.globalID({ description: 'When editing: the event being edited (not counted against itself).' }),
    scope: t.field({ type: EventScopeEnum }),
    startAt: t.field({ type: 'DateTime', required: true }),
    endAt: t.field({ type: 'DateTime', required: true }),
    allDay: t.boolean(),
    timeZone: t.string(),
    participantIds: t.globalIDList(),
    placeId: t.int(),
    recurrence: t.field({ type: RecurrenceInputRef }),
  }),
});

const WorkEventFilter = builder.inputType('WorkEventFilter', {
  fields: (t) => ({
    title: t.string(),
    from: t.field({ type: 'DateTime' }),
    to: t.field({ type: 'DateTime' }),
    published: t.boolean(),
    projectId: t.globalID(),
    userId: t.globalID(),
    seriesId: t.globalID(),
    createdByMe: t.boolean(),
  }),
});

const AlikeInput = builder.inputType('AlikeWorkEventsInput', {
  fields: (t) => ({
    eventId: t.globalID(),
    title: t.string({ required: true }),
    startAt: t.field({ type: 'DateTime', required: true }),
    participantIds: t.globalIDList(),
    timeZone: t.string(),
  }),
});

builder.queryFields((t) => ({
  calendar: t.field({
    type: CalendarRef,
    description: 'Events and schedule entries of some people (default: the viewer) overlapping [from, to), in one request.',
    authScopes: { permission: 'schedule.use' },
    args: {
      from: t.arg({ type: 'DateTime', required: true }),
      to: t.arg({ type: 'DateTime', required: true }),
      userIds: t.arg.globalIDList(),
      projectId: t.arg.globalID(),
      timeZone: t.arg.string({ description: "Zone to show the answer in; default the viewer's." }),
      published: t.arg.boolean(),
    },
    resolve: (_r, args, ctx) => {
      const actor = requireActor(ctx);
      const timeZone = requireZone(args.timeZone ?? actor.timeZone);
      checkRange(args.from, args.to);
      const { where, userIds } = calendarWhere(ctx, {
        from: args.from,
        to: args.to,
        userIds: localIds(args.userIds, 'User') as number[] | null,
        projectId: localId(args.projectId, 'Project') as number | undefined,
        published: args.published,
      });
      return {
        from: args.from,
        to: args.to,
        userIds,
        own: !args.userIds?.length,
        projectId: args.projectId ? Number(args.projectId.id) : null,
        published: args.published ?? null,
        timeZone,
        where,
      };
    },
  }),
  workEvents: t.prismaConnection({
    type: 'WorkEvent',
    cursor: 'id',
    description: 'Work events the viewer may see, filtered, by start.',
    authScopes: { permission: 'schedule.use' },
    args: { filter: t.arg({ type: WorkEventFilter }) },
    resolve: (query, _r, args, ctx) => {
      const f = args.filter ?? {};
      const where = listWhere(ctx, {
        title: f.title,
        from: f.from,
        to: f.to,
        published: f.published,
        projectId: localId(f.projectId, 'Project') as number | undefined,
        userId: localId(f.userId, 'User') as number | undefined,
        seriesId: localId(f.seriesId, 'EventSeries') as number | undefined,
        createdByMe: f.createdByMe,
      });
      return ctx.db.workEvent.findMany({ ...query, where, orderBy: [{ startAt: 'asc' }, { id: 'asc' }] });
    },
  }),
  conflicts: t.field({
    type: ConflictReportRef,
    description: 'What saving this event or series would clash with (every occurrence checked); nothing is saved.',
    authScopes: { permission: 'schedule.use' },
    args: { input: t.arg({ type: ConflictCheckInput, required: true }) },
    resolve: (_r, { input }, ctx) =>
      checkConflicts(ctx, {
        id: localId(input.eventId, 'WorkEvent'),
        scope: input.scope,
        startAt: input.startAt,
        endAt: input.endAt,
        allDay: input.allDay ?? undefined,
        timeZone: input.timeZone,
        participantIds: localIds(input.participantIds, 'User'),
        placeId: input.placeId,
        recurrence: recurrenceOf(input.recurrence),
      }),
  }),
  alikeWorkEvents: t.prismaField({
    type: ['WorkEvent'],
    description: 'Near-duplicates: same title, same participants, start on the same day.',
    authScopes: { permission: 'schedule.use' },
    args: { input: t.arg({ type: AlikeInput, required: true }) },
    resolve: async (query, _r, { input }, ctx) => {
      const found = await findAlike(ctx, {
        id: localId(input.eventId, 'WorkEvent') as number | undefined,
        title: input.title,
        startAt: input.startAt,
        participantIds: localIds(input.participantIds, 'User') as number[] | null,
        timeZone: input.timeZone,
      });
      if (!found.length) return [];
      return ctx.db.workEvent.findMany({ ...query, where: { id: { in: found.map((e) => e.id) } }, orderBy: [{ startAt: 'asc' }, { id: 'asc' }] });
    },
  }),
}));
