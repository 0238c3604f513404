import type { RouteQuery } from '../../../relay/routeQuery.ts';
import query, { type LessonDetailQuery } from './__generated__/LessonDetailQuery.graphql.ts';

/** A lesson with its class list and homework, by its global id (`/mission/schedule-detail/:id`). */
export const lessonDetailRoute: RouteQuery<LessonDetailQuery> = { query, variables: (params) => ({ id: params.id ?? '' }) };
