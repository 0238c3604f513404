import type { RestRoute } from '../adapter.ts';
import { scheduleRoutes } from '../../modules/schedule/schedule.rest.ts';

/** Legacy REST tables of the schedule area. */
export const scheduleRouteTables: RestRoute[][] = [scheduleRoutes];
