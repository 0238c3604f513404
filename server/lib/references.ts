import type { Tx } from '../db/client.ts';
import { translate, type Lang, type MessageKey } from '../i18n/catalogue.ts';

/**
 * Rows elsewhere that hold a user, project, department or role by a foreign key that
 * refuses the delete (ON DELETE RESTRICT / NO ACTION). The keys are read from the database
 * catalogue, so a key another area adds later is found without a change here; what its rows
 * are called comes from REFERENCE_LABELS (a key without a label reads "other records", and
 * tests/server/users/deletes.test.ts fails until it gets one). Deletes check this first and
 * refuse with a message naming the person or thing and what holds it, instead of meeting
 * the foreign key (a 500) half-way through a batch.
 */
export type ReferencedTable = 'users' | 'projects' | 'departments' | 'roles';

export type RestrictingKey = { table: string; column: string };

/** What the rows of each restricting key are called (server/i18n/messages/org.ts). */
export const REFERENCE_LABELS: Record<string, MessageKey> = {
  'archives.student_id': 'org.ref.archive',
  'applications.student_id': 'org.ref.applications',
  'work_tasks.assigner_id': 'org.ref.tasksAssigned',
  'work_tasks.project_id': 'org.ref.projectTasks',
  'task_additions.user_id': 'org.ref.taskRecords',
  'task_logs.user_id': 'org.ref.taskRecords',
  'task_daily_reports.user_id': 'org.ref.taskRecords',
  'task_complaints.complainant_id': 'org.ref.taskRecords',
  'task_complaints.executor_id': 'org.ref.taskRecords',
  'schedule_entries.created_by_id': 'org.ref.scheduleEntries',
  'event_series.creator_id': 'org.ref.events',
  'work_events.creator_id': 'org.ref.events',
  'user_roles.role_id': 'org.ref.roleHolders',
  'departments.parent_id': 'org.ref.subDepartments',
  'course_lecturers.user_id': 'org.ref.coursesTaught',
  'enrollments.student_id': 'org.ref.courseEnrollments',
};

const keysByTable = new Map<ReferencedTable, Promise<RestrictingKey[]>>();

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The single-column foreign keys to `table` that refuse a delete (read once per process). */
export function restrictingKeys(tx: Tx, table: ReferencedTable): Promise<RestrictingKey[]> {
  let keys = keysByTable.get(table);
  if (!keys) {
    keys = tx.$queryRaw<RestrictingKey[]>`
      SELECT r.relname AS "table", a.attname AS "column"
      FROM pg_constraint c
      JOIN pg_class r ON r.oid = c.conrelid
      JOIN pg_class t ON t.oid = c.confrelid
      JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
      WHERE c.contype = 'f' AND t.relname = ${table} AND t.relnamespace = to_regnamespace(current_schema())
        AND c.confdeltype IN ('r', 'a') AND cardinality(c.conkey) = 1
      ORDER BY r.relname, a.attname`;
    keys.catch(() => keysByTable.delete(table));
    keysByTable.set(table, keys);
  }
  return keys;
}

export type Holder = { key: RestrictingKey; label: MessageKey; count: number };

/** For each id, the rows that hold it by a restricting key, counted per key (ids without any are absent). */
export async function referencesTo(tx: Tx, table: ReferencedTable, ids: readonly number[]): Promise<Map<number, Holder[]>> {
  const out = new Map<number, Holder[]>();
  if (!ids.length) return out;
  for (const key of await restrictingKeys(tx, table)) {
    // Identifiers come from the catalogue (quoted), values are bound.
    const rows = await tx.$queryRawUnsafe<Array<{ id: number; n: number }>>(
      `SELECT ${quoteIdent(key.column)}::int AS id, count(*)::int AS n FROM ${quoteIdent(key.table)} WHERE ${quoteIdent(key.column)} = ANY($1::int[]) GROUP BY 1`,
      [...ids],
    );
    for (const r of rows) {
      const list = out.get(r.id) ?? [];
      list.push({ key, label: REFERENCE_LABELS[`${key.table}.${key.column}`] ?? 'org.ref.other', count: r.n });
      out.set(r.id, list);
    }
  }
  return out;
}

/** "student archives (1), work task records (3)": what holds a row, in the caller's language. */
export function describeHolders(lang: Lang, holders: readonly Holder[]): string {
  const counts = new Map<MessageKey, number>();
  for (const h of holders) counts.set(h.label, (counts.get(h.label) ?? 0) + h.count);
  return [...counts].map(([label, count]) => translate(lang, 'org.ref.counted', { what: translate(lang, label), count })).join(translate(lang, 'org.ref.separator'));
}

/** Whether a database error is a foreign-key violation (Prisma P2003, or the driver's SQLSTATE 23503). */
export function isForeignKeyViolation(err: unknown): boolean {
  const e = err as { code?: string; meta?: { code?: string; driverAdapterError?: { cause?: { originalCode?: string; kind?: string } } }; message?: string };
  return (
    e?.code === 'P2003' ||
    e?.meta?.code === '23503' ||
    e?.meta?.driverAdapterError?.cause?.originalCode === '23503' ||
    e?.meta?.driverAdapterError?.cause?.kind === 'ForeignKeyConstraintViolation' ||
    /foreign key/i.test(String(e?.message ?? ''))
  );
}
