import type { ServiceContext } from '../../../context.ts';
import { NotFoundError } from '../../../errors.ts';
import { dbId, inputOf, z, type Parsed } from '../../../lib/validate.ts';
import { authorize } from '../../../policy.ts';
import { runWrite } from '../../../write.ts';
import { canEditEvent, isEventVisible } from '../schedule.policy.ts';
import { assertNoConflicts } from './checks.ts';
import { insertParticipants } from './rows.ts';
import { scheduleErrors } from '../schedule.errors.ts';

export const joinEventInput = z.object({ id: dbId(), wholeSeries: z.boolean().optional(), force: z.boolean().optional() });
export const confirmEventInput = z.object({ id: dbId() });

/** Joins an open, published event the caller can see (optionally this and every later occurrence). */
export async function joinEvent(ctx: ServiceContext, parsed: Parsed<z.output<typeof joinEventInput>>): Promise<{ eventIds: number[] }> {
  return runWrite(ctx, { operation: 'schedule.join', targetType: 'WorkEvent' }, async (tx) => {
    const actor = authorize(ctx, 'schedule.use');
    const input = inputOf(parsed);
    const e = await tx.workEvent.findUnique({ where: { id: input.id }, include: { participants: { select: { userId: true } } } });
    if (!e) throw new NotFoundError();
    const participantIds = e.participants.map((p) => p.userId);
    if (!isEventVisible(actor, { ...e, participantIds })) throw new NotFoundError();
    if (participantIds.includes(actor.id)) throw scheduleErrors.rule('ALREADY_JOINED', 'schedule.alreadyJoined');
    if (!(e.published && e.isOpen) && !canEditEvent(actor, e)) throw scheduleErrors.rule('NOT_OPEN', 'schedule.notOpen');
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
export async function confirmEvent(ctx: ServiceContext, parsed: Parsed<z.output<typeof confirmEventInput>>): Promise<{ eventIds: number[] }> {
  return runWrite(ctx, { operation: 'schedule.confirm', targetType: 'WorkEvent' }, async (tx) => {
    const actor = authorize(ctx, 'schedule.use');
    const input = inputOf(parsed);
    const e = await tx.workEvent.findUnique({ where: { id: input.id }, include: { participants: { select: { userId: true } } } });
    if (!e) throw new NotFoundError();
    const participantIds = e.participants.map((p) => p.userId);
    if (!isEventVisible(actor, { ...e, participantIds })) throw new NotFoundError();
    if (!participantIds.includes(actor.id)) throw scheduleErrors.rule('NOT_PARTICIPANT', 'schedule.notParticipant');
    await tx.eventParticipant.update({ where: { eventId_userId: { eventId: e.id, userId: actor.id } }, data: { confirmedAt: new Date() } });
    const waiting = await tx.eventParticipant.count({ where: { eventId: e.id, confirmedAt: null } });
    await tx.workEvent.update({ where: { id: e.id }, data: { confirmed: waiting === 0 } });
    return { result: { eventIds: [e.id] }, targetIds: [e.id] };
  });
}
