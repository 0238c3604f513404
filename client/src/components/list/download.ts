/** Saves bytes as a file through a temporary link (the browser's own download); the link's URL is revoked after `revokeAfterMs`. */
export function saveBlob(fileName: string, blob: Blob, revokeAfterMs = 10_000): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), revokeAfterMs);
}

/** A base64 answer (the server's export) as a Blob. */
export function blobOfBase64(base64: string, type: string): Blob {
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  return new Blob([bytes], { type });
}

/** Today as yyyyMMdd, for file names ("archives-20261125.xlsx"). */
export function fileDate(now = new Date()): string {
  return `${now.getFullYear()}${String(now.getMonth() + 1).padStart(2, '0')}${String(now.getDate()).padStart(2, '0')}`;
}

export type SheetColumn<R> = { header: string; value: (row: R) => string | number | null | undefined; width?: number };

/**
 * An .xlsx built in the browser, for lists whose server has no export: exceljs (the library the
 * server already uses), loaded only when someone exports.
 */
export async function xlsxOf<R>(sheetName: string, columns: ReadonlyArray<SheetColumn<R>>, rows: readonly R[]): Promise<Blob> {
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(sheetName.slice(0, 31));
  sheet.columns = columns.map((c) => ({ header: c.header, width: c.width ?? 16 }));
  for (const row of rows) sheet.addRow(columns.map((c) => c.value(row) ?? ''));
  sheet.getRow(1).font = { bold: true };
  const buffer = await book.xlsx.writeBuffer();
  return new Blob([buffer], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
}
