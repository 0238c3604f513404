/**
 * Attachments of education entries, awards and multimedia: type checked by content, size
 * limits per kind, empty files, storage outside the web root, downloads as attachments to
 * those who may read the section (and logged), deletes, and locked archives.
 */
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, rest, type TestApp } from '../../helpers/app.ts';
import { call, gid, gqlTokens, gqlUpload, idOf, newArchive, PDF, PNG, restTokens, restUpload, run } from './support.ts';

let t: TestApp;
let dataDir: string;
let g: Record<string, string>;
let r: Record<string, string>;
let archive: { id: number; gid: string };
let educationId: number;
let awardId: number;
let multimediaId: number;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'bo-archive-files-'));
  // These files go to the directory store (FILE_STORE=directory), the other backend of server/lib/files.ts.
  t = await createTestApp({ dataDir, fileStore: 'directory' });
  g = await gqlTokens(t, 'admin', 'consultant', 'lecturer', 'sales');
  r = await restTokens(t, 'admin', 'consultant', 'lecturer', 'sales', 'partner');
  archive = await newArchive(t, g.admin!, { consultantId: gid('User', await idOf(t, 'consultant')), salespersonId: gid('User', await idOf(t, 'sales')) });
  await t.db.user.update({ where: { id: (await t.db.archive.findUniqueOrThrow({ where: { id: archive.id } })).studentId }, data: { lecturerId: await idOf(t, 'lecturer') } });
  educationId = (await t.db.archiveEducation.create({ data: { archiveId: archive.id, school: '实验中学' } })).id;
  awardId = (await t.db.archiveAward.create({ data: { archiveId: archive.id, performName: '机器人比赛' } })).id;
  multimediaId = (await t.db.archiveMultimedia.create({ data: { archiveId: archive.id, title: '独奏' } })).id;
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function filesOnDisk(): Promise<string[]> {
  const root = path.join(dataDir, 'uploads');
  const out: string[] = [];
  const walk = async (dir: string) => {
    for (const e of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) await walk(p);
      else out.push(path.relative(root, p));
    }
  };
  await walk(root);
  return out.sort();
}

describe('uploads', () => {
  it('stores an education attachment under a server-chosen name outside the web root', async () => {
    const res = await restUpload(t, r.consultant!, '/archive/uploadEduAttachment', { objectId: educationId }, { bytes: PDF, name: '../../成绩单 2025.pdf', type: 'text/plain' });
    expect(res.body.status, res.body.message).toBe('success');
    expect(res.body.data).toMatchObject({ objectId: educationId, kind: 1, fileName: '成绩单 2025.pdf', fileType: 'application/pdf' });
    const row = await t.db.archiveFile.findUniqueOrThrow({ where: { id: res.body.data.id } });
    expect(row.storageKey).toMatch(/^archive-education\/\d{6}\/[0-9a-f]{32}\.pdf$/);
    expect(await filesOnDisk()).toContain(row.storageKey);
    expect(path.resolve(dataDir, 'uploads', row.storageKey).startsWith(path.resolve('client'))).toBe(false);
  });

  it('refuses a type not allowed by content, whatever the name says', async () => {
    const before = await filesOnDisk();
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 1)]);
    const res = await restUpload(t, r.consultant!, '/archive/uploadEduAttachment', { objectId: educationId }, { bytes: exe, name: 'transcript.pdf', type: 'application/pdf' });
    expect(res.body).toMatchObject({ status: 'error', message: expect.stringContaining('文件类型不允许') });
    const html = await restUpload(
      t,
      r.consultant!,
      '/eventRewards/uploadAttachment',
      { objectId: awardId, sort: 1 },
      { bytes: Buffer.from('<html><script>alert(1)</script></html>'), name: 'award.png', type: 'image/png' },
    );
    expect(html.body.status).toBe('error');
    // Awards take pdf and images, not Word documents (education does).
    const docx = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(100)]);
    expect((await restUpload(t, r.consultant!, '/eventRewards/uploadAttachment', { objectId: awardId }, { bytes: docx, name: 'a.docx' })).body.status).toBe('error');
    expect(await filesOnDisk()).toEqual(before);
    expect(await t.db.archiveFile.count({ where: { archiveId: archive.id, kind: 2 } })).toBe(0);
  });

  it('refuses an empty file and a missing file', async () => {
    const empty = await restUpload(t, r.consultant!, '/archive/uploadEduAttachment', { objectId: educationId }, { bytes: Buffer.alloc(0), name: 'empty.pdf' });
    expect(empty.body).toMatchObject({ status: 'error', message: '文件为空' });
    const none = await restUpload(t, r.consultant!, '/archive/uploadEduAttachment', { objectId: educationId }, null);
    expect(none.body).toMatchObject({ status: 'error', message: '请选择要上传的文件' });
  });

  it("refuses files over the kind's limit (education and awards 10 MB, multimedia 20 MB)", async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]);
    const edu = await restUpload(t, r.consultant!, '/archive/uploadEduAttachment', { objectId: educationId }, { bytes: big, name: 'big.png' });
    expect(edu.body).toMatchObject({ status: 'error', message: '文件大小超出限制（最大10MB）' });
    const media = await gqlUpload(
      t,
      g.consultant!,
      `mutation($input: UploadArchiveFileInput!) { uploadArchiveFile(input: $input) { __typename ... on ArchiveFilePayload { file { kind size } } ... on Error { code message } } }`,
      { objectId: gid('ArchiveMultimedia', multimediaId) },
      { bytes: big, name: 'big.png' },
    );
    expect(media.body.data?.uploadArchiveFile).toMatchObject({ __typename: 'ArchiveFilePayload', file: { kind: 'MULTIMEDIA', size: big.length } });
    const tooBig = await gqlUpload(
      t,
      g.consultant!,
      `mutation($input: UploadArchiveFileInput!) { uploadArchiveFile(input: $input) { __typename ... on Error { code message } } }`,
      { objectId: gid('ArchiveMultimedia', multimediaId) },
      { bytes: Buffer.concat([PNG, Buffer.alloc(20 * 1024 * 1024)]), name: 'huge.png' },
    );
    expect(tooBig.body.data?.uploadArchiveFile).toMatchObject({ code: 'UPLOAD_TOO_LARGE', message: '文件大小超出限制（最大20MB）' });
  });

  it('needs the right to edit the section: lecturers read but may not attach; strangers do not see the row', async () => {
    const lecturer = await restUpload(t, r.lecturer!, '/archive/uploadEduAttachment', { objectId: educationId }, { bytes: PDF, name: 'x.pdf' });
    expect(lecturer.body).toMatchObject({ status: 'error', message: '没有修改“教育经历”的权限' });
    const partner = await restUpload(t, r.partner!, '/archive/uploadEduAttachment', { objectId: educationId }, { bytes: PDF, name: 'x.pdf' });
    expect(partner.body).toMatchObject({ status: 'error', message: '数据不存在' });
    const unknownRow = await restUpload(t, r.consultant!, '/archive/uploadEduAttachment', { objectId: 999999 }, { bytes: PDF, name: 'x.pdf' });
    expect(unknownRow.body).toMatchObject({ status: 'error', message: '附件所属的记录不存在' });
  });
});

describe('downloads and deletes', () => {
  it('serves the bytes as an attachment to readers and logs the download', async () => {
    const up = await restUpload(t, r.consultant!, '/eventRewards/uploadAttachment', { objectId: awardId, sort: 2 }, { bytes: PNG, name: '证书.png' });
    const fileId = up.body.data.id as number;
    await t.db.archiveAccessLog.deleteMany({});
    const res = await rest(t, `/api/admin/archive/downloadAttachment.htm?fileId=${fileId}`, { token: r.consultant! });
    expect(res.status).toBe(200);
    expect(res.response.headers.get('content-type')).toBe('image/png');
    expect(res.response.headers.get('content-disposition')).toMatch(/^attachment; filename=/);
    expect(res.response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await res.response.arrayBuffer()).equals(PNG)).toBe(true);
    expect(await t.db.archiveAccessLog.count({ where: { section: 'file', archiveId: archive.id, userId: await idOf(t, 'consultant') } })).toBe(1);
    const listed = await call(t, r.consultant!, '/eventRewards/getEventRewardsByArchivesId', { query: { archivesId: archive.id } });
    expect(listed.data[0].fileList[0]).toMatchObject({ id: fileId, fileName: '证书.png', url: `/api/admin/archive/downloadAttachment.htm?fileId=${fileId}` });
    // Lecturers may not read awards; partners do not see the archive.
    expect((await rest(t, `/api/admin/archive/downloadAttachment.htm?fileId=${fileId}`, { token: r.lecturer! })).body).toMatchObject({ status: 'error', message: '没有查看“课外活动与奖项”的权限' });
    expect((await rest(t, `/api/admin/archive/downloadAttachment.htm?fileId=${fileId}`, { token: r.partner! })).body).toMatchObject({ status: 'error', message: '附件不存在' });
    const gq = await run(t, g.consultant!, `query($id: ID!) { node(id: $id) { ... on Archive { awards { files { fileName downloadUrl } } files(kind: AWARD) { databaseId } } } }`, { id: archive.gid });
    expect(gq.node.awards[0].files[0]).toMatchObject({ fileName: '证书.png' });
    expect(gq.node.files.map((f: { databaseId: number }) => f.databaseId)).toContain(fileId);
  });

  it('deletes an attachment with its bytes; a locked archive refuses', async () => {
    const up = await restUpload(t, r.consultant!, '/archive/uploadEduAttachment', { objectId: educationId }, { bytes: PNG, name: 'scan.png' });
    const row = await t.db.archiveFile.findUniqueOrThrow({ where: { id: up.body.data.id } });
    await t.db.archive.update({ where: { id: archive.id }, data: { locked: true } });
    expect(await call(t, r.consultant!, '/archive/deleteEduAttachment', { query: { fileId: row.id } })).toMatchObject({ status: 'error', message: '档案已锁定，不能修改' });
    await t.db.archive.update({ where: { id: archive.id }, data: { locked: false } });
    expect(await call(t, r.consultant!, '/archive/deleteEduAttachment', { query: { fileId: row.id } })).toMatchObject({ status: 'success', message: '删除成功' });
    expect(await t.db.archiveFile.findUnique({ where: { id: row.id } })).toBeNull();
    await expect(stat(path.join(dataDir, 'uploads', row.storageKey))).rejects.toThrow();
  });

  it('deleting a row removes its attachments', async () => {
    const award = await t.db.archiveAward.create({ data: { archiveId: archive.id, performName: '临时' } });
    const up = await restUpload(t, r.consultant!, '/eventRewards/uploadAttachment', { objectId: award.id }, { bytes: PDF, name: 'tmp.pdf' });
    const key = (await t.db.archiveFile.findUniqueOrThrow({ where: { id: up.body.data.id } })).storageKey;
    const res = await run(t, g.consultant!, `mutation($id: ID!) { deleteArchiveRecord(input: {id: $id}) { __typename ... on DeleteArchiveRecordPayload { deletedId } } }`, { id: gid('ArchiveAward', award.id) });
    expect(res.deleteArchiveRecord).toEqual({ __typename: 'DeleteArchiveRecordPayload', deletedId: gid('ArchiveAward', award.id) });
    expect(await t.db.archiveFile.count({ where: { kind: 2, objectId: award.id } })).toBe(0);
    await expect(stat(path.join(dataDir, 'uploads', key))).rejects.toThrow();
  });
});
