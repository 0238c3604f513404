import type { RestRoute } from '../rest/adapter.ts';
import { optionalId } from '../rest/params.ts';
import { exportDownload } from './exports.ts';

/**
 * The download of a finished export (docs/jobs.md): not a path of the old system; on the legacy
 * door so that it answers like every other download (the token in a header, a refusal as the
 * envelope). Only the person who asked for the export gets the file.
 */
export const exportRoutes: RestRoute[] = [
  {
    path: '/api/admin/export/download',
    methods: ['GET'],
    handler: async (ctx, req) => exportDownload(ctx, optionalId(req.params.id, 'id') ?? 0),
  },
];
