import type { ServiceContext } from '../../context.ts';
import type { Parsed, z } from '../../lib/validate.ts';
import { Prisma, type Application } from '../../generated/prisma/client.ts';
import { applicationProgress } from './applications.service.ts';
import { OVERALL_ORDER, overallProgressWhere, type overallFilterSchema } from './progress.service.ts';

/**
 * The overall-progress view (every student with applications, and each application's
 * progress), read lean for both doors:
 *
 * 1. the page of archive ids, through the one visibility rule (`overallProgressWhere`, built
 *    on the archives area's `visibleArchivesWhere`), as a Prisma query that reads ids only;
 * 2. one SQL statement that reads those students and aggregates each one's applications as
 *    JSON in PostgreSQL (`json_agg` of positional arrays: every application column, the
 *    school's name, Chinese name and country), grouped once over the page's applications.
 *
 * The answer is mapped once into plain rows (`OverallStudent`) that GraphQL and the legacy
 * door shape without further reads: no per-row Prisma hydration, no statement per row.
 * Reading the ids through Prisma keeps the visibility rule in one place instead of a second,
 * SQL copy of it that could drift (docs/schools.md, "Performance").
 */

/** An application of the view: every column of the row, the school's names, and its progress. */
export type OverallApplication = Application & { schoolName: string; schoolChineseName: string | null; country: string | null; progress: number };

export type OverallStudent = {
  id: number;
  studentId: number;
  name: string;
  userName: string | null;
  grade: number | null;
  year: number | null;
  applyingStatus: number;
  consultantId: number | null;
  consultantName: string | null;
  /** Average progress of the applications, percent (0 without applications). */
  progress: number;
  applications: OverallApplication[];
};

type Kind = 'value' | 'instant';

/**
 * Every application column (archiveId comes from the student row), in the order of the JSON
 * array. Typed against the model so a new column fails the type check until it is read here.
 * Instants travel as epoch milliseconds (exact for timestamptz(3) and dates, independent of the
 * session's zone).
 */
const APPLICATION_COLUMNS = {
  id: ['p.id', 'value'],
  studentId: ['p.student_id', 'value'],
  schoolId: ['p.school_id', 'value'],
  year: ['p.year', 'value'],
  state: ['p.state', 'value'],
  rejectReason: ['p.reject_reason', 'value'],
  studentDocState: ['p.student_doc_state', 'value'],
  interviewDocState: ['p.interview_doc_state', 'value'],
  parentDocState: ['p.parent_doc_state', 'value'],
  recommendDocState: ['p.recommend_doc_state', 'value'],
  replenishDocState: ['p.replenish_doc_state', 'value'],
  interview: ['p.interview', 'value'],
  interviewAt: ['p.interview_at', 'instant'],
  inquiry: ['p.inquiry', 'value'],
  thirdInterview: ['p.third_interview', 'value'],
  submitResult: ['p.submit_result', 'value'],
  board: ['p.board', 'value'],
  grade: ['p.grade', 'value'],
  deadline: ['p.deadline', 'instant'],
  platform: ['p.platform', 'value'],
  orderNum: ['p.order_num', 'value'],
  locked: ['p.locked', 'value'],
  lockedAt: ['p.locked_at', 'instant'],
  lockedByName: ['p.locked_by_name', 'value'],
  note: ['p.note', 'value'],
  createdById: ['p.created_by_id', 'value'],
  createdAt: ['p.created_at', 'instant'],
  updatedAt: ['p.updated_at', 'instant'],
  schoolName: ['s.name', 'value'],
  schoolChineseName: ['s.chinese_name', 'value'],
  country: ['s.country', 'value'],
} as const satisfies Record<Exclude<keyof OverallApplication, 'archiveId' | 'progress'>, readonly [string, Kind]>;

const KEYS = Object.keys(APPLICATION_COLUMNS) as Array<keyof typeof APPLICATION_COLUMNS>;
const INSTANT = KEYS.map((k) => APPLICATION_COLUMNS[k][1] === 'instant');
const ARRAY_SQL = KEYS.map((k) => {
  const [column, kind] = APPLICATION_COLUMNS[k];
  return kind === 'instant' ? `(extract(epoch from ${column}) * 1000)::bigint` : column;
}).join(', ');

/** The students of `ids`, in that order, each with its applications (by order number, then id). */
const studentsSql = (ids: number[]) => Prisma.sql`
  WITH apps AS (
    SELECT p.archive_id, json_agg(json_build_array(${Prisma.raw(ARRAY_SQL)}) ORDER BY p.order_num, p.id) AS list
    FROM applications p JOIN schools s ON s.id = p.school_id
    WHERE p.archive_id = ANY(${ids}::int[])
    GROUP BY p.archive_id
  )
  SELECT a.id, a.student_id, a.name, a.user_name, a.grade, a.year, a.applying_status, a.consultant_id, u.name AS consultant_name, apps.list
  FROM unnest(${ids}::int[]) WITH ORDINALITY AS page(id, n)
  JOIN archives a ON a.id = page.id
  LEFT JOIN users u ON u.id = a.consultant_id
  LEFT JOIN apps ON apps.archive_id = a.id
  ORDER BY page.n`;

type StudentRow = {
  id: number;
  student_id: number;
  name: string;
  user_name: string | null;
  grade: number | null;
  year: number | null;
  applying_status: number;
  consultant_id: number | null;
  consultant_name: string | null;
  list: unknown[][] | string | null;
};

const instant = (v: unknown): Date | null => (v === null ? null : new Date(v as number));

/**
 * One application from its JSON array, as one object literal (one shape for every row, about
 * six times faster than assigning the keys in a loop); its order is checked against
 * APPLICATION_COLUMNS when this module loads.
 */
function applicationOf(archiveId: number, v: unknown[]): OverallApplication {
  const app = {
    archiveId,
    id: v[0],
    studentId: v[1],
    schoolId: v[2],
    year: v[3],
    state: v[4],
    rejectReason: v[5],
    studentDocState: v[6],
    interviewDocState: v[7],
    parentDocState: v[8],
    recommendDocState: v[9],
    replenishDocState: v[10],
    interview: v[11],
    interviewAt: instant(v[12]),
    inquiry: v[13],
    thirdInterview: v[14],
    submitResult: v[15],
    board: v[16],
    grade: v[17],
    deadline: instant(v[18]),
    platform: v[19],
    orderNum: v[20],
    locked: v[21],
    lockedAt: instant(v[22]),
    lockedByName: v[23],
    note: v[24],
    createdById: v[25],
    createdAt: instant(v[26]),
    updatedAt: instant(v[27]),
    schoolName: v[28],
    schoolChineseName: v[29],
    country: v[30],
    progress: 0,
  } as OverallApplication;
  app.progress = applicationProgress(app);
  return app;
}

// The literal above reads each key at its index in APPLICATION_COLUMNS, or the module refuses to load.
{
  const probe = applicationOf(
    -1,
    KEYS.map((_k, i) => i + 1),
  ) as unknown as Record<string, unknown>;
  const wrong = KEYS.filter((k, i) => {
    const got = probe[k];
    return (INSTANT[i] ? (got as Date | null)?.getTime() : got) !== i + 1;
  });
  if (wrong.length || Object.keys(probe).length !== KEYS.length + 2) throw new Error(`overall.service: applicationOf disagrees with APPLICATION_COLUMNS (${wrong.join(', ')})`);
}

/**
 * The students of `ids` (already proved visible by the caller's page query), in that order.
 * One statement; ids that are not archives are skipped.
 */
export async function overallStudents(ctx: ServiceContext, ids: number[]): Promise<OverallStudent[]> {
  if (!ids.length) return [];
  const rows = await ctx.db.$queryRaw<StudentRow[]>(studentsSql(ids));
  return rows.map((r) => {
    const list = typeof r.list === 'string' ? (JSON.parse(r.list) as unknown[][]) : (r.list ?? []);
    const applications = list.map((values) => applicationOf(r.id, values));
    return {
      id: r.id,
      studentId: r.student_id,
      name: r.name,
      userName: r.user_name,
      grade: r.grade,
      year: r.year,
      applyingStatus: r.applying_status,
      consultantId: r.consultant_id,
      consultantName: r.consultant_name,
      progress: applications.length ? Math.round(applications.reduce((s, x) => s + x.progress, 0) / applications.length) : 0,
      applications,
    };
  });
}

export type OverallPageArgs = { take: number; skip: number; cursor?: { id: number } };

/** The view's filter, parsed at the door with `overallFilterSchema` (progress.service.ts). */
type OverallFilter = Parsed<z.output<typeof overallFilterSchema>>;

/** The ids of one page of the view, newest archive first, through the visibility rule. */
export async function overallProgressIds(ctx: ServiceContext, filter: OverallFilter, page: OverallPageArgs): Promise<number[]> {
  const where = await overallProgressWhere(ctx, filter);
  const rows = await ctx.db.archive.findMany({ where, orderBy: OVERALL_ORDER, select: { id: true }, take: page.take, skip: page.skip, ...(page.cursor ? { cursor: page.cursor } : {}) });
  return rows.map((r) => r.id);
}

/** How many students the view lists for the filter. */
export async function overallProgressCount(ctx: ServiceContext, filter: OverallFilter): Promise<number> {
  return ctx.db.archive.count({ where: await overallProgressWhere(ctx, filter) });
}

/** One page of the view: two statements whatever the page size (ids, then the students). */
export async function overallProgressPage(ctx: ServiceContext, filter: OverallFilter, page: OverallPageArgs): Promise<OverallStudent[]> {
  return overallStudents(ctx, await overallProgressIds(ctx, filter, page));
}
