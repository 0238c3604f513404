/**
 * System paths of the legacy door: the time zone list and the operation log, and the
 * operation log rows that writes on the REST door leave behind.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, loginRest, rest, uniqueAddress, type TestApp } from '../../helpers/app.ts';
import { CHANGE_PWD, loginData, LOGOUT, OPERATION_LOGS, postLogin, REFRESH, TIME_ZONES, UPDATE_STATE, wallClock, type LogRow, type Paged } from '../support.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

const CJK = /[\u4e00-\u9fff]/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
const staff = (account: string) => ({ account, password: 'Staff#2026' });

type Zone = { id: number; name: string; zhName: string; enName: string };

function listLogs(token: string, body: unknown) {
  return rest<Paged<LogRow>>(t, OPERATION_LOGS, { json: body, token });
}

describe('listSysTimeZone', () => {
  it('lists Asia/Shanghai with its Chinese and English names', async () => {
    const token = await loginRest(t, DEMO.consultant);
    const res = await rest<Zone[]>(t, TIME_ZONES, { json: {}, token });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('success');
    const zones = res.body.data;
    expect(zones.length).toBeGreaterThan(5);
    const shanghai = zones.find((z) => z.name === 'Asia/Shanghai');
    expect(shanghai).toBeDefined();
    expect(typeof shanghai?.id).toBe('number');
    expect(shanghai?.zhName).toMatch(CJK);
    expect(shanghai?.zhName).toContain('上海');
    expect(shanghai?.enName).not.toMatch(CJK);
    expect(shanghai?.enName).toContain('Shanghai');
    for (const name of ['America/New_York', 'Europe/London', 'Asia/Hong_Kong', 'UTC']) {
      expect(
        zones.map((z) => z.name),
        name,
      ).toContain(name);
    }
  });

  it('answers the same list by GET and without .htm', async () => {
    const token = await loginRest(t, DEMO.sales);
    const post = await rest<Zone[]>(t, TIME_ZONES, { json: {}, token });
    const get = await rest<Zone[]>(t, TIME_ZONES.replace(/\.htm$/, ''), { method: 'GET', token });
    expect(get.body.status).toBe('success');
    expect(get.body.data).toEqual(post.body.data);
  });
});

describe('listSysOperateLogByPage', () => {
  let admin: string;
  const PAGING_ROWS = 45;

  beforeAll(async () => {
    admin = await loginRest(t, DEMO.admin);
    const base = Date.parse('2026-10-01T00:00:00Z');
    await t.db.operationLog.createMany({
      data: Array.from({ length: PAGING_ROWS }, (_, i) => ({
        operation: `test.paging.${String(i + 1).padStart(2, '0')}`,
        outcome: i % 3 === 0 ? 'FAILURE' : 'SUCCESS',
        door: 'REST',
        address: '192.0.2.1',
        account: 'paging',
        createdAt: new Date(base + i * 60_000),
      })),
    });
  });

  it('answers the paging shape with the default page size of 20', async () => {
    const res = await listLogs(admin, { condition: { operation: 'test.paging' } });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('success');
    expect(Object.keys(res.body.data).sort()).toEqual(['currentPage', 'pageSize', 'resultList', 'rows']);
    expect(res.body.data.currentPage).toBe(1);
    expect(res.body.data.pageSize).toBe(20);
    expect(res.body.data.rows).toBe(PAGING_ROWS);
    expect(res.body.data.resultList).toHaveLength(20);
    // Newest first.
    expect(res.body.data.resultList[0]?.operation).toBe('test.paging.45');
    const row = res.body.data.resultList[0]!;
    expect(typeof row.id).toBe('number');
    expect(row).toMatchObject({ account: 'paging', door: 'REST', address: '192.0.2.1', outcome: 'SUCCESS' });
    expect(row.createTime).toMatch(DATE_TIME);

    const empty = await listLogs(admin, {});
    expect(empty.body.status).toBe('success');
    expect(empty.body.data).toMatchObject({ currentPage: 1, pageSize: 20 });
    expect(empty.body.data.rows).toBeGreaterThanOrEqual(PAGING_ROWS);
  });

  it('walks pages 2 and 3 without overlap, and answers an empty page past the end', async () => {
    const pages = await Promise.all([1, 2, 3, 4].map((currentPage) => listLogs(admin, { pageResult: { currentPage, pageSize: 20 }, condition: { operation: 'test.paging' } })));
    const [p1, p2, p3, p4] = pages.map((p) => p.body.data);
    expect(p2).toMatchObject({ currentPage: 2, pageSize: 20, rows: PAGING_ROWS });
    expect(p2?.resultList).toHaveLength(20);
    expect(p3?.resultList).toHaveLength(5);
    expect(p4).toMatchObject({ currentPage: 4, rows: PAGING_ROWS, resultList: [] });
    const ids = [...(p1?.resultList ?? []), ...(p2?.resultList ?? []), ...(p3?.resultList ?? [])].map((r) => r.id);
    expect(new Set(ids).size).toBe(PAGING_ROWS);
    expect(p2?.resultList[0]?.operation).toBe('test.paging.25');
    expect(p3?.resultList.at(-1)?.operation).toBe('test.paging.01');

    const big = await listLogs(admin, { pageResult: { currentPage: 1, pageSize: 50 }, condition: { operation: 'test.paging' } });
    expect(big.body.data.resultList).toHaveLength(PAGING_ROWS);
  });

  it('falls back to page 1 of 20 for a page or size that is not a positive integer', async () => {
    const res = await listLogs(admin, { pageResult: { currentPage: 0, pageSize: -5 }, condition: { operation: 'test.paging' } });
    expect(res.body.data).toMatchObject({ currentPage: 1, pageSize: 20, rows: PAGING_ROWS });
    expect(res.body.data.resultList).toHaveLength(20);
    const text = await listLogs(admin, { pageResult: { currentPage: 'two', pageSize: 'many' }, condition: { operation: 'test.paging' } });
    expect(text.body.data).toMatchObject({ currentPage: 1, pageSize: 20 });
  });

  it("filters by beginTime and endTime given as yyyy-MM-dd HH:mm:ss in the caller's time zone", async () => {
    // The rows were written from 2026-10-01T00:00Z, one a minute: 08:00, 08:01... in Shanghai.
    const res = await listLogs(admin, {
      pageResult: { pageSize: 100 },
      condition: { operation: 'test.paging', beginTime: '2026-10-01 08:10:00', endTime: '2026-10-01 08:20:00' },
    });
    expect(res.body.status).toBe('success');
    const times = res.body.data.resultList.map((r) => r.createTime);
    expect(
      times.every((s) => s >= '2026-10-01 08:10:00' && s <= '2026-10-01 08:20:00'),
      times.join(', '),
    ).toBe(true);
    expect(res.body.data.rows).toBe(11);
  });

  it('names beginTime, the field the legacy client sent, when it is not a date', async () => {
    const res = await listLogs(admin, { condition: { beginTime: 'not a date' } });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('error');
    expect(res.body.message).toBe('beginTime格式错误');
  });

  it('filters by outcome and account', async () => {
    const failures = await listLogs(admin, { pageResult: { pageSize: 100 }, condition: { operation: 'test.paging', outcome: 'FAILURE' } });
    expect(failures.body.data.rows).toBe(15);
    expect(failures.body.data.resultList.every((r) => r.outcome === 'FAILURE')).toBe(true);
    const byAccount = await listLogs(admin, { condition: { account: 'paging' } });
    expect(byAccount.body.data.rows).toBe(PAGING_ROWS);
  });

  it("filters by the operation prefix 'auth.login'", async () => {
    await loginRest(t, DEMO.sales);
    await postLogin(t, { account: 'sales', password: 'Wrong#2026x' });
    const partner = await loginRest(t, DEMO.partner);
    await rest(t, LOGOUT, { token: partner });

    const res = await listLogs(admin, { pageResult: { currentPage: 1, pageSize: 100 }, condition: { operation: 'auth.login' } });
    expect(res.body.status).toBe('success');
    const expected = await t.db.operationLog.count({ where: { operation: { startsWith: 'auth.login' } } });
    expect(res.body.data.rows).toBe(expected);
    expect(res.body.data.rows).toBeGreaterThanOrEqual(4);
    const list = res.body.data.resultList;
    expect(list.length).toBe(expected);
    expect(list.every((r) => r.operation.startsWith('auth.login'))).toBe(true);
    expect(list.some((r) => r.outcome === 'FAILURE' && r.account === 'sales')).toBe(true);
    expect(list.some((r) => r.outcome === 'SUCCESS' && r.account === 'partner')).toBe(true);
    const logouts = await t.db.operationLog.count({ where: { operation: 'auth.logout' } });
    expect(logouts).toBeGreaterThan(0);
  });

  it('is for administrators only', async () => {
    for (const who of [DEMO.consultant, DEMO.manager, DEMO.lecturer]) {
      const res = await listLogs(await loginRest(t, who), {});
      expect(res.status).toBe(200);
      expect(res.body, who.account).toEqual({ status: 'error', message: '没有权限执行该操作', data: null });
    }
    const anonymous = await rest(t, OPERATION_LOGS, { json: {} });
    expect(anonymous.body).toEqual({ status: 'needUserLogin', message: '尚未登陆,请登录', data: null });
    // Another administrator may read it.
    const other = await listLogs(await loginRest(t, staff('peng.tao')), { condition: { operation: 'test.paging' } });
    expect(other.body.status).toBe('success');
  });

  it("formats createTime as yyyy-MM-dd HH:mm:ss in the caller's time zone", async () => {
    const rows = await t.db.operationLog.findMany({ where: { operation: { startsWith: 'test.paging' } } });
    const createdAt = new Map(rows.map((r) => [Number(r.id), r.createdAt]));

    const shanghai = await listLogs(admin, { pageResult: { pageSize: 50 }, condition: { operation: 'test.paging' } });
    for (const r of shanghai.body.data.resultList) {
      expect(r.createTime).toMatch(DATE_TIME);
      expect(r.createTime).toBe(wallClock(createdAt.get(r.id)!, 'Asia/Shanghai'));
    }
    // 2026-10-01T00:00:00Z is 08:00 in Shanghai.
    expect(shanghai.body.data.resultList.at(-1)?.createTime).toBe('2026-10-01 08:00:00');

    await t.db.user.update({ where: { account: 'peng.tao' }, data: { timeZone: 'America/New_York' } });
    const newYork = await listLogs(await loginRest(t, staff('peng.tao')), { pageResult: { pageSize: 50 }, condition: { operation: 'test.paging' } });
    expect(newYork.body.status).toBe('success');
    for (const r of newYork.body.data.resultList) {
      expect(r.createTime).toBe(wallClock(createdAt.get(r.id)!, 'America/New_York'));
    }
    expect(newYork.body.data.resultList.at(-1)?.createTime).toBe('2026-09-30 20:00:00');
  });
});

describe('writes on the REST door are recorded', () => {
  it("records changeCurrentPwd as 'auth.changePassword', door REST, the caller's address, SUCCESS", async () => {
    const who = staff('gao.min');
    const me = await loginData(t, who);
    const address = uniqueAddress();
    const res = await rest(t, CHANGE_PWD, {
      json: { 'condition.oldPassword': who.password, 'condition.password': 'GaoMin2027x' },
      token: me.token,
      headers: { 'x-forwarded-for': address },
    });
    expect(res.body.status).toBe('success');

    const row = await t.db.operationLog.findFirst({ where: { operation: 'auth.changePassword', userId: me.user.id }, orderBy: { id: 'desc' } });
    expect(row).toMatchObject({ door: 'REST', address, outcome: 'SUCCESS', account: 'gao.min', errorCode: null });

    // The administrator sees it through the legacy door as well.
    const admin = await loginRest(t, DEMO.admin);
    const list = await listLogs(admin, { condition: { operation: 'auth.changePassword', userId: me.user.id } });
    expect(list.body.data.rows).toBe(1);
    expect(list.body.data.resultList[0]).toMatchObject({
      id: Number(row?.id),
      operation: 'auth.changePassword',
      door: 'REST',
      address,
      outcome: 'SUCCESS',
      userId: me.user.id,
    });
  });

  it('records a refused change of password as a FAILURE', async () => {
    const who = staff('xie.na');
    const me = await loginData(t, who);
    const address = uniqueAddress();
    const res = await rest(t, CHANGE_PWD, {
      json: { condition: { oldPassword: 'NotMine#2026', password: 'XieNa2027xx' } },
      token: me.token,
      headers: { 'x-forwarded-for': address },
    });
    expect(res.body.message).toBe('原密码错误');
    const row = await t.db.operationLog.findFirst({ where: { operation: 'auth.changePassword', userId: me.user.id } });
    expect(row).toMatchObject({ door: 'REST', address, outcome: 'FAILURE' });
    expect(row?.errorCode).toBeTruthy();
  });

  it('records a refused login as a FAILURE row with the address', async () => {
    const address = uniqueAddress();
    const res = await postLogin(t, { account: 'feng.xue', password: 'Wrong#2026x' }, address);
    expect(res.body.message).toBe('账号或密码错误');
    const row = await t.db.operationLog.findFirst({ where: { operation: 'auth.login', address } });
    expect(row).toMatchObject({ door: 'REST', outcome: 'FAILURE', account: 'feng.xue', address });
    expect(row?.errorCode).toBeTruthy();

    const admin = await loginRest(t, DEMO.admin);
    const list = await listLogs(admin, { condition: { operation: 'auth.login', account: 'feng.xue', outcome: 'FAILURE' } });
    expect(list.body.data.rows).toBe(1);
    expect(list.body.data.resultList[0]).toMatchObject({ address, door: 'REST', outcome: 'FAILURE' });
  });

  it('records login, refresh, logout and updateState with their outcome and target', async () => {
    const address = uniqueAddress();
    const me = await loginData(t, staff('deng.wei'), address);
    const login = await t.db.operationLog.findFirst({ where: { operation: 'auth.login', address } });
    expect(login).toMatchObject({ outcome: 'SUCCESS', door: 'REST', userId: me.user.id, account: 'deng.wei' });

    const refreshed = await rest<{ token: string }>(t, REFRESH, { text: me.token, headers: { 'x-forwarded-for': address } });
    expect(refreshed.body.status).toBe('success');
    const refresh = await t.db.operationLog.findFirst({ where: { operation: 'auth.refreshToken', address } });
    expect(refresh).toMatchObject({ outcome: 'SUCCESS', door: 'REST', userId: me.user.id });

    await rest(t, LOGOUT, { token: refreshed.body.data.token, headers: { 'x-forwarded-for': address } });
    const logout = await t.db.operationLog.findFirst({ where: { operation: 'auth.logout', address } });
    expect(logout).toMatchObject({ outcome: 'SUCCESS', door: 'REST', userId: me.user.id });

    const adminAddress = uniqueAddress();
    const admin = await loginData(t, DEMO.admin);
    const res = await rest(t, UPDATE_STATE, { json: { id: me.user.id, state: 2 }, token: admin.token, headers: { 'x-forwarded-for': adminAddress } });
    expect(res.body.status).toBe('success');
    const update = await t.db.operationLog.findFirst({ where: { operation: 'user.updateState', address: adminAddress } });
    expect(update).toMatchObject({ outcome: 'SUCCESS', door: 'REST', userId: admin.user.id, targetIds: [String(me.user.id)] });
  });
});
