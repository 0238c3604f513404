import type { ServiceContext } from '../../../context.ts';
import type { Prisma } from '../../../generated/prisma/client.ts';
import { translate, type MessageKey } from '../../../i18n/catalogue.ts';
import { atDoor } from '../../../lib/validate.ts';
import { authorize } from '../../../policy.ts';
import type { ParsedRequest, Params } from '../../../rest/body.ts';
import { readPage, type Page } from '../../../rest/envelope.ts';
import { formatDateTime } from '../../../lib/wall-time.ts';
import type { ShapedRow } from '../archives.fields.ts';
import { archiveFilePath, listArchiveFiles, type ArchiveFileRow } from '../service/files.ts';
import { sectionOf } from '../../../../shared/archive-sections.ts';
import { ARCHIVE_ORDER, type ArchiveListFilter } from '../service/lists.ts';
import { archiveFromInput, canReadModule, FACTS_SELECT, type ArchiveFacts } from '../service/access.ts';
import { readSection, saveSectionInput, saveSectionRows } from '../service/sections.ts';

import { first, flag, num, withCondition, zoneOf } from '../../../rest/params.ts';

/** Helpers the legacy archive resources share: parameters, the legacy archive row, section rows. */
export const A = '/api/admin';
export const LIST_LIMIT = 1000;

export const archiveIdParam = (p: Params) => first(p.archivesId, p.archiveId, p.id);
export const deleted = (ctx: ServiceContext) => translate(ctx.lang, 'toast.deleted');

/** The legacy list condition. The apply year must be numeric (申请年份必须是数字). */
export function filterOf(p: Params): ArchiveListFilter {
  const c = withCondition(p);
  return {
    status: num(c.status),
    consultantId: num(c.consultantId),
    salesId: num(first(c.salesId, c.projectId)),
    year: first(c.year, c.applyYear),
    grade: first(c.grade),
    search: (first(c.searchKey, c.keyword, c.name, c.userName) as string | undefined) ?? null,
    locked: flag(first(c.lock, c.locked)),
    applyingStatus: num(c.applyingStatus),
    sale: num(c.sale),
  };
}

export const LIST_SELECT = {
  ...FACTS_SELECT,
  userName: true,
  grade: true,
  year: true,
  sale: true,
  remark: true,
  createdAt: true,
  updatedAt: true,
  createdById: true,
  consultant: { select: { name: true } },
  actingConsultant: { select: { name: true } },
  sales: { select: { name: true } },
  parent: { select: { name: true } },
  createdBy: { select: { name: true } },
} satisfies Prisma.ArchiveSelect;
export type ListRow = Prisma.ArchiveGetPayload<{ select: typeof LIST_SELECT }>;

/** The legacy archive (spec section 3): `userId` is the student, `projectId` the salesperson. */
export function archiveJson(ctx: ServiceContext, a: ListRow) {
  const tr = (k: string) => translate(ctx.lang, k as MessageKey);
  return {
    id: a.id,
    name: a.name,
    userId: a.studentId,
    userName: a.userName,
    projectId: a.salesId,
    salesId: a.salesId,
    salesName: a.sales?.name ?? null,
    consultantId: a.consultantId,
    consultantName: a.consultant?.name ?? null,
    actingConsultantId: a.actingConsultantId,
    actingConsultantName: a.actingConsultant?.name ?? null,
    parentId: a.parentId,
    parentName: a.parent?.name ?? null,
    grade: a.grade,
    year: a.year,
    status: a.status,
    statusName: tr(`archive.status.${a.status}`),
    lock: a.locked ? 1 : 0,
    applyingStatus: a.applyingStatus,
    applyingStatusName: tr(`archive.applying.${a.applyingStatus}`),
    sale: a.sale,
    remark: a.remark,
    createTime: formatDateTime(a.createdAt, zoneOf(ctx)),
    updateTime: formatDateTime(a.updatedAt, zoneOf(ctx)),
    createBy: a.createdById,
    createByName: a.createdBy?.name ?? null,
  };
}

export async function pageOf(ctx: ServiceContext, p: Params, where: Prisma.ArchiveWhereInput): Promise<Page<ReturnType<typeof archiveJson>>> {
  const { currentPage, pageSize } = readPage(p);
  const [rows, total] = await Promise.all([
    ctx.db.archive.findMany({ where, orderBy: ARCHIVE_ORDER, skip: (currentPage - 1) * pageSize, take: Math.min(pageSize, 500), select: LIST_SELECT }),
    ctx.db.archive.count({ where }),
  ]);
  return { currentPage, pageSize, rows: total, resultList: rows.map((r) => archiveJson(ctx, r)) };
}

export async function oneArchive(ctx: ServiceContext, id: number): Promise<ListRow> {
  return ctx.db.archive.findUniqueOrThrow({ where: { id }, select: LIST_SELECT });
}

export function fileJson(ctx: ServiceContext, f: ArchiveFileRow) {
  return {
    id: f.id,
    fileId: f.id,
    archivesId: f.archiveId,
    objectId: f.objectId,
    kind: f.kind,
    sort: f.sort,
    fileName: f.fileName,
    fileSize: f.size,
    fileType: f.mimeType,
    url: archiveFilePath(f.id),
    createTime: formatDateTime(f.createdAt, zoneOf(ctx)),
  };
}

export type LegacyRow = Record<string, unknown> & { id: number };
export const strip = (r: ShapedRow): LegacyRow => {
  const { _type, createdAt, updatedAt, ...rest } = r as ShapedRow & { _type?: string; createdAt?: Date; updatedAt?: Date };
  void _type;
  void createdAt;
  return { ...rest, archivesId: r.archiveId, updateTime: updatedAt ? updatedAt.toISOString() : null };
};

/** A section's rows of an archive by id in the request; `null` when the caller may not read the module (in bundles). */
export async function sectionRows(ctx: ServiceContext, archive: ArchiveFacts, key: string, soft = false): Promise<Array<ReturnType<typeof strip>> | null> {
  if (soft && !(await canReadModule(ctx, archive, sectionOf(key).module))) return null;
  return (await readSection(ctx, archive, key)).map(strip);
}

export async function archiveOf(ctx: ServiceContext, p: Params): Promise<ArchiveFacts> {
  authorize(ctx, 'archive.read');
  return archiveFromInput(ctx, ctx.db, { id: archiveIdParam(p) });
}

/** Rows with their attachments (education entries, awards, multimedia). */
export async function withFiles(ctx: ServiceContext, archive: ArchiveFacts, key: string, kind: number) {
  const rows = (await sectionRows(ctx, archive, key)) ?? [];
  const files = await listArchiveFiles(ctx, archive, kind);
  return rows.map((r): LegacyRow => ({ ...r, fileList: files.filter((f) => f.objectId === r.id).map((f) => fileJson(ctx, f)) }));
}

export const listOf = (p: Params) => first(p.list, p.rows, p.data, p.dataList) ?? [];

export const saveList = (key: string) => async (ctx: ServiceContext, req: ParsedRequest) => {
  const r = await saveSectionRows(ctx, key, atDoor(saveSectionInput, { archiveId: archiveIdParam(req.params), rows: listOf(req.params) }));
  return { data: r };
};

/** The light archive row: overview plus names, contact and primary parent (masked as usual). */
export async function lightJson(ctx: ServiceContext, archive: ArchiveFacts) {
  const base = archiveJson(ctx, await oneArchive(ctx, archive.id));
  const bio = (await sectionRows(ctx, archive, 'bio', true))?.[0] ?? null;
  const members = (await sectionRows(ctx, archive, 'familyMembers', true)) ?? null;
  const parent = members?.find((m) => m.kind === 1) ?? null;
  return {
    ...base,
    student: bio && {
      surName: bio.surName,
      name: bio.name,
      surNamePy: bio.surNamePy,
      namePy: bio.namePy,
      enName: bio.enName,
      sex: bio.sex,
      birthday: bio.birthday,
      email: bio.email,
      phone: bio.phone,
    },
    parent: parent && { id: parent.id, name: parent.name, relation: parent.relation, phone: parent.phone, email: parent.email },
  };
}
