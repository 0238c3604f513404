import { builder } from '../../graphql/builder.ts';
import { mutationErrors } from '../../graphql/errors.ts';
import { localId } from '../../graphql/ids.ts';
import { readableArchivesWhere } from '../archives/index.ts';
import { PlatformEnum } from '../schools/index.ts';
import { primeApplications } from './applications.policy.ts';
import { primeById, selects } from './loaders.ts';
import type { ServiceContext } from '../../context.ts';
import type { GraphQLResolveInfo } from 'graphql';
import {
  ApplicationDocTypeEnum,
  ApplicationDocumentNode,
  ApplicationNode,
  ApplicationStateEnum,
  BoardingEnum,
  DocumentStatusEnum,
  InquiryStatusEnum,
  InterviewStatusEnum,
  SubmitResultEnum,
  ThirdInterviewStatusEnum,
} from './applications.node.ts';
import {
  saveApplication,
  setApplicationLock,
  updateApplicationState,
  updateDeadline,
  updateDocState,
  updateOrderNum,
  updateProgress,
  updateProgressBatch,
  type ApplicationWrite,
  type ProgressField,
} from './applications.service.ts';
import { saveApplicationDocument, saveApplicationDocumentsBatch, saveProgressTrack, saveSaoDocument, type DocumentWrite } from './progress.service.ts';

type GlobalId = { typename: string; id: string };
type FieldBuilder = Parameters<Parameters<typeof builder.inputType>[1]['fields']>[0];

/**
 * The changed applications of a payload in one statement with the visibility rule, primed for
 * the rows' node checks, and their schools in one more when selected: a batch of any size
 * costs the same statements (tests/server/applications/applications-sql.test.ts).
 */
async function payloadRows<Q extends object>(ctx: ServiceContext, query: Q, ids: number[], info: GraphQLResolveInfo) {
  const rows = await ctx.db.application.findMany({ ...query, where: { id: { in: ids }, archive: await readableArchivesWhere(ctx) }, orderBy: { id: 'asc' } });
  primeApplications(ctx, rows);
  if (rows.length && selects(info, ['school'])) primeById(ctx, 'school', await ctx.db.school.findMany({ where: { id: { in: [...new Set(rows.map((r) => r.schoolId))] } } }));
  return rows;
}

const ApplicationPayload = builder.objectRef<ApplicationWrite>('ApplicationPayload').implement({
  description: 'The changed applications and the log lines the change wrote (none when nothing changed).',
  fields: (t) => ({
    application: t.prismaField({
      type: 'Application',
      nullable: true,
      description: 'The first changed application (single updates).',
      resolve: async (query, p, _a, ctx, info) => (p.applicationIds[0] ? ((await payloadRows(ctx, query, [p.applicationIds[0]], info))[0] ?? null) : null),
    }),
    applications: t.prismaField({
      type: ['Application'],
      resolve: (query, p, _a, ctx, info) => payloadRows(ctx, query, p.applicationIds, info),
    }),
    logs: t.prismaField({ type: ['ApplicationLog'], resolve: (query, p, _a, ctx) => ctx.db.applicationLog.findMany({ ...query, where: { id: { in: p.logIds } }, orderBy: { id: 'asc' } }) }),
  }),
});

const DocumentPayload = builder.objectRef<DocumentWrite>('ApplicationDocumentPayload').implement({
  fields: (t) => ({
    documents: t.prismaField({ type: ['ApplicationDocument'], resolve: (query, p, _a, ctx) => ctx.db.applicationDocument.findMany({ ...query, where: { id: { in: p.documentIds } }, orderBy: { id: 'asc' } }) }),
    applications: t.prismaField({
      type: ['Application'],
      description: 'The applications the documents belong to.',
      resolve: (query, p, _a, ctx) => ctx.db.application.findMany({ ...query, where: { documents: { some: { id: { in: p.documentIds } } } }, orderBy: { id: 'asc' } }),
    }),
  }),
});

const idField = (t: FieldBuilder) => ({ id: t.globalID({ required: true, for: [ApplicationNode] }) });
const idsField = (t: FieldBuilder) => ({ ids: t.globalIDList({ required: true, for: [ApplicationNode], description: 'All change or none.' }) });
const appId = (g: GlobalId) => localId(g, 'Application');

/** Progress updates: mutation name, field, value type, and whether a batch version exists. */
const PROGRESS_MUTATIONS = [
  ['Interview', 'interview', InterviewStatusEnum, true],
  ['Inquiry', 'inquiry', InquiryStatusEnum, true],
  ['ThirdInterview', 'thirdInterview', ThirdInterviewStatusEnum, true],
  ['SubmitResult', 'submitResult', SubmitResultEnum, true],
  ['Board', 'board', BoardingEnum, false],
  ['Platform', 'platform', PlatformEnum, false],
] as const;

builder.mutationFields((t) => {
  const fields: Record<string, unknown> = {};
  for (const [name, field, enumType, hasBatch] of PROGRESS_MUTATIONS) {
    const nullable = field === 'board' || field === 'platform';
    fields[`updateApplication${name}`] = t.field({
      type: ApplicationPayload,
      errors: mutationErrors,
      description: `Sets the ${field} of an application (one transition, one log line; nothing when unchanged).${field === 'platform' ? ' The school must accept the platform.' : ''}`,
      args: {
        input: t.arg({
          type: builder.inputType(`UpdateApplication${name}Input`, {
            fields: (f) => ({
              ...idField(f),
              [field]: f.field({ type: enumType as never, required: !nullable }),
              ...(field === 'interview' ? { interviewAt: f.field({ type: 'DateTime' }) } : {}),
              note: f.string(),
            }),
          }),
          required: true,
        }),
      },
      resolve: (_r, { input }, ctx) => {
        const i = input as Record<string, unknown> & { id: GlobalId };
        return updateProgress(ctx, field as ProgressField, { id: appId(i.id), [field]: i[field] ?? null, interviewAt: i.interviewAt ?? undefined, note: i.note ?? undefined });
      },
    });
    if (hasBatch) {
      fields[`updateApplication${name}Batch`] = t.field({
        type: ApplicationPayload,
        errors: mutationErrors,
        description: `Sets the ${field} of many applications: all change or none.`,
        args: {
          input: t.arg({
            type: builder.inputType(`UpdateApplication${name}BatchInput`, {
              fields: (f) => ({
                ...idsField(f),
                [field]: f.field({ type: enumType as never, required: true }),
                ...(field === 'interview' ? { interviewAt: f.field({ type: 'DateTime' }) } : {}),
                note: f.string(),
              }),
            }),
            required: true,
          }),
        },
        resolve: (_r, { input }, ctx) => {
          const i = input as Record<string, unknown> & { ids: GlobalId[] };
          return updateProgressBatch(ctx, field as ProgressField, { ids: i.ids.map(appId), [field]: i[field], interviewAt: i.interviewAt ?? undefined, note: i.note ?? undefined });
        },
      });
    }
  }
  return {
    ...(fields as Record<string, never>),
    createApplication: t.field({
      type: ApplicationPayload,
      errors: mutationErrors,
      description: 'Adds an application of a student to a school. Refused when the same school is already in progress for the student.',
      args: {
        input: t.arg({
          type: builder.inputType('CreateApplicationInput', {
            fields: (f) => ({
              archiveId: f.globalID({ required: true, description: 'An Archive id.' }),
              schoolId: f.globalID({ required: true }),
              year: f.int(),
              grade: f.int({ description: '1-12, 13 = PG.' }),
              board: f.field({ type: BoardingEnum }),
              deadline: f.field({ type: 'Date', description: "Default: the school's application deadline." }),
              platform: f.field({ type: PlatformEnum }),
              note: f.string(),
            }),
          }),
          required: true,
        }),
      },
      resolve: (_r, { input }, ctx) =>
        saveApplication(ctx, {
          archiveId: localId(input.archiveId, 'Archive'),
          schoolId: localId(input.schoolId, 'School'),
          year: input.year ?? undefined,
          grade: input.grade ?? undefined,
          board: input.board ?? undefined,
          deadline: input.deadline ?? undefined,
          platform: input.platform ?? undefined,
          note: input.note ?? undefined,
        }),
    }),
    updateApplication: t.field({
      type: ApplicationPayload,
      errors: mutationErrors,
      description: 'Edits the basics (year, grade, note); each changed field is logged. The school never changes.',
      args: {
        input: t.arg({
          type: builder.inputType('UpdateApplicationInput', { fields: (f) => ({ ...idField(f), year: f.int(), grade: f.int(), note: f.string() }) }),
          required: true,
        }),
      },
      resolve: (_r, { input }, ctx) => saveApplication(ctx, { id: appId(input.id), year: input.year, grade: input.grade, note: input.note }),
    }),
    updateApplicationState: t.field({
      type: ApplicationPayload,
      errors: mutationErrors,
      description: 'Moves along the state list: APPLYING→SCHOOL_REJECTED|STUDENT_REJECTED|APPROVED, APPROVED→STUDENT_REJECTED. A rejection needs a reason.',
      args: {
        input: t.arg({
          type: builder.inputType('UpdateApplicationStateInput', { fields: (f) => ({ ...idField(f), state: f.field({ type: ApplicationStateEnum, required: true }), reason: f.string() }) }),
          required: true,
        }),
      },
      resolve: (_r, { input }, ctx) => updateApplicationState(ctx, { id: appId(input.id), state: input.state, reason: input.reason ?? undefined }),
    }),
    updateApplicationDocState: t.field({
      type: ApplicationPayload,
      errors: mutationErrors,
      description: 'Sets one of the per-school document statuses.',
      args: {
        input: t.arg({
          type: builder.inputType('UpdateApplicationDocStateInput', {
            fields: (f) => ({ ...idField(f), docType: f.field({ type: ApplicationDocTypeEnum, required: true }), state: f.field({ type: DocumentStatusEnum, required: true }), note: f.string() }),
          }),
          required: true,
        }),
      },
      resolve: (_r, { input }, ctx) => updateDocState(ctx, { id: appId(input.id), docType: input.docType, state: input.state, note: input.note ?? undefined }),
    }),
    updateApplicationGrade: t.field({
      type: ApplicationPayload,
      errors: mutationErrors,
      args: { input: t.arg({ type: builder.inputType('UpdateApplicationGradeInput', { fields: (f) => ({ ...idField(f), grade: f.int({ description: '1-12, 13 = PG; null clears.' }) }) }), required: true }) },
      resolve: (_r, { input }, ctx) => updateProgress(ctx, 'grade', { id: appId(input.id), grade: input.grade ?? null }),
    }),
    updateApplicationDeadline: t.field({
      type: ApplicationPayload,
      errors: mutationErrors,
      args: { input: t.arg({ type: builder.inputType('UpdateApplicationDeadlineInput', { fields: (f) => ({ ...idField(f), deadline: f.field({ type: 'Date', description: 'null clears.' }) }) }), required: true }) },
      resolve: (_r, { input }, ctx) => updateDeadline(ctx, { id: appId(input.id), deadline: input.deadline ?? null }),
    }),
    updateApplicationOrderNum: t.field({
      type: ApplicationPayload,
      errors: mutationErrors,
      args: { input: t.arg({ type: builder.inputType('UpdateApplicationOrderNumInput', { fields: (f) => ({ ...idField(f), orderNum: f.int({ required: true }) }) }), required: true }) },
      resolve: (_r, { input }, ctx) => updateOrderNum(ctx, { id: appId(input.id), orderNum: input.orderNum }),
    }),
    lockApplication: t.field({
      type: ApplicationPayload,
      errors: mutationErrors,
      description: 'Locks an application: every change is refused until it is unlocked (right application.lock).',
      args: { input: t.arg({ type: builder.inputType('LockApplicationInput', { fields: (f) => idField(f) }), required: true }) },
      resolve: (_r, { input }, ctx) => setApplicationLock(ctx, true, { id: appId(input.id) }),
    }),
    unlockApplication: t.field({
      type: ApplicationPayload,
      errors: mutationErrors,
      args: { input: t.arg({ type: builder.inputType('UnlockApplicationInput', { fields: (f) => idField(f) }), required: true }) },
      resolve: (_r, { input }, ctx) => setApplicationLock(ctx, false, { id: appId(input.id) }),
    }),
    saveApplicationDocument: t.field({
      type: DocumentPayload,
      errors: mutationErrors,
      description: 'Adds (applicationId, type, name) or edits (id) a document; a state change writes a log line.',
      args: {
        input: t.arg({
          type: builder.inputType('SaveApplicationDocumentInput', {
            fields: (f) => ({
              id: f.globalID({ for: [ApplicationDocumentNode] }),
              applicationId: f.globalID({ for: [ApplicationNode] }),
              type: f.int({ description: '1 transcript, 2 recommendation, 3 essay, 4 test score, 5 parent statement, 6 financial, 7 interview, 8 supplement, 9 other.' }),
              name: f.string(),
              state: f.field({ type: DocumentStatusEnum }),
              dueDate: f.field({ type: 'Date' }),
              note: f.string(),
            }),
          }),
          required: true,
        }),
      },
      resolve: (_r, { input }, ctx) =>
        saveApplicationDocument(ctx, {
          id: localId(input.id, 'ApplicationDocument') ?? undefined,
          applicationId: localId(input.applicationId, 'Application') ?? undefined,
          type: input.type ?? undefined,
          name: input.name ?? undefined,
          state: input.state ?? undefined,
          dueDate: input.dueDate,
          note: input.note,
        }),
    }),
    updateApplicationDocumentsState: t.field({
      type: DocumentPayload,
      errors: mutationErrors,
      description: 'Sets the state of many documents: all change or none (legacy application/doc/saveBatch).',
      args: {
        input: t.arg({
          type: builder.inputType('UpdateApplicationDocumentsStateInput', {
            fields: (f) => ({ ids: f.globalIDList({ required: true, for: [ApplicationDocumentNode] }), state: f.field({ type: DocumentStatusEnum, required: true }), note: f.string() }),
          }),
          required: true,
        }),
      },
      resolve: (_r, { input }, ctx) => saveApplicationDocumentsBatch(ctx, { ids: input.ids.map((g) => localId(g, 'ApplicationDocument')), state: input.state, note: input.note }),
    }),
    saveSaoDocument: t.field({
      type: builder.objectRef<{ saoDocumentId: number }>('SaoDocumentPayload').implement({
        fields: (f) => ({ saoDocument: f.prismaField({ type: 'SaoDocument', resolve: (query, p, _a, ctx) => ctx.db.saoDocument.findUniqueOrThrow({ ...query, where: { id: p.saoDocumentId } }) }) }),
      }),
      errors: mutationErrors,
      description: "Adds (archiveId, type, name) or edits (databaseId) a document of the student's SAO profile; a state change writes a log line.",
      args: {
        input: t.arg({
          type: builder.inputType('SaveSaoDocumentInput', {
            fields: (f) => ({ databaseId: f.int(), archiveId: f.globalID(), type: f.int(), name: f.string(), state: f.field({ type: DocumentStatusEnum }), note: f.string() }),
          }),
          required: true,
        }),
      },
      resolve: (_r, { input }, ctx) =>
        saveSaoDocument(ctx, {
          id: input.databaseId ?? undefined,
          archiveId: localId(input.archiveId, 'Archive') ?? undefined,
          type: input.type ?? undefined,
          name: input.name ?? undefined,
          state: input.state ?? undefined,
          note: input.note,
        }),
    }),
    saveProgressTrack: t.field({
      type: builder.objectRef<{ trackId: number; applicationId: number }>('ProgressTrackPayload').implement({
        fields: (f) => ({
          track: f.prismaField({ type: 'ProgressTrack', resolve: (query, p, _a, ctx) => ctx.db.progressTrack.findUniqueOrThrow({ ...query, where: { id: p.trackId } }) }),
          application: f.prismaField({ type: 'Application', resolve: (query, p, _a, ctx) => ctx.db.application.findUniqueOrThrow({ ...query, where: { id: p.applicationId } }) }),
        }),
      }),
      errors: mutationErrors,
      description: "Adds (applicationId, type, content) or edits (databaseId) a progress note; the day defaults to today in the caller's zone.",
      args: {
        input: t.arg({
          type: builder.inputType('SaveProgressTrackInput', {
            fields: (f) => ({ databaseId: f.int(), applicationId: f.globalID({ for: [ApplicationNode] }), type: f.int(), day: f.field({ type: 'Date' }), content: f.string() }),
          }),
          required: true,
        }),
      },
      resolve: (_r, { input }, ctx) =>
        saveProgressTrack(ctx, {
          id: input.databaseId ?? undefined,
          applicationId: localId(input.applicationId, 'Application') ?? undefined,
          type: input.type ?? undefined,
          day: input.day ?? undefined,
          content: input.content ?? undefined,
        }),
    }),
  };
});
