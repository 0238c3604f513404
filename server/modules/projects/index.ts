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

export const projectsModule = defineModule({
  name: 'projects',
  permissions: projectsPermissions,
  messages: projectsMessages,
  routes: projectRoutes,
});
export { ProjectNode } from './projects.node.ts';
