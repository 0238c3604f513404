import { builder } from '../../graphql/builder.ts';
import { localIds } from '../../graphql/ids.ts';
import { mutationErrors } from '../../graphql/errors.ts';
import { requireActor } from '../../policy.ts';
import { UserNode } from '../users/index.ts';
import { LETTER_ORDER, sendLetter, setLetterReadState, unreadLetterCount } from './letters.service.ts';
import { LetterNode } from './letters.node.ts';

const SendLetterInput = builder.inputType('SendLetterInput', {
  fields: (t) => ({
    recipientIds: t.globalIDList({ required: true, for: [UserNode] }),
    title: t.string({ required: true }),
    content: t.string({ required: true, description: 'Rich text (HTML); sanitised, at most 10000 visible characters.' }),
  }),
});

const SendLetterPayload = builder.objectRef<{ letterId: number; recipientIds: number[] }>('SendLetterPayload').implement({
  fields: (t) => ({
    letterDatabaseId: t.exposeInt('letterId'),
    recipientCount: t.int({ resolve: (p) => p.recipientIds.length }),
    recipients: t.prismaField({
      type: ['User'],
      resolve: (query, p, _a, ctx) => ctx.db.user.findMany({ ...query, where: { id: { in: p.recipientIds } }, orderBy: { id: 'asc' } }),
    }),
  }),
});

const LetterIdsInput = builder.inputType('LetterIdsInput', {
  fields: (t) => ({ letterIds: t.globalIDList({ required: true, for: [LetterNode] }) }),
});

const LetterReadPayload = builder.objectRef<{ ids: number[] }>('LetterReadStatePayload').implement({
  fields: (t) => ({
    letters: t.prismaField({
      type: ['LetterDelivery'],
      resolve: (query, p, _a, ctx) => ctx.db.letterDelivery.findMany({ ...query, where: { id: { in: p.ids }, recipientId: requireActor(ctx).id }, orderBy: LETTER_ORDER }),
    }),
    unreadLetterCount: t.int({ resolve: (_p, _a, ctx) => unreadLetterCount(ctx) }),
  }),
});

builder.mutationFields((t) => ({
  sendLetter: t.field({
    type: SendLetterPayload,
    errors: mutationErrors,
    args: { input: t.arg({ type: SendLetterInput, required: true }) },
    resolve: (_r, { input }, ctx) => sendLetter(ctx, { recipientIds: localIds(input.recipientIds, 'User'), title: input.title, content: input.content }),
  }),
  markLetterRead: t.field({
    type: LetterReadPayload,
    errors: mutationErrors,
    args: { input: t.arg({ type: LetterIdsInput, required: true }) },
    resolve: (_r, { input }, ctx) => setLetterReadState(ctx, { ids: localIds(input.letterIds, 'Letter'), readState: 1 }),
  }),
  markLetterUnread: t.field({
    type: LetterReadPayload,
    errors: mutationErrors,
    args: { input: t.arg({ type: LetterIdsInput, required: true }) },
    resolve: (_r, { input }, ctx) => setLetterReadState(ctx, { ids: localIds(input.letterIds, 'Letter'), readState: 0 }),
  }),
  markAllLettersRead: t.field({
    type: LetterReadPayload,
    errors: mutationErrors,
    resolve: (_r, _a, ctx) => setLetterReadState(ctx, { readState: 1 }),
  }),
}));
