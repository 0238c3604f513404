import type { ServiceContext } from '../../context.ts';
import { DomainError, NotFoundError } from '../../errors.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import { translate, type MessageKey } from '../../i18n/catalogue.ts';
import { bytesResponse, downloadResponse, uploadedFile } from '../../lib/upload.ts';
import { authorize, requireActor } from '../../policy.ts';
import { BOTH, type RestRoute } from '../../rest/adapter.ts';
import type { ParsedRequest, Params } from '../../rest/body.ts';
import { envelope, readPage, type Page } from '../../rest/envelope.ts';
import { formatDateTime } from '../../lib/wall-time.ts';
import { saveFamilyBundle, saveFullArchive, saveLightArchive } from './archives.composite.ts';
import { createVerification, examinesWhere, latestExamineOf, reverifyModule, unverifiedArchivesWhere, verifyModule, visibleExamine } from './archives.examine.ts';
import type { ShapedRow } from './archives.fields.ts';
import { archiveFilePath, deleteArchiveFile, fileForDownload, listArchiveFiles, saveAwardFileList, uploadArchiveFile, type ArchiveFileRow } from './archives.files.ts';
import { archivePermissions, backupArchive, primeVisible } from './archives.read.ts';
import { FILE_KIND, SECTION_BY_KEY, sectionOf } from './archives.sections.ts';
import {
  ARCHIVE_ORDER,
  archiveFromInput,
  archivesWhere,
  assignArchives,
  canEditModule,
  canReadModule,
  deleteArchive,
  deleteSectionRow,
  FACTS_SELECT,
  readSection,
  saveSectionRows,
  saveSingleSection,
  setArchiveLock,
  setArchiveStatus,
  type ArchiveFacts,
  type ArchiveListFilter,
} from './archives.service.ts';
import { ArchiveImportError, exportArchives, importArchives, importTemplate } from './archives.xlsx.ts';
import './archives.examine.ts';

/**
 * Legacy paths of spec section 7 "Archives and students". Each parses, calls the same
 * service function as GraphQL, and shapes the legacy answer. Archive ids arrive as `id`,
 * `archivesId` or `archiveId`. A few paths the spec does not list are added where a screen
 * needs them (downloads, the import template, verification writes, multimedia uploads and
 * deleting rows of the generic sections); docs/archives.md lists them.
 */
const A = '/api/admin';
const LIST_LIMIT = 1000;

const first = (...values: unknown[]) => values.find((v) => v !== undefined && v !== null && v !== '');
const cond = (p: Params) => ((p.condition && typeof p.condition === 'object' ? p.condition : p) as Params);
const archiveIdParam = (p: Params) => first(p.archivesId, p.archiveId, p.id);
const zone = (ctx: ServiceContext) => requireActor(ctx).timeZone;
const deleted = (ctx: ServiceContext) => translate(ctx.lang, 'toast.deleted');

function bool(v: unknown): boolean | null {
  if (v === undefined || v === null || v === '') return null;
  return v === true || v === 1 || v === '1' || v === 'true';
}

function num(v: unknown): number | null {
  if (v === undefined || v === null || v === '') return null;
  const n = Number(v);
  return Number.isInteger(n) ? n : -1;
}

/** The legacy list condition. The apply year must be numeric (申请年份必须是数字). */
function filterOf(p: Params): ArchiveListFilter {
  const c = cond(p);
  return {
    status: num(c.status),
    consultantId: num(c.consultantId),
    salesId: num(first(c.salesId, c.projectId)),
    year: first(c.year, c.applyYear),
    grade: first(c.grade),
    search: (first(c.searchKey, c.keyword, c.name, c.userName) as string | undefined) ?? null,
    locked: bool(first(c.lock, c.locked)),
    applyingStatus: num(c.applyingStatus),
    sale: num(c.sale),
  };
}

const LIST_SELECT = {
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
type ListRow = Prisma.ArchiveGetPayload<{ select: typeof LIST_SELECT }>;

/** The legacy archive (spec section 3): `userId` is the student, `projectId` the salesperson. */
function archiveJson(ctx: ServiceContext, a: ListRow) {
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
    createTime: formatDateTime(a.createdAt, zone(ctx)),
    updateTime: formatDateTime(a.updatedAt, zone(ctx)),
    createBy: a.createdById,
    createByName: a.createdBy?.name ?? null,
  };
}

async function pageOf(ctx: ServiceContext, p: Params, where: Prisma.ArchiveWhereInput): Promise<Page<ReturnType<typeof archiveJson>>> {
  const { currentPage, pageSize } = readPage(p);
  const [rows, total] = await Promise.all([
    ctx.db.archive.findMany({ where, orderBy: ARCHIVE_ORDER, skip: (currentPage - 1) * pageSize, take: Math.min(pageSize, 500), select: LIST_SELECT }),
    ctx.db.archive.count({ where }),
  ]);
  return { currentPage, pageSize, rows: total, resultList: rows.map((r) => archiveJson(ctx, r)) };
}

async function oneArchive(ctx: ServiceContext, id: number): Promise<ListRow> {
  return ctx.db.archive.findUniqueOrThrow({ where: { id }, select: LIST_SELECT });
}

function fileJson(ctx: ServiceContext, f: ArchiveFileRow) {
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
    createTime: formatDateTime(f.createdAt, zone(ctx)),
  };
}

type LegacyRow = Record<string, unknown> & { id: number };
const strip = (r: ShapedRow): LegacyRow => {
  const { _type, createdAt, updatedAt, ...rest } = r as ShapedRow & { _type?: string; createdAt?: Date; updatedAt?: Date };
  void _type;
  void createdAt;
  return { ...rest, archivesId: r.archiveId, updateTime: updatedAt ? updatedAt.toISOString() : null };
};

/** A section's rows of an archive by id in the request; `null` when the caller may not read the module (in bundles). */
async function sectionRows(ctx: ServiceContext, archive: ArchiveFacts, key: string, soft = false): Promise<Array<ReturnType<typeof strip>> | null> {
  if (soft && !(await canReadModule(ctx, archive, sectionOf(key).module))) return null;
  return (await readSection(ctx, archive, key)).map(strip);
}

async function archiveOf(ctx: ServiceContext, p: Params): Promise<ArchiveFacts> {
  authorize(ctx, 'archive.read');
  return archiveFromInput(ctx, ctx.db, { id: archiveIdParam(p) });
}

/** Rows with their attachments (education entries, awards, multimedia). */
async function withFiles(ctx: ServiceContext, archive: ArchiveFacts, key: string, kind: number) {
  const rows = (await sectionRows(ctx, archive, key)) ?? [];
  const files = await listArchiveFiles(ctx, archive, kind);
  return rows.map((r): LegacyRow => ({ ...r, fileList: files.filter((f) => f.objectId === r.id).map((f) => fileJson(ctx, f)) }));
}

const listOf = (p: Params) => first(p.list, p.rows, p.data, p.dataList) ?? [];

const saveList = (key: string) => async (ctx: ServiceContext, req: ParsedRequest) => {
  const r = await saveSectionRows(ctx, key, { archiveId: archiveIdParam(req.params), rows: listOf(req.params) });
  return { data: r };
};

/** The light archive row: overview plus names, contact and primary parent (masked as usual). */
async function lightJson(ctx: ServiceContext, archive: ArchiveFacts) {
  const base = archiveJson(ctx, await oneArchive(ctx, archive.id));
  const bio = (await sectionRows(ctx, archive, 'bio', true))?.[0] ?? null;
  const members = (await sectionRows(ctx, archive, 'familyMembers', true)) ?? null;
  const parent = members?.find((m) => m.kind === 1) ?? null;
  return {
    ...base,
    student: bio && {
      surName: bio.surName, name: bio.name, surNamePy: bio.surNamePy, namePy: bio.namePy, enName: bio.enName,
      sex: bio.sex, birthday: bio.birthday, email: bio.email, phone: bio.phone,
    },
    parent: parent && { id: parent.id, name: parent.name, relation: parent.relation, phone: parent.phone, email: parent.email },
  };
}

function examineJson(ctx: ServiceContext, e: { id: number; number: string; title: string; content: string | null; status: number; archiveId: number; verifierId: number | null; verifiedAt: Date | null; note: string | null; createdAt: Date; archive: { name: string }; verifier: { name: string } | null }) {
  return {
    id: e.id,
    number: e.number,
    title: e.title,
    content: e.content,
    status: e.status,
    statusName: translate(ctx.lang, `archive.examine.status.${e.status}` as MessageKey),
    archivesId: e.archiveId,
    archivesName: e.archive.name,
    verifierId: e.verifierId,
    verifierName: e.verifier?.name ?? null,
    time: formatDateTime(e.verifiedAt, zone(ctx)),
    note: e.note,
    createTime: formatDateTime(e.createdAt, zone(ctx)),
  };
}

async function examineModules(ctx: ServiceContext, examineId: number) {
  const rows = await ctx.db.archiveExamineModule.findMany({
    where: { examineId },
    orderBy: { id: 'asc' },
    select: { id: true, examineId: true, moduleId: true, status: true, verifierId: true, verifiedAt: true, note: true, module: { select: { code: true, name: true, nameEn: true } }, verifier: { select: { name: true } } },
  });
  return rows.map((m) => ({
    id: m.id,
    archivesExamineId: m.examineId,
    moduleId: m.moduleId,
    moduleCode: m.module.code,
    moduleName: ctx.lang === 'en' ? m.module.nameEn : m.module.name,
    status: m.status,
    statusName: translate(ctx.lang, `archive.examine.status.${m.status}` as MessageKey),
    verifierId: m.verifierId,
    verifierName: m.verifier?.name ?? null,
    time: formatDateTime(m.verifiedAt, zone(ctx)),
    note: m.note,
  }));
}

const EXAMINE_SELECT = {
  id: true, number: true, title: true, content: true, status: true, archiveId: true, verifierId: true, verifiedAt: true, note: true, createdAt: true,
  archive: { select: { name: true } }, verifier: { select: { name: true } },
} as const;

/** Sections fs/others/saveList may save (`type` names the section). */
const OTHER_SECTIONS = ['educations', 'rewardProjects', 'vericant', 'toeflJunior', 'toefl', 'ssat', 'variousExams', 'applicationAccounts', 'cards', 'recommenders', 'relatives', 'essays', 'others', 'writings', 'applyInformation', 'multimedia', 'awards', 'familyMembers'];
const OTHERS_READ = ['others', 'applicationAccounts', 'cards', 'recommenders', 'relatives', 'essays', 'writings', 'vericant', 'toeflJunior', 'toefl', 'ssat'];

function otherSectionOf(v: unknown): string {
  const key = typeof v === 'string' ? v : 'others';
  if (!OTHER_SECTIONS.includes(key) || !SECTION_BY_KEY.has(key)) throw new DomainError('INVALID_INPUT', 'validation.invalid', { field: 'type' });
  return key;
}

export const archiveRoutes: RestRoute[] = [
  // ── /py/archives: the light archive, same store ──
  {
    path: `${A}/py/archives/listArchivessByPage`,
    methods: ['POST'],
    handler: async (ctx, req) => {
      const where = await archivesWhere(ctx, filterOf(req.params));
      const page = await pageOf(ctx, req.params, where);
      return { data: page };
    },
  },
  {
    path: `${A}/py/archives/listAll`,
    methods: ['POST'],
    handler: async (ctx, req) => {
      const rows = await ctx.db.archive.findMany({ where: await archivesWhere(ctx, filterOf(req.params)), orderBy: ARCHIVE_ORDER, take: LIST_LIMIT, select: LIST_SELECT });
      return { data: rows.map((r) => archiveJson(ctx, r)) };
    },
  },
  {
    path: `${A}/py/archives/save`,
    methods: ['POST'],
    handler: async (ctx, req) => {
      const r = await saveLightArchive(ctx, req.params);
      return { data: await lightJson(ctx, await archiveFromInput(ctx, ctx.db, { id: r.id })), message: String(r.id) };
    },
  },
  {
    path: `${A}/py/archives/updateStatus`,
    methods: ['POST'],
    handler: async (ctx, req) => ({ data: await setArchiveStatus(ctx, { id: archiveIdParam(req.params), status: req.params.status }) }),
  },
  {
    path: `${A}/py/archives/getById`,
    methods: ['GET'],
    handler: async (ctx, req) => ({ data: await lightJson(ctx, await archiveOf(ctx, req.params)) }),
  },
  {
    path: `${A}/py/archives/deleteById`,
    methods: ['GET'],
    handler: async (ctx, req) => ({ data: await deleteArchive(ctx, { id: archiveIdParam(req.params) }), message: deleted(ctx) }),
  },

  // ── /archive/examine: verification ──
  {
    path: `${A}/archive/examine/listArchivesExamineByPage`,
    methods: ['POST'],
    handler: async (ctx, req) => {
      const c = cond(req.params);
      const where = await examinesWhere(ctx, { status: num(c.status), archiveId: num(first(c.archivesId, c.archiveId)) });
      const { currentPage, pageSize } = readPage(req.params);
      const [rows, total] = await Promise.all([
        ctx.db.archiveExamine.findMany({ where, orderBy: { id: 'desc' }, skip: (currentPage - 1) * pageSize, take: Math.min(pageSize, 500), select: EXAMINE_SELECT }),
        ctx.db.archiveExamine.count({ where }),
      ]);
      return { data: { currentPage, pageSize, rows: total, resultList: rows.map((e) => examineJson(ctx, e)) } };
    },
  },
  {
    path: `${A}/archive/examine/record/listArchivesExamineRecordByPage`,
    methods: ['POST'],
    handler: async (ctx, req) => {
      const c = cond(req.params);
      const examine = await visibleExamine(ctx, first(c.archivesExamineId, c.examineId, req.params.archivesExamineId));
      const { currentPage, pageSize } = readPage(req.params);
      const where = { examineId: examine.id };
      const [rows, total] = await Promise.all([
        ctx.db.archiveExamineRecord.findMany({
          where, orderBy: { id: 'desc' }, skip: (currentPage - 1) * pageSize, take: Math.min(pageSize, 500),
          select: { id: true, examineId: true, examineModuleId: true, action: true, status: true, verifierId: true, note: true, createdAt: true, verifier: { select: { name: true } }, examineModule: { select: { module: { select: { code: true, name: true, nameEn: true } } } } },
        }),
        ctx.db.archiveExamineRecord.count({ where }),
      ]);
      return {
        data: {
          currentPage, pageSize, rows: total,
          resultList: rows.map((r) => ({
            id: r.id, archivesExamineId: r.examineId, archivesExamineModuleId: r.examineModuleId,
            moduleCode: r.examineModule?.module.code ?? null,
            moduleName: r.examineModule ? (ctx.lang === 'en' ? r.examineModule.module.nameEn : r.examineModule.module.name) : null,
            action: r.action, status: r.status, statusName: translate(ctx.lang, `archive.examine.status.${r.status}` as MessageKey),
            verifierId: r.verifierId, verifierName: r.verifier?.name ?? null, note: r.note, time: formatDateTime(r.createdAt, zone(ctx)),
          })),
        },
      };
    },
  },
  {
    path: `${A}/archive/examine/listArchivesExamineByNot`,
    methods: ['POST'],
    handler: async (ctx, req) => ({ data: await pageOf(ctx, req.params, await unverifiedArchivesWhere(ctx)) }),
  },
  {
    path: `${A}/archive/examine/module/listArchivesExamineModuleByExamineId`,
    methods: ['GET'],
    handler: async (ctx, req) => ({ data: await examineModules(ctx, (await visibleExamine(ctx, first(req.params.archivesExamineId, req.params.id))).id) }),
  },
  {
    path: `${A}/archive/examine/module/listArchivesExamineModuleByArchivesId`,
    methods: ['GET'],
    handler: async (ctx, req) => {
      authorize(ctx, 'archive.read');
      const latest = await latestExamineOf(ctx, archiveIdParam(req.params));
      return { data: latest ? await examineModules(ctx, latest.id) : [] };
    },
  },
  {
    path: `${A}/archive/examine/save`,
    methods: ['POST'],
    handler: async (ctx, req) => {
      const p = req.params;
      const r = await createVerification(ctx, { archiveId: archiveIdParam(p), title: p.title, content: p.content, moduleCodes: p.moduleCodes });
      return { data: r, message: String(r.id) };
    },
  },
  {
    path: `${A}/archive/examine/module/verify`,
    methods: ['POST'],
    handler: async (ctx, req) => ({ data: await verifyModule(ctx, { id: first(req.params.id, req.params.archivesExamineModuleId), note: req.params.note }) }),
  },
  {
    path: `${A}/archive/examine/module/reverify`,
    methods: ['POST'],
    handler: async (ctx, req) => ({ data: await reverifyModule(ctx, { id: first(req.params.id, req.params.archivesExamineModuleId), note: req.params.note }) }),
  },

  // ── /archive ──
  {
    path: `${A}/archive/listByPage`,
    methods: ['POST'],
    handler: async (ctx, req) => {
      const where = await archivesWhere(ctx, filterOf(req.params));
      return { data: await pageOf(ctx, req.params, where) };
    },
  },
  {
    path: `${A}/archive/listByCondition`,
    methods: ['POST'],
    handler: async (ctx, req) => {
      const rows = await ctx.db.archive.findMany({
        where: await archivesWhere(ctx, filterOf(req.params)),
        orderBy: ARCHIVE_ORDER,
        take: LIST_LIMIT,
        select: { id: true, name: true, userName: true, year: true, consultantId: true, studentId: true },
      });
      // The task picker item of spec section 3: id, name, nameEn, year, consultantId.
      return { data: rows.map((r) => ({ id: r.id, name: r.name, nameEn: r.userName, year: r.year, consultantId: r.consultantId, userId: r.studentId })) };
    },
  },
  {
    path: `${A}/archive/save`,
    methods: ['POST'],
    handler: async (ctx, req) => {
      const r = await saveFullArchive(ctx, req.params);
      return { data: archiveJson(ctx, await oneArchive(ctx, r.id)), message: String(r.id) };
    },
  },
  {
    path: `${A}/archive/delById`,
    methods: ['POST'],
    handler: async (ctx, req) => ({ data: await deleteArchive(ctx, { id: archiveIdParam(req.params) }), message: deleted(ctx) }),
  },
  {
    path: `${A}/archive/addConsultant`,
    methods: ['POST'],
    handler: async (ctx, req) => {
      const p = req.params;
      const ids = first(p.ids, p.archivesIds, p.archiveIds) ?? [archiveIdParam(p)];
      const links: Record<string, unknown> = { ids: Array.isArray(ids) ? ids : String(ids).split(',') };
      for (const k of ['consultantId', 'actingConsultantId', 'parentId'] as const) if (p[k] !== undefined) links[k] = p[k];
      const sales = p.salesId !== undefined ? p.salesId : p.projectId;
      if (sales !== undefined) links.salesId = sales;
      return { data: await assignArchives(ctx, links) };
    },
  },
  {
    path: `${A}/archive/backup`,
    methods: ['POST'],
    handler: async (ctx, req) => ({ data: await backupArchive(ctx, archiveIdParam(req.params)) }),
  },
  {
    path: `${A}/archive/export`,
    methods: ['POST'],
    handler: async (ctx, req) => {
      const file = await exportArchives(ctx, filterOf(req.params));
      return bytesResponse(file.bytes, file.fileName, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    },
  },
  {
    path: `${A}/archive/importData`,
    methods: ['POST'],
    handler: async (ctx, req) => {
      try {
        const r = await importArchives(ctx, uploadedFile(req));
        return { data: { count: r.ids.length, ids: r.ids }, message: translate(ctx.lang, 'archive.import.done', { count: r.ids.length }) };
      } catch (err) {
        if (err instanceof ArchiveImportError) return envelope('error', translate(ctx.lang, err.messageKey, err.params), { errors: err.rows });
        throw err;
      }
    },
  },
  {
    path: `${A}/archive/downloadImportTemplate`,
    methods: ['GET'],
    handler: async (ctx) => {
      authorize(ctx, 'archive.import');
      return bytesResponse(await importTemplate(ctx.lang), ctx.lang === 'en' ? 'archive-import-template.xlsx' : '学员档案导入模板.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    },
  },
  {
    path: `${A}/archive/uploadEduAttachment`,
    methods: ['POST'],
    handler: async (ctx, req) => ({ data: fileJson(ctx, await uploadArchiveFile(ctx, FILE_KIND.EDUCATION, { objectId: req.params.objectId, sort: req.params.sort }, uploadedFile(req))) }),
  },
  {
    path: `${A}/archive/deleteEduAttachment`,
    methods: ['GET'],
    handler: async (ctx, req) => ({ data: await deleteArchiveFile(ctx, first(req.params.fileId, req.params.id)), message: deleted(ctx) }),
  },
  {
    path: `${A}/archive/downloadAttachment`,
    methods: ['GET'],
    handler: async (ctx, req) => {
      const f = await fileForDownload(ctx, first(req.params.fileId, req.params.id));
      const res = await downloadResponse(ctx.config, f.storageKey, { fileName: f.fileName, mime: f.mimeType });
      if (!res) throw new DomainError('NOT_FOUND', 'archive.fileNotFound');
      return res;
    },
  },
  {
    path: `${A}/archive/getArchiveAndStudentDetail`,
    methods: ['GET'],
    handler: async (ctx, req) => {
      const archive = await archiveOf(ctx, req.params);
      primeVisible(ctx, [archive]);
      const row = await oneArchive(ctx, archive.id);
      const student = await ctx.db.user.findUniqueOrThrow({ where: { id: archive.studentId }, select: { id: true, name: true, nameEn: true, gender: true, account: true } });
      return {
        data: {
          archives: archiveJson(ctx, row),
          student: { id: student.id, name: student.name, nameEn: student.nameEn, sex: student.gender, account: student.account },
          bio: (await sectionRows(ctx, archive, 'bio', true))?.[0] ?? null,
          educations: (await canReadModule(ctx, archive, 'education')) ? await withFiles(ctx, archive, 'educations', FILE_KIND.EDUCATION) : null,
          permissions: await archivePermissions(ctx, archive),
        },
      };
    },
  },
  {
    path: `${A}/archive/updateStatus`,
    methods: ['GET'],
    handler: async (ctx, req) => ({ data: await setArchiveStatus(ctx, { id: archiveIdParam(req.params), status: req.params.status }) }),
  },
  {
    path: `${A}/archive/updateLock`,
    methods: ['GET'],
    handler: async (ctx, req) => {
      const p = req.params;
      const lock = bool(first(p.lock, p.locked, p.status));
      if (lock === null) {
        authorize(ctx, 'archive.read');
        throw new DomainError('INVALID_INPUT', 'validation.required', { field: 'lock' });
      }
      return { data: { ...(await setArchiveLock(ctx, { id: archiveIdParam(p) }, lock)), lock: lock ? 1 : 0 } };
    },
  },

  // ── fs/family ──
  {
    path: `${A}/fs/family/saveFamily`,
    methods: ['POST'],
    handler: async (ctx, req) => ({ data: await saveFamilyBundle(ctx, req.params) }),
  },
  {
    path: `${A}/fs/family/deleteArchivesFamily`,
    methods: ['POST'],
    handler: async (ctx, req) => ({ data: await deleteSectionRow(ctx, 'family', { id: req.params.id }), message: deleted(ctx) }),
  },
  {
    path: `${A}/fs/family/deleteArchivesFamilyDetail`,
    methods: ['POST'],
    handler: async (ctx, req) => ({ data: await deleteSectionRow(ctx, 'familyMembers', { id: req.params.id }), message: deleted(ctx) }),
  },
  {
    path: `${A}/fs/family/getFamilyAndFamilyDetailByArchivesId`,
    methods: ['GET'],
    handler: async (ctx, req) => {
      const archive = await archiveOf(ctx, req.params);
      return { data: { family: (await sectionRows(ctx, archive, 'family'))?.[0] ?? null, details: await sectionRows(ctx, archive, 'familyMembers') } };
    },
  },

  // ── fs/others: the other archive parts ──
  {
    path: `${A}/fs/others/saveOthers`,
    methods: ['POST'],
    handler: async (ctx, req) => {
      const p = req.params;
      const { archivesId, archiveId, ...row } = p;
      return { data: await saveSectionRows(ctx, 'others', { archiveId: first(archivesId, archiveId), rows: [row] }) };
    },
  },
  {
    path: `${A}/fs/others/saveList`,
    methods: ['POST'],
    handler: async (ctx, req) => {
      const key = otherSectionOf(first(req.params.type, req.params.section));
      return { data: await saveSectionRows(ctx, key, { archiveId: archiveIdParam(req.params), rows: listOf(req.params) }) };
    },
  },
  {
    path: `${A}/fs/others/deleteById`,
    methods: ['POST'],
    handler: async (ctx, req) => ({ data: await deleteSectionRow(ctx, otherSectionOf(first(req.params.type, req.params.section)), { id: req.params.id }), message: deleted(ctx) }),
  },
  {
    path: `${A}/fs/others/getOthersByArchivesId`,
    methods: ['GET'],
    handler: async (ctx, req) => {
      const archive = await archiveOf(ctx, req.params);
      const out: Record<string, unknown> = {};
      for (const key of OTHERS_READ) out[key] = await sectionRows(ctx, archive, key, true);
      return { data: out };
    },
  },
  {
    path: `${A}/fs/others/getProgressByArchivesId`,
    methods: ['GET'],
    handler: async (ctx, req) => {
      const archive = await archiveOf(ctx, req.params);
      const essays = await sectionRows(ctx, archive, 'essays', true);
      // How far the archive is filled: per section the caller may read, whether it has data.
      const sections: Array<{ section: string; module: string; filled: boolean }> = [];
      for (const s of SECTION_BY_KEY.values()) {
        if (!(await canReadModule(ctx, archive, s.module))) continue;
        const rows = await readSection(ctx, archive, s.key);
        sections.push({ section: s.key, module: s.module, filled: rows.length > 0 });
      }
      const filled = sections.filter((s) => s.filled).length;
      return { data: { essays, sections, percent: sections.length ? Math.round((filled / sections.length) * 100) : 0 } };
    },
  },

  // ── eventRewards: awards ──
  { path: `${A}/eventRewards/saveList`, methods: ['POST'], handler: saveList('awards') },
  {
    path: `${A}/eventRewards/saveFileList`,
    methods: ['POST'],
    handler: async (ctx, req) => ({ data: await saveAwardFileList(ctx, { archiveId: archiveIdParam(req.params), rows: listOf(req.params) }) }),
  },
  {
    path: `${A}/eventRewards/deleteEventRewards`,
    methods: ['POST'],
    handler: async (ctx, req) => ({ data: await deleteSectionRow(ctx, 'awards', { id: req.params.id }), message: deleted(ctx) }),
  },
  {
    path: `${A}/eventRewards/deleteEventFile`,
    methods: ['POST'],
    handler: async (ctx, req) => ({ data: await deleteArchiveFile(ctx, first(req.params.id, req.params.fileId)), message: deleted(ctx) }),
  },
  {
    path: `${A}/eventRewards/uploadAttachment`,
    methods: ['POST'],
    handler: async (ctx, req) => ({ data: fileJson(ctx, await uploadArchiveFile(ctx, FILE_KIND.AWARD, { objectId: req.params.objectId, sort: req.params.sort }, uploadedFile(req))) }),
  },
  {
    path: `${A}/eventRewards/getEventRewardsByArchivesId`,
    methods: ['GET'],
    handler: async (ctx, req) => {
      const archive = await archiveOf(ctx, req.params);
      const awards = await withFiles(ctx, archive, 'awards', FILE_KIND.AWARD);
      const projects = new Map(((await sectionRows(ctx, archive, 'rewardProjects')) ?? []).map((p) => [p.id, p]));
      return {
        data: awards.map((a) => {
          const p = a.projectId ? projects.get(a.projectId as number) : undefined;
          return { ...a, projectName: p?.name ?? null, projectDesc: p?.description ?? null };
        }),
      };
    },
  },
  {
    path: `${A}/eventRewards/getEventFileByArchivesId`,
    methods: ['GET'],
    handler: async (ctx, req) => {
      const archive = await archiveOf(ctx, req.params);
      if (!(await canReadModule(ctx, archive, 'awards'))) await readSection(ctx, archive, 'awards');
      return { data: (await listArchiveFiles(ctx, archive, FILE_KIND.AWARD)).map((f) => fileJson(ctx, f)) };
    },
  },
  {
    path: `${A}/eventRewards/getRewardProjectByArchivesId`,
    methods: ['GET'],
    handler: async (ctx, req) => ({ data: await sectionRows(ctx, await archiveOf(ctx, req.params), 'rewardProjects') }),
  },
  {
    path: `${A}/eventRewards/isShowScore`,
    methods: ['GET'],
    handler: async (ctx, req) => ({ data: await canEditModule(ctx, await archiveOf(ctx, req.params), 'awards') }),
  },
  {
    path: `${A}/eventRewards/deleteAttachment`,
    methods: ['GET'],
    handler: async (ctx, req) => ({ data: await deleteArchiveFile(ctx, first(req.params.fileId, req.params.id)), message: deleted(ctx) }),
  },

  // ── studentMultiMedia ──
  {
    path: `${A}/studentMultiMedia/getMultiMediaByArchivesId`,
    methods: ['GET'],
    handler: async (ctx, req) => ({ data: await withFiles(ctx, await archiveOf(ctx, req.params), 'multimedia', FILE_KIND.MULTIMEDIA) }),
  },
  { path: `${A}/studentMultiMedia/saveList`, methods: ['POST'], handler: saveList('multimedia') },
  {
    path: `${A}/studentMultiMedia/delStudentMultiMediaById`,
    methods: ['POST'],
    handler: async (ctx, req) => ({ data: await deleteSectionRow(ctx, 'multimedia', { id: req.params.id }), message: deleted(ctx) }),
  },
  {
    path: `${A}/studentMultiMedia/uploadAttachment`,
    methods: ['POST'],
    handler: async (ctx, req) => ({ data: fileJson(ctx, await uploadArchiveFile(ctx, FILE_KIND.MULTIMEDIA, { objectId: req.params.objectId, sort: req.params.sort }, uploadedFile(req))) }),
  },

  // ── studentSurvey ──
  {
    path: `${A}/studentSurvey/save`,
    methods: ['POST'],
    handler: async (ctx, req) => ({ data: await saveSingleSection(ctx, 'survey', { ...req.params, archiveId: archiveIdParam({ archivesId: req.params.archivesId, archiveId: req.params.archiveId }) }) }),
  },
  {
    path: `${A}/studentSurvey/getStudentSurveyByArchivesId`,
    methods: ['GET'],
    handler: async (ctx, req) => ({ data: (await sectionRows(ctx, await archiveOf(ctx, req.params), 'survey'))?.[0] ?? null }),
  },
  {
    path: `${A}/studentSurvey/getStudentSurveyVoByArchivesId`,
    methods: ['GET'],
    handler: async (ctx, req) => {
      const archive = await archiveOf(ctx, req.params);
      const survey = (await sectionRows(ctx, archive, 'survey'))?.[0] ?? null;
      const row = await oneArchive(ctx, archive.id);
      return { data: { ...(survey ?? {}), archivesId: archive.id, archivesName: row.name, userName: row.userName, grade: row.grade, year: row.year, consultantName: row.consultant?.name ?? null } };
    },
  },

  // ── variousExam, applyInformation ──
  { path: `${A}/variousExam/saveList`, methods: ['POST'], handler: saveList('variousExams') },
  {
    path: `${A}/variousExam/getVariousExamByArchivesId`,
    methods: ['GET'],
    handler: async (ctx, req) => ({ data: await sectionRows(ctx, await archiveOf(ctx, req.params), 'variousExams') }),
  },
  { path: `${A}/applyInformation/saveList`, methods: ['POST'], handler: saveList('applyInformation') },
  {
    path: `${A}/applyInformation/getApplyInformationByArchivesId`,
    methods: ['GET'],
    handler: async (ctx, req) => ({ data: await sectionRows(ctx, await archiveOf(ctx, req.params), 'applyInformation') }),
  },
];

export { BOTH, NotFoundError };
