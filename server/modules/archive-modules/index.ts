/**
 * The archive-modules module: the archive module tree and per-role module permissions.
 * Its one public face: other modules import from this file only (docs/architecture.md).
 */
import { defineModule } from '../../module.ts';
import './archive-modules.node.ts';
import './archive-modules.mutations.ts';
import { archiveModulesPermissions } from './archive-modules.policy.ts';
import { archiveModulesMessages } from './archive-modules.messages.ts';
import { archiveModuleRoutes } from './archive-modules.rest.ts';
import { archiveModulesSeed } from './archive-modules.seed.ts';
import { archiveModulesErrors } from './archive-modules.errors.ts';

export const archiveModulesModule = defineModule({
  name: 'archive-modules',
  errors: archiveModulesErrors.list,
  permissions: archiveModulesPermissions,
  messages: archiveModulesMessages,
  routes: archiveModuleRoutes,
  seed: archiveModulesSeed,
});

// Which archive modules a caller may read or edit (the archives' own policy).
export { archiveModulePermissions, type ModulePermission } from './archive-modules.service.ts';
