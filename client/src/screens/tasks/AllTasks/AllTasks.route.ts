import type { RouteQuery } from '../../../relay/routeQuery.ts';
import query, { type AllTasksQuery } from './__generated__/AllTasksQuery.graphql.ts';
import { filterFromParams, orderOf, type Sort } from './params.ts';

/**
 * /mission/list starts its query with the filters of the URL (hash router: they are in the
 * hash). The zone is the viewer's, which the screen knows; the route reads the days in the
 * browser's zone, and the screen asks again when the two differ.
 */
export const allTasksRoute: RouteQuery<AllTasksQuery> = {
  query,
  variables: () => {
    const search = new URLSearchParams(window.location.hash.split('?')[1] ?? '');
    const sort: Sort = { by: (search.get('sort') as Sort['by']) || 'created', dir: search.get('dir') === 'asc' ? 'asc' : 'desc' };
    return { filter: filterFromParams(search), order: orderOf(sort) };
  },
};
