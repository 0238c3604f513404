import type { RestRoute } from '../adapter.ts';

/** Legacy REST tables of the workdaily area. */
export const workdailyRouteTables: RestRoute[][] = [];
