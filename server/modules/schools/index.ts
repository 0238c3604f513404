/**
 * The schools module: schools, their sub-records, matching, selection lists.
 * Its one public face: other modules import from this file only (docs/architecture.md).
 */
import { defineModule } from '../../module.ts';
import './schools.node.ts';
import './schools.mutations.ts';
import { schoolsPermissions } from './schools.policy.ts';
import { schoolsMessages } from './schools.messages.ts';
import { schoolRoutes } from './schools.rest.ts';
import { schoolsSeed } from './schools.seed.ts';
import { schoolsErrors } from './schools.errors.ts';

export const schoolsModule = defineModule({
  name: 'schools',
  errors: schoolsErrors.list,
  permissions: schoolsPermissions,
  messages: schoolsMessages,
  routes: schoolRoutes,
  seed: schoolsSeed,
});

export { PlatformEnum, SchoolNode } from './schools.node.ts';
