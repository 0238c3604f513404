/**
 * The school export as a job (docs/jobs.md): `startSchoolExport` answers an ExportJob, the job
 * writes every school of the filter in the list's order, only the requester downloads it, and
 * the old doors (legacy exportData, GraphQL schoolExport) answer the same workbook as before.
 */
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { gql, rest } from '../../helpers/app.ts';
import { admin, consultant, t, useSuite } from '../../helpers/suite.ts';

useSuite('admin', 'consultant');

const START = `mutation($filter: SchoolFilter) {
  startSchoolExport(filter: $filter) {
    __typename
    ... on ExportJob { id kind state total written progress fileName downloadUrl }
    ... on Error { code message }
  }
}`;
const POLL = `query($id: ID!) { node(id: $id) { __typename ... on ExportJob { id state total written progress downloadUrl message } } }`;
const LIST = `query($filter: SchoolFilter) { schools(first: 200, filter: $filter) { totalCount edges { node { databaseId name } } } }`;

type Job = { id: string; kind?: string; state: string; total: number; written: number; progress: number; fileName?: string; downloadUrl: string | null; message?: string | null };

async function finished(token: string, id: string): Promise<Job> {
  for (let i = 0; i < 200; i++) {
    const res = await gql<{ node: Job | null }>(t, POLL, { id }, { token });
    const job = res.body.data!.node!;
    if (job.state === 'DONE' || job.state === 'FAILED') return job;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`export ${id} did not finish`);
}

async function sheet(res: Response): Promise<ExcelJS.Worksheet> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ExcelJS.Buffer);
  return book.worksheets[0]!;
}

const firstColumn = (ws: ExcelJS.Worksheet) => Array.from({ length: ws.actualRowCount - 1 }, (_, i) => Number(ws.getRow(i + 2).getCell(1).value));

describe('school export as a job', () => {
  it('queues, then DONE with every school of the filter in the list order, downloadable by the requester only', async () => {
    await t.startJobs();
    const filter = { country: 'US' };
    const started = await gql<{ startSchoolExport: Job & { __typename: string } }>(t, START, { filter }, { token: consultant });
    expect(started.body.errors).toBeUndefined();
    const job = started.body.data!.startSchoolExport;
    expect(job).toMatchObject({ __typename: 'ExportJob', kind: 'schools' });
    expect(job.fileName).toMatch(/^schools-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const list = await gql<{ schools: { totalCount: number; edges: Array<{ node: { databaseId: number } }> } }>(t, LIST, { filter }, { token: consultant });
    const ids = list.body.data!.schools.edges.map((e) => e.node.databaseId);
    expect(ids.length).toBeGreaterThan(1);
    expect(job.total).toBe(list.body.data!.schools.totalCount);

    const done = await finished(consultant, job.id);
    expect(done).toMatchObject({ state: 'DONE', written: job.total, progress: 1, message: null });
    const file = await rest(t, done.downloadUrl!, { token: consultant });
    expect(file.status).toBe(200);
    expect(file.response.headers.get('content-disposition')).toContain('schools-');
    const ws = await sheet(file.response);
    expect(ws.getRow(1).getCell(2).value).toBe('学校名称');
    expect(firstColumn(ws).slice(0, ids.length)).toEqual(ids);

    // Someone else: neither the node nor the file.
    const other = await gql<{ node: Job | null }>(t, POLL, { id: job.id }, { token: admin });
    expect(other.body.data!.node).toBeNull();
    const refused = await rest(t, done.downloadUrl!, { token: admin });
    expect(refused.body.status).toBe('error');
    expect(await t.db.operationLog.count({ where: { operation: 'school.export' } })).toBeGreaterThan(0);
  });

  it('the old doors answer the workbook itself, through the same job', async () => {
    await t.startJobs();
    const before = await t.db.exportJob.count({ where: { kind: 'schools' } });
    const legacy = await t.app.fetch(
      new Request('http://test.local/api/admin/school/exportData.htm', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-token': consultant },
        body: JSON.stringify({ condition: { country: 'GB', sex: 2 } }),
      }),
    );
    expect(legacy.headers.get('content-type')).toContain('spreadsheetml');
    expect((await sheet(legacy)).actualRowCount - 1).toBe(4);

    const old = await gql<{ schoolExport: { __typename: string; base64?: string; count?: number; fileName?: string } }>(
      t,
      `query($f: SchoolFilter) { schoolExport(filter: $f) { __typename ... on SchoolExport { base64 count fileName } } }`,
      { f: { country: 'GB', sex: 'GIRLS' } },
      { token: consultant },
    );
    expect(old.body.errors).toBeUndefined();
    expect(old.body.data!.schoolExport).toMatchObject({ __typename: 'SchoolExport', count: 4 });
    expect(await t.db.exportJob.count({ where: { kind: 'schools' } })).toBe(before + 2);
  });
});
