import { encodeGlobalID } from '@pothos/plugin-relay';
import { builder } from '../../graphql/builder.ts';
import { mutationErrors } from '../../graphql/errors.ts';
import { noticeIdInput, publishNotice, updateNotice, withdrawNotice } from './notices.service.ts';
import { atDoor } from '../../lib/validate.ts';
import { NoticeNode } from './notices.node.ts';

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

const UpdateNoticeInput = builder.inputType('UpdateNoticeInput', {
  description: 'A published notice with its new title and text.',
  fields: (t) => ({
    noticeId: t.globalID({ description: 'The notice.', required: true, for: [NoticeNode] }),
    title: t.string({ description: 'The title (required).', required: true }),
    content: t.string({ required: true, description: 'Rich text (HTML); sanitised, at most 10000 visible characters.' }),
  }),
});

const NoticeRefInput = builder.inputType('NoticeRefInput', {
  description: 'A notice to act on.',
  fields: (t) => ({ noticeId: t.globalID({ description: 'The notice.', required: true, for: [NoticeNode] }) }),
});

const UpdateNoticePayload = builder.objectRef<{ id: number }>('UpdateNoticePayload').implement({
  description: 'The notice after the edit.',
  fields: (t) => ({
    notice: t.prismaField({ description: 'The notice.', type: 'Notice', resolve: (query, p, _a, ctx) => ctx.db.notice.findUniqueOrThrow({ ...query, where: { id: p.id } }) }),
  }),
});

const WithdrawNoticePayload = builder.objectRef<{ id: number }>('WithdrawNoticePayload').implement({
  description: 'The notice withdrawn.',
  fields: (t) => ({
    withdrawnNoticeId: t.id({ description: 'Global id of the notice that was withdrawn.', resolve: (p) => encodeGlobalID('Notice', String(p.id)) }),
  }),
});

builder.mutationFields((t) => ({
  updateNotice: t.field({
    description: 'Edits a published notice (title and text; its publisher and date stay). Rights: notice.publish (managers). Errors: TITLE_REQUIRED, CONTENT_REQUIRED, CONTENT_TOO_LONG, NOT_FOUND, FORBIDDEN.',
    type: UpdateNoticePayload,
    errors: mutationErrors,
    args: { input: t.arg({ description: 'The notice and its new text.', type: UpdateNoticeInput, required: true }) },
    resolve: (_r, { input }, ctx) => updateNotice(ctx, { id: Number(input.noticeId.id), title: input.title, content: input.content }),
  }),
  withdrawNotice: t.field({
    description: 'Withdraws (deletes) a notice: it leaves every list. Rights: notice.publish (managers). Errors: NOT_FOUND, FORBIDDEN.',
    type: WithdrawNoticePayload,
    errors: mutationErrors,
    args: { input: t.arg({ description: 'The notice.', type: NoticeRefInput, required: true }) },
    resolve: (_r, { input }, ctx) => withdrawNotice(ctx, atDoor(noticeIdInput, { id: Number(input.noticeId.id) })),
  }),
  publishNotice: t.field({
    description: 'Publishes a notice to all staff. Rights: notice.publish (managers). Errors: TITLE_REQUIRED, CONTENT_REQUIRED, CONTENT_TOO_LONG, FORBIDDEN.',
    type: NoticePayload,
    errors: mutationErrors,
    args: { input: t.arg({ description: 'The notice.', type: PublishNoticeInput, required: true }) },
    resolve: (_r, { input }, ctx) => publishNotice(ctx, input),
  }),
}));
