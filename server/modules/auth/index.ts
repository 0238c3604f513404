/**
 * The auth module: login, tokens, sessions, passwords, the viewer and its rights.
 * Its one public face: other modules import from this file only (docs/architecture.md).
 * Request authentication itself is core (server/session/); this module answers the doors'
 * login, token and viewer operations. It imports no other module: users build on it.
 */
import { defineModule } from '../../module.ts';
import './auth.node.ts';
import './auth.mutations.ts';
import { authMessages } from './auth.messages.ts';
import { authRoutes } from './auth.rest.ts';
import { authErrors } from './auth.errors.ts';

export const authModule = defineModule({
  name: 'auth',
  errors: authErrors.list,
  messages: authMessages,
  routes: authRoutes,
});

export { DisplayTypeEnum, LanguageEnum, MenuItem } from './auth.node.ts';
export { allRights, parseShowType } from './auth.rights.ts';
export { hashPassword, passwordRuleViolation } from './passwords.ts';
export { pruneLoginAttempts } from './auth.throttle.ts';
