import type { RouteQuery } from '../../../relay/routeQuery.ts';
import query, { type SchoolListQuery } from './__generated__/SchoolListQuery.graphql.ts';
import { schoolFilterOf, schoolOrderOf, schoolStateOf } from './filters.ts';

/** The school list's query as the route starts it: the filters the URL names (useUrlState keys). */
export const schoolListRoute: RouteQuery<SchoolListQuery> = { query, variables: (params) => ({ filter: schoolFilterOf(schoolStateOf(params)), order: schoolOrderOf(schoolStateOf(params)) }) };
