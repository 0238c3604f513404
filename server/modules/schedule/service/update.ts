/**
 * Editing an event: `updateEvent` prepares the edit (input, the event, the merged fields) and
 * hands it to the function of its case: a single event, this occurrence of a series, this and
 * the following occurrences, or every occurrence. The invariants the rows keep are in
 * docs/schedule.md.
 */
import type { Actor, ServiceContext } from '../../../context.ts';
import type { Tx } from '../../../db/client.ts';
import { ValidationError } from '../../../errors.ts';
import { cleanRichText } from '../../../lib/html-clean.ts';
import { parseInput, type z } from '../../../lib/validate.ts';
import { authorize } from '../../../policy.ts';
import { runWrite } from '../../../write.ts';
import { expandRule, normaliseRule, ruleEndingBefore, ruleWithCountReduced } from '../recurrence.ts';
import {
  assertNoConflicts,
  checkParticipants,
  checkProject,
  checkTiming,
  durationOf,
  loadEditable,
  normaliseTiming,
  requireTitle,
  resolveZone,
  seriesRanges,
  shiftWall,
  templateData,
  wallDeltaMinutes,
  type EditOptions,
  type Loaded,
} from './checks.ts';
import type { SaveResult } from './create.ts';
import { updateSchema, type Scope, type Template, type Timing } from './input.ts';
import { dropIfEmpty, insertRows, insertSeries, replaceParticipants, seriesRowIds } from './rows.ts';

type UpdateInput = z.output<typeof updateSchema>;

/** An edit ready to apply: the input, the event as stored and the fields it will have. */
type Edit = {
  actor: Actor;
  input: UpdateInput;
  e: Loaded;
  zone: string;
  template: Template;
  timing: Timing;
  participantIds: number[];
  /** The time or the place changed: participants confirm again. */
  moved: boolean;
  options: EditOptions;
};

function mergedTemplate(e: Loaded, input: UpdateInput, zone: string): Template {
  return {
    title: input.title ?? e.title,
    content: input.content ?? e.content,
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

async function prepareEdit(tx: Tx, actor: Actor, raw: unknown, options: EditOptions): Promise<Edit> {
  if (raw && typeof raw === 'object' && 'title' in raw) requireTitle(raw);
  const input = parseInput(updateSchema, raw);
  const e = await loadEditable(tx, actor, input.id, options);
  const zone = resolveZone(actor, input.timeZone ?? e.timeZone);
  // Cleaned here, off the event loop; mergedTemplate takes it as it is.
  const template = mergedTemplate(e, input.content !== undefined ? { ...input, content: await cleanRichText(input.content) } : input, zone);
  const timing = normaliseTiming({ startAt: input.startAt ?? e.startAt, endAt: input.endAt ?? e.endAt }, template.allDay, zone);
  checkTiming(timing);
  const participantIds = input.participantIds ? await checkParticipants(tx, input.participantIds) : e.participantIds;
  if (input.participantIds && !participantIds.length) throw new ValidationError('schedule.participantUnknown', undefined, 'NO_PARTICIPANT');
  if (input.projectId !== undefined) await checkProject(tx, input.projectId);
  const moved = timing.startAt.getTime() !== e.startAt.getTime() || timing.endAt.getTime() !== e.endAt.getTime() || template.placeId !== e.placeId;
  return { actor, input, e, zone, template, timing, participantIds, moved, options };
}

/**
 * Edits an event. For an occurrence of a series, `scope` says what changes: THIS (this
 * occurrence becomes an exception), FOLLOWING (the series is split here), ALL (the whole
 * series). A single event given a recurrence becomes a series.
 */
export async function updateEvent(ctx: ServiceContext, raw: unknown): Promise<SaveResult> {
  return runWrite<SaveResult>(ctx, { operation: 'schedule.update', targetType: 'WorkEvent' }, async (tx) => {
    const actor = authorize(ctx, 'schedule.use');
    const result = await updateEventIn(tx, actor, raw);
    return { result, targetIds: result.eventIds };
  });
}

/** `updateEvent` inside the caller's transaction, with the owning area's options (the courses area's lessons). */
export async function updateEventIn(tx: Tx, actor: Actor, raw: unknown, options: EditOptions = {}): Promise<SaveResult> {
  const edit = await prepareEdit(tx, actor, raw, options);
  const scope: Scope = edit.e.seriesId ? (edit.input.scope ?? 'THIS') : 'THIS';
  return !edit.e.seriesId ? updateSingleEvent(tx, edit) : scope === 'THIS' ? updateThisOccurrence(tx, edit) : scope === 'FOLLOWING' ? updateFollowingOccurrences(tx, edit) : updateAllOccurrences(tx, edit);
}

/** Writes the edit onto one row (a single event, or an occurrence that becomes an exception). */
async function updateOneRow(tx: Tx, edit: Edit, isException: boolean): Promise<SaveResult> {
  const { actor, input, e, template, timing, participantIds, moved } = edit;
  await assertNoConflicts(tx, actor, { occurrences: [{ start: timing.startAt, end: timing.endAt }], userIds: participantIds, placeId: template.placeId, excludeIds: [e.id] }, input.force);
  await tx.workEvent.update({
    where: { id: e.id },
    data: { ...templateData(template), startAt: timing.startAt, endAt: timing.endAt, isException, ...(moved ? { confirmed: false } : {}) },
  });
  if (input.participantIds) await replaceParticipants(tx, [e.id], participantIds);
  if (moved) await tx.eventParticipant.updateMany({ where: { eventId: e.id }, data: { confirmedAt: null } });
  return { eventIds: [e.id], seriesId: e.seriesId };
}

/** A single event: edited in place, or, given a recurrence, replaced by a series starting at its (new) start. */
async function updateSingleEvent(tx: Tx, edit: Edit): Promise<SaveResult> {
  const { actor, input, e, zone, template, timing, participantIds } = edit;
  if (!input.recurrence) return updateOneRow(tx, edit, false);
  const rrule = normaliseRule(input.recurrence, zone);
  const def = { rrule, timeZone: zone, dtstart: timing.startAt, exdates: [], durationMin: durationOf(timing), allDay: template.allDay };
  const ranges = seriesRanges(def);
  await assertNoConflicts(tx, actor, { occurrences: ranges, userIds: participantIds, placeId: template.placeId, excludeIds: [e.id] }, input.force);
  await edit.options.beforeRemove?.(tx, [e.id]);
  await tx.workEvent.delete({ where: { id: e.id } });
  const seriesId = await insertSeries(tx, { rrule, timeZone: zone, dtstart: ranges[0]!.start, durationMin: def.durationMin, exdates: [], creatorId: e.creatorId });
  const ids = await insertRows(tx, template, e.creatorId, seriesId, ranges, participantIds);
  return { eventIds: ids, seriesId, deletedIds: [e.id] };
}

/** THIS: the occurrence becomes an exception of its series. */
async function updateThisOccurrence(tx: Tx, edit: Edit): Promise<SaveResult> {
  return updateOneRow(tx, edit, true);
}

/** How an edit of several occurrences changes the series' timing (shared by FOLLOWING and ALL). */
function seriesChange(edit: Edit) {
  const { input, e, zone, template, timing } = edit;
  const series = e.series!;
  const delta = wallDeltaMinutes(e.startAt, timing.startAt, series.timeZone);
  const durationMin = input.startAt || input.endAt || input.allDay !== undefined ? durationOf(timing) : series.durationMin;
  const newRule = input.recurrence ? normaliseRule(input.recurrence, zone) : null;
  const ruleChanged = !!(newRule && newRule !== series.rrule);
  const timingChanged = delta !== 0 || durationMin !== series.durationMin || ruleChanged || zone !== series.timeZone || template.allDay !== e.allDay;
  return { series, delta, durationMin, newRule: ruleChanged ? newRule : null, timingChanged };
}

/**
 * The timing is unchanged: the rows stay, their shared fields (and participants) are
 * rewritten; a new place or new people are checked for conflicts first.
 */
async function retemplateRows(tx: Tx, edit: Edit, rowIds: number[]): Promise<void> {
  const { actor, input, e, template, participantIds } = edit;
  if (input.participantIds || template.placeId !== e.placeId) {
    const ranges = await tx.workEvent.findMany({ where: { id: { in: rowIds } }, select: { startAt: true, endAt: true }, orderBy: { startAt: 'asc' } });
    await assertNoConflicts(tx, actor, { occurrences: ranges.map((r) => ({ start: r.startAt, end: r.endAt })), userIds: participantIds, placeId: template.placeId, excludeIds: rowIds }, input.force);
  }
  await tx.workEvent.updateMany({ where: { id: { in: rowIds } }, data: templateData(template) });
  if (input.participantIds) await replaceParticipants(tx, rowIds, participantIds);
  if (template.placeId !== e.placeId) {
    await tx.workEvent.updateMany({ where: { id: { in: rowIds } }, data: { confirmed: false } });
    await tx.eventParticipant.updateMany({ where: { eventId: { in: rowIds } }, data: { confirmedAt: null } });
  }
}

/**
 * The timing changed: the rewritten occurrences are made anew from the rule; exceptions and
 * exception dates in the rewritten part no longer match the rule and are dropped. Answers the
 * ranges (checked for conflicts) and the ids of the rows removed.
 */
async function remakeRows(tx: Tx, edit: Edit, def: { rrule: string; dtstart: Date; durationMin: number }, from: Date | null) {
  const { actor, input, e, zone, template, participantIds } = edit;
  const ranges = seriesRanges({ ...def, timeZone: zone, exdates: [], allDay: template.allDay });
  await assertNoConflicts(tx, actor, { occurrences: ranges, userIds: participantIds, placeId: template.placeId, excludeSeries: { seriesId: e.series!.id, from } }, input.force);
  const oldIds = await seriesRowIds(tx, e.series!.id, from);
  await edit.options.beforeRemove?.(tx, oldIds);
  await tx.workEvent.deleteMany({ where: { id: { in: oldIds } } });
  return { ranges, oldIds };
}

/** ALL: every occurrence of the series (also FOLLOWING from the first occurrence). */
async function updateAllOccurrences(tx: Tx, edit: Edit): Promise<SaveResult> {
  const { e, zone, template, participantIds } = edit;
  const { series, delta, durationMin, newRule, timingChanged } = seriesChange(edit);
  if (!timingChanged) {
    const rowIds = await seriesRowIds(tx, series.id);
    await retemplateRows(tx, edit, rowIds);
    return { eventIds: rowIds, seriesId: series.id };
  }
  const rrule = newRule ?? series.rrule;
  const { ranges, oldIds } = await remakeRows(tx, edit, { rrule, dtstart: shiftWall(series.dtstart, delta, series.timeZone), durationMin }, null);
  await tx.eventSeries.update({ where: { id: series.id }, data: { rrule, timeZone: zone, dtstart: ranges[0]!.start, durationMin, exdates: [] } });
  const ids = await insertRows(tx, template, e.creatorId, series.id, ranges, participantIds);
  return { eventIds: ids, seriesId: series.id, deletedIds: oldIds };
}

/**
 * FOLLOWING: the series is split at this occurrence. The old series ends before it; a new
 * series carries this occurrence and the later ones (with the rule's COUNT reduced by the
 * occurrences used before).
 */
async function updateFollowingOccurrences(tx: Tx, edit: Edit): Promise<SaveResult> {
  const { e, zone, template, participantIds } = edit;
  const series = e.series!;
  const splitAt = e.originalStart ?? e.startAt;
  const allStarts = expandRule({ rrule: series.rrule, timeZone: series.timeZone, dtstart: series.dtstart });
  const usedBefore = allStarts.filter((s) => s.getTime() < splitAt.getTime()).length;
  if (usedBefore === 0) return updateAllOccurrences(tx, edit);
  const { delta, durationMin, newRule, timingChanged } = seriesChange(edit);
  await tx.eventSeries.update({
    where: { id: series.id },
    data: { rrule: ruleEndingBefore(series.rrule, splitAt), exdates: series.exdates.filter((d) => d.getTime() < splitAt.getTime()) },
  });
  const tailRule = newRule ?? ruleWithCountReduced(series.rrule, usedBefore);
  if (!timingChanged) {
    const rowIds = await seriesRowIds(tx, series.id, splitAt);
    const keptExdates = series.exdates.filter((d) => d.getTime() >= splitAt.getTime());
    const seriesId = await insertSeries(tx, {
      rrule: tailRule,
      timeZone: series.timeZone,
      dtstart: splitAt,
      durationMin: series.durationMin,
      exdates: keptExdates,
      creatorId: series.creatorId,
    });
    await tx.workEvent.updateMany({ where: { id: { in: rowIds } }, data: { seriesId } });
    await retemplateRows(tx, edit, rowIds);
    await dropIfEmpty(tx, series.id);
    return { eventIds: rowIds, seriesId };
  }
  const { ranges, oldIds } = await remakeRows(tx, edit, { rrule: tailRule, dtstart: shiftWall(splitAt, delta, series.timeZone), durationMin }, splitAt);
  const seriesId = await insertSeries(tx, { rrule: tailRule, timeZone: zone, dtstart: ranges[0]!.start, durationMin, exdates: [], creatorId: series.creatorId });
  const ids = await insertRows(tx, template, e.creatorId, seriesId, ranges, participantIds);
  await dropIfEmpty(tx, series.id);
  return { eventIds: ids, seriesId, deletedIds: oldIds };
}
