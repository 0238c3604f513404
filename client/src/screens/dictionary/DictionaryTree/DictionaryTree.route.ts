import type { RouteQuery } from '../../../relay/routeQuery.ts';
import query, { type DictionaryTreeQuery } from './__generated__/DictionaryTreeQuery.graphql.ts';

/** /wordbook: the dictionaries (searched by the URL's `q`). */
export const dictionaryTreeRoute: RouteQuery<DictionaryTreeQuery> = { query, variables: (params) => ({ search: params.q || null }) };
