import type { ServiceContext } from '../../context.ts';
import { requireActor } from '../../policy.ts';
import { BOTH, type RestRoute } from '../../rest/adapter.ts';
import { pageJson, readPage } from '../../rest/envelope.ts';
import { first, withCondition } from '../../rest/params.ts';
import { formatDateTime } from '../../lib/wall-time.ts';
import { getNotice, listNoticesInput, listNoticesPage, noticeIdInput, publishNotice, type NoticeRow } from './notices.service.ts';
import { atDoor } from '../../lib/validate.ts';

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

/** Notices (`/sns/notice/*`). `notice/save` is this project's addition. */
export const noticeRoutes: RestRoute[] = [
  {
    path: '/api/admin/sns/notice/listSnsNoticeByPage',
    methods: BOTH,
    handler: async (ctx, req) => {
      const c = withCondition(req.params);
      const page = readPage(req.params);
      const { rows, total } = await listNoticesPage(ctx, atDoor(listNoticesInput, { search: first(c.searchKey, c.title) }), page);
      return {
        data: pageJson(
          page,
          total,
          rows.map((n) => noticeJson(ctx, n, false)),
        ),
      };
    },
  },
  {
    path: '/api/admin/sns/notice/detail',
    methods: BOTH,
    handler: async (ctx, req) => ({ data: noticeJson(ctx, await getNotice(ctx, atDoor(noticeIdInput, { id: first(req.params.id, withCondition(req.params).id) })), true) }),
  },
  {
    path: '/api/admin/sns/notice/save',
    methods: ['POST'],
    handler: async (ctx, req) => ({ data: await publishNotice(ctx, { title: req.params.title, content: req.params.content }) }),
  },
];
