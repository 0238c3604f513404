import { builder } from '../../graphql/builder.ts';
import { localIds } from '../../graphql/ids.ts';
import { mutationErrors } from '../../graphql/errors.ts';
import { translate } from '../../i18n/catalogue.ts';
import { UserNode } from '../users/index.ts';
import { importIcs } from './ics.import.ts';
import { batchChangeSubscriptions, changeMySubscription } from './ics.service.ts';

const IcsSubscriptionPayload = builder.objectRef<{ id: number; feedPath: string | null }>('IcsSubscriptionPayload').implement({
  fields: (t) => ({
    feedPath: t.exposeString('feedPath', {
      nullable: true,
      description:
        'The new link, `/ics/<token>.ics` (put the site address before it; `webcal://` works too), after opening or regenerating: shown this once, the server keeps only its hash. Null after the other transitions.',
    }),
    icsSubscription: t.prismaField({
      type: 'IcsSubscription',
      resolve: (query, p, _a, ctx) => ctx.db.icsSubscription.findUniqueOrThrow({ ...query, where: { id: p.id } }),
    }),
  }),
});

const FrequencyInput = builder.inputType('IcsSubscriptionFrequencyInput', {
  fields: (t) => ({ pushFrequencyHours: t.int({ description: '3 or 12.' }) }),
});
const RequiredFrequencyInput = builder.inputType('SetIcsPushFrequencyInput', {
  fields: (t) => ({ pushFrequencyHours: t.int({ required: true, description: '3 or 12.' }) }),
});

const BatchInput = builder.inputType('BatchIcsSubscriptionsInput', {
  fields: (t) => ({ userIds: t.globalIDList({ required: true, for: [UserNode] }) }),
});

const BatchPayload = builder.objectRef<{ ids: number[]; changed: number }>('BatchIcsSubscriptionsPayload').implement({
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
  fields: (t) => ({ file: t.field({ type: 'File', required: true, description: 'An iCalendar (.ics) file of at most 5 MB.' }) }),
});

const ImportIcsPayload = builder.objectRef<{ importedCount: number; seriesCount: number; skippedCount: number; eventIds: number[] }>('ImportIcsPayload').implement({
  fields: (t) => ({
    importedCount: t.exposeInt('importedCount', { description: 'Events (occurrences included) created.' }),
    seriesCount: t.exposeInt('seriesCount', { description: 'Recurring series created.' }),
    skippedCount: t.exposeInt('skippedCount', { description: 'Events already in the calendar (same title, start and end), not imported again.' }),
    message: t.string({ resolve: (p, _a, ctx) => translate(ctx.lang, 'ics.imported', { count: p.importedCount }) }),
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
      args: withFrequency ? { input: t.arg({ type: FrequencyInput }) } : {},
      resolve: async (_r, args, ctx) => {
        const input = (args as { input?: { pushFrequencyHours?: number | null } | null }).input;
        const changed = await changeMySubscription(ctx, transition, { pushFrequencyHours: input?.pushFrequencyHours ?? null });
        return { id: changed.subscription.id, feedPath: changed.feedPath };
      },
    }),
  );

own('open', "Opens the viewer's calendar subscription: a new secret link, answered once as `feedPath` (NOT_OPENED → OPEN).", true);
own('pause', 'Pauses the subscription: the link answers 404 until restored (OPEN → PAUSED).', false);
own('restore', 'Restores a paused subscription; the same link works again (PAUSED → OPEN).', true);
own('regenerate', 'Replaces the link with a new one, answered once as `feedPath`; the old link stops at once.', false);

builder.mutationFields((t) => ({
  setIcsPushFrequency: t.field({
    type: IcsSubscriptionPayload,
    errors: mutationErrors,
    description: 'Sets how often calendar apps should refresh the feed: 3 or 12 hours.',
    args: { input: t.arg({ type: RequiredFrequencyInput, required: true }) },
    resolve: async (_r, { input }, ctx) => ({ id: (await changeMySubscription(ctx, 'setFrequency', input)).subscription.id, feedPath: null }),
  }),
  batchOpenIcsSubscriptions: t.field({
    type: BatchPayload,
    errors: mutationErrors,
    description: 'Administrators: opens (or restores) the subscriptions of the people named.',
    args: { input: t.arg({ type: BatchInput, required: true }) },
    resolve: async (_r, { input }, ctx) => {
      const r = await batchChangeSubscriptions(ctx, 'open', { userIds: localIds(input.userIds, 'User') });
      return { ids: r.subscriptions.map((s) => s.id), changed: r.changed };
    },
  }),
  batchPauseIcsSubscriptions: t.field({
    type: BatchPayload,
    errors: mutationErrors,
    description: 'Administrators: pauses the open subscriptions of the people named.',
    args: { input: t.arg({ type: BatchInput, required: true }) },
    resolve: async (_r, { input }, ctx) => {
      const r = await batchChangeSubscriptions(ctx, 'pause', { userIds: localIds(input.userIds, 'User') });
      return { ids: r.subscriptions.map((s) => s.id), changed: r.changed };
    },
  }),
  importIcs: t.field({
    type: ImportIcsPayload,
    errors: mutationErrors,
    description: "Imports the events of an .ics file into the viewer's calendar (unpublished); all or nothing.",
    args: { input: t.arg({ type: ImportIcsInput, required: true }) },
    resolve: (_r, { input }, ctx) => importIcs(ctx, input.file),
  }),
}));
