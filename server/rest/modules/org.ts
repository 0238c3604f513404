import type { RestRoute } from '../adapter.ts';
import { archiveModuleRoutes } from '../../modules/archive-modules/archive-modules.rest.ts';
import { companyRoutes } from '../../modules/companies/companies.rest.ts';
import { departmentRoutes } from '../../modules/departments/departments.rest.ts';
import { roleRoutes } from '../../modules/roles/roles.rest.ts';

/** Legacy REST tables of the org area (user paths: server/modules/users/users.rest.ts, registered in app.ts). */
export const orgRouteTables: RestRoute[][] = [departmentRoutes, companyRoutes, roleRoutes, archiveModuleRoutes];
