/**
 * The projects module: projects, members, timelines and files.
 * Its one public face: other modules import from this file only (docs/architecture.md).
 */
import { defineModule } from '../../module.ts';
import './projects.node.ts';
import './projects.mutations.ts';
import { projectsPermissions } from './projects.policy.ts';
import { projectsMessages } from './projects.messages.ts';
import { projectRoutes } from './projects.rest.ts';
import { projectsSeed } from './projects.seed.ts';
import { projectsErrors } from './projects.errors.ts';

export const projectsModule = defineModule({
  name: 'projects',
  errors: projectsErrors.list,
  permissions: projectsPermissions,
  messages: projectsMessages,
  routes: projectRoutes,
  seed: projectsSeed,
});

// GraphQL types other modules' nodes refer to.
export { ProjectNode } from './projects.node.ts';
