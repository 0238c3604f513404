import { builder } from '../../graphql/builder.ts';
import { localId, localIds } from '../../graphql/ids.ts';
import { ErrorInterface, mutationErrors } from '../../graphql/errors.ts';
import { encodeGlobalID } from '@pothos/plugin-relay';
import { ConflictRef, EventScopeEnum, recurrenceOf, RecurrenceInputRef } from './schedule.node.ts';
import { atDoor } from '../../lib/validate.ts';
import {
  ConflictError,
  confirmEvent,
  confirmEventInput,
  copyEvents,
  createEvent,
  deleteEvent,
  deleteEventInput,
  joinEvent,
  joinEventInput,
  setPublished,
  updateEvent,
  type DeleteResult,
  type SaveResult,
} from './schedule.service.ts';

builder.objectType(ConflictError, {
  name: 'ScheduleConflictError',
  description: 'The save clashes with other events; send the same input with `force: true` to save anyway.',
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof ConflictError,
  fields: (t) => ({
    total: t.exposeInt('total', { description: 'How many clashes there are in all.' }),
    conflicts: t.field({ description: 'The clashes (at most 2000), each with the occurrence, the person or place, and the other event.', type: [ConflictRef], resolve: (e) => e.conflicts }),
  }),
});

const saveErrors = { types: [ConflictError, ...mutationErrors.types] };

const CreateWorkEventInput = builder.inputType('CreateWorkEventInput', {
  description: 'A new event or, with `recurrence`, a recurring series.',
  fields: (t) => ({
    title: t.string({ description: 'Required, at most 200 characters.', required: true }),
    content: t.string({ description: 'Rich HTML; sanitised.' }),
    address: t.string({ description: 'Where it happens, free text.' }),
    startAt: t.field({ description: 'Start (instant; of the first occurrence for a series). ', type: 'DateTime', required: true }),
    endAt: t.field({ description: 'End (instant), not before `startAt`; an event lasts at most 31 days.', type: 'DateTime', required: true }),
    allDay: t.boolean({ description: 'All-day: whole days in `timeZone`. Default false.' }),
    isOpen: t.boolean({ description: 'Open: once published, every staff member sees it and may join. Default false.' }),
    type: t.int({ description: 'Event type; default 1 (work).' }),
    projectId: t.globalID({ description: 'The Project it is for, if any.' }),
    placeId: t.int({ description: 'Database id of the classroom or room (its other events are checked for clashes).' }),
    timeZone: t.string({ description: "IANA zone of the event (recurrence, all-day days); default the viewer's." }),
    participantIds: t.globalIDList({ description: 'Default: the viewer.' }),
    published: t.boolean({ description: 'Default false: unpublished events are seen by their creator and managers only.' }),
    recurrence: t.field({ description: 'Makes it a recurring series (at most 1000 occurrences).', type: RecurrenceInputRef }),
    force: t.boolean({ description: 'Save even when it clashes with other events.' }),
  }),
});

const UpdateWorkEventInput = builder.inputType('UpdateWorkEventInput', {
  description: 'Fields left out keep their value.',
  fields: (t) => ({
    id: t.globalID({ description: 'The WorkEvent (an occurrence, for a series) to edit.', required: true }),
    scope: t.field({ type: EventScopeEnum, description: 'Default THIS.' }),
    title: t.string({ description: 'New title.' }),
    content: t.string({ description: 'New content: rich HTML, sanitised.' }),
    address: t.string({ description: 'New address.' }),
    startAt: t.field({ description: 'New start (instant).', type: 'DateTime' }),
    endAt: t.field({ description: 'New end (instant).', type: 'DateTime' }),
    allDay: t.boolean({ description: 'All-day or not.' }),
    isOpen: t.boolean({ description: 'Open or not.' }),
    type: t.int({ description: 'New event type.' }),
    projectId: t.globalID({ description: 'New Project.' }),
    clearProject: t.boolean({ description: 'True removes the project.' }),
    placeId: t.int({ description: 'New classroom or room (database id).' }),
    clearPlace: t.boolean({ description: 'True removes the place.' }),
    timeZone: t.string({ description: 'New IANA zone of the event.' }),
    participantIds: t.globalIDList({ description: 'The new participants (User ids); replaces the list.' }),
    published: t.boolean({ description: 'Publish (true) or unpublish (false).' }),
    recurrence: t.field({ type: RecurrenceInputRef, description: 'A new rule (FOLLOWING/ALL), or makes a single event a series.' }),
    force: t.boolean({ description: 'Save even when it clashes with other events.' }),
  }),
});

const SavePayload = builder.objectRef<SaveResult>('WorkEventSavePayload').implement({
  description: 'The saved events (every occurrence for a series) and their series.',
  fields: (t) => ({
    events: t.prismaField({
      description: 'The saved events: every occurrence written, for a series.',
      type: ['WorkEvent'],
      resolve: (query, p, _a, ctx) => ctx.db.workEvent.findMany({ ...query, where: { id: { in: p.eventIds } }, orderBy: [{ startAt: 'asc' }, { id: 'asc' }] }),
    }),
    series: t.prismaField({
      description: 'The series saved, when the event is (now) recurring.',
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
  description: 'What a delete removed.',
  fields: (t) => ({
    deletedIds: t.idList({ description: 'Global ids of the deleted WorkEvents (for Relay @deleteRecord).', resolve: (p) => p.deletedIds.map((id) => encodeGlobalID('WorkEvent', id)) }),
    seriesDeleted: t.exposeBoolean('seriesDeleted', { description: 'The whole series is gone.' }),
    series: t.prismaField({
      type: 'EventSeries',
      nullable: true,
      description: 'The series after the delete (null when it is gone).',
      resolve: (query, p, _a, ctx) => ctx.db.eventSeries.findUnique({ ...query, where: { id: p.seriesId && !p.seriesDeleted ? p.seriesId : 0 } }),
    }),
  }),
});

const EventsPayload = builder.objectRef<{ eventIds: number[] }>('WorkEventsPayload').implement({
  description: 'The events changed.',
  fields: (t) => ({
    events: t.prismaField({
      description: 'The events changed, by start.',
      type: ['WorkEvent'],
      resolve: (query, p, _a, ctx) => ctx.db.workEvent.findMany({ ...query, where: { id: { in: p.eventIds } }, orderBy: [{ startAt: 'asc' }, { id: 'asc' }] }),
    }),
  }),
});

const PublishInput = builder.inputType('PublishWorkEventsInput', {
  description: 'Events to publish or unpublish.',
  fields: (t) => ({
    ids: t.globalIDList({ description: 'WorkEvent ids (at most 500).', required: true }),
    wholeSeries: t.boolean({ description: 'Also every other occurrence of these events’ series.' }),
  }),
});
const DeleteInput = builder.inputType('DeleteWorkEventInput', {
  description: 'An event to delete.',
  fields: (t) => ({ id: t.globalID({ description: 'The WorkEvent (an occurrence, for a series) to delete.', required: true }), scope: t.field({ type: EventScopeEnum, description: 'Default THIS.' }) }),
});
const CopyInput = builder.inputType('CopyWorkEventsInput', {
  description: 'Copy the named events, or every event of `fromDate` (of `userId`, default the viewer), to `toDate`.',
  fields: (t) => ({
    ids: t.globalIDList({ description: 'WorkEvent ids to copy (or give `fromDate`).' }),
    fromDate: t.field({ description: 'Copy every event of this day (yyyy-MM-dd in `timeZone`) instead of `ids`.', type: 'Date' }),
    userId: t.globalID({ description: 'With `fromDate`: whose events (a User id); default the viewer.' }),
    toDate: t.field({ description: 'The day to copy to (yyyy-MM-dd in `timeZone`); each copy keeps its wall-clock times in its own zone.', type: 'Date', required: true }),
    timeZone: t.string({ description: "IANA zone the days are read in; default the viewer's." }),
    force: t.boolean({ description: 'Copy even when the copies clash with other events.' }),
  }),
});
const JoinInput = builder.inputType('JoinWorkEventInput', {
  description: 'An event to join.',
  fields: (t) => ({
    id: t.globalID({ description: 'The WorkEvent to join: open and published.', required: true }),
    wholeSeries: t.boolean({ description: 'Also every later occurrence of its series.' }),
    force: t.boolean({ description: "Join even when it clashes with the caller's other events." }),
  }),
});
const ConfirmInput = builder.inputType('ConfirmWorkEventInput', { description: 'An event to confirm.', fields: (t) => ({ id: t.globalID({ description: 'The WorkEvent to confirm.', required: true }) }) });

builder.mutationFields((t) => ({
  createWorkEvent: t.field({
    type: SavePayload,
    errors: saveErrors,
    description:
      "Creates an event, or with `recurrence` a recurring series (one WorkEvent per occurrence), unpublished unless `published: true`. Every occurrence is checked for clashes with the participants' and the place's other events first. Rights: schedule.use (staff). Errors: ScheduleConflictError (SCHEDULE_CONFLICT; send `force: true` to save anyway), INVALID_INPUT (title, times, over 31 days), END_BEFORE_START, INVALID_RULE, EMPTY_RULE, TOO_MANY_OCCURRENCES (over 1000), UNKNOWN_PROJECT, UNKNOWN_PARTICIPANT, FORBIDDEN.",
    args: { input: t.arg({ description: 'The event or series.', type: CreateWorkEventInput, required: true }) },
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
    description:
      "Edits an event; for an occurrence of a series, `scope` says which occurrences change (THIS makes it an exception, FOLLOWING splits the series, ALL changes the whole series). Moving it or changing its place clears the participants' confirmations. Rights: the creator, or schedule.manage. Errors: ScheduleConflictError (SCHEDULE_CONFLICT; `force: true` saves anyway), NOT_FOUND (missing or not visible), FORBIDDEN, and the input errors of createWorkEvent.",
    args: { input: t.arg({ description: 'The event, the scope and the fields to change.', type: UpdateWorkEventInput, required: true }) },
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
    description:
      'Deletes an event; for an occurrence, `scope` THIS (its start becomes an exception date), FOLLOWING (the rule ends before it) or ALL (the whole series). Rights: the creator, or schedule.manage. Errors: NOT_FOUND, FORBIDDEN.',
    args: { input: t.arg({ description: 'The event and the scope.', type: DeleteInput, required: true }) },
    resolve: (_r, { input }, ctx) => deleteEvent(ctx, atDoor(deleteEventInput, { id: localId(input.id, 'WorkEvent'), scope: input.scope ?? undefined })),
  }),
  publishWorkEvents: t.field({
    type: EventsPayload,
    errors: mutationErrors,
    description: 'Publishes events: their participants (and, when open, all staff) see them. Rights: the creator of each, or schedule.manage. Errors: NOT_FOUND, FORBIDDEN, INVALID_INPUT (no ids, over 500).',
    args: { input: t.arg({ description: 'The events to publish.', type: PublishInput, required: true }) },
    resolve: async (_r, { input }, ctx) => ({
      eventIds: (await setPublished(ctx, { ids: localIds(input.ids, 'WorkEvent'), wholeSeries: input.wholeSeries ?? undefined }, true)).ids,
    }),
  }),
  unpublishWorkEvents: t.field({
    type: EventsPayload,
    errors: mutationErrors,
    description: 'Unpublishes events: only their creator and schedule managers see them. Rights: the creator of each, or schedule.manage. Errors: NOT_FOUND, FORBIDDEN, INVALID_INPUT.',
    args: { input: t.arg({ description: 'The events to unpublish.', type: PublishInput, required: true }) },
    resolve: async (_r, { input }, ctx) => ({
      eventIds: (await setPublished(ctx, { ids: localIds(input.ids, 'WorkEvent'), wholeSeries: input.wholeSeries ?? undefined }, false)).ids,
    }),
  }),
  copyWorkEvents: t.field({
    type: EventsPayload,
    errors: saveErrors,
    description:
      'Copies events, or every event of a day the caller may edit, to another day; the copies are new unpublished events created by the caller, checked for clashes. Rights: schedule.use, and the right to edit each event copied (its creator, or schedule.manage). Errors: ScheduleConflictError (`force: true` copies anyway), NOT_FOUND, FORBIDDEN, INVALID_INPUT.',
    args: { input: t.arg({ description: 'What to copy and where.', type: CopyInput, required: true }) },
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
    description:
      'Adds the caller as a participant of an open, published event (with `wholeSeries`, of every later occurrence too). Rights: schedule.use. Errors: NOT_OPEN, ALREADY_JOINED, ScheduleConflictError (`force: true` joins anyway), NOT_FOUND.',
    args: { input: t.arg({ description: 'The event to join.', type: JoinInput, required: true }) },
    resolve: (_r, { input }, ctx) => joinEvent(ctx, atDoor(joinEventInput, { id: localId(input.id, 'WorkEvent'), wholeSeries: input.wholeSeries ?? undefined, force: input.force ?? undefined })),
  }),
  confirmWorkEvent: t.field({
    type: EventsPayload,
    errors: mutationErrors,
    description: 'The caller, a participant, confirms the event as it now stands (a later move clears it). Rights: schedule.use and taking part. Errors: NOT_PARTICIPANT, NOT_FOUND.',
    args: { input: t.arg({ description: 'The event to confirm.', type: ConfirmInput, required: true }) },
    resolve: (_r, { input }, ctx) => confirmEvent(ctx, atDoor(confirmEventInput, { id: localId(input.id, 'WorkEvent') })),
  }),
}));
