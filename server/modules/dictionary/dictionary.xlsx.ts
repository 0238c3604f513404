import ExcelJS from 'exceljs';
import { DomainError } from '../../errors.ts';
import { translate, type Lang, type MessageKey } from '../../i18n/catalogue.ts';
import { assertSafeZip, checkUpload, UPLOAD_POLICIES, UploadError } from '../../lib/upload.ts';

/** Columns of the dictionary-item template, in order. */
export const TEMPLATE_COLUMNS = [
  { key: 'code', label: 'dict.template.code', width: 18, required: true, max: 50 },
  { key: 'label', label: 'dict.template.label', width: 24, required: true, max: 100 },
  { key: 'labelEn', label: 'dict.template.labelEn', width: 24, required: false, max: 100 },
  { key: 'sort', label: 'dict.template.sort', width: 10, required: false, max: 12 },
  { key: 'enabled', label: 'dict.template.enabled', width: 10, required: false, max: 10 },
  { key: 'remark', label: 'dict.template.remark', width: 30, required: false, max: 500 },
] as const satisfies ReadonlyArray<{ key: string; label: MessageKey; width: number; required: boolean; max: number }>;

type ColumnKey = (typeof TEMPLATE_COLUMNS)[number]['key'];
export type ImportedItem = { code: string; label: string; labelEn: string | null; sort: number; enabled: boolean; remark: string | null };
export type ImportRowError = { row: number; column: string; message: string };

export const MAX_IMPORT_ROWS = 5000;

/** Row-level failures of an import; nothing was written. */
export class ImportRowsError extends DomainError {
  readonly rows: ImportRowError[];
  constructor(rows: ImportRowError[]) {
    const first = rows[0] as ImportRowError;
    super('IMPORT_ROWS_INVALID', 'dict.import.rowErrors', { count: rows.length, row: first.row, column: first.column, message: first.message });
    this.rows = rows;
  }
}

const YES = new Set(['是', 'yes', 'y', 'true', '1', '启用']);
const NO = new Set(['否', 'no', 'n', 'false', '0', '停用', '禁用']);

/** The template in the caller's language: a header row, two example rows, frozen header. */
export async function itemTemplate(lang: Lang): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Back office';
  const ws = wb.addWorksheet(translate(lang, 'dict.template.sheet'), { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = TEMPLATE_COLUMNS.map((c) => ({ header: translate(lang, c.label), key: c.key, width: c.width }));
  ws.getRow(1).font = { bold: true };
  const yes = translate(lang, 'dict.template.yes');
  ws.addRow({ code: 'US', label: '美国', labelEn: 'United States', sort: 1, enabled: yes, remark: '' });
  ws.addRow({ code: 'UK', label: '英国', labelEn: 'United Kingdom', sort: 2, enabled: yes, remark: '' });
  // Codes stay text (Excel would turn 001 into 1).
  ws.getColumn(1).numFmt = '@';
  return Buffer.from(await wb.xlsx.writeBuffer());
}

function cellText(cell: ExcelJS.Cell): string {
  const v = cell.value;
  if (v === null || v === undefined) return '';
  if (typeof v === 'object' && 'error' in v) return '';
  return (cell.text ?? '').replace(/\u0000/g, '').trim();
}

const notXlsx = () => new DomainError('NOT_XLSX', 'dict.import.notXlsx');

/**
 * Reads and checks the rows of an uploaded template. The file must be an .xlsx (by content),
 * within 5 MB, and pass the zip-bomb guard before exceljs opens it. Any row error refuses
 * the whole file with every error listed (row numbers as Excel shows them).
 */
export async function readItemRows(lang: Lang, file: File | null | undefined): Promise<ImportedItem[]> {
  const policy = UPLOAD_POLICIES.xlsxImport;
  if (!file || typeof file.arrayBuffer !== 'function') throw new UploadError('UPLOAD_MISSING');
  if (file.size > policy.maxBytes) throw new UploadError('UPLOAD_TOO_LARGE', { max: policy.maxBytes / 1024 / 1024 });
  const bytes = Buffer.from(await file.arrayBuffer());
  if (bytes.length > policy.maxBytes) throw new UploadError('UPLOAD_TOO_LARGE', { max: policy.maxBytes / 1024 / 1024 });
  if (bytes.length < 4 || bytes.readUInt32LE(0) !== 0x04034b50) throw notXlsx();
  await assertSafeZip(bytes);
  try {
    await checkUpload(file, policy);
  } catch (err) {
    if (err instanceof UploadError && err.code === 'UPLOAD_TYPE_NOT_ALLOWED') throw notXlsx();
    throw err;
  }
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(bytes as unknown as ExcelJS.Buffer);
  } catch {
    throw notXlsx();
  }
  const ws = wb.worksheets[0];
  if (!ws) throw new DomainError('IMPORT_NO_SHEET', 'dict.import.noSheet');

  // Header: each column found by its zh or en title.
  const columns = new Map<ColumnKey, number>();
  ws.getRow(1).eachCell((cell, col) => {
    const title = cellText(cell).toLowerCase();
    const match = TEMPLATE_COLUMNS.find((c) => translate('zh', c.label).toLowerCase() === title || translate('en', c.label).toLowerCase() === title);
    if (match && !columns.has(match.key)) columns.set(match.key, col);
  });
  if (!columns.has('code') || !columns.has('label')) throw new DomainError('IMPORT_HEADER', 'dict.import.header');
  if (ws.actualRowCount - 1 > MAX_IMPORT_ROWS) throw new DomainError('IMPORT_TOO_MANY_ROWS', 'dict.import.tooManyRows', { max: MAX_IMPORT_ROWS });

  const errors: ImportRowError[] = [];
  const items: ImportedItem[] = [];
  const seen = new Map<string, number>();
  const columnTitle = (key: ColumnKey) => translate(lang, (TEMPLATE_COLUMNS.find((c) => c.key === key) as (typeof TEMPLATE_COLUMNS)[number]).label);
  const fail = (row: number, key: ColumnKey, message: MessageKey, params?: Record<string, string | number>) =>
    errors.push({ row, column: columnTitle(key), message: translate(lang, message, params) });

  ws.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    if (rowNumber === 1) return;
    const values = {} as Record<ColumnKey, string>;
    for (const c of TEMPLATE_COLUMNS) {
      const col = columns.get(c.key);
      values[c.key] = col ? cellText(row.getCell(col)) : '';
    }
    if (TEMPLATE_COLUMNS.every((c) => values[c.key] === '')) return;
    const before = errors.length;
    for (const c of TEMPLATE_COLUMNS) {
      if (c.required && !values[c.key]) fail(rowNumber, c.key, 'dict.import.required');
      else if (values[c.key].length > c.max) fail(rowNumber, c.key, 'dict.import.tooLong', { max: c.max });
    }
    if (values.code && values.code.length <= 50) {
      if (!/^[\p{L}\p{N}_\-.:]+$/u.test(values.code)) fail(rowNumber, 'code', 'dict.import.codeInvalid');
      const other = seen.get(values.code);
      if (other) fail(rowNumber, 'code', 'dict.import.duplicate', { other });
      else seen.set(values.code, rowNumber);
    }
    let sort = items.length + 1;
    if (values.sort) {
      const n = Number(values.sort);
      if (!Number.isInteger(n) || Math.abs(n) > 1_000_000) fail(rowNumber, 'sort', 'dict.import.notInteger');
      else sort = n;
    }
    let enabled = true;
    if (values.enabled) {
      const v = values.enabled.toLowerCase();
      if (YES.has(v)) enabled = true;
      else if (NO.has(v)) enabled = false;
      else fail(rowNumber, 'enabled', 'dict.import.notBoolean');
    }
    if (errors.length === before) {
      items.push({ code: values.code, label: values.label, labelEn: values.labelEn || null, sort, enabled, remark: values.remark || null });
    }
  });
  if (errors.length) throw new ImportRowsError(errors.slice(0, 500));
  if (!items.length) throw new DomainError('IMPORT_EMPTY', 'dict.import.empty');
  return items;
}
