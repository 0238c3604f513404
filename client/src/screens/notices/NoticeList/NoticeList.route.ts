import type { RouteQuery } from '../../../relay/routeQuery.ts';
import query, { type NoticeListQuery } from './__generated__/NoticeListQuery.graphql.ts';

export const noticeListRoute: RouteQuery<NoticeListQuery> = { query, variables: () => ({}) };
