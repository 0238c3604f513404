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
import { usersSeed } from './users.seed.ts';
import { usersErrors } from './users.errors.ts';

export const usersModule = defineModule({
  name: 'users',
  errors: usersErrors.list,
  permissions: usersPermissions,
  messages: usersMessages,
  routes: userRoutes,
  seed: usersSeed,
});

// GraphQL types other modules' nodes and inputs refer to.
export { DepartmentNode, RoleNode, UserNode, UserTypeEnum } from './users.node.ts';
// Field rules shared by every form that names a person, a contact or a title.
export { emailField, mobileField, requiredText } from './users.fields.ts';
// Granting roles (the caller may only grant what they hold).
export { resolveRoles } from './users.fields.ts';
// Who may see which people and their personal data.
export { holdsPersonalDataRight, visibleUsersWhere } from './users.policy.ts';
