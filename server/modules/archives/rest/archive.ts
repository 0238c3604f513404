import { translate } from '../../../i18n/catalogue.ts';
import { bytesResponse, downloadResponse, uploadedFile } from '../../../lib/upload.ts';
import { atDoor } from '../../../lib/validate.ts';
import { authorize } from '../../../policy.ts';
import { authorizeWrite } from '../../../write.ts';
import { type RestRoute } from '../../../rest/adapter.ts';
import { envelope } from '../../../rest/envelope.ts';
import { saveFullArchive } from '../service/composite.ts';
import { archiveFileIdInput, deleteArchiveFile, fileForDownload, uploadArchiveFile, uploadArchiveFileInput } from '../service/files.ts';
import { archivePermissions, backupArchive, backupArchiveInput, primeVisible } from '../service/read.ts';
import { FILE_KIND } from '../../../../shared/archive-sections.ts';
import { ARCHIVE_ORDER, archivesWhere } from '../service/lists.ts';
import { canReadModule } from '../service/access.ts';
import { assignArchives, assignArchivesInput, deleteArchive, deleteArchiveInput } from '../service/overview.ts';
import { archiveIdInput, setArchiveLock, setArchiveStatus, setArchiveStatusInput } from '../service/states.ts';
import { ArchiveImportError, importArchives, importTemplate, startArchiveExport } from '../archives.xlsx.ts';
import { exportDownload, exportNow } from '../../../jobs/exports.ts';

import { first, flag } from '../../../rest/params.ts';
import { A, LIST_LIMIT, archiveIdParam, archiveJson, archiveOf, deleted, fileJson, filterOf, oneArchive, pageOf, sectionRows, withFiles } from './common.ts';
import { XLSX_MIME } from '../../../lib/xlsx.ts';
import { archivesErrors } from '../archives.errors.ts';

/** Legacy paths `/archive`. */
export const archivePathRoutes: RestRoute[] = [
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
    handler: async (ctx, req) => ({ data: await deleteArchive(ctx, atDoor(deleteArchiveInput, { id: archiveIdParam(req.params) })), message: deleted(ctx) }),
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
      return { data: await assignArchives(ctx, atDoor(assignArchivesInput, links)) };
    },
  },
  {
    path: `${A}/archive/backup`,
    methods: ['POST'],
    handler: async (ctx, req) => ({ data: await backupArchive(ctx, atDoor(backupArchiveInput, { id: archiveIdParam(req.params) })) }),
  },
  {
    path: `${A}/archive/export`,
    methods: ['POST'],
    handler: async (ctx, req) => {
      // Queued as a job and waited for: the old client expects the file in the answer (docs/jobs.md).
      const job = await exportNow(ctx, await startArchiveExport(ctx, filterOf(req.params)));
      return exportDownload(ctx, job.id);
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
      return bytesResponse(await importTemplate(ctx.lang), ctx.lang === 'en' ? 'archive-import-template.xlsx' : '学员档案导入模板.xlsx', XLSX_MIME);
    },
  },
  {
    path: `${A}/archive/uploadEduAttachment`,
    methods: ['POST'],
    handler: async (ctx, req) => ({ data: fileJson(ctx, await uploadArchiveFile(ctx, FILE_KIND.EDUCATION, atDoor(uploadArchiveFileInput, { objectId: req.params.objectId, sort: req.params.sort }), uploadedFile(req))) }),
  },
  {
    path: `${A}/archive/deleteEduAttachment`,
    methods: ['GET'],
    handler: async (ctx, req) => ({ data: await deleteArchiveFile(ctx, atDoor(archiveFileIdInput, { fileId: first(req.params.fileId, req.params.id) })), message: deleted(ctx) }),
  },
  {
    path: `${A}/archive/downloadAttachment`,
    methods: ['GET'],
    handler: async (ctx, req) => {
      const f = await fileForDownload(ctx, atDoor(archiveFileIdInput, { fileId: first(req.params.fileId, req.params.id) }));
      const res = await downloadResponse(ctx, f.storageKey, { fileName: f.fileName, mime: f.mimeType });
      if (!res) throw archivesErrors.rule('NOT_FOUND', 'archive.fileNotFound');
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
    handler: async (ctx, req) => ({ data: await setArchiveStatus(ctx, atDoor(setArchiveStatusInput, { id: archiveIdParam(req.params), status: req.params.status })) }),
  },
  {
    path: `${A}/archive/updateLock`,
    methods: ['GET'],
    handler: async (ctx, req) => {
      const p = req.params;
      const lock = flag(first(p.lock, p.locked, p.status));
      if (typeof lock !== 'boolean') {
        // The rights check before the input: a caller without archive.lock is refused, not told what the request lacks.
        await authorizeWrite(ctx, { operation: 'archive.lock', targetType: 'Archive' }, 'archive.lock');
        throw archivesErrors.rule('INVALID_INPUT', lock === undefined ? 'validation.required' : 'validation.invalid', { field: 'lock' });
      }
      return { data: { ...(await setArchiveLock(ctx, atDoor(archiveIdInput, { id: archiveIdParam(p) }), lock)), lock: lock ? 1 : 0 } };
    },
  },
];
