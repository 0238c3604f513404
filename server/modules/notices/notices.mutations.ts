import { builder } from '../../graphql/builder.ts';
import { mutationErrors } from '../../graphql/errors.ts';
import { publishNotice } from './notices.service.ts';

const PublishNoticeInput = builder.inputType('PublishNoticeInput', {
  fields: (t) => ({
    title: t.string({ required: true }),
    content: t.string({ required: true, description: 'Rich text (HTML); sanitised, at most 10000 visible characters.' }),
  }),
});

const NoticePayload = builder.objectRef<{ id: number }>('PublishNoticePayload').implement({
  fields: (t) => ({
    notice: t.prismaField({ type: 'Notice', resolve: (query, p, _a, ctx) => ctx.db.notice.findUniqueOrThrow({ ...query, where: { id: p.id } }) }),
  }),
});

builder.mutationFields((t) => ({
  publishNotice: t.field({
    type: NoticePayload,
    errors: mutationErrors,
    args: { input: t.arg({ type: PublishNoticeInput, required: true }) },
    resolve: (_r, { input }, ctx) => publishNotice(ctx, input),
  }),
}));
