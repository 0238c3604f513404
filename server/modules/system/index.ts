/**
 * The system module: operation log, mail test, server facts.
 * Its one public face: other modules import from this file only (docs/architecture.md).
 */
import { defineModule } from '../../module.ts';
import './system.node.ts';
import './system.mutations.ts';
import { systemPermissions } from './system.policy.ts';
import { systemRoutes } from './system.rest.ts';
import { systemSeed } from './system.seed.ts';
import { systemErrors } from './system.errors.ts';

export const systemModule = defineModule({
  name: 'system',
  errors: systemErrors.list,
  permissions: systemPermissions,
  routes: systemRoutes,
  seed: systemSeed,
});
