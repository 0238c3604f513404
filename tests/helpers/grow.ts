/**
 * Grows a table of a test database by copying its own rows in SQL, so a statement-count test can
 * compare a page at the seeded size with the same page over ten times the rows
 * (tests/server/graphql/statements-flat.test.ts). Serial and identity columns take new values;
 * text columns under a unique index get a suffix; any other unique column must be given in `set`.
 */
import type { Db } from '../../server/db/client.ts';

type Column = { name: string; type: string; generated: boolean };

export type GrowOptions = {
  /** SQL expressions for columns, over the copied row `t` and the copy number `g` (1..times). */
  set?: Record<string, string>;
  /** Which rows to copy (SQL over `t`); default all. */
  where?: string;
  /**
   * Records each copy's new id in the table `grow_ids` (tbl, src, copy, id), so copies of rows
   * that refer to this table can refer to the copies: `copyOf('<table>', 't.<column>')`.
   */
  keepIds?: boolean;
};

/** SQL for the id of copy `g` of row `src` of `table` (grown with `keepIds`). */
export const copyOf = (table: string, src: string): string => `(SELECT m.id FROM grow_ids m WHERE m.tbl = '${table}' AND m.src = ${src} AND m.copy = g)`;

async function columnsOf(db: Db, table: string): Promise<{ columns: Column[]; unique: Set<string> }> {
  const columns = await db.$queryRawUnsafe<{ name: string; type: string; is_identity: string; column_default: string | null; is_generated: string }[]>(
    `SELECT column_name AS name, data_type AS type, is_identity, column_default, is_generated
       FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1 ORDER BY ordinal_position`,
    table,
  );
  if (columns.length === 0) throw new Error(`grow: no table ${table}`);
  const unique = await db.$queryRawUnsafe<{ name: string }[]>(
    `SELECT DISTINCT a.attname AS name FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey)
      WHERE i.indrelid = $1::regclass AND i.indisunique AND NOT i.indisprimary`,
    table,
  );
  return {
    columns: columns.map((c) => ({ name: c.name, type: c.type, generated: c.is_identity === 'YES' || c.is_generated === 'ALWAYS' || (c.column_default ?? '').startsWith('nextval(') })),
    unique: new Set(unique.map((u) => u.name)),
  };
}

/** Adds `times` copies of each (matching) row of `table`; answers the number of rows added. */
export async function grow(db: Db, table: string, times: number, options: GrowOptions = {}): Promise<number> {
  const { columns, unique } = await columnsOf(db, table);
  const set = options.set ?? {};
  const names: string[] = [];
  const values: string[] = [];
  for (const c of columns) {
    if (c.generated && !(c.name in set)) continue;
    names.push(`"${c.name}"`);
    if (c.name in set) values.push(set[c.name]!);
    else if (unique.has(c.name) && (c.type === 'text' || c.type === 'character varying')) values.push(`t."${c.name}" || '~' || g || '~' || t.id`);
    else if (unique.has(c.name)) throw new Error(`grow: ${table}.${c.name} is unique and not text: give it in set`);
    else values.push(`t."${c.name}"`);
  }
  const from = `"${table}" t CROSS JOIN generate_series(1, ${times}) AS g${options.where ? ` WHERE ${options.where}` : ''}`;
  if (!options.keepIds) return db.$executeRawUnsafe(`INSERT INTO "${table}" (${names.join(', ')}) SELECT ${values.join(', ')} FROM ${from}`);
  await db.$executeRawUnsafe(`CREATE TABLE IF NOT EXISTS grow_ids (tbl text NOT NULL, src int NOT NULL, copy int NOT NULL, id int NOT NULL, PRIMARY KEY (tbl, src, copy))`);
  await db.$executeRawUnsafe(`INSERT INTO grow_ids (tbl, src, copy, id) SELECT '${table}', t.id, g, nextval(pg_get_serial_sequence('"${table}"', 'id')) FROM ${from}`);
  const copies = `"${table}" t CROSS JOIN generate_series(1, ${times}) AS g JOIN grow_ids n ON n.tbl = '${table}' AND n.src = t.id AND n.copy = g`;
  return db.$executeRawUnsafe(`INSERT INTO "${table}" (id, ${names.join(', ')}) SELECT n.id, ${values.join(', ')} FROM ${copies}`);
}
