/**
 * Exports as jobs (docs/jobs.md): what an integrator sees through GraphQL (a job node with its
 * state and progress, then a download link), that the file is the list they asked for, and that
 * only the person who asked can read the job or download its file.
 */
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { gql, rest } from '../../helpers/app.ts';
import { admin, manager, sales, t, useSuite } from '../../helpers/suite.ts';

useSuite('admin', 'manager', 'sales');

const START = `mutation($filter: ArchiveFilter, $order: ArchiveOrder) {
  startArchiveExport(filter: $filter, order: $order) {
    __typename
    ... on ExportJob { id state total written progress fileName downloadUrl }
    ... on Error { message }
  }
}`;
const POLL = `query($id: ID!) { node(id: $id) { __typename ... on ExportJob { id state total written progress downloadUrl message } } }`;
const LIST = `query($filter: ArchiveFilter, $order: ArchiveOrder) { archives(first: 200, filter: $filter, order: $order) { totalCount edges { node { databaseId } } } }`;

type Job = { id: string; state: string; total: number; written: number; progress: number; fileName?: string; downloadUrl: string | null; message?: string | null };

async function start(token: string, variables: Record<string, unknown> = {}): Promise<Job> {
  const res = await gql<{ startArchiveExport: Job & { __typename: string } }>(t, START, variables, { token });
  const job = res.body.data!.startArchiveExport;
  expect(job.__typename).toBe('ExportJob');
  return job;
}

async function finished(token: string, id: string): Promise<Job> {
  for (let i = 0; i < 200; i++) {
    const res = await gql<{ node: Job | null }>(t, POLL, { id }, { token });
    const job = res.body.data!.node!;
    if (job.state === 'DONE' || job.state === 'FAILED') return job;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`export ${id} did not finish`);
}

async function workbook(res: Response): Promise<ExcelJS.Worksheet> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ExcelJS.Buffer);
  return book.worksheets[0]!;
}

const values = (ws: ExcelJS.Worksheet, row: number) => (ws.getRow(row).values as unknown[]).slice(1);

describe('archive export as a job', () => {
  it('answers a queued job, then DONE with every row written and a link to the workbook of the list asked for', async () => {
    await t.startJobs();
    const filter = { status: 'ARCHIVED' };
    const job = await start(admin, { filter, order: 'NAME' });
    expect(['QUEUED', 'RUNNING', 'DONE']).toContain(job.state);
    expect(job.fileName).toMatch(/^archives-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const list = await gql<{ archives: { totalCount: number; edges: Array<{ node: { databaseId: number } }> } }>(t, LIST, { filter, order: 'NAME' }, { token: admin });
    expect(list.body.errors).toBeUndefined();
    const ids = list.body.data!.archives.edges.map((e) => e.node.databaseId);
    expect(ids.length).toBeGreaterThan(1);
    expect(job.total).toBe(ids.length);

    const done = await finished(admin, job.id);
    expect(done).toMatchObject({ state: 'DONE', written: ids.length, total: ids.length, progress: 1, message: null });
    expect(done.downloadUrl).toMatch(/^\/api\/admin\/export\/download\.htm\?id=\d+$/);

    const file = await rest(t, done.downloadUrl!, { token: admin });
    expect(file.status).toBe(200);
    expect(file.response.headers.get('content-type')).toContain('spreadsheetml');
    expect(file.response.headers.get('content-disposition')).toContain('archives-');
    const ws = await workbook(file.response);
    expect(values(ws, 1)).toEqual(['档案编号', '姓名', '英文名', '年级', '申请年份', '档案状态', '申请状态', '锁定', '申请类型', '顾问', '代理顾问', '销售', '创建时间', '备注']);
    expect(ws.actualRowCount - 1).toBe(ids.length);
    const exportedIds = Array.from({ length: ids.length }, (_, i) => Number(ws.getRow(i + 2).getCell(1).value));
    expect(exportedIds).toEqual(ids);
    // Each row says what the database holds for its archive.
    const rows = await t.db.archive.findMany({ where: { id: { in: ids } }, select: { id: true, name: true, consultant: { select: { name: true } } } });
    for (const r of rows) {
      const row = ws.getRow(ids.indexOf(r.id) + 2);
      expect([row.getCell(2).value, row.getCell(10).value ?? '']).toEqual([r.name, r.consultant?.name ?? '']);
    }
  });

  it('writes the headers in English for an English caller', async () => {
    await t.startJobs();
    await t.db.user.updateMany({ where: { account: 'manager' }, data: { language: 1 } });
    const job = await start(manager, { filter: { status: 'ARCHIVED' } });
    const done = await finished(manager, job.id);
    const ws = await workbook((await rest(t, done.downloadUrl!, { token: manager })).response);
    expect(values(ws, 1).slice(0, 3)).toEqual(['Archive no.', 'Name', 'English name']);
    await t.db.user.updateMany({ where: { account: 'manager' }, data: { language: 0 } });
  });

  it('lets only the person who asked read the job and download its file', async () => {
    await t.startJobs();
    const job = await start(admin, { filter: { status: 'ARCHIVED' } });
    const done = await finished(admin, job.id);
    const other = await gql<{ node: unknown }>(t, POLL, { id: job.id }, { token: manager });
    expect(other.body.data!.node).toBeNull();
    const refused = await rest(t, done.downloadUrl!, { token: manager });
    expect(refused.body).toMatchObject({ status: 'error', message: '数据不存在' });
    const anonymous = await rest(t, done.downloadUrl!);
    expect(anonymous.body.status).toBe('needUserLogin');
    expect((await rest(t, done.downloadUrl!, { token: admin })).status).toBe(200);
  });

  it('refuses a caller without the export right before anything is queued', async () => {
    const before = await t.db.exportJob.count();
    const res = await gql<{ startArchiveExport: { __typename: string; message: string } }>(t, START, {}, { token: sales });
    expect(res.body.data!.startArchiveExport).toMatchObject({ message: '没有权限执行该操作' });
    expect(await t.db.exportJob.count()).toBe(before);
  });
});
