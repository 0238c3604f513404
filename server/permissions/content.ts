import type { Actor } from '../context.ts';

/** Permissions of the content area; merged into the one policy by server/policy.ts. */
export const contentPermissions = {
} as const satisfies Record<string, (a: Actor) => boolean>;
