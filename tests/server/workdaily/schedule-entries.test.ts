/**
 * Schedule-entry lists on both doors: the GraphQL `scheduleEntries` connection and the legacy
 * listWorkDailyByDatePage / listWorkDailyByProjectId / getWorkDailyByUser answer the same rows,
 * in the same order, with the same visibility and the same refusals.
 */
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, gql, loginGql, loginRest, rest, type TestApp } from '../../helpers/app.ts';
import { userId } from '../support.ts';

let t: TestApp;
let adminGql: string;
let adminRest: string;
let partnerGql: string;
let partnerRest: string;
let worker: number;
let other: number;
let partner: number;
let projects: number[];
const ZONE = 'Asia/Shanghai';
const MONDAY = '2024-04-08';
const TUESDAY = '2024-04-09';
const WEDNESDAY = '2024-04-10';

async function entry(employeeId: number, day: string, hour: number, projectId: number | null, hours: number, type = 1): Promise<number> {
  const begin = DateTime.fromISO(`${day}T${String(hour).padStart(2, '0')}:00`, { zone: ZONE });
  const row = await t.db.scheduleEntry.create({
    data: { workDate: new Date(`${day}T00:00:00Z`), employeeId, createdById: employeeId, scheduleType: type, projectId, beginAt: begin.toJSDate(), endAt: begin.plus({ hours }).toJSDate(), workHours: hours },
  });
  return row.id;
}

const gid = (type: string, id: number) => Buffer.from(`${type}:${id}`).toString('base64');

const LIST = `query($filter: ScheduleEntryFilter, $first: Int, $after: String) {
  scheduleEntries(filter: $filter, first: $first, after: $after) {
    totalCount totalHours
    pageInfo { hasNextPage endCursor }
    edges { node { databaseId workDate workHours scheduleType employee { databaseId } project { databaseId } } }
  }
}`;

type Node = { databaseId: number; workDate: string; workHours: number; scheduleType: number; employee: { databaseId: number }; project: { databaseId: number } | null };
type Connection = { totalCount: number; totalHours: number; pageInfo: { hasNextPage: boolean; endCursor: string | null }; edges: Array<{ node: Node }> };
type Paged = { currentPage: number; pageSize: number; rows: number; totalHours: number; resultList: Array<{ id: number; workDate: string; workHours: number }> };

async function viaGraphQL(token: string, filter: Record<string, unknown>, first?: number, after?: string) {
  const res = await gql<{ scheduleEntries: Connection }>(t, LIST, { filter, first, after }, { token });
  return res.body;
}

/** Every page of the connection, following endCursor. */
async function allViaGraphQL(token: string, filter: Record<string, unknown>, first: number): Promise<number[]> {
  const ids: number[] = [];
  let after: string | undefined;
  for (let i = 0; i < 20; i++) {
    const body = await viaGraphQL(token, filter, first, after);
    expect(body.errors).toBeUndefined();
    const page = body.data!.scheduleEntries;
    ids.push(...page.edges.map((e) => e.node.databaseId));
    if (!page.pageInfo.hasNextPage) return ids;
    after = page.pageInfo.endCursor!;
  }
  throw new Error('too many pages');
}

/** Every page of a legacy list. */
async function allViaRest(token: string, path: string, condition: Record<string, unknown>, pageSize: number): Promise<number[]> {
  const ids: number[] = [];
  for (let currentPage = 1; currentPage < 20; currentPage++) {
    const res = await rest<Paged>(t, path, { json: { pageResult: { currentPage, pageSize }, condition }, token });
    expect(res.body.status).toBe('success');
    ids.push(...res.body.data.resultList.map((e) => e.id));
    if (currentPage * pageSize >= res.body.data.rows) return ids;
  }
  throw new Error('too many pages');
}

const BY_DATE = '/api/admin/work/daily/listWorkDailyByDatePage.htm';
const BY_PROJECT = '/api/admin/work/daily/listWorkDailyByProjectId.htm';
const BY_USER = '/api/admin/work/daily/getWorkDailyByUser.htm';

beforeAll(async () => {
  t = await createTestApp();
  adminGql = await loginGql(t, DEMO.admin);
  adminRest = await loginRest(t, DEMO.admin);
  partnerGql = await loginGql(t, DEMO.partner);
  partnerRest = await loginRest(t, DEMO.partner);
  partner = await userId(t, 'partner');
  const mk = (account: string, name: string) => t.db.user.create({ data: { account, name, type: 1, timeZone: ZONE } });
  worker = (await mk('se.worker', '排班员甲')).id;
  other = (await mk('se.other', '排班员乙')).id;
  projects = (await t.db.project.findMany({ orderBy: { id: 'asc' }, take: 2, select: { id: true } })).map((p) => p.id);
  // The worker: Monday 3 h and 4.5 h, Tuesday 2 h overtime, Wednesday 1 h; the other person and the partner one each.
  await entry(worker, MONDAY, 9, projects[0]!, 3);
  await entry(worker, MONDAY, 14, projects[1]!, 4.5);
  await entry(worker, TUESDAY, 9, null, 2, 2);
  await entry(worker, WEDNESDAY, 9, projects[0]!, 1);
  await entry(other, MONDAY, 9, projects[0]!, 8);
  await entry(partner, TUESDAY, 10, projects[1]!, 1.5);
});

afterAll(async () => {
  await t?.close();
});

describe('the scheduleEntries connection and the legacy lists', () => {
  it('page through the same rows in the same order (listWorkDailyByDatePage)', async () => {
    const filter = { from: MONDAY, to: WEDNESDAY, employeeIds: [gid('User', worker)] };
    const graph = await allViaGraphQL(adminGql, filter, 2);
    const legacy = await allViaRest(adminRest, BY_DATE, { workDate: MONDAY, workDate2: WEDNESDAY, userId: worker }, 2);
    expect(graph).toHaveLength(4);
    expect(graph).toEqual(legacy);
    // Newest day first, then by time.
    const first = (await viaGraphQL(adminGql, filter, 10)).data!.scheduleEntries;
    expect(first.edges.map((e) => [e.node.workDate, e.node.workHours])).toEqual([
      [WEDNESDAY, 1],
      [TUESDAY, 2],
      [MONDAY, 3],
      [MONDAY, 4.5],
    ]);
    expect(first.totalCount).toBe(4);
    expect(first.totalHours).toBe(10.5);
    const page = await rest<Paged>(t, BY_DATE, { json: { pageResult: { currentPage: 1, pageSize: 2 }, condition: { workDate: MONDAY, workDate2: WEDNESDAY, userId: worker } }, token: adminRest });
    expect(page.body.data).toMatchObject({ currentPage: 1, pageSize: 2, rows: first.totalCount, totalHours: first.totalHours });
  });

  it("answer a project's entries alike (listWorkDailyByProjectId)", async () => {
    const filter = { from: MONDAY, to: WEDNESDAY, projectId: gid('Project', projects[0]!) };
    const graph = await allViaGraphQL(adminGql, filter, 2);
    const legacy = await allViaRest(adminRest, BY_PROJECT, { projectId: projects[0], workDate: MONDAY, workDate2: WEDNESDAY }, 2);
    expect(graph).toHaveLength(3);
    expect(graph).toEqual(legacy);
  });

  it("show a project's manager every entry of that project on both doors, and no other project's", async () => {
    await t.db.project.update({ where: { id: projects[0]! }, data: { managerId: partner } });
    try {
      const filter = { from: MONDAY, to: WEDNESDAY, projectId: gid('Project', projects[0]!) };
      const graph = await allViaGraphQL(partnerGql, filter, 2);
      const legacy = await allViaRest(partnerRest, BY_PROJECT, { projectId: projects[0], workDate: MONDAY, workDate2: WEDNESDAY }, 2);
      expect(graph).toHaveLength(3);
      expect(graph).toEqual(legacy);
      const notManaged = await allViaGraphQL(partnerGql, { from: MONDAY, to: WEDNESDAY, projectId: gid('Project', projects[1]!) }, 10);
      expect(notManaged).toHaveLength(1);
    } finally {
      await t.db.project.update({ where: { id: projects[0]! }, data: { managerId: null } });
    }
  });

  it('filter by type and by several people alike', async () => {
    const overtime = await viaGraphQL(adminGql, { from: MONDAY, to: WEDNESDAY, scheduleType: 'OVERTIME' }, 50);
    const overtimeIds = overtime.data!.scheduleEntries.edges.map((e) => e.node.databaseId);
    expect(overtime.data!.scheduleEntries.edges.every((e) => e.node.scheduleType === 2)).toBe(true);
    expect(overtimeIds).toEqual(await allViaRest(adminRest, BY_DATE, { workDate: MONDAY, workDate2: WEDNESDAY, scheduleType: 2 }, 50));
    expect(overtimeIds.length).toBeGreaterThanOrEqual(1);
    const two = await allViaGraphQL(adminGql, { from: MONDAY, to: MONDAY, employeeIds: [gid('User', worker), gid('User', other)] }, 50);
    expect(two).toHaveLength(3);
    expect(two).toEqual(await allViaRest(adminRest, BY_DATE, { workDate: MONDAY, workDate2: MONDAY, userIds: [worker, other] }, 50));
  });

  it("show staff without the right only their own entries, and refuse someone else's on both doors", async () => {
    const own = await allViaGraphQL(partnerGql, { from: MONDAY, to: WEDNESDAY }, 10);
    expect(own).toEqual(await allViaRest(partnerRest, BY_DATE, { workDate: MONDAY, workDate2: WEDNESDAY }, 10));
    expect(own).toHaveLength(1);
    const refused = await viaGraphQL(partnerGql, { from: MONDAY, to: WEDNESDAY, employeeIds: [gid('User', worker)] }, 10);
    expect(refused.data).toBeNull();
    expect(refused.errors?.[0]).toMatchObject({ message: '没有权限执行该操作', extensions: { code: 'FORBIDDEN' } });
    const legacy = await rest(t, BY_DATE, { json: { condition: { workDate: MONDAY, workDate2: WEDNESDAY, userId: worker } }, token: partnerRest });
    expect(legacy.body).toMatchObject({ status: 'error', message: '没有权限执行该操作' });
  });

  it('refuse a reversed or over-long range with the same message on both doors', async () => {
    const reversed = await viaGraphQL(adminGql, { from: WEDNESDAY, to: MONDAY });
    expect(reversed.errors?.[0]?.message).toBe('结束日期不能早于开始日期');
    const legacy = await rest(t, BY_DATE, { json: { condition: { workDate: WEDNESDAY, workDate2: MONDAY } }, token: adminRest });
    expect(legacy.body).toMatchObject({ status: 'error', message: '结束日期不能早于开始日期' });
    const long = await viaGraphQL(adminGql, { from: '2022-01-01', to: MONDAY });
    expect(long.errors?.[0]?.message).toBe('查询范围不能超过366天');
  });
});

describe('getWorkDailyByUser', () => {
  it("pages one person's day like the other legacy lists, and matches the connection", async () => {
    const first = await rest<Paged & { userId: number; beginDate: string; endDate: string }>(t, BY_USER, {
      json: { pageResult: { currentPage: 1, pageSize: 1 }, condition: { userId: worker, workDate: MONDAY } },
      token: adminRest,
    });
    expect(first.body.data).toMatchObject({ currentPage: 1, pageSize: 1, rows: 2, totalHours: 7.5, userId: worker, beginDate: MONDAY, endDate: MONDAY });
    expect(first.body.data.resultList).toHaveLength(1);
    const second = await rest<Paged>(t, BY_USER, { json: { pageResult: { currentPage: 2, pageSize: 1 }, condition: { userId: worker, workDate: MONDAY } }, token: adminRest });
    expect(second.body.data.resultList).toHaveLength(1);
    const legacy = [...first.body.data.resultList, ...second.body.data.resultList].map((e) => [e.id, e.workHours]);
    expect(legacy.map(([, h]) => h)).toEqual([3, 4.5]);
    const graph = (await viaGraphQL(adminGql, { from: MONDAY, to: MONDAY, employeeIds: [gid('User', worker)] }, 10)).data!.scheduleEntries;
    expect(graph.edges.map((e) => [e.node.databaseId, e.node.workHours])).toEqual(legacy);
    // Without paging parameters: the first page of 20, as every legacy list.
    const unpaged = await rest<Paged>(t, BY_USER, { json: { userId: worker, workDate: MONDAY }, token: adminRest });
    expect(unpaged.body.data).toMatchObject({ currentPage: 1, pageSize: 20, rows: 2 });
    expect(unpaged.body.data.resultList).toHaveLength(2);
  });
});
