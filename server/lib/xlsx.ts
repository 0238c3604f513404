// exceljs takes about half a second to load: it is loaded on the first import or export, not at
// start (docs/performance.md, "Cold start").
import { PassThrough } from 'node:stream';
import type ExcelJS from 'exceljs';
const loadExcel = async () => (await import('exceljs')).default;
import { DomainError } from '../errors.ts';
import { translate, type Lang, type MessageKey } from '../i18n/catalogue.ts';
import { assertSafeZip, checkUpload, UPLOAD_POLICIES, UploadError, type UploadPolicy } from './upload.ts';

/**
 * The one reading and writing of .xlsx files (imports, templates, exports) of every area. An
 * uploaded workbook is checked before exceljs sees it: present, not empty, within the size
 * limit, a zip archive by its first bytes, free of zip-bomb traits (server/lib/upload.ts
 * assertSafeZip: central directory and bounded streaming) and an .xlsx by content. Imports
 * read their rows with `headerColumns`/`dataRows`, collect row errors with `rowErrors`
 * and refuse a file with an `XlsxRowsError` subclass (all or nothing).
 */

/** The MIME type of an .xlsx file. */
export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export type XlsxErrors = {
  /** The refusal for bytes that are not an .xlsx (in the caller's area's words). */
  notXlsx: () => DomainError;
  /** The refusal for a workbook without a worksheet. */
  noSheet: () => DomainError;
};

export async function readFirstWorksheet(file: File | null | undefined, errors: XlsxErrors, policy: UploadPolicy = UPLOAD_POLICIES.xlsxImport): Promise<ExcelJS.Worksheet> {
  if (!file || typeof file.arrayBuffer !== 'function') throw new UploadError('UPLOAD_MISSING');
  if (file.size === 0) throw new UploadError('UPLOAD_EMPTY');
  const max = Math.round((policy.maxBytes / 1024 / 1024) * 10) / 10;
  if (file.size > policy.maxBytes) throw new UploadError('UPLOAD_TOO_LARGE', { max });
  const bytes = Buffer.from(await file.arrayBuffer());
  if (bytes.length > policy.maxBytes) throw new UploadError('UPLOAD_TOO_LARGE', { max });
  if (bytes.length < 4 || bytes.readUInt32LE(0) !== 0x04034b50) throw errors.notXlsx();
  await assertSafeZip(bytes);
  try {
    await checkUpload(file, policy);
  } catch (err) {
    if (err instanceof UploadError && err.code === 'UPLOAD_TYPE_NOT_ALLOWED') throw errors.notXlsx();
    throw err;
  }
  const wb = new (await loadExcel()).Workbook();
  try {
    await wb.xlsx.load(bytes as unknown as ExcelJS.Buffer);
  } catch {
    throw errors.notXlsx();
  }
  const ws = wb.worksheets[0];
  if (!ws) throw errors.noSheet();
  return ws;
}

/** A cell as the user sees it: text, trimmed; formulas' errors and U+0000 dropped. Dates as yyyy-MM-dd. */
export function cellText(cell: ExcelJS.Cell): string {
  const v = cell.value;
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'object' && 'error' in v) return '';
  if (typeof v === 'object' && 'result' in v && (v as { result?: unknown }).result instanceof Date) {
    return (v as { result: Date }).result.toISOString().slice(0, 10);
  }
  return (cell.text ?? '').replaceAll('\u0000', '').trim();
}

/** Finds each column by any of its titles (case-insensitive) in the header row. */
export function headerColumns<K extends string>(ws: ExcelJS.Worksheet, columns: ReadonlyArray<{ key: K; titles: string[] }>, headerRow = 1): Map<K, number> {
  const found = new Map<K, number>();
  ws.getRow(headerRow).eachCell((cell, col) => {
    const title = cellText(cell).toLowerCase();
    const match = columns.find((c) => c.titles.some((t) => t.toLowerCase() === title));
    if (match && !found.has(match.key)) found.set(match.key, col);
  });
  return found;
}

/** A sheet's column: its key in the rows, its title, width; `text` keeps values as text, `numFmt` formats numbers (e.g. '0%'). */
export type SheetColumn = { key: string; header: string; width?: number; text?: boolean; numFmt?: string };

/** A one-sheet workbook: bold frozen header, the given columns, rows as objects by key. */
export async function writeSheet(sheetName: string, columns: ReadonlyArray<SheetColumn>, rows: ReadonlyArray<Record<string, unknown>>): Promise<Buffer> {
  return writeSheets([{ name: sheetName, columns, rows }]);
}

/**
 * A workbook of several sheets, each as `writeSheet` makes one; a sheet's `boldRows` (1-based
 * data rows, e.g. a total) are bold.
 */
export async function writeSheets(sheets: ReadonlyArray<{ name: string; columns: ReadonlyArray<SheetColumn>; rows: ReadonlyArray<Record<string, unknown>>; boldRows?: readonly number[] }>): Promise<Buffer> {
  const wb = new (await loadExcel()).Workbook();
  wb.creator = 'Back office';
  for (const sheet of sheets) {
    const ws = wb.addWorksheet(sheet.name.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
    ws.columns = sheet.columns.map((c) => ({ header: c.header, key: c.key, width: c.width ?? 16 }));
    ws.getRow(1).font = { bold: true };
    sheet.columns.forEach((c, i) => {
      if (c.text) ws.getColumn(i + 1).numFmt = '@';
      else if (c.numFmt) ws.getColumn(i + 1).numFmt = c.numFmt;
    });
    // Strings are written as string cells (never formulas), so "=..." text cannot run.
    for (const r of sheet.rows) ws.addRow(r);
    for (const n of sheet.boldRows ?? []) ws.getRow(n + 1).font = { bold: true };
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/**
 * A one-sheet workbook written as it is filled (exceljs's streaming WorkbookWriter), for exports
 * of up to tens of thousands of rows run as jobs (server/jobs/exports.ts): the same sheet as
 * `writeSheet` makes (bold frozen header, widths, formats), but each row is committed as it is
 * added and the zip's bytes come out of `output` meanwhile, so neither the rows nor the file are
 * held whole. `output` must be read while rows are added.
 */
export async function sheetWriter(
  sheetName: string,
  columns: ReadonlyArray<SheetColumn>,
): Promise<{ output: AsyncIterable<Uint8Array>; add: (rows: ReadonlyArray<Record<string, unknown>>) => void; finish: () => Promise<void> }> {
  const Excel = await loadExcel();
  const output = new PassThrough();
  const wb = new Excel.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
  wb.creator = 'Back office';
  const ws = wb.addWorksheet(sheetName.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = columns.map((c) => ({ header: c.header, key: c.key, width: c.width ?? 16 }));
  ws.getRow(1).font = { bold: true };
  columns.forEach((c, i) => {
    if (c.text) ws.getColumn(i + 1).numFmt = '@';
    else if (c.numFmt) ws.getColumn(i + 1).numFmt = c.numFmt;
  });
  return {
    output,
    // Strings are written as string cells (never formulas), as in `writeSheet`.
    add: (rows) => {
      for (const r of rows) ws.addRow(r).commit();
    },
    finish: async () => {
      ws.commit();
      await wb.commit();
    },
  };
}

/** A template column: its key and the catalogue key of its title (accepted in zh and en). */
export type LabelledColumn<K extends string> = { key: K; label: MessageKey };

/** `headerColumns` for template columns: each found by its Chinese or English title. */
export function labelledHeaderColumns<K extends string>(ws: ExcelJS.Worksheet, columns: ReadonlyArray<LabelledColumn<K>>): Map<K, number> {
  return headerColumns(
    ws,
    columns.map((c) => ({ key: c.key, titles: [translate('zh', c.label), translate('en', c.label)] })),
  );
}

/** The data rows below the header as text by column key (absent columns read as ''); empty rows are skipped. */
export function dataRows<K extends string>(ws: ExcelJS.Worksheet, found: Map<K, number>, keys: readonly K[], headerRow = 1): Array<{ rowNumber: number; values: Record<K, string> }> {
  const out: Array<{ rowNumber: number; values: Record<K, string> }> = [];
  ws.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    if (rowNumber <= headerRow) return;
    const values = {} as Record<K, string>;
    for (const key of keys) {
      const col = found.get(key);
      values[key] = col ? cellText(row.getCell(col)) : '';
    }
    if (keys.some((k) => values[k] !== '')) out.push({ rowNumber, values });
  });
  return out;
}

export type ImportRowError = { row: number; column: string; message: string };

/** Row errors of an import, each naming its row (as Excel numbers it) and its column's title, in the caller's language. */
export function rowErrors<K extends string>(lang: Lang, columns: ReadonlyArray<LabelledColumn<K>>) {
  const list: ImportRowError[] = [];
  const title = (key: K) => translate(lang, (columns.find((c) => c.key === key) as LabelledColumn<K>).label);
  const fail = (row: number, key: K, message: MessageKey, params?: Record<string, string | number>) => {
    list.push({ row, column: title(key), message: translate(lang, message, params) });
  };
  return { list, fail };
}

/** At most this many row errors are answered. */
export const MAX_ROW_ERRORS = 500;

/**
 * Row-level failures of an import; nothing was written. The message (its key given by the
 * area) counts the errors and names the first; `rows` lists them in row order. Each area
 * subclasses it, so that GraphQL answers the area's own error type.
 */
export class XlsxRowsError extends DomainError {
  readonly rows: ImportRowError[];
  constructor(messageKey: MessageKey, rows: ImportRowError[]) {
    const sorted = [...rows].sort((a, b) => a.row - b.row).slice(0, MAX_ROW_ERRORS);
    const first = sorted[0] as ImportRowError;
    super('IMPORT_ROWS_INVALID', messageKey, { count: rows.length, row: first.row, column: first.column, message: first.message });
    this.rows = sorted;
  }
}
