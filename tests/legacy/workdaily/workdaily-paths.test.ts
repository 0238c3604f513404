/**
 * The workdaily area's legacy paths answer like every legacy path: the envelope, login
 * required, the spec's method, unreadable requests as HTTP 400, nothing internal leaked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, loginRest, rest, type TestApp } from '../../helpers/app.ts';
import { expectEnvelope, expectNoInternals } from '../support.ts';

let t: TestApp;
let token: string;

const PATHS = [
  '/api/admin/work/daily/getWorkDailyByUser',
  '/api/admin/work/daily/getWorkDailyStatistic',
  '/api/admin/work/daily/listReportDailyByPage',
  '/api/admin/work/daily/ics/uploadIcs',
  '/api/admin/work/daily/report/list',
  '/api/admin/work/daily/listWorkDailyByDatePage',
  '/api/admin/work/daily/workDailyReminder',
  '/api/admin/work/daily/removeWorkDailyOfReminder',
  '/api/admin/work/daily/listWorkDailyByProjectId',
  '/api/admin/work/daily/generateIcs',
  '/api/admin/sys/time/zone/transform',
  '/api/admin/oaWorkNote/doSave',
  '/api/admin/user/listUserSubscribeByPage',
  '/api/admin/user/batchPause',
  '/api/admin/user/batchRestore',
];

beforeAll(async () => {
  t = await createTestApp();
  token = await loginRest(t, DEMO.manager);
});

afterAll(async () => {
  await t?.close();
});

describe('workdaily legacy paths', () => {
  it('ask for a login first', async () => {
    for (const path of PATHS) {
      const res = await rest(t, `${path}.htm`, { json: {} });
      expect(res.status, path).toBe(200);
      expectEnvelope(res.body);
      expect(res.body, path).toMatchObject({ status: 'needUserLogin', message: '尚未登陆,请登录' });
    }
  });

  it('take POST as the spec says, answering GET with an error in the envelope', async () => {
    for (const path of PATHS) {
      const res = await rest(t, `${path}.htm`, { method: 'GET', token });
      expect(res.body, path).toMatchObject({ status: 'error', message: '请求方式不支持' });
    }
  });

  it('answer success for a plain call with no parameters where defaults exist', async () => {
    for (const path of ['getWorkDailyByUser', 'getWorkDailyStatistic', 'listReportDailyByPage', 'report/list', 'listWorkDailyByDatePage', 'workDailyReminder']) {
      const res = await rest(t, `/api/admin/work/daily/${path}.htm`, { json: {}, token });
      expect(res.body.status, path).toBe('success');
    }
    const subs = await rest<{ rows: number; resultList: unknown[] }>(t, '/api/admin/user/listUserSubscribeByPage.htm', { json: {}, token });
    expect(subs.body.status).toBe('success');
    expect(subs.body.data.resultList.length).toBe(Math.min(20, subs.body.data.rows));
  });

  it('answer unreadable requests with HTTP 400 and wrong values with a message, never internals', async () => {
    const malformed = await rest(t, '/api/admin/work/daily/getWorkDailyStatistic.htm', { raw: '{"workDate": ', contentType: 'application/json', token });
    expect(malformed.status).toBe(400);
    expect(malformed.body.status).toBe('error');
    const wrongType = await rest(t, '/api/admin/user/batchPause.htm', { json: { userIds: [{ a: 1 }] }, token });
    expect(wrongType.status).toBe(400);
    const values: Array<[string, unknown]> = [
      ['/api/admin/work/daily/getWorkDailyStatistic.htm', { workDate: 'yesterday' }],
      ['/api/admin/work/daily/listWorkDailyByProjectId.htm', { projectId: 'abc' }],
      ['/api/admin/sys/time/zone/transform.htm', { time: '2026-01-01 00:00:00', fromZone: "'; DROP TABLE users; --", toZone: 'UTC' }],
      ['/api/admin/oaWorkNote/doSave.htm', { workDate: '2026-02-30', content: 'x' }],
      ['/api/admin/user/batchRestore.htm', { userIds: [-1] }],
    ];
    for (const [path, body] of values) {
      const res = await rest(t, path, { json: body, token });
      expect(res.status, path).toBeLessThan(500);
      expect(res.body.status, path).toBe('error');
      expect(res.body.message.length, path).toBeGreaterThan(0);
      expectNoInternals(JSON.stringify(res.body), path);
    }
  });
});
