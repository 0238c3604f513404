/**
 * Every legacy path of "Archives and students" (spec section 7, legacy-paths.tsv, area
 * archives) answers: without a token it asks for a login; with the administrator's token a
 * real call succeeds and does what it says; bad bodies answer the envelope without internals.
 */
import { readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, gql, loginGql, loginRest, rest, type TestApp } from '../../helpers/app.ts';

const TSV = path.resolve(import.meta.dirname, '../../../docs/legacy-paths.tsv');
const rows = readFileSync(TSV, 'utf8')
  .split('\n')
  .map((l) => l.split('\t'))
  .filter((c) => c[0] === 'archives')
  .map((c) => ({ method: c[1] as 'GET' | 'POST', path: c[2]! }));

let t: TestApp;
let admin: string;
let archiveId: number;

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg==', 'base64');

const dataDir = path.join(os.tmpdir(), `bo-archives-legacy-${process.pid}`);

beforeAll(async () => {
  t = await createTestApp({ dataDir });
  await t.startJobs();
  admin = await loginRest(t, DEMO.admin);
});
afterAll(async () => {
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function send(p: string, method: 'GET' | 'POST', params: Record<string, unknown> = {}, token = admin) {
  if (method === 'GET') {
    const qs = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
    return rest<any>(t, `${p}${qs ? `?${qs}` : ''}`, { token, method: 'GET' });
  }
  return rest<any>(t, p, { token, json: params });
}

async function upload(p: string, query: Record<string, unknown>) {
  const form = new FormData();
  form.set('file', new File([PNG as Uint8Array<ArrayBuffer>], 'scan.png', { type: 'image/png' }));
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  return rest<any>(t, `${p}?${qs}`, { token: admin, raw: form });
}

describe('archives legacy paths', () => {
  it('lists the 52 paths of the area', () => {
    expect(rows.length).toBe(52);
  });

  for (const row of rows) {
    it(`${row.method} ${row.path} asks for a login without a token`, async () => {
      const res = await rest(t, row.path, { method: row.method, ...(row.method === 'POST' ? { json: {} } : {}) });
      expect(res.status).toBe(200);
      expect(res.body.status).toBe('needUserLogin');
    });
  }

  it('answers every path for the administrator, in a working sequence', async () => {
    const A = '/api/admin';
    const answered = new Set<string>();
    const ok = async (p: string, method: 'GET' | 'POST', params: Record<string, unknown> = {}) => {
      const res = await send(`${A}${p}.htm`, method, params);
      expect(res.body.status, `${p}: ${res.body.message}`).toBe('success');
      answered.add(`${A}${p}.htm`);
      return res.body.data;
    };
    const consultant = (await t.db.user.findUniqueOrThrow({ where: { account: 'consultant' } })).id;

    // The full archive and the light archive.
    const saved = await ok('/archive/save', 'POST', {
      surName: '陆',
      name: '星辰',
      surNamePy: 'Lu',
      namePy: 'Xingchen',
      grade: 8,
      year: 2028,
      consultantId: consultant,
      eduList: [{ school: '实验中学', beginDate: '2020-09-01' }],
    });
    archiveId = saved.id;
    expect(saved).toMatchObject({ name: '陆星辰', grade: 8, year: 2028, consultantId: consultant, status: 1 });
    const light = await ok('/py/archives/save', 'POST', { name: '顾一鸣', sex: 1, grade: 7, year: 2029, parentName: '顾父', relation: 1, parentPhone: '13800001111' });
    expect(light).toMatchObject({ name: '顾一鸣', student: { surName: '顾', name: '一鸣' }, parent: { name: '顾父', relation: 1, phone: '13800001111' } });
    expect((await ok('/py/archives/getById', 'GET', { id: light.id })).parent.relation).toBe(1);
    expect((await ok('/py/archives/listArchivessByPage', 'POST', { condition: { searchKey: '顾一' } })).resultList.map((r: any) => r.id)).toEqual([light.id]);
    expect((await ok('/py/archives/listAll', 'POST', { condition: { searchKey: 'xingchen lu' } })).map((r: any) => r.id)).toEqual([archiveId]);
    await ok('/py/archives/updateStatus', 'POST', { id: light.id, status: 2 });
    await ok('/py/archives/deleteById', 'GET', { id: light.id });
    expect((await t.db.archive.findUniqueOrThrow({ where: { id: light.id } })).deletedAt).not.toBeNull();

    // Lists and the detail.
    expect((await ok('/archive/listByPage', 'POST', { condition: { searchKey: 'luxingchen' } })).resultList[0]).toMatchObject({ id: archiveId, userName: 'Xingchen Lu' });
    expect(await ok('/archive/listByCondition', 'POST', { condition: { searchKey: '陆星辰' } })).toEqual([
      { id: archiveId, name: '陆星辰', nameEn: 'Xingchen Lu', year: 2028, consultantId: consultant, userId: expect.any(Number) },
    ]);
    const detail = await ok('/archive/getArchiveAndStudentDetail', 'GET', { archivesId: archiveId });
    expect(detail).toMatchObject({ archives: { id: archiveId }, bio: { surName: '陆', namePy: 'Xingchen' }, educations: [{ school: '实验中学', beginDate: '2020-09-01' }] });
    const eduId = detail.educations[0].id;

    // States.
    await ok('/archive/updateStatus', 'GET', { id: archiveId, status: 2 });
    await ok('/archive/updateLock', 'GET', { id: archiveId, lock: 1 });
    await ok('/archive/updateLock', 'GET', { id: archiveId, lock: 0 });
    await ok('/archive/addConsultant', 'POST', { ids: [archiveId], consultantId: consultant });

    // Attachments of education.
    const eduFile = await upload(`${A}/archive/uploadEduAttachment.htm`, { objectId: eduId });
    expect(eduFile.body.status).toBe('success');
    answered.add(`${A}/archive/uploadEduAttachment.htm`);
    await ok('/archive/deleteEduAttachment', 'GET', { fileId: eduFile.body.data.id });

    // Family.
    const family = await ok('/fs/family/saveFamily', 'POST', {
      archivesId: archiveId,
      family: { homeLanguage: '普通话', siblingCount: 1 },
      list: [
        { kind: 1, name: '陆父', relation: 1, phone: '13900002222' },
        { kind: 3, name: '陆小月', relation: 6 },
      ],
    });
    const fam = await ok('/fs/family/getFamilyAndFamilyDetailByArchivesId', 'GET', { archivesId: archiveId });
    expect(fam).toMatchObject({
      family: { homeLanguage: '普通话', siblingCount: 1 },
      details: [
        { kind: 1, name: '陆父' },
        { kind: 3, name: '陆小月' },
      ],
    });
    await ok('/fs/family/deleteArchivesFamilyDetail', 'POST', { id: family.memberIds[1] });
    await ok('/fs/family/deleteArchivesFamily', 'POST', { id: family.familyId });
    expect(await t.db.archiveFamilyMember.count({ where: { archiveId } })).toBe(0);

    // Other parts.
    await ok('/fs/others/saveOthers', 'POST', { archivesId: archiveId, category: '体检', title: '体检报告', content: '正常' });
    await ok('/fs/others/saveList', 'POST', { archivesId: archiveId, type: 'recommenders', list: [{ type: 2, name: '张老师', email: 'zhang@school.example.cn' }] });
    await ok('/fs/others/saveList', 'POST', { archivesId: archiveId, type: 'essays', list: [{ schoolName: 'Exeter', topic: 'Why Exeter?', status: 2 }] });
    const others = await ok('/fs/others/getOthersByArchivesId', 'GET', { archivesId: archiveId });
    expect(others).toMatchObject({ others: [{ title: '体检报告' }], recommenders: [{ type: 2, name: '张老师' }], essays: [{ status: 2 }] });
    const progress = await ok('/fs/others/getProgressByArchivesId', 'GET', { archivesId: archiveId });
    expect(progress.essays[0]).toMatchObject({ topic: 'Why Exeter?' });
    expect(progress.percent).toBeGreaterThan(0);

    // Awards and their files.
    await ok('/fs/others/saveList', 'POST', { archivesId: archiveId, type: 'rewardProjects', list: [{ name: 'STEM' }] });
    const projects = await ok('/eventRewards/getRewardProjectByArchivesId', 'GET', { archivesId: archiveId });
    await ok('/eventRewards/saveList', 'POST', { archivesId: archiveId, list: [{ performName: '机器人大赛', projectId: projects[0].id, score: 88, yearMonth: '2025-05' }] });
    const awards = await ok('/eventRewards/getEventRewardsByArchivesId', 'GET', { archivesId: archiveId });
    expect(awards[0]).toMatchObject({ performName: '机器人大赛', projectName: 'STEM', score: 88 });
    expect(await ok('/eventRewards/isShowScore', 'GET', { archivesId: archiveId })).toBe(true);
    const awardFile = await upload(`${A}/eventRewards/uploadAttachment.htm`, { objectId: awards[0].id, sort: 1 });
    expect(awardFile.body.status).toBe('success');
    answered.add(`${A}/eventRewards/uploadAttachment.htm`);
    await ok('/eventRewards/saveFileList', 'POST', { archivesId: archiveId, list: [{ id: awardFile.body.data.id, fileName: '获奖证书.png', sort: 3 }] });
    expect((await ok('/eventRewards/getEventFileByArchivesId', 'GET', { archivesId: archiveId }))[0]).toMatchObject({ fileName: '获奖证书.png', sort: 3 });
    await ok('/eventRewards/deleteEventFile', 'POST', { id: awardFile.body.data.id });
    const second = await upload(`${A}/eventRewards/uploadAttachment.htm`, { objectId: awards[0].id });
    await ok('/eventRewards/deleteAttachment', 'GET', { fileId: second.body.data.id });
    await ok('/eventRewards/deleteEventRewards', 'POST', { id: awards[0].id });

    // Multimedia, survey, exams, apply information.
    await ok('/studentMultiMedia/saveList', 'POST', { archivesId: archiveId, list: [{ title: '钢琴独奏', mediaType: 1, url: 'https://video.example.com/1' }] });
    const media = await ok('/studentMultiMedia/getMultiMediaByArchivesId', 'GET', { archivesId: archiveId });
    expect(media[0]).toMatchObject({ title: '钢琴独奏', fileList: [] });
    await ok('/studentMultiMedia/delStudentMultiMediaById', 'POST', { id: media[0].id });
    await ok('/studentSurvey/save', 'POST', { archivesId: archiveId, interests: '编程', targetRegion: 1, budget: 70000 });
    expect(await ok('/studentSurvey/getStudentSurveyByArchivesId', 'GET', { archivesId: archiveId })).toMatchObject({ interests: '编程', budget: 70000 });
    expect(await ok('/studentSurvey/getStudentSurveyVoByArchivesId', 'GET', { archivesId: archiveId })).toMatchObject({ interests: '编程', archivesName: '陆星辰', year: 2028 });
    await ok('/variousExam/saveList', 'POST', { archivesId: archiveId, list: [{ examName: 'SAT', examDate: '2026-03-14', total: 1450, prepType: 3 }] });
    expect(await ok('/variousExam/getVariousExamByArchivesId', 'GET', { archivesId: archiveId })).toMatchObject([{ examName: 'SAT', total: 1450, examDate: '2026-03-14' }]);
    await ok('/applyInformation/saveList', 'POST', { archivesId: archiveId, list: [{ entryYear: 2028, targetGrade: 9, country: 1 }] });
    expect(await ok('/applyInformation/getApplyInformationByArchivesId', 'GET', { archivesId: archiveId })).toMatchObject([{ entryYear: 2028, targetGrade: 9 }]);

    // Verification lists.
    const examines = await ok('/archive/examine/listArchivesExamineByPage', 'POST', { pageResult: { currentPage: 1, pageSize: 5 } });
    const examineId = examines.resultList[0].id;
    await ok('/archive/examine/record/listArchivesExamineRecordByPage', 'POST', { condition: { archivesExamineId: examineId } });
    await ok('/archive/examine/listArchivesExamineByNot', 'POST', {});
    await ok('/archive/examine/module/listArchivesExamineModuleByExamineId', 'GET', { archivesExamineId: examineId });
    await ok('/archive/examine/module/listArchivesExamineModuleByArchivesId', 'GET', { archivesId: examines.resultList[0].archivesId });

    // Backup, export, import, delete.
    const backup = await ok('/archive/backup', 'POST', { archivesId: archiveId });
    expect(backup).toMatchObject({ format: 'archive-backup/1', archive: { id: archiveId }, sections: { survey: { interests: '编程' } } });
    const exported = await send(`${A}/archive/export.htm`, 'POST', { condition: { searchKey: '陆星辰' } });
    expect(exported.response.headers.get('content-type')).toContain('spreadsheetml');
    answered.add(`${A}/archive/export.htm`);
    const bad = new FormData();
    bad.set('file', new File([Buffer.from('not a workbook') as Uint8Array<ArrayBuffer>], 'x.xlsx'));
    const imported = await rest<any>(t, `${A}/archive/importData.htm`, { token: admin, raw: bad });
    expect(imported.body).toMatchObject({ status: 'error', message: '请上传.xlsx格式的导入模板' });
    answered.add(`${A}/archive/importData.htm`);
    await ok('/archive/delById', 'POST', { archivesId: archiveId });
    expect(await send(`${A}/archive/getArchiveAndStudentDetail.htm`, 'GET', { archivesId: archiveId })).toMatchObject({ body: { status: 'error', message: '数据不存在' } });

    const missing = rows.filter((r) => !answered.has(r.path)).map((r) => r.path);
    expect(missing).toEqual([]);
  }, 90_000); // every path in turn, the export waiting on its job: 17 s alone, more beside other files

  it('refuses the other method and unreadable bodies with the envelope', async () => {
    const wrong = await rest(t, '/api/admin/archive/listByPage.htm', { token: admin, method: 'GET' });
    expect(wrong.body).toMatchObject({ status: 'error', message: '请求方式不支持' });
    const broken = await rest(t, '/api/admin/archive/save.htm', { token: admin, raw: '{"surName": ', contentType: 'application/json' });
    expect(broken.status).toBe(400);
    const typed = await rest(t, '/api/admin/archive/save.htm', { token: admin, json: { surName: { $gt: '' }, name: ['x'] } });
    expect(typed.body.status).toBe('error');
    expect(JSON.stringify(typed.body)).not.toMatch(/prisma|SELECT|stack|archives\.service/i);
  });

  it('both doors agree on the archive list', async () => {
    const token = await loginGql(t, DEMO.consultant);
    const legacyToken = await loginRest(t, DEMO.consultant);
    const gq = await gql<{ archives: { totalCount: number; edges: Array<{ node: { databaseId: number } }> } }>(
      t,
      `{ archives(first: 500, filter: {status: PUBLISHED}) { totalCount edges { node { databaseId } } } }`,
      {},
      { token },
    );
    const legacy = await rest<any>(t, '/api/admin/archive/listByPage.htm', { token: legacyToken, json: { condition: { status: 2 }, pageResult: { currentPage: 1, pageSize: 500 } } });
    expect(legacy.body.data.rows).toBe(gq.body.data!.archives.totalCount);
    expect(legacy.body.data.resultList.map((r: { id: number }) => r.id)).toEqual(gq.body.data!.archives.edges.map((e) => e.node.databaseId));
  });
});
