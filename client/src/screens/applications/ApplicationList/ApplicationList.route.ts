import type { RouteQuery } from '../../../relay/routeQuery.ts';
import query, { type ApplicationListQuery } from './__generated__/ApplicationListQuery.graphql.ts';

/** The application list's URL state (useUrlState) and the GraphQL filter it means. */
export const APPLICATION_DEFAULTS = { q: '', state: '', year: '', locked: '' };
export type ApplicationListState = { readonly [K in keyof typeof APPLICATION_DEFAULTS]: string };

type Filter = { search?: string; state?: 'APPLYING' | 'SCHOOL_REJECTED' | 'STUDENT_REJECTED' | 'APPROVED'; year?: number; locked?: boolean };

export function applicationFilterOf(s: ApplicationListState): Filter {
  const f: Filter = {};
  if (s.q.trim()) f.search = s.q.trim();
  if (['APPLYING', 'SCHOOL_REJECTED', 'STUDENT_REJECTED', 'APPROVED'].includes(s.state)) f.state = s.state as Filter['state'];
  if (/^\d{4}$/.test(s.year)) f.year = Number(s.year);
  if (s.locked === 'yes' || s.locked === 'no') f.locked = s.locked === 'yes';
  return f;
}

/** 申请进度 (`/application-progress`): the filters the URL names. */
export const applicationListRoute: RouteQuery<ApplicationListQuery> = {
  query,
  variables: (params) => ({ filter: applicationFilterOf({ q: params.q ?? '', state: params.state ?? '', year: params.year ?? '', locked: params.locked ?? '' }) }),
};
