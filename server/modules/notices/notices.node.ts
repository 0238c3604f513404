import { builder } from '../../graphql/builder.ts';
import { NOTICE_ORDER, noticesWhere } from './notices.service.ts';

builder.prismaNode('Notice', {
  nullable: true,
  id: { field: 'id' },
  description: 'A notice published to all staff.',
  authScopes: { permission: 'notice.read' },
  fields: (t) => ({
    databaseId: t.exposeInt('id'),
    title: t.exposeString('title'),
    content: t.exposeString('content', { description: 'Sanitised rich text (HTML).' }),
    publisher: t.relation('publisher', { nullable: true }),
    publisherName: t.string({
      nullable: true,
      select: { publisher: { select: { name: true, nameEn: true } } },
      resolve: (n, _a, ctx) => (ctx.lang === 'en' ? (n.publisher?.nameEn ?? n.publisher?.name) : n.publisher?.name) ?? null,
    }),
    publishedAt: t.expose('publishedAt', { type: 'DateTime' }),
  }),
});

builder.queryFields((t) => ({
  notices: t.prismaConnection({
    type: 'Notice',
    cursor: 'id',
    description: 'Notices, newest first.',
    authScopes: { permission: 'notice.read' },
    args: { search: t.arg.string({ description: 'Matches the title, literally.' }) },
    totalCount: (_r, args, ctx) => ctx.db.notice.count({ where: noticesWhere(ctx, args) }),
    resolve: (query, _r, args, ctx) => ctx.db.notice.findMany({ ...query, where: noticesWhere(ctx, args), orderBy: NOTICE_ORDER }),
  }),
}));
