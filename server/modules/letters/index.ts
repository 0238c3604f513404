/**
 * The letters module: internal letters and their live events.
 * Its one public face: other modules import from this file only (docs/architecture.md).
 */
import { defineModule } from '../../module.ts';
import './letters.node.ts';
import './letters.mutations.ts';
import './letters.sent.ts';
import { lettersPermissions } from './letters.policy.ts';
import { lettersMessages } from './letters.messages.ts';
import { letterRoutes } from './letters.rest.ts';
import { lettersSeed } from './letters.seed.ts';
import { lettersErrors } from './letters.errors.ts';

export const lettersModule = defineModule({
  name: 'letters',
  errors: lettersErrors.list,
  permissions: lettersPermissions,
  messages: lettersMessages,
  routes: letterRoutes,
  seed: lettersSeed,
});
