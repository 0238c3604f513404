/**
 * The users module: staff, parents and students, their accounts and personal data.
 * Its one public face: other modules import from this file only (docs/architecture.md).
 */
import { defineModule } from '../../module.ts';
import './users.node.ts';
import './users.mutations.ts';
import { usersPermissions } from './users.policy.ts';
import { usersMessages } from './users.messages.ts';
import { userRoutes } from './users.rest.ts';

export const usersModule = defineModule({
  name: 'users',
  permissions: usersPermissions,
  messages: usersMessages,
  routes: userRoutes,
});
export { UserNode } from './users.node.ts';
