import type { RouteQuery } from '../../../relay/routeQuery.ts';
import query, { type VerificationListQuery } from './__generated__/VerificationListQuery.graphql.ts';

const STATUSES = ['UNVERIFIED', 'VERIFYING', 'VERIFIED'];

/** The verification list's query as the route starts it: the status the URL names (`?status=`). */
export const verificationListRoute: RouteQuery<VerificationListQuery> = {
  query,
  variables: (params) => ({ filter: STATUSES.includes(params.status ?? '') ? { status: params.status as 'UNVERIFIED' } : {} }),
};
