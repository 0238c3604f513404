import type { RestRoute } from '../adapter.ts';
import { schoolRoutes } from '../../modules/schools/schools.rest.ts';
import { applicationRoutes } from '../../modules/applications/applications.rest.ts';

/** Legacy REST tables of the schools area (spec section 7 "Schools" and "Applications and progress"). */
export const schoolsRouteTables: RestRoute[][] = [schoolRoutes, applicationRoutes];
