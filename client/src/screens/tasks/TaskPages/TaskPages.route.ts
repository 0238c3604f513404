import type { RouteQuery } from '../../../relay/routeQuery.ts';
import detailQuery, { type TaskDetailDialogQuery } from '../Tasks/__generated__/TaskDetailDialogQuery.graphql.ts';
import appendQuery, { type TaskPagesAppendQuery } from './__generated__/TaskPagesAppendQuery.graphql.ts';
import { taskIdFromParams } from './taskId.ts';

/** /mission/details/:id starts the detail's query (the same one the dialog reads) while the page's code loads. */
export const taskDetailPageRoute: RouteQuery<TaskDetailDialogQuery> = { query: detailQuery, variables: (params) => ({ id: taskIdFromParams(params) }) };

/** /mission/append/:id: the task appended to. */
export const taskAppendPageRoute: RouteQuery<TaskPagesAppendQuery> = { query: appendQuery, variables: (params) => ({ id: taskIdFromParams(params) }) };
