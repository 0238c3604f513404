/**
 * `npm run db:migrate:create -- <name>`: writes prisma/migrations/<timestamp>_<name>/migration.sql
 * with the SQL that takes the schema from the existing migrations to the schema folder
 * prisma/schema/ (one file per module, read as one schema).
 *
 * `npm run db:migrate:create -- --check` writes nothing: it prints the SQL from the migrations to
 * prisma/schema/ and exits 1 when there is any (the schema and the migrations disagree).
 * `--check --from <file.prisma>` compares that schema file with prisma/schema/ instead (used to
 * prove that moving models between files changes no table: docs/tooling.md, "The Prisma schema").
 *
 * Prisma's native schema engine is downloaded from the internet, which this project never
 * relies on. Instead the schema engine compiled to WebAssembly (@prisma/schema-engine-wasm,
 * shipped inside its npm package) computes the diff against a scratch in-memory PGlite
 * database on which the existing migrations are replayed. The real server only ever sees
 * the resulting SQL, applied by scripts/db.ts.
 */
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { bindMigrationAwareSqlAdapterFactory } from '@prisma/driver-adapter-utils';
import * as bg from '@prisma/schema-engine-wasm/schema_engine_bg';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { MIGRATIONS_DIR, readMigrations } from '../server/db/migrate.ts';

type Engine = {
  diff: (params: unknown) => Promise<{ exitCode: number; stdout: string | null }>;
};

async function loadEngine(adapter: unknown): Promise<Engine> {
  const require = createRequire(import.meta.url);
  const wasmPath = require.resolve('@prisma/schema-engine-wasm/schema_engine_bg').replace(/\.js$/, '.wasm');
  // Node 20 cannot import .wasm modules without a flag, so instantiate it by hand.
  const { instance } = await WebAssembly.instantiate(await readFile(wasmPath), {
    './schema_engine_bg.js': bg as unknown as WebAssembly.ModuleImports,
  });
  const exports = instance.exports as Record<string, unknown> & { __wbindgen_start?: () => void };
  (bg as unknown as { __wbg_set_wasm: (w: unknown) => void }).__wbg_set_wasm(exports);
  exports.__wbindgen_start?.();
  const SchemaEngine = (bg as unknown as { SchemaEngine: { new: (o: unknown, cb: (m: string) => void, a: unknown) => Promise<Engine> } }).SchemaEngine;
  return SchemaEngine.new({ datamodels: undefined }, () => {}, adapter);
}

export const SCHEMA_DIR = path.resolve(import.meta.dirname, '../prisma/schema');

type SchemaFile = { path: string; content: string };

/** The files of prisma/schema/ (Prisma's multi-file schema: the folder is one schema). */
async function schemaFiles(dir = SCHEMA_DIR): Promise<SchemaFile[]> {
  const names = (await readdir(dir)).filter((n) => n.endsWith('.prisma')).sort();
  return Promise.all(names.map(async (n) => ({ path: path.join(dir, n), content: await readFile(path.join(dir, n), 'utf8') })));
}

/**
 * The SQL that takes the schema from `from` (the existing migrations, replayed by the engine on a
 * shadow database, a fresh PGlite; or the given schema files) to prisma/schema/.
 */
export async function computeMigrationSql(from?: SchemaFile[]): Promise<string> {
  const scratch = new PGlite({ extensions: { pg_trgm } });
  const migrations = await readMigrations();
  const engine = await loadEngine(bindMigrationAwareSqlAdapterFactory(new PrismaPGlite(scratch)));
  const result = await engine.diff({
    from: from
      ? { tag: 'schemaDatamodel', files: from }
      : {
          tag: 'migrations',
          baseDir: MIGRATIONS_DIR,
          lockfile: { path: 'migration_lock.toml', content: 'provider = "postgresql"\n' },
          shadowDbInitScript: '',
          migrationDirectories: migrations.map((m) => ({
            path: m.name,
            migrationFile: { path: 'migration.sql', content: { tag: 'ok', value: m.sql } },
          })),
        },
    to: { tag: 'schemaDatamodel', files: await schemaFiles() },
    script: true,
    exitCode: null,
    filters: { externalTables: [], externalEnums: [] },
  });
  await scratch.close();
  return result.stdout ?? '';
}

const isEmpty = (sql: string) => !sql.trim() || /^-- This is an empty migration\.?\s*$/m.test(sql.trim());

/** `--check [--from <file.prisma>]`: print the difference, exit 1 when there is one. */
async function check(args: string[]): Promise<void> {
  const at = args.indexOf('--from');
  const fromPath = at >= 0 ? args[at + 1] : undefined;
  const from = fromPath ? [{ path: path.resolve(fromPath), content: await readFile(fromPath, 'utf8') }] : undefined;
  const sql = await computeMigrationSql(from);
  const what = fromPath ? `${fromPath} and prisma/schema/` : 'the migrations and prisma/schema/';
  if (isEmpty(sql)) {
    console.log(`No difference between ${what}.`);
    return;
  }
  console.log(sql);
  console.error(`${what} differ (the SQL above takes the first to the second).`);
  process.exit(1);
}

async function main(): Promise<void> {
  if (process.argv.includes('--check')) return check(process.argv.slice(2));
  const raw = process.argv.slice(2).join('_').trim();
  const name = raw
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, '_')
    .replace(/^_+|_+$/g, '');
  if (!name) {
    console.error('usage: npm run db:migrate:create -- <name>');
    process.exit(2);
  }
  const sql = await computeMigrationSql();
  if (isEmpty(sql)) {
    console.log('The schema matches the migrations; nothing to create.');
    return;
  }
  const stamp = new Date().toISOString().replace(/[-:T]/g, '').slice(0, 14);
  const dir = path.join(MIGRATIONS_DIR, `${stamp}_${name}`);
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, 'migration.sql'), sql);
  await writeFile(path.join(MIGRATIONS_DIR, 'migration_lock.toml'), '# Please do not edit this file manually\n# It should be added in your version-control system (e.g., Git)\nprovider = "postgresql"\n');
  console.log(`Created ${path.relative(process.cwd(), dir)}/migration.sql`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
