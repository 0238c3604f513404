import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { FileStore } from './file-store.ts';
import { s3Store } from './files-s3.ts';

export type { FileStore } from './file-store.ts';

export const CHUNK_BYTES = 1024 * 1024;

/** Re-slices a byte source into chunks of at most `size` bytes. */
async function* rechunk(source: AsyncIterable<Uint8Array>, size = CHUNK_BYTES): AsyncIterable<Buffer> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  for await (const part of source) {
    let buf = Buffer.from(part.buffer, part.byteOffset, part.byteLength);
    while (buf.length) {
      const take = Math.min(size - pendingBytes, buf.length);
      pending.push(buf.subarray(0, take));
      pendingBytes += take;
      buf = buf.subarray(take);
      if (pendingBytes === size) {
        yield Buffer.concat(pending);
        pending = [];
        pendingBytes = 0;
      }
    }
  }
  if (pendingBytes) yield Buffer.concat(pending);
}

function postgresStore(db: Db): FileStore {
  return {
    kind: 'postgres',
    async put(key, source) {
      const hash = createHash('sha256');
      let size = 0;
      let sha256 = '';
      // One transaction: a file is there whole or not at all.
      await db.$transaction(
        async (tx) => {
          await tx.storedFile.deleteMany({ where: { key } });
          await tx.storedFile.create({ data: { key, size: 0, sha256: '' } });
          let seq = 0;
          for await (const chunk of rechunk(source)) {
            hash.update(chunk);
            size += chunk.length;
            await tx.fileChunk.create({ data: { key, seq: seq++, data: chunk as Uint8Array<ArrayBuffer> } });
          }
          sha256 = hash.digest('hex');
          await tx.storedFile.update({ where: { key }, data: { size, sha256 } });
        },
        { maxWait: 10_000, timeout: 120_000 },
      );
      return { size, sha256 };
    },
    async get(key) {
      const row = await db.storedFile.findUnique({ where: { key }, select: { size: true, _count: { select: { chunks: true } } } });
      if (!row) return null;
      const count = row._count.chunks;
      let seq = 0;
      const body = new ReadableStream<Uint8Array>({
        async pull(controller) {
          if (seq >= count) {
            controller.close();
            return;
          }
          const chunk = await db.fileChunk.findUnique({ where: { key_seq: { key, seq } }, select: { data: true } });
          seq += 1;
          if (!chunk) controller.error(new Error('stored file chunk missing'));
          else controller.enqueue(chunk.data);
        },
      });
      return { size: row.size, body };
    },
    async remove(key) {
      await db.storedFile.deleteMany({ where: { key } });
    },
    async has(key) {
      return (await db.storedFile.count({ where: { key } })) > 0;
    },
    async *list() {
      let after = '';
      while (true) {
        const rows = await db.storedFile.findMany({ where: { key: { gt: after } }, orderBy: { key: 'asc' }, take: 500, select: { key: true, size: true } });
        if (!rows.length) return;
        yield* rows;
        after = (rows.at(-1) as { key: string }).key;
      }
    },
  };
}

function directoryStore(root: string): FileStore {
  const fileOf = (key: string) => {
    const file = path.resolve(root, key);
    if (!file.startsWith(root + path.sep)) throw new Error('file key outside the store');
    return file;
  };
  return {
    kind: 'directory',
    async put(key, source) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      const temp = `${file}.part`;
      const hash = createHash('sha256');
      let size = 0;
      const handle = await open(temp, 'w', 0o640);
      try {
        for await (const chunk of rechunk(source)) {
          hash.update(chunk);
          size += chunk.length;
          await handle.write(chunk);
        }
        await handle.sync();
      } finally {
        await handle.close();
      }
      // Atomic: readers see no file or the whole file.
      await rename(temp, file);
      return { size, sha256: hash.digest('hex') };
    },
    async get(key) {
      const file = fileOf(key);
      const info = await stat(file).catch(() => null);
      if (!info?.isFile()) return null;
      return { size: info.size, body: Readable.toWeb(createReadStream(file, { highWaterMark: 256 * 1024 })) as ReadableStream<Uint8Array> };
    },
    async remove(key) {
      await rm(fileOf(key), { force: true });
    },
    async has(key) {
      return (await stat(fileOf(key)).catch(() => null))?.isFile() ?? false;
    },
    async *list() {
      const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
      for (const e of entries) {
        if (!e.isFile() || e.name.endsWith('.part')) continue;
        const full = path.join(e.parentPath, e.name);
        yield { key: path.relative(root, full).split(path.sep).join('/'), size: (await stat(full)).size };
      }
    },
  };
}

/** The directory of the `directory` store (FILES_DIR, else DATA_DIR/uploads): also where files were kept before the store existed. */
export function filesDirectory(config: Pick<Config, 'dataDir' | 'filesDir'>): string {
  return path.resolve(config.filesDir ?? path.join(config.dataDir, 'uploads'));
}

const stores = new WeakMap<Db, Map<string, FileStore>>();

type StoreConfig = Pick<Config, 'dataDir' | 'filesDir' | 'fileStore' | 's3'>;

function storeId(config: StoreConfig): string {
  if (config.fileStore === 'directory') return `directory:${filesDirectory(config)}`;
  if (config.fileStore === 's3') return `s3:${config.s3?.endpoint ?? ''}/${config.s3?.bucket ?? ''}/${config.s3?.prefix ?? ''}`;
  return 'postgres';
}

/** The configured store of a database client (one per client and configuration). */
export function fileStore(deps: { db: Db; config: StoreConfig }): FileStore {
  let byConfig = stores.get(deps.db);
  if (!byConfig) stores.set(deps.db, (byConfig = new Map()));
  const id = storeId(deps.config);
  let store = byConfig.get(id);
  if (!store) byConfig.set(id, (store = externalFileStore(deps.config) ?? postgresStore(deps.db)));
  return store;
}

/**
 * The configured store when the files live outside the database (a directory or a bucket), for
 * backups and restores, which carry those files beside the rows; undefined for `postgres`, whose
 * files are rows.
 */
export function externalFileStore(config: StoreConfig): FileStore | undefined {
  if (config.fileStore === 'directory') return directoryStore(filesDirectory(config));
  if (config.fileStore === 's3') {
    if (!config.s3) throw new Error('FILE_STORE=s3 needs S3_BUCKET');
    return s3Store(config.s3);
  }
  return undefined;
}

/** The database's store whatever FILE_STORE says (the migration command reads it to move files into a bucket or a directory). */
export function databaseFileStore(db: Db): FileStore {
  return postgresStore(db);
}

/** A directory store on any directory (the migration command reads the old upload directory through it). */
export function directoryFileStore(root: string): FileStore {
  return directoryStore(path.resolve(root));
}

/** A byte array as a source of chunks. */
export async function* bytesSource(bytes: Uint8Array): AsyncIterable<Uint8Array> {
  yield bytes;
}

/** A web stream as a source of chunks. */
export async function* streamSource(stream: ReadableStream<Uint8Array>): AsyncIterable<Uint8Array> {
  const reader = stream.getReader();
  try {
    while (true) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    reader.releaseLock();
  }
}
