import ExcelJS from 'exceljs';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { createTestApp, DEMO, loginRest, rest, type TestApp } from '../../helpers/app.ts';
import { globalId } from '../support.ts';
import { gqlUpload, PDF, uploadForm } from '../uploads.ts';
import { buildZip, deflatedRepeat, entryOf, readZip } from '../zip.ts';

let t: TestApp;
let admin: string;
let dictId: number;

const IMPORT = '/api/admin/sys/dict/item/importData.htm';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function workbook(rows: unknown[][], header = ['编码', '名称', '英文名称', '排序', '启用', '备注']): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('字典项');
  ws.addRow(header);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

type ImportAnswer = { status: string; message: string; data: { created?: number; updated?: number; errors?: Array<{ row: number; column: string; message: string }> } | null };
async function importFile(bytes: Buffer, name = 'items.xlsx', token = admin, dictionary = dictId): Promise<{ http: number; body: ImportAnswer }> {
  const res = await rest<ImportAnswer['data']>(t, IMPORT, { method: 'POST', raw: uploadForm({ dictId: dictionary }, { bytes, name, type: XLSX }), token });
  return { http: res.status, body: res.body as ImportAnswer };
}

const items = () => t.db.dictionaryItem.findMany({ where: { dictionaryId: dictId }, orderBy: { code: 'asc' }, select: { code: true, label: true, labelEn: true, sort: true, enabled: true } });

let seq = 0;

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginRest(t, DEMO.admin);
});

// Each test imports into a dictionary of its own, so none sees another's rows.
beforeEach(async () => {
  const saved = await rest<{ id: number }>(t, '/api/admin/sys/dict/saveDict.htm', { json: { code: `import_test_${++seq}`, name: `导入测试${seq}` }, token: admin });
  expect(saved.body.status).toBe('success');
  dictId = saved.body.data.id;
});
afterAll(async () => {
  await t.close();
});

describe('dictionary import from the xlsx template', () => {
  test('the template downloads as an xlsx whose header the import accepts', async () => {
    const res = await rest(t, '/api/admin/template/downloadTemplate.htm', { token: admin });
    expect(res.status).toBe(200);
    expect(res.response.headers.get('content-type')).toBe(XLSX);
    expect(res.response.headers.get('content-disposition')).toMatch(/^attachment; filename="[^"]+\.xlsx"; filename\*=UTF-8''/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await res.response.arrayBuffer()) as unknown as ExcelJS.Buffer);
    const header = (wb.worksheets[0]!.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(['编码', '名称', '英文名称', '排序', '启用', '备注']);
    // The template as downloaded (with its two example rows) imports.
    const ok = await importFile(Buffer.from(await (await rest(t, '/api/admin/template/downloadTemplate.htm', { token: admin })).response.arrayBuffer()));
    expect(ok.body.status).toBe('success');
    expect((await items()).map((i) => i.code)).toEqual(['UK', 'US']);
    await t.db.dictionaryItem.deleteMany({ where: { dictionaryId: dictId } });
  });

  test('good rows are added, and a second import updates by code', async () => {
    const first = await importFile(await workbook([['TOEFL', '托福', 'TOEFL', 1, '是', ''], ['SSAT', 'SSAT', 'SSAT', 2, '否', '中学入学考试'], [], ['IELTS', '雅思', '', '', '', '']]));
    expect(first.body).toMatchObject({ status: 'success', message: '导入成功：新增3条，更新0条', data: { created: 3, updated: 0 } });
    expect(await items()).toEqual([
      { code: 'IELTS', label: '雅思', labelEn: null, sort: 3, enabled: true },
      { code: 'SSAT', label: 'SSAT', labelEn: 'SSAT', sort: 2, enabled: false },
      { code: 'TOEFL', label: '托福', labelEn: 'TOEFL', sort: 1, enabled: true },
    ]);
    const second = await importFile(
      await workbook([
        ['TOEFL', '托福考试', 'TOEFL iBT', 5, 'yes', ''],
        ['SAT', 'SAT', 'SAT', 6, '', ''],
      ]),
    );
    expect(second.body.data).toMatchObject({ created: 1, updated: 1 });
    expect((await items()).find((i) => i.code === 'TOEFL')).toMatchObject({ label: '托福考试', labelEn: 'TOEFL iBT', sort: 5 });
  });

  test('bad rows are all reported by row and column, and nothing is imported', async () => {
    const before = JSON.stringify(await items());
    const res = await importFile(
      await workbook([
        ['NEW1', '新的', '', 1, '是', ''],
        ['', '没有编码', '', '', '', ''],
        ['NEW2', '', '', 'abc', '也许', ''],
        ['NEW1', '重复', '', '', '', ''],
        ['TOEFL', 'x'.repeat(101), '', '', '', ''],
        ['bad code!', '坏编码', '', '', '', ''],
      ]),
    );
    expect(res.http).toBe(200);
    expect(res.body.status).toBe('error');
    expect(res.body.message).toBe('导入失败，共7处错误，未导入任何数据。第3行「编码」：不能为空');
    expect(res.body.data?.errors).toEqual([
      { row: 3, column: '编码', message: '不能为空' },
      { row: 4, column: '名称', message: '不能为空' },
      { row: 4, column: '排序', message: '必须是整数' },
      { row: 4, column: '启用', message: '只能填写“是”或“否”' },
      { row: 5, column: '编码', message: '与第2行编码重复' },
      { row: 6, column: '名称', message: '不能超过100个字符' },
      { row: 7, column: '编码', message: '只能包含文字、数字和 _ - . :' },
    ]);
    expect(JSON.stringify(await items())).toBe(before);
    const log = await t.db.operationLog.findFirstOrThrow({ where: { operation: 'dictionary.item.import' }, orderBy: { id: 'desc' } });
    expect(log).toMatchObject({ outcome: 'FAILURE', errorCode: 'IMPORT_ROWS_INVALID' });
  });

  test('GraphQL: the same rows come back as a typed error; a good file imports', async () => {
    const mutation = `mutation($input: ImportDictionaryItemsInput!) { importDictionaryItems(input: $input) {
      __typename
      ... on ImportDictionaryItemsPayload { created updated dictionary { items(first: 50) { totalCount } } }
      ... on DictionaryImportError { code message rows { row column message } }
      ... on Error { code message } } }`;
    const input = { dictionaryId: globalId('Dictionary', dictId) };
    const bad = await gqlUpload<{ importDictionaryItems: Record<string, unknown> }>(t, admin, mutation, input, { bytes: await workbook([['X1', '']]), name: 'a.xlsx' });
    expect(bad.body.data?.importDictionaryItems).toMatchObject({ __typename: 'DictionaryImportError', code: 'IMPORT_ROWS_INVALID', rows: [{ row: 2, column: '名称', message: '不能为空' }] });
    const good = await gqlUpload<{ importDictionaryItems: Record<string, unknown> }>(t, admin, mutation, input, { bytes: await workbook([['X1', '一']]), name: 'a.xlsx' });
    expect(good.body.data?.importDictionaryItems).toMatchObject({ __typename: 'ImportDictionaryItemsPayload', created: 1, updated: 0 });
  });

  test('a file that is not xlsx is refused, whatever its name', async () => {
    const count = await t.db.dictionaryItem.count();
    const docx = buildZip([
      entryOf('[Content_Types].xml', Buffer.from('<Types><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>')),
      entryOf('word/document.xml', Buffer.from('<w:document/>')),
    ]);
    for (const [bytes, name] of [
      [PDF, 'items.xlsx'],
      [Buffer.from('code,label\nA,B\n'), 'items.xlsx'],
      [docx, 'items.xlsx'],
      [buildZip([entryOf('a.txt', Buffer.from('hello'))]), 'items.xlsx'],
    ] as const) {
      const res = await importFile(bytes, name);
      expect(res.body, name).toMatchObject({ status: 'error', message: '请上传Excel（.xlsx）文件' });
    }
    const headerless = await importFile(await workbook([['A', 'B']], ['foo', 'bar']));
    expect(headerless.body).toMatchObject({ status: 'error', message: '表头与模板不一致，请下载模板后填写' });
    const none = await rest(t, IMPORT, { method: 'POST', raw: uploadForm({ dictId }, null), token: admin });
    expect(none.body).toMatchObject({ status: 'error', message: '请选择要上传的文件' });
    expect(await t.db.dictionaryItem.count()).toBe(count);
  });

  test('an empty file is refused as empty, and the size limit is named (the shared xlsx checks)', async () => {
    const count = await t.db.dictionaryItem.count();
    const empty = await importFile(Buffer.alloc(0));
    expect(empty.body).toMatchObject({ status: 'error', message: '文件为空' });
    const big = Buffer.concat([await workbook([['B1', '大']]), Buffer.alloc(5 * 1024 * 1024)]);
    const tooLarge = await importFile(big);
    expect(tooLarge.body).toMatchObject({ status: 'error', message: '文件大小超出限制（最大5MB）' });
    expect(await t.db.dictionaryItem.count()).toBe(count);
  });

  test('a date typed into a text column imports as yyyy-MM-dd, as every import reads dates', async () => {
    const res = await importFile(await workbook([['DATE1', new Date(Date.UTC(2026, 8, 1)), '', '', '', new Date(Date.UTC(2027, 0, 15))]]));
    expect(res.body).toMatchObject({ status: 'success', data: { created: 1 } });
    const row = await t.db.dictionaryItem.findFirstOrThrow({ where: { dictionaryId: dictId, code: 'DATE1' }, select: { label: true, remark: true } });
    expect(row).toEqual({ label: '2026-09-01', remark: '2027-01-15' });
  });

  test('zip bombs are refused before anything unpacks them, in bounded memory', async () => {
    const template = await readZip(await workbook([['OK', '好']]));
    const base = template.map((e) => entryOf(e.name, e.data));
    const count = await t.db.dictionaryItem.count();
    const bomb = await deflatedRepeat(200); // 200 MiB of spaces, about 200 KB packed
    const memory = () => process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;

    // 1. Declared honestly: refused from the central directory alone.
    const honest = buildZip([...base, { name: 'xl/media/big.bin', ...bomb }]);
    expect(honest.length).toBeLessThan(2 * 1024 * 1024);
    // 2. Lying: the entry claims 1 KB but unpacks to 200 MiB; stopped while streaming.
    const lying = buildZip([...base, { name: 'xl/media/big.bin', compressed: bomb.compressed, crc: bomb.crc, size: 1024 }]);
    // 3. The bomb as the worksheet itself.
    const sheet = buildZip([...base.filter((e) => e.name !== 'xl/worksheets/sheet1.xml'), { name: 'xl/worksheets/sheet1.xml', ...bomb }]);
    // 4. Too many entries.
    const many = buildZip([...base, ...Array.from({ length: 2000 }, (_, i) => entryOf(`xl/media/f${i}.bin`, Buffer.from('x')))]);

    for (const [what, bytes] of [
      ['honest', honest],
      ['lying', lying],
      ['sheet', sheet],
      ['many entries', many],
    ] as const) {
      global.gc?.();
      const before = memory();
      const started = Date.now();
      const res = await importFile(bytes);
      const grown = memory() - before;
      expect(res.body, what).toMatchObject({ status: 'error', message: '文件结构异常（解压后过大或压缩比异常），已拒绝' });
      // Unpacking would take 200 MiB; the guard streams one chunk at a time.
      expect(grown, `${what}: memory grew by ${Math.round(grown / 1024 / 1024)} MiB`).toBeLessThan(80 * 1024 * 1024);
      expect(Date.now() - started, what).toBeLessThan(10_000);
    }
    expect(await t.db.dictionaryItem.count()).toBe(count);
  });

  test('only those who manage dictionaries import', async () => {
    const consultant = await loginRest(t, DEMO.consultant);
    const res = await importFile(await workbook([['C1', '一']]), 'a.xlsx', consultant);
    expect(res.body).toMatchObject({ status: 'error', message: '没有权限执行该操作' });
    expect(await t.db.dictionaryItem.count({ where: { code: 'C1' } })).toBe(0);
  });
});
