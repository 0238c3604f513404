import type { RouteQuery } from '../../../relay/routeQuery.ts';
import query, { type SchoolDetailsQuery } from './__generated__/SchoolDetailsQuery.graphql.ts';

/** 学校详情 (`/school/details/:id`, the School's global id). */
export const schoolDetailsRoute: RouteQuery<SchoolDetailsQuery> = { query, variables: (params) => ({ id: params.id ?? '' }) };
