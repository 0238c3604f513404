/**
 * The departments module: the department tree.
 * Its one public face: other modules import from this file only (docs/architecture.md).
 */
import { defineModule } from '../../module.ts';
import './departments.node.ts';
import './departments.mutations.ts';
import { departmentsPermissions } from './departments.policy.ts';
import { departmentsMessages } from './departments.messages.ts';
import { departmentRoutes } from './departments.rest.ts';
import { departmentsSeed } from './departments.seed.ts';
import { departmentsErrors } from './departments.errors.ts';

export const departmentsModule = defineModule({
  name: 'departments',
  errors: departmentsErrors.list,
  permissions: departmentsPermissions,
  messages: departmentsMessages,
  routes: departmentRoutes,
  seed: departmentsSeed,
});
