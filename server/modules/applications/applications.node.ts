import { builder } from '../../graphql/builder.ts';
import type { ServiceContext } from '../../context.ts';
import { DomainError } from '../../errors.ts';
import { translate, type MessageKey } from '../../i18n/catalogue.ts';
import { can } from '../../policy.ts';
import { prismaConnectionHelpers } from '@pothos/plugin-prisma';
import { localId } from '../../graphql/ids.ts';
import { atDoor } from '../../lib/validate.ts';
import { PlatformEnum, SchoolNode } from '../schools/index.ts';
import { UserNode } from '../users/index.ts';
import { archiveReadable, primeReadable } from '../archives/index.ts';
import { applicationReadableCached, primeApplications } from './applications.policy.ts';
import { APPLICATION_ORDER, applicationProgress, applicationsWhere, checkSameSchool } from './applications.service.ts';
import { mustExist, primeById, schoolById, selects, userById } from './loaders.ts';
import { overallProgressCount, overallProgressIds, overallStudents, type OverallStudent } from './overall.service.ts';
import { dailyUpdates, overallFilterSchema, progressApplicationInput, progressArchiveInput, saoDocumentsOfArchive, scoreListByArchive, type DailyUpdate, type ScoreRow } from './progress.service.ts';

// ── enums (legacy numbers in the descriptions) ──

export const ApplicationStateEnum = builder.enumType('ApplicationState', {
  description: 'Legacy values: 1 applying, 2 school rejected, 3 student rejected, 4 approved. Transitions: 1→2, 1→3, 1→4, 4→3; a rejection needs a reason.',
  values: {
    APPLYING: { value: 1, description: '1: in progress (the state of a new application).' },
    SCHOOL_REJECTED: { value: 2, description: '2: the school said no (final).' },
    STUDENT_REJECTED: { value: 3, description: '3: the student withdrew or declined an offer (final).' },
    APPROVED: { value: 4, description: '4: the school made an offer.' },
  } as const,
});
export const DocumentStatusEnum = builder.enumType('DocumentStatus', {
  description: 'Legacy values: 0 not started, 1 in progress, 2 submitted, 3 confirmed.',
  values: {
    NOT_STARTED: { value: 0, description: '0: not started (also any unknown legacy value).' },
    IN_PROGRESS: { value: 1, description: '1: being prepared.' },
    SUBMITTED: { value: 2, description: '2: submitted.' },
    CONFIRMED: { value: 3, description: '3: the school confirmed receipt.' },
  } as const,
});
export const InterviewStatusEnum = builder.enumType('InterviewStatus', {
  description: 'Legacy values: 0 none yet, 1 to arrange, 2 arranged, 3 done, 4 waived.',
  values: {
    NONE: { value: 0, description: '0: nothing yet.' },
    TO_ARRANGE: { value: 1, description: '1: to be arranged.' },
    ARRANGED: { value: 2, description: '2: arranged (see interviewAt).' },
    DONE: { value: 3, description: '3: done.' },
    WAIVED: { value: 4, description: '4: waived by the school.' },
  } as const,
});
export const InquiryStatusEnum = builder.enumType('InquiryStatus', {
  description: 'Legacy values: 0 none, 1 sent, 2 answered.',
  values: { NONE: { value: 0, description: '0: no inquiry.' }, SENT: { value: 1, description: '1: sent to the admission office.' }, ANSWERED: { value: 2, description: '2: answered.' } } as const,
});
export const ThirdInterviewStatusEnum = builder.enumType('ThirdInterviewStatus', {
  description: 'Third-party interview (Vericant, InitialView). Legacy values: 0 none, 1 arranged, 2 done, 3 not required.',
  values: {
    NONE: { value: 0, description: '0: nothing yet.' },
    ARRANGED: { value: 1, description: '1: arranged.' },
    DONE: { value: 2, description: '2: done.' },
    NOT_REQUIRED: { value: 3, description: '3: the school does not require one.' },
  } as const,
});
export const SubmitResultEnum = builder.enumType('SubmitResult', {
  description: 'Legacy values: 0 not submitted, 1 submitted, 2 received by the school.',
  values: { NOT_SUBMITTED: { value: 0, description: '0: not submitted.' }, SUBMITTED: { value: 1, description: '1: submitted.' }, RECEIVED: { value: 2, description: '2: received by the school.' } } as const,
});
export const BoardingEnum = builder.enumType('Boarding', {
  description: 'Legacy values: 1 boarding, 2 day.',
  values: { BOARDING: { value: 1, description: '1: boarding student.' }, DAY: { value: 2, description: '2: day student.' } } as const,
});
export const ApplicationDocTypeEnum = builder.enumType('ApplicationDocType', {
  description: 'The per-school document statuses of an application.',
  values: {
    STUDENT: { value: 'student', description: "The student's documents (studentDocState)." },
    INTERVIEW: { value: 'interview', description: 'The interview documents (interviewDocState).' },
    PARENT: { value: 'parent', description: "The parent's documents (parentDocState)." },
    RECOMMEND: { value: 'recommend', description: 'The recommendations (recommendDocState).' },
    REPLENISH: { value: 'replenish', description: 'Supplementary documents (replenishDocState).' },
  } as const,
});
export const ExamTypeEnum = builder.enumType('ScoreExamType', {
  description: 'Which exam a score is from.',
  values: { TOEFL: { description: 'TOEFL (archive exam kind 3).' }, SSAT: { description: 'SSAT (archive exam kind 4).' } } as const,
});

const ds = (v: number) => (v === 1 || v === 2 || v === 3 ? v : 0) as 0 | 1 | 2 | 3;

// ── objects ──

/**
 * Who wrote a log line or note, in the viewer's language (issue 32 item 13): the lines keep the
 * name as written then (Chinese); an English viewer sees that person's English name when they
 * have one, else the name as written.
 */
function byNameIn(ctx: ServiceContext, line: { userId: number | null; userName: string | null }): string | null | Promise<string | null> {
  if (ctx.lang !== 'en' || line.userId === null) return line.userName;
  const found = userById(ctx, line.userId);
  const pick = (u: { nameEn: string | null } | null) => u?.nameEn?.trim() || line.userName;
  return found instanceof Promise ? found.then(pick) : pick(found);
}

builder.prismaObject('ApplicationLog', {
  description: 'One change of an application: the transition, the field, from and to (legacy numbers as text), who and when.',
  fields: (t) => ({
    databaseId: t.exposeInt('id', { description: 'The legacy numeric id of the log line.' }),
    action: t.exposeString('action', { description: 'STATE, DOC_STATE, INTERVIEW, INQUIRY, THIRD_INTERVIEW, SUBMIT_RESULT, BOARD, GRADE, DEADLINE, PLATFORM, ORDER, LOCK, UNLOCK, CREATE, EDIT.' }),
    field: t.exposeString('field', { description: 'The field changed (for example studentDocState, deadline); null for state, lock and create lines.', nullable: true }),
    fromValue: t.exposeString('fromValue', { description: 'The value before, as text (legacy numbers for statuses, yyyy-MM-dd for days); null when there was none.', nullable: true }),
    toValue: t.exposeString('toValue', { description: 'The value after, as text.', nullable: true }),
    note: t.exposeString('note', { description: "The note given with the change (a rejection's reason, for example).", nullable: true }),
    userName: t.string({ description: "Who made the change: the name at the time; in English the person's English name when they have one.", nullable: true, resolve: (l, _a, ctx) => byNameIn(ctx, l) }),
    createdAt: t.expose('createdAt', { description: 'When (instant).', type: 'DateTime' }),
  }),
});

builder.prismaObject('ApplicationDocumentLog', {
  description: "One state change of an application's document.",
  fields: (t) => ({
    databaseId: t.exposeInt('id', { description: 'The legacy numeric id of the log line.' }),
    fromState: t.field({ description: 'The state before; null for a new document.', type: DocumentStatusEnum, nullable: true, resolve: (l) => (l.fromState === null ? null : ds(l.fromState)) }),
    toState: t.field({ description: 'The state after.', type: DocumentStatusEnum, resolve: (l) => ds(l.toState) }),
    note: t.exposeString('note', { description: 'The note given with the change.', nullable: true }),
    userName: t.string({ description: "Who made the change: the name at the time; in English the person's English name when they have one.", nullable: true, resolve: (l, _a, ctx) => byNameIn(ctx, l) }),
    createdAt: t.expose('createdAt', { description: 'When (instant).', type: 'DateTime' }),
  }),
});
builder.prismaObject('SaoDocumentLog', {
  description: 'One state change of an SAO document.',
  fields: (t) => ({
    databaseId: t.exposeInt('id', { description: 'The legacy numeric id of the log line.' }),
    fromState: t.field({ description: 'The state before; null for a new document.', type: DocumentStatusEnum, nullable: true, resolve: (l) => (l.fromState === null ? null : ds(l.fromState)) }),
    toState: t.field({ description: 'The state after.', type: DocumentStatusEnum, resolve: (l) => ds(l.toState) }),
    note: t.exposeString('note', { description: 'The note given with the change.', nullable: true }),
    userName: t.string({ description: "Who made the change: the name at the time; in English the person's English name when they have one.", nullable: true, resolve: (l, _a, ctx) => byNameIn(ctx, l) }),
    createdAt: t.expose('createdAt', { description: 'When (instant).', type: 'DateTime' }),
  }),
});

export const ApplicationDocumentNode = builder.prismaNode('ApplicationDocument', {
  nullable: true,
  id: { field: 'id' },
  description: 'A document of an application: type 1 transcript, 2 recommendation, 3 essay, 4 test score, 5 parent statement, 6 financial, 7 interview, 8 supplement, 9 other.',
  authScopes: async (d, ctx) => can(ctx.actor, 'application.read') && (await applicationReadableCached(ctx, d.applicationId)),
  fields: (t) => ({
    databaseId: t.exposeInt('id', { description: 'The legacy numeric id of the document.' }),
    type: t.exposeInt('type', { description: 'Document type: 1 transcript, 2 recommendation, 3 essay, 4 test score, 5 parent statement, 6 financial, 7 interview, 8 supplement, 9 other.' }),
    name: t.exposeString('name', { description: "The document's name." }),
    state: t.field({ description: 'Where the document stands.', type: DocumentStatusEnum, resolve: (d) => ds(d.state) }),
    dueDate: t.expose('dueDate', { description: 'When it is due (a calendar day), if set.', type: 'Date', nullable: true }),
    note: t.exposeString('note', { description: 'A free note.', nullable: true }),
    updatedAt: t.expose('updatedAt', { description: 'When it last changed (instant).', type: 'DateTime' }),
    logs: t.relation('logs', { description: 'Every state change, newest first.', query: { orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] } }),
  }),
});

builder.prismaObject('SaoDocument', {
  description: "A document of the student's SAO profile: type 1 questionnaire, 2 parent statement, 3 English, 4 math, 5 principal recommendation, 6 transcript, 7 activities, 8 writing sample, 9 other.",
  fields: (t) => ({
    databaseId: t.exposeInt('id', { description: 'The legacy numeric id; pass it as `databaseId` to saveSaoDocument to edit.' }),
    type: t.exposeInt('type', { description: 'SAO document type: 1 questionnaire, 2 parent statement, 3 English, 4 math, 5 principal recommendation, 6 transcript, 7 activities, 8 writing sample, 9 other.' }),
    name: t.exposeString('name', { description: "The document's name." }),
    state: t.field({ description: 'Where the document stands.', type: DocumentStatusEnum, resolve: (d) => ds(d.state) }),
    note: t.exposeString('note', { description: 'A free note.', nullable: true }),
    updatedAt: t.expose('updatedAt', { description: 'When it last changed (instant).', type: 'DateTime' }),
    logs: t.relation('logs', { description: 'Every state change, newest first.', query: { orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] } }),
  }),
});

builder.prismaObject('ProgressTrack', {
  description: 'A progress note: type 1 documents, 2 interview, 3 inquiry, 4 third interview, 5 submission, 6 result, 7 other.',
  fields: (t) => ({
    databaseId: t.exposeInt('id', { description: 'The legacy numeric id; pass it as `databaseId` to saveProgressTrack to edit.' }),
    type: t.exposeInt('type', { description: 'Track type: 1 documents, 2 interview, 3 inquiry, 4 third interview, 5 submission, 6 result, 7 other.' }),
    day: t.expose('day', { description: 'The day the note is about (a calendar day).', type: 'Date' }),
    content: t.exposeString('content', { description: 'The note, plain text.' }),
    userName: t.string({ description: "Who wrote it: the name at the time; in English the person's English name when they have one.", nullable: true, resolve: (l, _a, ctx) => byNameIn(ctx, l) }),
    createdAt: t.expose('createdAt', { description: 'When it was written (instant).', type: 'DateTime' }),
  }),
});

export const ApplicationNode = builder.prismaNode('Application', {
  nullable: true,
  id: { field: 'id' },
  description: "A student's application to one school with its progress. Every change is a transition with a log line.",
  authScopes: (a, ctx) => can(ctx.actor, 'application.read') && archiveReadable(ctx, a.archiveId),
  fields: (t) => ({
    databaseId: t.exposeInt('id', { description: 'The legacy numeric id of the application.' }),
    archiveDatabaseId: t.exposeInt('archiveId', { description: "The legacy numeric id of the student's archive (readable even when `archive` is null)." }),
    archive: t.relation('archive', { nullable: true, description: 'The archive (null when the caller may not open it).' }),
    student: t.relation('student', { description: 'The student (a User of type student); null when the caller may not see the person.', nullable: true }),
    school: t.field({ description: 'The school applied to (never changes).', type: SchoolNode, resolve: (a, _x, ctx) => mustExist(schoolById(ctx, a.schoolId)) }),
    year: t.exposeInt('year', { description: 'The entry year applied for, e.g. 2027.', nullable: true }),
    state: t.field({ description: 'Where the application stands (updateApplicationState moves it).', type: ApplicationStateEnum, resolve: (a) => a.state as 1 | 2 | 3 | 4 }),
    stateLabel: t.string({ description: "The state in the caller's language.", resolve: (a, _x, ctx) => translate(ctx.lang, `application.state.${a.state}` as MessageKey) }),
    rejectReason: t.exposeString('rejectReason', { description: 'Why it was rejected (SCHOOL_REJECTED, STUDENT_REJECTED).', nullable: true }),
    studentDocState: t.field({ description: "Status of the student's documents.", type: DocumentStatusEnum, resolve: (a) => ds(a.studentDocState) }),
    interviewDocState: t.field({ description: 'Status of the interview documents.', type: DocumentStatusEnum, resolve: (a) => ds(a.interviewDocState) }),
    parentDocState: t.field({ description: "Status of the parent's documents.", type: DocumentStatusEnum, resolve: (a) => ds(a.parentDocState) }),
    recommendDocState: t.field({ description: 'Status of the recommendations.', type: DocumentStatusEnum, resolve: (a) => ds(a.recommendDocState) }),
    replenishDocState: t.field({ description: 'Status of the supplementary documents.', type: DocumentStatusEnum, resolve: (a) => ds(a.replenishDocState) }),
    interview: t.field({ description: 'Interview status.', type: InterviewStatusEnum, resolve: (a) => a.interview as 0 | 1 | 2 | 3 | 4 }),
    interviewAt: t.expose('interviewAt', { description: 'When the interview is (instant), if arranged.', type: 'DateTime', nullable: true }),
    inquiry: t.field({ description: 'Inquiry status (contact with the admission office).', type: InquiryStatusEnum, resolve: (a) => a.inquiry as 0 | 1 | 2 }),
    thirdInterview: t.field({ description: 'Third-party interview status.', type: ThirdInterviewStatusEnum, resolve: (a) => a.thirdInterview as 0 | 1 | 2 | 3 }),
    submitResult: t.field({ description: 'Whether the application was submitted and received.', type: SubmitResultEnum, resolve: (a) => a.submitResult as 0 | 1 | 2 }),
    board: t.field({ description: 'Boarding or day student; null when not chosen.', type: BoardingEnum, nullable: true, resolve: (a) => (a.board as 1 | 2 | null) ?? null }),
    grade: t.exposeInt('grade', { nullable: true, description: 'The grade applied for (13 = PG).' }),
    deadline: t.expose('deadline', { description: "The application deadline (a calendar day); by default the school's.", type: 'Date', nullable: true }),
    platform: t.field({ type: PlatformEnum, nullable: true, description: 'The platform used (legacy commonApplication).', resolve: (a) => (a.platform as 1 | 2 | 3 | 4 | null) ?? null }),
    orderNum: t.exposeInt('orderNum', { description: "Sort order among the student's applications (smaller first)." }),
    locked: t.exposeBoolean('locked', { description: 'Locked: every change is refused until unlocked (application.lock).' }),
    lockedAt: t.expose('lockedAt', { description: 'When it was locked (instant).', type: 'DateTime', nullable: true }),
    lockedByName: t.exposeString('lockedByName', { description: 'Who locked it (the name at the time).', nullable: true }),
    note: t.exposeString('note', { description: 'A free note.', nullable: true }),
    progress: t.int({ description: 'Percent of the six steps done (docs/schools.md).', resolve: (a) => (a as { progress?: number }).progress ?? applicationProgress(a) }),
    createdAt: t.expose('createdAt', { description: 'When the application was added (instant).', type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { description: 'When it last changed (instant).', type: 'DateTime' }),
    logs: t.relation('logs', { query: { orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] }, description: 'Every transition, newest first.' }),
    documents: t.relation('documents', { description: "The application's documents, by type.", query: { orderBy: [{ type: 'asc' }, { id: 'asc' }] } }),
    tracks: t.relation('tracks', {
      description: 'Progress notes, newest day first.',
      args: { type: t.arg.int({ description: 'Only tracks of this type.' }) },
      query: (args) => ({ where: args.type ? { type: args.type } : {}, orderBy: [{ day: 'desc' }, { id: 'desc' }] }),
    }),
    dailyUpdates: t.field({
      description: "What happened each day (the caller's zone), newest first: progress notes and the number of changes.",
      type: [
        builder.objectRef<DailyUpdate>('ApplicationDailyUpdate').implement({
          description: "What happened on one day (the caller's zone): tracks and log lines.",
          fields: (f) => ({
            day: f.field({ description: "The day (yyyy-MM-dd, in the caller's zone).", type: 'Date', resolve: (d) => d.day }),
            notes: f.stringList({ description: 'The progress notes written for that day.', resolve: (d) => d.tracks.map((x) => x.content) }),
            changes: f.int({ description: 'Log lines that day.', resolve: (d) => d.logs.length }),
          }),
        }),
      ],
      resolve: (a, _x, ctx) => dailyUpdates(ctx, atDoor(progressApplicationInput, { applicationId: a.id })),
    }),
  }),
});

/**
 * A student with applications, for the overall-progress view: a lean row read with its
 * applications in one statement (overall.service.ts); its fields only map that row.
 */
export const StudentProgressNode = builder.objectRef<OverallStudent>('StudentProgress').implement({
  description: 'One student of the overall-progress view: who, and every application with its progress.',
  fields: (t) => ({
    archiveId: t.globalID({ description: "The student's Archive (global id).", resolve: (a) => ({ type: 'Archive', id: a.id }) }),
    archiveDatabaseId: t.exposeInt('id', { description: 'The legacy numeric id of the archive.' }),
    name: t.exposeString('name', { description: "The student's display name (Chinese)." }),
    userName: t.exposeString('userName', { description: "The student's pinyin or English name.", nullable: true }),
    grade: t.exposeInt('grade', { description: 'The school grade the student is in (1-12, 13 = PG).', nullable: true }),
    year: t.exposeInt('year', { description: 'The entry year the student applies for.', nullable: true }),
    consultant: t.field({ description: "The student's consultant, if any.", type: UserNode, nullable: true, resolve: (a, _x, ctx) => (a.consultantId === null ? null : userById(ctx, a.consultantId)) }),
    applications: t.field({ description: "The student's applications, in their order.", type: [ApplicationNode], resolve: (a) => a.applications }),
    progress: t.exposeInt('progress', { description: 'Average progress of the applications, percent.' }),
  }),
});

type PageOf<T> = { edges: Array<{ cursor: string; node: T }>; pageInfo: { startCursor: string | null; endCursor: string | null; hasPreviousPage: boolean; hasNextPage: boolean } };

/** Pages the view by archive id, newest first, with the cursors Prisma connections use. */
const overallPaging = prismaConnectionHelpers(builder, 'Archive', { cursor: 'id', select: () => ({ id: true }), defaultSize: 20, maxSize: 500 });

const ScoreRef = builder.objectRef<ScoreRow>('ExamScore').implement({
  description: 'A TOEFL or SSAT score from the archive.',
  fields: (t) => ({
    type: t.field({ description: 'TOEFL or SSAT.', type: ExamTypeEnum, resolve: (s) => s.type }),
    examDate: t.field({ description: 'The day of the exam.', type: 'Date', nullable: true, resolve: (s) => s.examDate }),
    listening: t.exposeFloat('listening', { description: 'Listening section score (TOEFL).', nullable: true }),
    reading: t.exposeFloat('reading', { description: 'Reading section score.', nullable: true }),
    speaking: t.exposeFloat('speaking', { description: 'Speaking section score (TOEFL).', nullable: true }),
    writing: t.exposeFloat('writing', { description: 'Writing section score (TOEFL).', nullable: true }),
    verbal: t.exposeFloat('verbal', { description: 'Verbal section score (SSAT).', nullable: true }),
    quantitative: t.exposeFloat('quantitative', { description: 'Quantitative section score (SSAT).', nullable: true }),
    total: t.exposeFloat('total', { description: 'Total score.', nullable: true }),
    percentile: t.exposeFloat('percentile', { description: 'Percentile (SSAT).', nullable: true }),
  }),
});

// ── queries ──

const ApplicationFilter = builder.inputType('ApplicationFilter', {
  description: 'Narrows `applications`; every given condition must hold.',
  fields: (t) => ({
    archiveId: t.globalID({ description: 'An Archive id.' }),
    schoolId: t.globalID({ description: 'A School id.' }),
    state: t.field({ description: 'Only applications in this state.', type: ApplicationStateEnum }),
    year: t.int({ description: 'Only applications for this entry year.' }),
    locked: t.boolean({ description: 'Only locked (true) or unlocked (false) applications.' }),
    search: t.string({ description: 'Student or school name, literal.' }),
  }),
});
type ApplicationFilterArg = {
  archiveId?: { typename: string; id: string } | null;
  schoolId?: { typename: string; id: string } | null;
  state?: number | null;
  year?: number | null;
  locked?: boolean | null;
  search?: string | null;
};
const filterOf = (f: ApplicationFilterArg | null | undefined) => ({
  archiveId: localId(f?.archiveId, 'Archive') ?? undefined,
  schoolId: localId(f?.schoolId, 'School') ?? undefined,
  state: f?.state ?? undefined,
  year: f?.year ?? undefined,
  locked: f?.locked ?? undefined,
  search: f?.search ?? undefined,
});

const OverallFilter = builder.inputType('OverallProgressFilter', {
  description: 'Narrows `overallProgress`; every given condition must hold.',
  fields: (t) => ({
    search: t.string({ description: 'Student name (any form: Chinese, pinyin, English), literal.' }),
    year: t.int({ description: 'Only students of this entry year.' }),
    consultantId: t.globalID({ description: 'A User id.' }),
    state: t.field({ type: ApplicationStateEnum, description: 'Students with an application in this state.' }),
  }),
});
type OverallArg = { search?: string | null; year?: number | null; consultantId?: { typename: string; id: string } | null; state?: number | null };
const overallOf = (f: OverallArg | null | undefined) => ({ search: f?.search ?? undefined, year: f?.year ?? undefined, consultantId: localId(f?.consultantId, 'User') ?? undefined, state: f?.state ?? undefined });

/** A refusal of a read answers null (nothing to show), not an error. */
async function orNull<T>(p: Promise<T>): Promise<T | null> {
  try {
    return await p;
  } catch (err) {
    if (err instanceof DomainError) return null;
    throw err;
  }
}

builder.queryFields((t) => ({
  applications: t.prismaConnection({
    type: 'Application',
    cursor: 'id',
    defaultSize: 20,
    maxSize: 500,
    description:
      'Applications the caller may read (those of the archives they see; parents and students their own), newest archive first, then by order. Rights: application.read; rows follow the archive visibility rule (docs/schools.md).',
    authScopes: { permission: 'application.read' },
    args: { filter: t.arg({ description: 'Conditions on student, school, state, year, lock and name.', type: ApplicationFilter }) },
    totalCount: async (_p, args, ctx) => ctx.db.application.count({ where: await applicationsWhere(ctx, filterOf(args.filter)) }),
    resolve: async (query, _r, args, ctx) => {
      const rows = await ctx.db.application.findMany({ ...query, where: await applicationsWhere(ctx, filterOf(args.filter)), orderBy: [{ archiveId: 'desc' }, ...APPLICATION_ORDER] });
      primeApplications(ctx, rows);
      return rows;
    },
  }),
  overallProgress: t.connection(
    {
      type: StudentProgressNode,
      description: 'Students with applications and the progress of each (the overall-progress screen), newest archive first.',
      authScopes: { permission: 'application.read' },
      args: { filter: t.arg({ description: 'Conditions on name, year, consultant and application state.', type: OverallFilter }) },
      resolve: async (_r, args, ctx, info) => {
        const filter = atDoor(overallFilterSchema, overallOf(args.filter));
        const { take = 21, skip = 0, cursor } = overallPaging.getQuery(args, ctx, () => null);
        const [ids, totalCount] = await Promise.all([
          overallProgressIds(ctx, filter, { take, skip, ...(cursor?.id !== undefined ? { cursor: { id: cursor.id } } : {}) }),
          selects(info, ['totalCount']) ? overallProgressCount(ctx, filter) : null,
        ]);
        // The ids passed the visibility filter: their applications need no check per row.
        primeReadable(ctx, ids);
        // A full page carries one row more than is shown (it tells whether there is another
        // page): that row is passed on as its id alone, and the connection drops it.
        const extra = ids.length === Math.abs(take) ? (take < 0 ? 0 : ids.length - 1) : -1;
        const shown = extra < 0 ? ids : ids.filter((_id, i) => i !== extra);
        const [students] = await Promise.all([
          overallStudents(ctx, shown).then((rows) => (extra < 0 ? rows : [...rows.slice(0, extra), { id: ids[extra] } as OverallStudent, ...rows.slice(extra)])),
          // The schools and consultants the page names, in one statement each, when asked for.
          selects(info, ['edges', 'node', 'applications', 'school']) ? ctx.db.school.findMany({ where: { applications: { some: { archiveId: { in: shown } } } } }).then((rows) => primeById(ctx, 'school', rows)) : null,
          selects(info, ['edges', 'node', 'consultant']) ? ctx.db.user.findMany({ where: { archivesConsulted: { some: { id: { in: shown } } } } }).then((rows) => primeById(ctx, 'user', rows)) : null,
        ]);
        const connection = overallPaging.resolve(students, args, ctx) as unknown as PageOf<OverallStudent>;
        return { ...connection, totalCount };
      },
    },
    {
      fields: (c) => ({ totalCount: c.int({ description: 'How many students the filter matches, across all pages.', resolve: (conn) => (conn as unknown as { totalCount: number | null }).totalCount ?? 0 }) }),
    },
  ),
  sameSchoolInProgress: t.field({
    type: ApplicationNode,
    nullable: true,
    description: "The student's other application to the school still in progress, if any (legacy checkSameSchoolInProgress).",
    authScopes: { permission: 'application.read' },
    args: {
      archiveId: t.arg.globalID({ description: "The student's Archive.", required: true }),
      schoolId: t.arg.globalID({ description: 'The School.', required: true }),
      exceptId: t.arg.globalID({ description: 'An Application to leave out (the one being edited).' }),
    },
    resolve: async (_r, args, ctx) => {
      const r = await orNull(checkSameSchool(ctx, { archiveId: localId(args.archiveId, 'Archive'), schoolId: localId(args.schoolId, 'School'), id: localId(args.exceptId, 'Application') ?? undefined }));
      return r?.applicationId ? ctx.db.application.findUnique({ where: { id: r.applicationId } }) : null;
    },
  }),
  studentScores: t.field({
    type: [ScoreRef],
    nullable: true,
    description: 'TOEFL and SSAT scores of a student, newest first (legacy getSsatAndToeflScoreList); null when not visible.',
    authScopes: { permission: 'application.read' },
    args: { archiveId: t.arg.globalID({ description: "The student's Archive.", required: true }), type: t.arg({ description: 'Only this exam; both when left out.', type: ExamTypeEnum }) },
    resolve: (_r, args, ctx) => orNull(scoreListByArchive(ctx, { archiveId: localId(args.archiveId, 'Archive'), type: args.type ?? undefined })),
  }),
  saoDocuments: t.prismaField({
    type: ['SaoDocument'],
    nullable: true,
    description: "The student's SAO documents with their logs; null when not visible.",
    authScopes: { permission: 'application.read' },
    args: { archiveId: t.arg.globalID({ description: "The student's Archive.", required: true }) },
    resolve: async (query, _r, args, ctx) => {
      const docs = await orNull(saoDocumentsOfArchive(ctx, atDoor(progressArchiveInput, { archiveId: localId(args.archiveId, 'Archive') })));
      return docs ? ctx.db.saoDocument.findMany({ ...query, where: { id: { in: docs.map((d) => d.id) } }, orderBy: [{ type: 'asc' }, { id: 'asc' }] }) : null;
    },
  }),
}));
