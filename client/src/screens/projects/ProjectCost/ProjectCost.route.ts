import type { RouteQuery } from '../../../relay/routeQuery.ts';
import query, { type ProjectCostQuery } from './__generated__/ProjectCostQuery.graphql.ts';

/** /project/cost: the projects to choose from (the hours load per month once one is chosen). */
export const projectCostRoute: RouteQuery<ProjectCostQuery> = { query, variables: () => ({}) };
