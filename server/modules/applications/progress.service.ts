import type { ServiceContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { DomainError, NotFoundError, ValidationError } from '../../errors.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import { translate } from '../../i18n/catalogue.ts';
import { searchText } from '../../lib/text.ts';
import { dbId, inputOf, parseInput, z, type Parsed } from '../../lib/validate.ts';
import { authorize, requireActor } from '../../policy.ts';
import { runWrite } from '../../write.ts';
import { archiveForWrite, readableArchivesWhere } from '../archives/index.ts';
import { applicationForWrite, applicationsWhere, readableApplicationId, readableApplicationIn, readableArchiveId, readableArchiveIn } from './applications.service.ts';
import { isCalendarDay } from '../../lib/wall-time.ts';
import { applicationsErrors } from './applications.errors.ts';

/**
 * Documents of applications and of the SAO profile (each state change logged), progress
 * tracks, daily updates, the overall-progress view and score lists.
 */

/** Application document types: 1 transcript, 2 recommendation, 3 essay, 4 test score, 5 parent statement, 6 financial, 7 interview, 8 supplement, 9 other. */
export const DOCUMENT_TYPES = [1, 2, 3, 4, 5, 6, 7, 8, 9] as const;
/** SAO document types: 1 student questionnaire, 2 parent statement, 3 English teacher, 4 math teacher, 5 principal/counselor recommendation, 6 transcript, 7 activities, 8 writing sample, 9 other. */
export const SAO_DOCUMENT_TYPES = [1, 2, 3, 4, 5, 6, 7, 8, 9] as const;
/** Track types: 1 documents, 2 interview, 3 inquiry, 4 third interview, 5 submission, 6 result, 7 other. */
export const TRACK_TYPES = [1, 2, 3, 4, 5, 6, 7] as const;
export const DOC_STATE_VALUES = [0, 1, 2, 3] as const;

const optId = () => z.preprocess((v) => (v === '' || v === null ? undefined : v), dbId().optional());
const oneOf = (values: readonly number[]) =>
  z.coerce
    .number()
    .int()
    .refine((v) => values.includes(v));
const day = () =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}/)
    .transform((s) => s.slice(0, 10))
    .refine(isCalendarDay);
const dayDate = (s: string) => new Date(`${s}T00:00:00Z`);

function refuseLocked(app: { locked: boolean }) {
  if (app.locked) throw applicationsErrors.rule('APPLICATION_LOCKED', 'application.locked');
}

function rowRefusal(ctx: ServiceContext, err: unknown, row: number | string): unknown {
  if (err instanceof DomainError && !(err instanceof ValidationError)) {
    return new DomainError(err.code, 'application.batchRowRefused', { id: row, reason: translate(ctx.lang, err.messageKey, err.params) });
  }
  return err;
}

// ── application documents ──

export const saveApplicationDocumentInput = z.object({
  id: optId(),
  applicationId: optId(),
  type: z.preprocess((v) => (v === '' || v === null ? undefined : v), oneOf(DOCUMENT_TYPES).optional()),
  name: z.preprocess((v) => (v === null ? undefined : v), z.string().trim().max(200).optional()),
  state: z.preprocess((v) => (v === '' || v === null ? undefined : v), oneOf(DOC_STATE_VALUES).optional()),
  dueDate: z.preprocess((v) => (v === '' ? null : v), day().nullish()),
  note: z.preprocess((v) => (v === '' ? null : v), z.string().max(1000).nullish()),
});
type DocumentInput = z.output<typeof saveApplicationDocumentInput>;
const documentInput = saveApplicationDocumentInput;
export type DocumentWrite = { documentIds: number[]; logIds: number[] };

async function saveDocumentIn(ctx: ServiceContext, tx: Tx, input: DocumentInput): Promise<DocumentWrite> {
  const actor = requireActor(ctx);
  if (input.id === undefined) {
    if (input.applicationId === undefined) throw new ValidationError('validation.required', { field: 'applicationId' });
    if (input.type === undefined) throw new ValidationError('validation.required', { field: 'type' });
    if (!input.name) throw new ValidationError('validation.required', { field: 'name' });
    const app = await applicationForWrite(ctx, tx, input.applicationId);
    refuseLocked(app);
    const state = input.state ?? 0;
    const doc = await tx.applicationDocument.create({
      data: { applicationId: app.id, type: input.type, name: input.name, state, dueDate: input.dueDate ? dayDate(input.dueDate) : null, note: input.note ?? null },
      select: { id: true },
    });
    const log = await tx.applicationDocumentLog.create({ data: { documentId: doc.id, fromState: null, toState: state, note: input.note ?? null, userId: actor.id, userName: actor.name }, select: { id: true } });
    return { documentIds: [doc.id], logIds: [log.id] };
  }
  const doc = await tx.applicationDocument.findUnique({ where: { id: input.id }, select: { id: true, applicationId: true, state: true } });
  if (!doc) throw new NotFoundError();
  const app = await applicationForWrite(ctx, tx, doc.applicationId);
  refuseLocked(app);
  if (input.applicationId !== undefined && input.applicationId !== doc.applicationId) throw new ValidationError('validation.invalid', { field: 'applicationId' });
  if (input.name === '') throw new ValidationError('validation.required', { field: 'name' });
  await tx.applicationDocument.update({
    where: { id: doc.id },
    data: {
      ...(input.type !== undefined ? { type: input.type } : {}),
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.state !== undefined ? { state: input.state } : {}),
      ...(input.dueDate !== undefined ? { dueDate: input.dueDate ? dayDate(input.dueDate) : null } : {}),
      ...(input.note !== undefined ? { note: input.note } : {}),
    },
  });
  const logIds: number[] = [];
  if (input.state !== undefined && input.state !== doc.state) {
    const log = await tx.applicationDocumentLog.create({
      data: { documentId: doc.id, fromState: doc.state, toState: input.state, note: input.note ?? null, userId: actor.id, userName: actor.name },
      select: { id: true },
    });
    logIds.push(log.id);
  }
  return { documentIds: [doc.id], logIds };
}

/** application/doc/save: creates or edits a document; a state change writes a log line. */
export async function saveApplicationDocument(ctx: ServiceContext, parsed: Parsed<DocumentInput>): Promise<DocumentWrite> {
  return runWrite(ctx, { operation: 'application.document.save', targetType: 'ApplicationDocument' }, async (tx) => {
    authorize(ctx, 'application.write');
    const r = await saveDocumentIn(ctx, tx, inputOf(parsed));
    return { result: r, targetIds: r.documentIds };
  });
}

/** application/doc/saveBatch: many documents saved together, all or none (`list`, or `ids` + `state`). */
export async function saveApplicationDocumentsBatch(ctx: ServiceContext, raw: unknown): Promise<DocumentWrite> {
  return runWrite(ctx, { operation: 'application.document.saveBatch', targetType: 'ApplicationDocument' }, async (tx) => {
    authorize(ctx, 'application.write');
    const body = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
    let rows: DocumentInput[];
    if (Array.isArray(body.ids)) {
      const b = parseInput(z.object({ ids: z.array(dbId()).min(1).max(500), state: oneOf(DOC_STATE_VALUES), note: z.string().max(1000).nullish() }), body);
      rows = b.ids.map((id) => ({ id, state: b.state, note: b.note ?? undefined }) as DocumentInput);
    } else {
      rows = parseInput(z.object({ list: z.array(documentInput).min(1).max(500) }), { list: Array.isArray(raw) ? raw : body.list }).list;
    }
    const out: DocumentWrite = { documentIds: [], logIds: [] };
    for (const [i, row] of rows.entries()) {
      try {
        const r = await saveDocumentIn(ctx, tx, row);
        out.documentIds.push(...r.documentIds);
        out.logIds.push(...r.logIds);
      } catch (err) {
        throw rowRefusal(ctx, err, row.id ?? `#${i + 1}`);
      }
    }
    return { result: out, targetIds: out.documentIds };
  });
}

export const DOCUMENT_INCLUDE = { logs: { orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] } } satisfies Prisma.ApplicationDocumentInclude;
export type DocumentRow = Prisma.ApplicationDocumentGetPayload<{ include: typeof DOCUMENT_INCLUDE }>;

export async function documentsWhere(ctx: ServiceContext): Promise<Prisma.ApplicationDocumentWhereInput> {
  return { application: await applicationsWhere(ctx) };
}

export const documentIdInput = z.object({ id: dbId() });

export async function getApplicationDocument(ctx: ServiceContext, parsed: Parsed<z.output<typeof documentIdInput>>): Promise<DocumentRow> {
  authorize(ctx, 'application.read');
  const { id } = inputOf(parsed);
  const doc = await ctx.db.applicationDocument.findFirst({ where: { id, AND: [await documentsWhere(ctx)] }, include: DOCUMENT_INCLUDE });
  if (!doc) throw new NotFoundError();
  return doc;
}

/** Documents of an application (of one type when given), with their logs (listDocAndLogs). */
export async function documentsOfApplication(ctx: ServiceContext, raw: unknown): Promise<DocumentRow[]> {
  const applicationId = await readableApplicationId(ctx, raw, 'applicationId');
  const { type } = parseInput(z.object({ type: z.preprocess((v) => (v === '' || v === null ? undefined : v), oneOf(DOCUMENT_TYPES).optional()) }), raw);
  return ctx.db.applicationDocument.findMany({ where: { applicationId, ...(type ? { type } : {}) }, include: DOCUMENT_INCLUDE, orderBy: [{ type: 'asc' }, { id: 'asc' }] });
}

export const documentLogsInput = z.object({
  documentId: optId(),
  applicationId: optId(),
  type: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.coerce.number().int().optional()),
});

/** Document log lines by condition (documentId, applicationId, type), newest first. */
export async function documentLogsWhere(ctx: ServiceContext, parsed: Parsed<z.output<typeof documentLogsInput>>): Promise<Prisma.ApplicationDocumentLogWhereInput> {
  authorize(ctx, 'application.read');
  const c = inputOf(parsed);
  return {
    document: {
      AND: [await documentsWhere(ctx)],
      ...(c.documentId ? { id: c.documentId } : {}),
      ...(c.applicationId ? { applicationId: c.applicationId } : {}),
      ...(c.type ? { type: c.type } : {}),
    },
  };
}

// ── SAO documents ──

export const saveSaoDocumentInput = z.object({
  id: optId(),
  archiveId: optId(),
  type: z.preprocess((v) => (v === '' || v === null ? undefined : v), oneOf(SAO_DOCUMENT_TYPES).optional()),
  name: z.preprocess((v) => (v === null ? undefined : v), z.string().trim().max(200).optional()),
  state: z.preprocess((v) => (v === '' || v === null ? undefined : v), oneOf(DOC_STATE_VALUES).optional()),
  note: z.preprocess((v) => (v === '' ? null : v), z.string().max(1000).nullish()),
});

/** sao/doc/save: creates or edits an SAO document of a student; a state change writes a log line. */
export async function saveSaoDocument(ctx: ServiceContext, parsed: Parsed<z.output<typeof saveSaoDocumentInput>>): Promise<{ saoDocumentId: number; logId: number | null }> {
  return runWrite(ctx, { operation: 'sao.document.save', targetType: 'SaoDocument' }, async (tx) => {
    authorize(ctx, 'application.write');
    const input = inputOf(parsed);
    const actor = requireActor(ctx);
    if (input.id === undefined) {
      if (input.archiveId === undefined) throw new ValidationError('validation.required', { field: 'archiveId' });
      if (input.type === undefined) throw new ValidationError('validation.required', { field: 'type' });
      if (!input.name) throw new ValidationError('validation.required', { field: 'name' });
      const archive = await archiveForWrite(ctx, tx, input.archiveId, 'application.write');
      const state = input.state ?? 0;
      const doc = await tx.saoDocument.create({ data: { archiveId: archive.id, type: input.type, name: input.name, state, note: input.note ?? null }, select: { id: true } });
      const log = await tx.saoDocumentLog.create({ data: { saoDocumentId: doc.id, fromState: null, toState: state, note: input.note ?? null, userId: actor.id, userName: actor.name }, select: { id: true } });
      return { result: { saoDocumentId: doc.id, logId: log.id }, targetIds: [doc.id] };
    }
    const doc = await tx.saoDocument.findUnique({ where: { id: input.id }, select: { id: true, archiveId: true, state: true } });
    if (!doc) throw new NotFoundError();
    await archiveForWrite(ctx, tx, doc.archiveId, 'application.write');
    if (input.name === '') throw new ValidationError('validation.required', { field: 'name' });
    await tx.saoDocument.update({
      where: { id: doc.id },
      data: {
        ...(input.type !== undefined ? { type: input.type } : {}),
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.state !== undefined ? { state: input.state } : {}),
        ...(input.note !== undefined ? { note: input.note } : {}),
      },
    });
    let logId: number | null = null;
    if (input.state !== undefined && input.state !== doc.state) {
      logId = (await tx.saoDocumentLog.create({ data: { saoDocumentId: doc.id, fromState: doc.state, toState: input.state, note: input.note ?? null, userId: actor.id, userName: actor.name }, select: { id: true } })).id;
    }
    return { result: { saoDocumentId: doc.id, logId }, targetIds: [doc.id] };
  });
}

export async function saoDocumentsWhere(ctx: ServiceContext): Promise<Prisma.SaoDocumentWhereInput> {
  authorize(ctx, 'application.read');
  return { archive: await readableArchivesWhere(ctx) };
}

export const SAO_INCLUDE = { logs: { orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] } } satisfies Prisma.SaoDocumentInclude;

export const saoDocumentIdInput = z.object({ id: dbId() });

export async function getSaoDocument(ctx: ServiceContext, parsed: Parsed<z.output<typeof saoDocumentIdInput>>) {
  authorize(ctx, 'application.read');
  const { id } = inputOf(parsed);
  const doc = await ctx.db.saoDocument.findFirst({ where: { id, AND: [await saoDocumentsWhere(ctx)] }, include: SAO_INCLUDE });
  if (!doc) throw new NotFoundError();
  return doc;
}

/** An archive of the progress reads (SAO documents, student info). */
export const progressArchiveInput = z.object({ archiveId: dbId() });

export async function saoDocumentsOfArchive(ctx: ServiceContext, parsed: Parsed<z.output<typeof progressArchiveInput>>) {
  const archiveId = await readableArchiveIn(ctx, () => inputOf(parsed).archiveId);
  return ctx.db.saoDocument.findMany({ where: { archiveId }, include: SAO_INCLUDE, orderBy: [{ type: 'asc' }, { id: 'asc' }] });
}

export const saoLogsInput = z.object({ saoDocumentId: optId(), id: optId(), archiveId: optId(), type: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.coerce.number().int().optional()) });

export async function saoLogsWhere(ctx: ServiceContext, parsed: Parsed<z.output<typeof saoLogsInput>>): Promise<Prisma.SaoDocumentLogWhereInput> {
  authorize(ctx, 'application.read');
  const c = inputOf(parsed);
  const docId = c.saoDocumentId ?? c.id;
  return { saoDocument: { AND: [await saoDocumentsWhere(ctx)], ...(docId ? { id: docId } : {}), ...(c.archiveId ? { archiveId: c.archiveId } : {}), ...(c.type ? { type: c.type } : {}) } };
}

// ── progress tracks and daily updates ──

export const saveProgressTrackInput = z.object({
  id: optId(),
  applicationId: optId(),
  type: z.preprocess((v) => (v === '' || v === null ? undefined : v), oneOf(TRACK_TYPES).optional()),
  day: z.preprocess((v) => (v === '' || v === null ? undefined : v), day().optional()),
  content: z.preprocess((v) => (v === null ? undefined : v), z.string().trim().max(2000).optional()),
});

/** progress/track/save: adds or edits a progress note of an application. */
export async function saveProgressTrack(ctx: ServiceContext, parsed: Parsed<z.output<typeof saveProgressTrackInput>>): Promise<{ trackId: number; applicationId: number }> {
  return runWrite(ctx, { operation: 'application.track.save', targetType: 'ProgressTrack' }, async (tx) => {
    authorize(ctx, 'application.write');
    const input = inputOf(parsed);
    const actor = requireActor(ctx);
    if (input.content === '') throw new ValidationError('validation.required', { field: 'content' });
    if (input.id === undefined) {
      if (input.applicationId === undefined) throw new ValidationError('validation.required', { field: 'applicationId' });
      if (input.type === undefined) throw new ValidationError('validation.required', { field: 'type' });
      if (!input.content) throw new ValidationError('validation.required', { field: 'content' });
      const app = await applicationForWrite(ctx, tx, input.applicationId);
      refuseLocked(app);
      // The day defaults to today in the caller's zone.
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: actor.timeZone }).format(new Date());
      const t = await tx.progressTrack.create({
        data: { applicationId: app.id, type: input.type, day: dayDate(input.day ?? today), content: input.content, userId: actor.id, userName: actor.name },
        select: { id: true },
      });
      return { result: { trackId: t.id, applicationId: app.id }, targetIds: [t.id] };
    }
    const track = await tx.progressTrack.findUnique({ where: { id: input.id }, select: { id: true, applicationId: true } });
    if (!track) throw new NotFoundError();
    const app = await applicationForWrite(ctx, tx, track.applicationId);
    refuseLocked(app);
    await tx.progressTrack.update({
      where: { id: track.id },
      data: { ...(input.type !== undefined ? { type: input.type } : {}), ...(input.day ? { day: dayDate(input.day) } : {}), ...(input.content ? { content: input.content } : {}) },
    });
    return { result: { trackId: track.id, applicationId: track.applicationId }, targetIds: [track.id] };
  });
}

export async function tracksOf(ctx: ServiceContext, raw: unknown) {
  const applicationId = await readableApplicationId(ctx, raw, 'applicationId');
  const { type } = parseInput(z.object({ type: z.preprocess((v) => (v === '' || v === null ? undefined : v), oneOf(TRACK_TYPES).optional()) }), raw);
  return ctx.db.progressTrack.findMany({ where: { applicationId, ...(type ? { type } : {}) }, orderBy: [{ day: 'desc' }, { id: 'desc' }] });
}

/** An application of the progress reads (daily updates, interview logs). */
export const progressApplicationInput = z.object({ applicationId: dbId() });

export type DailyUpdate = {
  day: string;
  tracks: Array<{ id: number; type: number; content: string; userName: string | null; createdAt: Date }>;
  logs: Array<{ id: number; action: string; field: string | null; fromValue: string | null; toValue: string | null; note: string | null; userName: string | null; createdAt: Date }>;
};

/** What happened to an application, day by day (newest first): its tracks and log lines; days in the caller's zone. */
export async function dailyUpdates(ctx: ServiceContext, parsed: Parsed<z.output<typeof progressApplicationInput>>): Promise<DailyUpdate[]> {
  const applicationId = await readableApplicationIn(ctx, () => inputOf(parsed).applicationId);
  const zone = requireActor(ctx).timeZone;
  const [tracks, logs] = await Promise.all([
    ctx.db.progressTrack.findMany({ where: { applicationId }, orderBy: [{ day: 'desc' }, { id: 'desc' }], select: { id: true, type: true, day: true, content: true, userName: true, createdAt: true } }),
    ctx.db.applicationLog.findMany({ where: { applicationId }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] }),
  ]);
  const format = new Intl.DateTimeFormat('en-CA', { timeZone: zone });
  const days = new Map<string, DailyUpdate>();
  const at = (d: string) => days.get(d) ?? (days.set(d, { day: d, tracks: [], logs: [] }).get(d) as DailyUpdate);
  for (const t of tracks) at(t.day.toISOString().slice(0, 10)).tracks.push({ id: t.id, type: t.type, content: t.content, userName: t.userName, createdAt: t.createdAt });
  for (const l of logs) at(format.format(l.createdAt)).logs.push({ id: l.id, action: l.action, field: l.field, fromValue: l.fromValue, toValue: l.toValue, note: l.note, userName: l.userName, createdAt: l.createdAt });
  return [...days.values()].sort((a, b) => (a.day < b.day ? 1 : a.day > b.day ? -1 : 0));
}

/** Interview-related log lines of an application (interview, third interview, interview documents), newest first. */
export async function interviewLogs(ctx: ServiceContext, parsed: Parsed<z.output<typeof progressApplicationInput>>) {
  const applicationId = await readableApplicationIn(ctx, () => inputOf(parsed).applicationId);
  return ctx.db.applicationLog.findMany({
    where: { applicationId, OR: [{ action: { in: ['INTERVIEW', 'THIRD_INTERVIEW'] } }, { action: 'DOC_STATE', field: 'interview' }] },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
  });
}

// ── overall progress ──

export const overallFilterSchema = z.object({
  search: z.preprocess((v) => (v === null ? undefined : v), z.string().max(100).optional()),
  year: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.coerce.number().int().optional()),
  consultantId: optId(),
  state: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.coerce.number().int().optional()),
});

/** Students (archives) with at least one application, as the caller sees them. */
export async function overallProgressWhere(ctx: ServiceContext, parsed: Parsed<z.output<typeof overallFilterSchema>>): Promise<Prisma.ArchiveWhereInput> {
  authorize(ctx, 'application.read');
  const f = inputOf(parsed);
  const and: Prisma.ArchiveWhereInput[] = [await readableArchivesWhere(ctx), { applications: { some: f.state !== undefined ? { state: f.state } : {} } }];
  const s = searchText(f.search);
  if (s) and.push({ OR: [{ name: { contains: s, mode: 'insensitive' } }, { userName: { contains: s, mode: 'insensitive' } }] });
  if (f.year !== undefined) and.push({ year: f.year });
  if (f.consultantId) and.push({ consultantId: f.consultantId });
  return { AND: and };
}

export const OVERALL_ORDER: Prisma.ArchiveOrderByWithRelationInput[] = [{ id: 'desc' }];

// ── score lists and student info ──

const EXAM_KIND = { TOEFL: 3, SSAT: 4 } as const;

function examKinds(raw: unknown): number[] {
  const t = raw === undefined || raw === null || raw === '' ? '' : String(raw).trim().toUpperCase();
  if (!t) return [EXAM_KIND.TOEFL, EXAM_KIND.SSAT];
  if (t === 'TOEFL' || t === '3' || t === '1') return [EXAM_KIND.TOEFL];
  if (t === 'SSAT' || t === '4' || t === '2') return [EXAM_KIND.SSAT];
  throw new ValidationError('validation.invalid', { field: 'type' });
}

export type ScoreRow = {
  id: number;
  archiveId: number;
  type: 'TOEFL' | 'SSAT';
  examDate: Date | null;
  listening: number | null;
  reading: number | null;
  speaking: number | null;
  writing: number | null;
  verbal: number | null;
  quantitative: number | null;
  total: number | null;
  percentile: number | null;
};

async function scoresOfArchive(ctx: ServiceContext, archiveId: number, type: unknown): Promise<ScoreRow[]> {
  const kinds = examKinds(type);
  const rows = await ctx.db.archiveExam.findMany({
    where: { archiveId, kind: { in: kinds } },
    orderBy: [{ examDate: 'desc' }, { id: 'desc' }],
    select: { id: true, archiveId: true, kind: true, examDate: true, listening: true, reading: true, speaking: true, writing: true, verbal: true, quantitative: true, total: true, percentile: true },
  });
  return rows.map(({ kind, ...r }) => ({ ...r, type: kind === EXAM_KIND.TOEFL ? 'TOEFL' : 'SSAT' }));
}

/** getSsatAndToeflScoreList?archivesId&type: TOEFL and SSAT scores of a student, newest first. */
export async function scoreListByArchive(ctx: ServiceContext, raw: unknown): Promise<ScoreRow[]> {
  const archiveId = await readableArchiveId(ctx, raw, raw && typeof raw === 'object' && 'archivesId' in raw ? 'archivesId' : 'archiveId');
  return scoresOfArchive(ctx, archiveId, (raw as Record<string, unknown>).type);
}

/** The student, and the exam type left unparsed here: examKinds checks it after the student is found. */
export const scoreListByStudentInput = z.object({ userId: dbId(), type: z.unknown().optional() });

/** getScoreListByStudentId?userId&type: the same, by the student's user id. */
export async function scoreListByStudent(ctx: ServiceContext, parsed: Parsed<z.output<typeof scoreListByStudentInput>>): Promise<ScoreRow[]> {
  authorize(ctx, 'application.read');
  const { userId, type } = inputOf(parsed);
  const archive = await ctx.db.archive.findFirst({ where: { studentId: userId, AND: [await readableArchivesWhere(ctx)] }, select: { id: true } });
  if (!archive) throw new NotFoundError();
  return scoresOfArchive(ctx, archive.id, type);
}

/** getStudentInfo?archiveId: the student as the progress screens show them. */
export async function studentInfo(ctx: ServiceContext, parsed: Parsed<z.output<typeof progressArchiveInput>>) {
  const archiveId = await readableArchiveIn(ctx, () => inputOf(parsed).archiveId);
  const a = await ctx.db.archive.findUniqueOrThrow({
    where: { id: archiveId },
    select: {
      id: true,
      studentId: true,
      name: true,
      userName: true,
      grade: true,
      year: true,
      status: true,
      applyingStatus: true,
      locked: true,
      consultant: { select: { id: true, name: true } },
      actingConsultant: { select: { id: true, name: true } },
      bio: { select: { sex: true, submitGrade: true, enName: true } },
      _count: { select: { applications: true } },
    },
  });
  const scores = await scoresOfArchive(ctx, archiveId, undefined);
  const best = (type: 'TOEFL' | 'SSAT', key: 'total' | 'percentile') => {
    const v = scores
      .filter((s) => s.type === type)
      .map((s) => s[key])
      .filter((x): x is number => x !== null);
    return v.length ? Math.max(...v) : null;
  };
  return { ...a, bestToefl: best('TOEFL', 'total'), bestSsatPercentile: best('SSAT', 'percentile') };
}
