import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { fileTypeFromStream } from 'file-type';
import yauzl from 'yauzl';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { DomainError } from '../errors.ts';
import { resolveLang, translate } from '../i18n/catalogue.ts';
import { MAX_MULTIPART_BYTES, type ParsedRequest } from '../rest/body.ts';
import { withCountedBody } from './counted-body.ts';
import { fileStore, streamSource } from './files.ts';
import { jsonTooComplex } from './text.ts';

/**
 * The upload store: files live in the configured file store (server/lib/files.ts: the
 * database by default, or a directory), named by the server (a random name and the
 * extension of the type sniffed from the content), never by the client's path.
 * Every upload is checked against a policy: an allowlist of types recognised from the bytes
 * (not from the name or the declared content type) and a size limit. Database rows keep the
 * `key` this module answers; `downloadResponse` serves the bytes back with a safe
 * Content-Disposition.
 */

export type AllowedType = { ext: string; mime: string };

export type UploadPolicy = {
  /** Subdirectory of the store, also the first segment of every key. */
  dir: string;
  types: readonly AllowedType[];
  /** Largest accepted file, in bytes. */
  maxBytes: number;
  /** Plain text (txt, csv, md) is accepted when it is valid UTF-8 without NUL bytes. */
  text?: boolean;
};

export const IMAGE_TYPES: readonly AllowedType[] = [
  { ext: 'png', mime: 'image/png' },
  { ext: 'jpg', mime: 'image/jpeg' },
  { ext: 'gif', mime: 'image/gif' },
  { ext: 'webp', mime: 'image/webp' },
];

export const OFFICE_TYPES: readonly AllowedType[] = [
  { ext: 'pdf', mime: 'application/pdf' },
  { ext: 'docx', mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
  { ext: 'xlsx', mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
  { ext: 'pptx', mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation' },
  { ext: 'odt', mime: 'application/vnd.oasis.opendocument.text' },
  { ext: 'ods', mime: 'application/vnd.oasis.opendocument.spreadsheet' },
  { ext: 'odp', mime: 'application/vnd.oasis.opendocument.presentation' },
  { ext: 'rtf', mime: 'application/rtf' },
  // Legacy Office files are OLE compound files; the client's extension tells which.
  { ext: 'doc', mime: 'application/msword' },
  { ext: 'xls', mime: 'application/vnd.ms-excel' },
  { ext: 'ppt', mime: 'application/vnd.ms-powerpoint' },
];

const TEXT_TYPES: Record<string, string> = { txt: 'text/plain', csv: 'text/csv', md: 'text/markdown' };
const CFB_EXTENSIONS = new Set(['doc', 'xls', 'ppt']);

const MB = 1024 * 1024;

/** The store's policies; other areas add theirs here or pass their own. */
export const UPLOAD_POLICIES = {
  memberImage: { dir: 'member-images', types: IMAGE_TYPES, maxBytes: 5 * MB },
  projectFile: { dir: 'project-files', types: [...OFFICE_TYPES, ...IMAGE_TYPES], maxBytes: 20 * MB, text: true },
  xlsxImport: { dir: 'imports', types: [OFFICE_TYPES[2] as AllowedType], maxBytes: 5 * MB },
} as const satisfies Record<string, UploadPolicy>;

/** A refused upload; both doors translate it (messages in server/i18n/messages/content.ts). */
export class UploadError extends DomainError {
  constructor(code: 'UPLOAD_MISSING' | 'UPLOAD_EMPTY' | 'UPLOAD_TOO_LARGE' | 'UPLOAD_TYPE_NOT_ALLOWED' | 'UPLOAD_UNSAFE_ARCHIVE', params?: Record<string, string | number>) {
    const key = {
      UPLOAD_MISSING: 'upload.missing',
      UPLOAD_EMPTY: 'upload.empty',
      UPLOAD_TOO_LARGE: 'upload.tooLarge',
      UPLOAD_TYPE_NOT_ALLOWED: 'upload.typeNotAllowed',
      UPLOAD_UNSAFE_ARCHIVE: 'upload.unsafeArchive',
    } as const;
    super(code, key[code], params);
  }
}

/** A file that passed its policy; its bytes stay in the File (read once more when stored). */
export type CheckedUpload = { file: File; ext: string; mime: string; fileName: string; size: number };
export type StoredUpload = { key: string; ext: string; mime: string; fileName: string; size: number };

/**
 * Characters a file name must not keep: controls (C0, DEL, C1), format characters (the
 * bidirectional overrides and isolates that make `gpj.exe` read as `exe.jpg`, zero-width
 * characters, the BOM), line and paragraph separators, and what file systems refuse.
 */
// eslint-disable-next-line no-control-regex -- control characters are exactly what a file name must not keep
const UNSAFE_NAME_CHARS = /[\u0000-\u001f\u007f-\u009f\p{Cf}\u2028\u2029"<>|:*?]/gu;

/** The client's name reduced to a display name: no directories, no control or bidirectional characters. */
export function safeFileName(name: string | null | undefined, fallbackExt?: string): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = base.replace(UNSAFE_NAME_CHARS, '').replace(/^\.+/, '').trim().slice(-150);
  if (cleaned) return cleaned;
  return fallbackExt ? `file.${fallbackExt}` : 'file';
}

/** Extensions that name the same type (the sniffed one is listed first). */
const SAME_TYPE: Record<string, readonly string[]> = { jpg: ['jpg', 'jpeg', 'jpe', 'jfif'], tif: ['tif', 'tiff'], md: ['md', 'markdown'] };

/**
 * The name a file is offered under: the display name with the extension of the type its
 * content was recognised as. A name whose extension says something else (a PNG uploaded as
 * `report.html`) gets the right one (`report.png`), so that nothing opens it as what its
 * uploader claimed.
 */
export function downloadName(name: string | null | undefined, ext: string): string {
  const safe = safeFileName(name, ext);
  if (!ext) return safe;
  const given = extensionOf(safe);
  const same = SAME_TYPE[ext] ?? [ext];
  if (given && same.includes(given)) return safe;
  const stem = given ? safe.slice(0, -(given.length + 1)) : safe;
  return `${stem || 'file'}.${ext}`;
}

function extensionOf(name: string): string {
  const m = /\.([a-z0-9]{1,8})$/i.exec(name);
  return m ? (m[1] as string).toLowerCase() : '';
}

/**
 * The type recognised from a file's bytes, read as a stream (file-type reads only what it
 * needs). Multipart Files are not always Node's own, so their web stream is read here.
 */
async function sniffType(file: File): Promise<{ ext: string; mime: string } | undefined> {
  const stream = Readable.from(streamSource(file.stream()), { objectMode: false });
  try {
    return await fileTypeFromStream(stream);
  } catch {
    return undefined;
  } finally {
    stream.destroy();
  }
}

/** Whether a file is valid UTF-8 without NUL bytes, read as a stream (one chunk in memory). */
async function isPlainTextFile(file: File): Promise<boolean> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    for await (const chunk of streamSource(file.stream())) {
      if (chunk.includes(0)) return false;
      decoder.decode(chunk, { stream: true });
    }
    decoder.decode();
    return true;
  } catch {
    return false;
  }
}

/**
 * Checks a file against a policy: present, not empty, within the size limit (read from the
 * File before any byte is read), and of an allowed type recognised from its content (read as
 * a stream: only what the type needs, or the whole text chunk by chunk for text).
 */
export async function checkUpload(file: File | null | undefined, policy: UploadPolicy): Promise<CheckedUpload> {
  if (!file || typeof (file as File).stream !== 'function') throw new UploadError('UPLOAD_MISSING');
  if (file.size === 0) throw new UploadError('UPLOAD_EMPTY');
  const maxMb = Math.round((policy.maxBytes / MB) * 10) / 10;
  if (file.size > policy.maxBytes) throw new UploadError('UPLOAD_TOO_LARGE', { max: maxMb });
  const clientExt = extensionOf(file.name ?? '');
  const allowedList = policy.types.map((t) => t.ext).join(', ');
  const sniffed = await sniffType(file);
  let type: AllowedType | undefined;
  if (sniffed) {
    const ext = sniffed.ext === 'cfb' && CFB_EXTENSIONS.has(clientExt) ? clientExt : sniffed.ext;
    type = policy.types.find((t) => t.ext === ext);
  } else if (policy.text && TEXT_TYPES[clientExt] && (await isPlainTextFile(file))) {
    type = { ext: clientExt, mime: `${TEXT_TYPES[clientExt]}; charset=utf-8` };
  }
  if (!type) throw new UploadError('UPLOAD_TYPE_NOT_ALLOWED', { allowed: policy.text ? `${allowedList}, txt, csv, md` : allowedList });
  return { file, ext: type.ext, mime: type.mime, fileName: downloadName(file.name, type.ext), size: file.size };
}

/** The upload of a legacy multipart request: the field `file`, else the only file sent (every area's upload paths). */
export function uploadedFile(req: ParsedRequest): File | null {
  return req.files.find((f) => f.field === 'file')?.file ?? (req.files.length === 1 ? (req.files[0]?.file ?? null) : null);
}

const KEY = /^[a-z][a-z0-9-]{0,40}\/\d{6}\/[0-9a-f]{32}\.[a-z0-9]{1,8}$/;

/** Whether a key is one this store makes (anything else is never looked up). */
export function isUploadKey(key: string): boolean {
  return KEY.test(key);
}

/** What the store needs: the database client and the configuration (a ServiceContext is one). */
export type StoreDeps = { db: Db; config: Pick<Config, 'dataDir' | 'filesDir' | 'fileStore' | 's3'> };

/** Streams checked bytes into the configured store under a new server-chosen name. */
export async function storeUpload(deps: StoreDeps, checked: CheckedUpload, policy: UploadPolicy): Promise<StoredUpload> {
  const month = new Date().toISOString().slice(0, 7).replace('-', '');
  const key = `${policy.dir}/${month}/${randomBytes(16).toString('hex')}.${checked.ext}`;
  const { size } = await fileStore(deps).put(key, streamSource(checked.file.stream()));
  // The File changed under us (it cannot, but the size is what the row will say).
  if (size !== checked.size) {
    await fileStore(deps).remove(key);
    throw new UploadError('UPLOAD_EMPTY');
  }
  return { key, ext: checked.ext, mime: checked.mime, fileName: checked.fileName, size };
}

/** Check and store in one step. */
export async function saveUpload(deps: StoreDeps, file: File | null | undefined, policy: UploadPolicy): Promise<StoredUpload> {
  return storeUpload(deps, await checkUpload(file, policy), policy);
}

/** Removes a stored file; a missing file is not an error (deletes are retried safely). */
export async function removeUpload(deps: StoreDeps, key: string | null | undefined): Promise<void> {
  if (!key || !isUploadKey(key)) return;
  await fileStore(deps).remove(key);
}

function contentDisposition(kind: 'inline' | 'attachment', fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\;]/g, '_') || 'file';
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** Answers bytes built in memory as a download (templates, exports). */
export function bytesResponse(bytes: Uint8Array, fileName: string, mime: string): Response {
  return new Response(bytes as Uint8Array<ArrayBuffer>, {
    headers: {
      'content-type': mime,
      'content-length': String(bytes.byteLength),
      'content-disposition': contentDisposition('attachment', safeFileName(fileName)),
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-store',
    },
  });
}

/**
 * Streams a stored file with its content type and name. Images may be shown inline; every
 * other type is an attachment. Null when the file is gone.
 */
export async function downloadResponse(deps: StoreDeps, key: string, meta: { fileName: string; mime: string; inline?: boolean }): Promise<Response | null> {
  if (!isUploadKey(key)) return null;
  const found = await fileStore(deps).get(key);
  if (!found) return null;
  const inline = !!meta.inline && meta.mime.startsWith('image/');
  return new Response(found.body, {
    headers: {
      'content-type': meta.mime,
      'content-length': String(found.size),
      // Rows stored before names were corrected still download under the right extension.
      'content-disposition': contentDisposition(inline ? 'inline' : 'attachment', downloadName(meta.fileName, key.slice(key.lastIndexOf('.') + 1))),
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
      'cache-control': 'private, no-store',
    },
  });
}

// ── zip-based formats (xlsx, docx, ...) ──

export type ZipLimits = {
  /** Most entries the central directory may list. */
  maxEntries: number;
  /** Most bytes all entries may unpack to, declared and actual. */
  maxTotalBytes: number;
  /** Most bytes one entry may unpack to. */
  maxEntryBytes: number;
  /** Highest unpacked/packed ratio of an entry larger than 1 MiB. */
  maxRatio: number;
};

export const XLSX_ZIP_LIMITS: ZipLimits = { maxEntries: 500, maxTotalBytes: 40 * MB, maxEntryBytes: 30 * MB, maxRatio: 150 };

function openZip(bytes: Buffer): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true, validateEntrySizes: true, strictFileNames: false, decodeStrings: true }, (err, zip) => (err || !zip ? reject(err ?? new Error('no zip')) : resolve(zip)));
  });
}

/**
 * Refuses zip bombs before any parser unpacks the archive. First the central directory is
 * read (nothing is decompressed): the entry count, each entry's declared sizes and
 * compression ratio, encrypted entries and unsafe names. Then every entry is streamed and
 * counted, so an archive whose entries unpack to more than they declare is stopped after
 * at most a chunk past its limit (yauzl checks actual against declared sizes); memory stays
 * at one chunk. Throws UPLOAD_TYPE_NOT_ALLOWED for bytes that are not a zip archive and
 * UPLOAD_UNSAFE_ARCHIVE for one that breaks a limit.
 */
export async function assertSafeZip(bytes: Buffer, limits: ZipLimits = XLSX_ZIP_LIMITS, allowed = 'xlsx'): Promise<void> {
  let zip: yauzl.ZipFile;
  try {
    zip = await openZip(bytes);
  } catch {
    throw new UploadError('UPLOAD_TYPE_NOT_ALLOWED', { allowed });
  }
  const unsafe = () => new UploadError('UPLOAD_UNSAFE_ARCHIVE');
  try {
    if (zip.entryCount > limits.maxEntries) throw unsafe();
    const entries: yauzl.Entry[] = [];
    let declared = 0;
    await new Promise<void>((resolve, reject) => {
      zip.on('error', reject);
      zip.on('end', () => resolve());
      zip.on('entry', (entry: yauzl.Entry) => {
        const name = entry.fileName;
        const size = entry.uncompressedSize;
        declared += size;
        if (
          entry.isEncrypted() ||
          name.startsWith('/') ||
          name.split(/[\\/]/).includes('..') ||
          size > limits.maxEntryBytes ||
          declared > limits.maxTotalBytes ||
          (size > MB && size / Math.max(entry.compressedSize, 1) > limits.maxRatio)
        ) {
          reject(unsafe());
          return;
        }
        entries.push(entry);
        zip.readEntry();
      });
      zip.readEntry();
    });
    let actual = 0;
    for (const entry of entries) {
      if (entry.fileName.endsWith('/')) continue;
      const stream = await zip.openReadStreamPromise(entry);
      await new Promise<void>((resolve, reject) => {
        stream.on('data', (chunk: Buffer) => {
          actual += chunk.length;
          if (actual > limits.maxTotalBytes) {
            stream.destroy();
            reject(unsafe());
          }
        });
        stream.on('error', () => reject(unsafe()));
        stream.on('end', () => resolve());
      });
    }
  } catch (err) {
    if (err instanceof UploadError) throw err;
    throw unsafe();
  } finally {
    zip.close();
  }
}

/**
 * Most bytes of a GraphQL request that is not an upload (JSON or a GET query): rich text
 * carries its images inline (each at most 1 MB in the editor), so a few of them fit.
 */
export const MAX_GRAPHQL_JSON_BYTES = 8 * MB;

/**
 * Body limits of /graphql: multipart requests (uploads) take the legacy door's multipart limit
 * (25 MB), other requests MAX_GRAPHQL_JSON_BYTES. A request declaring more is refused before it
 * is read (413). Without a declared length a JSON body is read here, counted, and refused (413)
 * as soon as it passes the limit; a multipart body is counted as it streams and cut off past
 * its limit: `exceeded()` then tells the caller to answer 413 whatever yoga made of the cut body.
 */
export async function limitGraphqlUpload(request: Request): Promise<{ request: Request; exceeded: () => boolean } | Response> {
  const never = () => false;
  if (request.method !== 'POST') return { request, exceeded: never };
  const multipart = (request.headers.get('content-type') ?? '').toLowerCase().startsWith('multipart/');
  const limit = multipart ? MAX_MULTIPART_BYTES : MAX_GRAPHQL_JSON_BYTES;
  const length = request.headers.get('content-length');
  const declared = Number(length ?? '0');
  if (declared > limit) return graphqlTooLarge(request);
  if (!request.body) return { request, exceeded: never };
  // A declared length within the limit bounds the body: the HTTP server reads no more than it.
  if (length !== null && /^\d+$/.test(length)) return { request, exceeded: never };
  if (!multipart) {
    const reader = request.body.getReader();
    const chunks: Uint8Array[] = [];
    let size = 0;
    while (true) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) {
        await reader.cancel().catch(() => {});
        return graphqlTooLarge(request);
      }
      chunks.push(value);
    }
    const body = Buffer.concat(chunks);
    // Within the byte limit, a body of too many keys or values would still stall the parser.
    if (jsonTooComplex(body)) return graphqlTooLarge(request);
    return { request: new Request(request, { body }), exceeded: never };
  }
  return withCountedBody(request, limit);
}

/** The 413 answer of /graphql (PAYLOAD_TOO_LARGE). */
export function graphqlTooLarge(request: Request): Response {
  const lang = resolveLang(null, request.headers.get('cookie'));
  return new Response(JSON.stringify({ errors: [{ message: translate(lang, 'error.tooLarge'), extensions: { code: 'PAYLOAD_TOO_LARGE' } }] }), {
    status: 413,
    headers: { 'content-type': 'application/json; charset=utf-8' },
  });
}
