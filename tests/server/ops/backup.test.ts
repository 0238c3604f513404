import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

// These tests run the commands as child processes and move megabytes: more than the default 30 s on a busy machine.
vi.setConfig({ testTimeout: 120_000 });
import { backupDatabase, restoreDatabase } from '../../../server/db/backup.ts';
import { createDb, type Db } from '../../../server/db/client.ts';
import { ensureDatabase } from '../../../server/db/migrate.ts';
import { bytesSource, directoryFileStore, fileStore, streamSource } from '../../../server/lib/files.ts';
import { appOn, createTestApp, DEMO, loginRest, rest, testDatabase, type TestApp } from '../../helpers/app.ts';
import { uploadForm, PDF } from '../uploads.ts';

const run = promisify(execFile);
let t: TestApp;
let tmp: string;
const extra: Array<{ name: string; adminUrl: string }> = [];

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'bo-backup-'));
  t = await createTestApp({ dataDir: tmp });
});

afterAll(async () => {
  await t.close();
  for (const d of extra) {
    const c = new pg.Client({ connectionString: d.adminUrl });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${c.escapeIdentifier(d.name)} WITH (FORCE)`).finally(() => c.end());
  }
  await rm(tmp, { recursive: true, force: true });
});

/** Rows per application table, as an operator would count them. */
async function rowCounts(url: string): Promise<Record<string, number>> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const { rows: tables } = await c.query<{ name: string }>(`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`);
    const out: Record<string, number> = {};
    for (const { name } of tables) out[name] = Number((await c.query<{ n: string }>(`SELECT count(*) AS n FROM ${c.escapeIdentifier(name)}`)).rows[0]?.n);
    return out;
  } finally {
    await c.end();
  }
}

/** SHA-256 of every stored file, read back through the store. */
async function checksums(store: ReturnType<typeof fileStore>): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for await (const { key } of store.list()) {
    const found = await store.get(key);
    const hash = createHash('sha256');
    for await (const chunk of streamSource(found!.body)) hash.update(chunk);
    out[key] = hash.digest('hex');
  }
  return out;
}

async function emptyDatabase(): Promise<{ url: string; db: Db; name: string }> {
  const d = testDatabase('restore');
  extra.push(d);
  await ensureDatabase(d.url);
  return { url: d.url, db: createDb(d.url, { max: 2 }), name: d.name };
}

describe('backup and restore', () => {
  it('restores the database and its files as they were at the backup, whatever changed after', async () => {
    const admin = await loginRest(t, DEMO.admin);
    // The demo's own files (the seeded homework), then two more:
    const seeded = Object.keys(await checksums(fileStore(t))).length;
    // a file uploaded by a user and a 3 MB one (several chunks) in the default store.
    const up = await rest<{ id: number }>(t, '/api/upload/project/uploadProjectFile.htm', { method: 'POST', raw: uploadForm({ projectId: 1 }, { bytes: PDF, name: 'plan.pdf' }), token: admin });
    expect(up.body.status, up.body.message).toBe('success');
    const big = randomBytes(3 * 1024 * 1024 + 17);
    await fileStore(t).put('project-files/202609/0123456789abcdef0123456789abcdef.pdf', bytesSource(big));

    const countsBefore = await rowCounts(t.url);
    const sumsBefore = await checksums(fileStore(t));
    expect(Object.keys(sumsBefore)).toHaveLength(seeded + 2);
    expect(sumsBefore['project-files/202609/0123456789abcdef0123456789abcdef.pdf']).toBe(createHash('sha256').update(big).digest('hex'));

    const file = path.join(tmp, 'backup.bo');
    const summary = await backupDatabase(t.url, file);
    expect(summary.tables.users).toBe(countsBefore.users);

    // Changes after the backup: a file deleted, a note added, a user renamed.
    expect((await rest(t, '/api/upload/project/delUploadFile.htm', { json: { id: up.body.data.id }, token: admin })).body.status).toBe('success');
    await t.db.workNote.create({ data: { userId: 1, day: new Date('2026-09-02'), content: 'after the backup' } });
    await t.db.user.update({ where: { id: 1 }, data: { name: 'renamed after the backup' } });
    expect(await rowCounts(t.url)).not.toEqual(countsBefore);

    const target = await emptyDatabase();
    await restoreDatabase(target.url, file);
    // _prisma_migrations is rebuilt by the same migrations: every table has the counts of the backup.
    expect(await rowCounts(target.url)).toEqual(countsBefore);
    expect(await checksums(fileStore({ db: target.db, config: t.config }))).toEqual(sumsBefore);

    // The restored database serves: logins work, the file downloads, new rows get fresh ids.
    const restored = appOn({ name: target.name, url: target.url, adminUrl: testDatabase().adminUrl }, {}, target.db);
    const token = await loginRest(restored, DEMO.admin);
    const files = await rest<Array<{ id: number; url: string }>>(restored, '/api/admin/project/listUploadFile.htm', { json: { projectId: 1 }, token });
    const dl = await rest(restored, files.body.data.find((f) => f.id === up.body.data.id)!.url, { token });
    expect(Buffer.from(await dl.response.arrayBuffer()).equals(PDF)).toBe(true);
    const again = await rest<{ id: number }>(restored, '/api/upload/project/uploadProjectFile.htm', { method: 'POST', raw: uploadForm({ projectId: 1 }, { bytes: PDF, name: 'again.pdf' }), token });
    expect(again.body.status, again.body.message).toBe('success');
    expect(again.body.data.id).toBeGreaterThan(up.body.data.id);
    await target.db.$disconnect();
  });

  it('refuses to restore over a database that holds tables', async () => {
    const file = path.join(tmp, 'refused.bo');
    await backupDatabase(t.url, file);
    await expect(restoreDatabase(t.url, file)).rejects.toThrow('not empty');
  });

  it('npm run db:backup and db:restore carry the directory store too', async () => {
    const filesDir = path.join(tmp, 'files-a');
    const bytes = randomBytes(1_500_000);
    await directoryFileStore(filesDir).put('member-images/202609/00000000000000000000000000000001.png', bytesSource(bytes));
    const file = path.join(tmp, 'cli.bo');
    const env = { ...process.env, DATABASE_URL: t.url, FILE_STORE: 'directory', FILES_DIR: filesDir };
    const backup = await run('npx', ['tsx', 'scripts/backup.ts', 'backup', file], { env });
    expect(backup.stdout).toContain('1 files');
    const target = await emptyDatabase();
    const restoredDir = path.join(tmp, 'files-b');
    const restore = await run('npx', ['tsx', 'scripts/backup.ts', 'restore', file], { env: { ...env, DATABASE_URL: target.url, FILES_DIR: restoredDir } });
    expect(restore.stdout).toContain('1 files');
    expect(await rowCounts(target.url)).toEqual(await rowCounts(t.url));
    expect(await checksums(directoryFileStore(restoredDir))).toEqual(await checksums(directoryFileStore(filesDir)));
    await target.db.$disconnect();
  });
});
