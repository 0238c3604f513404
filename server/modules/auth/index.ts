/**
 * The auth module: login, tokens, sessions, passwords, the viewer and its rights.
 * Its one public face: other modules import from this file only (docs/architecture.md).
 */
import { defineModule } from '../../module.ts';
import './auth.node.ts';
import './account.node.ts';
import { authMessages } from './auth.messages.ts';
import { authRoutes } from './auth.rest.ts';

export const authModule = defineModule({
  name: 'auth',
  messages: authMessages,
  routes: authRoutes,
});
