import type { RouteQuery } from '../../../relay/routeQuery.ts';
import query, { type ClassroomFilter, type ClassroomsQuery } from './__generated__/ClassroomsQuery.graphql.ts';

export const CLASSROOM_DEFAULTS = { search: '', state: '' };

export function classroomFilterOf(s: Readonly<Record<keyof typeof CLASSROOM_DEFAULTS, string>>): ClassroomFilter {
  return { ...(s.search ? { search: s.search } : {}), ...(s.state === 'IN_USE' || s.state === 'DISABLED' ? { state: s.state } : {}) };
}

/** The classroom list as the route starts it. */
export const classroomsRoute: RouteQuery<ClassroomsQuery> = {
  query,
  variables: (params) => ({ filter: classroomFilterOf({ search: params.search ?? '', state: params.state ?? '' }) }),
};
