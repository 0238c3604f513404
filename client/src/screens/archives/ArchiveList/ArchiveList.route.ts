import type { RouteQuery } from '../../../relay/routeQuery.ts';
import query, { type ArchiveListQuery } from './__generated__/ArchiveListQuery.graphql.ts';
import { filterOf, LIST_DEFAULTS } from './filters.ts';

/** The archive list's query as the route starts it: the filters the URL names (useUrlState keys). */
export const archiveListRoute: RouteQuery<ArchiveListQuery> = {
  query,
  variables: (params) => ({ filter: filterOf(Object.fromEntries(Object.keys(LIST_DEFAULTS).map((k) => [k, params[k] ?? ''])) as typeof LIST_DEFAULTS) }),
};
