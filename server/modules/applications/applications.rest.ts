import type { ServiceContext } from '../../context.ts';
import { NotFoundError } from '../../errors.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import { atDoor, dbId, parseInput, z } from '../../lib/validate.ts';
import { authorize } from '../../policy.ts';
import type { RestRoute } from '../../rest/adapter.ts';
import { flag, idList, pick, withCondition, zoneOf, type Params } from '../../rest/params.ts';
import { readPage, type Page } from '../../rest/envelope.ts';
import { formatDate, formatDateTime } from '../../lib/wall-time.ts';
import {
  addOrUpdateApplications,
  addOrUpdateApplicationsInput,
  applicationIdInput,
  APP_WRITE_SELECT,
  APPLICATION_ORDER,
  applicationProgress,
  applicationsWhere,
  checkSameSchool,
  readableApplicationId,
  readableArchiveId,
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
  dailyUpdates,
  documentIdInput,
  documentLogsInput,
  documentLogsWhere,
  documentsOfApplication,
  getApplicationDocument,
  getSaoDocument,
  interviewLogs,
  overallFilterSchema,
  progressApplicationInput,
  progressArchiveInput,
  saoDocumentIdInput,
  saoDocumentsOfArchive,
  saoLogsInput,
  saoLogsWhere,
  saveApplicationDocument,
  saveApplicationDocumentInput,
  saveApplicationDocumentsBatch,
  saveProgressTrack,
  saveProgressTrackInput,
  saveSaoDocument,
  saveSaoDocumentInput,
  scoreListByArchive,
  scoreListByStudent,
  scoreListByStudentInput,
  studentInfo,
  tracksOf,
  type DocumentRow,
} from './progress.service.ts';
import { overallProgressCount, overallProgressPage, type OverallApplication, type OverallStudent } from './overall.service.ts';

/**
 * Legacy paths of spec section 7 "Applications and progress": application/progress,
 * application/doc, sao/doc, overall/progress and progress/track. Each parses, calls the same
 * service function as GraphQL, and shapes the legacy answer (dates yyyy-MM-dd, date-times in
 * the caller's zone).
 */
const P = '/api/admin/application/progress';

export const APPLICATION_ROW_SELECT = {
  ...APP_WRITE_SELECT,
  studentId: true,
  year: true,
  lockedAt: true,
  lockedByName: true,
  note: true,
  createdAt: true,
  updatedAt: true,
  school: { select: { name: true, chineseName: true, country: true } },
  archive: { select: { name: true, userName: true } },
} satisfies Prisma.ApplicationSelect;
type ApplicationRow = Prisma.ApplicationGetPayload<{ select: typeof APPLICATION_ROW_SELECT }>;

export function applicationJson(a: ApplicationRow, zone: string) {
  return applicationFields(a, a.archive, { name: a.school.name, chineseName: a.school.chineseName, country: a.school.country }, applicationProgress(a), zone);
}

/** A row of the overall-progress view in the same legacy shape (overall.service.ts). */
const overallApplicationJson = (a: OverallApplication, s: OverallStudent, zone: string) => applicationFields(a, s, { name: a.schoolName, chineseName: a.schoolChineseName, country: a.country }, a.progress, zone);

type ApplicationScalars = Omit<ApplicationRow, 'school' | 'archive'>;

function applicationFields(a: ApplicationScalars, archive: { name: string; userName: string | null }, school: { name: string; chineseName: string | null; country: string | null }, progress: number, zone: string) {
  return {
    id: a.id,
    archiveId: a.archiveId,
    archivesId: a.archiveId,
    userId: a.studentId,
    studentName: archive.name,
    userName: archive.userName,
    schoolId: a.schoolId,
    schoolName: school.name,
    schoolChineseName: school.chineseName,
    country: school.country,
    year: a.year,
    status: a.state,
    state: a.state,
    rejectReason: a.rejectReason,
    studentDocState: a.studentDocState,
    interviewDocState: a.interviewDocState,
    parentDocState: a.parentDocState,
    recommendDocState: a.recommendDocState,
    replenishDocState: a.replenishDocState,
    interview: a.interview,
    interviewTime: formatDateTime(a.interviewAt, zone),
    inquiry: a.inquiry,
    thirdInterview: a.thirdInterview,
    submitResult: a.submitResult,
    board: a.board,
    grade: a.grade,
    deadline: formatDate(a.deadline),
    commonApplication: a.platform,
    platform: a.platform,
    orderNum: a.orderNum,
    lock: a.locked,
    locked: a.locked,
    lockTime: formatDateTime(a.lockedAt, zone),
    lockBy: a.lockedByName,
    note: a.note,
    progress,
    createTime: formatDateTime(a.createdAt, zone),
    updateTime: formatDateTime(a.updatedAt, zone),
  };
}

async function rowsById(ctx: ServiceContext, ids: number[]) {
  const rows = await ctx.db.application.findMany({ where: { id: { in: ids } }, select: APPLICATION_ROW_SELECT, orderBy: APPLICATION_ORDER });
  return rows.map((r) => applicationJson(r, zoneOf(ctx)));
}

/** The answer of every progress write: the changed applications as rows. */
async function written(ctx: ServiceContext, w: ApplicationWrite) {
  return { data: { ids: w.applicationIds, list: await rowsById(ctx, w.applicationIds), logIds: w.logIds } };
}

async function listOf(ctx: ServiceContext, where: Prisma.ApplicationWhereInput, orderBy: Prisma.ApplicationOrderByWithRelationInput[] = APPLICATION_ORDER) {
  const rows = await ctx.db.application.findMany({ where, orderBy, select: APPLICATION_ROW_SELECT, take: 2000 });
  return rows.map((r) => applicationJson(r, zoneOf(ctx)));
}

const logJson =
  (zone: string) => (l: { id: number; action: string; field: string | null; fromValue: string | null; toValue: string | null; note: string | null; userId?: number | null; userName: string | null; createdAt: Date }) => ({
    id: l.id,
    action: l.action,
    field: l.field,
    fromValue: l.fromValue,
    toValue: l.toValue,
    note: l.note,
    userId: l.userId ?? null,
    userName: l.userName,
    createTime: formatDateTime(l.createdAt, zone),
  });

const docLogJson = (zone: string) => (l: { id: number; fromState: number | null; toState: number; note: string | null; userId: number | null; userName: string | null; createdAt: Date }) => ({
  id: l.id,
  fromState: l.fromState,
  toState: l.toState,
  note: l.note,
  userId: l.userId,
  userName: l.userName,
  createTime: formatDateTime(l.createdAt, zone),
});

const documentJson = (zone: string) => (d: DocumentRow) => ({
  id: d.id,
  applicationId: d.applicationId,
  type: d.type,
  name: d.name,
  state: d.state,
  dueDate: formatDate(d.dueDate),
  note: d.note,
  createTime: formatDateTime(d.createdAt, zone),
  updateTime: formatDateTime(d.updatedAt, zone),
  logs: d.logs.map(docLogJson(zone)),
});

type SaoRow = Awaited<ReturnType<typeof getSaoDocument>>;
const saoJson = (zone: string) => (d: SaoRow) => ({
  id: d.id,
  archiveId: d.archiveId,
  type: d.type,
  name: d.name,
  state: d.state,
  note: d.note,
  createTime: formatDateTime(d.createdAt, zone),
  updateTime: formatDateTime(d.updatedAt, zone),
  logs: d.logs.map(docLogJson(zone)),
});

const trackJson = (zone: string) => (t: { id: number; applicationId: number; type: number; day: Date; content: string; userId: number | null; userName: string | null; createdAt: Date }) => ({
  id: t.id,
  applicationId: t.applicationId,
  type: t.type,
  day: formatDate(t.day),
  content: t.content,
  userId: t.userId,
  userName: t.userName,
  createTime: formatDateTime(t.createdAt, zone),
});

/** Progress writes of one field: legacy path, field, and the legacy names its value may arrive under. */
const PROGRESS_PATHS: Array<[string, ProgressField, string[]]> = [
  ['updateInterview', 'interview', ['interview', 'state', 'value']],
  ['updateInquiry', 'inquiry', ['inquiry', 'state', 'value']],
  ['updateThirdInterview', 'thirdInterview', ['thirdInterview', 'state', 'value']],
  ['updateSubmitResult', 'submitResult', ['submitResult', 'state', 'value']],
  ['updateBoard', 'board', ['board', 'value']],
  ['updateGrade', 'grade', ['grade', 'value']],
  ['updateCommonApplication', 'platform', ['commonApplication', 'platform', 'value']],
];
const BATCH_PATHS = new Set(['updateInquiry', 'updateThirdInterview', 'updateInterview', 'updateSubmitResult']);

function progressBody(p: Params, field: ProgressField, names: string[]): Record<string, unknown> {
  const name = names.find((n) => p[n] !== undefined);
  return { id: p.id ?? p.applicationId, ids: p.ids ?? p.idList ?? p.applicationIds, [field]: name ? p[name] : undefined, interviewAt: p.interviewAt ?? p.interviewTime, note: p.note ?? p.remark };
}

async function paged<T, R>(req: { params: Params }, count: () => Promise<number>, rows: (skip: number, take: number) => Promise<T[]>, shape: (t: T) => R): Promise<{ data: Page<R> }> {
  const { currentPage, pageSize } = readPage(req.params);
  const [total, list] = await Promise.all([count(), rows((currentPage - 1) * pageSize, pageSize)]);
  return { data: { currentPage, pageSize, rows: total, resultList: list.map(shape) } };
}

export const applicationRoutes: RestRoute[] = [
  {
    path: '/api/admin/school/listStudentSchoolByPage',
    methods: ['POST'],
    handler: async (ctx, req) => {
      // Students' applications, e.g. "our students at this school" (condition.schoolId): a path
      // under the school's, answered here because it lists applications.
      const { currentPage, pageSize } = readPage(req.params);
      const where = await applicationsWhere(ctx, withCondition(req.params));
      const zone = ctx.actor?.timeZone ?? 'Asia/Shanghai';
      const [rows, total] = await Promise.all([
        ctx.db.application.findMany({
          where,
          orderBy: [{ schoolId: 'asc' }, ...APPLICATION_ORDER],
          skip: (currentPage - 1) * pageSize,
          take: pageSize,
          select: {
            id: true,
            archiveId: true,
            studentId: true,
            schoolId: true,
            year: true,
            grade: true,
            state: true,
            createdAt: true,
            school: { select: { name: true, chineseName: true } },
            archive: { select: { name: true, userName: true } },
          },
        }),
        ctx.db.application.count({ where }),
      ]);
      return {
        data: {
          currentPage,
          pageSize,
          rows: total,
          resultList: rows.map((r) => ({
            applicationId: r.id,
            archiveId: r.archiveId,
            userId: r.studentId,
            studentName: r.archive.name,
            userName: r.archive.userName,
            schoolId: r.schoolId,
            schoolName: r.school.name,
            chineseName: r.school.chineseName,
            year: r.year,
            grade: r.grade,
            state: r.state,
            createTime: formatDateTime(r.createdAt, zone),
          })),
        },
      };
    },
  },
  // ── application/progress: writes ──
  ...PROGRESS_PATHS.flatMap(([path, field, names]): RestRoute[] => [
    { path: `${P}/${path}`, methods: ['POST'], handler: async (ctx, req) => written(ctx, await updateProgress(ctx, field, atDoor(updateProgressInput(field), progressBody(req.params, field, names)))) },
    ...(BATCH_PATHS.has(path)
      ? [
          {
            path: `${P}/${path}Batch`,
            methods: ['POST'],
            handler: async (ctx, req) => written(ctx, await updateProgressBatch(ctx, field, atDoor(updateProgressBatchInput(field), progressBody(req.params, field, names)))),
          } satisfies RestRoute,
        ]
      : []),
  ]),
  {
    path: `${P}/updateDocState`,
    methods: ['POST'],
    handler: async (ctx, req) => {
      const p = req.params;
      return written(ctx, await updateDocState(ctx, atDoor(updateDocStateInput, { id: p.id ?? p.applicationId, docType: p.docType ?? p.type, state: p.state ?? p.docState ?? p.value, note: p.note })));
    },
  },
  {
    path: `${P}/updateDeadline`,
    methods: ['POST'],
    handler: async (ctx, req) =>
      written(ctx, await updateDeadline(ctx, atDoor(updateDeadlineInput, { id: pick(req.params, 'id', 'applicationId'), deadline: req.params.deadline === undefined ? undefined : req.params.deadline }))),
  },
  {
    path: `${P}/updateOrderNum`,
    methods: ['POST'],
    handler: async (ctx, req) => written(ctx, await updateOrderNum(ctx, atDoor(updateOrderNumInput, { id: pick(req.params, 'id', 'applicationId'), orderNum: req.params.orderNum }))),
  },
  ...(['updateState', 'updateApplyState'] as const).map((path): RestRoute => ({
    path: `${P}/${path}`,
    methods: ['POST'],
    handler: async (ctx, req) => {
      const p = req.params;
      return written(
        ctx,
        await updateApplicationState(ctx, atDoor(updateApplicationStateInput, { id: p.id ?? p.applicationId, state: p.state ?? p.status ?? p.applyState, reason: p.reason ?? p.rejectReason ?? p.note })),
      );
    },
  })),
  { path: `${P}/lock`, methods: ['POST'], handler: async (ctx, req) => written(ctx, await setApplicationLock(ctx, true, atDoor(applicationIdInput, { id: pick(req.params, 'id', 'applicationId') }))) },
  { path: `${P}/unlock`, methods: ['POST'], handler: async (ctx, req) => written(ctx, await setApplicationLock(ctx, false, atDoor(applicationIdInput, { id: pick(req.params, 'id', 'applicationId') }))) },
  {
    path: `${P}/save`,
    methods: ['POST'],
    handler: async (ctx, req) => {
      const p = req.params;
      const r = await saveApplication(ctx, atDoor(saveApplicationInput, { ...p, archiveId: p.archiveId ?? p.archivesId, platform: p.platform ?? p.commonApplication }));
      return { ...(await written(ctx, r)), message: String(r.applicationIds[0]) };
    },
  },
  {
    path: `${P}/addOrUpdate`,
    methods: ['POST'],
    handler: async (ctx, req) => {
      const p = req.params;
      const norm = (row: unknown) => {
        const r = (row && typeof row === 'object' ? row : {}) as Record<string, unknown>;
        return { ...r, archiveId: r.archiveId ?? r.archivesId, platform: r.platform ?? r.commonApplication };
      };
      return written(ctx, await addOrUpdateApplications(ctx, atDoor(addOrUpdateApplicationsInput, Array.isArray(p.list) ? { list: p.list.map(norm) } : norm(p))));
    },
  },
  // ── application/progress: reads ──
  {
    path: `${P}/list`,
    methods: ['POST'],
    handler: async (ctx, req) => {
      const where = await applicationsWhere(ctx, withCondition(req.params));
      const zone = zoneOf(ctx);
      return paged(
        req,
        () => ctx.db.application.count({ where }),
        (skip, take) => ctx.db.application.findMany({ where, orderBy: [{ archiveId: 'desc' }, ...APPLICATION_ORDER], skip, take, select: APPLICATION_ROW_SELECT }),
        (r) => applicationJson(r, zone),
      );
    },
  },
  {
    path: `${P}/list/student/process`,
    methods: ['POST'],
    handler: async (ctx, req) => {
      authorize(ctx, 'application.read');
      const c = withCondition(req.params);
      const archiveId = pick(c, 'archiveId', 'archivesId');
      if (archiveId !== undefined) return { data: await listOf(ctx, await applicationsWhere(ctx, { archiveId: await readableArchiveId(ctx, { archiveId }) })) };
      const { userId } = parseInput(z.object({ userId: dbId() }), { userId: c.userId });
      return { data: await listOf(ctx, await applicationsWhere(ctx, { studentIds: [userId] })) };
    },
  },
  {
    path: `${P}/listApplicationProgressByUserIds`,
    methods: ['POST'],
    handler: async (ctx, req) => {
      authorize(ctx, 'application.read');
      const c = withCondition(req.params);
      const { ids } = parseInput(z.object({ ids: z.array(dbId()).max(1000) }), { ids: idList(c.userIds) ?? [] });
      const rows = await listOf(ctx, await applicationsWhere(ctx, { studentIds: ids }));
      return { data: ids.map((userId) => ({ userId, list: rows.filter((r) => r.userId === userId) })) };
    },
  },
  {
    path: `${P}/getById`,
    methods: ['GET'],
    handler: async (ctx, req) => {
      const id = await readableApplicationId(ctx, req.params);
      return { data: (await rowsById(ctx, [id]))[0] };
    },
  },
  {
    path: `${P}/getStudentInfo`,
    methods: ['GET'],
    handler: async (ctx, req) => {
      const a = await studentInfo(ctx, atDoor(progressArchiveInput, { archiveId: pick(req.params, 'archiveId', 'archivesId') }));
      return {
        data: {
          archiveId: a.id,
          userId: a.studentId,
          name: a.name,
          userName: a.userName,
          enName: a.bio?.enName ?? null,
          sex: a.bio?.sex ?? 0,
          grade: a.grade,
          submitGrade: a.bio?.submitGrade ?? null,
          year: a.year,
          status: a.status,
          applyingStatus: a.applyingStatus,
          lock: a.locked,
          consultantId: a.consultant?.id ?? null,
          consultantName: a.consultant?.name ?? null,
          actingConsultantName: a.actingConsultant?.name ?? null,
          applicationCount: a._count.applications,
          bestToefl: a.bestToefl,
          bestSsatPercentile: a.bestSsatPercentile,
        },
      };
    },
  },
  {
    path: `${P}/checkSameSchoolInProgress`,
    methods: ['GET'],
    handler: async (ctx, req) => ({ data: await checkSameSchool(ctx, { archiveId: pick(req.params, 'archiveId', 'archivesId'), schoolId: req.params.schoolId, id: req.params.id }) }),
  },
  {
    path: `${P}/getSsatAndToeflScoreList`,
    methods: ['GET'],
    handler: async (ctx, req) => ({ data: (await scoreListByArchive(ctx, { archivesId: pick(req.params, 'archivesId', 'archiveId'), type: req.params.type })).map((s) => ({ ...s, examDate: formatDate(s.examDate) })) }),
  },
  {
    path: `${P}/getScoreListByStudentId`,
    methods: ['GET'],
    handler: async (ctx, req) => ({
      data: (await scoreListByStudent(ctx, atDoor(scoreListByStudentInput, { userId: req.params.userId, type: req.params.type }))).map((s) => ({ ...s, examDate: formatDate(s.examDate) })),
    }),
  },
  ...(['listProgressByArchivesId', 'listByArchivesId'] as const).map((path): RestRoute => ({
    path: `${P}/${path}`,
    methods: ['GET'],
    handler: async (ctx, req) => ({ data: await listOf(ctx, await applicationsWhere(ctx, { archiveId: await readableArchiveId(ctx, { archiveId: pick(req.params, 'archivesId', 'archiveId') }) })) }),
  })),
  {
    path: `${P}/listByArchivesIdSort`,
    methods: ['GET'],
    handler: async (ctx, req) => {
      const archiveId = await readableArchiveId(ctx, { archiveId: pick(req.params, 'archivesId', 'archiveId') });
      const rows = await listOf(ctx, await applicationsWhere(ctx, { archiveId }));
      // sortStatus 1: by state (admitted, applying, declined, rejected), then by order number.
      if (flag(req.params.sortStatus) === true) {
        const rank: Record<number, number> = { 4: 0, 1: 1, 3: 2, 2: 3 };
        rows.sort((a, b) => (rank[a.state] ?? 9) - (rank[b.state] ?? 9) || a.orderNum - b.orderNum || a.id - b.id);
      }
      return { data: rows };
    },
  },
  // ── application/doc ──
  {
    path: '/api/admin/application/doc/save',
    methods: ['POST'],
    handler: async (ctx, req) => {
      const r = await saveApplicationDocument(ctx, atDoor(saveApplicationDocumentInput, req.params));
      return { data: documentJson(zoneOf(ctx))(await getApplicationDocument(ctx, atDoor(documentIdInput, { id: r.documentIds[0] }))), message: String(r.documentIds[0]) };
    },
  },
  {
    path: '/api/admin/application/doc/saveBatch',
    methods: ['POST'],
    handler: async (ctx, req) => {
      const r = await saveApplicationDocumentsBatch(ctx, req.params);
      return { data: { ids: r.documentIds, logIds: r.logIds } };
    },
  },
  {
    path: '/api/admin/application/doc/getById',
    methods: ['GET'],
    handler: async (ctx, req) => ({ data: documentJson(zoneOf(ctx))(await getApplicationDocument(ctx, atDoor(documentIdInput, { id: req.params.id }))) }),
  },
  {
    path: '/api/admin/application/doc/log/listByCondition',
    methods: ['POST'],
    handler: async (ctx, req) => {
      const where = await documentLogsWhere(ctx, atDoor(documentLogsInput, withCondition(req.params)));
      const zone = zoneOf(ctx);
      return paged(
        req,
        () => ctx.db.applicationDocumentLog.count({ where }),
        (skip, take) =>
          ctx.db.applicationDocumentLog.findMany({ where, skip, take, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], include: { document: { select: { id: true, name: true, type: true, applicationId: true } } } }),
        (l) => ({ ...docLogJson(zone)(l), documentId: l.document.id, documentName: l.document.name, type: l.document.type, applicationId: l.document.applicationId }),
      );
    },
  },
  // ── sao/doc ──
  {
    path: '/api/admin/sao/doc/getById',
    methods: ['GET'],
    handler: async (ctx, req) => ({ data: saoJson(zoneOf(ctx))(await getSaoDocument(ctx, atDoor(saoDocumentIdInput, { id: req.params.id }))) }),
  },
  {
    path: '/api/admin/sao/doc/listSaoDocByArchiveId',
    methods: ['GET'],
    handler: async (ctx, req) => ({ data: (await saoDocumentsOfArchive(ctx, atDoor(progressArchiveInput, { archiveId: pick(req.params, 'archiveId', 'archivesId') }))).map(saoJson(zoneOf(ctx))) }),
  },
  {
    path: '/api/admin/sao/doc/save',
    methods: ['POST'],
    handler: async (ctx, req) => {
      const r = await saveSaoDocument(ctx, atDoor(saveSaoDocumentInput, { ...req.params, archiveId: pick(req.params, 'archiveId', 'archivesId') }));
      return { data: saoJson(zoneOf(ctx))(await getSaoDocument(ctx, atDoor(saoDocumentIdInput, { id: r.saoDocumentId }))), message: String(r.saoDocumentId) };
    },
  },
  {
    path: '/api/admin/sao/doc/log/listByCondition',
    methods: ['POST'],
    handler: async (ctx, req) => {
      const where = await saoLogsWhere(ctx, atDoor(saoLogsInput, withCondition(req.params)));
      const zone = zoneOf(ctx);
      return paged(
        req,
        () => ctx.db.saoDocumentLog.count({ where }),
        (skip, take) =>
          ctx.db.saoDocumentLog.findMany({ where, skip, take, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], include: { saoDocument: { select: { id: true, name: true, type: true, archiveId: true } } } }),
        (l) => ({ ...docLogJson(zone)(l), saoDocumentId: l.saoDocument.id, documentName: l.saoDocument.name, type: l.saoDocument.type, archiveId: l.saoDocument.archiveId }),
      );
    },
  },
  // ── overall/progress ──
  {
    path: '/api/admin/overall/progress/listVoByPage',
    methods: ['POST'],
    // The lean read (overall.service.ts): the page's ids through the visibility rule, then one
    // statement with every student's applications aggregated as JSON by PostgreSQL.
    handler: async (ctx, req) => {
      const filter = atDoor(overallFilterSchema, withCondition(req.params));
      const zone = zoneOf(ctx);
      return paged(
        req,
        () => overallProgressCount(ctx, filter),
        (skip, take) => overallProgressPage(ctx, filter, { skip, take }),
        (a) => {
          const list = a.applications.map((r) => overallApplicationJson(r, a, zone));
          const count = (s: number) => list.filter((x) => x.state === s).length;
          return {
            archiveId: a.id,
            userId: a.studentId,
            name: a.name,
            userName: a.userName,
            grade: a.grade,
            year: a.year,
            applyingStatus: a.applyingStatus,
            consultantId: a.consultantId,
            consultantName: a.consultantName,
            total: list.length,
            applying: count(1),
            schoolRejected: count(2),
            studentRejected: count(3),
            approved: count(4),
            progress: a.progress,
            applicationList: list,
          };
        },
      );
    },
  },
  {
    path: '/api/admin/overall/progress/listDocAndLogs',
    methods: ['GET'],
    handler: async (ctx, req) => ({ data: (await documentsOfApplication(ctx, { applicationId: req.params.applicationId, type: req.params.type })).map(documentJson(zoneOf(ctx))) }),
  },
  {
    path: '/api/admin/overall/progress/interviewLogs',
    methods: ['GET'],
    handler: async (ctx, req) => ({ data: (await interviewLogs(ctx, atDoor(progressApplicationInput, { applicationId: req.params.applicationId }))).map(logJson(zoneOf(ctx))) }),
  },
  {
    path: '/api/admin/overall/progress/detail',
    methods: ['GET'],
    handler: async (ctx, req) => {
      const id = await readableApplicationId(ctx, { applicationId: pick(req.params, 'applicationId', 'id') }, 'applicationId');
      const zone = zoneOf(ctx);
      const [row] = await rowsById(ctx, [id]);
      if (!row) throw new NotFoundError();
      const [documents, logs, tracks] = await Promise.all([
        documentsOfApplication(ctx, { applicationId: id }),
        ctx.db.applicationLog.findMany({ where: { applicationId: id }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] }),
        ctx.db.progressTrack.findMany({ where: { applicationId: id }, orderBy: [{ day: 'desc' }, { id: 'desc' }] }),
      ]);
      return { data: { ...row, documents: documents.map(documentJson(zone)), logs: logs.map(logJson(zone)), tracks: tracks.map(trackJson(zone)) } };
    },
  },
  // ── progress/track ──
  {
    path: '/api/admin/progress/track/getByApplicationIdAndType',
    methods: ['GET'],
    handler: async (ctx, req) => ({ data: (await tracksOf(ctx, { applicationId: req.params.applicationId, type: req.params.type })).map(trackJson(zoneOf(ctx))) }),
  },
  {
    path: '/api/admin/progress/track/save',
    methods: ['POST'],
    handler: async (ctx, req) => {
      const r = await saveProgressTrack(ctx, atDoor(saveProgressTrackInput, req.params));
      const t = await ctx.db.progressTrack.findUniqueOrThrow({ where: { id: r.trackId } });
      return { data: trackJson(zoneOf(ctx))(t), message: String(r.trackId) };
    },
  },
  {
    path: '/api/admin/progress/track/getDailyUpdateByApplicationId',
    methods: ['GET'],
    handler: async (ctx, req) => {
      const zone = zoneOf(ctx);
      const days = await dailyUpdates(ctx, atDoor(progressApplicationInput, { applicationId: req.params.applicationId }));
      return {
        data: days.map((d) => ({
          day: d.day,
          tracks: d.tracks.map((t) => ({ ...t, createTime: formatDateTime(t.createdAt, zone), createdAt: undefined })),
          logs: d.logs.map(logJson(zone)),
        })),
      };
    },
  },
];
