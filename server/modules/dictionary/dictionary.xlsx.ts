import { translate, type Lang, type MessageKey } from '../../i18n/catalogue.ts';
import { dataRows, labelledHeaderColumns, readFirstWorksheet, rowErrors, writeSheet, XlsxRowsError, type ImportRowError } from '../../lib/xlsx.ts';
import { dictionaryErrors } from './dictionary.errors.ts';

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
export type { ImportRowError };

export const MAX_IMPORT_ROWS = 5000;

/** Row-level failures of an import; nothing was written (GraphQL `DictionaryImportError`). */
export class ImportRowsError extends XlsxRowsError {
  constructor(rows: ImportRowError[]) {
    super('dict.import.rowErrors', rows);
  }
}

const YES = new Set(['是', 'yes', 'y', 'true', '1', '启用']);
const NO = new Set(['否', 'no', 'n', 'false', '0', '停用', '禁用']);

/** The template in the caller's language: a header row, two example rows, frozen header; codes stay text (Excel would turn 001 into 1). */
export async function itemTemplate(lang: Lang): Promise<Buffer> {
  const yes = translate(lang, 'dict.template.yes');
  return writeSheet(
    translate(lang, 'dict.template.sheet'),
    TEMPLATE_COLUMNS.map((c) => ({ key: c.key, header: translate(lang, c.label), width: c.width, text: c.key === 'code' })),
    [
      { code: 'US', label: '美国', labelEn: 'United States', sort: 1, enabled: yes, remark: '' },
      { code: 'UK', label: '英国', labelEn: 'United Kingdom', sort: 2, enabled: yes, remark: '' },
    ],
  );
}

/**
 * Reads and checks the rows of an uploaded template. The workbook is checked by
 * server/lib/xlsx.ts (an .xlsx by content, within 5 MB, past the zip-bomb guard) before
 * exceljs opens it. Any row error refuses the whole file with every error listed (row
 * numbers as Excel shows them).
 */
export async function readItemRows(lang: Lang, file: File | null | undefined): Promise<ImportedItem[]> {
  const ws = await readFirstWorksheet(file, {
    notXlsx: () => dictionaryErrors.rule('NOT_XLSX', 'dict.import.notXlsx'),
    noSheet: () => dictionaryErrors.rule('IMPORT_NO_SHEET', 'dict.import.noSheet'),
  });

  const columns = labelledHeaderColumns<ColumnKey>(ws, TEMPLATE_COLUMNS);
  if (!columns.has('code') || !columns.has('label')) throw dictionaryErrors.rule('IMPORT_HEADER', 'dict.import.header');
  if (ws.actualRowCount - 1 > MAX_IMPORT_ROWS) throw dictionaryErrors.rule('IMPORT_TOO_MANY_ROWS', 'dict.import.tooManyRows', { max: MAX_IMPORT_ROWS });

  const { list: errors, fail } = rowErrors<ColumnKey>(lang, TEMPLATE_COLUMNS);
  const items: ImportedItem[] = [];
  const seen = new Map<string, number>();

  for (const { rowNumber, values } of dataRows<ColumnKey>(
    ws,
    columns,
    TEMPLATE_COLUMNS.map((c) => c.key),
  )) {
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
  }
  if (errors.length) throw new ImportRowsError(errors);
  if (!items.length) throw dictionaryErrors.rule('IMPORT_EMPTY', 'dict.import.empty');
  return items;
}
