import type * as ExcelJSModule from 'exceljs';
import { saveBlob } from '../../components/list/download.ts';

/**
 * A sheet the viewer downloads: what a list or a table shows, with the same filters, as .xlsx
 * named after the list and the day (ui.md "Export"). exceljs (the library the server uses for
 * its exports) is loaded only when someone exports.
 */
export async function downloadXlsx(fileName: string, sheetName: string, header: string[], rows: (string | number | null)[][]): Promise<void> {
  // The browser build of exceljs is a UMD bundle: the library is its default export.
  const { default: ExcelJS } = (await import('exceljs')) as unknown as { default: typeof ExcelJSModule };
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(sheetName.slice(0, 31));
  sheet.addRow(header).font = { bold: true };
  for (const r of rows) sheet.addRow(r);
  sheet.columns.forEach((c, i) => {
    const longest = Math.max(header[i]?.length ?? 0, ...rows.map((r) => String(r[i] ?? '').length));
    c.width = Math.min(60, Math.max(8, longest * 1.6));
  });
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  const buffer = await book.xlsx.writeBuffer();
  saveBlob(fileName, new Blob([buffer], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }), 1000);
}

/** Today in the viewer's zone, for file names. */
export const todayText = (zone?: string) => new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
