import type { RouteQuery } from '../../../relay/routeQuery.ts';
import query, { type UserDetailQuery } from './__generated__/UserDetailQuery.graphql.ts';

/** The user detail's one query: the person (by global id) with relations and roles. */
export const userDetailRoute: RouteQuery<UserDetailQuery> = { query, variables: (params) => ({ id: params.id ?? '' }) };
