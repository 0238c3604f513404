import type { RouteQuery } from '../../../relay/routeQuery.ts';
import query, { type ProjectDetailQuery } from './__generated__/ProjectDetailQuery.graphql.ts';

/** /project/detail/:id and /project/employee-add/:id start the project's query. */
export const projectDetailRoute: RouteQuery<ProjectDetailQuery> = { query, variables: (params) => ({ id: params.id ?? '' }) };
