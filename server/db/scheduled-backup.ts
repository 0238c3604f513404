import { mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Cron } from 'croner';
import pg from 'pg';
import type { Config } from '../config.ts';
import { externalFileStore } from '../lib/files.ts';
import { logger } from '../logger.ts';
import { backupDatabase } from './backup.ts';

/** Advisory lock of a scheduled backup: with several processes on one database, one of them takes each run. */
const BACKUP_LOCK_KEY = 727_274_101;
const NAME = /^backup-\d{8}T\d{6}Z\.bo$/;

/** Backups on a schedule (BACKUP_CRON, BACKUP_DIR, BACKUP_KEEP), in the process that opened the database. */
export function startScheduledBackups(config: Config, url: string): { stop: () => void } {
  if (!config.backupCron) return { stop: () => {} };
  const dir = config.backupDir ?? path.join(config.dataDir, 'backups');
  const job = new Cron(config.backupCron, { protect: true }, async () => {
    const client = new pg.Client({ connectionString: url, application_name: 'back-office scheduled backup' });
    try {
      await client.connect();
      const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [BACKUP_LOCK_KEY]);
      if (!rows[0]?.locked) return;
      await mkdir(dir, { recursive: true });
      const stamp = new Date()
        .toISOString()
        .replace(/[-:]/g, '')
        .replace(/\.\d+Z$/, 'Z');
      const file = path.join(dir, `backup-${stamp}.bo`);
      const started = Date.now();
      const summary = await backupDatabase(url, file, { files: externalFileStore(config) });
      const old = (await readdir(dir))
        .filter((n) => NAME.test(n))
        .sort()
        .reverse()
        .slice(config.backupKeep);
      for (const name of old) await rm(path.join(dir, name), { force: true });
      logger.info('scheduled backup written', { file, tables: Object.keys(summary.tables).length, files: summary.files, ms: Date.now() - started, removed: old.length });
    } catch (err) {
      logger.error('scheduled backup failed', { error: (err as Error).message });
    } finally {
      await client.end().catch(() => {});
    }
  });
  logger.info('scheduled backups', { cron: config.backupCron, dir, keep: config.backupKeep, next: job.nextRun()?.toISOString() });
  return { stop: () => job.stop() };
}
