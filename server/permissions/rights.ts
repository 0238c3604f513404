import type { Actor } from '../context.ts';
import { operationRightsOf } from '../modules/auth/session.ts';

const STAFF = 1;

/** Whether the actor's roles hold the operation right with this key (administrators hold all). */
export function holdsRight(actor: Actor, key: string): boolean {
  return actor.isAdmin || operationRightsOf(actor).has(key);
}

/**
 * A permission held by staff whose roles hold the right `key`. Parents and students never
 * hold staff operations, whatever a role says.
 */
export function staffHolding(key: string): (a: Actor) => boolean {
  return (a) => a.type === STAFF && holdsRight(a, key);
}
