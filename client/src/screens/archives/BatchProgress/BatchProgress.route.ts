import type { RouteQuery } from '../../../relay/routeQuery.ts';
import query, { type BatchProgressQuery } from './__generated__/BatchProgressQuery.graphql.ts';

/** The applications the batch screens start with: those being applied for, the URL's search and year. */
export const batchProgressRoute: RouteQuery<BatchProgressQuery> = {
  query,
  variables: (params) => ({
    filter: { state: 'APPLYING', ...(params.q ? { search: params.q } : {}), ...(/^\d{4}$/.test(params.year ?? '') ? { year: Number(params.year) } : {}) },
  }),
};
