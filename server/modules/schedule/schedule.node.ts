import { encodeGlobalID } from '@pothos/plugin-relay';
import { NotFoundError } from '../../errors.ts';
import { localId, localIds } from '../../graphql/ids.ts';
import { wallText } from '../../lib/wall-time.ts';
import { UserNode } from '../users/index.ts';
import { entriesOverlapping } from '../workdaily/index.ts';
import { builder } from '../../graphql/builder.ts';
import { loadById } from '../../graphql/batch.ts';
import { can, requireActor } from '../../policy.ts';
import type { Conflict, Range } from './conflicts.ts';
import { type FREQUENCIES, ruleFields, type WEEKDAYS } from './recurrence.ts';
import { requireZone } from '../../lib/zones.ts';
import { canEditEvent, isEventVisible, visibleEventsWhere } from './schedule.policy.ts';
import { calendarEventIds, calendarOccurrences, calendarWhere, checkRange, findAlike, listWhere, type CalendarOccurrence } from './schedule.queries.ts';
import { checkConflicts, checkConflictsInput } from './schedule.service.ts';
import { atDoor } from '../../lib/validate.ts';

export const EventScopeEnum = builder.enumType('EventScope', {
  description: 'Which occurrences of a series an edit or delete applies to (ignored for single events).',
  values: {
    THIS: { value: 'THIS', description: 'This occurrence only (it becomes an exception).' },
    FOLLOWING: { value: 'FOLLOWING', description: 'This occurrence and every later one (the series is split here).' },
    ALL: { value: 'ALL', description: 'Every occurrence of the series.' },
  } as const,
});

export const FrequencyEnum = builder.enumType('RecurrenceFrequency', {
  description: 'How often a series repeats (RFC 5545 FREQ).',
  values: {
    DAILY: { description: 'Every day (or every `interval` days).' },
    WEEKLY: { description: 'Every week, on `byWeekday`.' },
    MONTHLY: { description: 'Every month, on `byMonthDay` (a day missing in a month is skipped; -1 is the last day).' },
    YEARLY: { description: 'Every year.' },
  } as const satisfies Record<(typeof FREQUENCIES)[number], { description: string }>,
});
export const WeekdayEnum = builder.enumType('Weekday', {
  description: 'RFC 5545 weekday codes.',
  values: {
    MO: { description: 'Monday.' },
    TU: { description: 'Tuesday.' },
    WE: { description: 'Wednesday.' },
    TH: { description: 'Thursday.' },
    FR: { description: 'Friday.' },
    SA: { description: 'Saturday.' },
    SU: { description: 'Sunday.' },
  } as const satisfies Record<(typeof WEEKDAYS)[number], { description: string }>,
});

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
    // Loaded for every participant of the answer in one statement (a month has thousands).
    user: t.field({
      type: UserNode,
      select: { userId: true },
      description: 'The participant.',
      resolve: (p, _a, ctx) =>
        Promise.resolve(loadById(ctx, 'user', p.userId, (ids) => ctx.db.user.findMany({ where: { id: { in: ids } } }), { wait: 'turn' })).then((u) => {
          // The foreign key keeps a participant's user; a row deleted meanwhile reads as not found.
          if (!u) throw new NotFoundError();
          return u;
        }),
    }),
    confirmedAt: t.expose('confirmedAt', { type: 'DateTime', nullable: true, description: 'When they confirmed the event as it now stands.' }),
  }),
});

export const WorkEventNode = builder.prismaNode('WorkEvent', {
  nullable: true,
  id: { field: 'id' },
  description: 'A work event, or one occurrence of a recurring series. Instants are UTC; `*Local` fields give wall times.',
  select: { creatorId: true, published: true, isOpen: true, participants: { select: { userId: true }, orderBy: { userId: 'asc' } } },
  authScopes: (e, ctx) => !!ctx.actor && isEventVisible(ctx.actor, { ...e, participantIds: e.participants.map((p) => p.userId) }),
  fields: (t) => ({
    databaseId: t.exposeInt('id', { description: 'The legacy numeric id of the event (id on the legacy door).' }),
    title: t.exposeString('title', { description: 'The title, at most 200 characters.' }),
    content: t.exposeString('content', { description: 'Sanitised rich HTML.' }),
    address: t.exposeString('address', { description: 'Where it happens, free text.' }),
    startAt: t.expose('startAt', { description: 'Start (instant, UTC).', type: 'DateTime' }),
    endAt: t.expose('endAt', { description: 'End (instant, UTC); an all-day event ends at the midnight after its last day.', type: 'DateTime' }),
    startLocal: t.string({
      select: { startAt: true },
      description: "Start as a wall time in `timeZone` (default: the viewer's zone), yyyy-MM-ddTHH:mm:ss.",
      args: { timeZone: t.arg.string({ description: "IANA time zone to show the wall time in, e.g. Asia/Shanghai; default the viewer's." }) },
      resolve: (e, args, ctx) => localField(e.startAt, args.timeZone, requireActor(ctx).timeZone),
    }),
    endLocal: t.string({
      select: { endAt: true },
      description: "End as a wall time in `timeZone` (default: the viewer's zone). All-day events end at the next midnight (exclusive).",
      args: { timeZone: t.arg.string({ description: "IANA time zone to show the wall time in; default the viewer's." }) },
      resolve: (e, args, ctx) => localField(e.endAt, args.timeZone, requireActor(ctx).timeZone),
    }),
    allDay: t.exposeBoolean('allDay', { description: "All-day: from midnight to midnight in the event's own `timeZone`." }),
    isOpen: t.exposeBoolean('isOpen', { description: 'Open: once published, every staff member sees it and may join.' }),
    type: t.exposeInt('type', { description: '1 work (default); other areas may add types.' }),
    published: t.exposeBoolean('published', { description: 'Published: its participants (and, when open, all staff) see it; unpublished events are seen by their creator and schedule managers only.' }),
    confirmed: t.exposeBoolean('confirmed', { description: 'Every participant has confirmed the event as it now stands.' }),
    timeZone: t.exposeString('timeZone', { description: 'IANA zone the event was made in (recurrence and all-day days use it).' }),
    placeId: t.exposeInt('placeId', { nullable: true, description: 'The classroom or room, when there is one.' }),
    project: t.relation('project', { description: 'The project the event is for, if any.', nullable: true }),
    creator: t.relation('creator', { description: 'Who created the event.' }),
    series: t.relation('series', { description: 'The recurring series this event is an occurrence of; null for a single event.', nullable: true }),
    originalStart: t.expose('originalStart', { type: 'DateTime', nullable: true, description: 'For an occurrence: the start the rule gave it.' }),
    isException: t.exposeBoolean('isException', { description: 'An occurrence edited on its own.' }),
    participants: t.relation('participants', { description: 'The people taking part, by user id.', query: { orderBy: { userId: 'asc' } } }),
    canEdit: t.boolean({
      select: { creatorId: true },
      description: 'Whether the viewer may edit, move, publish or delete it.',
      resolve: (e, _a, ctx) => canEditEvent(requireActor(ctx), e),
    }),
    createdAt: t.expose('createdAt', { description: 'When the event was created (instant).', type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { description: 'When the event last changed (instant).', type: 'DateTime' }),
  }),
});
void EventParticipantRef;

const RecurrenceRuleRef = builder
  .objectRef<{ freq: (typeof FREQUENCIES)[number]; interval: number; byWeekday: (typeof WEEKDAYS)[number][]; byMonthDay: number[]; count: number | null; until: string | null }>('RecurrenceRule')
  .implement({
    description: 'The parts of a series rule.',
    fields: (t) => ({
      freq: t.field({ description: 'How often the rule repeats.', type: FrequencyEnum, resolve: (r) => r.freq }),
      interval: t.exposeInt('interval', { description: 'Every how many periods (1 = every day/week/month/year).' }),
      byWeekday: t.field({ description: 'On which weekdays (weekly rules).', type: [WeekdayEnum], resolve: (r) => r.byWeekday }),
      byMonthDay: t.exposeIntList('byMonthDay', { description: 'On which days of the month (monthly rules; -1 is the last day).' }),
      count: t.exposeInt('count', { description: 'How many occurrences in all; null when the rule ends by `until` or never.', nullable: true }),
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
    databaseId: t.exposeInt('id', { description: 'The legacy numeric id of the series (seriesId on the legacy door).' }),
    rrule: t.exposeString('rrule', { description: 'RRULE text without DTSTART; UNTIL in UTC.' }),
    rule: t.field({ description: 'The rule as fields, as the recurrence form shows them.', type: RecurrenceRuleRef, select: { rrule: true, timeZone: true }, resolve: (s) => ruleFields(s.rrule, s.timeZone) }),
    timeZone: t.exposeString('timeZone', { description: 'IANA time zone the rule is expanded in (occurrences keep their wall time there across DST changes).' }),
    dtstart: t.expose('dtstart', { type: 'DateTime', description: 'Start of the first occurrence of the rule.' }),
    durationMin: t.exposeInt('durationMin', { description: 'Length of each ordinary occurrence in minutes.' }),
    exdates: t.expose('exdates', { type: ['DateTime'], description: 'Starts of deleted occurrences.' }),
    occurrences: t.relation('events', {
      description: 'The occurrences the viewer may see, in order.',
      query: (_args, ctx) => ({ where: visibleEventsWhere(requireActor(ctx)), orderBy: { startAt: 'asc' } }),
    }),
    creator: t.relation('creator', { description: 'Who created the series.' }),
  }),
});

/** Full calendar nodes read per statement (each id is one parameter; PostgreSQL allows 65,535). */
const EVENTS_PER_STATEMENT = 10_000;

type CalendarArgs = {
  from: Date;
  to: Date;
  userIds: number[];
  projectId: number | null;
  published: boolean | null;
  own: boolean;
  timeZone: string;
};

const CalendarOccurrenceRef = builder.objectRef<CalendarOccurrence & { zone: string }>('CalendarOccurrence').implement({
  description: 'One event on the calendar grid (lean: facts and participant ids, one SQL statement for the whole answer). `event` gives the full node.',
  fields: (t) => ({
    eventId: t.id({ description: 'Global id of the WorkEvent.', resolve: (o) => encodeGlobalID('WorkEvent', o.id) }),
    databaseId: t.exposeInt('id', { description: 'The legacy numeric id of the WorkEvent.' }),
    title: t.exposeString('title', { description: 'The title.' }),
    address: t.exposeString('address', { description: 'Where it happens, free text.' }),
    startAt: t.field({ description: 'Start (instant, UTC).', type: 'DateTime', resolve: (o) => o.startAt }),
    endAt: t.field({ description: 'End (instant, UTC).', type: 'DateTime', resolve: (o) => o.endAt }),
    startLocal: t.string({ description: "Wall time in the calendar's zone.", resolve: (o) => localField(o.startAt, o.zone, o.zone) }),
    endLocal: t.string({ description: "Wall time in the calendar's zone.", resolve: (o) => localField(o.endAt, o.zone, o.zone) }),
    allDay: t.exposeBoolean('allDay', { description: "All-day: from midnight to midnight in the event's own `timeZone`." }),
    isOpen: t.exposeBoolean('isOpen', { description: 'Open: once published, every staff member sees it and may join.' }),
    published: t.exposeBoolean('published', { description: 'Published (seen by its participants), or a draft of its creator.' }),
    confirmed: t.exposeBoolean('confirmed', { description: 'Every participant has confirmed the event as it now stands.' }),
    timeZone: t.exposeString('timeZone', { description: 'IANA zone the event was made in.' }),
    type: t.exposeInt('type', { description: 'Event type: 1 work.' }),
    projectId: t.exposeInt('projectId', { description: 'Database id of the project, if any.', nullable: true }),
    placeId: t.exposeInt('placeId', { description: 'Database id of the classroom or room, if any.', nullable: true }),
    seriesId: t.exposeInt('seriesId', { description: 'Database id of the series, for an occurrence.', nullable: true }),
    isException: t.exposeBoolean('isException', { description: 'An occurrence edited on its own.' }),
    creatorId: t.exposeInt('creatorId', { description: 'Database id of the creator.' }),
    participantIds: t.exposeIntList('participantIds', { description: 'Database ids of the participants.' }),
    event: t.prismaField({
      description: 'The full WorkEvent node (null if it was deleted meanwhile).',
      type: 'WorkEvent',
      nullable: true,
      resolve: (query, o, _a, ctx) => ctx.db.workEvent.findUnique({ ...query, where: { id: o.id } }),
    }),
  }),
});

const CalendarRef = builder.objectRef<CalendarArgs>('Calendar').implement({
  description: 'Work events and schedule entries of some people over a range, for the calendar screen.',
  fields: (t) => ({
    from: t.field({ description: 'Start of the range (instant, inclusive).', type: 'DateTime', resolve: (c) => c.from }),
    to: t.field({ description: 'End of the range (instant, exclusive).', type: 'DateTime', resolve: (c) => c.to }),
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
      resolve: async (query, c, _a, ctx) => {
        // The ids in the calendar's order from the grid's statement, then the nodes (with what
        // the query selects of their relations) by primary key, in slices that stay far below
        // PostgreSQL's limit of parameters per statement.
        const ids = await calendarEventIds(ctx, { from: c.from, to: c.to, userIds: c.own ? null : c.userIds, projectId: c.projectId, published: c.published });
        const events = [];
        for (let i = 0; i < ids.length; i += EVENTS_PER_STATEMENT) {
          const slice = ids.slice(i, i + EVENTS_PER_STATEMENT);
          events.push(...(await ctx.db.workEvent.findMany({ ...query, where: { id: { in: slice } }, orderBy: [{ startAt: 'asc' }, { id: 'asc' }] })));
        }
        return events;
      },
    }),
    scheduleEntries: t.prismaField({
      type: ['ScheduleEntry'],
      description: 'Schedule entries of the same people overlapping the range (those the viewer may see).',
      resolve: (query, c, _a, ctx) => entriesOverlapping(ctx, { userIds: c.userIds, from: c.from, to: c.to, projectId: c.projectId }, query),
    }),
  }),
});

export const ConflictRef = builder.objectRef<Conflict>('ScheduleConflict').implement({
  description: 'One clash of one occurrence: a participant already busy, or the place taken.',
  fields: (t) => ({
    occurrence: t.exposeInt('occurrence', { description: '1-based position of the occurrence in the save.' }),
    start: t.field({ description: 'Start of the clashing occurrence of the save (instant).', type: 'DateTime', resolve: (c) => c.start }),
    end: t.field({ description: 'End of the clashing occurrence of the save (instant).', type: 'DateTime', resolve: (c) => c.end }),
    kind: t.exposeString('kind', { description: 'PARTICIPANT or PLACE.' }),
    user: t.field({
      type: UserNode,
      nullable: true,
      description: 'The busy participant (PARTICIPANT clashes).',
      resolve: (c, _a, ctx) => (c.userId ? loadById(ctx, 'user', c.userId, (ids) => ctx.db.user.findMany({ where: { id: { in: ids } } }), { wait: 'turn' }) : null),
    }),
    userName: t.exposeString('userName', { description: "The busy participant's name (PARTICIPANT clashes).", nullable: true }),
    event: t.field({
      type: WorkEventNode,
      nullable: true,
      description: 'The clashing event, when the viewer may see it.',
      resolve: (c, _a, ctx) =>
        c.visible ? loadById(ctx, 'eventWithParticipants', c.eventId, (ids) => ctx.db.workEvent.findMany({ where: { id: { in: ids } }, include: { participants: { select: { userId: true } } } }), { wait: 'turn' }) : null,
    }),
    title: t.exposeString('title', { nullable: true, description: 'Null when the viewer may not see the clashing event (busy).' }),
    eventStart: t.field({ description: 'Start of the clashing event (instant).', type: 'DateTime', resolve: (c) => c.eventStart }),
    eventEnd: t.field({ description: 'End of the clashing event (instant).', type: 'DateTime', resolve: (c) => c.eventEnd }),
  }),
});

const RangeRef = builder.objectRef<Range>('TimeRange').implement({
  description: 'A span of time between two instants.',
  fields: (t) => ({
    start: t.field({ description: 'Start (instant, inclusive).', type: 'DateTime', resolve: (r) => r.start }),
    end: t.field({ description: 'End (instant, exclusive).', type: 'DateTime', resolve: (r) => r.end }),
  }),
});

export const ConflictReportRef = builder.objectRef<{ occurrences: Range[]; total: number; conflicts: Conflict[] }>('ConflictReport').implement({
  description: 'What saving would clash with.',
  fields: (t) => ({
    occurrences: t.field({ type: [RangeRef], description: 'Every occurrence checked.', resolve: (r) => r.occurrences }),
    total: t.exposeInt('total', { description: 'How many clashes there are in all (the list stops at 2000).' }),
    conflicts: t.field({ description: 'The clashes, by occurrence (at most 2000).', type: [ConflictRef], resolve: (r) => r.conflicts }),
  }),
});

export const RecurrenceInputRef = builder.inputType('RecurrenceInput', {
  description: 'A rule: either `rrule` (RFC 5545 RRULE text) or the fields. `until` is the last day in the series zone.',
  fields: (t) => ({
    rrule: t.string({ description: 'RFC 5545 RRULE text without DTSTART, e.g. FREQ=WEEKLY;BYDAY=MO,WE;COUNT=10. When given, the fields are ignored.' }),
    freq: t.field({ description: 'How often it repeats (required without `rrule`).', type: FrequencyEnum }),
    interval: t.int({ description: 'Every how many periods; default 1.' }),
    byWeekday: t.field({ description: 'On which weekdays (weekly rules).', type: [WeekdayEnum] }),
    byMonthDay: t.intList({ description: 'On which days of the month, 1 to 31 or -1 for the last day (monthly rules).' }),
    count: t.int({ description: 'End after this many occurrences (with `until` or alone; at most 1000 in all).' }),
    until: t.field({ description: "End on this day (yyyy-MM-dd, the last day in the series' zone, inclusive).", type: 'Date' }),
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
  description: 'An event or series about to be saved, to check for clashes.',
  fields: (t) => ({
    eventId: t.globalID({ description: 'When editing: the event being edited (not counted against itself).' }),
    scope: t.field({ description: 'When editing an occurrence: which occurrences would change; default THIS.', type: EventScopeEnum }),
    startAt: t.field({ description: 'Start (instant; of the first occurrence for a series).', type: 'DateTime', required: true }),
    endAt: t.field({ description: 'End (instant).', type: 'DateTime', required: true }),
    allDay: t.boolean({ description: 'All-day event.' }),
    timeZone: t.string({ description: "IANA zone of the event; default the viewer's." }),
    participantIds: t.globalIDList({ description: 'User ids of the participants; default the viewer.' }),
    placeId: t.int({ description: 'Database id of the classroom or room to check as well.' }),
    recurrence: t.field({ description: 'The rule, for a series: every occurrence is checked.', type: RecurrenceInputRef }),
  }),
});

const WorkEventFilter = builder.inputType('WorkEventFilter', {
  description: 'Narrows `workEvents`; every given condition must hold.',
  fields: (t) => ({
    title: t.string({ description: 'Title contains this text (case ignored).' }),
    from: t.field({ description: 'Events ending after this instant.', type: 'DateTime' }),
    to: t.field({ description: 'Events starting before this instant.', type: 'DateTime' }),
    published: t.boolean({ description: 'Only published (true) or unpublished (false) events.' }),
    projectId: t.globalID({ description: 'Only events of this Project.' }),
    userId: t.globalID({ description: 'Only events this User takes part in.' }),
    seriesId: t.globalID({ description: 'Only occurrences of this EventSeries.' }),
    createdByMe: t.boolean({ description: 'Only events the caller created.' }),
  }),
});

const AlikeInput = builder.inputType('AlikeWorkEventsInput', {
  description: 'An event about to be saved, to look for near-duplicates.',
  fields: (t) => ({
    eventId: t.globalID({ description: 'When editing: the WorkEvent being edited (not reported against itself).' }),
    title: t.string({ description: 'The title (matched ignoring case and surrounding spaces).', required: true }),
    startAt: t.field({ description: 'The start (instant); matches events starting on the same day.', type: 'DateTime', required: true }),
    participantIds: t.globalIDList({ description: 'User ids of the participants; default the viewer.' }),
    timeZone: t.string({ description: "IANA zone whose day counts; default the viewer's." }),
  }),
});

builder.queryFields((t) => ({
  calendar: t.field({
    type: CalendarRef,
    description: 'Events and schedule entries of some people (default: the viewer) overlapping [from, to), in one request.',
    authScopes: { permission: 'schedule.use' },
    args: {
      from: t.arg({ description: 'Start of the range (instant, inclusive).', type: 'DateTime', required: true }),
      to: t.arg({ description: 'End of the range (instant, exclusive); at most 400 days after `from`.', type: 'DateTime', required: true }),
      userIds: t.arg.globalIDList({ description: "Whose calendar: User ids; default the viewer's own (events they take part in or created)." }),
      projectId: t.arg.globalID({ description: 'Only events and entries of this Project.' }),
      timeZone: t.arg.string({ description: "Zone to show the answer in; default the viewer's." }),
      published: t.arg.boolean({ description: 'Only published (true) or unpublished (false) events.' }),
    },
    resolve: (_r, args, ctx) => {
      const actor = requireActor(ctx);
      const timeZone = requireZone(args.timeZone ?? actor.timeZone);
      checkRange(args.from, args.to);
      const { userIds } = calendarWhere(ctx, {
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
      };
    },
  }),
  workEvents: t.prismaConnection({
    type: 'WorkEvent',
    cursor: 'id',
    description: 'Work events the viewer may see, filtered, by start.',
    authScopes: { permission: 'schedule.use' },
    args: { filter: t.arg({ description: 'Conditions on title, time, publish state, project, participant, series, creator.', type: WorkEventFilter }) },
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
    args: { input: t.arg({ description: 'The event or series about to be saved.', type: ConflictCheckInput, required: true }) },
    resolve: (_r, { input }, ctx) =>
      checkConflicts(
        ctx,
        atDoor(checkConflictsInput, {
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
      ),
  }),
  alikeWorkEvents: t.prismaField({
    type: ['WorkEvent'],
    description: 'Near-duplicates: same title, same participants, start on the same day.',
    authScopes: { permission: 'schedule.use' },
    args: { input: t.arg({ description: 'The event about to be saved.', type: AlikeInput, required: true }) },
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
