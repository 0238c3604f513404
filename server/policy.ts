import type { Actor, ServiceContext } from './context.ts';
import { AuthenticationError, ForbiddenError } from './errors.ts';
import { tasksPermissions } from './permissions/tasks.ts';
import { schedulePermissions } from './permissions/schedule.ts';
import { workdailyPermissions } from './permissions/workdaily.ts';
import { orgPermissions } from './permissions/org.ts';
import { contentPermissions } from './permissions/content.ts';


/**
 * The one authorisation policy, used by both doors. Each permission names who holds it;
 * administrators hold every permission. Unknown permissions are denied.
 */
const STAFF = 1;
const isStaff = (a: Actor) => a.type === STAFF;
const hasRole = (...codes: string[]) => (a: Actor) => codes.some((c) => a.roleCodes.includes(c));

const corePermissions = {
  /** Read the staff directory, departments, roles, projects. */
  'directory.read': isStaff,
  /** Read the operation log. */
  'operationLog.read': () => false,
  /** Activate or deactivate staff. */
  'staff.changeState': hasRole('manager'),
  /** Read the right tree of the whole product (role administration). */
  'rights.readAll': () => false,
} as const satisfies Record<string, (a: Actor) => boolean>;

/** Core permissions plus each area's own table (server/permissions/<area>.ts). */
export const permissions = {
  ...corePermissions,
  ...tasksPermissions,
  ...schedulePermissions,
  ...workdailyPermissions,
  ...orgPermissions,
  ...contentPermissions,
} as const;

export type Permission = keyof typeof permissions;

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
