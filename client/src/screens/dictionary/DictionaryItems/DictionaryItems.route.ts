import type { RouteQuery } from '../../../relay/routeQuery.ts';
import query, { type DictionaryItemsQuery } from './__generated__/DictionaryItemsQuery.graphql.ts';

/** /wordbook/data/:id: one dictionary and its items. */
export const dictionaryItemsRoute: RouteQuery<DictionaryItemsQuery> = { query, variables: (params) => ({ id: params.id ?? '' }) };
