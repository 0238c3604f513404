import type { Actor } from '../context.ts';
import { isStaff } from '../lib/codes.ts';
import { operationRightsOf } from './session.ts';

/** Whether the actor's roles hold the operation right with this key (administrators hold all). */
export function holdsRight(actor: Actor, key: string): boolean {
  return actor.isAdmin || operationRightsOf(actor).has(key);
}

/**
 * A permission held by staff whose roles hold the right `key`. Parents and students never
 * hold staff operations, whatever a role says.
 */
export function staffHolding(key: string): (a: Actor) => boolean {
  return (a) => isStaff(a) && holdsRight(a, key);
}

/** Everyone who can log in (parents and students included). */
export const anyone = (_a: Actor): boolean => true;

/** Holders of any of the named roles (by role code). */
export const hasRole =
  (...codes: string[]) =>
  (a: Actor): boolean =>
    codes.some((c) => a.roleCodes.includes(c));
