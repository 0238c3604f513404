import { builder } from '../../graphql/builder.ts';
import type { ServiceContext } from '../../context.ts';
import { cappedTotalField } from '../../graphql/counting.ts';
import { cappedConnectionTotal } from '../../lib/counting.ts';
import { SENT_ORDER, sentLettersWhere } from './letters.service.ts';

/** How many recipients' names a sent letter answers (the count is always whole). */
const NAMES_SHOWN = 20;

/** A recipient's name as stored: the client shows `nameEn` in English (names are not re-asked when the language changes). */
const LetterRecipient = builder.objectRef<{ name: string; nameEn: string | null }>('LetterRecipient').implement({
  description: "A sent letter's recipient, by name only (the sender may have lost sight of them since).",
  fields: (t) => ({
    name: t.exposeString('name', { description: 'The name.' }),
    nameEn: t.exposeString('nameEn', { description: 'The English name, when there is one.', nullable: true }),
  }),
});

/**
 * A letter as its sender sees it (the sent view): who it went to and how many have read it. Only
 * its sender reaches it, on `sentLetters` and on `node(id:)` (another person's answers null).
 */
export const SentLetterNode = builder.prismaNode('Letter', {
  name: 'SentLetter',
  nullable: true,
  id: { field: 'id' },
  description: 'A letter the caller sent, with its recipients and how many have read it.',
  authScopes: (l, ctx) => !!ctx.actor && l.senderId === ctx.actor.id,
  fields: (t) => ({
    databaseId: t.exposeInt('id', { description: 'The legacy numeric id of the letter.' }),
    title: t.exposeString('title', { description: 'The title.' }),
    content: t.exposeString('content', { description: 'Sanitised rich text (HTML).' }),
    sentAt: t.expose('createdAt', { description: 'When it was sent (instant).', type: 'DateTime' }),
    recipientCount: t.relationCount('deliveries', { description: 'How many people it went to.' }),
    readCount: t.relationCount('deliveries', { description: 'How many of them have read it.', where: { readState: 1 } }),
    recipients: t.field({
      type: [LetterRecipient],
      description: `The first ${NAMES_SHOWN} recipients, in the order they were added.`,
      select: { deliveries: { select: { recipient: { select: { name: true, nameEn: true } } }, orderBy: { id: 'asc' }, take: NAMES_SHOWN } },
      resolve: (l) => l.deliveries.map((d) => d.recipient),
    }),
  }),
});

builder.queryFields((t) => ({
  sentLetters: t.prismaConnection(
    {
      type: SentLetterNode,
      cursor: 'id',
      description: 'Letters the caller sent, newest first. Rights: letter.send (staff).',
      authScopes: { permission: 'letter.send' },
      args: { search: t.arg.string({ description: 'Matches the title, literally.' }) },
      totalCount: cappedConnectionTotal((args: { search?: string | null }, ctx: ServiceContext, take) => ctx.db.letter.count({ where: sentLettersWhere(ctx, args), take })),
      resolve: (query, _r, args, ctx) => ctx.db.letter.findMany({ ...query, where: sentLettersWhere(ctx, args), orderBy: SENT_ORDER }),
    },
    { fields: (c) => ({ totalCountCapped: cappedTotalField(c) }) },
  ),
}));
