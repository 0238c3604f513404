import type { Actor } from '../context.ts';

/** Permissions of the tasks area; merged into the one policy by server/policy.ts. */
export const tasksPermissions = {
} as const satisfies Record<string, (a: Actor) => boolean>;
