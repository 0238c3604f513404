/**
 * Import of archives from the .xlsx template (good rows, bad rows with row-level errors and
 * nothing imported, not-xlsx files, rights), the template itself, and the export of a
 * filtered list on both doors.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, rest, type TestApp } from '../../helpers/app.ts';
import { call, gqlTokens, gqlUpload, restTokens, restUpload, run } from './support.ts';

let t: TestApp;
let g: Record<string, string>;
let r: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  await t.startJobs();
  g = await gqlTokens(t, 'admin', 'manager', 'consultant');
  r = await restTokens(t, 'admin', 'manager', 'consultant', 'sales');
});
afterAll(async () => {
  await t.close();
});

const HEADER = ['姓', '名', '拼音姓', '拼音名', '英文名', '性别', '出生日期', '年级', '申请年份', '申请类型', '顾问账号', '销售账号', '学员邮箱', '学员手机', '家长姓名', '与学员关系', '家长手机', '家长邮箱', '备注'];

async function workbook(rows: unknown[][], header = HEADER): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('学员档案');
  ws.addRow(header);
  for (const row of rows) ws.addRow(row);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

describe('import', () => {
  it('imports every good row with its student, bio and primary parent', async () => {
    const file = await workbook([
      ['韩', '若曦', 'Han', 'Ruoxi', 'Rosie', '女', '2012-03-08', 7, 2028, '申请', 'consultant', 'sales', 'rosie.han@example.net', '', '韩东', '父亲', '13911112222', 'han.dong@example.net', '从表格导入'],
      ['', '', 'Qiao', 'Yifan', 'Evan', 'male', new Date(Date.UTC(2011, 8, 1)), 8, '2027', 'retail', '', '', '', '', '', '', '', '', ''],
    ]);
    const before = await t.db.archive.count();
    const res = await restUpload(t, r.manager!, '/archive/importData', {}, { bytes: file, name: 'archives.xlsx', type: XLSX });
    expect(res.body, res.body.message).toMatchObject({ status: 'success', message: '成功导入2份档案', data: { count: 2 } });
    expect(await t.db.archive.count()).toBe(before + 2);
    const [han, qiao] = await t.db.archive.findMany({ where: { id: { in: res.body.data.ids } }, orderBy: { id: 'asc' }, include: { bio: true, familyMembers: true, student: true, consultant: true, sales: true } });
    expect(han).toMatchObject({ name: '韩若曦', userName: 'Rosie Han', grade: 7, year: 2028, sale: 1, remark: '从表格导入', status: 1, consultant: { account: 'consultant' }, sales: { account: 'sales' } });
    expect(han!.bio).toMatchObject({ surName: '韩', name: '若曦', sex: 2, email: 'rosie.han@example.net' });
    expect(han!.bio!.birthday!.toISOString().slice(0, 10)).toBe('2012-03-08');
    expect(han!.familyMembers).toEqual([expect.objectContaining({ kind: 1, name: '韩东', relation: 1, phone: '13911112222', email: 'han.dong@example.net' })]);
    expect(han!.student).toMatchObject({ type: 3, name: '韩若曦', account: null });
    expect(qiao).toMatchObject({ name: 'Yifan Qiao', grade: 8, year: 2027, sale: 2, consultantId: null });
    expect(qiao!.bio!.birthday!.toISOString().slice(0, 10)).toBe('2011-09-01');
  });

  it('refuses the whole file when any row is bad, listing every error by row and column', async () => {
    const file = await workbook([
      ['周', '子涵', '', '', '', '女', '2012-01-01', 7, 2028, '', '', '', '', '', '', '', '', '', ''],
      ['', '', 'Zhou', '', '', '', '', '', '', '', '', '', '', '', '', '', '', '', ''],
      ['吴', '昊', '', '', '', '男', '2012-13-40', 15, '二〇二八', '包月', 'lecturer', 'nobody', 'wu@', '', '吴父', '', '', 'x@', ''],
    ]);
    const before = await t.db.archive.count();
    const users = await t.db.user.count();
    const res = await restUpload(t, r.manager!, '/archive/importData', {}, { bytes: file, name: 'bad.xlsx', type: XLSX });
    expect(res.body.status).toBe('error');
    expect(res.body.message).toBe('导入失败，共8处错误，未导入任何数据。第3行“姓”：请填写学员姓和名，或拼音姓和拼音名');
    // Accounts are checked only for rows without field errors, so row 4's accounts are not listed.
    expect(res.body.data.errors).toEqual([
      { row: 3, column: '姓', message: '请填写学员姓和名，或拼音姓和拼音名' },
      { row: 4, column: '出生日期', message: '格式错误' },
      { row: 4, column: '年级', message: '年级必须是1到13之间的数字' },
      { row: 4, column: '申请年份', message: '申请年份必须是数字' },
      { row: 4, column: '申请类型', message: '格式错误' },
      { row: 4, column: '学员邮箱', message: '请输入正确的邮箱格式' },
      { row: 4, column: '与学员关系', message: '请选择与学员关系' },
      { row: 4, column: '家长邮箱', message: '请输入正确的邮箱格式' },
    ]);
    expect(await t.db.archive.count()).toBe(before);
    expect(await t.db.user.count()).toBe(users);
  });

  it('checks consultant and salesperson accounts against their roles', async () => {
    const file = await workbook([['郑', '可', '', '', '', '', '', '', '', '', 'lecturer', 'consultant', '', '', '', '', '', '', '']]);
    const res = await restUpload(t, r.manager!, '/archive/importData', {}, { bytes: file, name: 'roles.xlsx' });
    expect(res.body.data.errors).toEqual([
      { row: 2, column: '顾问账号', message: '账号不存在或角色不符' },
      { row: 2, column: '销售账号', message: '账号不存在或角色不符' },
    ]);
  });

  it('answers row errors in English through GraphQL, as a typed error', async () => {
    await t.db.user.update({ where: { account: 'admin' }, data: { language: 1 } });
    try {
      const file = await workbook(
        [['', '', '', '', '', '', '', '', '', '', '', '', '', '', 'Mum', 'aunt', '', '', '']],
        HEADER.map((h, i) => (i < 2 ? ['Surname', 'Given name'][i]! : h)),
      );
      const res = await gqlUpload(
        t,
        g.admin!,
        `mutation($input: ImportArchivesInput!) { importArchives(input: $input) { __typename ... on ArchiveImportError { code message rows { row column message } } } }`,
        {},
        { bytes: file, name: 'en.xlsx' },
      );
      expect(res.body.data?.importArchives).toMatchObject({
        __typename: 'ArchiveImportError',
        code: 'IMPORT_ROWS_INVALID',
        rows: [
          { row: 2, column: 'Surname', message: "Enter the student's surname and given name, or the pinyin surname and pinyin given name" },
          { row: 2, column: 'Relation to the student', message: 'not valid' },
        ],
      });
    } finally {
      await t.db.user.update({ where: { account: 'admin' }, data: { language: 0 } });
    }
  });

  it('refuses files that are not the template', async () => {
    const notXlsx = await restUpload(t, r.manager!, '/archive/importData', {}, { bytes: Buffer.from('name,year\n张三,2027\n'), name: 'a.xlsx' });
    expect(notXlsx.body).toMatchObject({ status: 'error', message: '请上传.xlsx格式的导入模板' });
    const header = await restUpload(t, r.manager!, '/archive/importData', {}, { bytes: await workbook([['x']], ['something', 'else']), name: 'h.xlsx' });
    expect(header.body).toMatchObject({ status: 'error', message: '表头与导入模板不一致，请下载模板后填写' });
    const empty = await restUpload(t, r.manager!, '/archive/importData', {}, { bytes: await workbook([]), name: 'e.xlsx' });
    expect(empty.body).toMatchObject({ status: 'error', message: '文件中没有可导入的数据' });
    const none = await restUpload(t, r.manager!, '/archive/importData', {}, null);
    expect(none.body).toMatchObject({ status: 'error', message: '请选择要上传的文件' });
  });

  it('needs the import right', async () => {
    const file = await workbook([['郑', '可']]);
    const res = await restUpload(t, r.consultant!, '/archive/importData', {}, { bytes: file, name: 'c.xlsx' });
    expect(res.body).toMatchObject({ status: 'error', message: '没有权限执行该操作' });
  });

  it('offers the template, which imports as it is', async () => {
    const res = await rest(t, '/api/admin/archive/downloadImportTemplate.htm', { token: r.manager! });
    expect(res.response.headers.get('content-type')).toBe(XLSX);
    expect(res.response.headers.get('content-disposition')).toMatch(/^attachment;/);
    const bytes = Buffer.from(await res.response.arrayBuffer());
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(bytes as unknown as ExcelJS.Buffer);
    expect((wb.worksheets[0]!.getRow(1).values as unknown[]).slice(1)).toEqual(HEADER);
    const back = await restUpload(t, r.manager!, '/archive/importData', {}, { bytes, name: 'template.xlsx' });
    expect(back.body).toMatchObject({ status: 'success', data: { count: 2 } });
  });
});

describe('export', () => {
  it('exports the filtered list the caller sees, without sensitive fields', async () => {
    const res = await rest(t, '/api/admin/archive/export.htm', { token: r.consultant!, json: { condition: { status: 2 } } });
    expect(res.status).toBe(200);
    expect(res.response.headers.get('content-type')).toBe(XLSX);
    expect(res.response.headers.get('content-disposition')).toMatch(/^attachment; filename="archives-\d{4}-\d{2}-\d{2}\.xlsx"/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await res.response.arrayBuffer()) as unknown as ExcelJS.Buffer);
    const ws = wb.worksheets[0]!;
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual(['档案编号', '姓名', '英文名', '年级', '申请年份', '档案状态', '申请状态', '锁定', '申请类型', '顾问', '代理顾问', '销售', '创建时间', '备注']);
    const consultant = await t.db.user.findUniqueOrThrow({ where: { account: 'consultant' } });
    const expected = await t.db.archive.findMany({ where: { status: 2, deletedAt: null, OR: [{ consultantId: consultant.id }, { actingConsultantId: consultant.id }] }, orderBy: { id: 'desc' } });
    expect(ws.actualRowCount - 1).toBe(expected.length);
    const ids: number[] = [];
    ws.eachRow((row, n) => {
      if (n > 1) ids.push(Number(row.getCell(1).value));
      if (n > 1) expect(row.getCell(6).value).toBe('已发布');
    });
    expect(ids).toEqual(expected.map((a) => a.id));
  });

  it('GraphQL answers the same file base64; sales may not export', async () => {
    const res = await run(t, g.manager!, `{ archiveExport(filter: {status: ARCHIVED}) { __typename ... on ArchiveExport { fileName count base64 } ... on Error { message } } }`);
    expect(res.archiveExport.count).toBe(await t.db.archive.count({ where: { status: 4, deletedAt: null } }));
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(res.archiveExport.base64, 'base64') as unknown as ExcelJS.Buffer);
    expect(wb.worksheets[0]!.actualRowCount - 1).toBe(res.archiveExport.count);
    expect(await call(t, r.sales!, '/archive/export', { json: {} })).toMatchObject({ status: 'error', message: '没有权限执行该操作' });
  });
});
