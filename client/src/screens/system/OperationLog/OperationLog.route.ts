import type { RouteQuery } from '../../../relay/routeQuery.ts';
import query, { type OperationLogQuery } from './__generated__/OperationLogQuery.graphql.ts';
import { LOG_DEFAULTS, logFilterOf } from './filters.ts';

/** The operation log's query as the route starts it (days in the browser's zone until the viewer's is known). */
export const operationLogRoute: RouteQuery<OperationLogQuery> = {
  query,
  variables: (params) => ({ filter: logFilterOf(Object.fromEntries(Object.keys(LOG_DEFAULTS).map((k) => [k, params[k] ?? ''])) as typeof LOG_DEFAULTS, Intl.DateTimeFormat().resolvedOptions().timeZone) }),
};
