import type { Actor } from '../context.ts';

/** Permissions of the org area; merged into the one policy by server/policy.ts. */
export const orgPermissions = {
} as const satisfies Record<string, (a: Actor) => boolean>;
