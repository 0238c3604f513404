import type { ServiceContext } from '../../../context.ts';
import { ForbiddenError, NotFoundError } from '../../../errors.ts';
import { parseInput } from '../../../lib/validate.ts';
import { authorize } from '../../../policy.ts';
import { runWrite } from '../../../write.ts';
import { canEditEvent, isEventVisible } from '../schedule.policy.ts';
import { checkIds, publishSchema } from './input.ts';

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
