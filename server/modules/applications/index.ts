/**
 * The applications module: applications per school, their progress and tracks.
 * Its one public face: other modules import from this file only (docs/architecture.md).
 */
import { defineModule } from '../../module.ts';
import './applications.node.ts';
import './applications.mutations.ts';
import { applicationsPermissions } from './applications.policy.ts';
import { applicationsMessages } from './applications.messages.ts';
import { applicationRoutes } from './applications.rest.ts';
import { applicationsSeed } from './applications.seed.ts';
import { applicationsErrors } from './applications.errors.ts';

export const applicationsModule = defineModule({
  name: 'applications',
  errors: applicationsErrors.list,
  permissions: applicationsPermissions,
  messages: applicationsMessages,
  routes: applicationRoutes,
  seed: applicationsSeed,
});
