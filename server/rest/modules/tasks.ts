import type { RestRoute } from '../adapter.ts';
import { taskRoutes } from '../../modules/tasks/tasks.rest.ts';

/** Legacy REST tables of the tasks area. */
export const tasksRouteTables: RestRoute[][] = [taskRoutes];
