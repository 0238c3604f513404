import type { Actor } from '../context.ts';
import { staffHolding } from './rights.ts';

const STAFF = 1;

/**
 * Permissions of the schedule area; merged into the one policy by server/policy.ts.
 * `schedule.manage` is a hidden operation right of the right tree (seeded by
 * prisma/seed/modules/schedule.ts and granted to managers there); see docs/schedule.md.
 */
export const schedulePermissions = {
  /** Create work events and series, join open events, confirm the events one takes part in. */
  'schedule.use': (a: Actor) => a.type === STAFF,
  /** See every work event (published or not) and edit, publish, copy or delete anyone's. */
  'schedule.manage': staffHolding('schedule.manage'),
} as const satisfies Record<string, (a: Actor) => boolean>;
