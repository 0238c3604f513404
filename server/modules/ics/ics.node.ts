import { builder } from '../../graphql/builder.ts';
import { mutationErrors } from '../../graphql/errors.ts';
import { translate } from '../../i18n/catalogue.ts';
import { requireActor } from '../../policy.ts';
import { atDoor } from '../../lib/validate.ts';
import { canManageSubscription, effectiveAt, generateIcsFile, generateIcsInput, ICS_STATES, subscriptionListInput, subscriptionsWhere } from './ics.service.ts';

export const IcsSubscriptionStateEnum = builder.enumType('IcsSubscriptionState', {
  description: 'Calendar subscription state. Stored values: 0 not opened, 1 open, 2 paused.',
  values: {
    NOT_OPENED: { value: ICS_STATES.NOT_OPENED, description: '0: never opened: no link.' },
    OPEN: { value: ICS_STATES.OPEN, description: '1: open: the link answers the feed.' },
    PAUSED: { value: ICS_STATES.PAUSED, description: '2: paused: the link answers 404 until restored.' },
  } as const,
});

builder.prismaNode('IcsSubscription', {
  nullable: true,
  id: { field: 'id' },
  description: "A person's calendar (ICS) subscription: a secret link calendar apps poll. Seen by its owner and by administrators.",
  select: { userId: true },
  authScopes: (sub, ctx) => canManageSubscription(ctx, sub),
  fields: (t) => ({
    databaseId: t.exposeInt('id', { description: 'The legacy numeric id.' }),
    user: t.relation('user', { description: 'Whose calendar the feed shows.' }),
    state: t.field({ description: 'Not opened, open or paused.', type: IcsSubscriptionStateEnum, select: { state: true }, resolve: (s) => (s.state === 1 || s.state === 2 ? s.state : 0) }),
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
    openedAt: t.expose('openedAt', { description: 'When it was first opened (instant).', type: 'DateTime', nullable: true }),
    pausedAt: t.expose('pausedAt', { description: 'When it was last paused (instant).', type: 'DateTime', nullable: true }),
    lastFetchedAt: t.expose('lastFetchedAt', { type: 'DateTime', nullable: true, description: 'Last time a calendar app fetched the feed (to within 5 minutes).' }),
    updatedAt: t.expose('updatedAt', { description: 'When it last changed (instant).', type: 'DateTime' }),
  }),
});

const IcsSubscriptionFilter = builder.inputType('IcsSubscriptionFilter', {
  description: 'Narrows `icsSubscriptions`.',
  fields: (t) => ({
    state: t.field({ description: 'Only subscriptions in this state.', type: IcsSubscriptionStateEnum }),
    search: t.string({ description: "Matches the person's name or account." }),
    departmentId: t.int({ description: 'Database id of a department: only its staff.' }),
  }),
});

const GeneratedIcs = builder.objectRef<{ fileName: string; text: string }>('GeneratedIcs').implement({
  description: "A one-off calendar file of the viewer's events.",
  fields: (t) => ({
    fileName: t.exposeString('fileName', { description: 'A file name for the download (.ics).' }),
    content: t.exposeString('text', { description: 'The iCalendar text (text/calendar).' }),
  }),
});

builder.queryFields((t) => ({
  myIcsSubscription: t.prismaField({
    type: 'IcsSubscription',
    nullable: true,
    description: "The caller's calendar subscription; null until it is first opened (state NOT_OPENED). Signed-in callers.",
    resolve: (query, _r, _a, ctx) => ctx.db.icsSubscription.findUnique({ ...query, where: { userId: requireActor(ctx).id } }),
  }),
  icsSubscriptions: t.prismaConnection({
    type: 'IcsSubscription',
    cursor: 'id',
    description: "Everyone's calendar subscriptions, by id. Rights: ics.manageAll (administrators, managers).",
    authScopes: { permission: 'ics.manageAll' },
    args: { filter: t.arg({ description: 'Conditions on state, person and department.', type: IcsSubscriptionFilter }) },
    resolve: (query, _r, args, ctx) => ctx.db.icsSubscription.findMany({ ...query, where: subscriptionsWhere(ctx, atDoor(subscriptionListInput, args.filter ?? {})), orderBy: { id: 'asc' } }),
  }),
  generatedIcs: t.field({
    type: GeneratedIcs,
    errors: mutationErrors,
    description: "A one-off .ics file of the viewer's events over a range (default: the past 30 days and the next year). Signed-in callers. Errors as data: INVALID_INPUT (range reversed or too long).",
    args: {
      from: t.arg({ description: 'Start of the range (instant); default 30 days ago.', type: 'DateTime' }),
      to: t.arg({ description: "End of the range (instant); default a year from now; at most the server's maximum range after `from`.", type: 'DateTime' }),
    },
    resolve: (_r, args, ctx) => generateIcsFile(ctx, atDoor(generateIcsInput, { from: args.from, to: args.to })),
  }),
}));
