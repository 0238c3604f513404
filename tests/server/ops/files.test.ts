import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

// These tests run the commands as child processes and move megabytes: more than the default 30 s on a busy machine.
vi.setConfig({ testTimeout: 120_000 });
import { fileStore, streamSource } from '../../../server/lib/files.ts';
import { createTestApp, DEMO, loginRest, rest, type TestApp } from '../../helpers/app.ts';
import { PDF } from '../uploads.ts';

const run = promisify(execFile);
let t: TestApp;
let tmp: string;

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'bo-files-'));
  t = await createTestApp({ dataDir: tmp });
});

afterAll(async () => {
  await t.close();
  await rm(tmp, { recursive: true, force: true });
});

async function bytesOf(key: string): Promise<Buffer> {
  const found = await fileStore(t).get(key);
  const parts: Uint8Array[] = [];
  for await (const chunk of streamSource(found!.body)) parts.push(chunk);
  return Buffer.concat(parts);
}

describe('moving files an older version kept on disk into the database', () => {
  it('npm run files:migrate copies them once, verified, and the rows that name them download again', async () => {
    const admin = await loginRest(t, DEMO.admin);
    // Before: a project file row whose bytes are only under DATA_DIR/uploads.
    const key = 'project-files/202601/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.pdf';
    const big = 'project-files/202601/bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb.pdf';
    const bigBytes = Buffer.concat([PDF, randomBytes(2_500_000)]);
    await mkdir(path.join(tmp, 'uploads/project-files/202601'), { recursive: true });
    await writeFile(path.join(tmp, 'uploads', key), PDF);
    await writeFile(path.join(tmp, 'uploads', big), bigBytes);
    await writeFile(path.join(tmp, 'uploads/project-files/202601/notes.txt'), 'not an upload');
    const row = await t.db.projectFile.create({ data: { projectId: 1, uploadedById: 1, fileName: 'old.pdf', storageKey: key, mimeType: 'application/pdf', size: PDF.length } });
    const url = `/api/admin/project/downloadFile.htm?id=${row.id}`;
    const listed = await rest<Array<{ id: number; url: string }>>(t, '/api/admin/project/listUploadFile.htm', { json: { projectId: 1 }, token: admin });
    const download = listed.body.data.find((f) => f.id === row.id)?.url ?? url;
    expect((await rest(t, download, { token: admin })).body.message).toBe('文件不存在');

    const env = { ...process.env, DATABASE_URL: t.url, DATA_DIR: tmp };
    const first = await run('npx', ['tsx', 'scripts/files-migrate.ts'], { env });
    expect(first.stdout).toContain('2 copied');
    expect(first.stdout).toContain('1 not upload files');
    const again = await run('npx', ['tsx', 'scripts/files-migrate.ts', '--remove'], { env });
    expect(again.stdout).toContain('0 copied');
    expect(again.stdout).toContain('2 already there');

    expect((await bytesOf(big)).equals(bigBytes)).toBe(true);
    const dl = await rest(t, download, { token: admin });
    expect(dl.status).toBe(200);
    expect(Buffer.from(await dl.response.arrayBuffer()).equals(PDF)).toBe(true);
    // Only what was never copied stays on disk.
    expect(await readdir(path.join(tmp, 'uploads/project-files/202601'))).toEqual(['notes.txt']);
  }, 120_000); // two runs of the script, each a tsx process start
});
