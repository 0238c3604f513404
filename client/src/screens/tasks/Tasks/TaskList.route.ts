import type { RouteQuery } from '../../../relay/routeQuery.ts';
import query, { type TaskListQuery } from './__generated__/TaskListQuery.graphql.ts';

/** The task list's query as the route starts it: the viewer's own tasks, no other filter. */
export const taskListRoute: RouteQuery<TaskListQuery> = { query, variables: () => ({ filter: { role: 'ASSIGNED_TO_ME' } }) };
