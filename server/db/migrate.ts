import { createHash, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { migrateJobQueue } from '../jobs/queue.ts';

/** The advisory lock key Prisma's own migrate uses, so both never apply at once. */
const MIGRATION_LOCK_KEY = 72707369;

export const MIGRATIONS_DIR = path.resolve(import.meta.dirname, '../../prisma/migrations');

export type Migration = { name: string; sql: string; checksum: string };

export async function readMigrations(dir = MIGRATIONS_DIR): Promise<Migration[]> {
  if (!existsSync(dir)) return [];
  const entries = await readdir(dir, { withFileTypes: true });
  const names = entries
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
  const out: Migration[] = [];
  for (const name of names) {
    const file = path.join(dir, name, 'migration.sql');
    if (!existsSync(file)) continue;
    const sql = await readFile(file, 'utf8');
    out.push({ name, sql, checksum: createHash('sha256').update(sql).digest('hex') });
  }
  return out;
}

const CREATE_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"              VARCHAR(64) NOT NULL,
    "finished_at"           TIMESTAMPTZ,
    "migration_name"        VARCHAR(255) NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        TIMESTAMPTZ,
    "started_at"            TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count"   INTEGER NOT NULL DEFAULT 0
)`;

export type MigrateResult = { applied: string[]; alreadyApplied: number };

/**
 * Applies pending migrations in Prisma's format and records them in `_prisma_migrations`
 * exactly as `prisma migrate deploy` would. Each migration runs in its own transaction;
 * a session advisory lock serialises concurrent servers, and the second one finds nothing
 * left to do.
 */
export async function applyMigrations(url: string, options: { log?: (line: string) => void; dir?: string; only?: readonly string[] } = {}): Promise<MigrateResult> {
  const log = options.log ?? (() => {});
  let migrations = await readMigrations(options.dir);
  // A restore applies exactly the migrations its backup was taken at (the server applies the rest).
  if (options.only) {
    const known = new Set(migrations.map((m) => m.name));
    const unknown = options.only.filter((name) => !known.has(name));
    if (unknown.length) throw new Error(`Unknown migrations (a backup from a newer version?): ${unknown.join(', ')}`);
    const wanted = new Set(options.only);
    migrations = migrations.filter((m) => wanted.has(m.name));
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await client.query(CREATE_TABLE);
      const { rows } = await client.query<{ migration_name: string; checksum: string; finished_at: Date | null; rolled_back_at: Date | null }>(
        'SELECT migration_name, checksum, finished_at, rolled_back_at FROM "_prisma_migrations" ORDER BY started_at',
      );
      const failed = rows.find((r) => r.finished_at === null && r.rolled_back_at === null);
      if (failed) {
        throw new Error(`Migration ${failed.migration_name} is recorded as started but not finished; resolve it before migrating.`);
      }
      const done = new Map(rows.filter((r) => r.finished_at !== null && r.rolled_back_at === null).map((r) => [r.migration_name, r.checksum]));
      const applied: string[] = [];
      for (const m of migrations) {
        const recorded = done.get(m.name);
        if (recorded !== undefined) {
          if (recorded !== m.checksum) log(`warning: migration ${m.name} was modified after it was applied`);
          continue;
        }
        await checkExtensions(client, m);
        await client.query('BEGIN');
        try {
          await client.query(m.sql);
          await client.query('INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, started_at, applied_steps_count) VALUES ($1, $2, now(), $3, now(), 1)', [randomUUID(), m.checksum, m.name]);
          await client.query('COMMIT');
        } catch (err) {
          await client.query('ROLLBACK');
          const denied = (err as { code?: string }).code === '42501' && extensionsOf(m.sql).length > 0;
          throw new Error(`Migration ${m.name} failed and was rolled back: ${(err as Error).message}${denied ? `. ${extensionAdvice(extensionsOf(m.sql))}` : ''}`);
        }
        applied.push(m.name);
        log(`applied migration ${m.name}`);
      }
      // The job queue's own schema (graphile_worker), after the tables its jobs read.
      await migrateJobQueue(url);
      return { applied, alreadyApplied: done.size };
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    }
  } finally {
    await client.end();
  }
}

/** Creates the database named in `url` when it does not exist yet. */
export async function ensureDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.replace(/^\//, '')) || 'postgres';
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) {
      await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`).catch((err: { code?: string }) => {
        // Another process created it in the meantime (42P04, or 23505 when both raced).
        if (err.code !== '42P04' && err.code !== '23505') throw err;
      });
    }
  } finally {
    await client.end();
  }
}

/** Drops every object of the public schema (db:reset). */
export async function dropAll(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public;');
  } finally {
    await client.end();
  }
}

/** The advisory lock key for first-start seeding, so two servers never seed at once. */
const SEED_LOCK_KEY = 72707370;

/** Runs `fn` while holding a session advisory lock on the database at `url`. */
export async function withSeedLock<T>(url: string, fn: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [SEED_LOCK_KEY]);
    return await fn();
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [SEED_LOCK_KEY]).catch(() => {});
    await client.end();
  }
}

let knownNames: Promise<string[]> | null = null;

/** Migrations this version knows that the database has not applied (readiness, /readyz). */
export async function pendingMigrations(db: { $queryRaw: <T>(q: TemplateStringsArray) => Promise<T> }): Promise<string[]> {
  knownNames ??= readMigrations().then((all) => all.map((m) => m.name));
  const names = await knownNames;
  const rows = await db.$queryRaw<Array<{ migration_name: string }>>`SELECT migration_name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`;
  const applied = new Set(rows.map((r) => r.migration_name));
  return names.filter((n) => !applied.has(n));
}

/** The extensions a migration creates (`CREATE EXTENSION IF NOT EXISTS "name"`). */
function extensionsOf(sql: string): string[] {
  return [...sql.matchAll(/CREATE EXTENSION(?: IF NOT EXISTS)?\s+"?([a-z0-9_]+)"?/gi)].map((x) => x[1]!);
}

const extensionAdvice = (names: string[]) =>
  `The server needs the PostgreSQL extension${names.length > 1 ? 's' : ''} ${names.join(', ')} (PostgreSQL's contrib, shipped with the embedded server): on an external server install the contrib package (e.g. postgresql-contrib) and have a superuser run ${names.map((n) => `CREATE EXTENSION IF NOT EXISTS ${n};`).join(' ')} in this database, then start again (docs/operations.md)`;

/**
 * Before a migration that creates extensions: each must be installed or at least available on
 * the server, else start-up stops with what to do instead of a bare SQL error.
 */
async function checkExtensions(client: pg.Client, m: Migration): Promise<void> {
  const names = extensionsOf(m.sql);
  if (!names.length) return;
  const { rows } = await client.query<{ name: string }>('SELECT name FROM pg_available_extensions WHERE name = ANY($1::text[])', [names]);
  const missing = names.filter((n) => !rows.some((r) => r.name === n));
  if (missing.length) throw new Error(`Migration ${m.name} cannot run: the PostgreSQL server lacks ${missing.join(', ')}. ${extensionAdvice(missing)}`);
}
