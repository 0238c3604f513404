import type { RestRoute } from '../adapter.ts';

/** Legacy REST tables of the schedule area. */
export const scheduleRouteTables: RestRoute[][] = [];
