import type { Actor, ServiceContext } from './context.ts';
import { AuthenticationError, ForbiddenError } from './errors.ts';
import { isStaff } from './lib/codes.ts';
import { staffHolding } from './session/rights.ts';

/**
 * The one authorisation policy, used by both doors. Each permission names who holds it;
 * administrators hold every permission. Unknown permissions are denied.
 *
 * Operation permissions are nodes of the right tree (hidden rights without a route path,
 * whose key is the permission name): a role holds them when its rights include them, so
 * role administration (saveRoleRights) decides who may do what, and the client's
 * `viewer.can(right:)` answers exactly what the server enforces. See docs/users.md.
 */
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

/** Who holds a permission (administrators hold all, whatever the rule says). */
export type PermissionRule = (a: Actor) => boolean;
export type PermissionRules = Record<string, PermissionRule>;

/**
 * The permissions modules register (each module's `<m>.policy.ts` table, registered by its
 * `index.ts` through `defineModule`). A module adds its names to this interface so that a
 * misspelt permission fails the type check:
 *
 *   declare module '../../policy.ts' {
 *     interface ModulePermissions extends Record<keyof typeof tasksPermissions, true> {}
 *   }
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface ModulePermissions {}

export type Permission = keyof typeof corePermissions | keyof ModulePermissions;

const rules = new Map<string, PermissionRule>(Object.entries(corePermissions));

/** Adds a module's permissions to the one policy; a name registered twice is a programming error. */
export function registerPermissions(owner: string, table: PermissionRules): void {
  for (const [name, rule] of Object.entries(table)) {
    if (rules.has(name)) throw new Error(`permission ${name} (module ${owner}) is registered twice`);
    rules.set(name, rule);
  }
}

export function isPermission(name: string): name is Permission {
  return rules.has(name);
}

export function can(actor: Actor | null, permission: Permission): boolean {
  if (!actor) return false;
  if (actor.isAdmin) return true;
  const rule = rules.get(permission);
  return rule ? rule(actor) : false;
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
