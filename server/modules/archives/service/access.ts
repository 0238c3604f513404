import type { ServiceContext } from '../../../context.ts';
import type { Tx } from '../../../db/client.ts';
import { NotFoundError } from '../../../errors.ts';
import type { Prisma } from '../../../generated/prisma/client.ts';
import { whenDone } from '../../../lib/request-end.ts';
import { dbId, parseInput, z } from '../../../lib/validate.ts';
import { archiveScope, isFiled, modulePermissions, permissionOf, visibleArchivesWhere } from '../archives.policy.ts';
import { archivesErrors } from '../archives.errors.ts';

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
