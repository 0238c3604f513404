import { builder } from '../../graphql/builder.ts';
import { mutationErrors } from '../../graphql/errors.ts';
import { publishNotice } from './notices.service.ts';

const PublishNoticeInput = builder.inputType('PublishNoticeInput', {
  description: 'A notice to publish.',
  fields: (t) => ({
    title: t.string({ description: 'The title (required).', required: true }),
    content: t.string({ required: true, description: 'Rich text (HTML); sanitised, at most 10000 visible characters.' }),
  }),
});

const NoticePayload = builder.objectRef<{ id: number }>('PublishNoticePayload').implement({
  description: 'The notice published.',
  fields: (t) => ({
    notice: t.prismaField({ description: 'The new notice.', type: 'Notice', resolve: (query, p, _a, ctx) => ctx.db.notice.findUniqueOrThrow({ ...query, where: { id: p.id } }) }),
  }),
});

builder.mutationFields((t) => ({
  publishNotice: t.field({
    description: 'Publishes a notice to all staff. Rights: notice.publish (managers). Errors: TITLE_REQUIRED, CONTENT_REQUIRED, CONTENT_TOO_LONG, FORBIDDEN.',
    type: NoticePayload,
    errors: mutationErrors,
    args: { input: t.arg({ description: 'The notice.', type: PublishNoticeInput, required: true }) },
    resolve: (_r, { input }, ctx) => publishNotice(ctx, input),
  }),
}));
