import type { Actor, ServiceContext } from '../../../context.ts';
import type { Tx } from '../../../db/client.ts';
import { cleanRichText } from '../../../lib/html-clean.ts';
import { parseInput } from '../../../lib/validate.ts';
import { authorize } from '../../../policy.ts';
import { runWrite } from '../../../write.ts';
import { normaliseRule } from '../recurrence.ts';
import { assertNoConflicts, checkParticipants, checkProject, checkTiming, durationOf, normaliseTiming, requireTitle, resolveZone, seriesRanges } from './checks.ts';
import { createSchema, type Template } from './input.ts';
import { insertRows, insertSeries } from './rows.ts';

export type SaveResult = { eventIds: number[]; seriesId: number | null; deletedIds?: number[] };

/** Creates a single event, or a series when `recurrence` is given (every occurrence checked). */
export async function createEvent(ctx: ServiceContext, raw: unknown): Promise<SaveResult> {
  return runWrite<SaveResult>(ctx, { operation: 'schedule.create', targetType: 'WorkEvent' }, async (tx) => {
    const actor = authorize(ctx, 'schedule.use');
    const result = await createEventIn(tx, actor, raw);
    return { result, targetIds: result.eventIds };
  });
}

/** `createEvent` inside the caller's transaction, rights checked by the caller (the courses area's lessons). */
export async function createEventIn(tx: Tx, actor: Actor, raw: unknown): Promise<SaveResult> {
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
    content: await cleanRichText(input.content ?? ''),
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
    return { eventIds: ids, seriesId: null };
  }
  const rrule = normaliseRule(input.recurrence, zone);
  const def = { rrule, timeZone: zone, dtstart: timing.startAt, exdates: [], durationMin: durationOf(timing), allDay };
  const ranges = seriesRanges(def);
  await assertNoConflicts(tx, actor, { occurrences: ranges, userIds: participantIds, placeId: template.placeId }, input.force);
  const seriesId = await insertSeries(tx, { rrule, timeZone: zone, dtstart: ranges[0]!.start, durationMin: def.durationMin, exdates: [], creatorId: actor.id });
  const ids = await insertRows(tx, template, actor.id, seriesId, ranges, participantIds);
  return { eventIds: ids, seriesId };
}
