import type { RouteQuery } from '../../../relay/routeQuery.ts';
import query, { type CourseFilter, type CourseListQuery } from './__generated__/CourseListQuery.graphql.ts';

/** The course list's URL state (useUrlState keys); the lecturer's and project's names are kept for their chips. */
export const COURSE_LIST_DEFAULTS = { search: '', type: '', site: '', lecturer: '', lecturerName: '', classroom: '', project: '', projectName: '', progress: '' };

export const COURSE_PROGRESS = ['NOT_STARTED', 'IN_PROGRESS', 'FINISHED'] as const;

export function courseFilterOf(s: Readonly<Record<keyof typeof COURSE_LIST_DEFAULTS, string>>): CourseFilter {
  return {
    ...(s.search ? { search: s.search } : {}),
    ...(s.type === 'APPLICATION' || s.type === 'RETAIL' ? { type: s.type } : {}),
    ...(s.site === 'ONLINE' || s.site === 'OFFLINE' ? { site: s.site } : {}),
    ...(s.lecturer ? { lecturerId: s.lecturer } : {}),
    ...(s.classroom ? { classroomId: s.classroom } : {}),
    ...(s.project ? { projectId: s.project } : {}),
    ...((COURSE_PROGRESS as readonly string[]).includes(s.progress) ? { progress: s.progress as (typeof COURSE_PROGRESS)[number] } : {}),
  };
}

/** The course list's query as the route starts it: the filters the URL names. */
export const courseListRoute: RouteQuery<CourseListQuery> = {
  query,
  variables: (params) => ({ filter: courseFilterOf(Object.fromEntries(Object.keys(COURSE_LIST_DEFAULTS).map((k) => [k, params[k] ?? ''])) as typeof COURSE_LIST_DEFAULTS) }),
};
