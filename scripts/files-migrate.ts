/**
 * npm run files:migrate [-- --from <dir> | --from-database] [-- --remove]
 *
 * Copies the files an older version kept under DATA_DIR/uploads (or --from <dir>), or with
 * --from-database the files kept in the database, into the configured store (FILE_STORE, the
 * database by default; s3 or directory when moving files out of the database). Idempotent: a key already in the
 * store is skipped, so it can run again after an interruption; each copy is checked by size
 * and SHA-256 read back from the store. `--remove` deletes each local file once its copy is
 * verified. Uses DATABASE_URL, else the embedded PostgreSQL of DATA_DIR (the running
 * server's when one runs). See docs/operations.md#files.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import { loadConfig } from '../server/config.ts';
import { createDb } from '../server/db/client.ts';
import { attachDatabase } from '../server/db/database.ts';
import { applyMigrations } from '../server/db/migrate.ts';
import { databaseFileStore, directoryFileStore, fileStore, filesDirectory, streamSource } from '../server/lib/files.ts';
import { isUploadKey } from '../server/lib/upload.ts';

async function sha256Of(body: ReadableStream<Uint8Array>): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of streamSource(body)) hash.update(chunk);
  return hash.digest('hex');
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const fromIndex = args.indexOf('--from');
  const config = loadConfig();
  const from = path.resolve(fromIndex >= 0 && args[fromIndex + 1] ? (args[fromIndex + 1] as string) : path.join(config.dataDir, 'uploads'));
  const remove = args.includes('--remove');
  const fromDatabase = args.includes('--from-database');
  if (fromDatabase && config.fileStore === 'postgres') {
    console.error('--from-database moves files out of the database: set FILE_STORE to s3 or directory first.');
    process.exitCode = 2;
    return;
  }
  if (!fromDatabase && config.fileStore === 'directory' && filesDirectory(config) === from) {
    console.log(`FILE_STORE=directory already reads ${from}: nothing to migrate.`);
    return;
  }
  const database = await attachDatabase(config);
  const db = createDb(database.url, { max: 2 });
  const counts = { copied: 0, skipped: 0, ignored: 0, failed: 0, bytes: 0 };
  try {
    await applyMigrations(database.url);
    const source = fromDatabase ? databaseFileStore(db) : directoryFileStore(from);
    const target = fileStore({ db, config });
    for await (const { key } of source.list()) {
      if (!isUploadKey(key)) {
        counts.ignored += 1;
        continue;
      }
      const found = await source.get(key);
      if (!found) continue;
      if (await target.has(key)) {
        counts.skipped += 1;
        await found.body.cancel();
        // Copied by an earlier run: removed locally only when the copy matches.
        if (remove) {
          const [copy, local] = [await target.get(key), await source.get(key)];
          if (copy && local && copy.size === local.size && (await sha256Of(copy.body)) === (await sha256Of(local.body))) await source.remove(key);
        }
        continue;
      }
      const written = await target.put(key, streamSource(found.body));
      const check = await target.get(key);
      const ok = !!check && check.size === found.size && (await sha256Of(check.body)) === written.sha256;
      if (!ok) {
        counts.failed += 1;
        console.error(`copy of ${key} does not match; kept the local file`);
        await target.remove(key);
        continue;
      }
      counts.copied += 1;
      counts.bytes += found.size;
      if (remove) await source.remove(key);
    }
    console.log(
      `files from ${fromDatabase ? 'the database' : from} into the ${config.fileStore} store: ${counts.copied} copied (${counts.bytes} bytes), ${counts.skipped} already there, ${counts.ignored} not upload files, ${counts.failed} failed` +
        (remove ? `; copied files removed from ${fromDatabase ? 'the database' : 'the directory'}` : ''),
    );
    if (counts.failed) process.exitCode = 1;
  } finally {
    await db.$disconnect();
    await database.stop();
  }
}

// The exit status said explicitly: run through `npx tsx`, a bare process.exitCode was lost.
main().then(
  () => process.exit(process.exitCode ?? 0),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(1);
  },
);
