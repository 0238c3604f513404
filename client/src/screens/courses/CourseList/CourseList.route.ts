import type { RouteQuery } from '../../../relay/routeQuery.ts';
import query, { type CourseFilter, type CourseListQuery } from './__generated__/CourseListQuery.graphql.ts';

/** The course list's URL state (useUrlState keys); the lecturer's name is kept for its chip. */
export const COURSE_LIST_DEFAULTS = { search: '', type: '', site: '', lecturer: '', lecturerName: '', classroom: '' };

export function courseFilterOf(s: Readonly<Record<keyof typeof COURSE_LIST_DEFAULTS, string>>): CourseFilter {
  return {
    ...(s.search ? { search: s.search } : {}),
    ...(s.type === 'APPLICATION' || s.type === 'RETAIL' ? { type: s.type } : {}),
    ...(s.site === 'ONLINE' || s.site === 'OFFLINE' ? { site: s.site } : {}),
    ...(s.lecturer ? { lecturerId: s.lecturer } : {}),
    ...(s.classroom ? { classroomId: s.classroom } : {}),
  };
}

/** The course list's query as the route starts it: the filters the URL names. */
export const courseListRoute: RouteQuery<CourseListQuery> = {
  query,
  variables: (params) => ({ filter: courseFilterOf(Object.fromEntries(Object.keys(COURSE_LIST_DEFAULTS).map((k) => [k, params[k] ?? ''])) as typeof COURSE_LIST_DEFAULTS) }),
};
