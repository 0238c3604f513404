import type { RouteQuery } from '../../../relay/routeQuery.ts';
import query, { type MemberQuery } from './__generated__/MemberQuery.graphql.ts';

/** The member-account list's query: the search and company the URL names. */
export const memberRoute: RouteQuery<MemberQuery> = {
  query,
  variables: (params) => ({ filter: { ...(params.q ? { search: params.q } : {}), ...(params.company ? { companyName: params.company } : {}) } }),
};
