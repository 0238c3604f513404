import type { Actor } from '../../context.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import { can } from '../../policy.ts';
import { staffHolding } from '../../session/rights.ts';
import { isStaff } from '../../lib/codes.ts';
import type { PermissionRules } from '../../policy.ts';
import { rule, ruleMatches, ruleToPrisma, ruleToSql, type RowRule, type SqlTable } from '../../lib/row-rule.ts';

type EventField = 'creatorId' | 'published' | 'isOpen';
type EventRule = RowRule<EventField, 'participants'>;

/** How `WorkEvent` is stored, for the SQL reading of the rule (prisma/schema/schedule.prisma). */
const WORK_EVENT_SQL: SqlTable<EventField, 'participants'> = {
  columns: { creatorId: 'creator_id', published: 'published', isOpen: 'is_open' },
  relations: { participants: { table: 'event_participants', key: 'event_id', columns: { userId: 'user_id' } } },
};

/**
 * Who sees a work event (both doors, lists, node(id:), raw statements), written once:
 * - holders of `schedule.manage` (administrators, managers) see every event;
 * - the creator sees their events, published or not;
 * - a participant sees the published events they take part in;
 * - staff see published events with the open flag (anyone may join those).
 * Unpublished events are therefore visible to their creator and managers only. The three
 * readings below render this one rule (server/lib/row-rule.ts); tests/server/schedule/
 * visibility-rule.test.ts checks that they agree for every demo account over the seeded events.
 */
function eventRule(actor: Actor): EventRule {
  if (can(actor, 'schedule.manage')) return rule.all;
  const published: EventRule[] = [rule.some('participants', 'userId', actor.id)];
  if (isStaff(actor)) published.push(rule.eq('isOpen', true));
  return rule.or<EventField, 'participants'>(rule.eq('creatorId', actor.id), rule.and(rule.eq('published', true), rule.or(...published)));
}

/** The rule as a Prisma filter. */
export function visibleEventsWhere(actor: Actor): Prisma.WorkEventWhereInput {
  return ruleToPrisma(eventRule(actor)) as Prisma.WorkEventWhereInput;
}

/** The rule as a SQL condition on the `work_events` row `alias`; its values are appended to `params`. */
export function visibleEventsSql(actor: Actor, alias: string, params: unknown[]): string {
  return ruleToSql(eventRule(actor), WORK_EVENT_SQL, alias, params);
}

export type EventAccessFacts = { creatorId: number; published: boolean; isOpen: boolean; participantIds: readonly number[] };

/** The rule on an event already read. */
export function isEventVisible(actor: Actor, e: EventAccessFacts): boolean {
  return ruleMatches(eventRule(actor), { creatorId: e.creatorId, published: e.published, isOpen: e.isOpen, participants: e.participantIds.map((userId) => ({ userId })) });
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
