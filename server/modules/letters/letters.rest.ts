import { atDoor } from '../../lib/validate.ts';
import type { ServiceContext } from '../../context.ts';
import { requireActor } from '../../policy.ts';
import { BOTH, type RestRoute } from '../../rest/adapter.ts';
import { pageJson, readPage } from '../../rest/envelope.ts';
import { first, withCondition } from '../../rest/params.ts';
import { formatDateTime } from '../../lib/wall-time.ts';
import { listMyLettersPage, openLetter, sendLetter, setLetterReadState, type DeliveryRow, myLettersInput, openLetterInput, letterReadStateInput } from './letters.service.ts';

function letterJson(ctx: ServiceContext, d: DeliveryRow, withContent: boolean) {
  const zone = requireActor(ctx).timeZone;
  return {
    id: d.id,
    letterId: d.letterId,
    title: d.letter.title,
    ...(withContent ? { content: d.letter.content } : {}),
    senderId: d.letter.senderId,
    senderName: d.letter.sender?.name ?? null,
    senderNameEn: d.letter.sender?.nameEn ?? null,
    readState: d.readState,
    readTime: formatDateTime(d.readAt, zone),
    createTime: formatDateTime(d.createdAt, zone),
  };
}

/** Letters (`/sns/letter/*`). `send` is this project's addition. */
export const letterRoutes: RestRoute[] = [
  {
    path: '/api/admin/sns/letter/listMyLetterByPage',
    methods: BOTH,
    handler: async (ctx, req) => {
      const c = withCondition(req.params);
      const page = readPage(req.params);
      const { rows, total, unread } = await listMyLettersPage(ctx, atDoor(myLettersInput, { readState: c.readState, search: first(c.searchKey, c.title) }), page);
      return {
        data: {
          ...pageJson(
            page,
            total,
            rows.map((d) => letterJson(ctx, d, false)),
          ),
          unreadMessageCount: unread,
        },
      };
    },
  },
  {
    path: '/api/admin/sns/letter/detail',
    methods: BOTH,
    handler: async (ctx, req) => ({ data: letterJson(ctx, await openLetter(ctx, atDoor(openLetterInput, { id: first(req.params.id, withCondition(req.params).id) })), true) }),
  },
  {
    path: '/api/admin/sns/letter/updateMyLetterByReadState',
    methods: BOTH,
    handler: async (ctx, req) => {
      const c = withCondition(req.params);
      const ids = first(c.ids, c.selIds, c.id);
      return { data: await setLetterReadState(ctx, atDoor(letterReadStateInput, { ids, readState: first(c.readState) ?? 1 })) };
    },
  },
  {
    path: '/api/admin/sns/letter/send',
    methods: ['POST'],
    handler: async (ctx, req) => {
      const p = req.params;
      return { data: await sendLetter(ctx, { recipientIds: first(p.recipientIds, p.userIds, p.receiverIds), title: p.title, content: p.content }) };
    },
  },
];
