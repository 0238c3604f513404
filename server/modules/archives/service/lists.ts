import type { ServiceContext } from '../../../context.ts';
import type { Prisma } from '../../../generated/prisma/client.ts';
import { searchText } from '../../../lib/text.ts';
import { parseInput, z } from '../../../lib/validate.ts';
import { authorize } from '../../../policy.ts';
import { archiveScope, visibleArchivesWhere } from '../archives.policy.ts';
import { parseGrade, parseYear } from './overview.ts';

/** Archive lists: the filter both doors use, and the order. */
/** A list filter; the legacy door passes its values as read (rest/params.ts), checked here. */
export type ArchiveListFilter = {
  status?: unknown;
  consultantId?: unknown;
  salesId?: unknown;
  year?: unknown;
  grade?: unknown;
  search?: string | null;
  locked?: unknown;
  applyingStatus?: unknown;
  sale?: unknown;
  ids?: number[] | null;
  /** Where the archive's verification stands (one open task per archive at most). */
  verification?: ArchiveVerificationState | null;
};

/**
 * An archive's verification state: never submitted (NONE), its open task not looked at yet
 * (UNVERIFIED) or sent back (VERIFYING), or every task verified (VERIFIED). An archive has at
 * most one open task (createVerification refuses a second), so the states do not overlap.
 */
export type ArchiveVerificationState = 'NONE' | 'UNVERIFIED' | 'VERIFYING' | 'VERIFIED';

function verificationWhere(state: ArchiveVerificationState): Prisma.ArchiveWhereInput {
  if (state === 'NONE') return { examines: { none: {} } };
  if (state === 'UNVERIFIED') return { examines: { some: { status: 0 } } };
  if (state === 'VERIFYING') return { examines: { some: { status: 1 } } };
  return { AND: [{ examines: { some: {} } }, { examines: { none: { status: { in: [0, 1] } } } }] };
}

const whole = () => z.number().int().nullish();
const filterSchema = z.object({ status: whole(), consultantId: whole(), salesId: whole(), applyingStatus: whole(), sale: whole(), locked: z.boolean().nullish() });

/** Visible, live archives matching a filter (both doors). The apply year must be numeric. */
export async function archivesWhere(ctx: ServiceContext, f: ArchiveListFilter = {}): Promise<Prisma.ArchiveWhereInput> {
  authorize(ctx, 'archive.read');
  const scope = await archiveScope(ctx);
  const and: Prisma.ArchiveWhereInput[] = [visibleArchivesWhere(scope)];
  const checked = parseInput(filterSchema, { status: f.status, consultantId: f.consultantId, salesId: f.salesId, applyingStatus: f.applyingStatus, sale: f.sale, locked: f.locked });
  f = { ...f, ...checked };
  const year = parseYear(f.year);
  const grade = parseGrade(f.grade);
  if (f.status) and.push({ status: f.status });
  if (f.consultantId) and.push({ OR: [{ consultantId: f.consultantId }, { actingConsultantId: f.consultantId }] });
  if (f.salesId) and.push({ salesId: f.salesId });
  if (year) and.push({ year });
  if (grade) and.push({ grade });
  if (f.locked !== undefined && f.locked !== null) and.push({ locked: f.locked });
  if (f.applyingStatus) and.push({ applyingStatus: f.applyingStatus });
  if (f.sale) and.push({ sale: f.sale });
  if (f.ids) and.push({ id: { in: f.ids } });
  if (f.verification) and.push(verificationWhere(f.verification));
  const q = searchText(f.search);
  if (q) and.push({ searchName: { contains: q.toLowerCase() } });
  return { AND: and };
}

export const ARCHIVE_ORDER: Prisma.ArchiveOrderByWithRelationInput[] = [{ id: 'desc' }];

/** The orders of the archive list (GraphQL ArchiveOrder; the export takes the same). */
export type ArchiveOrder =
  | 'NEWEST'
  | 'OLDEST'
  | 'NAME'
  | 'NAME_DESC'
  | 'GRADE'
  | 'GRADE_DESC'
  | 'YEAR'
  | 'YEAR_DESC'
  | 'CONSULTANT'
  | 'CONSULTANT_DESC'
  | 'UPDATED'
  | 'UPDATED_DESC'
  | 'STATUS'
  | 'STATUS_DESC'
  | 'SALESPERSON'
  | 'SALESPERSON_DESC';

type By = Prisma.ArchiveOrderByWithRelationInput;
const last = (sort: 'asc' | 'desc') => ({ sort, nulls: 'last' as const });

/**
 * Each order ends with the id, so ties (same grade, same name) always come in the same order and
 * the cursor of a page (the id) names one place in the list. Empty values (no grade, no year,
 * no pinyin) come last in both directions; an archive without a consultant or salesperson comes
 * last A→Z and first Z→A (as the database sorts a missing relation). The name order is the pinyin or
 * English name (`userName`; the database cannot sort Chinese characters by pinyin), then the
 * Chinese name.
 */
const ORDER_BY: Record<ArchiveOrder, By[]> = {
  NEWEST: ARCHIVE_ORDER,
  OLDEST: [{ id: 'asc' }],
  NAME: [{ userName: last('asc') }, { name: 'asc' }, { id: 'asc' }],
  NAME_DESC: [{ userName: last('desc') }, { name: 'desc' }, { id: 'desc' }],
  GRADE: [{ grade: last('asc') }, ...ARCHIVE_ORDER],
  GRADE_DESC: [{ grade: last('desc') }, ...ARCHIVE_ORDER],
  YEAR: [{ year: last('asc') }, ...ARCHIVE_ORDER],
  YEAR_DESC: [{ year: last('desc') }, ...ARCHIVE_ORDER],
  CONSULTANT: [{ consultant: { name: 'asc' } }, ...ARCHIVE_ORDER],
  CONSULTANT_DESC: [{ consultant: { name: 'desc' } }, ...ARCHIVE_ORDER],
  UPDATED: [{ updatedAt: 'asc' }, { id: 'asc' }],
  UPDATED_DESC: [{ updatedAt: 'desc' }, ...ARCHIVE_ORDER],
  // The status codes run in the archive's life: unpublished, published, suspended, archived.
  STATUS: [{ status: 'asc' }, ...ARCHIVE_ORDER],
  STATUS_DESC: [{ status: 'desc' }, ...ARCHIVE_ORDER],
  SALESPERSON: [{ sales: { name: 'asc' } }, ...ARCHIVE_ORDER],
  SALESPERSON_DESC: [{ sales: { name: 'desc' } }, ...ARCHIVE_ORDER],
};

/** The Prisma order of a list order (newest first when none is given). */
export const archiveOrderBy = (order: ArchiveOrder | null | undefined): By[] => (order && ORDER_BY[order]) || ARCHIVE_ORDER;

/** The Z→A orders on a person: archives without that person come first, then by the id, newest first. */
const MISSING_FIRST: Partial<Record<ArchiveOrder, 'consultantId' | 'salesId'>> = { CONSULTANT_DESC: 'consultantId', SALESPERSON_DESC: 'salesId' };

/** What the GraphQL connection hands over: Prisma's `include`/`select`, `cursor`, `skip` and `take`. */
type PageQuery = { cursor?: { id: number }; skip?: number; take?: number } & Record<string, unknown>;

/**
 * One page of the archive list in `order`. Prisma's cursor cannot continue from a row whose
 * relation sort key is missing when the missing ones come first (a Z→A order on the consultant
 * or salesperson: the page after an archive without one came back empty). For a forward page
 * after such a row this reads the rest of the "without" block (by id, as the order has it),
 * then the archives with one, in two statements; every other page is Prisma's own.
 */
export async function archivePage(db: ServiceContext['db'], query: PageQuery, where: Prisma.ArchiveWhereInput, order: ArchiveOrder | null | undefined) {
  const orderBy = archiveOrderBy(order);
  const missing = order ? MISSING_FIRST[order] : undefined;
  const after = query.cursor?.id;
  const take = query.take ?? 0;
  if (missing && after !== undefined && take > 0) {
    const cursorRow = await db.archive.findUnique({ where: { id: after }, select: { consultantId: true, salesId: true } });
    if (cursorRow && cursorRow[missing] === null) {
      const { cursor: _cursor, skip: _skip, take: _take, ...rest } = query;
      const without = await db.archive.findMany({ ...rest, where: { AND: [where, { [missing]: null }, { id: { lt: after } }] }, orderBy: ARCHIVE_ORDER, take });
      if (without.length >= take) return without;
      const withOne = await db.archive.findMany({ ...rest, where: { AND: [where, { [missing]: { not: null } }] }, orderBy, take: take - without.length });
      return [...without, ...withOne];
    }
  }
  return db.archive.findMany({ ...query, where, orderBy });
}
