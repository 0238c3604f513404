/**
 * Where uploaded bytes live, behind one interface so that every server process on one
 * database can serve every file (docs/operations.md#files):
 *
 * - `postgres` (the default): the bytes are rows of `stored_files` / `file_chunks` in the
 *   application's database, in 1 MiB chunks. Any number of processes on the database read
 *   them, and one database backup holds them.
 * - `directory`: files under FILES_DIR (default DATA_DIR/uploads), for one host or a
 *   directory every host mounts (NFS and the like).
 * - `s3`: objects in an S3-compatible bucket (`files-s3.ts`), for hosts that share no disk and
 *   files kept apart from the database.
 *
 * Both stream both ways: a write consumes its source chunk by chunk, a read yields one chunk
 * at a time, so a 25 MB file is never held whole by the store.
 */
export type FileStore = {
  readonly kind: 'postgres' | 'directory' | 's3';
  /** Stores a new key (keys are never reused; an existing key is replaced). */
  put(key: string, source: AsyncIterable<Uint8Array>): Promise<{ size: number; sha256: string }>;
  /** The file's size and a stream of its bytes, or null when there is no such file. */
  get(key: string): Promise<{ size: number; body: ReadableStream<Uint8Array> } | null>;
  /** Removes a file; a missing one is not an error. */
  remove(key: string): Promise<void>;
  has(key: string): Promise<boolean>;
  /** Every stored key with its size and digest (backups, migrations, checks). */
  list(): AsyncIterable<{ key: string; size: number }>;
};
