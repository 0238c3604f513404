import type { RouteQuery } from '../../../relay/routeQuery.ts';
import query, { type CourseDetailQuery } from './__generated__/CourseDetailQuery.graphql.ts';

/** A course with its lesson plan and enrolments, by its global id (`/mission/course-detail/:id`). */
export const courseDetailRoute: RouteQuery<CourseDetailQuery> = { query, variables: (params) => ({ id: params.id ?? '' }) };
