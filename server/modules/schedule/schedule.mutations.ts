import { builder } from '../../graphql/builder.ts';
import { localId, localIds } from '../../graphql/ids.ts';
import { ErrorInterface, mutationErrors } from '../../graphql/errors.ts';
import { encodeGlobalID } from '@pothos/plugin-relay';
import { ConflictRef, EventScopeEnum, recurrenceOf, RecurrenceInputRef } from './schedule.node.ts';
import { ConflictError, confirmEvent, copyEvents, createEvent, deleteEvent, joinEvent, setPublished, updateEvent, type DeleteResult, type SaveResult } from './schedule.service.ts';

builder.objectType(ConflictError, {
  name: 'ScheduleConflictError',
  description: 'The save clashes with other events; send the same input with `force: true` to save anyway.',
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof ConflictError,
  fields: (t) => ({
    total: t.exposeInt('total'),
    conflicts: t.field({ type: [ConflictRef], resolve: (e) => e.conflicts }),
  }),
});

const saveErrors = { types: [ConflictError, ...mutationErrors.types] };

const CreateWorkEventInput = builder.inputType('CreateWorkEventInput', {
  fields: (t) => ({
    title: t.string({ required: true }),
    content: t.string({ description: 'Rich HTML; sanitised.' }),
    address: t.string(),
    startAt: t.field({ type: 'DateTime', required: true }),
    endAt: t.field({ type: 'DateTime', required: true }),
    allDay: t.boolean(),
    isOpen: t.boolean(),
    type: t.int(),
    projectId: t.globalID(),
    placeId: t.int(),
    timeZone: t.string({ description: "IANA zone of the event (recurrence, all-day days); default the viewer's." }),
    participantIds: t.globalIDList({ description: 'Default: the viewer.' }),
    published: t.boolean({ description: 'Default false: unpublished events are seen by their creator and managers only.' }),
    recurrence: t.field({ type: RecurrenceInputRef }),
    force: t.boolean({ description: 'Save even when it clashes with other events.' }),
  }),
});

const UpdateWorkEventInput = builder.inputType('UpdateWorkEventInput', {
  description: 'Fields left out keep their value.',
  fields: (t) => ({
    id: t.globalID({ required: true }),
    scope: t.field({ type: EventScopeEnum, description: 'Default THIS.' }),
    title: t.string(),
    content: t.string(),
    address: t.string(),
    startAt: t.field({ type: 'DateTime' }),
    endAt: t.field({ type: 'DateTime' }),
    allDay: t.boolean(),
    isOpen: t.boolean(),
    type: t.int(),
    projectId: t.globalID(),
    clearProject: t.boolean(),
    placeId: t.int(),
    clearPlace: t.boolean(),
    timeZone: t.string(),
    participantIds: t.globalIDList(),
    published: t.boolean(),
    recurrence: t.field({ type: RecurrenceInputRef, description: 'A new rule (FOLLOWING/ALL), or makes a single event a series.' }),
    force: t.boolean(),
  }),
});

const SavePayload = builder.objectRef<SaveResult>('WorkEventSavePayload').implement({
  description: 'The saved events (every occurrence for a series) and their series.',
  fields: (t) => ({
    events: t.prismaField({
      type: ['WorkEvent'],
      resolve: (query, p, _a, ctx) => ctx.db.workEvent.findMany({ ...query, where: { id: { in: p.eventIds } }, orderBy: [{ startAt: 'asc' }, { id: 'asc' }] }),
    }),
    series: t.prismaField({
      type: 'EventSeries',
      nullable: true,
      // Always spends the query (no unused-query warning); id 0 never exists.
      resolve: (query, p, _a, ctx) => ctx.db.eventSeries.findUnique({ ...query, where: { id: p.seriesId ?? 0 } }),
    }),
    deletedIds: t.idList({
      description: 'Global ids of rows replaced by this save (a rewritten part of a series), for Relay @deleteRecord.',
      resolve: (p) => (p.deletedIds ?? []).map((id) => encodeGlobalID('WorkEvent', id)),
    }),
  }),
});

const DeletePayload = builder.objectRef<DeleteResult>('DeleteWorkEventPayload').implement({
  fields: (t) => ({
    deletedIds: t.idList({ resolve: (p) => p.deletedIds.map((id) => encodeGlobalID('WorkEvent', id)) }),
    seriesDeleted: t.exposeBoolean('seriesDeleted'),
    series: t.prismaField({
      type: 'EventSeries',
      nullable: true,
      description: 'The series after the delete (null when it is gone).',
      resolve: (query, p, _a, ctx) => ctx.db.eventSeries.findUnique({ ...query, where: { id: p.seriesId && !p.seriesDeleted ? p.seriesId : 0 } }),
    }),
  }),
});

const EventsPayload = builder.objectRef<{ eventIds: number[] }>('WorkEventsPayload').implement({
  fields: (t) => ({
    events: t.prismaField({
      type: ['WorkEvent'],
      resolve: (query, p, _a, ctx) => ctx.db.workEvent.findMany({ ...query, where: { id: { in: p.eventIds } }, orderBy: [{ startAt: 'asc' }, { id: 'asc' }] }),
    }),
  }),
});

const PublishInput = builder.inputType('PublishWorkEventsInput', {
  fields: (t) => ({
    ids: t.globalIDList({ required: true }),
    wholeSeries: t.boolean({ description: 'Also every other occurrence of these events’ series.' }),
  }),
});
const DeleteInput = builder.inputType('DeleteWorkEventInput', {
  fields: (t) => ({ id: t.globalID({ required: true }), scope: t.field({ type: EventScopeEnum, description: 'Default THIS.' }) }),
});
const CopyInput = builder.inputType('CopyWorkEventsInput', {
  description: 'Copy the named events, or every event of `fromDate` (of `userId`, default the viewer), to `toDate`.',
  fields: (t) => ({
    ids: t.globalIDList(),
    fromDate: t.field({ type: 'Date' }),
    userId: t.globalID(),
    toDate: t.field({ type: 'Date', required: true }),
    timeZone: t.string(),
    force: t.boolean(),
  }),
});
const JoinInput = builder.inputType('JoinWorkEventInput', {
  fields: (t) => ({
    id: t.globalID({ required: true }),
    wholeSeries: t.boolean({ description: 'Also every later occurrence of its series.' }),
    force: t.boolean(),
  }),
});
const ConfirmInput = builder.inputType('ConfirmWorkEventInput', { fields: (t) => ({ id: t.globalID({ required: true }) }) });

builder.mutationFields((t) => ({
  createWorkEvent: t.field({
    type: SavePayload,
    errors: saveErrors,
    description: 'Creates an event, or a recurring series (every occurrence is checked for clashes).',
    args: { input: t.arg({ type: CreateWorkEventInput, required: true }) },
    resolve: (_r, { input }, ctx) =>
      createEvent(ctx, {
        ...input,
        content: input.content ?? undefined,
        address: input.address ?? undefined,
        allDay: input.allDay ?? undefined,
        isOpen: input.isOpen ?? undefined,
        type: input.type ?? undefined,
        projectId: localId(input.projectId, 'Project'),
        placeId: input.placeId ?? undefined,
        participantIds: localIds(input.participantIds, 'User'),
        published: input.published ?? undefined,
        recurrence: recurrenceOf(input.recurrence),
        force: input.force ?? undefined,
      }),
  }),
  updateWorkEvent: t.field({
    type: SavePayload,
    errors: saveErrors,
    description: 'Edits an event; for an occurrence, `scope` says which occurrences change.',
    args: { input: t.arg({ type: UpdateWorkEventInput, required: true }) },
    resolve: (_r, { input }, ctx) => {
      const raw: Record<string, unknown> = { id: localId(input.id, 'WorkEvent'), scope: input.scope ?? undefined };
      for (const key of ['title', 'content', 'address', 'startAt', 'endAt', 'allDay', 'isOpen', 'type', 'timeZone', 'published', 'force'] as const) {
        if (input[key] !== undefined && input[key] !== null) raw[key] = input[key];
      }
      if (input.projectId) raw.projectId = localId(input.projectId, 'Project');
      if (input.clearProject) raw.projectId = null;
      if (input.placeId !== undefined && input.placeId !== null) raw.placeId = input.placeId;
      if (input.clearPlace) raw.placeId = null;
      if (input.participantIds) raw.participantIds = localIds(input.participantIds, 'User');
      if (input.recurrence) raw.recurrence = recurrenceOf(input.recurrence);
      return updateEvent(ctx, raw);
    },
  }),
  deleteWorkEvent: t.field({
    type: DeletePayload,
    errors: mutationErrors,
    description: 'Deletes an event; for an occurrence, this one, this and following, or the whole series.',
    args: { input: t.arg({ type: DeleteInput, required: true }) },
    resolve: (_r, { input }, ctx) => deleteEvent(ctx, { id: localId(input.id, 'WorkEvent'), scope: input.scope ?? undefined }),
  }),
  publishWorkEvents: t.field({
    type: EventsPayload,
    errors: mutationErrors,
    description: 'Publishes events: their participants (and, when open, all staff) see them.',
    args: { input: t.arg({ type: PublishInput, required: true }) },
    resolve: async (_r, { input }, ctx) => ({
      eventIds: (await setPublished(ctx, { ids: localIds(input.ids, 'WorkEvent'), wholeSeries: input.wholeSeries ?? undefined }, true)).ids,
    }),
  }),
  unpublishWorkEvents: t.field({
    type: EventsPayload,
    errors: mutationErrors,
    description: 'Unpublishes events: only their creator and managers see them.',
    args: { input: t.arg({ type: PublishInput, required: true }) },
    resolve: async (_r, { input }, ctx) => ({
      eventIds: (await setPublished(ctx, { ids: localIds(input.ids, 'WorkEvent'), wholeSeries: input.wholeSeries ?? undefined }, false)).ids,
    }),
  }),
  copyWorkEvents: t.field({
    type: EventsPayload,
    errors: saveErrors,
    description: 'Copies events, or a whole day, to another day (unpublished copies).',
    args: { input: t.arg({ type: CopyInput, required: true }) },
    resolve: (_r, { input }, ctx) =>
      copyEvents(ctx, {
        ids: localIds(input.ids, 'WorkEvent') ?? undefined,
        fromDate: input.fromDate ?? undefined,
        userId: localId(input.userId, 'User') ?? undefined,
        toDate: input.toDate,
        timeZone: input.timeZone,
        force: input.force ?? undefined,
      }),
  }),
  joinWorkEvent: t.field({
    type: EventsPayload,
    errors: saveErrors,
    description: 'Joins an open, published event.',
    args: { input: t.arg({ type: JoinInput, required: true }) },
    resolve: (_r, { input }, ctx) => joinEvent(ctx, { id: localId(input.id, 'WorkEvent'), wholeSeries: input.wholeSeries ?? undefined, force: input.force ?? undefined }),
  }),
  confirmWorkEvent: t.field({
    type: EventsPayload,
    errors: mutationErrors,
    description: 'The viewer, a participant, confirms the event as it now stands.',
    args: { input: t.arg({ type: ConfirmInput, required: true }) },
    resolve: (_r, { input }, ctx) => confirmEvent(ctx, { id: localId(input.id, 'WorkEvent') }),
  }),
}));
