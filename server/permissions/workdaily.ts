import type { Actor } from '../context.ts';

/** Permissions of the workdaily area; merged into the one policy by server/policy.ts. */
export const workdailyPermissions = {
} as const satisfies Record<string, (a: Actor) => boolean>;
