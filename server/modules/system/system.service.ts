import type { ServiceContext } from '../../context.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import { escapeLike } from '../../lib/text.ts';
import { countUpTo, legacyTotal, readPagePlusOne } from '../../lib/counting.ts';
import { inputOf, z, type Parsed } from '../../lib/validate.ts';
import { authorize, requireActor } from '../../policy.ts';
import { ValidationError } from '../../errors.ts';
import { translate } from '../../i18n/catalogue.ts';
import { sendMail } from '../../lib/mail.ts';
import { runWrite } from '../../write.ts';
import { emailField } from '../users/index.ts';

export async function listTimeZones(ctx: ServiceContext) {
  requireActor(ctx);
  return ctx.db.sysTimeZone.findMany({ orderBy: [{ sort: 'asc' }, { id: 'asc' }] });
}

export const operationLogFilter = z.object({
  userId: z.coerce.number().int().positive().max(2_147_483_647).optional().nullable(),
  account: z.string().max(100).optional().nullable(),
  /** Who, by name or English name (literal, case-insensitive). */
  userName: z.string().max(100).optional().nullable(),
  targetType: z.string().max(50).optional().nullable(),
  operation: z.string().max(100).optional().nullable(),
  outcome: z.enum(['SUCCESS', 'FAILURE']).optional().nullable(),
  from: z.coerce.date().optional().nullable(),
  to: z.coerce.date().optional().nullable(),
});

/** Operation log search (administrators). */
export function operationLogWhere(ctx: ServiceContext, input: Parsed<z.output<typeof operationLogFilter>>): Prisma.OperationLogWhereInput {
  authorize(ctx, 'operationLog.read');
  const f = inputOf(input);
  return {
    ...(f.userId ? { userId: f.userId } : {}),
    ...(f.account ? { account: { contains: escapeLike(f.account.toLowerCase()) } } : {}),
    ...(f.userName?.trim()
      ? { user: { OR: [{ name: { contains: escapeLike(f.userName.trim()), mode: 'insensitive' as const } }, { nameEn: { contains: escapeLike(f.userName.trim()), mode: 'insensitive' as const } }] } }
      : {}),
    ...(f.targetType ? { targetType: f.targetType } : {}),
    ...(f.operation ? { operation: { startsWith: escapeLike(f.operation) } } : {}),
    ...(f.outcome ? { outcome: f.outcome } : {}),
    ...(f.from || f.to ? { createdAt: { ...(f.from ? { gte: f.from } : {}), ...(f.to ? { lte: f.to } : {}) } } : {}),
  };
}

/**
 * A page of the operation log: `LIMIT n+1` says whether more follow; the total is counted up to
 * COUNT_CAP (the log grows without bound, docs/performance.md).
 */
export async function listOperationLogsPage(ctx: ServiceContext, input: Parsed<z.output<typeof operationLogFilter>>, page: { currentPage: number; pageSize: number }) {
  const where = operationLogWhere(ctx, input);
  const skip = (page.currentPage - 1) * page.pageSize;
  const [{ rows, hasMore }, total] = await Promise.all([
    readPagePlusOne((take) => ctx.db.operationLog.findMany({ where, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], skip, take }), page.pageSize),
    countUpTo((take) => ctx.db.operationLog.count({ where, take })),
  ]);
  return { rows, hasMore, total: legacyTotal(total, skip, rows.length, hasMore) };
}

export const sendTestEmailInput = z.object({ email: emailField });

/** Sends a test e-mail through the configured SMTP server, to `email` or to the caller. */
export async function sendTestEmail(ctx: ServiceContext, parsed: Parsed<z.output<typeof sendTestEmailInput>>): Promise<{ email: string }> {
  return runWrite(ctx, { operation: 'auth.sendTestEmail', targetType: 'User' }, async (tx) => {
    const actor = authorize(ctx, 'mail.test');
    const input = inputOf(parsed);
    const own = await tx.user.findUnique({ where: { id: actor.id }, select: { email: true } });
    const to = input.email ?? own?.email ?? null;
    if (!to) throw new ValidationError('org.mailNoAddress', undefined, 'NO_EMAIL');
    await sendMail(ctx.config, {
      to,
      subject: translate(ctx.lang, 'org.testMailSubject'),
      text: translate(ctx.lang, 'org.testMailBody'),
    });
    return { result: { email: to }, targetIds: [actor.id] };
  });
}
