import type { Actor } from '../../context.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import { isStaff } from '../../lib/codes.ts';
import type { PermissionRules } from '../../policy.ts';

/**
 * Who sees and who changes a work task. One place, used by lists, `node(id:)`, the service
 * functions behind every mutation and every legacy path.
 *
 * - see: administrators see every task; anyone else sees the tasks they assigned or execute
 *   and the tasks of projects they manage (Project.managerId);
 * - work on it (complete, undo, pause, wait, progress, daily report, additions, schedule):
 *   whoever sees it;
 * - edit, delete, abandon: the assigner (spec section 5: 没有权限修改该任务), and administrators;
 * - reassign, change priority: the assigner, the project's manager, and administrators.
 */
export type TaskAccessFacts = { assignerId: number; executorId: number | null; projectManagerId: number | null };

/** Rows of `work_tasks` the caller may list or fetch by id. */
export function visibleTasksWhere(actor: Actor): Prisma.WorkTaskWhereInput {
  if (actor.isAdmin) return {};
  return { OR: [{ assignerId: actor.id }, { executorId: actor.id }, { project: { managerId: actor.id } }] };
}

/** The row form of `visibleTasksWhere`. */
export function isTaskVisible(actor: Actor, task: TaskAccessFacts): boolean {
  if (actor.isAdmin) return true;
  return task.assignerId === actor.id || task.executorId === actor.id || (task.projectManagerId !== null && task.projectManagerId === actor.id);
}

export function canEditTask(actor: Actor, task: TaskAccessFacts): boolean {
  return actor.isAdmin || task.assignerId === actor.id;
}

export function canReassignTask(actor: Actor, task: TaskAccessFacts): boolean {
  return canEditTask(actor, task) || (task.projectManagerId !== null && task.projectManagerId === actor.id);
}

/** Additions are edited by their author (and administrators). */
export function canEditAddition(actor: Actor, addition: { userId: number }): boolean {
  return actor.isAdmin || addition.userId === actor.id;
}

/**
 * Permissions of the tasks module, registered into the one policy (server/policy.ts) by its
 * index.ts; administrators hold every permission. Operation permissions (`staffHolding`) are
 * hidden nodes of the right tree with the same key, so role administration grants them.
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
} as const satisfies PermissionRules;

declare module '../../policy.ts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface ModulePermissions extends Record<keyof typeof tasksPermissions, true> {}
}
