import type { ServiceContext } from '../../../context.ts';
import type { Tx } from '../../../db/client.ts';
import { NotFoundError } from '../../../errors.ts';
import type { Prisma } from '../../../generated/prisma/client.ts';
import { whenDone } from '../../../lib/request-end.ts';
import { dbId, parseInput, z } from '../../../lib/validate.ts';
import { archiveScope, canSeeSensitive, isFiled, modulePermissions, permissionOf, visibleArchivesWhere } from '../archives.policy.ts';
import { maskValue } from '../archives.fields.ts';
import type { MaskKind } from '../../../../shared/archive-sections.ts';
import { archivesErrors } from '../archives.errors.ts';
import { diffFields, recordChanges } from '../../../write.ts';

/**
 * Facts about one archive as the caller may see it, the module read/edit checks every
 * section read and write goes through, and the access log of sensitive reads.
 */
export type Db = ServiceContext['db'] | Tx;

// ── facts about one archive ──

export const FACTS_SELECT = {
  id: true,
  studentId: true,
  name: true,
  status: true,
  locked: true,
  applyingStatus: true,
  consultantId: true,
  actingConsultantId: true,
  salesId: true,
  parentId: true,
} satisfies Prisma.ArchiveSelect;
export type ArchiveFacts = Prisma.ArchiveGetPayload<{ select: typeof FACTS_SELECT }>;

export const idSchema = z.object({ id: dbId() });

/** The archive if the caller may see it; a hidden archive is answered as missing. */
export async function findVisibleArchive(ctx: ServiceContext, db: Db, id: number): Promise<ArchiveFacts> {
  // An id that is not a number must never reach findFirst (it would match any row).
  if (!Number.isInteger(id)) throw new NotFoundError();
  const scope = await archiveScope(ctx);
  const row = await db.archive.findFirst({ where: { id, AND: [visibleArchivesWhere(scope)] }, select: FACTS_SELECT });
  if (!row) throw new NotFoundError();
  return row;
}

/** Reads `id` from raw input and the visible archive behind it. */
export async function archiveFromInput(ctx: ServiceContext, db: Db, raw: unknown, field = 'id'): Promise<ArchiveFacts> {
  const value = raw && typeof raw === 'object' ? (raw as Record<string, unknown>)[field] : raw;
  const parsed = parseInput(z.object({ [field]: dbId() }), { [field]: value }) as Record<string, number>;
  return findVisibleArchive(ctx, db, parsed[field] as number);
}

async function moduleName(ctx: ServiceContext, code: string): Promise<string> {
  const m = await ctx.db.archiveModule.findUnique({ where: { code }, select: { name: true, nameEn: true } });
  return (ctx.lang === 'en' ? m?.nameEn : m?.name) ?? code;
}

export async function canReadModule(ctx: ServiceContext, archive: Pick<ArchiveFacts, 'status'>, module: string): Promise<boolean> {
  return permissionOf(await modulePermissions(ctx, isFiled(archive.status)), module).read;
}

export async function canEditModule(ctx: ServiceContext, archive: Pick<ArchiveFacts, 'status'>, module: string): Promise<boolean> {
  return permissionOf(await modulePermissions(ctx, isFiled(archive.status)), module).edit;
}

export async function assertModuleRead(ctx: ServiceContext, archive: ArchiveFacts, module: string): Promise<void> {
  if (!(await canReadModule(ctx, archive, module))) {
    throw archivesErrors.rule('FORBIDDEN', 'archive.moduleReadForbidden', { module: await moduleName(ctx, module) });
  }
}

/** A section may be changed: the archive is not locked and the caller may edit the module in the archive's state. */
export async function assertModuleEdit(ctx: ServiceContext, archive: ArchiveFacts, module: string): Promise<void> {
  if (archive.locked) throw archivesErrors.rule('ARCHIVE_LOCKED', 'archive.locked');
  if (!(await canEditModule(ctx, archive, module))) {
    throw archivesErrors.rule('FORBIDDEN', 'archive.moduleEditForbidden', { module: await moduleName(ctx, module) });
  }
}

// ── the access log of sensitive reads ──

const logged = new WeakMap<ServiceContext, Set<string>>();

/** Records that the caller saw sensitive fields of an archive in clear (once per request and section). */
export async function logReveal(ctx: ServiceContext, archiveId: number, section: string, fields: string[]): Promise<void> {
  if (!fields.length || !ctx.actor) return;
  let seen = logged.get(ctx);
  if (!seen) {
    seen = new Set();
    logged.set(ctx, seen);
  }
  const key = `${archiveId}:${section}:${[...new Set(fields)].sort().join(',')}`;
  if (seen.has(key)) return;
  seen.add(key);
  const row: AccessLogRow = { archiveId, userId: ctx.actor.id, account: ctx.actor.account, section, fields: [...new Set(fields)], door: ctx.door, address: ctx.address };
  // A GraphQL request writes its reveals in one statement when its execution is done (lib/request-end.ts).
  const collecting = whenDone(ctx, 'archive.accessLog', async () => {
    const rows = pendingLogs.get(ctx) ?? [];
    pendingLogs.delete(ctx);
    if (rows.length) await ctx.db.archiveAccessLog.createMany({ data: rows });
  });
  if (!collecting) {
    await ctx.db.archiveAccessLog.create({ data: row });
    return;
  }
  pendingLogs.set(ctx, [...(pendingLogs.get(ctx) ?? []), row]);
}

type AccessLogRow = { archiveId: number; userId: number; account: string; section: string; fields: string[]; door: ServiceContext['door']; address: string | null };
const pendingLogs = new WeakMap<ServiceContext, AccessLogRow[]>();

/** The archive's own fields the audit trail records, with the archive module that governs each. */
const ARCHIVE_AUDITED: Record<string, string> = {
  grade: 'profile',
  year: 'profile',
  sale: 'profile',
  remark: 'profile',
  status: 'profile',
  applyingStatus: 'profile',
  locked: 'profile',
  legalHold: 'profile',
  consultantId: 'profile',
  actingConsultantId: 'profile',
  salesId: 'profile',
  parentId: 'profile',
  deletedAt: 'profile',
};

/** Updates an archive's own fields and records the ones that changed in the audit trail. */
export async function updateArchiveAudited(tx: Tx, archiveId: number, data: Record<string, unknown>): Promise<void> {
  const fields = Object.keys(data).filter((k) => k in ARCHIVE_AUDITED);
  const select = Object.fromEntries(fields.map((f) => [f, true]));
  const before = fields.length ? await tx.archive.findUnique({ where: { id: archiveId }, select }) : null;
  await tx.archive.update({ where: { id: archiveId }, data });
  if (!before) return;
  recordChanges(
    tx,
    diffFields(before as Record<string, unknown>, data, fields, (field) => ({ entity: 'Archive', entityId: archiveId, archiveId, module: ARCHIVE_AUDITED[field] ?? 'profile', labelKey: `opLog.field.archive.${field}` })),
  );
}

type ChangeValues = { archiveId: number | null; module: string | null; mask: string | null; before: string | null; after: string | null };

/**
 * The values of audit-trail changes as the caller may see them: an archive's field in clear only
 * to a caller who may read that archive and that field's module there; a sensitive field masked
 * (maskValue, as the archive screens) without the personal-data right; anything else as stored.
 */
export async function shownArchiveValues(ctx: ServiceContext, changes: ChangeValues[]): Promise<Array<{ before: string | null; after: string | null; masked: boolean }>> {
  const archiveIds = [...new Set(changes.map((c) => c.archiveId).filter((id): id is number => id !== null))];
  const statuses = new Map<number, number>();
  if (archiveIds.length) {
    const visible = await ctx.db.archive.findMany({ where: { AND: [{ id: { in: archiveIds } }, visibleArchivesWhere(await archiveScope(ctx))] }, select: { id: true, status: true } });
    for (const a of visible) statuses.set(a.id, a.status);
  }
  const unmasked = canSeeSensitive(ctx);
  const hidden = (v: string | null) => (v === null ? null : '******');
  const out: Array<{ before: string | null; after: string | null; masked: boolean }> = [];
  for (const c of changes) {
    if (c.archiveId === null) {
      out.push({ before: c.before, after: c.after, masked: false });
      continue;
    }
    const status = statuses.get(c.archiveId);
    if (status === undefined || !(await canReadModule(ctx, { status }, c.module ?? 'profile'))) {
      out.push({ before: hidden(c.before), after: hidden(c.after), masked: true });
    } else if (c.mask && !unmasked) {
      const m = (v: string | null) => (v === null ? null : maskValue(c.mask as MaskKind, v));
      out.push({ before: m(c.before), after: m(c.after), masked: true });
    } else out.push({ before: c.before, after: c.after, masked: false });
  }
  return out;
}
