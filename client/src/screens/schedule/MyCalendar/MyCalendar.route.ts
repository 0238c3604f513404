import type { RouteQuery } from '../../../relay/routeQuery.ts';
import query, { type MyCalendarScreenQuery } from './__generated__/MyCalendarScreenQuery.graphql.ts';

/** My Calendar's screen query (the viewer, zones, settings); the range query follows the view. */
export const myCalendarRoute: RouteQuery<MyCalendarScreenQuery> = { query, variables: () => ({}) };
