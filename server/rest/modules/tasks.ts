import type { RestRoute } from '../adapter.ts';

/** Legacy REST tables of the tasks area. */
export const tasksRouteTables: RestRoute[][] = [];
