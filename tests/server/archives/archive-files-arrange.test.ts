/**
 * Renaming and reordering a row's attachments (GraphQL arrangeArchiveFiles; the legacy
 * eventRewards/saveFileList for awards): the new order and names are what the archive answers,
 * the extension stays, the rights are the section's edit rights, a locked archive refuses, and
 * a bad list changes nothing.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app.ts';
import { call, gid, gqlTokens, idOf, newArchive, restTokens, run } from './support.ts';

let t: TestApp;
let g: Record<string, string>;
let archive: { id: number; gid: string };
let awardId: number;
let otherAwardId: number;
let educationId: number;

const ARRANGE = `mutation($input: ArrangeArchiveFilesInput!) {
  arrangeArchiveFiles(input: $input) {
    __typename
    ... on ArrangeArchiveFilesPayload { archive { awards { databaseId files { id fileName } } educations { databaseId files { id fileName } } } }
    ... on Error { code message }
  }
}`;
type Answer = {
  arrangeArchiveFiles: {
    __typename: string;
    code?: string;
    message?: string;
    archive?: Record<'awards' | 'educations', Array<{ databaseId: number; files: Array<{ id: string; fileName: string }> }>>;
  };
};

async function attach(kind: number, objectId: number, fileName: string, sort: number): Promise<number> {
  const row = await t.db.archiveFile.create({ data: { archiveId: archive.id, kind, objectId, sort, fileName, storageKey: `archive-test/${fileName}`, mimeType: 'application/pdf', size: 100 } });
  return row.id;
}
const names = async (kind: number, objectId: number) => (await t.db.archiveFile.findMany({ where: { archiveId: archive.id, kind, objectId }, orderBy: [{ sort: 'asc' }, { id: 'asc' }] })).map((f) => f.fileName);
const arrange = (token: string, files: Array<{ id: number | string; fileName?: string }>) =>
  run<Answer>(t, token, ARRANGE, { input: { files: files.map((f) => ({ ...f, id: typeof f.id === 'number' ? gid('ArchiveFile', f.id) : f.id })) } });

beforeAll(async () => {
  t = await createTestApp();
  g = await gqlTokens(t, 'admin', 'consultant', 'lecturer');
  archive = await newArchive(t, g.admin!, { consultantId: gid('User', await idOf(t, 'consultant')) });
  await t.db.user.update({ where: { id: (await t.db.archive.findUniqueOrThrow({ where: { id: archive.id } })).studentId }, data: { lecturerId: await idOf(t, 'lecturer') } });
  awardId = (await t.db.archiveAward.create({ data: { archiveId: archive.id, performName: '机器人比赛' } })).id;
  otherAwardId = (await t.db.archiveAward.create({ data: { archiveId: archive.id, performName: '辩论赛' } })).id;
  educationId = (await t.db.archiveEducation.create({ data: { archiveId: archive.id, school: '实验中学' } })).id;
});

describe('arranging attachments', () => {
  it('renames and reorders an award’s files; the others follow; the extension stays', async () => {
    const a = await attach(2, awardId, '一等奖.pdf', 1);
    const b = await attach(2, awardId, 'scan.pdf', 2);
    const c = await attach(2, awardId, '照片.png', 3);
    const res = await arrange(g.consultant!, [
      { id: c, fileName: '颁奖照片' },
      { id: a, fileName: '  ../证书.pdf ' },
    ]);
    expect(res.arrangeArchiveFiles.__typename, JSON.stringify(res)).toBe('ArrangeArchiveFilesPayload');
    const award = res.arrangeArchiveFiles.archive!.awards.find((x) => x.databaseId === awardId)!;
    expect(award.files.map((f) => f.fileName)).toEqual(['颁奖照片.png', '证书.pdf', 'scan.pdf']);
    expect(await names(2, awardId)).toEqual(['颁奖照片.png', '证书.pdf', 'scan.pdf']);
    // Moving one down: the order given is the order kept.
    await arrange(g.consultant!, [{ id: a }, { id: c }, { id: b }]);
    expect(await names(2, awardId)).toEqual(['证书.pdf', '颁奖照片.png', 'scan.pdf']);
  });

  it('works for an education entry’s files too', async () => {
    const x = await attach(1, educationId, '成绩单.pdf', 1);
    const y = await attach(1, educationId, '推荐信.pdf', 2);
    const res = await arrange(g.consultant!, [{ id: y }, { id: x, fileName: '2025 成绩单' }]);
    expect(res.arrangeArchiveFiles.__typename).toBe('ArrangeArchiveFilesPayload');
    expect(await names(1, educationId)).toEqual(['推荐信.pdf', '2025 成绩单.pdf']);
  });

  it('refuses files of two rows, a file twice, an empty name and an unknown file; nothing changes', async () => {
    const [first] = await t.db.archiveFile.findMany({ where: { objectId: awardId, kind: 2 }, orderBy: { sort: 'asc' } });
    const other = await attach(2, otherAwardId, '其他.pdf', 1);
    const before = await names(2, awardId);
    const mixed = await arrange(g.consultant!, [{ id: first!.id, fileName: '改名.pdf' }, { id: other }]);
    expect(mixed.arrangeArchiveFiles).toMatchObject({ code: 'FILE_LIST_MIXED', message: '只能调整同一条记录的附件' });
    const twice = await arrange(g.consultant!, [{ id: first!.id }, { id: first!.id }]);
    expect(twice.arrangeArchiveFiles).toMatchObject({ code: 'FILE_LIST_REPEATED', message: '同一个附件不能出现两次' });
    const empty = await arrange(g.consultant!, [{ id: first!.id, fileName: '   ' }]);
    expect(empty.arrangeArchiveFiles.code).toBe('INVALID_INPUT');
    const unknown = await arrange(g.consultant!, [{ id: first!.id, fileName: '改名.pdf' }, { id: 99_999_999 }]);
    expect(unknown.arrangeArchiveFiles).toMatchObject({ code: 'NOT_FOUND', message: '附件不存在' });
    expect(await names(2, awardId)).toEqual(before);
  });

  it('the legacy eventRewards/saveFileList checks and writes names the same way (awards of any row, its own sort numbers)', async () => {
    const [first] = await t.db.archiveFile.findMany({ where: { objectId: awardId, kind: 2 }, orderBy: { sort: 'asc' } });
    const [other] = await t.db.archiveFile.findMany({ where: { objectId: otherAwardId, kind: 2 } });
    const education = await attach(1, educationId, '毕业证.pdf', 9);
    const token = (await restTokens(t, 'consultant')).consultant!;
    const save = (list: Array<Record<string, unknown>>) => call(t, token, '/eventRewards/saveFileList', { json: { archivesId: archive.id, list } });
    const before = await names(2, awardId);
    // A file twice, and a file that is not one of the archive's awards: refused, nothing written.
    expect(await save([{ id: first!.id, fileName: '改名' }, { id: first!.id }])).toMatchObject({ status: 'error', message: '同一个附件不能出现两次' });
    expect(await save([{ id: first!.id, fileName: '改名' }, { id: education }])).toMatchObject({ status: 'error', message: '附件不存在' });
    expect(await names(2, awardId)).toEqual(before);
    // Files of two awards at once, each its sort; the name is cleaned and keeps the extension.
    expect(
      (
        await save([
          { id: first!.id, fileName: ' ../获奖证书 ', sort: 7 },
          { id: other!.id, sort: 4 },
        ])
      ).status,
    ).toBe('success');
    expect(await t.db.archiveFile.findUniqueOrThrow({ where: { id: first!.id } })).toMatchObject({ fileName: '获奖证书.pdf', sort: 7 });
    expect(await t.db.archiveFile.findUniqueOrThrow({ where: { id: other!.id } })).toMatchObject({ fileName: '其他.pdf', sort: 4 });
  });

  it('needs the right to edit the section, and an unlocked archive', async () => {
    const [first] = await t.db.archiveFile.findMany({ where: { objectId: awardId, kind: 2 }, orderBy: { sort: 'asc' } });
    const before = await names(2, awardId);
    const lecturer = await arrange(g.lecturer!, [{ id: first!.id, fileName: '讲师改名.pdf' }]);
    expect(lecturer.arrangeArchiveFiles).toMatchObject({ code: 'FORBIDDEN', message: '没有修改“课外活动与奖项”的权限' });
    await t.db.archive.update({ where: { id: archive.id }, data: { locked: true } });
    const locked = await arrange(g.consultant!, [{ id: first!.id, fileName: '锁定改名.pdf' }]);
    expect(locked.arrangeArchiveFiles).toMatchObject({ code: 'ARCHIVE_LOCKED', message: '档案已锁定，不能修改' });
    await t.db.archive.update({ where: { id: archive.id }, data: { locked: false } });
    expect(await names(2, awardId)).toEqual(before);
  });
});
