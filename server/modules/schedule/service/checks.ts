/** Checks and derivations shared by the schedule's writes: timing, people, project, conflicts, the editable event. */
import { DateTime } from 'luxon';
import type { Actor } from '../../../context.ts';
import type { Tx } from '../../../db/client.ts';
import { ForbiddenError, NotFoundError, ValidationError } from '../../../errors.ts';
import { STAFF_STATES } from '../../../lib/codes.ts';
import { requireZone } from '../../../lib/zones.ts';
import { findConflicts, MAX_EVENT_DAYS, type ConflictQuery, type Range } from '../conflicts.ts';
import { expandRule, wallToInstant } from '../recurrence.ts';
import { ConflictError } from '../schedule.errors.ts';
import { canEditEvent, isEventVisible } from '../schedule.policy.ts';
import type { Template, Timing } from './input.ts';
import { scheduleErrors } from '../schedule.errors.ts';

export function requireTitle(raw: unknown): void {
  const title = (raw as { title?: unknown } | null)?.title;
  if (title === undefined || title === null || (typeof title === 'string' && !title.trim())) throw new ValidationError('schedule.titleRequired');
}

/** All-day events run from local midnight to local midnight in the event's zone (end exclusive). */
export function normaliseTiming(t: Timing, allDay: boolean, zone: string): Timing {
  if (!allDay) return t;
  const start = DateTime.fromJSDate(t.startAt, { zone }).startOf('day');
  const endLocal = DateTime.fromJSDate(t.endAt, { zone });
  let end = endLocal.startOf('day');
  if (end.toMillis() !== endLocal.toMillis() || end <= start) end = end.plus({ days: 1 });
  return { startAt: start.toJSDate(), endAt: end.toJSDate() };
}

export function checkTiming(t: Timing): void {
  if (t.endAt.getTime() < t.startAt.getTime()) throw new ValidationError('schedule.endBeforeStart', undefined, 'END_BEFORE_START');
  if (t.endAt.getTime() - t.startAt.getTime() > MAX_EVENT_DAYS * 86_400_000) throw new ValidationError('schedule.tooLong', { days: MAX_EVENT_DAYS });
}

export async function checkParticipants(tx: Tx, ids: number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  if (!unique.length) return unique;
  const found = await tx.user.count({ where: { id: { in: unique }, state: { not: STAFF_STATES.DEACTIVATED } } });
  if (found !== unique.length) throw new ValidationError('schedule.participantUnknown', undefined, 'UNKNOWN_PARTICIPANT');
  return unique.sort((a, b) => a - b);
}

export async function checkProject(tx: Tx, projectId: number | null | undefined): Promise<void> {
  if (!projectId) return;
  const p = await tx.project.findUnique({ where: { id: projectId }, select: { id: true } });
  if (!p) throw new ValidationError('schedule.projectUnknown', undefined, 'UNKNOWN_PROJECT');
}

/** Occurrence ranges of a series definition: starts from the rule, ends by duration. */
export function seriesRanges(def: { rrule: string; timeZone: string; dtstart: Date; exdates: Date[]; durationMin: number; allDay: boolean }): Range[] {
  const starts = expandRule(def);
  if (!starts.length) throw new ValidationError('schedule.ruleEmpty', undefined, 'EMPTY_RULE');
  return starts.map((start) => ({ start, end: endFor(start, def.durationMin, def.allDay, def.timeZone) }));
}

/** All-day occurrences end at a local midnight (days are 23 or 25 hours across DST). */
export function endFor(start: Date, durationMin: number, allDay: boolean, zone: string): Date {
  if (allDay)
    return DateTime.fromJSDate(start, { zone })
      .plus({ days: Math.max(1, Math.round(durationMin / 1440)) })
      .toJSDate();
  return new Date(start.getTime() + durationMin * 60_000);
}

export function durationOf(t: Timing): number {
  return Math.round((t.endAt.getTime() - t.startAt.getTime()) / 60_000);
}

export async function assertNoConflicts(tx: Tx, actor: Actor, q: ConflictQuery, force: boolean | undefined): Promise<void> {
  if (force) return;
  const found = await findConflicts(tx, actor, q);
  if (found.total) throw new ConflictError(found.total, found.conflicts);
}

const eventWithFacts = { participants: { select: { userId: true } }, series: true, lesson: { select: { courseId: true } } } as const;

/**
 * How an area that owns some events (the courses area: lessons) edits them through the
 * schedule's own functions, in its own transaction: its rights check instead of the
 * schedule's, and a guard called with the ids of rows an edit or delete is about to remove.
 */
export type EditOptions = {
  /** Replaces the schedule's check (visible to and editable by the caller); throws to refuse. */
  authorize?: (event: Loaded) => void | Promise<void>;
  /** Called with the ids of rows about to be deleted or remade; throws to refuse. */
  beforeRemove?: (tx: Tx, ids: number[]) => Promise<void>;
};

/**
 * The event to edit, after the rights check. Lessons of a course are refused here (their
 * course checks rights, hours and attendance): the courses area passes its own `authorize`.
 */
export async function loadEditable(tx: Tx, actor: Actor, id: number, options: EditOptions = {}) {
  const event = await tx.workEvent.findUnique({ where: { id }, include: eventWithFacts });
  if (!event) throw new NotFoundError();
  const facts = { ...event, participantIds: event.participants.map((p) => p.userId) };
  if (options.authorize) {
    await options.authorize(facts);
    return facts;
  }
  if (!isEventVisible(actor, facts)) throw new NotFoundError();
  if (event.lesson) throw scheduleErrors.rule('LESSON_OF_COURSE', 'schedule.lessonOfCourse');
  if (!canEditEvent(actor, event)) throw new ForbiddenError();
  return facts;
}

export function resolveZone(actor: Actor, zone: string | null | undefined): string {
  return requireZone(zone ?? actor.timeZone);
}

export type Loaded = Awaited<ReturnType<typeof loadEditable>>;

/** Minutes between two instants as wall clocks in the zone (what "moved by" means to a person). */
export function wallDeltaMinutes(from: Date, to: Date, zone: string): number {
  const a = DateTime.fromJSDate(from, { zone });
  const b = DateTime.fromJSDate(to, { zone });
  const wall = (d: DateTime) => Date.UTC(d.year, d.month - 1, d.day, d.hour, d.minute, d.second);
  return Math.round((wall(b) - wall(a)) / 60_000);
}

export function shiftWall(instant: Date, minutes: number, zone: string): Date {
  const d = DateTime.fromJSDate(instant, { zone }).setZone('UTC', { keepLocalTime: true }).plus({ minutes });
  return wallToInstant({ year: d.year, month: d.month, day: d.day, hour: d.hour, minute: d.minute, second: d.second }, zone);
}

export const templateData = (t: Template) => ({
  title: t.title,
  content: t.content,
  address: t.address,
  allDay: t.allDay,
  isOpen: t.isOpen,
  type: t.type,
  projectId: t.projectId,
  placeId: t.placeId,
  timeZone: t.timeZone,
  published: t.published,
});
