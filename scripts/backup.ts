/**
 * npm run db:backup -- <file>    a consistent backup of the database and its files (server/db/backup.ts)
 * npm run db:restore -- <file>   restore one into an empty database
 * They use DATABASE_URL when set, otherwise the embedded PostgreSQL of DATA_DIR: the running
 * server's when one runs, else one started for the command. See docs/operations.md.
 */
import path from 'node:path';
import { loadConfig } from '../server/config.ts';
import { backupDatabase, restoreDatabase } from '../server/db/backup.ts';
import { attachDatabase } from '../server/db/database.ts';
import { externalFileStore } from '../server/lib/files.ts';

async function main(): Promise<void> {
  const [command, file] = process.argv.slice(2);
  if ((command !== 'backup' && command !== 'restore') || !file) {
    console.error('usage: npm run db:backup -- <file> | npm run db:restore -- <file>');
    process.exit(2);
  }
  const config = loadConfig();
  const files = externalFileStore(config);
  const database = await attachDatabase(config);
  const started = Date.now();
  try {
    const target = path.resolve(file);
    const summary = command === 'backup' ? await backupDatabase(database.url, target, { files }) : await restoreDatabase(database.url, target, { files, log: (l) => console.log(l) });
    const rows = Object.values(summary.tables).reduce((a, b) => a + b, 0);
    console.log(
      `${command === 'backup' ? 'backed up to' : 'restored from'} ${target}: ${summary.migrations} migrations, ${Object.keys(summary.tables).length} tables, ${rows} rows` +
        `${files ? `, ${summary.files} files (${files.kind})` : ' (files are rows of the database)'}, ${Date.now() - started} ms`,
    );
  } finally {
    await database.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
});
