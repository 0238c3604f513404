/**
 * Starts one PostgreSQL for the whole run and prepares a migrated, seeded template database;
 * each test file clones it (CREATE DATABASE ... TEMPLATE), so files never share data.
 *
 * TEST_DATABASE_URL=postgresql://user@host:port/any runs the suites against that server
 * instead of the embedded one (CI's second run uses the machine's PostgreSQL).
 */
import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { PINNED_SEED_TODAY } from '../../prisma/seed/dates.ts';
import { seed } from '../../prisma/seed/index.ts';
import { createDb } from '../../server/db/client.ts';
import { startEmbeddedPostgres } from '../../server/db/embedded.ts';
import { applyMigrations, ensureDatabase } from '../../server/db/migrate.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
    templateDatabase: string;
  }
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export default async function setup(project: TestProject) {
  // The seed's "today": every suite expects the demo as it is on 2026-09-01 (prisma/seed/dates.ts).
  process.env.SEED_TODAY ??= PINNED_SEED_TODAY;
  const run = randomBytes(4).toString('hex');
  let adminUrl: string;
  let stop: () => Promise<void> = async () => {};
  let tmp: string | null = null;
  if (process.env.TEST_DATABASE_URL) {
    adminUrl = withDatabase(process.env.TEST_DATABASE_URL, 'postgres');
  } else {
    tmp = await mkdtemp(path.join(os.tmpdir(), 'bo-test-'));
    // mkdtemp makes a mode-700 directory; the server runs as `postgres` when we are root.
    await chmod(tmp, 0o755);
    const server = await startEmbeddedPostgres({ dataDir: tmp });
    adminUrl = server.url('postgres');
    stop = server.stop;
  }
  const template = `bo_template_${run}`;
  const templateUrl = withDatabase(adminUrl, template);
  await ensureDatabase(templateUrl);
  await applyMigrations(templateUrl);
  const db = createDb(templateUrl, { max: 4 });
  await seed(db);
  await db.$disconnect();

  project.provide('pgAdminUrl', adminUrl);
  project.provide('templateDatabase', template);

  return async () => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname = $1 OR datname LIKE $2', [template, `bo_test_${run}_%`]);
      for (const r of rows) await client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(r.datname)} WITH (FORCE)`);
    } finally {
      await client.end();
    }
    await stop();
    if (tmp) await rm(tmp, { recursive: true, force: true });
  };
}
