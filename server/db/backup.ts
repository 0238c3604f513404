import { createReadStream, createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { PassThrough, Readable, type Writable } from 'node:stream';
import { createGunzip, createGzip } from 'node:zlib';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { applyMigrations } from './migrate.ts';
import { streamSource, type FileStore } from '../lib/files.ts';

/**
 * Backups without pg_dump: the embedded server ships no pg_dump, and Debian's is older than
 * the embedded PostgreSQL 18 (pg_dump refuses newer servers). A backup is the list of applied
 * migrations plus every table's rows as PostgreSQL's own COPY text, all read in one
 * REPEATABLE READ snapshot (consistent, like pg_dump), gzipped in one file. Files kept in the
 * database (the default store) are rows like any other; files of the directory store are
 * appended after the tables. A restore rebuilds the schema with the same migrations, loads
 * the rows (foreign keys dropped meanwhile and checked again when they come back), and
 * moves the sequences past the highest ids.
 *
 * Format: a JSON header line, then records. A record is a JSON line
 * (`{"table":...,"columns":[...]}` or `{"file":key,"size":n}`) followed by frames of
 * `<uint32 length><bytes>`, ended by a frame of length 0. A last JSON line `{"end":true}`
 * proves the file complete.
 */
export const BACKUP_FORMAT = 'back-office-backup';

export type BackupSummary = { migrations: number; tables: Record<string, number>; files: number; bytes: number };

type Header = { format: string; version: 1; createdAt: string; migrations: string[]; tables: string[] };

function frame(bytes: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(bytes.length);
  return Buffer.concat([len, bytes]);
}
const END_FRAME = Buffer.alloc(4);

/** Application tables in an order where every referenced table comes first. */
async function tablesInOrder(client: pg.Client): Promise<string[]> {
  const { rows: tables } = await client.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND c.relname <> '_prisma_migrations' ORDER BY c.relname`,
  );
  const { rows: refs } = await client.query<{ child: string; parent: string }>(
    `SELECT DISTINCT ch.relname AS child, pa.relname AS parent FROM pg_constraint k
     JOIN pg_class ch ON ch.oid = k.conrelid JOIN pg_class pa ON pa.oid = k.confrelid
     JOIN pg_namespace n ON n.oid = ch.relnamespace
     WHERE k.contype = 'f' AND n.nspname = 'public' AND ch.oid <> pa.oid`,
  );
  const parents = new Map<string, Set<string>>(tables.map((t) => [t.name, new Set()]));
  for (const r of refs) parents.get(r.child)?.add(r.parent);
  const out: string[] = [];
  const seen = new Set<string>();
  const visit = (name: string, path: Set<string>) => {
    if (seen.has(name) || path.has(name)) return;
    path.add(name);
    for (const p of parents.get(name) ?? []) visit(p, path);
    path.delete(name);
    seen.add(name);
    out.push(name);
  };
  for (const t of tables) visit(t.name, new Set());
  return out;
}

async function columnsOf(client: pg.Client, table: string): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(`SELECT attname AS name FROM pg_attribute WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped AND attgenerated = '' ORDER BY attnum`, [
    `public.${client.escapeIdentifier(table)}`,
  ]);
  return rows.map((r) => r.name);
}

/**
 * Writes a consistent backup of the database at `url` (and of `files`, the directory or S3
 * store, when the files live outside the database) to `file`, atomically (a temporary file renamed at the end).
 */
export async function backupDatabase(url: string, file: string, options: { files?: FileStore } = {}): Promise<BackupSummary> {
  const client = new pg.Client({ connectionString: url, application_name: 'back-office backup' });
  await client.connect();
  const temp = `${file}.part`;
  const out = new PassThrough();
  const gzip = createGzip({ level: 6 });
  const written = pipeline(out, gzip, createWriteStream(temp, { mode: 0o600 }));
  const write = async (bytes: Buffer) => {
    if (!out.write(bytes)) await new Promise((resolve) => out.once('drain', resolve));
  };
  const summary: BackupSummary = { migrations: 0, tables: {}, files: 0, bytes: 0 };
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const { rows: migrations } = await client.query<{ migration_name: string }>('SELECT migration_name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL ORDER BY migration_name');
    const tables = await tablesInOrder(client);
    const header: Header = { format: BACKUP_FORMAT, version: 1, createdAt: new Date().toISOString(), migrations: migrations.map((m) => m.migration_name), tables };
    summary.migrations = header.migrations.length;
    await write(Buffer.from(JSON.stringify(header) + '\n'));
    for (const table of tables) {
      const columns = await columnsOf(client, table);
      const { rows } = await client.query<{ n: string }>(`SELECT count(*)::text AS n FROM ${client.escapeIdentifier(table)}`);
      summary.tables[table] = Number(rows[0]?.n ?? 0);
      await write(Buffer.from(JSON.stringify({ table, columns, rows: summary.tables[table] }) + '\n'));
      const cols = columns.map((c) => client.escapeIdentifier(c)).join(', ');
      const copy = client.query(copyTo(`COPY ${client.escapeIdentifier(table)} (${cols}) TO STDOUT`));
      for await (const chunk of copy as AsyncIterable<Buffer>) {
        summary.bytes += chunk.length;
        await write(frame(chunk));
      }
      await write(END_FRAME);
    }
    await client.query('COMMIT');
    if (options.files) {
      const store = options.files;
      for await (const entry of store.list()) {
        const found = await store.get(entry.key);
        if (!found) continue;
        await write(Buffer.from(JSON.stringify({ file: entry.key, size: found.size }) + '\n'));
        for await (const chunk of streamSource(found.body)) {
          summary.bytes += chunk.length;
          await write(frame(Buffer.from(chunk)));
        }
        await write(END_FRAME);
        summary.files += 1;
      }
    }
    await write(Buffer.from(JSON.stringify({ end: true }) + '\n'));
    out.end();
    await written;
    await rename(temp, file);
    return summary;
  } catch (err) {
    out.destroy(err as Error);
    await written.catch(() => {});
    await rm(temp, { force: true });
    throw err;
  } finally {
    await client.end().catch(() => {});
  }
}

/** Reads lines and length-prefixed frames from a byte stream. */
class RecordReader {
  private buffer: Buffer = Buffer.alloc(0);
  private done = false;
  private readonly iterator: AsyncIterator<Buffer>;

  constructor(stream: Readable) {
    this.iterator = (stream as AsyncIterable<Buffer>)[Symbol.asyncIterator]();
  }

  private async fill(): Promise<boolean> {
    if (this.done) return false;
    const { done, value } = await this.iterator.next();
    if (done) {
      this.done = true;
      return false;
    }
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, value]) : value;
    return true;
  }

  async line(): Promise<string | null> {
    while (true) {
      const nl = this.buffer.indexOf(10);
      if (nl >= 0) {
        const text = this.buffer.subarray(0, nl).toString('utf8');
        this.buffer = this.buffer.subarray(nl + 1);
        return text;
      }
      if (!(await this.fill())) return null;
    }
  }

  private async take(n: number): Promise<Buffer> {
    while (this.buffer.length < n) if (!(await this.fill())) throw new Error('The backup file is cut short.');
    const out = this.buffer.subarray(0, n);
    this.buffer = this.buffer.subarray(n);
    return out;
  }

  /** The frames of one record, until its end frame. */
  async *frames(): AsyncIterable<Buffer> {
    while (true) {
      const len = (await this.take(4)).readUInt32BE(0);
      if (len === 0) return;
      yield Buffer.from(await this.take(len));
    }
  }
}

/**
 * Restores a backup into the database at `url`, which must hold no tables (created when
 * missing); files kept outside the database go into `files` (the directory or S3 store). The schema is built by the
 * backup's migrations, then every row is loaded in one transaction: a failed load leaves the
 * schema without rows (drop the database before trying again).
 */
export async function restoreDatabase(url: string, file: string, options: { files?: FileStore; log?: (line: string) => void } = {}): Promise<BackupSummary> {
  const log = options.log ?? (() => {});
  const reader = new RecordReader(createReadStream(file).pipe(createGunzip()));
  const first = await reader.line();
  let header: Header;
  try {
    header = JSON.parse(first ?? '') as Header;
  } catch {
    throw new Error(`${file} is not a back-office backup.`);
  }
  if (header.format !== BACKUP_FORMAT || header.version !== 1) throw new Error(`${file} is not a back-office backup.`);
  const client = new pg.Client({ connectionString: url, application_name: 'back-office restore' });
  await client.connect();
  const summary: BackupSummary = { migrations: header.migrations.length, tables: {}, files: 0, bytes: 0 };
  try {
    const { rows } = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public'`);
    if ((rows[0]?.n ?? 0) > 0) throw new Error('The target database is not empty; restore into a new database (or drop this one first).');
    await applyMigrations(url, { only: header.migrations, log });
    await client.query('BEGIN');
    // Foreign keys go while rows load (departments and users name each other) and come back
    // after, checked against every row, as pg_restore does.
    const { rows: foreignKeys } = await client.query<{ tbl: string; name: string; def: string }>(
      `SELECT c.relname AS tbl, k.conname AS name, pg_get_constraintdef(k.oid) AS def FROM pg_constraint k
       JOIN pg_class c ON c.oid = k.conrelid JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE k.contype = 'f' AND n.nspname = 'public'`,
    );
    for (const k of foreignKeys) await client.query(`ALTER TABLE ${client.escapeIdentifier(k.tbl)} DROP CONSTRAINT ${client.escapeIdentifier(k.name)}`);
    while (true) {
      const line = await reader.line();
      if (line === null) throw new Error('The backup file is cut short (no end record).');
      const record = JSON.parse(line) as { table?: string; columns?: string[]; file?: string; size?: number; end?: boolean };
      if (record.end) break;
      if (record.table && record.columns) {
        const cols = record.columns.map((c) => client.escapeIdentifier(c)).join(', ');
        const copy = client.query(copyFrom(`COPY ${client.escapeIdentifier(record.table)} (${cols}) FROM STDIN`));
        const source = Readable.from(reader.frames(), { objectMode: false });
        await pipeline(source, copy as unknown as Writable);
        summary.tables[record.table] = copy.rowCount ?? 0;
        log(`restored ${record.table}: ${summary.tables[record.table]} rows`);
        continue;
      }
      if (record.file) {
        if (!options.files) throw new Error('The backup holds files kept outside the database: set FILE_STORE (directory with FILES_DIR, or s3) to where they go.');
        await options.files.put(record.file, reader.frames());
        summary.files += 1;
        continue;
      }
      throw new Error('The backup file holds an unknown record.');
    }
    for (const k of foreignKeys) await client.query(`ALTER TABLE ${client.escapeIdentifier(k.tbl)} ADD CONSTRAINT ${client.escapeIdentifier(k.name)} ${k.def}`);
    // Sequences continue after the restored ids.
    const { rows: sequences } = await client.query<{ tbl: string; col: string; seq: string }>(
      `SELECT c.relname AS tbl, a.attname AS col, pg_get_serial_sequence(quote_ident(c.relname), a.attname) AS seq
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace JOIN pg_attribute a ON a.attrelid = c.oid
       WHERE n.nspname = 'public' AND c.relkind = 'r' AND a.attnum > 0 AND NOT a.attisdropped
         AND pg_get_serial_sequence(quote_ident(c.relname), a.attname) IS NOT NULL`,
    );
    for (const s of sequences) {
      await client.query(`SELECT setval($1, COALESCE((SELECT max(${client.escapeIdentifier(s.col)}) FROM ${client.escapeIdentifier(s.tbl)}), 0) + 1, false)`, [s.seq]);
    }
    await client.query('COMMIT');
    return summary;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    await client.end().catch(() => {});
  }
}
