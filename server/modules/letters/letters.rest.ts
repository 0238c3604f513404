import type { ServiceContext } from '../../context.ts';
import { requireActor } from '../../policy.ts';
import { BOTH, type RestRoute } from '../../rest/adapter.ts';
import type { Params } from '../../rest/body.ts';
import { readPage } from '../../rest/envelope.ts';
import { formatDateTime } from '../../lib/wall-time.ts';
import { getNotice, listNoticesPage, publishNotice, type NoticeRow } from '../notices/notices.service.ts';
import { listMyLettersPage, openLetter, sendLetter, setLetterReadState, type DeliveryRow } from './letters.service.ts';

const condition = (p: Params): Params => ({ ...p, ...((p.condition && typeof p.condition === 'object' ? p.condition : {}) as Params) });
const first = (...values: unknown[]) => values.find((v) => v !== undefined && v !== '');

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

function noticeJson(ctx: ServiceContext, n: NoticeRow, withContent: boolean) {
  return {
    id: n.id,
    title: n.title,
    ...(withContent ? { content: n.content } : {}),
    publisherId: n.publisherId,
    publisherName: n.publisher?.name ?? null,
    publishTime: formatDateTime(n.publishedAt, requireActor(ctx).timeZone),
    createTime: formatDateTime(n.publishedAt, requireActor(ctx).timeZone),
  };
}

/** Letters (`/sns/letter/*`) and notices (`/sns/notice/*`). `send` and `notice/save` are this project's additions. */
export const messageRoutes: RestRoute[] = [
  {
    path: '/api/admin/sns/letter/listMyLetterByPage',
    methods: BOTH,
    handler: async (ctx, req) => {
      const c = condition(req.params);
      const page = readPage(req.params);
      const { rows, total, unread } = await listMyLettersPage(ctx, { readState: c.readState, search: first(c.searchKey, c.title) }, page);
      return {
        data: { currentPage: page.currentPage, pageSize: page.pageSize, rows: total, resultList: rows.map((d) => letterJson(ctx, d, false)), unreadMessageCount: unread },
      };
    },
  },
  {
    path: '/api/admin/sns/letter/detail',
    methods: BOTH,
    handler: async (ctx, req) => ({ data: letterJson(ctx, await openLetter(ctx, { id: first(req.params.id, condition(req.params).id) }), true) }),
  },
  {
    path: '/api/admin/sns/letter/updateMyLetterByReadState',
    methods: BOTH,
    handler: async (ctx, req) => {
      const c = condition(req.params);
      const ids = first(c.ids, c.selIds, c.id);
      return { data: await setLetterReadState(ctx, { ids, readState: first(c.readState) ?? 1 }) };
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
  {
    path: '/api/admin/sns/notice/listSnsNoticeByPage',
    methods: BOTH,
    handler: async (ctx, req) => {
      const c = condition(req.params);
      const page = readPage(req.params);
      const { rows, total } = await listNoticesPage(ctx, { search: first(c.searchKey, c.title) }, page);
      return { data: { currentPage: page.currentPage, pageSize: page.pageSize, rows: total, resultList: rows.map((n) => noticeJson(ctx, n, false)) } };
    },
  },
  {
    path: '/api/admin/sns/notice/detail',
    methods: BOTH,
    handler: async (ctx, req) => ({ data: noticeJson(ctx, await getNotice(ctx, { id: first(req.params.id, condition(req.params).id) }), true) }),
  },
  {
    path: '/api/admin/sns/notice/save',
    methods: ['POST'],
    handler: async (ctx, req) => ({ data: await publishNotice(ctx, { title: req.params.title, content: req.params.content }) }),
  },
];
