import type { RestRoute } from '../adapter.ts';

/** Legacy REST tables of the content area. */
export const contentRouteTables: RestRoute[][] = [];
