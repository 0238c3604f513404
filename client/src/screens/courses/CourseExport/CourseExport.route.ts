import type { RouteQuery } from '../../../relay/routeQuery.ts';
import query, { type CourseExportQuery } from './__generated__/CourseExportQuery.graphql.ts';

/** The courses to choose from (`/course-export?id=` preselects one). */
export const courseExportRoute: RouteQuery<CourseExportQuery> = { query, variables: () => ({}) };
