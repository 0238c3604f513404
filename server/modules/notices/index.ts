/**
 * The notices module: notices.
 * Its one public face: other modules import from this file only (docs/architecture.md).
 */
import { defineModule } from '../../module.ts';
import './notices.node.ts';
import './notices.mutations.ts';
import { noticesPermissions } from './notices.policy.ts';
import { noticesMessages } from './notices.messages.ts';
import { noticesSeed } from './notices.seed.ts';
import { noticeRoutes } from './notices.rest.ts';
import { noticesErrors } from './notices.errors.ts';

export const noticesModule = defineModule({
  name: 'notices',
  errors: noticesErrors.list,
  permissions: noticesPermissions,
  messages: noticesMessages,
  seed: noticesSeed,
  routes: noticeRoutes,
});
