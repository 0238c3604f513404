import type { Actor } from '../context.ts';

/** Permissions of the schedule area; merged into the one policy by server/policy.ts. */
export const schedulePermissions = {
} as const satisfies Record<string, (a: Actor) => boolean>;
