import type { RouteQuery } from '../../../relay/routeQuery.ts';
import query, { type ApplicationFormQuery } from './__generated__/ApplicationFormQuery.graphql.ts';

/** 编辑申请进度 (`/application-progress/form/:id`, the Application's global id). */
export const applicationFormRoute: RouteQuery<ApplicationFormQuery> = { query, variables: (params) => ({ id: params.id ?? '' }) };
