import type { Actor, ServiceContext } from '../../../context.ts';
import type { Tx } from '../../../db/client.ts';
import { dbId, inputOf, parseInput, z, type Parsed } from '../../../lib/validate.ts';
import { authorize } from '../../../policy.ts';
import { runWrite } from '../../../write.ts';
import { expandRule, ruleEndingBefore } from '../recurrence.ts';
import { loadEditable, type EditOptions } from './checks.ts';
import { idsSchema, SCOPES } from './input.ts';
import { dropIfEmpty, seriesRowIds } from './rows.ts';

export const deleteEventInput = z.object({ id: dbId(), scope: z.enum(SCOPES).optional() });
export const deleteEventsInput = idsSchema;

/** Deletes an event; for an occurrence, this one (kept as an exception date), this and following, or all. */
export type DeleteResult = { deletedIds: number[]; seriesId: number | null; seriesDeleted: boolean };

export async function deleteEvent(ctx: ServiceContext, parsed: Parsed<z.output<typeof deleteEventInput>>): Promise<DeleteResult> {
  return runWrite<DeleteResult>(ctx, { operation: 'schedule.delete', targetType: 'WorkEvent' }, async (tx) => {
    const actor = authorize(ctx, 'schedule.use');
    const result = await deleteParsed(tx, actor, inputOf(parsed));
    return { result, targetIds: result.deletedIds };
  });
}

/** `deleteEvent` inside the caller's transaction, with the owning area's options (the courses area's lessons). */
export async function deleteEventIn(tx: Tx, actor: Actor, raw: unknown, options: EditOptions = {}): Promise<DeleteResult> {
  return deleteParsed(tx, actor, parseInput(deleteEventInput, raw), options);
}

async function deleteParsed(tx: Tx, actor: Actor, input: z.output<typeof deleteEventInput>, options: EditOptions = {}): Promise<DeleteResult> {
  const e = await loadEditable(tx, actor, input.id, options);
  const scope = input.scope ?? 'THIS';
  if (!e.seriesId || !e.series) {
    await options.beforeRemove?.(tx, [e.id]);
    await tx.workEvent.delete({ where: { id: e.id } });
    return { deletedIds: [e.id], seriesId: null, seriesDeleted: false };
  }
  const series = e.series;
  const splitAt = e.originalStart ?? e.startAt;
  if (scope === 'THIS') {
    await options.beforeRemove?.(tx, [e.id]);
    await tx.workEvent.delete({ where: { id: e.id } });
    await tx.eventSeries.update({ where: { id: series.id }, data: { exdates: [...series.exdates, splitAt].sort((a, b) => a.getTime() - b.getTime()) } });
    const gone = await dropIfEmpty(tx, series.id);
    return { deletedIds: [e.id], seriesId: series.id, seriesDeleted: gone };
  }
  const first = expandRule({ rrule: series.rrule, timeZone: series.timeZone, dtstart: series.dtstart })[0];
  if (scope === 'ALL' || !first || splitAt.getTime() <= first.getTime()) {
    const ids = await seriesRowIds(tx, series.id);
    await options.beforeRemove?.(tx, ids);
    await tx.eventSeries.delete({ where: { id: series.id } });
    return { deletedIds: ids, seriesId: series.id, seriesDeleted: true };
  }
  const ids = await seriesRowIds(tx, series.id, splitAt);
  await options.beforeRemove?.(tx, ids);
  await tx.workEvent.deleteMany({ where: { id: { in: ids } } });
  await tx.eventSeries.update({
    where: { id: series.id },
    data: { rrule: ruleEndingBefore(series.rrule, splitAt), exdates: series.exdates.filter((d) => d.getTime() < splitAt.getTime()) },
  });
  const gone = await dropIfEmpty(tx, series.id);
  return { deletedIds: ids, seriesId: series.id, seriesDeleted: gone };
}

/** Deletes several events (each as THIS); ids the caller may not edit refuse the whole batch. */
export async function deleteEvents(ctx: ServiceContext, parsed: Parsed<z.output<typeof deleteEventsInput>>): Promise<{ deletedIds: number[] }> {
  return runWrite(ctx, { operation: 'schedule.deleteBatch', targetType: 'WorkEvent' }, async (tx) => {
    const actor = authorize(ctx, 'schedule.use');
    const input = inputOf(parsed);
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
