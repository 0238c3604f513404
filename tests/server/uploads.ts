/** Upload helpers shared by the server suites (not a test file). */
import type { TestApp, GqlResult } from '../helpers/app.ts';

/** A GraphQL multipart request (the spec graphql-yoga implements): one file at `variables.input.file`. */
export async function gqlUpload<T = Record<string, unknown>>(
  t: TestApp,
  token: string,
  query: string,
  input: Record<string, unknown>,
  file: { bytes: Buffer | Uint8Array; name: string; type?: string },
): Promise<{ status: number; body: GqlResult<T> }> {
  const form = new FormData();
  form.set('operations', JSON.stringify({ query, variables: { input: { ...input, file: null } } }));
  form.set('map', JSON.stringify({ 0: ['variables.input.file'] }));
  form.set('0', new File([file.bytes as Uint8Array<ArrayBuffer>], file.name, { type: file.type ?? 'application/octet-stream' }));
  const res = await t.app.fetch(new Request('http://test.local/graphql', { method: 'POST', headers: { 'x-token': token, 'x-forwarded-for': '127.0.0.1' }, body: form }));
  return { status: res.status, body: (await res.json()) as GqlResult<T> };
}

/** A multipart legacy upload: the file under `file`, other fields as form fields. */
export function uploadForm(fields: Record<string, string | number>, file: { bytes: Buffer | Uint8Array; name: string; type?: string } | null): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, String(v));
  if (file) form.set('file', new File([file.bytes as Uint8Array<ArrayBuffer>], file.name, { type: file.type ?? 'application/octet-stream' }));
  return form;
}

/** Smallest valid PNG (1×1). */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg==', 'base64');
/** A minimal PDF header and body. */
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
