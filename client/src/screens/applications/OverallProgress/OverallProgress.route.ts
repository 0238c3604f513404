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
/**
 * Progressive loading: the click asks for a small first page (enough rows to fill the table at
 * 1440 px and more), the screen paints it, then reads on in the background in pages of
 * NEXT_PAGE until the chosen size (100 or 500) is loaded (docs/schools-ui.md).
 */
export const FIRST_PAGE = 40;
export const NEXT_PAGE = 200;

/** 总体进度 (`/overall-progress`): the first small page only, whatever the size (the size is the screen's target). */
export const overallProgressRoute: RouteQuery<OverallProgressQuery> = {
  query,
  variables: (params) => ({ filter: overallFilterOf({ q: params.q ?? '', state: params.state ?? '', year: params.year ?? '' }), first: FIRST_PAGE }),
};
