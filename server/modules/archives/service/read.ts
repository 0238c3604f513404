import type { ServiceContext } from '../../../context.ts';
import { inputOf, type Parsed, type z } from '../../../lib/validate.ts';
import { authorize, can } from '../../../policy.ts';
import { shapeRow, type ShapedRow } from '../archives.fields.ts';
import { listArchiveFiles, type ArchiveFileRow } from './files.ts';
import { isFiled, modulePermissions, permissionOf } from '../archives.policy.ts';
import { sectionOf, SECTIONS, SECTIONS_BY_TYPE, sectionOfRow, type SectionDef, type SectionModel } from '../../../../shared/archive-sections.ts';
import { canReadModule, findVisibleArchive, idSchema, logReveal, type ArchiveFacts } from './access.ts';
import { delegateOf, readSection } from './sections.ts';

/**
 * Reads shared by both doors: one archive with the sections the caller may read, single
 * section rows by id, the caller's module permissions, and the complete backup.
 */

/** A read made once per request and key; a failed one is forgotten, so the next field asks again. */
function perRequest<K, V>() {
  const caches = new WeakMap<ServiceContext, Map<K, Promise<V>>>();
  const cacheOf = (ctx: ServiceContext) => {
    let cache = caches.get(ctx);
    if (!cache) {
      cache = new Map();
      caches.set(ctx, cache);
    }
    return cache;
  };
  return {
    get(ctx: ServiceContext, key: K, load: () => Promise<V>): Promise<V> {
      const cache = cacheOf(ctx);
      let hit = cache.get(key);
      if (!hit) {
        hit = load();
        cache.set(key, hit);
        hit.catch(() => cache.delete(key));
      }
      return hit;
    },
    prime(ctx: ServiceContext, key: K, value: V): void {
      const cache = cacheOf(ctx);
      if (!cache.has(key)) cache.set(key, Promise.resolve(value));
    },
  };
}

const visible = perRequest<number, ArchiveFacts | null>();

/** The archive if visible (cached per request; lists prime the cache). */
export function visibleArchiveCached(ctx: ServiceContext, id: number): Promise<ArchiveFacts | null> {
  return visible.get(ctx, id, () => (ctx.actor && can(ctx.actor, 'archive.read') ? findVisibleArchive(ctx, ctx.db, id).catch(() => null) : Promise.resolve(null)));
}

/** Rows a list just read through the visibility filter are known visible. */
export function primeVisible(ctx: ServiceContext, rows: ArchiveFacts[]): void {
  for (const r of rows) visible.prime(ctx, r.id, r);
}

/** Models that hold several sections (the exams, told apart by their kind). */
const SHARED_MODELS = new Set(SECTIONS.filter((s, _i, all) => all.filter((o) => o.model === s.model).length > 1).map((s) => s.model));
const modelRows = perRequest<string, Array<Record<string, unknown>>>();

/** Every row of a shared model for one archive, read once per request, then each section's own (its fixed columns). */
function sharedRows(ctx: ServiceContext, archiveId: number): (section: SectionDef) => Promise<Array<Record<string, unknown>>> {
  return async (section) => {
    const rows = await modelRows.get(
      ctx,
      `${archiveId}:${section.model}`,
      () => delegateOf(ctx.db, section).findMany({ where: { archiveId }, orderBy: [{ sort: 'asc' }, { id: 'asc' }] }) as Promise<Array<Record<string, unknown>>>,
    );
    const fixed = Object.entries(section.fixed ?? {});
    return rows.filter((r) => fixed.every(([column, value]) => r[column] === value));
  };
}

/** A section of a visible archive, or null when the caller may not read it (GraphQL fields). */
export async function sectionOrNull(ctx: ServiceContext, archiveId: number, key: string): Promise<ShapedRow[] | null> {
  const archive = await visibleArchiveCached(ctx, archiveId);
  if (!archive) return null;
  const section = sectionOf(key);
  if (!(await canReadModule(ctx, archive, section.module))) return null;
  return readSection(ctx, archive, key, SHARED_MODELS.has(section.model) ? sharedRows(ctx, archive.id) : undefined);
}

const MODEL_OF_TYPE = new Map<string, SectionModel>(SECTIONS.map((s) => [s.type, s.model]));

/** One section row by its type and id (node(id:)); null when hidden or unreadable. */
export async function loadRecord(ctx: ServiceContext, type: string, id: number): Promise<ShapedRow | null> {
  const model = MODEL_OF_TYPE.get(type);
  if (!model || !ctx.actor) return null;
  const sample = (SECTIONS_BY_TYPE.get(type) ?? [])[0];
  if (!sample) return null;
  const row = await delegateOf(ctx.db, sample).findFirst({ where: { id } });
  if (!row) return null;
  const section = sectionOfRow(model, row);
  if (!section) return null;
  const archive = await visibleArchiveCached(ctx, row.archiveId as number);
  if (!archive || !(await canReadModule(ctx, archive, section.module))) return null;
  const shaped = shapeRow(section, row, can(ctx.actor, 'archive.sensitive'));
  await logReveal(ctx, archive.id, section.key, shaped.revealed);
  return { ...shaped.row, _type: type };
}

/** The section key of a stored row of a type (exam rows by kind). */
export async function sectionKeyOfRecord(ctx: ServiceContext, type: string, id: number): Promise<string | null> {
  const model = MODEL_OF_TYPE.get(type);
  const sample = (SECTIONS_BY_TYPE.get(type) ?? [])[0];
  if (!model || !sample) return null;
  const row = await delegateOf(ctx.db, sample).findFirst({ where: { id } });
  return row ? (sectionOfRow(model, row)?.key ?? null) : (sample.key ?? null);
}

export type ModulePermissionRow = { code: string; name: string; nameEn: string; read: boolean; edit: boolean };

/** The caller's permission on every module for this archive's state. */
export async function archivePermissions(ctx: ServiceContext, archive: Pick<ArchiveFacts, 'status'>): Promise<ModulePermissionRow[]> {
  const perms = await modulePermissions(ctx, isFiled(archive.status));
  const modules = await ctx.db.archiveModule.findMany({ orderBy: [{ sort: 'asc' }, { id: 'asc' }], select: { code: true, name: true, nameEn: true } });
  return modules.map((m) => ({ ...m, ...permissionOf(perms, m.code) }));
}

export const backupArchiveInput = idSchema;

/**
 * The complete archive as JSON (right `archive.backup`): the overview, every section, the
 * attachments' metadata and the verification tasks with their records. Sensitive fields are
 * in clear only for holders of `archive.sensitive` (and the read is logged).
 */
export async function backupArchive(ctx: ServiceContext, parsed: Parsed<z.output<typeof backupArchiveInput>>): Promise<Record<string, unknown>> {
  authorize(ctx, 'archive.read');
  const facts = await findVisibleArchive(ctx, ctx.db, inputOf(parsed).id);
  authorize(ctx, 'archive.backup');
  const archive = await ctx.db.archive.findUniqueOrThrow({
    where: { id: facts.id },
    select: {
      id: true,
      studentId: true,
      name: true,
      userName: true,
      grade: true,
      year: true,
      status: true,
      locked: true,
      applyingStatus: true,
      sale: true,
      remark: true,
      consultantId: true,
      actingConsultantId: true,
      salesId: true,
      parentId: true,
      createdById: true,
      createdAt: true,
      updatedAt: true,
      consultant: { select: { name: true } },
      actingConsultant: { select: { name: true } },
      sales: { select: { name: true } },
      parent: { select: { name: true } },
    },
  });
  const unmasked = can(ctx.actor, 'archive.sensitive');
  const sections: Record<string, unknown> = {};
  const revealed: string[] = [];
  for (const section of SECTIONS) {
    const rows = await delegateOf(ctx.db, section).findMany({ where: { archiveId: facts.id, ...(section.fixed ?? {}) }, orderBy: section.single ? undefined : [{ sort: 'asc' }, { id: 'asc' }] });
    const shaped = rows.map((r) => {
      const s = shapeRow(section, r, unmasked);
      revealed.push(...s.revealed.map((f) => `${section.key}.${f}`));
      return s.row;
    });
    sections[section.key] = section.single ? (shaped[0] ?? null) : shaped;
  }
  const files = await ctx.db.archiveFile.findMany({
    where: { archiveId: facts.id },
    orderBy: [{ kind: 'asc' }, { objectId: 'asc' }, { sort: 'asc' }, { id: 'asc' }],
    select: { id: true, kind: true, objectId: true, sort: true, fileName: true, mimeType: true, size: true, createdAt: true },
  });
  const verifications = await ctx.db.archiveExamine.findMany({
    where: { archiveId: facts.id },
    orderBy: { id: 'asc' },
    select: {
      id: true,
      number: true,
      title: true,
      content: true,
      status: true,
      verifierId: true,
      verifiedAt: true,
      note: true,
      createdAt: true,
      modules: { select: { id: true, status: true, verifierId: true, verifiedAt: true, note: true, module: { select: { code: true } } }, orderBy: { id: 'asc' } },
      records: { select: { id: true, examineModuleId: true, action: true, status: true, verifierId: true, note: true, createdAt: true }, orderBy: { id: 'asc' } },
    },
  });
  await logReveal(ctx, facts.id, 'backup', revealed);
  return {
    format: 'archive-backup/1',
    exportedAt: new Date().toISOString(),
    archive: {
      ...archive,
      consultantName: archive.consultant?.name ?? null,
      actingConsultantName: archive.actingConsultant?.name ?? null,
      salesName: archive.sales?.name ?? null,
      parentName: archive.parent?.name ?? null,
      consultant: undefined,
      actingConsultant: undefined,
      sales: undefined,
      parent: undefined,
    },
    sections,
    files,
    verifications: verifications.map((v) => ({ ...v, modules: v.modules.map((m) => ({ ...m, module: m.module.code })) })),
  };
}

/**
 * One attachment by id (`node(id:)` of an ArchiveFile): the same rule as `Archive.files`, so
 * null unless the archive is visible and the caller may read the file's section.
 */
export async function loadArchiveFile(ctx: ServiceContext, id: number): Promise<ArchiveFileRow | null> {
  const row = await ctx.db.archiveFile.findUnique({ where: { id }, select: { archiveId: true, kind: true, objectId: true } });
  if (!row) return null;
  const files = await filesOf(ctx, row.archiveId, row.kind, row.objectId);
  return files.find((f) => f.id === id) ?? null;
}

const archiveFiles = perRequest<number, ArchiveFileRow[]>();

/**
 * Attachments of a visible archive, of one kind and row when given (GraphQL fields). Every file
 * the caller may read of the archive is read once per request and filtered here: the detail's
 * rows ask for their files one by one, which would otherwise be a statement per row.
 */
export async function filesOf(ctx: ServiceContext, archiveId: number, kind?: number, objectId?: number): Promise<ArchiveFileRow[]> {
  const archive = await visibleArchiveCached(ctx, archiveId);
  if (!archive) return [];
  const all = archiveFiles.get(ctx, archiveId, () => listArchiveFiles(ctx, archive));
  return (await all).filter((f) => (kind === undefined || f.kind === kind) && (objectId === undefined || f.objectId === objectId));
}
