import type { RouteQuery } from '../../../relay/routeQuery.ts';
import query, { type SchoolEditorQuery } from './__generated__/SchoolEditorQuery.graphql.ts';

/** 新增学校 (`/school/add`), or the school to edit (`?id=` its global id). */
export const schoolEditorRoute: RouteQuery<SchoolEditorQuery> = { query, variables: (params) => ({ id: params.id ?? '', edit: !!params.id }) };
