/**
 * The roles module: roles, their rights and menus.
 * Its one public face: other modules import from this file only (docs/architecture.md).
 */
import { defineModule } from '../../module.ts';
import './roles.node.ts';
import './roles.mutations.ts';
import { rolesPermissions } from './roles.policy.ts';
import { rolesMessages } from './roles.messages.ts';
import { roleRoutes } from './roles.rest.ts';
import { rolesSeed } from './roles.seed.ts';
import { rolesErrors } from './roles.errors.ts';

export const rolesModule = defineModule({
  name: 'roles',
  errors: rolesErrors.list,
  permissions: rolesPermissions,
  messages: rolesMessages,
  routes: roleRoutes,
  seed: rolesSeed,
});
