import { builder } from '../../graphql/builder.ts';
import { NOTICE_ORDER, noticesWhere } from './notices.service.ts';

export const NoticeNode = builder.prismaNode('Notice', {
  nullable: true,
  id: { field: 'id' },
  description: 'A notice published to all staff.',
  authScopes: { permission: 'notice.read' },
  fields: (t) => ({
    databaseId: t.exposeInt('id', { description: 'The legacy numeric id.' }),
    title: t.exposeString('title', { description: 'The title.' }),
    content: t.exposeString('content', { description: 'Sanitised rich text (HTML).' }),
    publisher: t.relation('publisher', { description: 'Who published it.', nullable: true }),
    publisherName: t.string({
      description: "The publisher's name in the caller's language.",
      nullable: true,
      select: { publisher: { select: { name: true, nameEn: true } } },
      resolve: (n, _a, ctx) => (ctx.lang === 'en' ? (n.publisher?.nameEn ?? n.publisher?.name) : n.publisher?.name) ?? null,
    }),
    publishedAt: t.expose('publishedAt', { description: 'When it was published (instant).', type: 'DateTime' }),
  }),
});

builder.queryFields((t) => ({
  notices: t.prismaConnection({
    type: 'Notice',
    cursor: 'id',
    description: 'Notices, newest first. Rights: notice.read (staff).',
    authScopes: { permission: 'notice.read' },
    args: { search: t.arg.string({ description: 'Matches the title, literally.' }) },
    totalCount: (_r, args, ctx) => ctx.db.notice.count({ where: noticesWhere(ctx, args) }),
    resolve: (query, _r, args, ctx) => ctx.db.notice.findMany({ ...query, where: noticesWhere(ctx, args), orderBy: NOTICE_ORDER }),
  }),
}));
