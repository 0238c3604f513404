/**
 * `npm run oplog:purge`: deletes operation-log rows (and their audit-trail changes) older than
 * OPERATION_LOG_RETENTION_DAYS (default 1095), keeping daily counts (server/oplog-retention.ts).
 * Uses DATABASE_URL when set, otherwise the embedded PostgreSQL under DATA_DIR.
 */
import { loadConfig } from '../server/config.ts';
import { createDb } from '../server/db/client.ts';
import { openDatabase } from '../server/db/database.ts';
import { purgeOperationLog } from '../server/oplog-retention.ts';

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(config);
  const db = createDb(database.url);
  try {
    const r = await purgeOperationLog(db, config.operationLogRetentionDays);
    console.log(`operation log: ${r.rows} rows before ${r.cutoff.toISOString()} purged (${r.changes} field changes), counts kept for ${r.days} days`);
  } finally {
    await db.$disconnect();
    await database.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
