import { hasRole } from '../../session/rights.ts';
import type { Actor } from '../../context.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import { can, type PermissionRules } from '../../policy.ts';

/**
 * Permissions of the workdaily module, registered into the one policy (server/policy.ts) by its
 * index.ts; administrators hold every permission. Operation permissions (`staffHolding`) are
 * hidden nodes of the right tree with the same key, so role administration grants them.
 */
export const workdailyPermissions = {
  /** Work statistics and schedule-entry lists of every staff member, not only one's own. */
  'workdaily.readAll': hasRole('manager'),
} as const satisfies PermissionRules;

declare module '../../policy.ts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface ModulePermissions extends Record<keyof typeof workdailyPermissions, true> {}
}

/**
 * Who may read schedule entries: one rule for the REST lists, the statistics, the GraphQL
 * connection and the `ScheduleEntry` node. Everyone's with `workdaily.readAll` (or
 * `schedule.manage`); a project's entries for that project's manager; otherwise the entries
 * one works in or wrote. The workdaily module owns schedule entries' reads (docs/workdaily.md).
 */
export function canReadAllEntries(actor: Actor): boolean {
  return can(actor, 'workdaily.readAll') || can(actor, 'schedule.manage');
}

/** `canReadEntry` as a filter: the rows of every read of schedule entries by another module (the calendar's hours). */
export function visibleEntriesWhere(actor: Actor): Prisma.ScheduleEntryWhereInput {
  if (canReadAllEntries(actor)) return {};
  return { OR: [{ employeeId: actor.id }, { createdById: actor.id }, { project: { managerId: actor.id } }] };
}

export function canReadEntry(actor: Actor, entry: { employeeId: number; createdById: number; project: { managerId: number | null } | null }): boolean {
  return canReadAllEntries(actor) || entry.employeeId === actor.id || entry.createdById === actor.id || (entry.project !== null && entry.project.managerId === actor.id);
}
