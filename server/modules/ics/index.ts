/**
 * The ics module: calendar feeds (ICS) and their subscriptions, .ics import.
 * Its one public face: other modules import from this file only (docs/architecture.md).
 */
import { defineModule } from '../../module.ts';
import './ics.node.ts';
import './ics.mutations.ts';
import { icsPermissions } from './ics.policy.ts';
import { icsMessages } from './ics.messages.ts';
import { icsRoutes } from './ics.rest.ts';
import { icsSeed } from './ics.seed.ts';
import { icsErrors } from './ics.errors.ts';

export const icsModule = defineModule({
  name: 'ics',
  errors: icsErrors.list,
  permissions: icsPermissions,
  messages: icsMessages,
  routes: icsRoutes,
  seed: icsSeed,
});

export { icsFeedHandler } from './ics.route.ts';
