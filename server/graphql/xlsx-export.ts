import { XLSX_MIME } from '../lib/xlsx.ts';
import { builder } from './builder.ts';

/** What an area's export service answers: the workbook, a file name and how many rows it holds. */
export type XlsxExport = { bytes: Buffer; fileName: string; count: number };

/**
 * The GraphQL type of an .xlsx export answered in the response (base64), the same four fields for
 * every area (archives, schools, the course summary): `name` and `description` name the type,
 * `fileName` and `count` describe those two fields for it.
 */
export function xlsxExportRef(name: string, descriptions: { type: string; fileName: string; count: string }) {
  return builder.objectRef<XlsxExport>(name).implement({
    description: descriptions.type,
    fields: (t) => ({
      fileName: t.exposeString('fileName', { description: descriptions.fileName }),
      contentType: t.string({ description: 'The MIME type of the file (.xlsx).', resolve: () => XLSX_MIME }),
      count: t.exposeInt('count', { description: descriptions.count }),
      base64: t.string({ description: 'The file, base64.', resolve: (e) => e.bytes.toString('base64') }),
    }),
  });
}
