import type { RouteQuery } from '../../../relay/routeQuery.ts';
import query, { type StaffAddQuery } from './__generated__/StaffAddQuery.graphql.ts';

/** The add-staff page's query: roles and departments for the form. */
export const staffAddRoute: RouteQuery<StaffAddQuery> = { query, variables: () => ({}) };
