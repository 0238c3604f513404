import ExcelJS from 'exceljs';
import type { DomainError } from '../errors.ts';
import { assertSafeZip, checkUpload, UPLOAD_POLICIES, UploadError, type UploadPolicy } from './upload.ts';

/**
 * Shared reading and writing of .xlsx files (imports and exports). An uploaded workbook is
 * checked before exceljs sees it: present, within the size limit, a zip archive by its first
 * bytes, free of zip-bomb traits (server/lib/upload.ts assertSafeZip: central directory and
 * bounded streaming) and an .xlsx by content. The same steps as the dictionary import
 * (server/modules/dictionary/dictionary.xlsx.ts), offered here so that other imports do not copy them.
 */

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
  const wb = new ExcelJS.Workbook();
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
    return ((v as { result: Date }).result).toISOString().slice(0, 10);
  }
  return (cell.text ?? '').replace(/\u0000/g, '').trim();
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

/** A one-sheet workbook: bold frozen header, the given columns, rows as objects by key. */
export async function writeSheet(
  sheetName: string,
  columns: ReadonlyArray<{ key: string; header: string; width?: number; text?: boolean }>,
  rows: ReadonlyArray<Record<string, unknown>>,
): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Back office';
  const ws = wb.addWorksheet(sheetName.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = columns.map((c) => ({ header: c.header, key: c.key, width: c.width ?? 16 }));
  ws.getRow(1).font = { bold: true };
  columns.forEach((c, i) => {
    if (c.text) ws.getColumn(i + 1).numFmt = '@';
  });
  // Strings are written as string cells (never formulas), so "=..." text cannot run.
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
