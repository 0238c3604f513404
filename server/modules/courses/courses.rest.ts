/**
 * The legacy paths of the courses area (legacy-paths.tsv, area `courses`): courses, course
 * hours and their records, classrooms (rest/courses.ts); scheduling lessons, the course calls
 * of the calendar, the user course and its tasks (rest/lessons.ts). Payloads: docs/courses.md.
 */
import type { RestRoute } from '../../rest/adapter.ts';
import { courseRestRoutes } from './rest/courses.ts';
import { lessonRestRoutes } from './rest/lessons.ts';

export const courseRoutes: RestRoute[] = [...courseRestRoutes, ...lessonRestRoutes];
