import type { RouteQuery } from '../../../relay/routeQuery.ts';
import query, { type WordbookTreeQuery } from './__generated__/WordbookTreeQuery.graphql.ts';

/** /wordbook: the dictionaries (searched by the URL's `q`). */
export const wordbookTreeRoute: RouteQuery<WordbookTreeQuery> = { query, variables: (params) => ({ search: params.q || null }) };
