import type { RouteQuery } from '../../../relay/routeQuery.ts';
import query, { type WordbookItemsQuery } from './__generated__/WordbookItemsQuery.graphql.ts';

/** /wordbook/data/:id: one dictionary and its items. */
export const wordbookItemsRoute: RouteQuery<WordbookItemsQuery> = { query, variables: (params) => ({ id: params.id ?? '' }) };
