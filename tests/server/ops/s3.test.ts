/**
 * FILE_STORE=s3 against a real S3-compatible server started by the test (s3rver): uploads land
 * as objects in the bucket and every server process on the database serves them; a 26 MB file
 * streams in and out intact; files kept in the database move into the bucket with
 * `npm run files:migrate -- --from-database`; a backup carries the bucket's files and a restore
 * puts them into another bucket.
 */
import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../../server/config.ts';
import { backupDatabase, restoreDatabase } from '../../../server/db/backup.ts';
import { createDb } from '../../../server/db/client.ts';
import { ensureDatabase } from '../../../server/db/migrate.ts';
import { s3Store } from '../../../server/lib/files-s3.ts';
import { bytesSource, databaseFileStore, fileStore, streamSource, type FileStore } from '../../../server/lib/files.ts';
import { appOn, createTestApp, DEMO, loginRest, rest, testDatabase, type TestApp } from '../../helpers/app.ts';
import { startS3Server } from '../../helpers/s3-server.ts';
import { PDF, uploadForm } from '../uploads.ts';

// Child processes and tens of megabytes: more than the default 30 s on a busy machine.
vi.setConfig({ testTimeout: 120_000 });

const run = promisify(execFile);
let s3: Awaited<ReturnType<typeof startS3Server>>;
let t: TestApp;
let tmp: string;
const extra: Array<{ name: string; adminUrl: string }> = [];

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'bo-s3-test-'));
  s3 = await startS3Server(['back-office', 'restored', 'moved']);
  t = await createTestApp({ dataDir: tmp, fileStore: 's3', s3: s3.settings('back-office', 'uploads/') });
});

afterAll(async () => {
  await t?.close();
  for (const d of extra) {
    const c = new pg.Client({ connectionString: d.adminUrl });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${c.escapeIdentifier(d.name)} WITH (FORCE)`).finally(() => c.end());
  }
  await s3?.stop();
  await rm(tmp, { recursive: true, force: true });
});

async function sha256(store: FileStore, key: string): Promise<string | null> {
  const found = await store.get(key);
  if (!found) return null;
  const hash = createHash('sha256');
  for await (const chunk of streamSource(found.body)) hash.update(chunk);
  return hash.digest('hex');
}

async function keys(store: FileStore): Promise<string[]> {
  const out: string[] = [];
  for await (const { key } of store.list()) out.push(key);
  return out.sort();
}

describe('FILE_STORE=s3', () => {
  it('stores an upload as an object of the bucket that a second process serves, and deleting the file removes it', async () => {
    expect(fileStore(t).kind).toBe('s3');
    const admin = await loginRest(t, DEMO.admin);
    const up = await rest<{ id: number }>(t, '/api/upload/project/uploadProjectFile.htm', { method: 'POST', raw: uploadForm({ projectId: 1 }, { bytes: PDF, name: 'plan.pdf' }), token: admin });
    expect(up.body.status, up.body.message).toBe('success');
    const row = await t.db.projectFile.findUniqueOrThrow({ where: { id: up.body.data.id } });
    // The object is in the bucket under the prefix (read with a store of the bucket itself, no prefix).
    const bucket = s3Store(s3.settings('back-office'));
    expect(await keys(bucket)).toContain(`uploads/${row.storageKey}`);

    // Another process on the same database and bucket downloads it.
    // (Its own database client; never closed through `close`, which would drop the shared database.)
    const other = appOn({ name: 'shared', url: t.url, adminUrl: '' }, { dataDir: path.join(tmp, 'other'), fileStore: 's3', s3: s3.settings('back-office', 'uploads/') });
    const token = await loginRest(other, DEMO.admin);
    const listed = await rest<Array<{ id: number; url: string }>>(other, '/api/admin/project/listUploadFile.htm', { json: { projectId: 1 }, token });
    const dl = await rest(other, listed.body.data.find((f) => f.id === row.id)!.url, { token });
    expect(dl.status).toBe(200);
    expect(Buffer.from(await dl.response.arrayBuffer()).equals(PDF)).toBe(true);
    await other.db.$disconnect();

    expect((await rest(t, '/api/upload/project/delUploadFile.htm', { json: { id: row.id }, token: admin })).body.status).toBe('success');
    expect(await fileStore(t).has(row.storageKey)).toBe(false);
    expect(await keys(bucket)).not.toContain(`uploads/${row.storageKey}`);
  });

  it('streams a 26 MB file in and out intact, and answers a missing key as absent', async () => {
    const store = fileStore(t);
    const parts = Array.from({ length: 26 }, () => randomBytes(1024 * 1024));
    async function* source() {
      for (const p of parts) yield p;
    }
    const key = 'project-files/202609/26mb0000000000000000000000000000.pdf';
    const written = await store.put(key, source());
    expect(written.size).toBe(26 * 1024 * 1024);
    expect(written.sha256).toBe(createHash('sha256').update(Buffer.concat(parts)).digest('hex'));
    expect(await sha256(store, key)).toBe(written.sha256);
    expect((await store.get(key))?.size).toBe(26 * 1024 * 1024);
    await store.remove(key);
    expect(await store.get(key)).toBeNull();
    expect(await store.has(key)).toBe(false);
    await expect(store.put('../outside.pdf', bytesSource(PDF))).rejects.toThrow('outside the store');
  });

  it('npm run files:migrate -- --from-database moves the files kept in the database into the bucket, verified', async () => {
    const inDatabase = databaseFileStore(t.db);
    const key = 'member-images/202609/0000000000000000000000000000abcd.png';
    const bytes = randomBytes(2_500_000);
    await inDatabase.put(key, bytesSource(bytes));
    // This file and the demo's own (the seeded homework files) are all in the database.
    const kept = await t.db.storedFile.count();
    expect(kept).toBeGreaterThan(1);
    const env = { ...process.env, DATABASE_URL: t.url, DATA_DIR: tmp, ...s3.env('moved') };
    const first = await run('npx', ['tsx', 'scripts/files-migrate.ts', '--from-database', '--remove'], { env });
    expect(first.stdout).toContain(`into the s3 store: ${kept} copied`);
    const moved = s3Store(s3.settings('moved'));
    expect(await sha256(moved, key)).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect(await inDatabase.has(key)).toBe(false);
    // Without a bucket configured the command refuses rather than copying the database into itself.
    const refused = await run('npx', ['tsx', 'scripts/files-migrate.ts', '--from-database'], { env: { ...process.env, DATABASE_URL: t.url, DATA_DIR: tmp, FILE_STORE: 'postgres' } }).catch(
      (e: { code: number; stderr: string }) => e,
    );
    expect(refused).toMatchObject({ code: 2 });
    expect((refused as { stderr: string }).stderr).toContain('FILE_STORE');
  });

  it('a backup carries the files of the bucket and a restore puts them into another bucket', async () => {
    const store = fileStore(t);
    const key = 'project-files/202609/backup0000000000000000000000001.pdf';
    const bytes = randomBytes(1_200_000);
    await store.put(key, bytesSource(bytes));
    const file = path.join(tmp, 's3.bo');
    const summary = await backupDatabase(t.url, file, { files: store });
    expect(summary.files).toBe((await keys(store)).length);

    const d = testDatabase('s3restore');
    extra.push(d);
    await ensureDatabase(d.url);
    const restored = s3Store(s3.settings('restored', 'again/'));
    await restoreDatabase(d.url, file, { files: restored });
    expect(await keys(restored)).toEqual(await keys(store));
    expect(await sha256(restored, key)).toBe(createHash('sha256').update(bytes).digest('hex'));
    const db = createDb(d.url, { max: 1 });
    expect(await db.user.count()).toBe(await t.db.user.count());
    await db.$disconnect();
  });

  it('reads its settings from the environment and refuses an incomplete or malformed one', () => {
    const config = loadConfig({ ...s3.env('back-office', 'uploads') });
    expect(config.fileStore).toBe('s3');
    expect(config.s3).toMatchObject({ bucket: 'back-office', endpoint: s3.endpoint, prefix: 'uploads/', forcePathStyle: true, region: 'us-east-1' });
    expect(() => loadConfig({ FILE_STORE: 's3' })).toThrow('S3_BUCKET');
    expect(() => loadConfig({ FILE_STORE: 's3', S3_BUCKET: 'b', S3_ENDPOINT: 'minio:9000' })).toThrow('S3_ENDPOINT');
    expect(() => loadConfig({ FILE_STORE: 'ftp' })).toThrow('FILE_STORE');
  });
});
