import type { RouteQuery } from '../../../relay/routeQuery.ts';
import query, { type NoticeDetailQuery } from './__generated__/NoticeDetailQuery.graphql.ts';

/** notification/detail/:id */
export const noticeDetailRoute: RouteQuery<NoticeDetailQuery> = { query, variables: (params) => ({ id: params.id ?? '' }) };
