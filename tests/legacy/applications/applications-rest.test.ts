/**
 * The legacy door of the applications module: every path of spec section 7 "Applications and
 * progress" answers (and refuses without a token), the legacy payloads work, batches are
 * atomic, messages come in both languages, and both doors see the same applications.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, gql, rest, type TestApp } from '../../helpers/app.ts';
import { globalId } from '../../server/support.ts';
import { makeArchive, schoolByName, tokens, type Tokens } from '../../server/schools/support.ts';

let t: TestApp;
let tk: Tokens;

const PATHS = readFileSync(path.resolve(import.meta.dirname, '../../../docs/legacy-paths.tsv'), 'utf8')
  .split('\n')
  .map((l) => l.split('\t'))
  .filter((c) => c[0] === 'applications') as Array<[string, 'GET' | 'POST', string]>;
const PUBLIC = new Set<string>();

beforeAll(async () => {
  t = await createTestApp();
  tk = await tokens(t);
});
afterAll(async () => {
  await t.close();
});

type Row = Record<string, unknown> & { id: number; state: number; inquiry: number; interview: number; lock: boolean };
type Written = { ids: number[]; list: Row[]; logIds: number[] };
const post = <T = Written>(p: string, json: unknown, token = tk.consultant, headers: Record<string, string> = {}) => rest<T>(t, p, { json, token, headers });
const get = <T = unknown>(p: string, token = tk.consultant) => rest<T>(t, p, { token });
const P = '/api/admin/application/progress';

describe('every path answers', () => {
  it('covers the 46 paths of the section', () => {
    expect(PATHS.length).toBe(46);
  });

  it('refuses each one without a token, and answers with one', async () => {
    for (const [, method, p] of PATHS) {
      const anonymous = await rest(t, p, method === 'GET' ? { method } : { method, json: {} });
      expect(anonymous.status, p).not.toBe(404);
      if (PUBLIC.has(p))
        expect(anonymous.body.status, p).toBe('error'); // no id given
      else expect(anonymous.body.status, p).toBe('needUserLogin');
      const known = await rest(t, p.replace(/\.htm$/, ''), method === 'GET' ? { method, token: tk.admin } : { method, json: {}, token: tk.admin });
      expect(known.status, p).toBeLessThan(500);
      if (p.endsWith('/exportData.htm')) expect(known.response.headers.get('content-type')).toContain('spreadsheetml');
      else expect(['success', 'error'], `${p}: ${known.body.message}`).toContain(known.body.status);
    }
  });
});

describe('applications on the legacy door', () => {
  it("creates, moves and logs; refusals in the caller's language", async () => {
    const a = await makeArchive(t, 'consultant');
    const schoolId = await schoolByName(t, 'Blair Academy');
    const made = await post(`${P}/save.htm`, { archivesId: a.id, schoolId, grade: 9 });
    expect(made.body.status).toBe('success');
    const id = made.body.data.ids[0] as number;
    const same = await get<{ exists: boolean; applicationId: number }>(`${P}/checkSameSchoolInProgress.htm?archiveId=${a.id}&schoolId=${schoolId}`);
    expect(same.body.data).toEqual({ exists: true, applicationId: id });
    expect((await get<{ exists: boolean }>(`${P}/checkSameSchoolInProgress.htm?archiveId=${a.id}&schoolId=${schoolId}&id=${id}`)).body.data.exists).toBe(false);
    const twice = await post(`${P}/save.htm`, { archiveId: a.id, schoolId });
    expect(twice.body).toMatchObject({ status: 'error', message: '该学生已有进行中的Blair Academy申请' });

    const noReason = await post(`${P}/updateState.htm`, { id, state: 2 });
    expect(noReason.body).toMatchObject({ status: 'error', message: '请填写拒绝原因' });
    await t.db.user.update({ where: { account: 'consultant' }, data: { language: 1 } });
    expect((await post(`${P}/updateApplyState.htm`, { id, state: 2 })).body.message).toBe('Please enter the reason for the rejection');
    await t.db.user.update({ where: { account: 'consultant' }, data: { language: 0 } });

    expect((await post(`${P}/updateInterview.htm`, { id, interview: 2, interviewTime: '2026-10-12T01:30:00Z' })).body.data.list[0]).toMatchObject({ interview: 2, interviewTime: '2026-10-12 09:30:00' });
    expect((await post(`${P}/updateCommonApplication.htm`, { id, commonApplication: 2 })).body.data.list[0]).toMatchObject({ platform: 2 });
    expect((await post(`${P}/updateDocState.htm`, { id, docType: 'recommend', state: 2 })).body.data.list[0]).toMatchObject({ recommendDocState: 2 });
    expect((await post(`${P}/updateDeadline.htm`, { id, deadline: '2027-01-15' })).body.data.list[0]).toMatchObject({ deadline: '2027-01-15' });
    expect((await post(`${P}/updateOrderNum.htm`, { id, orderNum: 2 })).body.data.list[0]).toMatchObject({ orderNum: 2 });
    expect((await post(`${P}/updateBoard.htm`, { id, board: 1 })).body.data.list[0]).toMatchObject({ board: 1 });
    expect((await post(`${P}/updateGrade.htm`, { id, grade: 10 })).body.data.list[0]).toMatchObject({ grade: 10 });
    expect((await post(`${P}/updateSubmitResult.htm`, { id, submitResult: 1 })).body.data.list[0]).toMatchObject({ submitResult: 1 });
    expect((await post(`${P}/updateThirdInterview.htm`, { id, thirdInterview: 3 })).body.data.list[0]).toMatchObject({ thirdInterview: 3 });
    expect((await post(`${P}/updateInquiry.htm`, { id, inquiry: 1 })).body.data.list[0]).toMatchObject({ inquiry: 1 });
    // A value of the wrong type is a request the server cannot read: HTTP 400 with the envelope.
    const wrongType = await post(`${P}/updateInquiry.htm`, { id, inquiry: 'x' });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body).toMatchObject({ status: 'error', message: 'inquiry格式错误' });
    const approved = await post(`${P}/updateState.htm`, { id, state: 4 });
    expect(approved.body.data.list[0]).toMatchObject({ state: 4, status: 4 });

    const interviews = await get<Array<{ action: string; toValue: string }>>(`/api/admin/overall/progress/interviewLogs.htm?applicationId=${id}`);
    expect(interviews.body.data.map((l) => l.action)).toEqual(['THIRD_INTERVIEW', 'INTERVIEW']);
    const detail = await get<{ logs: Array<{ action: string }>; schoolName: string }>(`/api/admin/overall/progress/detail.htm?applicationId=${id}`);
    expect(detail.body.data.schoolName).toBe('Blair Academy');
    expect(detail.body.data.logs.map((l) => l.action)).toEqual(['STATE', 'INQUIRY', 'THIRD_INTERVIEW', 'SUBMIT_RESULT', 'GRADE', 'BOARD', 'ORDER', 'DEADLINE', 'DOC_STATE', 'PLATFORM', 'INTERVIEW', 'CREATE']);

    const lockedByConsultant = await post(`${P}/lock.htm`, { id });
    expect(lockedByConsultant.body.status).toBe('error');
    expect((await post(`${P}/lock.htm`, { id }, tk.manager)).body.data.list[0]).toMatchObject({ lock: true });
    expect((await post(`${P}/updateInquiry.htm`, { id, inquiry: 2 })).body).toMatchObject({ status: 'error', message: '申请已锁定，不能修改' });
    expect((await post(`${P}/unlock.htm`, { id }, tk.manager)).body.data.list[0]).toMatchObject({ lock: false });
  });

  it('batches: one refused row, nothing changes', async () => {
    const a = await makeArchive(t, 'consultant');
    const made = await post(`${P}/addOrUpdate.htm`, { list: ['Pomfret School', 'Tabor Academy', 'Kent School'].map((n, i) => ({ archiveId: a.id, schoolId: n, i })) });
    expect(made.body.status).toBe('error'); // school names are not ids
    const ids: number[] = [];
    for (const n of ['Pomfret School', 'Tabor Academy', 'Kent School']) ids.push((await post(`${P}/save.htm`, { archiveId: a.id, schoolId: await schoolByName(t, n) })).body.data.ids[0] as number);
    await post(`${P}/updateState.htm`, { id: ids[2], state: 2, reason: 'full' });
    for (const [p, field] of [
      ['updateInquiryBatch', 'inquiry'],
      ['updateInterviewBatch', 'interview'],
      ['updateThirdInterviewBatch', 'thirdInterview'],
      ['updateSubmitResultBatch', 'submitResult'],
    ] as const) {
      const r = await post(`${P}/${p}.htm`, { ids, [field]: 1 });
      expect(r.body.status, p).toBe('error');
      expect(r.body.message).toBe(`批量操作未执行（申请${ids[2]}：申请已被拒绝，不能再更新进度），所有申请均未修改`);
    }
    const rows = await t.db.application.findMany({ where: { id: { in: ids } }, select: { inquiry: true, interview: true, thirdInterview: true, submitResult: true } });
    expect(rows.every((r) => r.inquiry + r.interview + r.thirdInterview + r.submitResult === 0)).toBe(true);
    const ok = await post(`${P}/updateInquiryBatch.htm`, { ids: ids.slice(0, 2), inquiry: 2 });
    expect(ok.body.data.list.map((r) => r.inquiry)).toEqual([2, 2]);
    // addOrUpdate: a list of rows saved together, all or none.
    const other = await makeArchive(t, 'consultant');
    const refused = await post(`${P}/addOrUpdate.htm`, {
      list: [
        { archiveId: other.id, schoolId: await schoolByName(t, 'Cate School') },
        { archiveId: other.id, schoolId: 999999 },
      ],
    });
    expect(refused.body.status).toBe('error');
    expect(await t.db.application.count({ where: { archiveId: other.id } })).toBe(0);
  });

  it('documents, SAO documents, tracks, lists and score lists', async () => {
    const a = await makeArchive(t, 'consultant', { ssat: [80], toefl: [98, 104] });
    const id = (await post(`${P}/save.htm`, { archiveId: a.id, schoolId: await schoolByName(t, 'Milton Academy') })).body.data.ids[0] as number;
    const doc = await post<{ id: number; state: number; logs: unknown[] }>('/api/admin/application/doc/save.htm', { applicationId: id, type: 1, name: 'Transcript' });
    expect(doc.body.data).toMatchObject({ state: 0 });
    const moved = await post<{ ids: number[] }>('/api/admin/application/doc/saveBatch.htm', { list: [{ id: doc.body.data.id, state: 2 }] });
    expect(moved.body.status).toBe('success');
    const logs = await post<{ rows: number; resultList: Array<{ toState: number }> }>('/api/admin/application/doc/log/listByCondition.htm', { condition: { documentId: doc.body.data.id } });
    expect(logs.body.data.resultList.map((l) => l.toState)).toEqual([2, 0]);
    expect((await get<{ logs: unknown[] }>(`/api/admin/application/doc/getById.htm?id=${doc.body.data.id}`)).body.data.logs).toHaveLength(2);
    expect((await get<unknown[]>(`/api/admin/overall/progress/listDocAndLogs.htm?applicationId=${id}&type=1`)).body.data).toHaveLength(1);

    const sao = await post<{ id: number }>('/api/admin/sao/doc/save.htm', { archiveId: a.id, type: 1, name: 'Questionnaire', state: 1 });
    expect(sao.body.status).toBe('success');
    await post('/api/admin/sao/doc/save.htm', { id: sao.body.data.id, state: 2 });
    expect((await get<Array<{ state: number }>>(`/api/admin/sao/doc/listSaoDocByArchiveId.htm?archiveId=${a.id}`)).body.data.map((d) => d.state)).toEqual([2]);
    expect((await post<{ rows: number }>('/api/admin/sao/doc/log/listByCondition.htm', { condition: { saoDocumentId: sao.body.data.id } })).body.data.rows).toBe(2);
    expect((await get<{ state: number }>(`/api/admin/sao/doc/getById.htm?id=${sao.body.data.id}`)).body.data.state).toBe(2);

    const track = await post<{ day: string; content: string }>('/api/admin/progress/track/save.htm', { applicationId: id, type: 3, day: '2026-09-20', content: 'Emailed the office' });
    expect(track.body.data).toMatchObject({ day: '2026-09-20', content: 'Emailed the office' });
    expect((await post('/api/admin/progress/track/save.htm', { applicationId: id, type: 3, content: '' })).body.message).toBe('content不能为空');
    expect((await get<unknown[]>(`/api/admin/progress/track/getByApplicationIdAndType.htm?applicationId=${id}&type=3`)).body.data).toHaveLength(1);
    const daily = await get<Array<{ day: string; tracks: unknown[] }>>(`/api/admin/progress/track/getDailyUpdateByApplicationId?applicationId=${id}`);
    expect(daily.body.data.find((d) => d.day === '2026-09-20')?.tracks).toHaveLength(1);

    const scores = await get<Array<{ type: string; total: number | null; percentile: number | null }>>(`${P}/getSsatAndToeflScoreList.htm?archivesId=${a.id}&type=TOEFL`);
    expect(scores.body.data.map((s) => s.total).sort()).toEqual([104, 98].sort());
    const byStudent = await get<Array<{ type: string }>>(`${P}/getScoreListByStudentId.htm?userId=${a.studentId}`);
    expect(byStudent.body.data.map((s) => s.type).sort()).toEqual(['SSAT', 'TOEFL', 'TOEFL']);
    const info = await get<{ bestToefl: number; bestSsatPercentile: number; applicationCount: number }>(`${P}/getStudentInfo.htm?archiveId=${a.id}`);
    expect(info.body.data).toMatchObject({ bestToefl: 104, bestSsatPercentile: 80, applicationCount: 1 });

    expect((await get<unknown[]>(`${P}/listByArchivesId.htm?archivesId=${a.id}`)).body.data).toHaveLength(1);
    expect((await get<unknown[]>(`${P}/listProgressByArchivesId.htm?archivesId=${a.id}`)).body.data).toHaveLength(1);
    expect((await get<unknown[]>(`${P}/listByArchivesIdSort.htm?archivesId=${a.id}&sortStatus=1`)).body.data).toHaveLength(1);
    expect((await post<unknown[]>(`${P}/list/student/process.htm`, { userId: a.studentId })).body.data).toHaveLength(1);
    const byUsers = await post<Array<{ userId: number; list: unknown[] }>>(`${P}/listApplicationProgressByUserIds.htm`, { userIds: [a.studentId] });
    expect(byUsers.body.data).toEqual([{ userId: a.studentId, list: [expect.objectContaining({ id })] }]);
    const list = await post<{ rows: number }>(`${P}/list.htm`, { condition: { archiveId: a.id } });
    expect(list.body.data.rows).toBe(1);
    const overall = await post<{ resultList: Array<{ archiveId: number; total: number; applicationList: unknown[] }> }>('/api/admin/overall/progress/listVoByPage.htm', { pageResult: { currentPage: 1, pageSize: 100 } });
    expect(overall.body.data.resultList.find((r) => r.archiveId === a.id)).toMatchObject({ total: 1 });
    const students = await post<{ rows: number }>('/api/admin/school/listStudentSchoolByPage.htm', { condition: { schoolId: await schoolByName(t, 'Milton Academy') } });
    expect(students.body.data.rows).toBeGreaterThanOrEqual(1);
  });

  it("a consultant cannot touch another consultant's student on this door either", async () => {
    const theirs = await makeArchive(t, 'wang.fang');
    const id = (await post(`${P}/save.htm`, { archiveId: theirs.id, schoolId: await schoolByName(t, 'Kent School') }, tk.admin)).body.data.ids[0] as number;
    for (const [p, body] of [
      ['updateInquiry', { id, inquiry: 1 }],
      ['updateState', { id, state: 4 }],
      ['save', { id, note: 'x' }],
    ] as const) {
      expect((await post(`${P}/${p}.htm`, body)).body.status, p).toBe('error');
    }
    expect((await get(`${P}/getById.htm?id=${id}`)).body.status).toBe('error');
    expect((await get(`${P}/listByArchivesId.htm?archivesId=${theirs.id}`)).body.status).toBe('error');
    expect((await t.db.application.findUniqueOrThrow({ where: { id } })).inquiry).toBe(0);
  });
});

describe('both doors', () => {
  it('a change on one door is what the other door reads', async () => {
    const a = await makeArchive(t, 'consultant');
    const id = (await post(`${P}/save.htm`, { archiveId: a.id, schoolId: await schoolByName(t, 'Suffield Academy') })).body.data.ids[0] as number;
    await post(`${P}/updateInquiry.htm`, { id, inquiry: 2 });
    const seen = await gql<{ node: { inquiry: string; logs: Array<{ action: string }> } }>(
      t,
      'query($id: ID!) { node(id: $id) { ... on Application { inquiry logs { action } } } }',
      { id: globalId('Application', id) },
      { token: tk.consultant },
    );
    expect(seen.body.data?.node).toEqual({ inquiry: 'ANSWERED', logs: [{ action: 'INQUIRY' }, { action: 'CREATE' }] });
    const viaGql = await gql<{ updateApplicationState: { __typename: string } }>(
      t,
      'mutation($i: UpdateApplicationStateInput!) { updateApplicationState(input: $i) { __typename } }',
      { i: { id: globalId('Application', id), state: 'APPROVED' } },
      { token: tk.consultant },
    );
    expect(viaGql.body.data?.updateApplicationState.__typename).toBe('ApplicationPayload');
    expect((await get<{ state: number }>(`${P}/getById.htm?id=${id}`)).body.data.state).toBe(4);
    // The same refusal, the same words, on both doors.
    const restRefusal = (await post(`${P}/updateState.htm`, { id, state: 1 })).body.message;
    const gqlRefusal = await gql<{ updateApplicationState: { message: string } }>(
      t,
      'mutation($i: UpdateApplicationStateInput!) { updateApplicationState(input: $i) { ... on Error { message } } }',
      { i: { id: globalId('Application', id), state: 'APPLYING' } },
      { token: tk.consultant },
    );
    expect(gqlRefusal.body.data?.updateApplicationState.message).toBe(restRefusal);
  });
});
