import type { Actor } from '../../context.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import { can } from '../../policy.ts';
import { staffHolding } from '../../session/rights.ts';
import { isStaff } from '../../lib/codes.ts';
import type { PermissionRules } from '../../policy.ts';

/**
 * Who sees a work event (both doors, lists and node(id:)):
 * - holders of `schedule.manage` (administrators, managers) see every event;
 * - the creator sees their events, published or not;
 * - a participant sees the published events they take part in;
 * - staff see published events with the open flag (anyone may join those).
 * Unpublished events are therefore visible to their creator and managers only.
 */
export function visibleEventsWhere(actor: Actor): Prisma.WorkEventWhereInput {
  if (can(actor, 'schedule.manage')) return {};
  const published: Prisma.WorkEventWhereInput[] = [{ participants: { some: { userId: actor.id } } }];
  if (isStaff(actor)) published.push({ isOpen: true });
  return { OR: [{ creatorId: actor.id }, { published: true, OR: published }] };
}

export type EventAccessFacts = { creatorId: number; published: boolean; isOpen: boolean; participantIds: readonly number[] };

export function isEventVisible(actor: Actor, e: EventAccessFacts): boolean {
  if (can(actor, 'schedule.manage') || e.creatorId === actor.id) return true;
  if (!e.published) return false;
  return e.participantIds.includes(actor.id) || (e.isOpen && isStaff(actor));
}

/** Edit, move, delete, publish, copy: the creator or a holder of `schedule.manage`. */
export function canEditEvent(actor: Actor, e: { creatorId: number }): boolean {
  return can(actor, 'schedule.manage') || (isStaff(actor) && e.creatorId === actor.id);
}

/**
 * Permissions of the schedule module, registered into the one policy (server/policy.ts) by its
 * index.ts; administrators hold every permission. Operation permissions (`staffHolding`) are
 * hidden nodes of the right tree with the same key, so role administration grants them.
 */
export const schedulePermissions = {
  /** Create work events and series, join open events, confirm the events one takes part in. */
  'schedule.use': isStaff,
  /** See every work event (published or not) and edit, publish, copy or delete anyone's. */
  'schedule.manage': staffHolding('schedule.manage'),
} as const satisfies PermissionRules;

declare module '../../policy.ts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface ModulePermissions extends Record<keyof typeof schedulePermissions, true> {}
}
