import type { RouteQuery } from '../../../relay/routeQuery.ts';
import query, { type UserListQuery } from './__generated__/UserListQuery.graphql.ts';
import { USER_DEFAULTS, userFilterOf } from './filters.ts';

/** The user list's query as the route starts it: the filters the URL names. */
export const userListRoute: RouteQuery<UserListQuery> = {
  query,
  variables: (params) => ({ filter: userFilterOf(Object.fromEntries(Object.keys(USER_DEFAULTS).map((k) => [k, params[k] ?? USER_DEFAULTS[k as keyof typeof USER_DEFAULTS]])) as typeof USER_DEFAULTS) }),
};
