import type { RouteQuery } from '../../../relay/routeQuery.ts';
import query, { type StaffListQuery } from './__generated__/StaffListQuery.graphql.ts';
import { staffFilterOf, STAFF_DEFAULTS } from './filters.ts';

/** The staff list's query as the route starts it: the filters the URL names. */
export const staffListRoute: RouteQuery<StaffListQuery> = {
  query,
  variables: (params) => ({ filter: staffFilterOf(Object.fromEntries(Object.keys(STAFF_DEFAULTS).map((k) => [k, params[k] ?? ''])) as typeof STAFF_DEFAULTS) }),
};
