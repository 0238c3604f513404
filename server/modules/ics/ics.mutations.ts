import { atDoor } from '../../lib/validate.ts';
import { builder } from '../../graphql/builder.ts';
import { localIds } from '../../graphql/ids.ts';
import { mutationErrors } from '../../graphql/errors.ts';
import { translate } from '../../i18n/catalogue.ts';
import { UserNode } from '../users/index.ts';
import { importIcs } from './ics.import.ts';
import { batchChangeSubscriptions, changeMySubscription, batchSubscriptionsInput, frequencyInput } from './ics.service.ts';

const IcsSubscriptionPayload = builder.objectRef<{ id: number; feedPath: string | null }>('IcsSubscriptionPayload').implement({
  description: 'The subscription after the change.',
  fields: (t) => ({
    feedPath: t.exposeString('feedPath', {
      nullable: true,
      description:
        'The new link, `/ics/<token>.ics` (put the site address before it; `webcal://` works too), after opening or regenerating: shown this once, the server keeps only its hash. Null after the other transitions.',
    }),
    icsSubscription: t.prismaField({ description: 'The subscription.', type: 'IcsSubscription', resolve: (query, p, _a, ctx) => ctx.db.icsSubscription.findUniqueOrThrow({ ...query, where: { id: p.id } }) }),
  }),
});

const FrequencyInput = builder.inputType('IcsSubscriptionFrequencyInput', {
  description: 'Optionally, how often calendar apps should refresh.',
  fields: (t) => ({ pushFrequencyHours: t.int({ description: '3 or 12.' }) }),
});
const RequiredFrequencyInput = builder.inputType('SetIcsPushFrequencyInput', {
  description: 'How often calendar apps should refresh.',
  fields: (t) => ({ pushFrequencyHours: t.int({ required: true, description: '3 or 12.' }) }),
});

const BatchInput = builder.inputType('BatchIcsSubscriptionsInput', {
  description: 'People whose subscriptions change.',
  fields: (t) => ({ userIds: t.globalIDList({ description: 'The Users (all must exist).', required: true, for: [UserNode] }) }),
});

const BatchPayload = builder.objectRef<{ ids: number[]; changed: number }>('BatchIcsSubscriptionsPayload').implement({
  description: 'What a batch change did.',
  fields: (t) => ({
    changedCount: t.exposeInt('changed', { description: 'Subscriptions whose state changed.' }),
    icsSubscriptions: t.prismaField({
      type: ['IcsSubscription'],
      description: 'The subscriptions of the people named, after the change.',
      resolve: (query, p, _a, ctx) => ctx.db.icsSubscription.findMany({ ...query, where: { id: { in: p.ids } }, orderBy: { userId: 'asc' } }),
    }),
  }),
});

const ImportIcsInput = builder.inputType('ImportIcsInput', {
  description: 'An .ics file to import.',
  fields: (t) => ({ file: t.field({ type: 'File', required: true, description: 'An iCalendar (.ics) file of at most 5 MB.' }) }),
});

const ImportIcsPayload = builder.objectRef<{ importedCount: number; seriesCount: number; skippedCount: number; eventIds: number[] }>('ImportIcsPayload').implement({
  description: 'What the import created.',
  fields: (t) => ({
    importedCount: t.exposeInt('importedCount', { description: 'Events (occurrences included) created.' }),
    seriesCount: t.exposeInt('seriesCount', { description: 'Recurring series created.' }),
    skippedCount: t.exposeInt('skippedCount', { description: 'Events already in the calendar (same title, start and end), not imported again.' }),
    message: t.string({ description: "A summary in the caller's language.", resolve: (p, _a, ctx) => translate(ctx.lang, 'ics.imported', { count: p.importedCount }) }),
    events: t.prismaField({
      type: ['WorkEvent'],
      description: 'The events created (first 500).',
      resolve: (query, p, _a, ctx) => ctx.db.workEvent.findMany({ ...query, where: { id: { in: p.eventIds.slice(0, 500) } }, orderBy: [{ startAt: 'asc' }, { id: 'asc' }] }),
    }),
  }),
});

const own = (transition: 'open' | 'pause' | 'restore' | 'regenerate', description: string, withFrequency: boolean) =>
  builder.mutationField(`${transition}IcsSubscription`, (t) =>
    t.field({
      type: IcsSubscriptionPayload,
      errors: mutationErrors,
      description,
      args: withFrequency ? { input: t.arg({ description: 'Optionally, the refresh frequency.', type: FrequencyInput }) } : {},
      resolve: async (_r, args, ctx) => {
        const input = (args as { input?: { pushFrequencyHours?: number | null } | null }).input;
        const changed = await changeMySubscription(ctx, transition, atDoor(frequencyInput, { pushFrequencyHours: input?.pushFrequencyHours ?? null }));
        return { id: changed.subscription.id, feedPath: changed.feedPath };
      },
    }),
  );

own('open', "Opens the caller's calendar subscription: a new secret link, answered once as `feedPath` (NOT_OPENED → OPEN). Errors: ICS_ALREADY_OPEN, INVALID_INPUT (frequency not 3 or 12).", true);
own('pause', "Pauses the caller's subscription: the link answers 404 until restored (OPEN → PAUSED). Errors: ICS_NOT_OPEN.", false);
own('restore', "Restores the caller's paused subscription; the same link works again (PAUSED → OPEN). Errors: ICS_NOT_PAUSED, INVALID_INPUT.", true);
own('regenerate', "Replaces the caller's link with a new one, answered once as `feedPath`; the old link stops at once (the state stays). Errors: ICS_NOT_OPENED.", false);

builder.mutationFields((t) => ({
  setIcsPushFrequency: t.field({
    type: IcsSubscriptionPayload,
    errors: mutationErrors,
    description: "Sets how often calendar apps should refresh the caller's feed: 3 or 12 hours. Errors: ICS_NOT_OPENED, INVALID_INPUT.",
    args: { input: t.arg({ description: 'The refresh frequency.', type: RequiredFrequencyInput, required: true }) },
    resolve: async (_r, { input }, ctx) => ({ id: (await changeMySubscription(ctx, 'setFrequency', atDoor(frequencyInput, input))).subscription.id, feedPath: null }),
  }),
  batchOpenIcsSubscriptions: t.field({
    type: BatchPayload,
    errors: mutationErrors,
    description: 'Opens (or restores) the subscriptions of the people named. Rights: ics.manageAll (administrators, managers). Errors: NOT_FOUND, FORBIDDEN.',
    args: { input: t.arg({ description: 'The people.', type: BatchInput, required: true }) },
    resolve: async (_r, { input }, ctx) => {
      const r = await batchChangeSubscriptions(ctx, 'open', atDoor(batchSubscriptionsInput, { userIds: localIds(input.userIds, 'User') }));
      return { ids: r.subscriptions.map((s) => s.id), changed: r.changed };
    },
  }),
  batchPauseIcsSubscriptions: t.field({
    type: BatchPayload,
    errors: mutationErrors,
    description: 'Pauses the open subscriptions of the people named. Rights: ics.manageAll (administrators, managers). Errors: NOT_FOUND, FORBIDDEN.',
    args: { input: t.arg({ description: 'The people.', type: BatchInput, required: true }) },
    resolve: async (_r, { input }, ctx) => {
      const r = await batchChangeSubscriptions(ctx, 'pause', atDoor(batchSubscriptionsInput, { userIds: localIds(input.userIds, 'User') }));
      return { ids: r.subscriptions.map((s) => s.id), changed: r.changed };
    },
  }),
  importIcs: t.field({
    type: ImportIcsPayload,
    errors: mutationErrors,
    description:
      "Imports the events of an .ics file into the caller's calendar (unpublished; events already there are skipped); all or nothing. Rights: ics.import (staff). Errors: ICS_INVALID (not a calendar, no events, the file missing or over 5 MB, too many events, an event or series too long), FORBIDDEN.",
    args: { input: t.arg({ description: 'The file.', type: ImportIcsInput, required: true }) },
    resolve: (_r, { input }, ctx) => importIcs(ctx, input.file),
  }),
}));
