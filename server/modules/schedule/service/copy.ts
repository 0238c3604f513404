import { DateTime } from 'luxon';
import type { ServiceContext } from '../../../context.ts';
import { ForbiddenError, NotFoundError, ValidationError } from '../../../errors.ts';
import { dbId, parseInput, z } from '../../../lib/validate.ts';
import { authorize } from '../../../policy.ts';
import { runWrite } from '../../../write.ts';
import { canEditEvent, isEventVisible } from '../schedule.policy.ts';
import { assertNoConflicts, resolveZone, shiftWall, templateData } from './checks.ts';
import { MAX_BATCH, type Template } from './input.ts';
import { insertRows } from './rows.ts';
import { isCalendarDay } from '../../../lib/wall-time.ts';

const copySchema = z.object({
  ids: z.array(dbId()).max(MAX_BATCH).optional(),
  /** Copy every event of this day (in the caller's zone) that the caller may edit... */
  fromDate: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .refine(isCalendarDay)
    .optional(),
  /** ...of this person (default: the caller). */
  userId: dbId().optional(),
  toDate: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .refine(isCalendarDay),
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
