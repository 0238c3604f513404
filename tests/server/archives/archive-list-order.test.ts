/**
 * The archive list in the server's orders (issue 18: sortable columns): each `ArchiveOrder`
 * answers the rows in that order, page after page (the cursor is the id; ties are broken by the
 * id, so no row is repeated or skipped), the export follows the order, and an unknown order is
 * refused as bad input.
 */
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { gql } from '../../helpers/app.ts';
import { admin, t, useSuite } from '../../helpers/suite.ts';

useSuite('admin');

type Node = { databaseId: number };
type Page = { archives: { totalCount: number; pageInfo: { hasNextPage: boolean; endCursor: string | null }; edges: Array<{ node: Node }> } };
const LIST = `query($f: ArchiveFilter, $o: ArchiveOrder, $after: String, $first: Int = 4) {
  archives(first: $first, filter: $f, order: $o, after: $after) { totalCount pageInfo { hasNextPage endCursor } edges { node { databaseId } } }
}`;
const FILTER = { search: '排序测试' };

type Made = { id: number; name: string; userName: string | null; grade: number | null; year: number | null; consultant: string | null; status: number; sales: string | null; updatedAt: Date };
const made: Made[] = [];

/** Every page of an order, 4 rows at a time. */
async function allPages(order: string | null, first = 4): Promise<number[]> {
  const ids: number[] = [];
  let after: string | null = null;
  for (let i = 0; i < 40; i++) {
    const res: { body: { data?: Page; errors?: unknown } } = await gql<Page>(t, LIST, { f: FILTER, o: order, after, first }, { token: admin });
    expect(res.body.errors).toBeUndefined();
    const page: Page['archives'] = res.body.data!.archives;
    expect(page.totalCount).toBe(made.length);
    ids.push(...page.edges.map((e) => e.node.databaseId));
    if (!page.pageInfo.hasNextPage) return ids;
    after = page.pageInfo.endCursor;
  }
  throw new Error('more pages than rows');
}

// What the order means, written out: empty values last (the consultant's name: an archive
// without a consultant comes last A→Z and first Z→A, as the database sorts a missing relation).
const cmp = (a: string | number | null, b: string | number | null, dir: 1 | -1, nullsLast = true): number => {
  if (a === b) return 0;
  if (a === null) return nullsLast ? 1 : dir;
  if (b === null) return nullsLast ? -1 : -dir;
  return (a < b ? -1 : 1) * dir;
};
const byId = (dir: 1 | -1) => (a: Made, b: Made) => (a.id - b.id) * dir;
const expected: Record<string, (a: Made, b: Made) => number> = {
  NEWEST: byId(-1),
  OLDEST: byId(1),
  NAME: (a, b) => cmp(a.userName, b.userName, 1) || cmp(a.name, b.name, 1) || byId(1)(a, b),
  NAME_DESC: (a, b) => cmp(a.userName, b.userName, -1) || cmp(a.name, b.name, -1) || byId(-1)(a, b),
  GRADE: (a, b) => cmp(a.grade, b.grade, 1) || byId(-1)(a, b),
  GRADE_DESC: (a, b) => cmp(a.grade, b.grade, -1) || byId(-1)(a, b),
  YEAR: (a, b) => cmp(a.year, b.year, 1) || byId(-1)(a, b),
  YEAR_DESC: (a, b) => cmp(a.year, b.year, -1) || byId(-1)(a, b),
  CONSULTANT: (a, b) => cmp(a.consultant, b.consultant, 1, false) || byId(-1)(a, b),
  CONSULTANT_DESC: (a, b) => cmp(a.consultant, b.consultant, -1, false) || byId(-1)(a, b),
  UPDATED: (a, b) => cmp(a.updatedAt.getTime(), b.updatedAt.getTime(), 1) || byId(1)(a, b),
  UPDATED_DESC: (a, b) => cmp(a.updatedAt.getTime(), b.updatedAt.getTime(), -1) || byId(-1)(a, b),
  STATUS: (a, b) => cmp(a.status, b.status, 1) || byId(-1)(a, b),
  STATUS_DESC: (a, b) => cmp(a.status, b.status, -1) || byId(-1)(a, b),
  SALESPERSON: (a, b) => cmp(a.sales, b.sales, 1, false) || byId(-1)(a, b),
  SALESPERSON_DESC: (a, b) => cmp(a.sales, b.sales, -1, false) || byId(-1)(a, b),
};

beforeAll(async () => {
  await t.startJobs();
  const consultants = [];
  for (const n of ['Sortcons B', 'Sortcons A', 'Sortsales B', 'Sortsales A']) consultants.push(await t.db.user.create({ data: { type: 1, name: n, state: 1 } }));
  // Ties on purpose: equal grades, years, pinyin names, consultants and change times; some empty.
  const rows: Array<Omit<Made, 'id' | 'name' | 'updatedAt' | 'status' | 'sales'> & { updated: number }> = [
    { userName: 'Zhao Yi', grade: 9, year: 2027, consultant: 'Sortcons A', updated: 3 },
    { userName: 'Li Er', grade: 10, year: null, consultant: null, updated: 1 },
    { userName: null, grade: 9, year: 2026, consultant: 'Sortcons B', updated: 3 },
    { userName: 'Li Er', grade: null, year: 2027, consultant: 'Sortcons A', updated: 2 },
    { userName: 'Wang San', grade: 11, year: 2026, consultant: 'Sortcons B', updated: 1 },
    { userName: 'An Si', grade: 9, year: 2028, consultant: null, updated: 5 },
    { userName: null, grade: 12, year: 2027, consultant: 'Sortcons A', updated: 4 },
    { userName: 'Zhao Yi', grade: 10, year: 2026, consultant: 'Sortcons B', updated: 3 },
    { userName: 'Chen Wu', grade: 8, year: null, consultant: 'Sortcons A', updated: 2 },
    { userName: 'Li Er', grade: 10, year: 2028, consultant: null, updated: 6 },
  ];
  for (const [i, r] of rows.entries()) {
    const name = `排序测试${String(9 - i).padStart(2, '0')}`;
    const student = await t.db.user.create({ data: { type: 3, name, state: 1 } });
    const consultantId = consultants.find((c) => c.name === r.consultant)?.id ?? null;
    // Status 1-4 and the salesperson (some without) repeat with other periods than the rest: ties again.
    const status = (i % 4) + 1;
    const sales = [null, 'Sortsales B', 'Sortsales A'][i % 3] ?? null;
    const salesId = consultants.find((c) => c.name === sales)?.id ?? null;
    const updatedAt = new Date(Date.UTC(2026, 0, r.updated));
    const a = await t.db.archive.create({ data: { studentId: student.id, name, userName: r.userName, searchName: `${name} paixu`, grade: r.grade, year: r.year, consultantId, salesId, status } });
    // updatedAt is @updatedAt: set it by SQL so the ties stay.
    await t.db.$executeRaw`UPDATE archives SET updated_at = ${updatedAt} WHERE id = ${a.id}`;
    made.push({ id: a.id, name, userName: r.userName, grade: r.grade, year: r.year, consultant: r.consultant, status, sales, updatedAt });
  }
});

describe('the archive list in order', () => {
  it.each(Object.keys(expected))('%s answers every row once, in order, across pages of 1, 3 and 4 (a page may end on an empty value)', async (order) => {
    const want = [...made].sort(expected[order]).map((m) => m.id);
    for (const first of [1, 3, 4]) expect(await allPages(order, first)).toEqual(want);
  });

  it('is newest first without an order', async () => {
    expect(await allPages(null)).toEqual([...made].sort(byId(-1)).map((m) => m.id));
  });

  it('exports the rows in the order asked for', async () => {
    const q = `query($f: ArchiveFilter, $o: ArchiveOrder) { archiveExport(filter: $f, order: $o) { __typename ... on ArchiveExport { base64 count } } }`;
    const res = await gql<{ archiveExport: { base64: string; count: number } }>(t, q, { f: FILTER, o: 'GRADE_DESC' }, { token: admin });
    expect(res.body.errors).toBeUndefined();
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(res.body.data!.archiveExport.base64, 'base64') as never);
    const sheet = book.worksheets[0]!;
    const ids: number[] = [];
    sheet.eachRow((row, n) => n > 1 && ids.push(Number(row.getCell(1).value)));
    expect(ids).toEqual([...made].sort(expected.GRADE_DESC).map((m) => m.id));
  });

  it('refuses an unknown order as bad input', async () => {
    const res = await gql(t, LIST, { f: FILTER, o: 'SHOE_SIZE' }, { token: admin });
    expect(res.body.data ?? null).toBeNull();
    expect(res.body.errors?.[0]?.message).toMatch(/SHOE_SIZE/);
  });
});
