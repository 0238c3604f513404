/** Input shapes and limits of the schedule's writes (both doors parse with these). */
import { ValidationError } from '../../../errors.ts';
import { dbId, z } from '../../../lib/validate.ts';
import { FREQUENCIES, WEEKDAYS } from '../recurrence.ts';
import { isCalendarDay } from '../../../lib/wall-time.ts';

export const MAX_PARTICIPANTS = 200;
export const MAX_BATCH = 1000;
export const SCOPES = ['THIS', 'FOLLOWING', 'ALL'] as const;
export type Scope = (typeof SCOPES)[number];

export const ruleFieldsSchema = z.object({
  freq: z.enum(FREQUENCIES),
  interval: z.coerce.number().int().min(1).max(366).nullish(),
  byWeekday: z.array(z.enum(WEEKDAYS)).max(7).nullish(),
  byMonthDay: z.array(z.coerce.number().int().min(-31).max(31)).max(31).nullish(),
  count: z.coerce.number().int().min(1).max(100_000).nullish(),
  until: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .refine(isCalendarDay)
    .nullish(),
});

export const fieldsSchema = {
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

export const createSchema = z.object({
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

export const updateSchema = z.object({
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

/** The fields every occurrence of a series shares (unless it is an exception). */
export type Template = {
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

export type Timing = { startAt: Date; endAt: Date };

export const idsSchema = z.object({ ids: z.array(dbId()).min(1).max(MAX_BATCH) });
export const publishSchema = z.object({ ids: z.array(dbId()).min(1).max(MAX_BATCH), wholeSeries: z.boolean().optional() });

export function checkIds(raw: unknown): void {
  const ids = (raw as { ids?: unknown } | null)?.ids;
  if (ids === undefined || ids === null || (Array.isArray(ids) && ids.length === 0)) throw new ValidationError('schedule.idsRequired');
  if (Array.isArray(ids) && ids.length > MAX_BATCH) throw new ValidationError('schedule.tooManyIds', { max: MAX_BATCH });
}
