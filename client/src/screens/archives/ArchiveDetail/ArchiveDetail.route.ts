import type { RouteQuery } from '../../../relay/routeQuery.ts';
import query, { type ArchiveDetailQuery } from './__generated__/ArchiveDetailQuery.graphql.ts';

/** The archive detail's one query: the archive (every section the viewer may read) by its global id. */
export const archiveDetailRoute: RouteQuery<ArchiveDetailQuery> = { query, variables: (params) => ({ id: params.id ?? '' }) };
