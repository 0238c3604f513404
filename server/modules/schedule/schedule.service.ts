/**
 * Work events and recurring series: create, edit and delete with a scope (this occurrence,
 * this and following, the whole series), conflict checks, publish, copy, join, confirm.
 * Both doors call these functions; they validate, authorise and write inside runWrite.
 * The invariants the rows keep are written in docs/schedule.md.
 */
import { DateTime } from 'luxon';
import type { Actor, ServiceContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { DomainError, ForbiddenError, NotFoundError, ValidationError } from '../../errors.ts';
import { sanitizeRichText } from '../../lib/html.ts';
import { dbId, parseInput, z } from '../../lib/validate.ts';
import { authorize } from '../../policy.ts';
import { runWrite } from '../../write.ts';
import { findConflicts, MAX_EVENT_DAYS, type Conflict, type ConflictQuery, type Range } from './conflicts.ts';
import {
  expandRule,
  FREQUENCIES,
  normaliseRule,
  ruleEndingBefore,
  ruleWithCountReduced,
  wallToInstant,
  WEEKDAYS,
} from './recurrence.ts';
import { requireZone } from '../../lib/zones.ts';
import { canEditEvent, isEventVisible } from './schedule.policy.ts';

export const MAX_PARTICIPANTS = 200;
export const MAX_BATCH = 1000;
export const SCOPES = ['THIS', 'FOLLOWING', 'ALL'] as const;
export type Scope = (typeof SCOPES)[number];

/** A save refused because of clashes; carries them so the client can offer "save anyway". */
export class ConflictError extends DomainError {
  readonly conflicts: Conflict[];
  readonly total: number;
  constructor(total: number, conflicts: Conflict[]) {
    super('SCHEDULE_CONFLICT', 'schedule.conflict', { count: total });
    this.conflicts = conflicts;
    this.total = total;
  }
}

// ── input ──

const ruleFieldsSchema = z.object({
  freq: z.enum(FREQUENCIES),
  interval: z.coerce.number().int().min(1).max(366).nullish(),
  byWeekday: z.array(z.enum(WEEKDAYS)).max(7).nullish(),
  byMonthDay: z.array(z.coerce.number().int().min(-31).max(31)).max(31).nullish(),
  count: z.coerce.number().int().min(1).max(100_000).nullish(),
  until: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).nullish(),
});
export type RecurrenceInput = string | z.infer<typeof ruleFieldsSchema>;

const fieldsSchema = {
  title: z.string().trim().min(1).max(200),
  content: z.string().max(200_000),
  address: z.string().trim().max(500),
  startAt: z.date(),
  endAt: z.date(),
  allDay: z.boolean(),
  isOpen: z.boolean(),
  type: z.coerce.number().int().min(1).max(99),
  projectId: dbId().nullable(),
  placeId: dbId().nullable(),
  timeZone: z.string().max(64),
  participantIds: z.array(dbId()).max(MAX_PARTICIPANTS),
  published: z.boolean(),
  recurrence: z.union([z.string().max(500), ruleFieldsSchema]).nullable(),
};

const createSchema = z.object({
  title: fieldsSchema.title,
  content: fieldsSchema.content.optional(),
  address: fieldsSchema.address.optional(),
  startAt: fieldsSchema.startAt,
  endAt: fieldsSchema.endAt,
  allDay: fieldsSchema.allDay.optional(),
  isOpen: fieldsSchema.isOpen.optional(),
  type: fieldsSchema.type.optional(),
  projectId: fieldsSchema.projectId.optional(),
  placeId: fieldsSchema.placeId.optional(),
  timeZone: fieldsSchema.timeZone.nullish(),
  participantIds: fieldsSchema.participantIds.nullish(),
  published: fieldsSchema.published.optional(),
  recurrence: fieldsSchema.recurrence.optional(),
  force: z.boolean().optional(),
});
export type CreateEventInput = z.input<typeof createSchema>;

const updateSchema = z.object({
  id: dbId(),
  scope: z.enum(SCOPES).optional(),
  title: fieldsSchema.title.optional(),
  content: fieldsSchema.content.optional(),
  address: fieldsSchema.address.optional(),
  startAt: fieldsSchema.startAt.optional(),
  endAt: fieldsSchema.endAt.optional(),
  allDay: fieldsSchema.allDay.optional(),
  isOpen: fieldsSchema.isOpen.optional(),
  type: fieldsSchema.type.optional(),
  projectId: fieldsSchema.projectId.optional(),
  placeId: fieldsSchema.placeId.optional(),
  timeZone: fieldsSchema.timeZone.optional(),
  participantIds: fieldsSchema.participantIds.optional(),
  published: fieldsSchema.published.optional(),
  recurrence: fieldsSchema.recurrence.optional(),
  force: z.boolean().optional(),
});
export type UpdateEventInput = z.input<typeof updateSchema>;

/** The fields every occurrence of a series shares (unless it is an exception). */
type Template = {
  title: string;
  content: string;
  address: string;
  allDay: boolean;
  isOpen: boolean;
  type: number;
  projectId: number | null;
  placeId: number | null;
  timeZone: string;
  published: boolean;
};

type Timing = { startAt: Date; endAt: Date };

function requireTitle(raw: unknown): void {
  const title = (raw as { title?: unknown } | null)?.title;
  if (title === undefined || title === null || (typeof title === 'string' && !title.trim())) throw new ValidationError('schedule.titleRequired');
}

/** All-day events run from local midnight to local midnight in the event's zone (end exclusive). */
function normaliseTiming(t: Timing, allDay: boolean, zone: string): Timing {
  if (!allDay) return t;
  const start = DateTime.fromJSDate(t.startAt, { zone }).startOf('day');
  const endLocal = DateTime.fromJSDate(t.endAt, { zone });
  let end = endLocal.startOf('day');
  if (end.toMillis() !== endLocal.toMillis() || end <= start) end = end.plus({ days: 1 });
  return { startAt: start.toJSDate(), endAt: end.toJSDate() };
}

function checkTiming(t: Timing): void {
  if (t.endAt.getTime() < t.startAt.getTime()) throw new ValidationError('schedule.endBeforeStart', undefined, 'END_BEFORE_START');
  if (t.endAt.getTime() - t.startAt.getTime() > MAX_EVENT_DAYS * 86_400_000) throw new ValidationError('schedule.tooLong', { days: MAX_EVENT_DAYS });
}

async function checkParticipants(tx: Tx, ids: number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  if (!unique.length) return unique;
  const found = await tx.user.count({ where: { id: { in: unique }, state: { not: 3 } } });
  if (found !== unique.length) throw new ValidationError('schedule.participantUnknown', undefined, 'UNKNOWN_PARTICIPANT');
  return unique.sort((a, b) => a - b);
}

async function checkProject(tx: Tx, projectId: number | null | undefined): Promise<void> {
  if (!projectId) return;
  const p = await tx.project.findUnique({ where: { id: projectId }, select: { id: true } });
  if (!p) throw new ValidationError('schedule.projectUnknown', undefined, 'UNKNOWN_PROJECT');
}

/** Occurrence ranges of a series definition: starts from the rule, ends by duration. */
function seriesRanges(def: { rrule: string; timeZone: string; dtstart: Date; exdates: Date[]; durationMin: number; allDay: boolean }): Range[] {
  const starts = expandRule(def);
  if (!starts.length) throw new ValidationError('schedule.ruleEmpty', undefined, 'EMPTY_RULE');
  return starts.map((start) => ({ start, end: endFor(start, def.durationMin, def.allDay, def.timeZone) }));
}

/** All-day occurrences end at a local midnight (days are 23 or 25 hours across DST). */
function endFor(start: Date, durationMin: number, allDay: boolean, zone: string): Date {
  if (allDay) return DateTime.fromJSDate(start, { zone }).plus({ days: Math.max(1, Math.round(durationMin / 1440)) }).toJSDate();
  return new Date(start.getTime() + durationMin * 60_000);
}

function durationOf(t: Timing): number {
  return Math.round((t.endAt.getTime() - t.startAt.getTime()) / 60_000);
}

async function assertNoConflicts(tx: Tx, actor: Actor, q: ConflictQuery, force: boolean | undefined): Promise<void> {
  if (force) return;
  const found = await findConflicts(tx, actor, q);
  if (found.total) throw new ConflictError(found.total, found.conflicts);
}

// ── bulk row writes ──

const INSERT_OCCURRENCES = `
INSERT INTO work_events (title, content, address, start_at, end_at, all_day, is_open, type, published, time_zone,
                         project_id, place_id, series_id, original_start, creator_id, updated_at)
SELECT $1, $2, $3, o.s, o.e, $4, $5, $6, $7, $8, $9, $10, $11, CASE WHEN $11::int IS NULL THEN NULL ELSE o.s END, $12, now()
FROM unnest($13::text[]::timestamptz[], $14::text[]::timestamptz[]) AS o(s, e)
RETURNING id`;

async function insertRows(tx: Tx, template: Template, creatorId: number, seriesId: number | null, ranges: Range[], participantIds: number[]): Promise<number[]> {
  const rows = await tx.$queryRawUnsafe<Array<{ id: number }>>(
    INSERT_OCCURRENCES,
    template.title,
    template.content,
    template.address,
    template.allDay,
    template.isOpen,
    template.type,
    template.published,
    template.timeZone,
    template.projectId,
    template.placeId,
    seriesId,
    creatorId,
    ranges.map((r) => r.start.toISOString()),
    ranges.map((r) => r.end.toISOString()),
  );
  const ids = rows.map((r) => r.id).sort((a, b) => a - b);
  await insertParticipants(tx, ids, participantIds);
  return ids;
}

async function insertParticipants(tx: Tx, eventIds: number[], userIds: number[]): Promise<void> {
  if (!eventIds.length || !userIds.length) return;
  // start_at/end_at are filled from the event by the event_participants_range trigger.
  await tx.$executeRawUnsafe(
    `INSERT INTO event_participants (event_id, user_id, start_at, end_at)
     SELECT e.id, u, e.start_at, e.end_at FROM work_events e CROSS JOIN unnest($2::int[]) AS u WHERE e.id = ANY($1::int[])
     ON CONFLICT DO NOTHING`,
    eventIds,
    userIds,
  );
}

async function replaceParticipants(tx: Tx, eventIds: number[], userIds: number[]): Promise<void> {
  if (!eventIds.length) return;
  await tx.$executeRawUnsafe(`DELETE FROM event_participants WHERE event_id = ANY($1::int[]) AND NOT (user_id = ANY($2::int[]))`, eventIds, userIds);
  await insertParticipants(tx, eventIds, userIds);
}

async function seriesRowIds(tx: Tx, seriesId: number, from: Date | null = null): Promise<number[]> {
  const rows = await tx.workEvent.findMany({
    where: { seriesId, ...(from ? { originalStart: { gte: from } } : {}) },
    select: { id: true },
    orderBy: { startAt: 'asc' },
  });
  return rows.map((r) => r.id);
}

/** A series left without occurrences is removed. */
async function dropIfEmpty(tx: Tx, seriesId: number): Promise<boolean> {
  const left = await tx.workEvent.count({ where: { seriesId } });
  if (left) return false;
  await tx.eventSeries.delete({ where: { id: seriesId } });
  return true;
}

// ── loading ──

const eventWithFacts = { participants: { select: { userId: true } }, series: true } as const;

async function loadEditable(tx: Tx, actor: Actor, id: number) {
  const event = await tx.workEvent.findUnique({ where: { id }, include: eventWithFacts });
  if (!event) throw new NotFoundError();
  const facts = { ...event, participantIds: event.participants.map((p) => p.userId) };
  if (!isEventVisible(actor, facts)) throw new NotFoundError();
  if (!canEditEvent(actor, event)) throw new ForbiddenError();
  return facts;
}

function resolveZone(actor: Actor, zone: string | null | undefined): string {
  return requireZone(zone ?? actor.timeZone);
}

// ── create ──

export type SaveResult = { eventIds: number[]; seriesId: number | null; deletedIds?: number[] };

/** Creates a single event, or a series when `recurrence` is given (every occurrence checked). */
export async function createEvent(ctx: ServiceContext, raw: unknown): Promise<SaveResult> {
  return runWrite<SaveResult>(ctx, { operation: 'schedule.create', targetType: 'WorkEvent' }, async (tx) => {
    const actor = authorize(ctx, 'schedule.use');
    requireTitle(raw);
    const input = parseInput(createSchema, raw);
    const zone = resolveZone(actor, input.timeZone);
    const allDay = input.allDay ?? false;
    const timing = normaliseTiming({ startAt: input.startAt, endAt: input.endAt }, allDay, zone);
    checkTiming(timing);
    const participantIds = await checkParticipants(tx, input.participantIds?.length ? input.participantIds : [actor.id]);
    await checkProject(tx, input.projectId);
    const template: Template = {
      title: input.title,
      content: sanitizeRichText(input.content ?? ''),
      address: input.address ?? '',
      allDay,
      isOpen: input.isOpen ?? false,
      type: input.type ?? 1,
      projectId: input.projectId ?? null,
      placeId: input.placeId ?? null,
      timeZone: zone,
      published: input.published ?? false,
    };
    if (!input.recurrence) {
      const ranges = [{ start: timing.startAt, end: timing.endAt }];
      await assertNoConflicts(tx, actor, { occurrences: ranges, userIds: participantIds, placeId: template.placeId }, input.force);
      const ids = await insertRows(tx, template, actor.id, null, ranges, participantIds);
      return { result: { eventIds: ids, seriesId: null }, targetIds: ids };
    }
    const rrule = normaliseRule(input.recurrence, zone);
    const def = { rrule, timeZone: zone, dtstart: timing.startAt, exdates: [], durationMin: durationOf(timing), allDay };
    const ranges = seriesRanges(def);
    await assertNoConflicts(tx, actor, { occurrences: ranges, userIds: participantIds, placeId: template.placeId }, input.force);
    const series = await tx.eventSeries.create({
      data: { rrule, timeZone: zone, dtstart: ranges[0]!.start, durationMin: def.durationMin, exdates: [], creatorId: actor.id },
    });
    const ids = await insertRows(tx, template, actor.id, series.id, ranges, participantIds);
    return { result: { eventIds: ids, seriesId: series.id }, targetIds: ids };
  });
}

// ── update ──

type Loaded = Awaited<ReturnType<typeof loadEditable>>;

function mergedTemplate(e: Loaded, input: z.output<typeof updateSchema>, zone: string): Template {
  return {
    title: input.title ?? e.title,
    content: input.content !== undefined ? sanitizeRichText(input.content) : e.content,
    address: input.address ?? e.address,
    allDay: input.allDay ?? e.allDay,
    isOpen: input.isOpen ?? e.isOpen,
    type: input.type ?? e.type,
    projectId: input.projectId !== undefined ? input.projectId : e.projectId,
    placeId: input.placeId !== undefined ? input.placeId : e.placeId,
    timeZone: zone,
    published: input.published ?? e.published,
  };
}

/** Minutes between two instants as wall clocks in the zone (what "moved by" means to a person). */
function wallDeltaMinutes(from: Date, to: Date, zone: string): number {
  const a = DateTime.fromJSDate(from, { zone });
  const b = DateTime.fromJSDate(to, { zone });
  const wall = (d: DateTime) => Date.UTC(d.year, d.month - 1, d.day, d.hour, d.minute, d.second);
  return Math.round((wall(b) - wall(a)) / 60_000);
}

function shiftWall(instant: Date, minutes: number, zone: string): Date {
  const d = DateTime.fromJSDate(instant, { zone }).setZone('UTC', { keepLocalTime: true }).plus({ minutes });
  return wallToInstant({ year: d.year, month: d.month, day: d.day, hour: d.hour, minute: d.minute, second: d.second }, zone);
}

const templateData = (t: Template) => ({
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

/**
 * Edits an event. For an occurrence of a series, `scope` says what changes: THIS (this
 * occurrence becomes an exception), FOLLOWING (the series is split here), ALL (the whole
 * series). A single event given a recurrence becomes a series.
 */
export async function updateEvent(ctx: ServiceContext, raw: unknown): Promise<SaveResult> {
  return runWrite<SaveResult>(ctx, { operation: 'schedule.update', targetType: 'WorkEvent' }, async (tx) => {
    const actor = authorize(ctx, 'schedule.use');
    if (raw && typeof raw === 'object' && 'title' in raw) requireTitle(raw);
    const input = parseInput(updateSchema, raw);
    const e = await loadEditable(tx, actor, input.id);
    const zone = resolveZone(actor, input.timeZone ?? e.timeZone);
    const template = mergedTemplate(e, input, zone);
    const timing = normaliseTiming({ startAt: input.startAt ?? e.startAt, endAt: input.endAt ?? e.endAt }, template.allDay, zone);
    checkTiming(timing);
    const participantIds = input.participantIds ? await checkParticipants(tx, input.participantIds) : e.participantIds;
    if (input.participantIds && !participantIds.length) throw new ValidationError('schedule.participantUnknown', undefined, 'NO_PARTICIPANT');
    if (input.projectId !== undefined) await checkProject(tx, input.projectId);
    const moved = timing.startAt.getTime() !== e.startAt.getTime() || timing.endAt.getTime() !== e.endAt.getTime() || template.placeId !== e.placeId;
    const scope: Scope = e.seriesId ? (input.scope ?? 'THIS') : 'THIS';

    // A single event, or one occurrence on its own.
    if (!e.seriesId && input.recurrence) {
      // A single event becomes a series starting at its (new) start.
      const rrule = normaliseRule(input.recurrence, zone);
      const def = { rrule, timeZone: zone, dtstart: timing.startAt, exdates: [], durationMin: durationOf(timing), allDay: template.allDay };
      const ranges = seriesRanges(def);
      await assertNoConflicts(tx, actor, { occurrences: ranges, userIds: participantIds, placeId: template.placeId, excludeIds: [e.id] }, input.force);
      await tx.workEvent.delete({ where: { id: e.id } });
      const series = await tx.eventSeries.create({
        data: { rrule, timeZone: zone, dtstart: ranges[0]!.start, durationMin: def.durationMin, exdates: [], creatorId: e.creatorId },
      });
      const ids = await insertRows(tx, template, e.creatorId, series.id, ranges, participantIds);
      return { result: { eventIds: ids, seriesId: series.id, deletedIds: [e.id] }, targetIds: ids };
    }
    if (scope === 'THIS') {
      await assertNoConflicts(
        tx,
        actor,
        { occurrences: [{ start: timing.startAt, end: timing.endAt }], userIds: participantIds, placeId: template.placeId, excludeIds: [e.id] },
        input.force,
      );
      await tx.workEvent.update({
        where: { id: e.id },
        data: { ...templateData(template), startAt: timing.startAt, endAt: timing.endAt, isException: e.seriesId ? true : false, ...(moved ? { confirmed: false } : {}) },
      });
      if (input.participantIds) await replaceParticipants(tx, [e.id], participantIds);
      if (moved) await tx.eventParticipant.updateMany({ where: { eventId: e.id }, data: { confirmedAt: null } });
      return { result: { eventIds: [e.id], seriesId: e.seriesId }, targetIds: [e.id] };
    }

    // FOLLOWING or ALL on a series.
    const series = e.series!;
    const oldDef = { rrule: series.rrule, timeZone: series.timeZone, dtstart: series.dtstart, exdates: [] as Date[], durationMin: series.durationMin, allDay: e.allDay };
    const allStarts = expandRule(oldDef);
    const splitAt = e.originalStart ?? e.startAt;
    const usedBefore = allStarts.filter((s) => s.getTime() < splitAt.getTime()).length;
    const whole = scope === 'ALL' || usedBefore === 0;
    const delta = wallDeltaMinutes(e.startAt, timing.startAt, series.timeZone);
    const durationMin = input.startAt || input.endAt || input.allDay !== undefined ? durationOf(timing) : series.durationMin;
    const newRule = input.recurrence ? normaliseRule(input.recurrence, zone) : null;
    const timingChanged = delta !== 0 || durationMin !== series.durationMin || !!(newRule && newRule !== series.rrule) || zone !== series.timeZone || template.allDay !== e.allDay;
    const from = whole ? null : splitAt;

    let targetSeriesId = series.id;
    if (!whole) {
      // Split: the old series ends before this occurrence; a new series carries the rest.
      await tx.eventSeries.update({
        where: { id: series.id },
        data: { rrule: ruleEndingBefore(series.rrule, splitAt), exdates: series.exdates.filter((d) => d.getTime() < splitAt.getTime()) },
      });
    }
    const baseStart = whole ? series.dtstart : splitAt;
    const newDtstart = shiftWall(baseStart, delta, series.timeZone);
    const tailRule = newRule && newRule !== series.rrule ? newRule : whole ? series.rrule : ruleWithCountReduced(series.rrule, usedBefore);
    const keptExdates = timingChanged ? [] : series.exdates.filter((d) => whole || d.getTime() >= splitAt.getTime());

    if (!timingChanged) {
      const rowIds = await seriesRowIds(tx, series.id, from);
      if (!whole) {
        const created = await tx.eventSeries.create({
          data: { rrule: tailRule, timeZone: series.timeZone, dtstart: splitAt, durationMin: series.durationMin, exdates: keptExdates, creatorId: series.creatorId },
        });
        targetSeriesId = created.id;
        await tx.workEvent.updateMany({ where: { id: { in: rowIds } }, data: { seriesId: created.id } });
      }
      if (input.participantIds || template.placeId !== e.placeId) {
        const ranges = await tx.workEvent.findMany({ where: { id: { in: rowIds } }, select: { startAt: true, endAt: true }, orderBy: { startAt: 'asc' } });
        await assertNoConflicts(
          tx,
          actor,
          { occurrences: ranges.map((r) => ({ start: r.startAt, end: r.endAt })), userIds: participantIds, placeId: template.placeId, excludeIds: rowIds },
          input.force,
        );
      }
      await tx.workEvent.updateMany({ where: { id: { in: rowIds } }, data: templateData(template) });
      if (input.participantIds) await replaceParticipants(tx, rowIds, participantIds);
      if (template.placeId !== e.placeId) {
        await tx.workEvent.updateMany({ where: { id: { in: rowIds } }, data: { confirmed: false } });
        await tx.eventParticipant.updateMany({ where: { eventId: { in: rowIds } }, data: { confirmedAt: null } });
      }
      if (!whole) await dropIfEmpty(tx, series.id);
      return { result: { eventIds: rowIds, seriesId: targetSeriesId }, targetIds: rowIds };
    }

    // The timing changed: the rewritten occurrences are made anew from the rule; exceptions
    // and exception dates in the rewritten part no longer match the rule and are dropped.
    const def = { rrule: tailRule, timeZone: zone, dtstart: newDtstart, exdates: [], durationMin, allDay: template.allDay };
    const ranges = seriesRanges(def);
    await assertNoConflicts(
      tx,
      actor,
      { occurrences: ranges, userIds: participantIds, placeId: template.placeId, excludeSeries: { seriesId: series.id, from } },
      input.force,
    );
    const oldIds = await seriesRowIds(tx, series.id, from);
    await tx.workEvent.deleteMany({ where: { id: { in: oldIds } } });
    if (whole) {
      await tx.eventSeries.update({ where: { id: series.id }, data: { rrule: tailRule, timeZone: zone, dtstart: ranges[0]!.start, durationMin, exdates: [] } });
    } else {
      const created = await tx.eventSeries.create({
        data: { rrule: tailRule, timeZone: zone, dtstart: ranges[0]!.start, durationMin, exdates: [], creatorId: series.creatorId },
      });
      targetSeriesId = created.id;
    }
    const ids = await insertRows(tx, template, e.creatorId, targetSeriesId, ranges, participantIds);
    if (!whole) await dropIfEmpty(tx, series.id);
    return { result: { eventIds: ids, seriesId: targetSeriesId, deletedIds: oldIds }, targetIds: ids };
  });
}

// ── delete ──

const deleteSchema = z.object({ id: dbId(), scope: z.enum(SCOPES).optional() });

/** Deletes an event; for an occurrence, this one (kept as an exception date), this and following, or all. */
export type DeleteResult = { deletedIds: number[]; seriesId: number | null; seriesDeleted: boolean };

export async function deleteEvent(ctx: ServiceContext, raw: unknown): Promise<DeleteResult> {
  return runWrite<DeleteResult>(ctx, { operation: 'schedule.delete', targetType: 'WorkEvent' }, async (tx) => {
    const actor = authorize(ctx, 'schedule.use');
    const input = parseInput(deleteSchema, raw);
    const e = await loadEditable(tx, actor, input.id);
    const scope = input.scope ?? 'THIS';
    if (!e.seriesId || !e.series) {
      await tx.workEvent.delete({ where: { id: e.id } });
      return { result: { deletedIds: [e.id], seriesId: null, seriesDeleted: false }, targetIds: [e.id] };
    }
    const series = e.series;
    const splitAt = e.originalStart ?? e.startAt;
    if (scope === 'THIS') {
      await tx.workEvent.delete({ where: { id: e.id } });
      await tx.eventSeries.update({ where: { id: series.id }, data: { exdates: [...series.exdates, splitAt].sort((a, b) => a.getTime() - b.getTime()) } });
      const gone = await dropIfEmpty(tx, series.id);
      return { result: { deletedIds: [e.id], seriesId: series.id, seriesDeleted: gone }, targetIds: [e.id] };
    }
    const first = expandRule({ rrule: series.rrule, timeZone: series.timeZone, dtstart: series.dtstart })[0];
    if (scope === 'ALL' || !first || splitAt.getTime() <= first.getTime()) {
      const ids = await seriesRowIds(tx, series.id);
      await tx.eventSeries.delete({ where: { id: series.id } });
      return { result: { deletedIds: ids, seriesId: series.id, seriesDeleted: true }, targetIds: ids };
    }
    const ids = await seriesRowIds(tx, series.id, splitAt);
    await tx.workEvent.deleteMany({ where: { id: { in: ids } } });
    await tx.eventSeries.update({
      where: { id: series.id },
      data: { rrule: ruleEndingBefore(series.rrule, splitAt), exdates: series.exdates.filter((d) => d.getTime() < splitAt.getTime()) },
    });
    const gone = await dropIfEmpty(tx, series.id);
    return { result: { deletedIds: ids, seriesId: series.id, seriesDeleted: gone }, targetIds: ids };
  });
}

/** Deletes several events (each as THIS); ids the caller may not edit refuse the whole batch. */
export async function deleteEvents(ctx: ServiceContext, raw: unknown): Promise<{ deletedIds: number[] }> {
  return runWrite(ctx, { operation: 'schedule.deleteBatch', targetType: 'WorkEvent' }, async (tx) => {
    const actor = authorize(ctx, 'schedule.use');
    const input = parseInput(idsSchema, raw);
    const deleted: number[] = [];
    for (const id of input.ids) {
      const e = await loadEditable(tx, actor, id);
      await tx.workEvent.delete({ where: { id } });
      if (e.series && e.originalStart) {
        const fresh = await tx.eventSeries.findUniqueOrThrow({ where: { id: e.series.id } });
        await tx.eventSeries.update({ where: { id: fresh.id }, data: { exdates: [...fresh.exdates, e.originalStart] } });
        await dropIfEmpty(tx, fresh.id);
      }
      deleted.push(id);
    }
    return { result: { deletedIds: deleted }, targetIds: deleted };
  });
}

// ── publish ──

const idsSchema = z.object({ ids: z.array(dbId()).min(1).max(MAX_BATCH) });
const publishSchema = z.object({ ids: z.array(dbId()).min(1).max(MAX_BATCH), wholeSeries: z.boolean().optional() });

function checkIds(raw: unknown): void {
  const ids = (raw as { ids?: unknown } | null)?.ids;
  if (ids === undefined || ids === null || (Array.isArray(ids) && ids.length === 0)) throw new ValidationError('schedule.idsRequired');
  if (Array.isArray(ids) && ids.length > MAX_BATCH) throw new ValidationError('schedule.tooManyIds', { max: MAX_BATCH });
}

/** Publishes or unpublishes events (optionally every occurrence of their series). */
export async function setPublished(ctx: ServiceContext, raw: unknown, published: boolean): Promise<{ ids: number[] }> {
  return runWrite(ctx, { operation: published ? 'schedule.publish' : 'schedule.unpublish', targetType: 'WorkEvent' }, async (tx) => {
    const actor = authorize(ctx, 'schedule.use');
    checkIds(raw);
    const input = parseInput(publishSchema, raw);
    const ids = [...new Set(input.ids)];
    const events = await tx.workEvent.findMany({ where: { id: { in: ids } }, include: { participants: { select: { userId: true } } } });
    if (events.length !== ids.length) throw new NotFoundError();
    for (const e of events) {
      if (!isEventVisible(actor, { ...e, participantIds: e.participants.map((p) => p.userId) })) throw new NotFoundError();
      if (!canEditEvent(actor, e)) throw new ForbiddenError();
    }
    let target = ids;
    if (input.wholeSeries) {
      const seriesIds = [...new Set(events.map((e) => e.seriesId).filter((s): s is number => s !== null))];
      const more = await tx.workEvent.findMany({ where: { seriesId: { in: seriesIds } }, select: { id: true } });
      target = [...new Set([...ids, ...more.map((m) => m.id)])];
    }
    await tx.workEvent.updateMany({ where: { id: { in: target } }, data: { published } });
    target.sort((a, b) => a - b);
    return { result: { ids: target }, targetIds: target };
  });
}

// ── copy ──

const copySchema = z
  .object({
    ids: z.array(dbId()).max(MAX_BATCH).optional(),
    /** Copy every event of this day (in the caller's zone) that the caller may edit... */
    fromDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional(),
    /** ...of this person (default: the caller). */
    userId: dbId().optional(),
    toDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    timeZone: z.string().max(64).nullish(),
    force: z.boolean().optional(),
  });

/**
 * Copies events to another day, keeping each one's wall-clock times in its own zone. The copies
 * are single, unpublished events with the same participants, created by the caller.
 */
export async function copyEvents(ctx: ServiceContext, raw: unknown): Promise<{ eventIds: number[] }> {
  return runWrite(ctx, { operation: 'schedule.copy', targetType: 'WorkEvent' }, async (tx) => {
    const actor = authorize(ctx, 'schedule.use');
    const r = raw as { toDate?: unknown } | null;
    if (!r || r.toDate === undefined || r.toDate === null || r.toDate === '') throw new ValidationError('schedule.copyTargetRequired');
    const input = parseInput(copySchema, raw);
    const zone = resolveZone(actor, input.timeZone);
    let ids = input.ids ?? [];
    if (!ids.length && input.fromDate) {
      const day = DateTime.fromISO(input.fromDate, { zone });
      if (!day.isValid) throw new ValidationError('validation.invalid', { field: 'fromDate' });
      const who = input.userId ?? actor.id;
      const rows = await tx.workEvent.findMany({
        where: {
          startAt: { gte: day.startOf('day').toJSDate(), lt: day.plus({ days: 1 }).startOf('day').toJSDate() },
          OR: [{ participants: { some: { userId: who } } }, { creatorId: who }],
        },
        select: { id: true, creatorId: true },
      });
      ids = rows.filter((row) => canEditEvent(actor, row)).map((row) => row.id);
    }
    if (!ids.length) throw new ValidationError('schedule.idsRequired');
    if (!DateTime.fromISO(input.toDate).isValid) throw new ValidationError('validation.invalid', { field: 'toDate' });
    const created: number[] = [];
    for (const id of [...new Set(ids)]) {
      const e = await tx.workEvent.findUnique({ where: { id }, include: { participants: { select: { userId: true } } } });
      if (!e) throw new NotFoundError();
      const participantIds = e.participants.map((p) => p.userId);
      if (!isEventVisible(actor, { ...e, participantIds })) throw new NotFoundError();
      if (!canEditEvent(actor, e)) throw new ForbiddenError();
      const localDay = DateTime.fromJSDate(e.startAt, { zone: e.timeZone }).startOf('day');
      const days = Math.round(DateTime.fromISO(input.toDate, { zone: e.timeZone }).diff(localDay, 'days').days);
      const start = shiftWall(e.startAt, days * 1440, e.timeZone);
      const end = e.allDay ? shiftWall(e.endAt, days * 1440, e.timeZone) : new Date(start.getTime() + (e.endAt.getTime() - e.startAt.getTime()));
      await assertNoConflicts(tx, actor, { occurrences: [{ start, end }], userIds: participantIds, placeId: e.placeId }, input.force);
      const template: Template = { ...templateData(e), published: false };
      const [newId] = await insertRows(tx, template, actor.id, null, [{ start, end }], participantIds);
      created.push(newId!);
    }
    return { result: { eventIds: created }, targetIds: created };
  });
}

// ── join, confirm ──

const joinSchema = z.object({ id: dbId(), wholeSeries: z.boolean().optional(), force: z.boolean().optional() });

/** Joins an open, published event the caller can see (optionally this and every later occurrence). */
export async function joinEvent(ctx: ServiceContext, raw: unknown): Promise<{ eventIds: number[] }> {
  return runWrite(ctx, { operation: 'schedule.join', targetType: 'WorkEvent' }, async (tx) => {
    const actor = authorize(ctx, 'schedule.use');
    const input = parseInput(joinSchema, raw);
    const e = await tx.workEvent.findUnique({ where: { id: input.id }, include: { participants: { select: { userId: true } } } });
    if (!e) throw new NotFoundError();
    const participantIds = e.participants.map((p) => p.userId);
    if (!isEventVisible(actor, { ...e, participantIds })) throw new NotFoundError();
    if (participantIds.includes(actor.id)) throw new DomainError('ALREADY_JOINED', 'schedule.alreadyJoined');
    if (!(e.published && e.isOpen) && !canEditEvent(actor, e)) throw new DomainError('NOT_OPEN', 'schedule.notOpen');
    let rows = [{ id: e.id, startAt: e.startAt, endAt: e.endAt }];
    if (input.wholeSeries && e.seriesId) {
      rows = await tx.workEvent.findMany({
        where: { seriesId: e.seriesId, startAt: { gte: e.startAt }, participants: { none: { userId: actor.id } } },
        select: { id: true, startAt: true, endAt: true },
        orderBy: { startAt: 'asc' },
      });
    }
    await assertNoConflicts(tx, actor, { occurrences: rows.map((r) => ({ start: r.startAt, end: r.endAt })), userIds: [actor.id], placeId: null }, input.force);
    const ids = rows.map((r) => r.id);
    await insertParticipants(tx, ids, [actor.id]);
    await tx.workEvent.updateMany({ where: { id: { in: ids } }, data: { confirmed: false } });
    return { result: { eventIds: ids }, targetIds: ids };
  });
}

/** A participant confirms the event as it now stands; the event is confirmed once all have. */
export async function confirmEvent(ctx: ServiceContext, raw: unknown): Promise<{ eventIds: number[] }> {
  return runWrite(ctx, { operation: 'schedule.confirm', targetType: 'WorkEvent' }, async (tx) => {
    const actor = authorize(ctx, 'schedule.use');
    const input = parseInput(z.object({ id: dbId() }), raw);
    const e = await tx.workEvent.findUnique({ where: { id: input.id }, include: { participants: { select: { userId: true } } } });
    if (!e) throw new NotFoundError();
    const participantIds = e.participants.map((p) => p.userId);
    if (!isEventVisible(actor, { ...e, participantIds })) throw new NotFoundError();
    if (!participantIds.includes(actor.id)) throw new DomainError('NOT_PARTICIPANT', 'schedule.notParticipant');
    await tx.eventParticipant.update({ where: { eventId_userId: { eventId: e.id, userId: actor.id } }, data: { confirmedAt: new Date() } });
    const waiting = await tx.eventParticipant.count({ where: { eventId: e.id, confirmedAt: null } });
    await tx.workEvent.update({ where: { id: e.id }, data: { confirmed: waiting === 0 } });
    return { result: { eventIds: [e.id] }, targetIds: [e.id] };
  });
}

// ── conflict check without saving ──

const checkSchema = z.object({
  id: dbId().nullish(),
  scope: z.enum(SCOPES).nullish(),
  startAt: z.date(),
  endAt: z.date(),
  allDay: z.boolean().optional(),
  timeZone: z.string().max(64).nullish(),
  participantIds: z.array(dbId()).max(MAX_PARTICIPANTS).nullish(),
  placeId: dbId().nullish(),
  recurrence: fieldsSchema.recurrence.optional(),
});
export type CheckConflictsInput = z.input<typeof checkSchema>;

/**
 * What saving this event or series would clash with: every occurrence checked. When `id` is
 * given (an edit), that event, or with scope FOLLOWING/ALL the rewritten part of its series,
 * is not counted against itself.
 */
export async function checkConflicts(ctx: ServiceContext, raw: unknown): Promise<{ occurrences: Range[]; total: number; conflicts: Conflict[] }> {
  const actor = authorize(ctx, 'schedule.use');
  const input = parseInput(checkSchema, raw);
  const zone = resolveZone(actor, input.timeZone);
  const allDay = input.allDay ?? false;
  const timing = normaliseTiming({ startAt: input.startAt, endAt: input.endAt }, allDay, zone);
  checkTiming(timing);
  const participantIds = input.participantIds?.length ? [...new Set(input.participantIds)] : [actor.id];
  let excludeIds: number[] = [];
  let excludeSeries: ConflictQuery['excludeSeries'] = null;
  if (input.id) {
    const e = await ctx.db.workEvent.findUnique({ where: { id: input.id }, select: { id: true, seriesId: true, originalStart: true, startAt: true } });
    if (e) {
      excludeIds = [e.id];
      if (e.seriesId && input.scope === 'ALL') excludeSeries = { seriesId: e.seriesId, from: null };
      if (e.seriesId && input.scope === 'FOLLOWING') excludeSeries = { seriesId: e.seriesId, from: e.originalStart ?? e.startAt };
    }
  }
  const occurrences = input.recurrence
    ? seriesRanges({ rrule: normaliseRule(input.recurrence, zone), timeZone: zone, dtstart: timing.startAt, exdates: [], durationMin: durationOf(timing), allDay })
    : [{ start: timing.startAt, end: timing.endAt }];
  const found = await findConflicts(ctx.db, actor, { occurrences, userIds: participantIds, placeId: input.placeId ?? null, excludeIds, excludeSeries });
  return { occurrences, ...found };
}
