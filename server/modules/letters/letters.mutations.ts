import { atDoor } from '../../lib/validate.ts';
import { builder } from '../../graphql/builder.ts';
import { localIds } from '../../graphql/ids.ts';
import { mutationErrors } from '../../graphql/errors.ts';
import { requireActor } from '../../policy.ts';
import { UserNode } from '../users/index.ts';
import { LETTER_ORDER, sendLetter, setLetterReadState, unreadLetterCount, letterReadStateInput } from './letters.service.ts';
import { LetterNode } from './letters.node.ts';

const SendLetterInput = builder.inputType('SendLetterInput', {
  description: 'A letter to send.',
  fields: (t) => ({
    recipientIds: t.globalIDList({ description: 'The recipients (Users the sender may see, active, with an account).', required: true, for: [UserNode] }),
    title: t.string({ description: 'The title (required).', required: true }),
    content: t.string({ required: true, description: 'Rich text (HTML); sanitised, at most 10000 visible characters.' }),
  }),
});

const SendLetterPayload = builder.objectRef<{ letterId: number; recipientIds: number[] }>('SendLetterPayload').implement({
  description: 'The letter sent.',
  fields: (t) => ({
    letterDatabaseId: t.exposeInt('letterId', { description: "The legacy numeric id of the letter (each recipient's copy has its own Letter id)." }),
    recipientCount: t.int({ description: 'How many people received it.', resolve: (p) => p.recipientIds.length }),
    recipients: t.prismaField({ description: 'The recipients.', type: ['User'], resolve: (query, p, _a, ctx) => ctx.db.user.findMany({ ...query, where: { id: { in: p.recipientIds } }, orderBy: { id: 'asc' } }) }),
  }),
});

const LetterIdsInput = builder.inputType('LetterIdsInput', {
  description: "Letters of the caller's box.",
  fields: (t) => ({ letterIds: t.globalIDList({ description: "Letter ids of the caller's own box.", required: true, for: [LetterNode] }) }),
});

const LetterReadPayload = builder.objectRef<{ ids: number[] }>('LetterReadStatePayload').implement({
  description: 'The letters changed and the new unread count.',
  fields: (t) => ({
    letters: t.prismaField({
      description: 'The letters after the change, newest first.',
      type: ['LetterDelivery'],
      resolve: (query, p, _a, ctx) => ctx.db.letterDelivery.findMany({ ...query, where: { id: { in: p.ids }, recipientId: requireActor(ctx).id }, orderBy: LETTER_ORDER }),
    }),
    unreadLetterCount: t.int({ description: "The caller's unread count now.", resolve: (_p, _a, ctx) => unreadLetterCount(ctx) }),
  }),
});

builder.mutationFields((t) => ({
  sendLetter: t.field({
    description:
      'Sends an internal letter to people; each gets a copy in their box and their unread count changes at once. Rights: letter.send (staff). Errors: RECIPIENTS_REQUIRED, TITLE_REQUIRED, CONTENT_REQUIRED, CONTENT_TOO_LONG, INVALID_RECIPIENT, FORBIDDEN.',
    type: SendLetterPayload,
    errors: mutationErrors,
    args: { input: t.arg({ description: 'The letter.', type: SendLetterInput, required: true }) },
    resolve: (_r, { input }, ctx) => sendLetter(ctx, { recipientIds: localIds(input.recipientIds, 'User'), title: input.title, content: input.content }),
  }),
  markLetterRead: t.field({
    description: "Marks letters of the caller's box read. Signed-in callers. Errors: NOT_FOUND (a letter not in the caller's box).",
    type: LetterReadPayload,
    errors: mutationErrors,
    args: { input: t.arg({ description: 'The letters.', type: LetterIdsInput, required: true }) },
    resolve: (_r, { input }, ctx) => setLetterReadState(ctx, atDoor(letterReadStateInput, { ids: localIds(input.letterIds, 'Letter'), readState: 1 })),
  }),
  markLetterUnread: t.field({
    description: "Marks letters of the caller's box unread. Signed-in callers. Errors: NOT_FOUND.",
    type: LetterReadPayload,
    errors: mutationErrors,
    args: { input: t.arg({ description: 'The letters.', type: LetterIdsInput, required: true }) },
    resolve: (_r, { input }, ctx) => setLetterReadState(ctx, atDoor(letterReadStateInput, { ids: localIds(input.letterIds, 'Letter'), readState: 0 })),
  }),
  markAllLettersRead: t.field({
    description: "Marks every letter of the caller's box read. Signed-in callers.",
    type: LetterReadPayload,
    errors: mutationErrors,
    resolve: (_r, _a, ctx) => setLetterReadState(ctx, atDoor(letterReadStateInput, { readState: 1 })),
  }),
}));
