import type { RouteQuery } from '../../../relay/routeQuery.ts';
import query, { type OverallProgressQuery } from './__generated__/OverallProgressQuery.graphql.ts';

/** The overall view's URL state: name search, state, year and the page size (100 by default, 500 at most). */
export const OVERALL_DEFAULTS = { q: '', state: '', year: '', size: '' };
export const PAGE_SIZES = [100, 500] as const;

type Filter = { search?: string; state?: 'APPLYING' | 'SCHOOL_REJECTED' | 'STUDENT_REJECTED' | 'APPROVED'; year?: number };

export function overallFilterOf(s: { readonly q: string; readonly state: string; readonly year: string }): Filter {
  const f: Filter = {};
  if (s.q.trim()) f.search = s.q.trim();
  if (['APPLYING', 'SCHOOL_REJECTED', 'STUDENT_REJECTED', 'APPROVED'].includes(s.state)) f.state = s.state as Filter['state'];
  if (/^\d{4}$/.test(s.year)) f.year = Number(s.year);
  return f;
}
export const pageSizeOf = (size: string | undefined): number => (size === '500' ? 500 : 100);

/** 总体进度 (`/overall-progress`). */
export const overallProgressRoute: RouteQuery<OverallProgressQuery> = {
  query,
  variables: (params) => ({ filter: overallFilterOf({ q: params.q ?? '', state: params.state ?? '', year: params.year ?? '' }), first: pageSizeOf(params.size) }),
};
