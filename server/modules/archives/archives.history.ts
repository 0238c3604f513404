/**
 * An archive's change history (the audit trail): who changed which field of it, when, before
 * and after, for every caller who may read the archive. Values of a field are in clear only
 * for callers who may read that field there (shownArchiveValues: module right and the
 * personal-data right, as the archive screens).
 */
import { builder } from '../../graphql/builder.ts';
import type { ServiceContext } from '../../context.ts';
import { fieldLabel, operationWords } from '../../i18n/operations.ts';
import { shownArchiveValues } from './service/access.ts';

export type ArchiveChange = { createdAt: Date; who: string | null; operation: string; operationLabel: string; field: string; label: string; before: string | null; after: string | null; masked: boolean };

/** The newest changes of one archive (the caller already sees the archive: the field sits on it). */
export async function archiveChanges(ctx: ServiceContext, archiveId: number, first: number): Promise<ArchiveChange[]> {
  const rows = await ctx.db.operationChange.findMany({
    where: { archiveId },
    orderBy: { id: 'desc' },
    take: Math.min(Math.max(first, 1), 500),
    include: { operationLog: { select: { operation: true, createdAt: true, account: true, user: { select: { name: true, nameEn: true } } } } },
  });
  const values = await shownArchiveValues(ctx, rows);
  return rows.map((r, i) => {
    const v = values[i] ?? { before: null, after: null, masked: true };
    const u = r.operationLog.user;
    return {
      createdAt: r.operationLog.createdAt,
      who: u ? (ctx.lang === 'en' ? u.nameEn || u.name : u.name) : r.operationLog.account,
      operation: r.operationLog.operation,
      operationLabel: operationWords(ctx.lang, r.operationLog.operation) ?? r.operationLog.operation,
      field: r.field,
      label: fieldLabel(ctx.lang, r.labelKey, r.field),
      before: v.before,
      after: v.after,
      masked: v.masked,
    };
  });
}

export const ArchiveChangeRef = builder.objectRef<ArchiveChange>('ArchiveChange').implement({
  description: 'One field of an archive changed by a write, with who and when. Masked as the archive screens mask for callers without the right to read the field.',
  fields: (t) => ({
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When (instant).' }),
    who: t.exposeString('who', { nullable: true, description: "Who changed it, in the caller's language." }),
    operation: t.exposeString('operation', { description: 'The operation name (as in the operation log).' }),
    operationLabel: t.exposeString('operationLabel', { description: "What was done, in the caller's language." }),
    field: t.exposeString('field', { description: 'The field name.' }),
    label: t.exposeString('label', { description: "The field's label in the caller's language." }),
    before: t.exposeString('before', { nullable: true, description: 'The value before (null: empty, or the row was new).' }),
    after: t.exposeString('after', { nullable: true, description: 'The value after (null: empty, or the row was deleted).' }),
    masked: t.exposeBoolean('masked', { description: 'Whether the values are masked for the caller.' }),
  }),
});
