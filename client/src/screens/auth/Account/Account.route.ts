import type { RouteQuery } from '../../../relay/routeQuery.ts';
import query, { type AccountQuery } from './__generated__/AccountQuery.graphql.ts';

/** /security/account: the viewer's own profile, language and zone, the zones to choose from. */
export const accountRoute: RouteQuery<AccountQuery> = { query, variables: () => ({}) };
