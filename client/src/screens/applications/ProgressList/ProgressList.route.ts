import type { RouteQuery } from '../../../relay/routeQuery.ts';
import { applicationFilterOf } from '../ApplicationList/ApplicationList.route.ts';
import query, { type ProgressListQuery } from './__generated__/ProgressListQuery.graphql.ts';

/** 进度列表 (`/progress/list`): the application list's filters. */
export const progressListRoute: RouteQuery<ProgressListQuery> = {
  query,
  variables: (params) => ({ filter: applicationFilterOf({ q: params.q ?? '', state: params.state ?? '', year: params.year ?? '', locked: params.locked ?? '' }) }),
};
