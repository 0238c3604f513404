/**
 * Name search by index (docs/performance.md, "Search"): the migrations create pg_trgm and
 * trigram indexes on the searched names, which the archive and school searches' `LIKE '%q%'`
 * can use; a server without the extension stops start-up with what to do.
 */
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { applyMigrations, ensureDatabase } from '../../../server/db/migrate.ts';
import { createTestApp, type TestApp } from '../../helpers/app.ts';

let t: TestApp;
let tmp: string;
const scratch = `bo_ext_${process.pid}_${Math.floor(Math.random() * 1e6)}`;
const urlFor = (name: string) => {
  const u = new URL(inject('pgAdminUrl'));
  u.pathname = `/${name}`;
  return u.toString();
};

beforeAll(async () => {
  t = await createTestApp();
  tmp = await mkdtemp(path.join(os.tmpdir(), 'bo-ext-'));
});
afterAll(async () => {
  await t.close();
  const c = new pg.Client({ connectionString: inject('pgAdminUrl') });
  await c.connect();
  await c.query(`DROP DATABASE IF EXISTS "${scratch}" WITH (FORCE)`);
  await c.end();
  await rm(tmp, { recursive: true, force: true });
});

/** The plan of a statement with sequential scans priced out (the test data is small). */
async function plan(sql: string, ...values: unknown[]): Promise<string> {
  return t.db.$transaction(async (tx) => {
    await tx.$executeRawUnsafe('SET LOCAL enable_seqscan = off');
    const rows = await tx.$queryRawUnsafe<Array<{ 'QUERY PLAN': string }>>(`EXPLAIN ${sql}`, ...values);
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  });
}

describe('search by trigram index', () => {
  it('has pg_trgm and answers the archive and school searches from their trigram indexes', async () => {
    const ext = await t.db.$queryRaw<Array<{ extname: string }>>`SELECT extname FROM pg_extension WHERE extname = 'pg_trgm'`;
    expect(ext).toHaveLength(1);
    expect(await plan(`SELECT id FROM archives WHERE search_name LIKE $1`, '%zhang%')).toMatch(/archives_search_name_idx/);
    expect(await plan(`SELECT id FROM schools WHERE search_name LIKE $1`, '%harvard%')).toMatch(/schools_search_name_idx/);
  });

  it('stops a migration that needs an extension the server lacks, saying what to do', async () => {
    await ensureDatabase(urlFor(scratch));
    const dir = path.join(tmp, 'migrations');
    await mkdir(path.join(dir, '20990101000000_needs_ext'), { recursive: true });
    await writeFile(path.join(dir, '20990101000000_needs_ext', 'migration.sql'), 'CREATE EXTENSION IF NOT EXISTS "no_such_extension";\n');
    await expect(applyMigrations(urlFor(scratch), { dir, log: () => {} })).rejects.toThrow(/lacks no_such_extension.*contrib.*CREATE EXTENSION IF NOT EXISTS no_such_extension/);
  });
});
