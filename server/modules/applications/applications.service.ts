import type { ServiceContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { DomainError, NotFoundError, ValidationError } from '../../errors.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import { translate, type MessageKey } from '../../i18n/catalogue.ts';
import { searchText } from '../../lib/text.ts';
import { dbId, inputOf, parseInput, z, type Parsed } from '../../lib/validate.ts';
import { authorize, requireActor, type Permission } from '../../policy.ts';
import { auditText, recordChanges, runWrite } from '../../write.ts';
import { APPLYING_STATUS, archiveForWrite, readableArchivesWhere, writableArchivesWhere } from '../archives/index.ts';
import { isCalendarDay, isRealDateTimeText } from '../../lib/wall-time.ts';
import { applicationsErrors } from './applications.errors.ts';

// ── codes (spec sections 3 and 4; docs/schools.md) ──

/** Application state list: 1 applying, 2 school rejected, 3 student rejected, 4 approved. */
export const APPLICATION_STATE = { APPLYING: 1, SCHOOL_REJECTED: 2, STUDENT_REJECTED: 3, APPROVED: 4 } as const;
/** Which state may follow which; a rejection needs a reason. */
export const STATE_TRANSITIONS: Record<number, readonly number[]> = { 1: [2, 3, 4], 4: [3], 2: [], 3: [] };
/** States in which an application is "in progress" for checkSameSchoolInProgress. */
export const IN_PROGRESS_STATES = [APPLICATION_STATE.APPLYING, APPLICATION_STATE.APPROVED];
/** Closed applications accept no progress change (only their state table applies). */
export const CLOSED_STATES: readonly number[] = [APPLICATION_STATE.SCHOOL_REJECTED, APPLICATION_STATE.STUDENT_REJECTED];

/** The per-school document statuses (0 not started, 1 in progress, 2 submitted, 3 confirmed). */
export const DOC_TYPES = { student: 'studentDocState', interview: 'interviewDocState', parent: 'parentDocState', recommend: 'recommendDocState', replenish: 'replenishDocState' } as const;
export type DocType = keyof typeof DOC_TYPES;
export const DOC_STATES = [0, 1, 2, 3] as const;

/**
 * Every progress update as data: the column, the values it takes, the log action. Each is
 * its own transition (one service call, one log line); the *Batch calls apply one to many
 * applications, all or none.
 */
export const PROGRESS_FIELDS = {
  interview: { column: 'interview', values: [0, 1, 2, 3, 4], action: 'INTERVIEW', nullable: false },
  inquiry: { column: 'inquiry', values: [0, 1, 2], action: 'INQUIRY', nullable: false },
  thirdInterview: { column: 'thirdInterview', values: [0, 1, 2, 3], action: 'THIRD_INTERVIEW', nullable: false },
  submitResult: { column: 'submitResult', values: [0, 1, 2], action: 'SUBMIT_RESULT', nullable: false },
  board: { column: 'board', values: [1, 2], action: 'BOARD', nullable: true },
  grade: { column: 'grade', values: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13], action: 'GRADE', nullable: true },
  platform: { column: 'platform', values: [1, 2, 3, 4], action: 'PLATFORM', nullable: true },
} as const;
export type ProgressField = keyof typeof PROGRESS_FIELDS;

export const APPLICATION_ORDER: Prisma.ApplicationOrderByWithRelationInput[] = [{ orderNum: 'asc' }, { id: 'asc' }];

// ── loading for a write ──

export const APP_WRITE_SELECT = {
  id: true,
  archiveId: true,
  schoolId: true,
  state: true,
  locked: true,
  rejectReason: true,
  studentDocState: true,
  interviewDocState: true,
  parentDocState: true,
  recommendDocState: true,
  replenishDocState: true,
  interview: true,
  interviewAt: true,
  inquiry: true,
  thirdInterview: true,
  submitResult: true,
  board: true,
  grade: true,
  deadline: true,
  platform: true,
  orderNum: true,
} satisfies Prisma.ApplicationSelect;
export type AppForWrite = Prisma.ApplicationGetPayload<{ select: typeof APP_WRITE_SELECT }>;

/**
 * Locks the application for the rest of the transaction and answers it, or NOT_FOUND when
 * the caller may not change the student's applications (another consultant's student).
 */
export async function applicationForWrite(ctx: ServiceContext, tx: Tx, id: number, permission: Permission = 'application.write'): Promise<AppForWrite> {
  const archives = await writableArchivesWhere(ctx, permission);
  await tx.$queryRaw`SELECT id FROM applications WHERE id = ${id} FOR UPDATE`;
  const app = await tx.application.findFirst({ where: { id, archive: archives }, select: APP_WRITE_SELECT });
  if (!app) throw new NotFoundError();
  return app;
}

function refuseLocked(app: { locked: boolean }) {
  if (app.locked) throw applicationsErrors.rule('APPLICATION_LOCKED', 'application.locked');
}
function refuseClosed(app: { state: number }) {
  if (CLOSED_STATES.includes(app.state)) throw applicationsErrors.rule('APPLICATION_CLOSED', 'application.closed');
}

const str = (v: unknown): string | null => (v === null || v === undefined ? null : v instanceof Date ? v.toISOString().slice(0, 10) : String(v));

async function writeLog(tx: Tx, ctx: ServiceContext, applicationId: number, action: string, field: string | null, from: unknown, to: unknown, note?: string | null): Promise<number> {
  const actor = requireActor(ctx);
  const log = await tx.applicationLog.create({
    data: { applicationId, action, field, fromValue: str(from), toValue: str(to), note: note ?? null, userId: actor.id, userName: actor.name },
    select: { id: true },
  });
  if (field && auditText(from) !== auditText(to)) {
    recordChanges(tx, [{ entity: 'Application', entityId: applicationId, field, labelKey: `opLog.field.application.${field}`, before: auditText(from), after: auditText(to) }]);
  }
  return log.id;
}

/** The result of every application write: the changed applications and the log lines written. */
export type ApplicationWrite = { applicationIds: number[]; logIds: number[] };

/** The application of a lock or an unlock. */
export const applicationIdInput = z.object({ id: dbId() });
const note = () => z.preprocess((v) => (v === '' ? null : v), z.string().trim().max(1000).nullish());
const day = () =>
  z.preprocess(
    (v) => (v === '' ? null : v),
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}/)
      .transform((s) => s.slice(0, 10))
      .refine(isCalendarDay)
      .nullish(),
  );

/**
 * Runs one update on many applications in one transaction: all change or none. A refused
 * row refuses the whole batch, naming the application and the reason.
 */
async function batch(ctx: ServiceContext, tx: Tx, ids: number[], one: (id: number) => Promise<ApplicationWrite>): Promise<ApplicationWrite> {
  if (new Set(ids).size !== ids.length) throw new ValidationError('validation.invalid', { field: 'ids' });
  const out: ApplicationWrite = { applicationIds: [], logIds: [] };
  for (const id of ids) {
    try {
      const r = await one(id);
      out.applicationIds.push(...r.applicationIds);
      out.logIds.push(...r.logIds);
    } catch (err) {
      if (err instanceof DomainError && !(err instanceof ValidationError)) {
        throw new DomainError(err.code, 'application.batchRowRefused', { id, reason: translate(ctx.lang, err.messageKey, err.params) });
      }
      throw err;
    }
  }
  return out;
}

const ids = () => z.array(dbId()).min(1).max(500);

// ── the state transition ──

export const updateApplicationStateInput = z.object({ id: dbId(), state: z.coerce.number().int(), reason: note() });

async function changeStateIn(ctx: ServiceContext, tx: Tx, id: number, state: number, reason: string | null | undefined): Promise<ApplicationWrite> {
  const app = await applicationForWrite(ctx, tx, id);
  refuseLocked(app);
  if (!(state in STATE_TRANSITIONS)) throw new ValidationError('validation.invalid', { field: 'state' });
  if (app.state === state) throw applicationsErrors.rule('STATE_UNCHANGED', 'application.stateUnchanged');
  if (!STATE_TRANSITIONS[app.state]?.includes(state)) {
    throw applicationsErrors.rule('STATE_TRANSITION_REFUSED', 'application.stateRefused', {
      from: translate(ctx.lang, `application.state.${app.state}` as MessageKey),
      to: translate(ctx.lang, `application.state.${state}` as MessageKey),
    });
  }
  const rejection = state === APPLICATION_STATE.SCHOOL_REJECTED || state === APPLICATION_STATE.STUDENT_REJECTED;
  if (rejection && !reason) throw applicationsErrors.rule('REASON_REQUIRED', 'application.reasonRequired');
  await tx.application.update({ where: { id }, data: { state, rejectReason: rejection ? reason : null } });
  const logId = await writeLog(tx, ctx, id, 'STATE', 'state', app.state, state, reason);
  return { applicationIds: [id], logIds: [logId] };
}

/** Moves an application along the state list (updateState / updateApplyState). */
export async function updateApplicationState(ctx: ServiceContext, parsed: Parsed<z.output<typeof updateApplicationStateInput>>): Promise<ApplicationWrite> {
  return runWrite(ctx, { operation: 'application.updateState', targetType: 'Application' }, async (tx) => {
    authorize(ctx, 'application.write');
    const input = inputOf(parsed);
    const r = await changeStateIn(ctx, tx, input.id, input.state, input.reason);
    return { result: r, targetIds: r.applicationIds };
  });
}

// ── document statuses ──

export const updateDocStateInput = z.object({
  id: dbId(),
  docType: z.enum(Object.keys(DOC_TYPES) as [DocType, ...DocType[]]),
  state: z.coerce
    .number()
    .int()
    .refine((v) => (DOC_STATES as readonly number[]).includes(v)),
  note: note(),
});

/** Sets one of the per-school document statuses (student, interview, parent, recommend, replenish). */
export async function updateDocState(ctx: ServiceContext, parsed: Parsed<z.output<typeof updateDocStateInput>>): Promise<ApplicationWrite> {
  return runWrite(ctx, { operation: 'application.updateDocState', targetType: 'Application' }, async (tx) => {
    authorize(ctx, 'application.write');
    const input = inputOf(parsed);
    const app = await applicationForWrite(ctx, tx, input.id);
    refuseLocked(app);
    refuseClosed(app);
    const column = DOC_TYPES[input.docType];
    const before = app[column];
    if (before === input.state) return { result: { applicationIds: [app.id], logIds: [] }, targetIds: [app.id] };
    await tx.application.update({ where: { id: app.id }, data: { [column]: input.state } });
    const logId = await writeLog(tx, ctx, app.id, 'DOC_STATE', input.docType, before, input.state, input.note);
    return { result: { applicationIds: [app.id], logIds: [logId] }, targetIds: [app.id] };
  });
}

// ── progress fields ──

async function setProgressIn(ctx: ServiceContext, tx: Tx, id: number, field: ProgressField, value: number | null, extra: { interviewAt?: Date | null; note?: string | null }): Promise<ApplicationWrite> {
  const def = PROGRESS_FIELDS[field];
  const app = await applicationForWrite(ctx, tx, id);
  refuseLocked(app);
  refuseClosed(app);
  if (value === null ? !def.nullable : !(def.values as readonly number[]).includes(value)) throw new ValidationError('validation.invalid', { field });
  if (field === 'platform' && value !== null) {
    const accepted = await tx.schoolPlatform.findMany({ where: { schoolId: app.schoolId }, select: { platform: true } });
    if (accepted.length && !accepted.some((p) => p.platform === value)) {
      throw applicationsErrors.rule('PLATFORM_NOT_ACCEPTED', 'application.platformNotAccepted', { platform: translate(ctx.lang, `school.platform.${value}` as MessageKey) });
    }
  }
  const before = app[def.column];
  const data: Prisma.ApplicationUpdateInput = { [def.column]: value };
  const interviewAtChanged = field === 'interview' && extra.interviewAt !== undefined && extra.interviewAt?.getTime() !== app.interviewAt?.getTime();
  if (interviewAtChanged) data.interviewAt = extra.interviewAt;
  if (before === value && !interviewAtChanged) return { applicationIds: [id], logIds: [] };
  await tx.application.update({ where: { id }, data });
  const logId = await writeLog(tx, ctx, id, def.action, field, before, value, extra.note ?? (interviewAtChanged && extra.interviewAt ? extra.interviewAt.toISOString() : null));
  return { applicationIds: [id], logIds: [logId] };
}

const progressValue = (field: ProgressField) => {
  const def = PROGRESS_FIELDS[field];
  const base = z.coerce.number().int();
  return def.nullable ? z.preprocess((v) => (v === '' ? null : v), base.nullable()) : base;
};

const interviewAt = () =>
  z.preprocess(
    (v) => (v === '' ? null : v),
    z
      .union([
        z.date(),
        z
          .string()
          .refine(isRealDateTimeText)
          .transform((s) => new Date(s)),
      ])
      .nullish(),
  );

/** A progress update's fields besides the one named by the field (whose value is `number | null`, or undefined when not sent). */
type ProgressFieldsOf<T> = T & { interviewAt?: Date | null; note?: string | null } & Record<string, unknown>;

/** The input of updateProgress for one field: the application, the field's value under its own name, the interview time and a note. */
export const updateProgressInput = (field: ProgressField) => z.object({ id: dbId(), [field]: progressValue(field), interviewAt: interviewAt(), note: note() }) as unknown as z.ZodType<ProgressFieldsOf<{ id: number }>>;

/** The input of updateProgressBatch for one field: updateProgressInput's, for many applications. */
export const updateProgressBatchInput = (field: ProgressField) =>
  z.object({ ids: ids(), [field]: progressValue(field), interviewAt: interviewAt(), note: note() }) as unknown as z.ZodType<ProgressFieldsOf<{ ids: number[] }>>;

/** Sets one progress field of one application (updateInterview, updateInquiry, updateBoard, ...). */
export async function updateProgress(ctx: ServiceContext, field: ProgressField, parsed: Parsed<ProgressFieldsOf<{ id: number }>>): Promise<ApplicationWrite> {
  return runWrite(ctx, { operation: `application.update.${field}`, targetType: 'Application' }, async (tx) => {
    authorize(ctx, 'application.write');
    const input = inputOf(parsed);
    const value = input[field] as number | null | undefined;
    if (value === undefined) throw new ValidationError('validation.required', { field });
    const r = await setProgressIn(ctx, tx, input.id, field, value, { interviewAt: input.interviewAt, note: input.note });
    return { result: r, targetIds: r.applicationIds };
  });
}

/** The same update on many applications: all or none (updateInquiryBatch, updateInterviewBatch, ...). */
export async function updateProgressBatch(ctx: ServiceContext, field: ProgressField, parsed: Parsed<ProgressFieldsOf<{ ids: number[] }>>): Promise<ApplicationWrite> {
  return runWrite(ctx, { operation: `application.update.${field}.batch`, targetType: 'Application' }, async (tx) => {
    authorize(ctx, 'application.write');
    const input = inputOf(parsed);
    const value = input[field] as number | null | undefined;
    if (value === undefined) throw new ValidationError('validation.required', { field });
    const r = await batch(ctx, tx, input.ids, (id) => setProgressIn(ctx, tx, id, field, value, { interviewAt: input.interviewAt, note: input.note }));
    return { result: r, targetIds: r.applicationIds };
  });
}

export const updateDeadlineInput = z.object({ id: dbId(), deadline: day() });

/** Sets or clears the deadline. */
export async function updateDeadline(ctx: ServiceContext, parsed: Parsed<z.output<typeof updateDeadlineInput>>): Promise<ApplicationWrite> {
  return runWrite(ctx, { operation: 'application.updateDeadline', targetType: 'Application' }, async (tx) => {
    authorize(ctx, 'application.write');
    const input = inputOf(parsed);
    if (input.deadline === undefined) throw new ValidationError('validation.required', { field: 'deadline' });
    const app = await applicationForWrite(ctx, tx, input.id);
    refuseLocked(app);
    refuseClosed(app);
    const next = input.deadline ? new Date(`${input.deadline}T00:00:00Z`) : null;
    if ((app.deadline?.getTime() ?? null) === (next?.getTime() ?? null)) return { result: { applicationIds: [app.id], logIds: [] }, targetIds: [app.id] };
    await tx.application.update({ where: { id: app.id }, data: { deadline: next } });
    const logId = await writeLog(tx, ctx, app.id, 'DEADLINE', 'deadline', app.deadline, next);
    return { result: { applicationIds: [app.id], logIds: [logId] }, targetIds: [app.id] };
  });
}

export const updateOrderNumInput = z.object({ id: dbId(), orderNum: z.coerce.number().int().min(0).max(9999) });

/** Sets the order number (the student's ranking of the school). */
export async function updateOrderNum(ctx: ServiceContext, parsed: Parsed<z.output<typeof updateOrderNumInput>>): Promise<ApplicationWrite> {
  return runWrite(ctx, { operation: 'application.updateOrderNum', targetType: 'Application' }, async (tx) => {
    authorize(ctx, 'application.write');
    const input = inputOf(parsed);
    const app = await applicationForWrite(ctx, tx, input.id);
    refuseLocked(app);
    if (app.orderNum === input.orderNum) return { result: { applicationIds: [app.id], logIds: [] }, targetIds: [app.id] };
    await tx.application.update({ where: { id: app.id }, data: { orderNum: input.orderNum } });
    const logId = await writeLog(tx, ctx, app.id, 'ORDER', 'orderNum', app.orderNum, input.orderNum);
    return { result: { applicationIds: [app.id], logIds: [logId] }, targetIds: [app.id] };
  });
}

/** Locks (true) or unlocks (false) an application: a locked one refuses every change. */
export async function setApplicationLock(ctx: ServiceContext, locked: boolean, parsed: Parsed<z.output<typeof applicationIdInput>>): Promise<ApplicationWrite> {
  return runWrite(ctx, { operation: locked ? 'application.lock' : 'application.unlock', targetType: 'Application' }, async (tx) => {
    authorize(ctx, 'application.lock');
    const input = inputOf(parsed);
    const app = await applicationForWrite(ctx, tx, input.id, 'application.lock');
    if (app.locked === locked) throw applicationsErrors.rule(locked ? 'ALREADY_LOCKED' : 'NOT_LOCKED', locked ? 'application.alreadyLocked' : 'application.notLocked');
    const actor = requireActor(ctx);
    await tx.application.update({ where: { id: app.id }, data: { locked, lockedAt: locked ? new Date() : null, lockedByName: locked ? actor.name : null } });
    const logId = await writeLog(tx, ctx, app.id, locked ? 'LOCK' : 'UNLOCK', 'locked', !locked, locked);
    return { result: { applicationIds: [app.id], logIds: [logId] }, targetIds: [app.id] };
  });
}

// ── create and edit ──

export const saveApplicationInput = z.object({
  id: z.preprocess((v) => (v === '' || v === null ? undefined : v), dbId().optional()),
  archiveId: z.preprocess((v) => (v === '' || v === null ? undefined : v), dbId().optional()),
  schoolId: z.preprocess((v) => (v === '' || v === null ? undefined : v), dbId().optional()),
  year: z.preprocess((v) => (v === '' ? null : v), z.coerce.number().int().min(2000).max(2100).nullish()),
  grade: z.preprocess((v) => (v === '' ? null : v), z.coerce.number().int().min(1).max(13).nullish()),
  board: z.preprocess((v) => (v === '' ? null : v), z.coerce.number().int().min(1).max(2).nullish()),
  deadline: day(),
  platform: z.preprocess((v) => (v === '' ? null : v), z.coerce.number().int().min(1).max(4).nullish()),
  note: note(),
});
type SaveInput = z.output<typeof saveApplicationInput>;

/** Another application of the student to the school that is still in progress (applying or approved). */
export async function sameSchoolInProgress(db: ServiceContext['db'] | Tx, archiveId: number, schoolId: number, exceptId?: number | null): Promise<{ id: number } | null> {
  return db.application.findFirst({
    where: { archiveId, schoolId, state: { in: [...IN_PROGRESS_STATES] }, ...(exceptId ? { id: { not: exceptId } } : {}) },
    select: { id: true },
  });
}

async function saveIn(ctx: ServiceContext, tx: Tx, input: SaveInput): Promise<ApplicationWrite & { created: boolean }> {
  if (input.id === undefined) {
    if (input.archiveId === undefined) throw new ValidationError('validation.required', { field: 'archiveId' });
    if (input.schoolId === undefined) throw new ValidationError('validation.required', { field: 'schoolId' });
    const archive = await archiveForWrite(ctx, tx, input.archiveId, 'application.write');
    if (archive.applyingStatus !== APPLYING_STATUS.IN_PROGRESS) throw applicationsErrors.rule('ARCHIVE_NOT_APPLYING', 'application.archiveNotApplying');
    const school = await tx.school.findUnique({
      where: { id: input.schoolId },
      select: { id: true, name: true, deadlines: { where: { kind: 1 }, orderBy: { deadline: 'asc' }, select: { deadline: true, platform: true } }, platforms: { select: { platform: true } } },
    });
    if (!school) throw applicationsErrors.rule('NOT_FOUND', 'school.notFound');
    if (await sameSchoolInProgress(tx, archive.id, school.id)) throw applicationsErrors.rule('SAME_SCHOOL_IN_PROGRESS', 'application.sameSchool', { name: school.name });
    if (input.platform && school.platforms.length && !school.platforms.some((p) => p.platform === input.platform)) {
      throw applicationsErrors.rule('PLATFORM_NOT_ACCEPTED', 'application.platformNotAccepted', { platform: translate(ctx.lang, `school.platform.${input.platform}` as MessageKey) });
    }
    const order = await tx.application.aggregate({ where: { archiveId: archive.id }, _max: { orderNum: true } });
    // The deadline defaults to the school's application deadline (for the chosen platform when it has one).
    const deadline = input.deadline
      ? new Date(`${input.deadline}T00:00:00Z`)
      : ((school.deadlines.find((d) => d.platform === (input.platform ?? null)) ?? school.deadlines.find((d) => d.platform === null) ?? school.deadlines[0])?.deadline ?? null);
    const actor = requireActor(ctx);
    const created = await tx.application.create({
      data: {
        archiveId: archive.id,
        studentId: archive.studentId,
        schoolId: school.id,
        year: input.year ?? null,
        grade: input.grade ?? null,
        board: input.board ?? null,
        deadline,
        platform: input.platform ?? null,
        note: input.note ?? null,
        orderNum: (order._max.orderNum ?? 0) + 1,
        createdById: actor.id,
      },
      select: { id: true },
    });
    const logId = await writeLog(tx, ctx, created.id, 'CREATE', null, null, school.name);
    return { applicationIds: [created.id], logIds: [logId], created: true };
  }
  const app = await applicationForWrite(ctx, tx, input.id);
  refuseLocked(app);
  if (input.schoolId !== undefined && input.schoolId !== app.schoolId) throw applicationsErrors.rule('SCHOOL_FIXED', 'application.schoolFixed');
  if (input.archiveId !== undefined && input.archiveId !== app.archiveId) throw applicationsErrors.rule('ARCHIVE_FIXED', 'application.archiveFixed');
  const current = await tx.application.findUniqueOrThrow({ where: { id: app.id }, select: { year: true, grade: true, board: true, deadline: true, platform: true, note: true } });
  const next: Record<string, unknown> = {};
  if (input.year !== undefined) next.year = input.year;
  if (input.grade !== undefined) next.grade = input.grade;
  if (input.board !== undefined) next.board = input.board;
  if (input.deadline !== undefined) next.deadline = input.deadline ? new Date(`${input.deadline}T00:00:00Z`) : null;
  if (input.platform !== undefined) next.platform = input.platform;
  if (input.note !== undefined) next.note = input.note;
  const logIds: number[] = [];
  for (const [field, value] of Object.entries(next)) {
    const before = (current as Record<string, unknown>)[field];
    const same = before instanceof Date || value instanceof Date ? (before as Date | null)?.getTime() === (value as Date | null)?.getTime() : before === value;
    if (same) continue;
    if (field === 'platform' && value !== null) {
      const accepted = await tx.schoolPlatform.findMany({ where: { schoolId: app.schoolId }, select: { platform: true } });
      if (accepted.length && !accepted.some((p) => p.platform === value)) {
        throw applicationsErrors.rule('PLATFORM_NOT_ACCEPTED', 'application.platformNotAccepted', { platform: translate(ctx.lang, `school.platform.${value}` as MessageKey) });
      }
    }
    logIds.push(await writeLog(tx, ctx, app.id, 'EDIT', field, before, value));
  }
  if (logIds.length) await tx.application.update({ where: { id: app.id }, data: next });
  return { applicationIds: [app.id], logIds, created: false };
}

/** Creates an application (archiveId + schoolId) or edits its basics (id). */
export async function saveApplication(ctx: ServiceContext, parsed: Parsed<SaveInput>): Promise<ApplicationWrite & { created: boolean }> {
  return runWrite(ctx, { operation: 'application.save', targetType: 'Application' }, async (tx) => {
    authorize(ctx, 'application.write');
    const r = await saveIn(ctx, tx, inputOf(parsed));
    return { result: r, targetIds: r.applicationIds };
  });
}

/** One application, a `list` of them, or an array: the rows to save. */
export const addOrUpdateApplicationsInput = z.preprocess((raw) => {
  const body = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  return Array.isArray(body.list) ? body.list : Array.isArray(raw) ? raw : [raw];
}, z.array(saveApplicationInput).min(1).max(200));

/** addOrUpdate: one application, or a `list` of them saved together (all or none). */
export async function addOrUpdateApplications(ctx: ServiceContext, parsed: Parsed<z.output<typeof addOrUpdateApplicationsInput>>): Promise<ApplicationWrite> {
  return runWrite(ctx, { operation: 'application.addOrUpdate', targetType: 'Application' }, async (tx) => {
    authorize(ctx, 'application.write');
    const rows = inputOf(parsed);
    const out: ApplicationWrite = { applicationIds: [], logIds: [] };
    for (const [i, row] of rows.entries()) {
      try {
        const r = await saveIn(ctx, tx, row);
        out.applicationIds.push(...r.applicationIds);
        out.logIds.push(...r.logIds);
      } catch (err) {
        if (err instanceof DomainError && !(err instanceof ValidationError)) {
          throw new DomainError(err.code, 'application.batchRowRefused', { id: row.id ?? `#${i + 1}`, reason: translate(ctx.lang, err.messageKey, err.params) });
        }
        throw err;
      }
    }
    return { result: out, targetIds: out.applicationIds };
  });
}

// ── reads ──

export const applicationFilterSchema = z.object({
  archiveId: z.preprocess((v) => (v === '' || v === null ? undefined : v), dbId().optional()),
  schoolId: z.preprocess((v) => (v === '' || v === null ? undefined : v), dbId().optional()),
  state: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.coerce.number().int().optional()),
  year: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.coerce.number().int().optional()),
  studentIds: z.array(dbId()).max(1000).optional(),
  locked: z.preprocess((v) => (v === '' || v === null ? undefined : v === 'true' || v === 1 || v === '1' ? true : v === 'false' || v === 0 || v === '0' ? false : v), z.boolean().optional()),
  search: z.preprocess((v) => (v === null ? undefined : v), z.string().max(100).optional()),
});

/** Applications the caller may read, narrowed by a filter. */
export async function applicationsWhere(ctx: ServiceContext, rawFilter: unknown = {}): Promise<Prisma.ApplicationWhereInput> {
  authorize(ctx, 'application.read');
  const f = parseInput(applicationFilterSchema, rawFilter ?? {});
  const and: Prisma.ApplicationWhereInput[] = [{ archive: await readableArchivesWhere(ctx) }];
  if (f.archiveId) and.push({ archiveId: f.archiveId });
  if (f.schoolId) and.push({ schoolId: f.schoolId });
  if (f.state !== undefined) and.push({ state: f.state });
  if (f.year !== undefined) and.push({ year: f.year });
  if (f.studentIds) and.push({ studentId: { in: f.studentIds } });
  if (f.locked !== undefined) and.push({ locked: f.locked });
  const s = searchText(f.search);
  if (s) and.push({ OR: [{ archive: { name: { contains: s, mode: 'insensitive' } } }, { school: { searchName: { contains: s.toLowerCase() } } }] });
  return { AND: and };
}

/** One application the caller may read, or NOT_FOUND. */
export async function readableApplicationId(ctx: ServiceContext, raw: unknown, field = 'id'): Promise<number> {
  return readableApplicationIn(ctx, () => {
    const value = raw && typeof raw === 'object' ? (raw as Record<string, unknown>)[field] : raw;
    const parsed = parseInput(z.object({ [field]: dbId() }), { [field]: value }) as Record<string, number>;
    return parsed[field] as number;
  });
}

/** readableApplicationId with the id read by `idOf` after the rights check (a parsed input's). */
export async function readableApplicationIn(ctx: ServiceContext, idOf: () => number): Promise<number> {
  authorize(ctx, 'application.read');
  const id = idOf();
  const found = await ctx.db.application.findFirst({ where: { id, AND: [await applicationsWhere(ctx)] }, select: { id: true } });
  if (!found) throw new NotFoundError();
  return id;
}

/** An archive the caller may read (by `field`), or NOT_FOUND. */
export async function readableArchiveId(ctx: ServiceContext, raw: unknown, field = 'archiveId'): Promise<number> {
  return readableArchiveIn(ctx, () => {
    const value = raw && typeof raw === 'object' ? (raw as Record<string, unknown>)[field] : raw;
    const parsed = parseInput(z.object({ [field]: dbId() }), { [field]: value }) as Record<string, number>;
    return parsed[field] as number;
  });
}

/** readableArchiveId with the id read by `idOf` after the rights check (a parsed input's). */
export async function readableArchiveIn(ctx: ServiceContext, idOf: () => number): Promise<number> {
  authorize(ctx, 'application.read');
  const id = idOf();
  const found = await ctx.db.archive.findFirst({ where: { id, AND: [await readableArchivesWhere(ctx)] }, select: { id: true } });
  if (!found) throw new NotFoundError();
  return id;
}

/** checkSameSchoolInProgress: whether the student already has this school in progress (another application than `id`). */
export async function checkSameSchool(ctx: ServiceContext, raw: unknown): Promise<{ exists: boolean; applicationId: number | null }> {
  const archiveId = await readableArchiveId(ctx, raw, 'archiveId');
  const input = parseInput(z.object({ schoolId: dbId(), id: z.preprocess((v) => (v === '' || v === null ? undefined : v), dbId().optional()) }), raw);
  const other = await sameSchoolInProgress(ctx.db, archiveId, input.schoolId, input.id);
  return { exists: !!other, applicationId: other?.id ?? null };
}

/**
 * Progress of one application in percent, from six steps: student, parent and
 * recommendation documents submitted (state 2 or more), interview done or waived, application
 * submitted, decision known (state other than applying). docs/schools.md.
 */
export function applicationProgress(a: { studentDocState: number; parentDocState: number; recommendDocState: number; interview: number; submitResult: number; state: number }): number {
  const steps = [a.studentDocState >= 2, a.parentDocState >= 2, a.recommendDocState >= 2, a.interview === 3 || a.interview === 4, a.submitResult >= 1, a.state !== APPLICATION_STATE.APPLYING];
  return Math.round((100 * steps.filter(Boolean).length) / steps.length);
}
