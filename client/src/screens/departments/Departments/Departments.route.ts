import type { RouteQuery } from '../../../relay/routeQuery.ts';
import query, { type DepartmentsQuery } from './__generated__/DepartmentsQuery.graphql.ts';

/** The department screen's query: the whole tree and the viewer's right to edit it. */
export const departmentsRoute: RouteQuery<DepartmentsQuery> = { query, variables: () => ({}) };
