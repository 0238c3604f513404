import type { RouteQuery } from '../../../relay/routeQuery.ts';
import query, { type RoleListQuery } from './__generated__/RoleListQuery.graphql.ts';

/** The role list's query: the search and kind the URL names. */
export const roleListRoute: RouteQuery<RoleListQuery> = {
  query,
  variables: (params) => ({ search: params.q || null, type: params.type === 'STAFF' || params.type === 'PARENT' || params.type === 'STUDENT' ? params.type : null }),
};
