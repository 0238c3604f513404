/**
 * The legacy paths of the courses area (legacy-paths.tsv, area `courses`): courses, course
 * hours and their records, classrooms (rest/courses.ts); scheduling lessons, the course calls
 * of the calendar, the user course and its tasks (rest/lessons.ts). A caller without a valid
 * token is told to log in before any parameter is read. Payloads: docs/courses.md.
 */
import { requireActor } from '../../policy.ts';
import type { RestRoute } from '../../rest/adapter.ts';
import { courseRestRoutes } from './rest/courses.ts';
import { lessonRestRoutes } from './rest/lessons.ts';

export const courseRoutes: RestRoute[] = [...courseRestRoutes, ...lessonRestRoutes].map((route) => ({
  ...route,
  handler: (ctx, req) => {
    requireActor(ctx);
    return route.handler(ctx, req);
  },
}));
