import { ValidationError } from '../errors.ts';
import { containsNul, jsonTooComplex } from '../lib/text.ts';
import { LIMIT_EXCEEDED, MAX_LIST_ITEMS } from '../lib/validate.ts';
import { withCountedBody } from '../lib/counted-body.ts';

/**
 * Reading legacy requests: query strings, JSON bodies, form posts and multipart uploads.
 * Keys of the form `a.b` are nested into objects, as the old client's request layer does.
 */
export class UnreadableRequest extends Error {
  readonly httpStatus: 400 | 413;
  constructor(httpStatus: 400 | 413 = 400) {
    super('unreadable request');
    this.httpStatus = httpStatus;
  }
}

export const MAX_JSON_BYTES = 2 * 1024 * 1024;
export const MAX_MULTIPART_BYTES = 25 * 1024 * 1024;

export type Params = Record<string, unknown>;
export type UploadedFile = { field: string; file: File };

/**
 * Keys dropped from every parameter object: the prototype's, and the names of Object.prototype's
 * methods. `{"state": {"toString": "x"}}` would otherwise make any text conversion of the value
 * throw (`String(v)`: "Cannot convert object to primitive value"), which the fuzzer found as HTTP
 * 500 on nine paths; no old client sends such keys.
 */
const FORBIDDEN_KEYS = new Set([
  '__proto__',
  'prototype',
  'constructor',
  'toString',
  'valueOf',
  'toLocaleString',
  'hasOwnProperty',
  'isPrototypeOf',
  'propertyIsEnumerable',
  '__defineGetter__',
  '__defineSetter__',
  '__lookupGetter__',
  '__lookupSetter__',
]);

/** `{"condition.state": 2}` becomes `{condition: {state: 2}}`; nested objects are walked too. */
export function nestDottedKeys(input: unknown): unknown {
  if (Array.isArray(input)) return input.map(nestDottedKeys);
  if (!input || typeof input !== 'object') return input;
  const out: Record<string, unknown> = {};
  for (const [key, raw] of Object.entries(input as Record<string, unknown>)) {
    const value = nestDottedKeys(raw);
    const parts = key.split('.');
    if (parts.some((p) => FORBIDDEN_KEYS.has(p) || p === '')) continue;
    let target = out;
    for (const part of parts.slice(0, -1)) {
      const next = target[part];
      if (!next || typeof next !== 'object' || Array.isArray(next)) target[part] = {};
      target = target[part] as Record<string, unknown>;
    }
    const last = parts[parts.length - 1] as string;
    const existing = target[last];
    if (existing && typeof existing === 'object' && !Array.isArray(existing) && value && typeof value === 'object' && !Array.isArray(value)) {
      Object.assign(existing, value);
    } else {
      target[last] = value;
    }
  }
  return out;
}

function entriesToObject(entries: Iterable<[string, string]>): Params {
  const out: Params = {};
  for (const [k, v] of entries) {
    const existing = out[k];
    if (existing === undefined) out[k] = v;
    else out[k] = Array.isArray(existing) ? [...existing, v] : [existing, v];
  }
  return out;
}

async function readLimited(request: Request, limit: number): Promise<string> {
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > limit) throw new UnreadableRequest(413);
  const reader = request.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  while (true) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      throw new UnreadableRequest(413);
    }
    chunks.push(value);
  }
  const body = Buffer.concat(chunks);
  // Within the byte limit, a body of too many keys or values would still stall the parser.
  if (jsonTooComplex(body)) throw new UnreadableRequest(413);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    throw new UnreadableRequest();
  }
}

export type ParsedRequest = { params: Params; files: UploadedFile[]; text: string | null };

/** The name of the first list over MAX_LIST_ITEMS in the parameters (a JSON array, repeated keys), if any. */
function overlongList(value: unknown, name: string, depth = 0): string | null {
  if (!value || typeof value !== 'object' || depth > 32) return null;
  if (Array.isArray(value)) {
    if (value.length > MAX_LIST_ITEMS) return name || 'list';
    for (const v of value) {
      const found = overlongList(v, name, depth + 1);
      if (found) return found;
    }
    return null;
  }
  for (const [k, v] of Object.entries(value)) {
    const found = overlongList(v, k, depth + 1);
    if (found) return found;
  }
  return null;
}

export async function readRequest(request: Request): Promise<ParsedRequest> {
  const parsed = await readRequestUnchecked(request);
  // PostgreSQL text cannot hold U+0000: refuse it here, once, for every path.
  if (containsNul(parsed.params) || parsed.text?.includes('\u0000')) throw new UnreadableRequest();
  // No list of a request reaches a service with more than MAX_LIST_ITEMS items (docs/security.md).
  const long = overlongList(parsed.params, '');
  if (long) throw new ValidationError('limit.listTooLong', { field: long, max: MAX_LIST_ITEMS }, LIMIT_EXCEEDED);
  return parsed;
}

async function readRequestUnchecked(request: Request): Promise<ParsedRequest> {
  const url = new URL(request.url);
  const query = entriesToObject(url.searchParams.entries());
  if (request.method === 'GET' || request.method === 'HEAD') {
    return { params: nestDottedKeys(query) as Params, files: [], text: null };
  }
  const type = (request.headers.get('content-type') ?? '').toLowerCase();
  if (type.startsWith('multipart/form-data')) {
    const declared = Number(request.headers.get('content-length') ?? '0');
    if (declared > MAX_MULTIPART_BYTES) throw new UnreadableRequest(413);
    // Counted as it arrives: a body without a declared length (chunked) stops at the limit too.
    const counted = withCountedBody(request, MAX_MULTIPART_BYTES);
    let form: FormData;
    try {
      form = await counted.request.formData();
    } catch {
      throw new UnreadableRequest(counted.exceeded() ? 413 : 400);
    }
    const fields: Array<[string, string]> = [];
    const files: UploadedFile[] = [];
    for (const [k, v] of form.entries()) {
      if (typeof v === 'string') fields.push([k, v]);
      else files.push({ field: k, file: v });
    }
    return { params: nestDottedKeys({ ...query, ...entriesToObject(fields) }) as Params, files, text: null };
  }
  const text = await readLimited(request, MAX_JSON_BYTES);
  if (type.startsWith('application/x-www-form-urlencoded')) {
    return { params: nestDottedKeys({ ...query, ...entriesToObject(new URLSearchParams(text).entries()) }) as Params, files: [], text };
  }
  if (type.startsWith('application/json') || (!type.startsWith('text/') && /^\s*[[{]/.test(text))) {
    if (!text.trim()) return { params: nestDottedKeys(query) as Params, files: [], text };
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new UnreadableRequest();
    }
    if (body === null || typeof body !== 'object' || Array.isArray(body)) throw new UnreadableRequest();
    return { params: nestDottedKeys({ ...query, ...(body as Params) }) as Params, files: [], text };
  }
  return { params: nestDottedKeys(query) as Params, files: [], text };
}
