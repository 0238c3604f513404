import type { ServiceContext } from '../../../context.ts';
import { dbId, inputOf, z, type Parsed } from '../../../lib/validate.ts';
import { authorize } from '../../../policy.ts';
import { findConflicts, type Conflict, type ConflictQuery, type Range } from '../conflicts.ts';
import { normaliseRule } from '../recurrence.ts';
import { checkTiming, durationOf, normaliseTiming, resolveZone, seriesRanges } from './checks.ts';
import { fieldsSchema, MAX_PARTICIPANTS, SCOPES } from './input.ts';

export const checkConflictsInput = z.object({
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

/**
 * What saving this event or series would clash with: every occurrence checked. When `id` is
 * given (an edit), that event, or with scope FOLLOWING/ALL the rewritten part of its series,
 * is not counted against itself.
 */
export async function checkConflicts(ctx: ServiceContext, parsed: Parsed<z.output<typeof checkConflictsInput>>): Promise<{ occurrences: Range[]; total: number; conflicts: Conflict[] }> {
  const actor = authorize(ctx, 'schedule.use');
  const input = inputOf(parsed);
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
