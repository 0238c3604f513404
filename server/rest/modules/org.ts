import type { RestRoute } from '../adapter.ts';

/** Legacy REST tables of the org area. */
export const orgRouteTables: RestRoute[][] = [];
