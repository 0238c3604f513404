import { builder } from '../../graphql/builder.ts';
import { mutationErrors } from '../../graphql/errors.ts';
import { localId } from '../../graphql/ids.ts';
import { readableArchivesWhere } from '../archives/index.ts';
import { PlatformEnum } from '../schools/index.ts';
import { primeApplications } from './applications.policy.ts';
import { primeById, selects } from './loaders.ts';
import type { ServiceContext } from '../../context.ts';
import type { GraphQLResolveInfo } from 'graphql';
import { atDoor } from '../../lib/validate.ts';
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
  applicationIdInput,
  saveApplication,
  saveApplicationInput,
  setApplicationLock,
  updateApplicationState,
  updateApplicationStateInput,
  updateDeadline,
  updateDeadlineInput,
  updateDocState,
  updateDocStateInput,
  updateOrderNum,
  updateOrderNumInput,
  updateProgress,
  updateProgressBatch,
  updateProgressBatchInput,
  updateProgressInput,
  type ApplicationWrite,
  type ProgressField,
} from './applications.service.ts';
import {
  saveApplicationDocument,
  saveApplicationDocumentInput,
  saveApplicationDocumentsBatch,
  saveProgressTrack,
  saveProgressTrackInput,
  saveSaoDocument,
  saveSaoDocumentInput,
  type DocumentWrite,
} from './progress.service.ts';

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
    applications: t.prismaField({ description: 'Every application changed (batches), by id.', type: ['Application'], resolve: (query, p, _a, ctx, info) => payloadRows(ctx, query, p.applicationIds, info) }),
    logs: t.prismaField({
      description: 'The log lines written, in order; empty when nothing changed.',
      type: ['ApplicationLog'],
      resolve: (query, p, _a, ctx) => ctx.db.applicationLog.findMany({ ...query, where: { id: { in: p.logIds } }, orderBy: { id: 'asc' } }),
    }),
  }),
});

const DocumentPayload = builder.objectRef<DocumentWrite>('ApplicationDocumentPayload').implement({
  description: 'The documents saved and their applications.',
  fields: (t) => ({
    documents: t.prismaField({
      description: 'The documents after the save.',
      type: ['ApplicationDocument'],
      resolve: (query, p, _a, ctx) => ctx.db.applicationDocument.findMany({ ...query, where: { id: { in: p.documentIds } }, orderBy: { id: 'asc' } }),
    }),
    applications: t.prismaField({
      type: ['Application'],
      description: 'The applications the documents belong to.',
      resolve: (query, p, _a, ctx) => ctx.db.application.findMany({ ...query, where: { documents: { some: { id: { in: p.documentIds } } } }, orderBy: { id: 'asc' } }),
    }),
  }),
});

const idField = (t: FieldBuilder) => ({ id: t.globalID({ required: true, for: [ApplicationNode], description: 'The Application to change.' }) });
const idsField = (t: FieldBuilder) => ({ ids: t.globalIDList({ required: true, for: [ApplicationNode], description: 'Application ids (at most 500): all change or none.' }) });
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
      description: `Sets the ${field} of an application: one transition, one log line (nothing is written when the value is unchanged).${field === 'platform' ? ' The school must accept the platform (PLATFORM_NOT_ACCEPTED).' : ''} Rights: application.write (consultants, managers) on a visible application. Errors: NOT_FOUND (missing or not visible), FORBIDDEN, APPLICATION_LOCKED, APPLICATION_CLOSED (rejected), INVALID_INPUT.`,
      args: {
        input: t.arg({
          description: 'The application and the new value.',
          type: builder.inputType(`UpdateApplication${name}Input`, {
            description: `An application and its new ${field}.`,
            fields: (f) => ({
              ...idField(f),
              [field]: f.field({ type: enumType as never, required: !nullable, description: nullable ? 'The new value; null clears it.' : 'The new value.' }),
              ...(field === 'interview' ? { interviewAt: f.field({ type: 'DateTime', description: 'When the interview is (instant).' }) } : {}),
              note: f.string({ description: 'A note kept on the log line.' }),
            }),
          }),
          required: true,
        }),
      },
      resolve: (_r, { input }, ctx) => {
        const i = input as Record<string, unknown> & { id: GlobalId };
        return updateProgress(
          ctx,
          field as ProgressField,
          atDoor(updateProgressInput(field as ProgressField), { id: appId(i.id), [field]: i[field] ?? null, interviewAt: i.interviewAt ?? undefined, note: i.note ?? undefined }),
        );
      },
    });
    if (hasBatch) {
      fields[`updateApplication${name}Batch`] = t.field({
        type: ApplicationPayload,
        errors: mutationErrors,
        description: `Sets the ${field} of many applications in one transaction: all change or none (a refused row refuses the batch, naming it). Rights and errors as updateApplication${name}.`,
        args: {
          input: t.arg({
            description: 'The applications and the new value.',
            type: builder.inputType(`UpdateApplication${name}BatchInput`, {
              description: `Applications and their new ${field}.`,
              fields: (f) => ({
                ...idsField(f),
                [field]: f.field({ type: enumType as never, required: true, description: 'The new value for every application.' }),
                ...(field === 'interview' ? { interviewAt: f.field({ type: 'DateTime', description: 'When the interviews are (instant).' }) } : {}),
                note: f.string({ description: 'A note kept on each log line.' }),
              }),
            }),
            required: true,
          }),
        },
        resolve: (_r, { input }, ctx) => {
          const i = input as Record<string, unknown> & { ids: GlobalId[] };
          return updateProgressBatch(
            ctx,
            field as ProgressField,
            atDoor(updateProgressBatchInput(field as ProgressField), { ids: i.ids.map(appId), [field]: i[field], interviewAt: i.interviewAt ?? undefined, note: i.note ?? undefined }),
          );
        },
      });
    }
  }
  return {
    ...(fields as Record<string, never>),
    createApplication: t.field({
      type: ApplicationPayload,
      errors: mutationErrors,
      description:
        "Adds an application of a student to a school, in state APPLYING. The archive's applying status must be in progress; a second application to a school the student is applying to or approved by is refused. Rights: application.write on a visible archive. Errors: NOT_FOUND (archive or school), FORBIDDEN, ARCHIVE_NOT_APPLYING, SAME_SCHOOL_IN_PROGRESS, PLATFORM_NOT_ACCEPTED, INVALID_INPUT.",
      args: {
        input: t.arg({
          description: 'The student, the school and the details.',
          type: builder.inputType('CreateApplicationInput', {
            description: 'A new application.',
            fields: (f) => ({
              archiveId: f.globalID({ required: true, description: 'An Archive id.' }),
              schoolId: f.globalID({ required: true, description: 'A School id.' }),
              year: f.int({ description: 'The entry year applied for, e.g. 2027.' }),
              grade: f.int({ description: '1-12, 13 = PG.' }),
              board: f.field({ type: BoardingEnum, description: 'Boarding or day.' }),
              deadline: f.field({ type: 'Date', description: "Default: the school's application deadline." }),
              platform: f.field({ type: PlatformEnum, description: 'The platform used; one the school accepts, when it lists any.' }),
              note: f.string({ description: 'A free note.' }),
            }),
          }),
          required: true,
        }),
      },
      resolve: (_r, { input }, ctx) =>
        saveApplication(
          ctx,
          atDoor(saveApplicationInput, {
            archiveId: localId(input.archiveId, 'Archive'),
            schoolId: localId(input.schoolId, 'School'),
            year: input.year ?? undefined,
            grade: input.grade ?? undefined,
            board: input.board ?? undefined,
            deadline: input.deadline ?? undefined,
            platform: input.platform ?? undefined,
            note: input.note ?? undefined,
          }),
        ),
    }),
    updateApplication: t.field({
      type: ApplicationPayload,
      errors: mutationErrors,
      description:
        'Edits the basics (year, grade, note); each changed field writes a log line. The school and the student never change. Rights: application.write. Errors: NOT_FOUND, FORBIDDEN, APPLICATION_LOCKED, SCHOOL_FIXED, ARCHIVE_FIXED, INVALID_INPUT.',
      args: {
        input: t.arg({
          description: 'The application and the basics to change.',
          type: builder.inputType('UpdateApplicationInput', {
            description: 'An application and the basics to change; fields left out keep their value.',
            fields: (f) => ({ ...idField(f), year: f.int({ description: 'The entry year.' }), grade: f.int({ description: 'The grade applied for, 1-12, 13 = PG.' }), note: f.string({ description: 'A free note.' }) }),
          }),
          required: true,
        }),
      },
      resolve: (_r, { input }, ctx) => saveApplication(ctx, atDoor(saveApplicationInput, { id: appId(input.id), year: input.year, grade: input.grade, note: input.note })),
    }),
    updateApplicationState: t.field({
      type: ApplicationPayload,
      errors: mutationErrors,
      description:
        'Moves an application along its state list: APPLYING → SCHOOL_REJECTED, STUDENT_REJECTED or APPROVED; APPROVED → STUDENT_REJECTED (an offer declined). The rejected states are final. A rejection needs a reason. Rights: application.write. Errors: NOT_FOUND, FORBIDDEN, APPLICATION_LOCKED, STATE_UNCHANGED, STATE_TRANSITION_REFUSED, REASON_REQUIRED.',
      args: {
        input: t.arg({
          description: 'The application and its new state.',
          type: builder.inputType('UpdateApplicationStateInput', {
            description: 'An application and its new state.',
            fields: (f) => ({
              ...idField(f),
              state: f.field({ type: ApplicationStateEnum, required: true, description: 'The state to move to.' }),
              reason: f.string({ description: 'Why; required for SCHOOL_REJECTED and STUDENT_REJECTED.' }),
            }),
          }),
          required: true,
        }),
      },
      resolve: (_r, { input }, ctx) => updateApplicationState(ctx, atDoor(updateApplicationStateInput, { id: appId(input.id), state: input.state, reason: input.reason ?? undefined })),
    }),
    updateApplicationDocState: t.field({
      type: ApplicationPayload,
      errors: mutationErrors,
      description: 'Sets one of the per-school document statuses (one log line). Rights: application.write. Errors: NOT_FOUND, FORBIDDEN, APPLICATION_LOCKED, APPLICATION_CLOSED, INVALID_INPUT.',
      args: {
        input: t.arg({
          description: 'The application, the document status and its new value.',
          type: builder.inputType('UpdateApplicationDocStateInput', {
            description: 'An application, which of its document statuses, and the new status.',
            fields: (f) => ({
              ...idField(f),
              docType: f.field({ type: ApplicationDocTypeEnum, required: true, description: 'Which status.' }),
              state: f.field({ type: DocumentStatusEnum, required: true, description: 'The new status.' }),
              note: f.string({ description: 'A note kept on the log line.' }),
            }),
          }),
          required: true,
        }),
      },
      resolve: (_r, { input }, ctx) => updateDocState(ctx, atDoor(updateDocStateInput, { id: appId(input.id), docType: input.docType, state: input.state, note: input.note ?? undefined })),
    }),
    updateApplicationGrade: t.field({
      type: ApplicationPayload,
      errors: mutationErrors,
      description: 'Sets the grade applied for (one log line). Rights: application.write. Errors: NOT_FOUND, FORBIDDEN, APPLICATION_LOCKED, APPLICATION_CLOSED, INVALID_INPUT.',
      args: {
        input: t.arg({
          description: 'The application and its grade.',
          type: builder.inputType('UpdateApplicationGradeInput', { description: 'An application and its grade.', fields: (f) => ({ ...idField(f), grade: f.int({ description: '1-12, 13 = PG; null clears.' }) }) }),
          required: true,
        }),
      },
      resolve: (_r, { input }, ctx) => updateProgress(ctx, 'grade', atDoor(updateProgressInput('grade'), { id: appId(input.id), grade: input.grade ?? null })),
    }),
    updateApplicationDeadline: t.field({
      type: ApplicationPayload,
      errors: mutationErrors,
      description: 'Sets the application deadline (one log line). Rights: application.write. Errors: NOT_FOUND, FORBIDDEN, APPLICATION_LOCKED, APPLICATION_CLOSED, INVALID_INPUT.',
      args: {
        input: t.arg({
          description: 'The application and its deadline.',
          type: builder.inputType('UpdateApplicationDeadlineInput', {
            description: 'An application and its deadline.',
            fields: (f) => ({ ...idField(f), deadline: f.field({ type: 'Date', description: 'The deadline (yyyy-MM-dd); null clears it.' }) }),
          }),
          required: true,
        }),
      },
      resolve: (_r, { input }, ctx) => updateDeadline(ctx, atDoor(updateDeadlineInput, { id: appId(input.id), deadline: input.deadline ?? null })),
    }),
    updateApplicationOrderNum: t.field({
      type: ApplicationPayload,
      errors: mutationErrors,
      description: "Sets an application's place in the student's list (one log line). Rights: application.write. Errors: NOT_FOUND, FORBIDDEN, APPLICATION_LOCKED, INVALID_INPUT.",
      args: {
        input: t.arg({
          description: 'The application and its order number.',
          type: builder.inputType('UpdateApplicationOrderNumInput', {
            description: 'An application and its order number.',
            fields: (f) => ({ ...idField(f), orderNum: f.int({ required: true, description: "Sort order among the student's applications (smaller first)." }) }),
          }),
          required: true,
        }),
      },
      resolve: (_r, { input }, ctx) => updateOrderNum(ctx, atDoor(updateOrderNumInput, { id: appId(input.id), orderNum: input.orderNum })),
    }),
    lockApplication: t.field({
      type: ApplicationPayload,
      errors: mutationErrors,
      description: 'Locks an application: every change (progress, state, documents, tracks) is refused until it is unlocked (log line LOCK). Rights: application.lock (managers). Errors: NOT_FOUND, FORBIDDEN.',
      args: { input: t.arg({ description: 'The application to lock.', type: builder.inputType('LockApplicationInput', { description: 'An application to lock.', fields: (f) => idField(f) }), required: true }) },
      resolve: (_r, { input }, ctx) => setApplicationLock(ctx, true, atDoor(applicationIdInput, { id: appId(input.id) })),
    }),
    unlockApplication: t.field({
      type: ApplicationPayload,
      errors: mutationErrors,
      description: 'Unlocks a locked application (log line UNLOCK). Rights: application.lock (managers). Errors: NOT_FOUND, FORBIDDEN.',
      args: { input: t.arg({ description: 'The application to unlock.', type: builder.inputType('UnlockApplicationInput', { description: 'An application to unlock.', fields: (f) => idField(f) }), required: true }) },
      resolve: (_r, { input }, ctx) => setApplicationLock(ctx, false, atDoor(applicationIdInput, { id: appId(input.id) })),
    }),
    saveApplicationDocument: t.field({
      type: DocumentPayload,
      errors: mutationErrors,
      description:
        'Adds (applicationId, type, name) or edits (id) a document of an application; a state change writes a document log line. Rights: application.write. Errors: NOT_FOUND, FORBIDDEN, APPLICATION_LOCKED, INVALID_INPUT (a required field missing).',
      args: {
        input: t.arg({
          description: 'The document to add or change.',
          type: builder.inputType('SaveApplicationDocumentInput', {
            description: 'A document to add (applicationId, type, name) or change (id); fields left out keep their value.',
            fields: (f) => ({
              id: f.globalID({ for: [ApplicationDocumentNode], description: 'The ApplicationDocument to edit; leave out to add one.' }),
              applicationId: f.globalID({ for: [ApplicationNode], description: 'The Application (required when adding).' }),
              type: f.int({ description: '1 transcript, 2 recommendation, 3 essay, 4 test score, 5 parent statement, 6 financial, 7 interview, 8 supplement, 9 other.' }),
              name: f.string({ description: 'The name (required when adding; not empty).' }),
              state: f.field({ type: DocumentStatusEnum, description: 'The state; a change writes a log line.' }),
              dueDate: f.field({ type: 'Date', description: 'When it is due; null clears.' }),
              note: f.string({ description: 'A free note; null clears.' }),
            }),
          }),
          required: true,
        }),
      },
      resolve: (_r, { input }, ctx) =>
        saveApplicationDocument(
          ctx,
          atDoor(saveApplicationDocumentInput, {
            id: localId(input.id, 'ApplicationDocument') ?? undefined,
            applicationId: localId(input.applicationId, 'Application') ?? undefined,
            type: input.type ?? undefined,
            name: input.name ?? undefined,
            state: input.state ?? undefined,
            dueDate: input.dueDate,
            note: input.note,
          }),
        ),
    }),
    updateApplicationDocumentsState: t.field({
      type: DocumentPayload,
      errors: mutationErrors,
      description:
        'Sets the state of many documents in one transaction: all change or none (legacy application/doc/saveBatch). Rights: application.write. Errors: NOT_FOUND, FORBIDDEN, APPLICATION_LOCKED, INVALID_INPUT.',
      args: {
        input: t.arg({
          description: 'The documents and their new state.',
          type: builder.inputType('UpdateApplicationDocumentsStateInput', {
            description: 'Documents and their new state.',
            fields: (f) => ({
              ids: f.globalIDList({ required: true, for: [ApplicationDocumentNode], description: 'ApplicationDocument ids.' }),
              state: f.field({ type: DocumentStatusEnum, required: true, description: 'The new state.' }),
              note: f.string({ description: 'A note kept on each log line.' }),
            }),
          }),
          required: true,
        }),
      },
      resolve: (_r, { input }, ctx) => saveApplicationDocumentsBatch(ctx, { ids: input.ids.map((g) => localId(g, 'ApplicationDocument')), state: input.state, note: input.note }),
    }),
    saveSaoDocument: t.field({
      type: builder.objectRef<{ saoDocumentId: number }>('SaoDocumentPayload').implement({
        description: 'The SAO document saved.',
        fields: (f) => ({
          saoDocument: f.prismaField({
            description: 'The document after the save.',
            type: 'SaoDocument',
            resolve: (query, p, _a, ctx) => ctx.db.saoDocument.findUniqueOrThrow({ ...query, where: { id: p.saoDocumentId } }),
          }),
        }),
      }),
      errors: mutationErrors,
      description:
        "Adds (archiveId, type, name) or edits (databaseId) a document of the student's SAO profile (shared by every SAO school); a state change writes a log line. Rights: application.write on a visible archive. Errors: NOT_FOUND, FORBIDDEN, INVALID_INPUT.",
      args: {
        input: t.arg({
          description: 'The SAO document to add or change.',
          type: builder.inputType('SaveSaoDocumentInput', {
            description: 'An SAO document to add or change; fields left out keep their value.',
            fields: (f) => ({
              databaseId: f.int({ description: 'The SaoDocument.databaseId to edit; leave out to add one.' }),
              archiveId: f.globalID({ description: "The student's Archive (required when adding)." }),
              type: f.int({ description: 'SAO document type 1-9 (see SaoDocument.type; required when adding).' }),
              name: f.string({ description: 'The name (required when adding; not empty).' }),
              state: f.field({ type: DocumentStatusEnum, description: 'The state; a change writes a log line.' }),
              note: f.string({ description: 'A free note.' }),
            }),
          }),
          required: true,
        }),
      },
      resolve: (_r, { input }, ctx) =>
        saveSaoDocument(
          ctx,
          atDoor(saveSaoDocumentInput, {
            id: input.databaseId ?? undefined,
            archiveId: localId(input.archiveId, 'Archive') ?? undefined,
            type: input.type ?? undefined,
            name: input.name ?? undefined,
            state: input.state ?? undefined,
            note: input.note,
          }),
        ),
    }),
    saveProgressTrack: t.field({
      type: builder.objectRef<{ trackId: number; applicationId: number }>('ProgressTrackPayload').implement({
        description: 'The progress note saved and its application.',
        fields: (f) => ({
          track: f.prismaField({ description: 'The note after the save.', type: 'ProgressTrack', resolve: (query, p, _a, ctx) => ctx.db.progressTrack.findUniqueOrThrow({ ...query, where: { id: p.trackId } }) }),
          application: f.prismaField({
            description: 'The application it belongs to.',
            type: 'Application',
            resolve: (query, p, _a, ctx) => ctx.db.application.findUniqueOrThrow({ ...query, where: { id: p.applicationId } }),
          }),
        }),
      }),
      errors: mutationErrors,
      description:
        "Adds (applicationId, type, content) or edits (databaseId) a progress note; the day defaults to today in the caller's zone. Rights: application.write. Errors: NOT_FOUND, FORBIDDEN, APPLICATION_LOCKED, INVALID_INPUT.",
      args: {
        input: t.arg({
          description: 'The progress note to add or change.',
          type: builder.inputType('SaveProgressTrackInput', {
            description: 'A progress note to add or change; fields left out keep their value.',
            fields: (f) => ({
              databaseId: f.int({ description: 'The ProgressTrack.databaseId to edit; leave out to add one.' }),
              applicationId: f.globalID({ for: [ApplicationNode], description: 'The Application (required when adding).' }),
              type: f.int({ description: 'Track type 1-7 (see ProgressTrack.type; required when adding).' }),
              day: f.field({ type: 'Date', description: "The day it is about (yyyy-MM-dd); default today in the caller's zone." }),
              content: f.string({ description: 'The note, plain text (required; not empty).' }),
            }),
          }),
          required: true,
        }),
      },
      resolve: (_r, { input }, ctx) =>
        saveProgressTrack(
          ctx,
          atDoor(saveProgressTrackInput, {
            id: input.databaseId ?? undefined,
            applicationId: localId(input.applicationId, 'Application') ?? undefined,
            type: input.type ?? undefined,
            day: input.day ?? undefined,
            content: input.content ?? undefined,
          }),
        ),
    }),
  };
});
