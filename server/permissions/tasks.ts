import type { Actor } from '../context.ts';

const STAFF = 1;
const isStaff = (a: Actor) => a.type === STAFF;

/**
 * Permissions of the tasks area; merged into the one policy by server/policy.ts.
 * Which task rows a user may see or change is decided per row in
 * server/modules/tasks/tasks.policy.ts; these say who may use the area at all.
 */
export const tasksPermissions = {
  /** Read work tasks (rows narrowed by visibleTasksWhere). */
  'task.read': isStaff,
  /** Create work tasks (the creator becomes the assigner). */
  'task.create': isStaff,
  /** Write schedule entries (own ones; others' need the next permission). */
  'scheduleEntry.write': isStaff,
  /** Put schedule entries on another employee's schedule. */
  'scheduleEntry.writeOthers': (a: Actor) => a.roleCodes.includes('manager'),
} as const satisfies Record<string, (a: Actor) => boolean>;
