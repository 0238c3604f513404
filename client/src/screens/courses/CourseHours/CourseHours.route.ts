import type { RouteQuery } from '../../../relay/routeQuery.ts';
import query, { type CourseHoursQuery, type EnrollmentFilter } from './__generated__/CourseHoursQuery.graphql.ts';

export const HOURS_DEFAULTS = { search: '', course: '', state: '' };

export function enrollmentFilterOf(s: Readonly<Record<keyof typeof HOURS_DEFAULTS, string>>): EnrollmentFilter {
  return { ...(s.search ? { search: s.search } : {}), ...(s.course ? { courseId: s.course } : {}), ...(s.state === 'ENROLLED' || s.state === 'LEFT' ? { state: s.state } : {}) };
}

/** The enrolments (course hours) as the route starts them. */
export const courseHoursRoute: RouteQuery<CourseHoursQuery> = {
  query,
  variables: (params) => ({ filter: enrollmentFilterOf({ search: params.search ?? '', course: params.course ?? '', state: params.state ?? '' }) }),
};
