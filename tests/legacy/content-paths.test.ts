/**
 * Every legacy path of the content area (projects, messages, dictionary and template of
 * spec section 7) answers with the envelope by the method the list names, refuses callers
 * without a token, and the reads answer success with the shapes old clients read.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, loginRest, rest, type TestApp } from '../helpers/app.ts';
import { expectEnvelope, expectNoInternals } from './support.ts';

const TSV = path.resolve(import.meta.dirname, '../../../shared/spec/legacy-paths.tsv');
const OURS = /\/(project|auth\/user\/project|upload\/project|sns|sys\/dict|template)\/|listUsers4Project/;
const rows = readFileSync(TSV, 'utf8')
  .split('\n')
  .map((l) => l.split('\t'))
  .filter((c) => c.length === 3 && OURS.test(c[2]!) && !c[2]!.includes('/work/daily/'))
  .map((c) => ({ method: c[1] as 'GET' | 'POST', path: c[2]! }));

let t: TestApp;
let admin: string;
let projectId: number;
let memberId: number;
let letterId: number;
let noticeId: number;
let dictId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginRest(t, DEMO.admin);
  const adminId = (await t.db.user.findUniqueOrThrow({ where: { account: 'admin' } })).id;
  const member = await t.db.projectMember.findFirstOrThrow({ include: { project: true } });
  projectId = member.projectId;
  memberId = member.id;
  letterId = (await t.db.letterDelivery.findFirstOrThrow({ where: { recipientId: adminId } })).id;
  noticeId = (await t.db.notice.findFirstOrThrow()).id;
  dictId = (await t.db.dictionary.findUniqueOrThrow({ where: { code: 'country' } })).id;
});
afterAll(async () => {
  await t?.close();
});

/** Reads (and the read-marking detail) with the parameters they need. */
const reads = (): Record<string, Record<string, unknown>> => ({
  '/api/admin/project/list.htm': { pageResult: { currentPage: 1, pageSize: 8388607 }, condition: { notInProjectStateStr: '4,5' } },
  '/api/admin/project/listAllProject.htm': {},
  '/api/admin/project/listProjectByCompanyAndUser.htm': {},
  '/api/admin/project/members.htm': { projectId },
  '/api/admin/project/listUploadFile.htm': { projectId },
  '/api/admin/project/listProjectFocus.htm': {},
  '/api/admin/project/getProjectDetailByCondition.htm': { condition: { id: projectId } },
  '/api/admin/project/getProjectDetailById.htm': { id: projectId },
  '/api/admin/auth/user/project/detail.htm': { id: memberId },
  '/api/admin/user/listUsers4Project.htm': { condition: { projectId } },
  '/api/admin/sns/letter/listMyLetterByPage.htm': { pageResult: { currentPage: 1, pageSize: 20 }, condition: { readState: 0 } },
  '/api/admin/sns/letter/detail.htm': { id: letterId },
  '/api/admin/sns/notice/listSnsNoticeByPage.htm': { pageResult: { currentPage: 1, pageSize: 20 } },
  '/api/admin/sns/notice/detail.htm': { id: noticeId },
  '/api/admin/sys/dict/list.htm': {},
  '/api/admin/sys/dict/item/listByDictId.htm': { dictId },
  '/api/admin/sys/dict/item/listWithCodes.htm': { codes: 'country,grade' },
});

describe('content legacy paths', () => {
  it('covers the list', () => {
    expect(rows.length).toBe(32);
  });

  it.each(rows)('$method $path refuses a caller without a token', async ({ method, path: p }) => {
    const res = method === 'GET' ? await rest(t, p) : await rest(t, p, { json: {} });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'needUserLogin', message: '尚未登陆,请登录' });
  });

  it.each(rows)('$method $path answers the envelope (reads: success)', async ({ method, path: p }) => {
    const params = reads()[p];
    const res =
      method === 'GET'
        ? await rest(t, `${p}?${new URLSearchParams(Object.entries(params ?? {}).map(([k, v]) => [k, String(v)]))}`, { token: admin })
        : await rest(t, p, { json: params ?? {}, token: admin });
    if (p.endsWith('/template/downloadTemplate.htm')) {
      expect(res.response.headers.get('content-disposition')).toMatch(/^attachment;/);
      return;
    }
    expectEnvelope(res.body);
    // Project codes (P2027-US) look like database error codes to the generic check.
    expectNoInternals(JSON.stringify(res.body).replace(/"(code|projectCode)":"P\d{4}-[^"]*"/g, ''), p);
    if (params) expect(res.body, p).toMatchObject({ status: 'success' });
    else expect(['success', 'error'], p).toContain(res.body.status);
  });

  it('the shapes old clients read: pages, unreadMessageCount, listWithCodes', async () => {
    const letters = await rest<{ rows: number; currentPage: number; resultList: Array<{ readState: number; title: string }>; unreadMessageCount: number }>(
      t, '/api/admin/sns/letter/listMyLetterByPage.htm', { json: { 'pageResult.currentPage': 1, 'pageResult.pageSize': 2, 'condition.readState': 0 }, token: admin },
    );
    expect(letters.body.data).toMatchObject({ currentPage: 1, pageSize: 2, unreadMessageCount: letters.body.data.rows });
    expect(letters.body.data.resultList.length).toBeLessThanOrEqual(2);
    expect(letters.body.data.resultList.every((l) => l.readState === 0)).toBe(true);
    const codes = await rest<Record<string, Array<{ code: string; label: string }>>>(t, '/api/admin/sys/dict/item/listWithCodes.htm?codes=country,nope', { token: admin });
    expect(codes.body.data.country!.map((i) => i.code)).toEqual(['US', 'UK', 'CA', 'CN']);
    expect(codes.body.data.nope).toEqual([]);
    const notices = await rest<{ rows: number; resultList: Array<{ title: string; publishTime: string }> }>(t, '/api/admin/sns/notice/listSnsNoticeByPage.htm', { json: {}, token: admin });
    expect(notices.body.data.rows).toBeGreaterThanOrEqual(4);
    expect(notices.body.data.resultList[0]!.publishTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });
});
