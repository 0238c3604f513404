import type { Actor } from '../../context.ts';
import { can } from '../../policy.ts';

/**
 * Who may read schedule entries: one rule for the REST lists, the statistics, the GraphQL
 * connection and the `ScheduleEntry` node. Everyone's with `workdaily.readAll` (or
 * `schedule.manage`); a project's entries for that project's manager; otherwise the entries
 * one works in or wrote.
 */
export function canReadAllEntries(actor: Actor): boolean {
  return can(actor, 'workdaily.readAll') || can(actor, 'schedule.manage');
}

export function canReadEntry(
  actor: Actor,
  entry: { employeeId: number; createdById: number; project: { managerId: number | null } | null },
): boolean {
  return (
    canReadAllEntries(actor) ||
    entry.employeeId === actor.id ||
    entry.createdById === actor.id ||
    (entry.project !== null && entry.project.managerId === actor.id)
  );
}
