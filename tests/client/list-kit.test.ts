/** The list kit's pure parts (client/src/components/list, docs/ui-kit.md): URL state, file names, files. */
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { readUrlState, writeUrlState } from '../../client/src/components/list/useUrlState.ts';
import { blobOfBase64, fileDate, xlsxOf } from '../../client/src/components/list/download.ts';

const defaults = { q: '', status: '', sort: 'created' } as const;

describe('list state in the URL', () => {
  it('leaves defaults and empty values out, so a plain list has a plain URL', () => {
    expect(writeUrlState({ q: '', status: '', sort: 'created' }, defaults)).toBe('');
    expect(writeUrlState({ q: '王 小明', status: 'PUBLISHED', sort: 'created' }, defaults)).toBe('?q=%E7%8E%8B+%E5%B0%8F%E6%98%8E&status=PUBLISHED');
  });
  it('reads back what it wrote, and only the keys it knows', () => {
    const state = { q: 'zhang san', status: 'SUSPENDED', sort: 'name' };
    expect(readUrlState(writeUrlState(state, defaults), defaults)).toEqual(state);
    expect(readUrlState('?status=ARCHIVED&other=1', defaults)).toEqual({ q: '', status: 'ARCHIVED', sort: 'created' });
  });
});

describe('export files', () => {
  it('names files with the day', () => {
    expect(fileDate(new Date(2026, 0, 5))).toBe('20260105');
  });
  it('turns the server base64 into the same bytes', async () => {
    const blob = blobOfBase64(Buffer.from('PK\u0003\u0004 data').toString('base64'), 'application/zip');
    expect(Buffer.from(await blob.arrayBuffer()).toString()).toBe('PK\u0003\u0004 data');
    expect(blob.type).toBe('application/zip');
  });
  it('builds an .xlsx in the browser that a spreadsheet reads back', async () => {
    const rows = [
      { name: '王小明', grade: 9 },
      { name: 'Ethan', grade: null },
    ];
    const blob = await xlsxOf(
      'Archives',
      [
        { header: '姓名', value: (r: (typeof rows)[number]) => r.name },
        { header: 'Grade', value: (r: (typeof rows)[number]) => r.grade },
      ],
      rows,
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await blob.arrayBuffer());
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([undefined, '姓名', 'Grade']);
    expect(sheet.getRow(2).values).toEqual([undefined, '王小明', 9]);
    expect(sheet.getCell('A3').value).toBe('Ethan');
  });
});
