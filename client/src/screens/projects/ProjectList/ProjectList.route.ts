import type { RouteQuery } from '../../../relay/routeQuery.ts';
import query, { type ProjectListQuery } from './__generated__/ProjectListQuery.graphql.ts';
import { projectFilterOf, PROJECT_LIST_DEFAULTS } from './filters.ts';

/** The project list as the route starts it: the filters the URL names. */
export const projectListRoute: RouteQuery<ProjectListQuery> = {
  query,
  variables: (params) => ({ filter: projectFilterOf(Object.fromEntries(Object.keys(PROJECT_LIST_DEFAULTS).map((k) => [k, params[k] ?? ''])) as typeof PROJECT_LIST_DEFAULTS) }),
};
