import type { RouteQuery } from '../../../relay/routeQuery.ts';
import query, { type GanttQuery } from './__generated__/GanttQuery.graphql.ts';

/** 甘特图 (`/gantt`: every application the viewer reads) and 学员甘特图 (`/gantt/student/:id`: one archive's). */
export const ganttRoute: RouteQuery<GanttQuery> = { query, variables: (params) => ({ filter: params.id ? { archiveId: params.id } : {} }) };
