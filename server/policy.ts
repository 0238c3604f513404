import type { Actor, ServiceContext } from './context.ts';
import { AuthenticationError, ForbiddenError } from './errors.ts';
import { tasksPermissions } from './permissions/tasks.ts';
import { schedulePermissions } from './permissions/schedule.ts';
import { workdailyPermissions } from './permissions/workdaily.ts';
import { orgPermissions } from './permissions/org.ts';
import { contentPermissions } from './permissions/content.ts';
import { archivesPermissions } from './permissions/archives.ts';
import { schoolsPermissions } from './permissions/schools.ts';
import { holdsRight, staffHolding } from './permissions/rights.ts';


/**
 * The one authorisation policy, used by both doors. Each permission names who holds it;
 * administrators hold every permission. Unknown permissions are denied.
 *
 * Operation permissions are nodes of the right tree (hidden rights without a route path,
 * whose key is the permission name): a role holds them when its rights include them, so
 * role administration (saveRoleRights) decides who may do what, and the client's
 * `viewer.can(right:)` answers exactly what the server enforces. See docs/org.md.
 */
const STAFF = 1;
const isStaff = (a: Actor) => a.type === STAFF;

const corePermissions = {
  /** Read the staff directory, departments, roles, projects. */
  'directory.read': isStaff,
  /** Read the operation log (right `operationLog.read`: administrators in the demo data). */
  'operationLog.read': staffHolding('operationLog.read'),
  /** Activate or deactivate staff (right `staff.changeState`: managers). */
  'staff.changeState': staffHolding('staff.changeState'),
  /** Read the right tree of the whole product (role administration). */
  'rights.readAll': staffHolding('rights.readAll'),
} as const satisfies Record<string, (a: Actor) => boolean>;

/** Core permissions plus each area's own table (server/permissions/<area>.ts). */
export const permissions = {
  ...corePermissions,
  ...tasksPermissions,
  ...schedulePermissions,
  ...workdailyPermissions,
  ...orgPermissions,
  ...contentPermissions,
  ...archivesPermissions,
  ...schoolsPermissions,
} as const;

export type Permission = keyof typeof permissions;

export function isPermission(name: string): name is Permission {
  return Object.hasOwn(permissions, name);
}

export { holdsRight };

export function can(actor: Actor | null, permission: Permission): boolean {
  if (!actor) return false;
  if (actor.isAdmin) return true;
  return permissions[permission](actor);
}

/** Returns the caller or throws the authentication failure the doors translate. */
export function requireActor(ctx: ServiceContext): Actor {
  if (!ctx.actor) throw new AuthenticationError(ctx.authFailure);
  return ctx.actor;
}

export function authorize(ctx: ServiceContext, permission: Permission): Actor {
  const actor = requireActor(ctx);
  if (!can(actor, permission)) throw new ForbiddenError();
  return actor;
}
