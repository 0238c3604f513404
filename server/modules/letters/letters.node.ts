import { GraphQLError } from 'graphql';
import type { ServiceContext } from '../../context.ts';
import { translate } from '../../i18n/catalogue.ts';
import { databaseHealth } from '../../db/health.ts';
import { logger } from '../../logger.ts';
import { builder } from '../../graphql/builder.ts';
import { cappedTotalField } from '../../graphql/counting.ts';
import { cappedConnectionTotal } from '../../lib/counting.ts';
import { authenticate } from '../../session/session.ts';
import { UserNode } from '../users/index.ts';
import { letterBoxChanges } from './letters.events.ts';
import { LETTER_ORDER, myLettersWhere, unreadLetterCount } from './letters.service.ts';

export const LetterReadStateEnum = builder.enumType('LetterReadState', {
  description: 'Legacy values: 0 unread, 1 read.',
  values: { UNREAD: { value: 0, description: '0: not read yet.' }, READ: { value: 1, description: '1: read.' } } as const,
});

/** A letter in the caller's box. Nobody reaches another person's letters, administrators included. */
export const LetterNode = builder.prismaNode('LetterDelivery', {
  name: 'Letter',
  nullable: true,
  id: { field: 'id' },
  description: "An internal letter in the caller's letter box.",
  authScopes: (d, ctx) => !!ctx.actor && d.recipientId === ctx.actor.id,
  fields: (t) => ({
    databaseId: t.exposeInt('id', { description: 'Id of the letter in this box (the legacy id).' }),
    title: t.string({ description: 'The title.', select: { letter: { select: { title: true } } }, resolve: (d) => d.letter.title }),
    content: t.string({ description: 'Sanitised rich text (HTML).', select: { letter: { select: { content: true } } }, resolve: (d) => d.letter.content }),
    senderName: t.string({
      description: "The sender's name in the caller's language; null for a system letter.",
      nullable: true,
      select: { letter: { select: { sender: { select: { name: true, nameEn: true } } } } },
      resolve: (d, _a, ctx) => (ctx.lang === 'en' ? (d.letter.sender?.nameEn ?? d.letter.sender?.name) : d.letter.sender?.name) ?? null,
    }),
    sender: t.field({
      type: UserNode,
      nullable: true,
      description: 'The sender, when the caller may see them in the directory.',
      select: { letter: { select: { sender: true } } },
      resolve: (d) => d.letter.sender,
    }),
    readState: t.field({ description: 'Read or unread (markLetterRead, markLetterUnread change it).', type: LetterReadStateEnum, resolve: (d) => (d.readState === 1 ? 1 : 0) }),
    readAt: t.expose('readAt', { description: 'When it was first read (instant); null while unread.', type: 'DateTime', nullable: true }),
    sentAt: t.expose('createdAt', { description: 'When it was sent (instant).', type: 'DateTime' }),
  }),
});

builder.queryFields((t) => ({
  myLetters: t.prismaConnection(
    {
      type: 'LetterDelivery',
      cursor: 'id',
      description: "The caller's letters, newest first (nobody reads another person's box, administrators included). Signed-in callers.",
      args: { readState: t.arg({ description: 'Only read or only unread letters.', type: LetterReadStateEnum }), search: t.arg.string({ description: 'Matches the title, literally.' }) },
      totalCount: cappedConnectionTotal((args: { readState?: number | null; search?: string | null }, ctx: ServiceContext, take) => ctx.db.letterDelivery.count({ where: myLettersWhere(ctx, args), take })),
      resolve: (query, _r, args, ctx) => ctx.db.letterDelivery.findMany({ ...query, where: myLettersWhere(ctx, args), orderBy: LETTER_ORDER }),
    },
    { fields: (c) => ({ totalCountCapped: cappedTotalField(c) }) },
  ),
  unreadLetterCount: t.int({
    description: "Unread letters in the caller's box (the badge). Subscribe to `unreadLetterCount` to follow it.",
    resolve: (_r, _a, ctx) => unreadLetterCount(ctx),
  }),
}));

/**
 * The unread count as a stream: the current value first, then each new value. Ends when the
 * caller's session ends (logout, expiry, deactivation). Consumers stop it with return().
 */
function unreadCounts(ctx: ServiceContext): AsyncIterable<number> {
  // Subscriptions bypass the execute-time error translation: answer in the caller's language here.
  if (!ctx.actor) {
    const expired = ctx.authFailure === 'TOKEN_EXPIRED';
    throw new GraphQLError(translate(ctx.lang, expired ? 'status.tokenExpire' : 'status.needLogin'), {
      extensions: { code: expired ? 'TOKEN_EXPIRED' : 'UNAUTHENTICATED' },
    });
  }
  const actor = ctx.actor;
  return {
    [Symbol.asyncIterator]() {
      const changes = letterBoxChanges(ctx.db, actor.id)[Symbol.asyncIterator]();
      let last = -1;
      return {
        async next(): Promise<IteratorResult<number>> {
          try {
            return await step();
          } catch (err) {
            if (!databaseHealth.report(err)) logger.error('unread letter count stream failed', { error: (err as Error)?.message });
            await changes.return?.();
            throw new GraphQLError(translate(ctx.lang, 'error.internal'), { extensions: { code: 'INTERNAL_SERVER_ERROR' } });
          }
        },
        async return(): Promise<IteratorResult<number>> {
          await changes.return?.();
          return { done: true, value: undefined };
        },
      };
      async function step(): Promise<IteratorResult<number>> {
        for (;;) {
          const step = await changes.next();
          if (step.done) return { done: true, value: undefined };
          if (ctx.token && !(await authenticate(ctx.db, ctx.token)).actor) {
            await changes.return?.();
            return { done: true, value: undefined };
          }
          const count = await unreadLetterCount(ctx, actor.id);
          if (count !== last) {
            last = count;
            return { done: false, value: count };
          }
        }
      }
    },
  };
}

builder.subscriptionType({ description: 'Live updates, over server-sent events (Accept: text/event-stream on /graphql).' });

builder.subscriptionFields((t) => ({
  unreadLetterCount: t.int({
    authScopes: { authenticated: true },
    description: "The caller's unread letter count: the current value at once, then every change (from any server process).",
    subscribe: (_r, _a, ctx) => unreadCounts(ctx),
    resolve: (count: number) => count,
  }),
}));

// ── mutations ──
