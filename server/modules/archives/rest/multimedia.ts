import { uploadedFile } from '../../../lib/upload.ts';
import { atDoor } from '../../../lib/validate.ts';
import { type RestRoute } from '../../../rest/adapter.ts';
import { uploadArchiveFile, uploadArchiveFileInput } from '../service/files.ts';
import { FILE_KIND } from '../../../../shared/archive-sections.ts';
import { deleteSectionRow, deleteSectionRowInput } from '../service/sections.ts';

import { A, archiveOf, deleted, fileJson, saveList, withFiles } from './common.ts';

/** Legacy paths `studentMultiMedia`. */
export const multimediaRoutes: RestRoute[] = [
  {
    path: `${A}/studentMultiMedia/getMultiMediaByArchivesId`,
    methods: ['GET'],
    handler: async (ctx, req) => ({ data: await withFiles(ctx, await archiveOf(ctx, req.params), 'multimedia', FILE_KIND.MULTIMEDIA) }),
  },
  { path: `${A}/studentMultiMedia/saveList`, methods: ['POST'], handler: saveList('multimedia') },
  {
    path: `${A}/studentMultiMedia/delStudentMultiMediaById`,
    methods: ['POST'],
    handler: async (ctx, req) => ({ data: await deleteSectionRow(ctx, 'multimedia', atDoor(deleteSectionRowInput, { id: req.params.id })), message: deleted(ctx) }),
  },
  {
    path: `${A}/studentMultiMedia/uploadAttachment`,
    methods: ['POST'],
    handler: async (ctx, req) => ({ data: fileJson(ctx, await uploadArchiveFile(ctx, FILE_KIND.MULTIMEDIA, atDoor(uploadArchiveFileInput, { objectId: req.params.objectId, sort: req.params.sort }), uploadedFile(req))) }),
  },
];
