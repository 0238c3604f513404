import { atDoor } from '../../../lib/validate.ts';
import { type RestRoute } from '../../../rest/adapter.ts';
import { saveLightArchive } from '../service/composite.ts';
import { ARCHIVE_ORDER, archivesWhere } from '../service/lists.ts';
import { archiveFromInput } from '../service/access.ts';
import { deleteArchive, deleteArchiveInput } from '../service/overview.ts';
import { setArchiveStatus, setArchiveStatusInput } from '../service/states.ts';

import { A, LIST_LIMIT, LIST_SELECT, archiveIdParam, archiveJson, archiveOf, deleted, filterOf, lightJson, pageOf } from './common.ts';

/** Legacy paths `/py/archives: the light archive, same store`. */
export const lightArchivesRoutes: RestRoute[] = [
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
    handler: async (ctx, req) => ({ data: await setArchiveStatus(ctx, atDoor(setArchiveStatusInput, { id: archiveIdParam(req.params), status: req.params.status })) }),
  },
  {
    path: `${A}/py/archives/getById`,
    methods: ['GET'],
    handler: async (ctx, req) => ({ data: await lightJson(ctx, await archiveOf(ctx, req.params)) }),
  },
  {
    path: `${A}/py/archives/deleteById`,
    methods: ['GET'],
    handler: async (ctx, req) => ({ data: await deleteArchive(ctx, atDoor(deleteArchiveInput, { id: archiveIdParam(req.params) })), message: deleted(ctx) }),
  },
];
