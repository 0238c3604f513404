/**
 * Helpers shared by the archives suites (not a test file itself).
 */
import { expect } from 'vitest';
import { gql, loginGql, loginRest, rest, type Envelope, type TestApp } from '../../helpers/app.ts';

export const STAFF_PASSWORD = 'Staff#2026';
export const who = (account: string) => ({ account, password: account === 'admin' ? 'Admin#2026' : STAFF_PASSWORD });

export function gid(type: string, id: number): string {
  return Buffer.from(`${type}:${id}`).toString('base64');
}

export async function gqlTokens(t: TestApp, ...accounts: string[]): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const a of accounts) out[a] = await loginGql(t, who(a));
  return out;
}

export async function restTokens(t: TestApp, ...accounts: string[]): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const a of accounts) out[a] = await loginRest(t, who(a));
  return out;
}

export async function idOf(t: TestApp, account: string): Promise<number> {
  return (await t.db.user.findUniqueOrThrow({ where: { account }, select: { id: true } })).id;
}

/** Runs a GraphQL document and fails on transport-level errors. */
export async function run<T = Record<string, any>>(t: TestApp, token: string, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const res = await gql<T>(t, query, variables, { token });
  expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
  return res.body.data as T;
}

/** A legacy call; answers the envelope. */
export async function call<T = any>(t: TestApp, token: string, path: string, options: { json?: unknown; query?: Record<string, string | number>; method?: 'GET' | 'POST'; lang?: 'en' } = {}): Promise<Envelope<T>> {
  const qs = options.query ? `?${new URLSearchParams(Object.entries(options.query).map(([k, v]) => [k, String(v)])).toString()}` : '';
  const res = await rest<T>(t, `/api/admin${path}.htm${qs}`, {
    token,
    method: options.method ?? (options.json !== undefined ? 'POST' : 'GET'),
    json: options.json,
    headers: options.lang ? { cookie: `lang=${options.lang}` } : {},
  });
  return res.body;
}

/** A fresh archive made through the service door (GraphQL) by the admin, unpublished. */
export async function newArchive(t: TestApp, adminToken: string, extra: Record<string, unknown> = {}): Promise<{ id: number; gid: string }> {
  const res = await run<{ createArchive: any }>(
    t,
    adminToken,
    `mutation($input: CreateArchiveInput!) { createArchive(input: $input) { __typename ... on ArchivePayload { archive { id databaseId } } ... on Error { code message } } }`,
    { input: { surName: '测', name: `试${Math.random().toString(36).slice(2, 6)}`, grade: 8, year: 2028, ...extra } },
  );
  expect(res.createArchive.__typename, JSON.stringify(res.createArchive)).toBe('ArchivePayload');
  return { id: res.createArchive.archive.databaseId, gid: res.createArchive.archive.id };
}

/** A GraphQL multipart request: one file at `variables.input.file`. */
export async function gqlUpload<T = Record<string, any>>(t: TestApp, token: string, query: string, input: Record<string, unknown>, file: { bytes: Uint8Array; name: string; type?: string }) {
  const form = new FormData();
  form.set('operations', JSON.stringify({ query, variables: { input: { ...input, file: null } } }));
  form.set('map', JSON.stringify({ 0: ['variables.input.file'] }));
  form.set('0', new File([file.bytes as Uint8Array<ArrayBuffer>], file.name, { type: file.type ?? 'application/octet-stream' }));
  const res = await t.app.fetch(new Request('http://test.local/graphql', { method: 'POST', headers: { 'x-token': token, 'x-forwarded-for': '127.0.0.1' }, body: form }));
  return { status: res.status, body: (await res.json()) as { data?: T; errors?: Array<{ message: string; extensions?: { code?: string } }> } };
}

/** A multipart legacy upload: the file under `file`, the other fields in the query string. */
export async function restUpload<T = any>(t: TestApp, token: string, path: string, query: Record<string, string | number>, file: { bytes: Uint8Array; name: string; type?: string } | null) {
  const form = new FormData();
  if (file) form.set('file', new File([file.bytes as Uint8Array<ArrayBuffer>], file.name, { type: file.type ?? 'application/octet-stream' }));
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  const res = await rest<T>(t, `/api/admin${path}.htm?${qs}`, { token, raw: form });
  return res;
}

/** Smallest valid PNG (1×1). */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg==', 'base64');
/** A minimal PDF. */
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
