import { builder } from '../../graphql/builder.ts';
import { DomainError } from '../../errors.ts';
import { translate, type MessageKey } from '../../i18n/catalogue.ts';
import { can } from '../../policy.ts';
import { prismaConnectionHelpers } from '@pothos/plugin-prisma';
import { localId } from '../../graphql/ids.ts';
import { PlatformEnum, SchoolNode } from '../schools/index.ts';
import { UserNode } from '../users/index.ts';
import { archiveReadable, primeReadable } from '../archives/index.ts';
import { applicationReadableCached, primeApplications } from './applications.policy.ts';
import { APPLICATION_ORDER, applicationProgress, applicationsWhere, checkSameSchool } from './applications.service.ts';
import { mustExist, primeById, schoolById, selects, userById } from './loaders.ts';
import { overallProgressCount, overallProgressIds, overallStudents, type OverallStudent } from './overall.service.ts';
import { dailyUpdates, saoDocumentsOfArchive, scoreListByArchive, type DailyUpdate, type ScoreRow } from './progress.service.ts';

// ── enums (legacy numbers in the descriptions) ──

export const ApplicationStateEnum = builder.enumType('ApplicationState', {
  description: 'Legacy values: 1 applying, 2 school rejected, 3 student rejected, 4 approved. Transitions: 1→2, 1→3, 1→4, 4→3; a rejection needs a reason.',
  values: { APPLYING: { value: 1 }, SCHOOL_REJECTED: { value: 2 }, STUDENT_REJECTED: { value: 3 }, APPROVED: { value: 4 } } as const,
});
export const DocumentStatusEnum = builder.enumType('DocumentStatus', {
  description: 'Legacy values: 0 not started, 1 in progress, 2 submitted, 3 confirmed.',
  values: { NOT_STARTED: { value: 0 }, IN_PROGRESS: { value: 1 }, SUBMITTED: { value: 2 }, CONFIRMED: { value: 3 } } as const,
});
export const InterviewStatusEnum = builder.enumType('InterviewStatus', {
  description: 'Legacy values: 0 none yet, 1 to arrange, 2 arranged, 3 done, 4 waived.',
  values: { NONE: { value: 0 }, TO_ARRANGE: { value: 1 }, ARRANGED: { value: 2 }, DONE: { value: 3 }, WAIVED: { value: 4 } } as const,
});
export const InquiryStatusEnum = builder.enumType('InquiryStatus', {
  description: 'Legacy values: 0 none, 1 sent, 2 answered.',
  values: { NONE: { value: 0 }, SENT: { value: 1 }, ANSWERED: { value: 2 } } as const,
});
export const ThirdInterviewStatusEnum = builder.enumType('ThirdInterviewStatus', {
  description: 'Third-party interview (Vericant, InitialView). Legacy values: 0 none, 1 arranged, 2 done, 3 not required.',
  values: { NONE: { value: 0 }, ARRANGED: { value: 1 }, DONE: { value: 2 }, NOT_REQUIRED: { value: 3 } } as const,
});
export const SubmitResultEnum = builder.enumType('SubmitResult', {
  description: 'Legacy values: 0 not submitted, 1 submitted, 2 received by the school.',
  values: { NOT_SUBMITTED: { value: 0 }, SUBMITTED: { value: 1 }, RECEIVED: { value: 2 } } as const,
});
export const BoardingEnum = builder.enumType('Boarding', {
  description: 'Legacy values: 1 boarding, 2 day.',
  values: { BOARDING: { value: 1 }, DAY: { value: 2 } } as const,
});
export const ApplicationDocTypeEnum = builder.enumType('ApplicationDocType', {
  description: 'The per-school document statuses of an application.',
  values: { STUDENT: { value: 'student' }, INTERVIEW: { value: 'interview' }, PARENT: { value: 'parent' }, RECOMMEND: { value: 'recommend' }, REPLENISH: { value: 'replenish' } } as const,
});
export const ExamTypeEnum = builder.enumType('ScoreExamType', { values: ['TOEFL', 'SSAT'] as const });

const ds = (v: number) => (v === 1 || v === 2 || v === 3 ? v : 0) as 0 | 1 | 2 | 3;

// ── objects ──

builder.prismaObject('ApplicationLog', {
  description: 'One change of an application: the transition, the field, from and to (legacy numbers as text), who and when.',
  fields: (t) => ({
    databaseId: t.exposeInt('id'),
    action: t.exposeString('action', { description: 'STATE, DOC_STATE, INTERVIEW, INQUIRY, THIRD_INTERVIEW, SUBMIT_RESULT, BOARD, GRADE, DEADLINE, PLATFORM, ORDER, LOCK, UNLOCK, CREATE, EDIT.' }),
    field: t.exposeString('field', { nullable: true }),
    fromValue: t.exposeString('fromValue', { nullable: true }),
    toValue: t.exposeString('toValue', { nullable: true }),
    note: t.exposeString('note', { nullable: true }),
    userName: t.exposeString('userName', { nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

builder.prismaObject('ApplicationDocumentLog', {
  fields: (t) => ({
    databaseId: t.exposeInt('id'),
    fromState: t.field({ type: DocumentStatusEnum, nullable: true, resolve: (l) => (l.fromState === null ? null : ds(l.fromState)) }),
    toState: t.field({ type: DocumentStatusEnum, resolve: (l) => ds(l.toState) }),
    note: t.exposeString('note', { nullable: true }),
    userName: t.exposeString('userName', { nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});
builder.prismaObject('SaoDocumentLog', {
  fields: (t) => ({
    databaseId: t.exposeInt('id'),
    fromState: t.field({ type: DocumentStatusEnum, nullable: true, resolve: (l) => (l.fromState === null ? null : ds(l.fromState)) }),
    toState: t.field({ type: DocumentStatusEnum, resolve: (l) => ds(l.toState) }),
    note: t.exposeString('note', { nullable: true }),
    userName: t.exposeString('userName', { nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

export const ApplicationDocumentNode = builder.prismaNode('ApplicationDocument', {
  nullable: true,
  id: { field: 'id' },
  description: 'A document of an application: type 1 transcript, 2 recommendation, 3 essay, 4 test score, 5 parent statement, 6 financial, 7 interview, 8 supplement, 9 other.',
  authScopes: async (d, ctx) => can(ctx.actor, 'application.read') && (await applicationReadableCached(ctx, d.applicationId)),
  fields: (t) => ({
    databaseId: t.exposeInt('id'),
    type: t.exposeInt('type'),
    name: t.exposeString('name'),
    state: t.field({ type: DocumentStatusEnum, resolve: (d) => ds(d.state) }),
    dueDate: t.expose('dueDate', { type: 'Date', nullable: true }),
    note: t.exposeString('note', { nullable: true }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
    logs: t.relation('logs', { query: { orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] } }),
  }),
});

builder.prismaObject('SaoDocument', {
  description: "A document of the student's SAO profile: type 1 questionnaire, 2 parent statement, 3 English, 4 math, 5 principal recommendation, 6 transcript, 7 activities, 8 writing sample, 9 other.",
  fields: (t) => ({
    databaseId: t.exposeInt('id'),
    type: t.exposeInt('type'),
    name: t.exposeString('name'),
    state: t.field({ type: DocumentStatusEnum, resolve: (d) => ds(d.state) }),
    note: t.exposeString('note', { nullable: true }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
    logs: t.relation('logs', { query: { orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] } }),
  }),
});

builder.prismaObject('ProgressTrack', {
  description: 'A progress note: type 1 documents, 2 interview, 3 inquiry, 4 third interview, 5 submission, 6 result, 7 other.',
  fields: (t) => ({
    databaseId: t.exposeInt('id'),
    type: t.exposeInt('type'),
    day: t.expose('day', { type: 'Date' }),
    content: t.exposeString('content'),
    userName: t.exposeString('userName', { nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

export const ApplicationNode = builder.prismaNode('Application', {
  nullable: true,
  id: { field: 'id' },
  description: "A student's application to one school with its progress. Every change is a transition with a log line.",
  authScopes: (a, ctx) => can(ctx.actor, 'application.read') && archiveReadable(ctx, a.archiveId),
  fields: (t) => ({
    databaseId: t.exposeInt('id'),
    archiveDatabaseId: t.exposeInt('archiveId'),
    archive: t.relation('archive', { nullable: true, description: 'The archive (null when the caller may not open it).' }),
    student: t.relation('student', { nullable: true }),
    school: t.field({ type: SchoolNode, resolve: (a, _x, ctx) => mustExist(schoolById(ctx, a.schoolId)) }),
    year: t.exposeInt('year', { nullable: true }),
    state: t.field({ type: ApplicationStateEnum, resolve: (a) => a.state as 1 | 2 | 3 | 4 }),
    stateLabel: t.string({ resolve: (a, _x, ctx) => translate(ctx.lang, `application.state.${a.state}` as MessageKey) }),
    rejectReason: t.exposeString('rejectReason', { nullable: true }),
    studentDocState: t.field({ type: DocumentStatusEnum, resolve: (a) => ds(a.studentDocState) }),
    interviewDocState: t.field({ type: DocumentStatusEnum, resolve: (a) => ds(a.interviewDocState) }),
    parentDocState: t.field({ type: DocumentStatusEnum, resolve: (a) => ds(a.parentDocState) }),
    recommendDocState: t.field({ type: DocumentStatusEnum, resolve: (a) => ds(a.recommendDocState) }),
    replenishDocState: t.field({ type: DocumentStatusEnum, resolve: (a) => ds(a.replenishDocState) }),
    interview: t.field({ type: InterviewStatusEnum, resolve: (a) => a.interview as 0 | 1 | 2 | 3 | 4 }),
    interviewAt: t.expose('interviewAt', { type: 'DateTime', nullable: true }),
    inquiry: t.field({ type: InquiryStatusEnum, resolve: (a) => a.inquiry as 0 | 1 | 2 }),
    thirdInterview: t.field({ type: ThirdInterviewStatusEnum, resolve: (a) => a.thirdInterview as 0 | 1 | 2 | 3 }),
    submitResult: t.field({ type: SubmitResultEnum, resolve: (a) => a.submitResult as 0 | 1 | 2 }),
    board: t.field({ type: BoardingEnum, nullable: true, resolve: (a) => (a.board as 1 | 2 | null) ?? null }),
    grade: t.exposeInt('grade', { nullable: true, description: 'The grade applied for (13 = PG).' }),
    deadline: t.expose('deadline', { type: 'Date', nullable: true }),
    platform: t.field({ type: PlatformEnum, nullable: true, description: 'The platform used (legacy commonApplication).', resolve: (a) => (a.platform as 1 | 2 | 3 | 4 | null) ?? null }),
    orderNum: t.exposeInt('orderNum'),
    locked: t.exposeBoolean('locked'),
    lockedAt: t.expose('lockedAt', { type: 'DateTime', nullable: true }),
    lockedByName: t.exposeString('lockedByName', { nullable: true }),
    note: t.exposeString('note', { nullable: true }),
    progress: t.int({ description: 'Percent of the six steps done (docs/schools.md).', resolve: (a) => (a as { progress?: number }).progress ?? applicationProgress(a) }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
    logs: t.relation('logs', { query: { orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] }, description: 'Every transition, newest first.' }),
    documents: t.relation('documents', { query: { orderBy: [{ type: 'asc' }, { id: 'asc' }] } }),
    tracks: t.relation('tracks', {
      args: { type: t.arg.int({ description: 'Only tracks of this type.' }) },
      query: (args) => ({ where: args.type ? { type: args.type } : {}, orderBy: [{ day: 'desc' }, { id: 'desc' }] }),
    }),
    dailyUpdates: t.field({
      type: [
        builder.objectRef<DailyUpdate>('ApplicationDailyUpdate').implement({
          description: "What happened on one day (the caller's zone): tracks and log lines.",
          fields: (f) => ({
            day: f.field({ type: 'Date', resolve: (d) => d.day }),
            notes: f.stringList({ resolve: (d) => d.tracks.map((x) => x.content) }),
            changes: f.int({ description: 'Log lines that day.', resolve: (d) => d.logs.length }),
          }),
        }),
      ],
      resolve: (a, _x, ctx) => dailyUpdates(ctx, { applicationId: a.id }),
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
    archiveId: t.globalID({ resolve: (a) => ({ type: 'Archive', id: a.id }) }),
    archiveDatabaseId: t.exposeInt('id'),
    name: t.exposeString('name'),
    userName: t.exposeString('userName', { nullable: true }),
    grade: t.exposeInt('grade', { nullable: true }),
    year: t.exposeInt('year', { nullable: true }),
    consultant: t.field({ type: UserNode, nullable: true, resolve: (a, _x, ctx) => (a.consultantId === null ? null : userById(ctx, a.consultantId)) }),
    applications: t.field({ type: [ApplicationNode], resolve: (a) => a.applications }),
    progress: t.exposeInt('progress', { description: 'Average progress of the applications, percent.' }),
  }),
});

type PageOf<T> = { edges: Array<{ cursor: string; node: T }>; pageInfo: { startCursor: string | null; endCursor: string | null; hasPreviousPage: boolean; hasNextPage: boolean } };

/** Pages the view by archive id, newest first, with the cursors Prisma connections use. */
const overallPaging = prismaConnectionHelpers(builder, 'Archive', { cursor: 'id', select: () => ({ id: true }), defaultSize: 20, maxSize: 500 });

const ScoreRef = builder.objectRef<ScoreRow>('ExamScore').implement({
  description: 'A TOEFL or SSAT score from the archive.',
  fields: (t) => ({
    type: t.field({ type: ExamTypeEnum, resolve: (s) => s.type }),
    examDate: t.field({ type: 'Date', nullable: true, resolve: (s) => s.examDate }),
    listening: t.exposeFloat('listening', { nullable: true }),
    reading: t.exposeFloat('reading', { nullable: true }),
    speaking: t.exposeFloat('speaking', { nullable: true }),
    writing: t.exposeFloat('writing', { nullable: true }),
    verbal: t.exposeFloat('verbal', { nullable: true }),
    quantitative: t.exposeFloat('quantitative', { nullable: true }),
    total: t.exposeFloat('total', { nullable: true }),
    percentile: t.exposeFloat('percentile', { nullable: true }),
  }),
});

// ── queries ──

const ApplicationFilter = builder.inputType('ApplicationFilter', {
  fields: (t) => ({
    archiveId: t.globalID({ description: 'An Archive id.' }),
    schoolId: t.globalID({ description: 'A School id.' }),
    state: t.field({ type: ApplicationStateEnum }),
    year: t.int(),
    locked: t.boolean(),
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
  fields: (t) => ({
    search: t.string(),
    year: t.int(),
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
    description: 'Applications the caller may read (the archives they see; families their own), by student and order.',
    authScopes: { permission: 'application.read' },
    args: { filter: t.arg({ type: ApplicationFilter }) },
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
      args: { filter: t.arg({ type: OverallFilter }) },
      resolve: async (_r, args, ctx, info) => {
        const filter = overallOf(args.filter);
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
      fields: (c) => ({ totalCount: c.int({ resolve: (conn) => (conn as unknown as { totalCount: number | null }).totalCount ?? 0 }) }),
    },
  ),
  sameSchoolInProgress: t.field({
    type: ApplicationNode,
    nullable: true,
    description: "The student's other application to the school still in progress, if any (legacy checkSameSchoolInProgress).",
    authScopes: { permission: 'application.read' },
    args: { archiveId: t.arg.globalID({ required: true }), schoolId: t.arg.globalID({ required: true }), exceptId: t.arg.globalID() },
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
    args: { archiveId: t.arg.globalID({ required: true }), type: t.arg({ type: ExamTypeEnum }) },
    resolve: (_r, args, ctx) => orNull(scoreListByArchive(ctx, { archiveId: localId(args.archiveId, 'Archive'), type: args.type ?? undefined })),
  }),
  saoDocuments: t.prismaField({
    type: ['SaoDocument'],
    nullable: true,
    description: "The student's SAO documents with their logs; null when not visible.",
    authScopes: { permission: 'application.read' },
    args: { archiveId: t.arg.globalID({ required: true }) },
    resolve: async (query, _r, args, ctx) => {
      const docs = await orNull(saoDocumentsOfArchive(ctx, { archiveId: localId(args.archiveId, 'Archive') }));
      return docs ? ctx.db.saoDocument.findMany({ ...query, where: { id: { in: docs.map((d) => d.id) } }, orderBy: [{ type: 'asc' }, { id: 'asc' }] }) : null;
    },
  }),
}));
