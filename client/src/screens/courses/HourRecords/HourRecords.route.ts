import type { RouteQuery } from '../../../relay/routeQuery.ts';
import query, { type CourseHourRecordFilter, type HourRecordsQuery } from './__generated__/HourRecordsQuery.graphql.ts';

export const RECORD_DEFAULTS = { course: '', enrollment: '', kind: '' };

export function recordFilterOf(s: Readonly<Record<keyof typeof RECORD_DEFAULTS, string>>): CourseHourRecordFilter {
  return {
    ...(s.course ? { courseId: s.course } : {}),
    ...(s.enrollment ? { enrollmentId: s.enrollment } : {}),
    ...(s.kind === 'BOUGHT' || s.kind === 'ADJUSTED' || s.kind === 'SPENT' ? { kind: s.kind } : {}),
  };
}

/** The hour records as the route starts them. */
export const hourRecordsRoute: RouteQuery<HourRecordsQuery> = {
  query,
  variables: (params) => ({ filter: recordFilterOf({ course: params.course ?? '', enrollment: params.enrollment ?? '', kind: params.kind ?? '' }) }),
};
