import type { ServiceContext } from '../../context.ts';
import { ValidationError } from '../../errors.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import { RICH_TEXT_MAX_CHARS, richTextLength } from '../../lib/html.ts';
import { cleanRichText } from '../../lib/html-clean.ts';
import { searchText } from '../../lib/text.ts';
import { dbId, inputOf, parseInput, z, type Parsed } from '../../lib/validate.ts';
import { authorize } from '../../policy.ts';
import { runWrite } from '../../write.ts';
import { noticesErrors } from './notices.errors.ts';

export function noticesWhere(ctx: ServiceContext, f: { search?: string | null } = {}): Prisma.NoticeWhereInput {
  authorize(ctx, 'notice.read');
  const search = searchText(f.search);
  return search ? { title: { contains: search, mode: 'insensitive' } } : {};
}

export const NOTICE_ORDER: Prisma.NoticeOrderByWithRelationInput[] = [{ publishedAt: 'desc' }, { id: 'desc' }];
const noticeInclude = { publisher: { select: { id: true, name: true, nameEn: true } } } satisfies Prisma.NoticeInclude;
export type NoticeRow = Prisma.NoticeGetPayload<{ include: typeof noticeInclude }>;

// The inputs of the doors' calls: each schema gives the type and the check (`atDoor`).
export const listNoticesInput = z.object({ search: z.string().max(100).optional() });
export const noticeIdInput = z.object({ id: dbId() });

export async function listNoticesPage(ctx: ServiceContext, input: Parsed<z.output<typeof listNoticesInput>>, page: { currentPage: number; pageSize: number }): Promise<{ rows: NoticeRow[]; total: number }> {
  authorize(ctx, 'notice.read');
  const f = inputOf(input);
  const where = noticesWhere(ctx, f);
  const [rows, total] = await Promise.all([
    ctx.db.notice.findMany({ where, include: noticeInclude, orderBy: NOTICE_ORDER, skip: (page.currentPage - 1) * page.pageSize, take: page.pageSize }),
    ctx.db.notice.count({ where }),
  ]);
  return { rows, total };
}

export async function getNotice(ctx: ServiceContext, input: Parsed<z.output<typeof noticeIdInput>>): Promise<NoticeRow> {
  authorize(ctx, 'notice.read');
  const { id } = inputOf(input);
  const row = await ctx.db.notice.findUnique({ where: { id }, include: noticeInclude });
  if (!row) throw noticesErrors.rule('NOT_FOUND', 'notice.notFound');
  return row;
}

const publishInput = z.object({ title: z.string().trim().min(1).max(100), content: z.string().max(200_000) });

/** Publishes a notice; the rich text is sanitised (server/lib/html.ts) and limited to 10000 visible characters. */
export async function publishNotice(ctx: ServiceContext, raw: unknown): Promise<{ id: number }> {
  return runWrite(ctx, { operation: 'notice.publish', targetType: 'Notice' }, async (tx) => {
    const actor = authorize(ctx, 'notice.publish');
    const r = (raw ?? {}) as Record<string, unknown>;
    const empty = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
    if (empty(r.title)) throw new ValidationError('letter.titleRequired', undefined, 'TITLE_REQUIRED');
    if (empty(r.content)) throw new ValidationError('letter.contentRequired', undefined, 'CONTENT_REQUIRED');
    const input = parseInput(publishInput, raw);
    const content = await cleanRichText(input.content);
    if (!richTextLength(content) && !/<img\s/i.test(content)) throw new ValidationError('letter.contentRequired', undefined, 'CONTENT_REQUIRED');
    if (richTextLength(content) > RICH_TEXT_MAX_CHARS) throw new ValidationError('letter.contentTooLong', { max: RICH_TEXT_MAX_CHARS }, 'CONTENT_TOO_LONG');
    const notice = await tx.notice.create({ data: { title: input.title, content, publisherId: actor.id }, select: { id: true } });
    return { result: notice, targetIds: [notice.id] };
  });
}

const editInput = z.object({ id: dbId(), title: z.string().trim().min(1).max(100), content: z.string().max(200_000) });

/** Edits a published notice (title and rich text, the same rules as publishing); it keeps its publisher and date. */
export async function updateNotice(ctx: ServiceContext, raw: unknown): Promise<{ id: number }> {
  return runWrite(ctx, { operation: 'notice.update', targetType: 'Notice' }, async (tx) => {
    authorize(ctx, 'notice.publish');
    const r = (raw ?? {}) as Record<string, unknown>;
    const empty = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
    if (empty(r.title)) throw new ValidationError('letter.titleRequired', undefined, 'TITLE_REQUIRED');
    if (empty(r.content)) throw new ValidationError('letter.contentRequired', undefined, 'CONTENT_REQUIRED');
    const input = parseInput(editInput, raw);
    const content = await cleanRichText(input.content);
    if (!richTextLength(content) && !/<img\s/i.test(content)) throw new ValidationError('letter.contentRequired', undefined, 'CONTENT_REQUIRED');
    if (richTextLength(content) > RICH_TEXT_MAX_CHARS) throw new ValidationError('letter.contentTooLong', { max: RICH_TEXT_MAX_CHARS }, 'CONTENT_TOO_LONG');
    const { count } = await tx.notice.updateMany({ where: { id: input.id }, data: { title: input.title, content } });
    if (!count) throw noticesErrors.rule('NOT_FOUND', 'notice.notFound');
    return { result: { id: input.id }, targetIds: [input.id] };
  });
}

/** Withdraws (deletes) a notice: it leaves every list; a withdrawn notice cannot be brought back. */
export async function withdrawNotice(ctx: ServiceContext, input: Parsed<z.output<typeof noticeIdInput>>): Promise<{ id: number }> {
  return runWrite(ctx, { operation: 'notice.withdraw', targetType: 'Notice' }, async (tx) => {
    authorize(ctx, 'notice.publish');
    const { id } = inputOf(input);
    const { count } = await tx.notice.deleteMany({ where: { id } });
    if (!count) throw noticesErrors.rule('NOT_FOUND', 'notice.notFound');
    return { result: { id }, targetIds: [id] };
  });
}
