import { builder } from '../../graphql/builder.ts';
import { mutationErrors } from '../../graphql/errors.ts';
import { translate } from '../../i18n/catalogue.ts';
import { requireActor } from '../../policy.ts';
import { canManageSubscription, effectiveAt, generateIcsFile, ICS_STATES, subscriptionsWhere } from './ics.service.ts';

export const IcsSubscriptionStateEnum = builder.enumType('IcsSubscriptionState', {
  description: 'Calendar subscription state. Stored values: 0 not opened, 1 open, 2 paused.',
  values: {
    NOT_OPENED: { value: ICS_STATES.NOT_OPENED },
    OPEN: { value: ICS_STATES.OPEN },
    PAUSED: { value: ICS_STATES.PAUSED },
  } as const,
});

builder.prismaNode('IcsSubscription', {
  nullable: true,
  id: { field: 'id' },
  description: "A person's calendar (ICS) subscription: a secret link calendar apps poll. Seen by its owner and by administrators.",
  select: { userId: true },
  authScopes: (sub, ctx) => canManageSubscription(ctx, sub),
  fields: (t) => ({
    databaseId: t.exposeInt('id'),
    user: t.relation('user'),
    state: t.field({ type: IcsSubscriptionStateEnum, select: { state: true }, resolve: (s) => (s.state === 1 || s.state === 2 ? s.state : 0) }),
    pushFrequencyHours: t.exposeInt('pushFrequencyHours', { description: 'How often calendar apps should refresh: 3 or 12 (REFRESH-INTERVAL, X-PUBLISHED-TTL).' }),
    linkCreatedAt: t.expose('tokenCreatedAt', { type: 'DateTime', nullable: true, description: 'When the current link was made.' }),
    effectiveAt: t.field({
      type: 'DateTime',
      nullable: true,
      select: { tokenCreatedAt: true },
      description: 'When calendar apps can be expected to show the link (the spec: about 10 minutes after creation). The server answers the link at once.',
      resolve: (s) => effectiveAt(s),
    }),
    effectiveNotice: t.string({
      description: "The notice to show next to a new link, in the caller's language.",
      resolve: (_s, _a, ctx) => translate(ctx.lang, 'ics.effectiveNotice'),
    }),
    openedAt: t.expose('openedAt', { type: 'DateTime', nullable: true }),
    pausedAt: t.expose('pausedAt', { type: 'DateTime', nullable: true }),
    lastFetchedAt: t.expose('lastFetchedAt', { type: 'DateTime', nullable: true, description: 'Last time a calendar app fetched the feed (to within 5 minutes).' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});

const IcsSubscriptionFilter = builder.inputType('IcsSubscriptionFilter', {
  fields: (t) => ({
    state: t.field({ type: IcsSubscriptionStateEnum }),
    search: t.string({ description: "Matches the person's name or account." }),
    departmentId: t.int(),
  }),
});

const GeneratedIcs = builder.objectRef<{ fileName: string; text: string }>('GeneratedIcs').implement({
  description: "A one-off calendar file of the viewer's events.",
  fields: (t) => ({
    fileName: t.exposeString('fileName'),
    content: t.exposeString('text', { description: 'The iCalendar text (text/calendar).' }),
  }),
});

builder.queryFields((t) => ({
  myIcsSubscription: t.prismaField({
    type: 'IcsSubscription',
    nullable: true,
    description: "The viewer's calendar subscription; null until it is first opened (state NOT_OPENED).",
    resolve: (query, _r, _a, ctx) => ctx.db.icsSubscription.findUnique({ ...query, where: { userId: requireActor(ctx).id } }),
  }),
  icsSubscriptions: t.prismaConnection({
    type: 'IcsSubscription',
    cursor: 'id',
    description: "Everyone's calendar subscriptions (administrators and managers).",
    authScopes: { permission: 'ics.manageAll' },
    args: { filter: t.arg({ type: IcsSubscriptionFilter }) },
    resolve: (query, _r, args, ctx) => ctx.db.icsSubscription.findMany({ ...query, where: subscriptionsWhere(ctx, args.filter ?? {}), orderBy: { id: 'asc' } }),
  }),
  generatedIcs: t.field({
    type: GeneratedIcs,
    errors: mutationErrors,
    description: "A one-off .ics file of the viewer's events over a range (default: the past 30 days and the next year).",
    args: { from: t.arg({ type: 'DateTime' }), to: t.arg({ type: 'DateTime' }) },
    resolve: (_r, args, ctx) => generateIcsFile(ctx, { from: args.from, to: args.to }),
  }),
}));
