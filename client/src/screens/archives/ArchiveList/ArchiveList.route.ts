import type { RouteQuery } from '../../../relay/routeQuery.ts';
import query, { type ArchiveListQuery } from './__generated__/ArchiveListQuery.graphql.ts';
import { filterOf, LIST_DEFAULTS, orderOf } from './filters.ts';

/** The archive list's query as the route starts it: the filters and the order the URL names (useUrlState keys). */
export const archiveListRoute: RouteQuery<ArchiveListQuery> = {
  query,
  variables: (params) => {
    const state = Object.fromEntries(Object.keys(LIST_DEFAULTS).map((k) => [k, params[k] ?? ''])) as typeof LIST_DEFAULTS;
    return { filter: filterOf(state), order: orderOf(state.sort) };
  },
};
