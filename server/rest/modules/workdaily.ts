import type { RestRoute } from '../adapter.ts';
import { icsRoutes } from '../../modules/ics/ics.rest.ts';
import { workdailyRoutes } from '../../modules/workdaily/workdaily.rest.ts';

/** Legacy REST tables of the workdaily area. */
export const workdailyRouteTables: RestRoute[][] = [workdailyRoutes, icsRoutes];
