import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { applyMigrations, ensureDatabase, MIGRATIONS_DIR, readMigrations } from '../../../server/db/migrate.ts';

const created: string[] = [];
const adminUrl = () => inject('pgAdminUrl');

function urlFor(name: string): string {
  const u = new URL(adminUrl());
  u.pathname = `/${name}`;
  return u.toString();
}

async function freshDatabase(label: string): Promise<string> {
  const name = `bo_mig_${label}_${process.pid}_${Math.floor(Math.random() * 1e6)}`;
  created.push(name);
  await ensureDatabase(urlFor(name));
  return urlFor(name);
}

async function query<T extends pg.QueryResultRow>(url: string, sql: string): Promise<T[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query<T>(sql)).rows;
  } finally {
    await c.end();
  }
}

let tmp: string;
beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'bo-migrations-'));
});

afterAll(async () => {
  const c = new pg.Client({ connectionString: adminUrl() });
  await c.connect();
  for (const name of created) await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await c.end();
  await rm(tmp, { recursive: true, force: true });
});

describe('applying migrations', () => {
  it('applies every migration once and records it as prisma migrate deploy would', async () => {
    const url = await freshDatabase('once');
    const first = await applyMigrations(url);
    const expected = (await readMigrations()).map((m) => m.name);
    expect(first.applied).toEqual(expected);
    const rows = await query<{ migration_name: string; checksum: string; finished_at: Date | null; applied_steps_count: number }>(
      url,
      'SELECT migration_name, checksum, finished_at, applied_steps_count FROM _prisma_migrations ORDER BY migration_name',
    );
    const files = await readMigrations();
    expect(rows.map((r) => [r.migration_name, r.checksum, r.applied_steps_count])).toEqual(files.map((m) => [m.name, m.checksum, 1]));
    expect(rows.every((r) => r.finished_at instanceof Date)).toBe(true);
    const tables = await query<{ table_name: string }>(url, "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'");
    expect(tables.map((t) => t.table_name)).toEqual(expect.arrayContaining(['users', 'access_tokens', 'operation_logs', 'rights']));
  });

  it('is idempotent: a second run applies nothing', async () => {
    const url = await freshDatabase('twice');
    await applyMigrations(url);
    const second = await applyMigrations(url);
    expect(second.applied).toEqual([]);
    expect(second.alreadyApplied).toBe((await readMigrations()).length);
  });

  it('is safe when two servers start at once: each migration is applied exactly once', async () => {
    const url = await freshDatabase('race');
    const [a, b] = await Promise.all([applyMigrations(url), applyMigrations(url)]);
    const total = (await readMigrations()).length;
    expect(a.applied.length + b.applied.length).toBe(total);
    const rows = await query<{ n: string }>(url, 'SELECT count(*) AS n FROM _prisma_migrations');
    expect(Number(rows[0]?.n)).toBe(total);
  });

  it('rolls a failing migration back whole and records nothing for it', async () => {
    const dir = path.join(tmp, 'failing');
    await cp(MIGRATIONS_DIR, dir, { recursive: true });
    await mkdir(path.join(dir, '99990101000000_broken'), { recursive: true });
    await writeFile(path.join(dir, '99990101000000_broken', 'migration.sql'), 'CREATE TABLE half_written (id int);\nINSERT INTO no_such_table VALUES (1);\n');
    const url = await freshDatabase('broken');
    await expect(applyMigrations(url, { dir })).rejects.toThrow(/99990101000000_broken failed and was rolled back/);
    const half = await query<{ n: string }>(url, "SELECT count(*) AS n FROM information_schema.tables WHERE table_name = 'half_written'");
    expect(Number(half[0]?.n)).toBe(0);
    const recorded = await query<{ migration_name: string }>(url, 'SELECT migration_name FROM _prisma_migrations');
    expect(recorded.map((r) => r.migration_name)).not.toContain('99990101000000_broken');
    // The good migrations before it stay applied.
    expect(recorded.length).toBe((await readMigrations()).length);
  });
});
