/**
 * The overall-progress view on both doors (GraphQL `overallProgress`, legacy
 * `overall/progress/listVoByPage`): it is read lean, in one statement, so these tests hold it
 * to what the row-by-row reads answer — every application field as `node(id:)` gives it, every
 * legacy row as `application/progress/getById` gives it — and to the visibility rule and the
 * paging of a connection.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, gql, loginRest, rest, type TestApp } from '../../helpers/app.ts';
import { expectNoInternals } from '../support.ts';
import { makeArchive, tokens, userId, type Tokens } from '../schools/support.ts';

let t: TestApp;
let tk: Tokens;
let nyToken: string;
const mine: number[] = [];
const theirs: number[] = [];

/** The archives a consultant consults or acts for that have applications, newest first (the rule the view must follow). */
async function consultedWithApplications(account: string): Promise<number[]> {
  const id = await userId(t, account);
  const rows = await t.db.archive.findMany({ where: { deletedAt: null, OR: [{ consultantId: id }, { actingConsultantId: id }], applications: { some: {} } }, orderBy: { id: 'desc' }, select: { id: true } });
  return rows.map((r) => r.id);
}

const APP = `id databaseId archiveDatabaseId year state stateLabel rejectReason studentDocState interviewDocState parentDocState recommendDocState replenishDocState
  interview interviewAt inquiry thirdInterview submitResult board grade deadline platform orderNum locked lockedAt lockedByName note progress createdAt updatedAt
  school { id databaseId name chineseName country } archive { id name }`;
const STUDENT = `archiveId archiveDatabaseId name userName grade year progress consultant { id name } applications { ${APP} }`;
const VIEW = `query($first: Int, $after: String, $last: Int, $before: String, $filter: OverallProgressFilter) {
  overallProgress(first: $first, after: $after, last: $last, before: $before, filter: $filter) {
    totalCount pageInfo { startCursor endCursor hasNextPage hasPreviousPage } edges { cursor node { ${STUDENT} } } } }`;

type App = Record<string, unknown> & { id: string; databaseId: number; progress: number };
type Student = { archiveDatabaseId: number; name: string; progress: number; consultant: { name: string } | null; applications: App[] };
type View = { totalCount: number; pageInfo: { startCursor: string | null; endCursor: string | null; hasNextPage: boolean; hasPreviousPage: boolean }; edges: Array<{ cursor: string; node: Student }> };

async function view(token: string, vars: Record<string, unknown>): Promise<View> {
  const res = await gql<{ overallProgress: View }>(t, VIEW, vars, { token });
  expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
  return res.body.data?.overallProgress as View;
}

type LegacyStudent = {
  archiveId: number;
  consultantName: string | null;
  total: number;
  applying: number;
  approved: number;
  progress: number;
  applicationList: Array<Record<string, unknown> & { id: number; state: number; progress: number }>;
};
type LegacyPage = { currentPage: number; pageSize: number; rows: number; resultList: LegacyStudent[] };

async function legacyPage(token: string, body: unknown): Promise<LegacyPage> {
  const res = await rest<LegacyPage>(t, '/api/admin/overall/progress/listVoByPage.htm', { json: body, token });
  expect(res.body.status, res.body.message).toBe('success');
  return res.body.data;
}

/** An archive with `n` applications whose every column is set, some of them to values the seed never writes. */
async function studentWithApplications(consultant: string, n: number, yearOffset = 0): Promise<number> {
  const a = await makeArchive(t, consultant);
  const schools = await t.db.school.findMany({ orderBy: { id: 'asc' }, take: n, skip: 3 * yearOffset, select: { id: true } });
  for (const [i, s] of schools.entries()) {
    await t.db.application.create({
      data: {
        archiveId: a.id,
        studentId: a.studentId,
        schoolId: s.id,
        year: 2027,
        state: 1 + ((a.id + i) % 4),
        rejectReason: i % 2 ? '名额已满' : null,
        studentDocState: i % 4,
        interviewDocState: (i + 1) % 4,
        parentDocState: (i + 2) % 4,
        recommendDocState: (i + 3) % 4,
        replenishDocState: i % 3,
        interview: i % 5,
        interviewAt: i % 2 ? new Date(Date.UTC(2026, 9, 3 + i, 1 + i, 30, 15, 123)) : null,
        inquiry: i % 3,
        thirdInterview: i % 4,
        submitResult: i % 3,
        board: i % 3 ? 1 + (i % 2) : null,
        grade: i % 2 ? 9 : null,
        deadline: i % 3 ? new Date(Date.UTC(2027, 0, 10 + i)) : null,
        platform: i % 2 ? 1 + (i % 4) : null,
        orderNum: n - i,
        locked: i === 1,
        lockedAt: i === 1 ? new Date(Date.UTC(2026, 10, 30, 23, 59, 59)) : null,
        lockedByName: i === 1 ? '刘婧' : null,
        note: i === 2 ? '备注 <b>' : null,
      },
    });
  }
  return a.id;
}

beforeAll(async () => {
  t = await createTestApp();
  tk = await tokens(t);
  nyToken = await loginRest(t, { account: 'yang.fan', password: 'Staff#2026' });
  for (let i = 0; i < 5; i++) mine.push(await studentWithApplications('consultant', 2 + i, i));
  for (let i = 0; i < 2; i++) theirs.push(await studentWithApplications('wang.fang', 3, i));
  for (let i = 0; i < 2; i++) await studentWithApplications('yang.fan', 4, i);
  // A student without applications is not in the view; nor is a deleted archive.
  await makeArchive(t, 'consultant');
  const gone = await studentWithApplications('consultant', 2);
  await t.db.archive.update({ where: { id: gone }, data: { deletedAt: new Date() } });
});
afterAll(async () => {
  await t.close();
});

describe('overall progress on GraphQL', () => {
  it('answers every application field exactly as the application node does', async () => {
    const page = await view(tk.consultant, { first: 50 });
    const students = page.edges.map((e) => e.node);
    for (const id of mine) expect(students.map((s) => s.archiveDatabaseId)).toContain(id);
    const apps = students.flatMap((s) => s.applications);
    expect(apps.length).toBeGreaterThanOrEqual(2 + 3 + 4 + 5 + 6);
    const nodes = await gql<{ nodes: App[] }>(t, `query($ids: [ID!]!) { nodes(ids: $ids) { ... on Application { ${APP} } } }`, { ids: apps.map((a) => a.id) }, { token: tk.consultant });
    expect(nodes.body.errors).toBeUndefined();
    expect(apps).toEqual(nodes.body.data?.nodes);
    // Values the seed never writes came through: instants, days, nulls, text.
    expect(apps.some((a) => a.interviewAt === '2026-10-04T02:30:15.123Z')).toBe(true);
    expect(apps.some((a) => a.lockedAt === '2026-11-30T23:59:59.000Z' && a.locked === true && a.lockedByName === '刘婧')).toBe(true);
    expect(apps.some((a) => a.note === '备注 <b>' && a.deadline === '2027-01-12')).toBe(true);
    const consultants = new Map(
      (await t.db.archive.findMany({ where: { id: { in: students.map((s) => s.archiveDatabaseId) } }, select: { id: true, consultant: { select: { name: true } } } })).map((a) => [a.id, a.consultant?.name ?? null]),
    );
    for (const s of students) {
      expect(s.consultant?.name ?? null).toBe(consultants.get(s.archiveDatabaseId));
      // Applications by order number, then id; the student's progress is their average.
      expect(s.applications.map((a) => a.orderNum)).toEqual(s.applications.map((a) => a.orderNum).sort((x, y) => (x as number) - (y as number)));
      expect(s.progress).toBe(Math.round(s.applications.reduce((sum, a) => sum + a.progress, 0) / s.applications.length));
    }
    expectNoInternals(JSON.stringify(page));
  });

  it('shows a consultant only their students; deleted archives and students without applications to nobody', async () => {
    const own = await view(tk.consultant, { first: 500 });
    const ids = own.edges.map((e) => e.node.archiveDatabaseId);
    for (const id of theirs) expect(ids).not.toContain(id);
    const expected = await consultedWithApplications('consultant');
    expect(ids).toEqual(expected);
    expect(own.totalCount).toBe(expected.length);

    const all = await view(tk.admin, { first: 500 });
    const everyone = await t.db.archive.findMany({ where: { deletedAt: null, applications: { some: {} } }, orderBy: { id: 'desc' }, select: { id: true } });
    expect(all.edges.map((e) => e.node.archiveDatabaseId)).toEqual(everyone.map((a) => a.id));
    expect(all.totalCount).toBe(everyone.length);

    const ny = await view(nyToken, { first: 500 });
    expect(ny.edges.map((e) => e.node.archiveDatabaseId)).toEqual(await consultedWithApplications('yang.fan'));
    expect(ny.totalCount).toBe(ny.edges.length);
    // Sales sold none of these students.
    expect((await view(tk.sales, { first: 500 })).edges.map((e) => e.node.archiveDatabaseId)).not.toContain(mine[0]);
  });

  it('pages forward and backward like any connection, newest archive first', async () => {
    const all = (await view(tk.consultant, { first: 500 })).edges.map((e) => e.node.archiveDatabaseId);
    const forward: number[] = [];
    let after: string | null = null;
    for (;;) {
      const page: View = await view(tk.consultant, { first: 2, after });
      forward.push(...page.edges.map((e) => e.node.archiveDatabaseId));
      expect(page.pageInfo.hasPreviousPage).toBe(after !== null);
      expect(page.pageInfo.endCursor).toBe(page.edges.at(-1)?.cursor ?? null);
      if (!page.pageInfo.hasNextPage) break;
      after = page.pageInfo.endCursor;
    }
    expect(forward).toEqual(all);

    const backward: number[] = [];
    let before: string | null = null;
    for (;;) {
      const page: View = await view(tk.consultant, { last: 3, before });
      backward.unshift(...page.edges.map((e) => e.node.archiveDatabaseId));
      if (!page.pageInfo.hasPreviousPage) break;
      before = page.pageInfo.startCursor;
    }
    expect(backward).toEqual(all);

    const approved = await view(tk.consultant, { first: 500, filter: { state: 'APPROVED' } });
    expect(approved.edges.length).toBeGreaterThan(0);
    expect(approved.edges.every((e) => e.node.applications.some((a) => a.state === 'APPROVED'))).toBe(true);
  });
});

describe('overall progress on the legacy door', () => {
  it("answers each application exactly as getById does, with date-times in the caller's zone", async () => {
    const page = await legacyPage(nyToken, { pageResult: { currentPage: 1, pageSize: 50 } });
    const expected = await consultedWithApplications('yang.fan');
    expect(page.rows).toBe(expected.length);
    expect(page.resultList.map((s) => s.archiveId)).toEqual(expected);
    const rows = page.resultList.flatMap((s) => s.applicationList);
    expect(rows).toHaveLength(await t.db.application.count({ where: { archiveId: { in: expected } } }));
    for (const row of rows) {
      const one = await rest<Record<string, unknown>>(t, `/api/admin/application/progress/getById.htm?id=${row.id}`, { token: nyToken });
      expect(row).toEqual(one.body.data);
    }
    // 2026-10-04 02:30:15 UTC is the evening before in New York.
    expect(rows.some((r) => r.interviewTime === '2026-10-03 22:30:15')).toBe(true);
    for (const s of page.resultList) {
      expect(s.consultantName).toBe((await t.db.archive.findUniqueOrThrow({ where: { id: s.archiveId }, select: { consultant: { select: { name: true } } } })).consultant?.name ?? null);
      expect(s.total).toBe(s.applicationList.length);
      expect(s.applying).toBe(s.applicationList.filter((a) => a.state === 1).length);
      expect(s.approved).toBe(s.applicationList.filter((a) => a.state === 4).length);
      expect(s.progress).toBe(Math.round(s.applicationList.reduce((sum, a) => sum + a.progress, 0) / s.applicationList.length));
    }
  });

  it('pages and filters the students the caller may see, as GraphQL does', async () => {
    const gqlIds = (await view(tk.consultant, { first: 500 })).edges.map((e) => e.node.archiveDatabaseId);
    const paged: number[] = [];
    for (let p = 1; p <= Math.ceil(gqlIds.length / 2); p++) {
      const page = await legacyPage(tk.consultant, { pageResult: { currentPage: p, pageSize: 2 } });
      expect(page.rows).toBe(gqlIds.length);
      paged.push(...page.resultList.map((s) => s.archiveId));
    }
    expect(paged).toEqual(gqlIds);
    for (const id of theirs) expect(paged).not.toContain(id);
    const approved = await legacyPage(tk.consultant, { pageResult: { currentPage: 1, pageSize: 100 }, condition: { state: 4 } });
    const gqlApproved = await view(tk.consultant, { first: 100, filter: { state: 'APPROVED' } });
    expect(approved.resultList.map((s) => s.archiveId)).toEqual(gqlApproved.edges.map((e) => e.node.archiveDatabaseId));
    expect((await legacyPage(tk.consultant, { pageResult: { currentPage: 99, pageSize: 20 } })).resultList).toEqual([]);
  });
});
