/**
 * Retention of the operation log and its audit trail (docs/operations.md,
 * `OPERATION_LOG_RETENTION_DAYS`, default 1095 days: 3 years). Rows older than the retention are
 * deleted with their field changes, and what they were is kept as counts: one row per day (UTC),
 * operation and outcome in `operation_log_daily`, added to when a day is purged in several runs.
 * One transaction: a purge that fails leaves the log as it was. `npm run oplog:purge` runs it; a
 * scheduled job can call `purgeOperationLog` the same way.
 */
import type { Db } from './db/client.ts';

export type PurgeResult = { cutoff: Date; rows: number; changes: number; days: number };

/** Purges operation-log rows created before `now - retentionDays`, keeping daily counts. */
export async function purgeOperationLog(db: Db, retentionDays: number, now = new Date()): Promise<PurgeResult> {
  if (!Number.isInteger(retentionDays) || retentionDays < 1) throw new Error('retentionDays must be a whole number of days, at least 1');
  const cutoff = new Date(now.getTime() - retentionDays * 86_400_000);
  return db.$transaction(
    async (tx) => {
      const summary = await tx.$queryRawUnsafe<Array<{ days: number; rows: number; changes: number }>>(
        `WITH old AS (
           SELECT l.id, (l.created_at AT TIME ZONE 'UTC')::date AS day, l.operation, l.outcome,
                  (SELECT count(*) FROM operation_changes c WHERE c.operation_log_id = l.id)::int AS changes
           FROM operation_logs l WHERE l.created_at < $1
         ), grouped AS (
           SELECT day, operation, outcome, count(*)::int AS count, sum(changes)::int AS changes FROM old GROUP BY day, operation, outcome
         ), kept AS (
           INSERT INTO operation_log_daily (day, operation, outcome, count, changes)
           SELECT day, operation, outcome, count, changes FROM grouped
           ON CONFLICT (day, operation, outcome) DO UPDATE SET count = operation_log_daily.count + EXCLUDED.count, changes = operation_log_daily.changes + EXCLUDED.changes
           RETURNING 1
         )
         SELECT (SELECT count(DISTINCT day) FROM grouped)::int AS days, (SELECT count(*) FROM old)::int AS rows, (SELECT coalesce(sum(changes), 0) FROM old)::int AS changes, (SELECT count(*) FROM kept)::int AS kept`,
        cutoff,
      );
      await tx.$executeRawUnsafe('DELETE FROM operation_logs WHERE created_at < $1', cutoff);
      const s = summary[0] ?? { days: 0, rows: 0, changes: 0 };
      return { cutoff, rows: s.rows, changes: s.changes, days: s.days };
    },
    { timeout: 600_000 },
  );
}
