import { uploadedFile } from '../../../lib/upload.ts';
import { atDoor } from '../../../lib/validate.ts';
import { type RestRoute } from '../../../rest/adapter.ts';
import { archiveFileIdInput, deleteArchiveFile, listArchiveFiles, saveAwardFileList, saveAwardFileListInput, uploadArchiveFile, uploadArchiveFileInput } from '../service/files.ts';
import { FILE_KIND } from '../../../../shared/archive-sections.ts';
import { canEditModule, canReadModule } from '../service/access.ts';
import { deleteSectionRow, deleteSectionRowInput, readSection } from '../service/sections.ts';

import { first } from '../../../rest/params.ts';
import { A, archiveIdParam, archiveOf, deleted, fileJson, listOf, saveList, sectionRows, withFiles } from './common.ts';

/** Legacy paths `eventRewards: awards`. */
export const eventRewardsRoutes: RestRoute[] = [
  { path: `${A}/eventRewards/saveList`, methods: ['POST'], handler: saveList('awards') },
  {
    path: `${A}/eventRewards/saveFileList`,
    methods: ['POST'],
    handler: async (ctx, req) => ({ data: await saveAwardFileList(ctx, atDoor(saveAwardFileListInput, { archiveId: archiveIdParam(req.params), rows: listOf(req.params) })) }),
  },
  {
    path: `${A}/eventRewards/deleteEventRewards`,
    methods: ['POST'],
    handler: async (ctx, req) => ({ data: await deleteSectionRow(ctx, 'awards', atDoor(deleteSectionRowInput, { id: req.params.id })), message: deleted(ctx) }),
  },
  {
    path: `${A}/eventRewards/deleteEventFile`,
    methods: ['POST'],
    handler: async (ctx, req) => ({ data: await deleteArchiveFile(ctx, atDoor(archiveFileIdInput, { fileId: first(req.params.id, req.params.fileId) })), message: deleted(ctx) }),
  },
  {
    path: `${A}/eventRewards/uploadAttachment`,
    methods: ['POST'],
    handler: async (ctx, req) => ({ data: fileJson(ctx, await uploadArchiveFile(ctx, FILE_KIND.AWARD, atDoor(uploadArchiveFileInput, { objectId: req.params.objectId, sort: req.params.sort }), uploadedFile(req))) }),
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
    handler: async (ctx, req) => ({ data: await deleteArchiveFile(ctx, atDoor(archiveFileIdInput, { fileId: first(req.params.fileId, req.params.id) })), message: deleted(ctx) }),
  },
];
