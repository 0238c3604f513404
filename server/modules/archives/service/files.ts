import type { ServiceContext } from '../../../context.ts';
import type { Tx } from '../../../db/client.ts';
import { ValidationError } from '../../../errors.ts';
import { checkUpload, IMAGE_TYPES, OFFICE_TYPES, removeUpload, safeFileName, storeUpload, type AllowedType, type StoredUpload, type UploadPolicy } from '../../../lib/upload.ts';
import { dbId, inputOf, z, type Parsed } from '../../../lib/validate.ts';
import { authorize } from '../../../policy.ts';
import { runWrite } from '../../../write.ts';
import { assertModuleEdit, assertModuleRead, canReadModule, findVisibleArchive, logReveal, type ArchiveFacts } from './access.ts';
import { delegateOf } from './sections.ts';
import { FILE_KIND, sectionOfFileKind, type FileKind } from '../../../../shared/archive-sections.ts';
import { archivesErrors } from '../archives.errors.ts';

/**
 * Attachments of education entries, awards and multimedia activities. Files go to the upload
 * store (outside the web root, server-chosen names), are checked by content against the
 * kind's types and size, and are only ever served as attachments, to callers who may read
 * the section; every download is written to the archive access log.
 */
const MB = 1024 * 1024;
const PDF = OFFICE_TYPES[0] as AllowedType;
const WORD = OFFICE_TYPES.filter((t) => t.ext === 'docx' || t.ext === 'doc');
const MEDIA_TYPES: AllowedType[] = [
  { ext: 'mp4', mime: 'video/mp4' },
  { ext: 'mov', mime: 'video/quicktime' },
  { ext: 'webm', mime: 'video/webm' },
  { ext: 'mp3', mime: 'audio/mpeg' },
  { ext: 'm4a', mime: 'audio/x-m4a' },
  { ext: 'wav', mime: 'audio/wav' },
];

export const ARCHIVE_UPLOAD_POLICIES: Record<FileKind, UploadPolicy> = {
  [FILE_KIND.EDUCATION]: { dir: 'archive-education', types: [PDF, ...WORD, ...IMAGE_TYPES], maxBytes: 10 * MB },
  [FILE_KIND.AWARD]: { dir: 'archive-awards', types: [PDF, ...IMAGE_TYPES], maxBytes: 10 * MB },
  [FILE_KIND.MULTIMEDIA]: { dir: 'archive-multimedia', types: [...MEDIA_TYPES, ...IMAGE_TYPES, PDF], maxBytes: 20 * MB },
};

export const archiveFilePath = (fileId: number) => `/api/admin/archive/downloadAttachment.htm?fileId=${fileId}`;

const FILE_SELECT = { id: true, archiveId: true, kind: true, objectId: true, sort: true, fileName: true, mimeType: true, size: true, createdAt: true, uploadedById: true } as const;
export type ArchiveFileRow = { id: number; archiveId: number; kind: number; objectId: number; sort: number; fileName: string; mimeType: string; size: number; createdAt: Date; uploadedById: number | null };

function kindOf(n: number): FileKind {
  if (n !== 1 && n !== 2 && n !== 3) throw new ValidationError('archive.fileKindInvalid', undefined, 'FILE_KIND_INVALID');
  return n;
}

export const uploadArchiveFileInput = z.object({ objectId: dbId(), sort: z.coerce.number().int().min(0).max(1_000_000).optional().nullable() });

/** Attaches a file to a row (objectId) of the kind's section; a kind other than 1-3 is refused (FILE_KIND_INVALID) before the input is read. */
export async function uploadArchiveFile(ctx: ServiceContext, rawKind: number, parsed: Parsed<z.output<typeof uploadArchiveFileInput>>, file: File | null | undefined): Promise<ArchiveFileRow> {
  let stored: StoredUpload | null = null;
  try {
    return await runWrite(ctx, { operation: 'archive.file.upload', targetType: 'ArchiveFile' }, async (tx) => {
      const actor = authorize(ctx, 'archive.read');
      const kind = kindOf(rawKind);
      const section = sectionOfFileKind(kind);
      if (!section) throw new ValidationError('archive.fileKindInvalid', undefined, 'FILE_KIND_INVALID');
      const input = inputOf(parsed);
      const owner = await delegateOf(tx, section).findFirst({ where: { id: input.objectId }, select: { archiveId: true } });
      if (!owner) throw new ValidationError('archive.fileObjectInvalid', undefined, 'FILE_OBJECT_INVALID');
      const archive = await findVisibleArchive(ctx, tx, owner.archiveId as number);
      await assertModuleEdit(ctx, archive, section.module);
      const policy = ARCHIVE_UPLOAD_POLICIES[kind];
      const checked = await checkUpload(file, policy);
      stored = await storeUpload(ctx, checked, policy);
      const last = await tx.archiveFile.aggregate({ where: { archiveId: archive.id, kind, objectId: input.objectId }, _max: { sort: true } });
      const row = await tx.archiveFile.create({
        data: {
          archiveId: archive.id,
          kind,
          objectId: input.objectId,
          sort: input.sort ?? (last._max.sort ?? 0) + 1,
          fileName: stored.fileName,
          storageKey: stored.key,
          mimeType: stored.mime,
          size: stored.size,
          uploadedById: actor.id,
        },
        select: FILE_SELECT,
      });
      return { result: row, targetIds: [row.id] };
    });
  } catch (err) {
    if (stored) await removeUpload(ctx, (stored as StoredUpload).key).catch(() => {});
    throw err;
  }
}

/** An attachment to delete or download. */
export const archiveFileIdInput = z.object({ fileId: dbId() });

async function fileWithArchive(ctx: ServiceContext, db: ServiceContext['db'] | Tx, id: number) {
  const file = await db.archiveFile.findUnique({ where: { id }, select: { ...FILE_SELECT, storageKey: true } });
  if (!file) throw archivesErrors.rule('NOT_FOUND', 'archive.fileNotFound');
  const section = sectionOfFileKind(file.kind);
  const archive = await findVisibleArchive(ctx, db, file.archiveId).catch(() => {
    throw archivesErrors.rule('NOT_FOUND', 'archive.fileNotFound');
  });
  return { file, archive, module: section?.module ?? 'others' };
}

/** Removes an attachment (module edit right; not on a locked archive). */
export async function deleteArchiveFile(ctx: ServiceContext, parsed: Parsed<z.output<typeof archiveFileIdInput>>): Promise<{ id: number; archiveId: number }> {
  const result = await runWrite(ctx, { operation: 'archive.file.delete', targetType: 'ArchiveFile' }, async (tx) => {
    authorize(ctx, 'archive.read');
    const { file, archive, module } = await fileWithArchive(ctx, tx, inputOf(parsed).fileId);
    await assertModuleEdit(ctx, archive, module);
    await tx.archiveFile.delete({ where: { id: file.id } });
    return { result: { id: file.id, archiveId: archive.id, key: file.storageKey }, targetIds: [file.id] };
  });
  await removeUpload(ctx, result.key).catch(() => {});
  return { id: result.id, archiveId: result.archiveId };
}

/** The file to download, after the read check; the download is logged. */
export async function fileForDownload(ctx: ServiceContext, parsed: Parsed<z.output<typeof archiveFileIdInput>>): Promise<{ storageKey: string; fileName: string; mimeType: string }> {
  authorize(ctx, 'archive.read');
  const { file, archive, module } = await fileWithArchive(ctx, ctx.db, inputOf(parsed).fileId);
  await assertModuleRead(ctx, archive, module);
  await logReveal(ctx, archive.id, 'file', [`${file.id}:${file.fileName}`]);
  return { storageKey: file.storageKey, fileName: file.fileName, mimeType: file.mimeType };
}

/** Attachments of an archive the caller may read (by kind, optionally of one row). */
export async function listArchiveFiles(ctx: ServiceContext, archive: ArchiveFacts, kind?: number, objectId?: number): Promise<ArchiveFileRow[]> {
  const kinds: number[] = [];
  for (const k of kind ? [kind] : [1, 2, 3]) {
    const section = sectionOfFileKind(k);
    if (section && (await canReadModule(ctx, archive, section.module))) kinds.push(k);
  }
  if (!kinds.length) return [];
  return ctx.db.archiveFile.findMany({
    where: { archiveId: archive.id, kind: { in: kinds }, ...(objectId ? { objectId } : {}) },
    orderBy: [{ kind: 'asc' }, { objectId: 'asc' }, { sort: 'asc' }, { id: 'asc' }],
    select: FILE_SELECT,
  });
}

/** One file of a rename/reorder list: a new name and (legacy only) a sort number, each optional. */
const fileEditRow = z.object({
  id: dbId(),
  sort: z.coerce.number().int().min(0).max(1_000_000).optional().nullable(),
  fileName: z.string().trim().min(1).max(150).optional().nullable(),
});
type FileEdit = z.output<typeof fileEditRow>;

/** A new name keeps the file's extension (the download's name says what the file is): 证书 → 证书.pdf. */
function keepExtension(name: string, old: string): string {
  const ext = /\.([A-Za-z0-9]{1,8})$/.exec(old)?.[1];
  if (!ext || name.toLowerCase().endsWith(`.${ext.toLowerCase()}`)) return name;
  return `${name.slice(0, 150 - ext.length - 1)}.${ext}`;
}

/**
 * The files a rename/reorder list names, checked the one way both doors share: each file once
 * (FILE_LIST_REPEATED), every one found (NOT_FOUND), and the edit permission on the files'
 * module on an archive the caller sees, not locked. Within `scope` (the legacy list: one
 * archive's files of one kind, any row; the archive already found) a file outside it is not
 * found; without it (GraphQL) the files must be of one row (FILE_LIST_MIXED), whose archive
 * decides.
 */
async function filesToEdit(ctx: ServiceContext, tx: Tx, edits: FileEdit[], scope?: { archive: ArchiveFacts; kind: FileKind }): Promise<{ archive: ArchiveFacts; files: ArchiveFileRow[] }> {
  if (scope) await assertModuleEdit(ctx, scope.archive, sectionOfFileKind(scope.kind)?.module ?? 'others');
  const ids = edits.map((f) => f.id);
  if (new Set(ids).size !== ids.length) throw new ValidationError('archive.fileListRepeated', undefined, 'FILE_LIST_REPEATED');
  const files = await tx.archiveFile.findMany({ where: { id: { in: ids }, ...(scope ? { archiveId: scope.archive.id, kind: scope.kind } : {}) }, select: FILE_SELECT });
  if (files.length !== ids.length) throw archivesErrors.rule('NOT_FOUND', 'archive.fileNotFound');
  if (scope) return { archive: scope.archive, files };
  const first = files[0];
  if (!first) throw archivesErrors.rule('NOT_FOUND', 'archive.fileNotFound');
  if (files.some((f) => f.archiveId !== first.archiveId || f.kind !== first.kind || f.objectId !== first.objectId)) {
    throw new ValidationError('archive.fileListMixed', undefined, 'FILE_LIST_MIXED');
  }
  const archive = await findVisibleArchive(ctx, tx, first.archiveId).catch(() => {
    throw archivesErrors.rule('NOT_FOUND', 'archive.fileNotFound');
  });
  await assertModuleEdit(ctx, archive, sectionOfFileKind(first.kind)?.module ?? 'others');
  return { archive, files };
}

/** Writes the checked edits: a sort given is kept; a name is cleaned as uploads' are (safeFileName) and keeps the file's extension. */
async function writeFileEdits(tx: Tx, edits: FileEdit[], files: ArchiveFileRow[]): Promise<void> {
  const before = new Map(files.map((f) => [f.id, f.fileName]));
  for (const f of edits) {
    const fileName = f.fileName ? keepExtension(safeFileName(f.fileName), before.get(f.id) ?? '') : null;
    const data = { ...(f.sort !== undefined && f.sort !== null ? { sort: f.sort } : {}), ...(fileName ? { fileName } : {}) };
    if (Object.keys(data).length) await tx.archiveFile.update({ where: { id: f.id }, data });
  }
}

export const saveAwardFileListInput = z.object({ archiveId: dbId(), rows: z.array(fileEditRow).max(500) });

/**
 * Renames and re-sorts award attachments (legacy eventRewards/saveFileList): any of the
 * archive's award files, each with its own sort number and name; checked and written as
 * arrangeArchiveFiles does (filesToEdit, writeFileEdits).
 */
export async function saveAwardFileList(ctx: ServiceContext, parsed: Parsed<z.output<typeof saveAwardFileListInput>>): Promise<{ archiveId: number; ids: number[] }> {
  return runWrite(ctx, { operation: 'archive.file.saveList', targetType: 'Archive' }, async (tx) => {
    authorize(ctx, 'archive.read');
    const input = inputOf(parsed);
    const { archive, files } = await filesToEdit(ctx, tx, input.rows, { archive: await findVisibleArchive(ctx, tx, input.archiveId), kind: FILE_KIND.AWARD });
    await writeFileEdits(tx, input.rows, files);
    return { result: { archiveId: archive.id, ids: input.rows.map((r) => r.id) }, targetIds: [archive.id] };
  });
}

export const arrangeArchiveFilesInput = z.object({
  files: z
    .array(fileEditRow.pick({ id: true, fileName: true }))
    .min(1)
    .max(500),
});

/**
 * Renames and puts in order the attachments of one section row (an education entry, an award or
 * a multimedia activity; GraphQL arrangeArchiveFiles). The files given come first in the order
 * given, the row's other files after them in their current order; a name left out stays. Rights
 * as the legacy eventRewards/saveFileList: edit permission on the row's module, not on a locked
 * archive. Names are cleaned as uploads' are (safeFileName).
 */
export async function arrangeArchiveFiles(ctx: ServiceContext, parsed: Parsed<z.output<typeof arrangeArchiveFilesInput>>): Promise<{ archiveId: number; ids: number[] }> {
  return runWrite(ctx, { operation: 'archive.file.arrange', targetType: 'Archive' }, async (tx) => {
    authorize(ctx, 'archive.read');
    const input = inputOf(parsed);
    const { archive, files } = await filesToEdit(ctx, tx, input.files);
    const first = files[0]!;
    const rest = await tx.archiveFile.findMany({
      where: { archiveId: archive.id, kind: first.kind, objectId: first.objectId, id: { notIn: files.map((f) => f.id) } },
      orderBy: [{ sort: 'asc' }, { id: 'asc' }],
      select: { id: true },
    });
    const order = [...input.files, ...rest].map((f, i) => ({ ...f, sort: i + 1 }));
    await writeFileEdits(tx, order, files);
    return { result: { archiveId: archive.id, ids: order.map((f) => f.id) }, targetIds: [archive.id] };
  });
}
