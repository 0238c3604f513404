import type { RouteQuery } from '../../../relay/routeQuery.ts';
import query, { type RolePermissionQuery } from './__generated__/RolePermissionQuery.graphql.ts';

/** The permission screen's one query: the role (by global id), the editor's own rights and the archive sections. */
export const rolePermissionRoute: RouteQuery<RolePermissionQuery> = { query, variables: (params) => ({ id: params.id ?? '' }) };
