/**
 * The legacy envelope: every answer of a known path is HTTP 200 with {status, message, data};
 * unreadable requests are 400, oversized ones 413, unknown paths 404, all with the envelope.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, gql, loginRest, rest, uniqueAddress, type TestApp } from '../../helpers/app.ts';
import {
  CHANGE_PWD,
  expectEnvelope,
  expectNoInternals,
  LOGIN,
  LOGOUT,
  MENU,
  OPERATION_LOGS,
  postLogin,
  REFRESH,
  RIGHT_TREE,
  expectNothingWritten,
  snapshot,
  RSA_KEY,
  TIME_ZONES,
  tokenHash,
  UPDATE_STATE,
  type LoginData,
} from '../support.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

const NEED_LOGIN_ZH = '尚未登陆,请登录';

describe('success and the envelope shape', () => {
  it('answers a known path with HTTP 200, JSON and exactly {status, message, data}', async () => {
    const token = await loginRest(t, DEMO.admin);
    const res = await rest(t, TIME_ZONES, { json: {}, token });
    expect(res.status).toBe(200);
    expect(res.response.headers.get('content-type')).toMatch(/^application\/json/);
    expectEnvelope(res.body);
    expect(res.body.status).toBe('success');
    expect(res.body.message).toBe('');
    expect(Array.isArray(res.body.data)).toBe(true);
  });

  it('answers refusals with HTTP 200 too: needUserLogin, error and method refusals', async () => {
    const consultant = await loginRest(t, DEMO.consultant);
    const answers = await Promise.all([
      rest(t, MENU, { json: { showType: 'PC' } }),
      rest(t, RIGHT_TREE, { json: {}, token: consultant }),
      rest(t, LOGIN, { method: 'GET' }),
      postLogin(t, { account: 'admin', password: 'wrong-password' }),
    ]);
    for (const res of answers) {
      expect(res.status).toBe(200);
      expectEnvelope(res.body);
      expect(res.body.status).not.toBe('success');
    }
  });

  it('accepts the same path without .htm', async () => {
    const res = await rest<LoginData>(t, '/api/token/admin/doLogin', { json: DEMO.admin, headers: { 'x-forwarded-for': uniqueAddress() } });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('success');
    expect(typeof res.body.data.token).toBe('string');

    const token = res.body.data.token;
    const withHtm = await rest(t, MENU, { json: { showType: 'PC' }, token });
    const without = await rest(t, '/api/admin/auth/right/listRightByRoleId', { json: { showType: 'PC' }, token });
    expect(without.body.status).toBe('success');
    expect(without.body.data).toEqual(withHtm.body.data);
  });

  it('answers GET on a POST-only path with status error, and writes nothing', async () => {
    const before = await snapshot(t);
    const res = await rest(t, `${LOGIN}?account=admin&password=${encodeURIComponent(DEMO.admin.password)}`, {
      method: 'GET',
      headers: { 'x-forwarded-for': uniqueAddress() },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'error', message: '请求方式不支持', data: null });
    await expectNothingWritten(t, before);
  });

  it('answers POST on the GET-only logout with status error and leaves the token working', async () => {
    const token = await loginRest(t, DEMO.sales);
    const res = await rest(t, LOGOUT, { method: 'POST', json: {}, token });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('error');
    expect(res.body.message).toBe('请求方式不支持');
    const still = await rest(t, MENU, { json: { showType: 'PC' }, token });
    expect(still.body.status).toBe('success');
  });

  it('answers an unknown path with HTTP 404 and the envelope, status error', async () => {
    for (const path of ['/api/admin/no/such/thing.htm', '/api/admin/no/such/thing', '/api/whatever']) {
      const res = await rest(t, path, { json: {} });
      expect(res.status, path).toBe(404);
      expect(res.body, path).toEqual({ status: 'error', message: '接口不存在', data: null });
    }
  });
});

describe('needUserLogin', () => {
  it('answers a protected path called without a token', async () => {
    const res = await rest(t, MENU, { json: { showType: 'PC' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'needUserLogin', message: NEED_LOGIN_ZH, data: null });
  });

  it('answers an unknown token, whatever its shape', async () => {
    for (const token of ['not-a-token', 'x'.repeat(43), 'y'.repeat(100_000)]) {
      const res = await rest(t, MENU, { json: { showType: 'PC' }, token });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ status: 'needUserLogin', message: NEED_LOGIN_ZH, data: null });
    }
  });

  it('answers a revoked (logged-out) token', async () => {
    const token = await loginRest(t, DEMO.partner);
    const out = await rest(t, LOGOUT, { token });
    expect(out.body.status).toBe('success');
    const res = await rest(t, MENU, { json: { showType: 'PC' }, token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'needUserLogin', message: NEED_LOGIN_ZH, data: null });
  });
});

describe('tokenExpire', () => {
  it('answers a token that was valid but whose expiry has passed, and the token can then be refreshed', async () => {
    const token = await loginRest(t, DEMO.lecturer);
    const ok = await rest(t, MENU, { json: { showType: 'PC' }, token });
    expect(ok.body.status).toBe('success');

    await t.db.accessToken.update({ where: { tokenHash: tokenHash(token) }, data: { expiresAt: new Date(Date.now() - 60_000) } });
    const res = await rest(t, MENU, { json: { showType: 'PC' }, token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'tokenExpire', message: '登录已过期,请刷新令牌', data: null });

    const refreshed = await rest<{ token: string }>(t, REFRESH, { text: token });
    expect(refreshed.body.status).toBe('success');
    const retry = await rest(t, MENU, { json: { showType: 'PC' }, token: refreshed.body.data.token });
    expect(retry.body.status).toBe('success');
  });
});

describe('status error', () => {
  it('answers a business rule failure (wrong password) with status error', async () => {
    const res = await postLogin(t, { account: 'admin', password: 'Wrong#2026' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'error', message: '账号或密码错误', data: null });
  });

  it('answers a forbidden call with status error', async () => {
    const token = await loginRest(t, DEMO.consultant);
    const res = await rest(t, OPERATION_LOGS, { json: {}, token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'error', message: '没有权限执行该操作', data: null });
  });

  it('answers missing login fields with the spec texts', async () => {
    const cases: Array<[unknown, string]> = [
      [{}, '请输入账号'],
      [{ password: 'Admin#2026' }, '请输入账号'],
      [{ account: '   ', password: 'Admin#2026' }, '请输入账号'],
      [{ account: null, password: 'Admin#2026' }, '请输入账号'],
      [{ account: 'admin' }, '请输入密码'],
      [{ account: 'admin', password: '' }, '请输入密码'],
    ];
    for (const [body, message] of cases) {
      const res = await postLogin(t, body);
      expect(res.status).toBe(200);
      expect(res.body, JSON.stringify(body)).toEqual({ status: 'error', message, data: null });
    }
  });
});

describe('unreadable requests', () => {
  it('answers malformed JSON with HTTP 400 and the envelope', async () => {
    const before = await snapshot(t);
    const res = await rest(t, LOGIN, { raw: '{"account": "admin", "password": ', contentType: 'application/json' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ status: 'error', message: '请求格式错误', data: null });
    await expectNothingWritten(t, before);
  });

  it('answers a JSON array or a JSON string body with HTTP 400', async () => {
    for (const raw of ['[{"account":"admin","password":"Admin#2026"}]', '"admin"', '42', 'null']) {
      const res = await rest(t, LOGIN, { raw, contentType: 'application/json', headers: { 'x-forwarded-for': uniqueAddress() } });
      expect(res.status, raw).toBe(400);
      expect(res.body, raw).toEqual({ status: 'error', message: '请求格式错误', data: null });
    }
  });

  it('answers malformed JSON with 400 on a logged-in path too, and the token keeps working', async () => {
    const token = await loginRest(t, DEMO.admin);
    const res = await rest(t, CHANGE_PWD, { raw: '{"condition.oldPassword":', contentType: 'application/json', token });
    expect(res.status).toBe(400);
    expect(res.body.status).toBe('error');
    expect(res.body.message).toBe('请求格式错误');
  });

  it('answers wrong field types with status error naming the field, writing nothing', async () => {
    const before = await snapshot(t);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ account: 12345, password: DEMO.admin.password }, 'account'],
      [{ account: {}, password: DEMO.admin.password }, 'account'],
      [{ account: ['admin'], password: DEMO.admin.password }, 'account'],
      [{ account: true, password: DEMO.admin.password }, 'account'],
      [{ account: 'admin', password: 20262026 }, 'password'],
      [{ account: 'admin', password: { value: DEMO.admin.password } }, 'password'],
    ];
    for (const [body, field] of cases) {
      const res = await postLogin(t, body);
      const text = JSON.stringify(res.body);
      // legacy-rest.md: a request the server cannot read (wrong types) answers HTTP 400.
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.status, JSON.stringify(body)).toBe('error');
      expect(res.body.data).toBeNull();
      expect(res.body.message, JSON.stringify(body)).toContain(field);
      expectNoInternals(text);
    }
    await expectNothingWritten(t, before);
  });

  it('says a value of the wrong type is invalid, not that it is missing', async () => {
    const number = await postLogin(t, { account: 12345, password: DEMO.admin.password });
    expect(number.body).toEqual({ status: 'error', message: 'account格式错误', data: null });
    const object = await postLogin(t, { account: {}, password: DEMO.admin.password });
    expect(object.body).toEqual({ status: 'error', message: 'account格式错误', data: null });
    const password = await postLogin(t, { account: 'admin', password: 20262026 });
    expect(password.body).toEqual({ status: 'error', message: 'password格式错误', data: null });
  });

  it('answers 100 KB strings with a clear error and writes nothing', async () => {
    const big = 'A'.repeat(100 * 1024);
    const before = await snapshot(t);
    const longAccount = await postLogin(t, { account: big, password: DEMO.admin.password });
    expect(longAccount.body).toEqual({ status: 'error', message: 'account不能超过100个字符', data: null });
    const longPassword = await postLogin(t, { account: 'admin', password: big });
    expect(longPassword.body).toEqual({ status: 'error', message: 'password不能超过1000个字符', data: null });
    await expectNothingWritten(t, before);

    const token = await loginRest(t, DEMO.manager);
    const admin = await loginRest(t, DEMO.admin);
    const afterLogin = await snapshot(t);
    const longNew = await rest(t, CHANGE_PWD, { json: { condition: { oldPassword: DEMO.manager.password, password: big } }, token });
    expect(longNew.body).toEqual({ status: 'error', message: 'password不能超过1000个字符', data: null });
    const longOld = await rest(t, CHANGE_PWD, { json: { 'condition.oldPassword': big, 'condition.password': 'Newpass2026' }, token });
    expect(longOld.body).toEqual({ status: 'error', message: 'oldPassword不能超过1000个字符', data: null });
    const longFilter = await rest(t, OPERATION_LOGS, { json: { condition: { operation: big } }, token: admin });
    expect(longFilter.body.status).toBe('error');
    expect(longFilter.body.message).toBe('operation不能超过100个字符');
    await expectNothingWritten(t, afterLogin);
    expect((await postLogin(t, DEMO.manager)).body.status).toBe('success');
  });

  it('answers a body over 2 MB with HTTP 413 and the envelope', async () => {
    const before = await snapshot(t);
    const huge = JSON.stringify({ account: 'admin', password: DEMO.admin.password, padding: 'x'.repeat(2 * 1024 * 1024 + 10) });
    const res = await rest(t, LOGIN, { raw: huge, contentType: 'application/json', headers: { 'x-forwarded-for': uniqueAddress() } });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ status: 'error', message: '请求内容过大', data: null });
    await expectNothingWritten(t, before);
  });

  it('answers a declared Content-Length over 2 MB with 413 as well', async () => {
    const res = await rest(t, LOGIN, {
      raw: JSON.stringify(DEMO.admin),
      contentType: 'application/json',
      headers: { 'content-length': String(3 * 1024 * 1024), 'x-forwarded-for': uniqueAddress() },
    });
    expect(res.status).toBe(413);
    expect(res.body.status).toBe('error');
  });
});

describe('request forms', () => {
  it('logs in with a form-style POST (application/x-www-form-urlencoded)', async () => {
    const res = await rest<LoginData>(t, LOGIN, { form: { ...DEMO.admin }, headers: { 'x-forwarded-for': uniqueAddress() } });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('success');
    expect(res.body.data.user.account).toBe('admin');
  });

  it('logs in with multipart/form-data, the fields as form fields', async () => {
    const form = new FormData();
    form.set('account', DEMO.consultant.account);
    form.set('password', DEMO.consultant.password);
    const res = await rest<LoginData>(t, LOGIN, { raw: form, headers: { 'x-forwarded-for': uniqueAddress() } });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('success');
    expect(res.body.data.user.account).toBe('consultant');
  });

  it('accepts dotted keys and the nested form alike', async () => {
    const token = await loginRest(t, DEMO.admin);
    const nested = await rest(t, OPERATION_LOGS, { json: { pageResult: { currentPage: 1, pageSize: 3 }, condition: { operation: 'auth.login' } }, token });
    const dotted = await rest(t, OPERATION_LOGS, {
      json: { 'pageResult.currentPage': 1, 'pageResult.pageSize': 3, 'condition.operation': 'auth.login' },
      token,
    });
    expect(nested.body.status).toBe('success');
    expect(dotted.body.status).toBe('success');
    expect(dotted.body.data).toMatchObject({ currentPage: 1, pageSize: 3 });
    expect(dotted.body.data).toEqual(nested.body.data);
  });

  it('accepts the token as X-Token and as Authorization: Bearer', async () => {
    const token = await loginRest(t, DEMO.sales);
    const viaX = await rest(t, MENU, { json: { showType: 'PC' }, headers: { 'x-token': token } });
    const viaBearer = await rest(t, MENU, { json: { showType: 'PC' }, headers: { authorization: `Bearer ${token}` } });
    expect(viaX.body.status).toBe('success');
    expect(viaBearer.body.status).toBe('success');
    expect(viaBearer.body.data).toEqual(viaX.body.data);
    const wrongScheme = await rest(t, MENU, { json: { showType: 'PC' }, headers: { authorization: `Basic ${token}` } });
    expect(wrongScheme.body.status).toBe('needUserLogin');
  });

  it('answers GET with query-string parameters on a path that takes both', async () => {
    const token = await loginRest(t, DEMO.admin);
    const res = await rest(t, `${OPERATION_LOGS}?pageResult.currentPage=1&pageResult.pageSize=2`, { method: 'GET', token });
    expect(res.body.status).toBe('success');
    expect(res.body.data).toMatchObject({ currentPage: 1, pageSize: 2 });
  });
});

describe('language of messages', () => {
  const EN = { cookie: 'lang=en' };

  it('answers in English before login with the cookie lang=en', async () => {
    const missing = await postLogin(t, {}, uniqueAddress(), EN);
    expect(missing.body).toEqual({ status: 'error', message: 'Please enter your account', data: null });
    const noPassword = await postLogin(t, { account: 'admin' }, uniqueAddress(), EN);
    expect(noPassword.body.message).toBe('Please enter your password');
    const wrong = await postLogin(t, { account: 'admin', password: 'Wrong#2026' }, uniqueAddress(), EN);
    expect(wrong.body).toEqual({ status: 'error', message: 'Wrong account or password', data: null });
    const noToken = await rest(t, MENU, { json: {}, headers: EN });
    expect(noToken.body).toEqual({ status: 'needUserLogin', message: 'You are not logged in. Please log in.', data: null });
    const unknown = await rest(t, '/api/admin/nothing/here.htm', { json: {}, headers: EN });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('No such interface');
    const badJson = await rest(t, LOGIN, { raw: '{', contentType: 'application/json', headers: EN });
    expect(badJson.status).toBe(400);
    expect(badJson.body.message).toBe('The request could not be read');
    const getOnPost = await rest(t, LOGIN, { method: 'GET', headers: EN });
    expect(getOnPost.body.message).toBe('This request method is not supported here');
  });

  it('answers in Chinese without a cookie and with lang=zh', async () => {
    const res = await postLogin(t, {}, uniqueAddress(), { cookie: 'lang=zh' });
    expect(res.body.message).toBe('请输入账号');
  });

  it('answers in English once the user sets language EN (GraphQL setLanguage), whatever the cookie', async () => {
    const wang = { account: 'wang.fang', password: 'Staff#2026' };
    const token = await loginRest(t, wang);
    const set = await gql<{ setLanguage: { __typename: string } }>(t, 'mutation { setLanguage(input: { language: EN }) { __typename ... on Error { message } } }', {}, { token });
    expect(set.body.data?.setLanguage.__typename).toBe('ViewerPayload');

    const forbidden = await rest(t, RIGHT_TREE, { json: {}, token, headers: { cookie: 'lang=zh' } });
    expect(forbidden.body).toEqual({ status: 'error', message: 'You are not allowed to do this', data: null });
    const wrongOld = await rest(t, CHANGE_PWD, { json: { condition: { oldPassword: 'Nope#2026x', password: 'Brand1New2026' } }, token });
    expect(wrongOld.body).toEqual({ status: 'error', message: 'The current password is wrong', data: null });
    const rules = await rest(t, CHANGE_PWD, { json: { condition: { oldPassword: wang.password, password: 'short' } }, token });
    expect(rules.body.message).toBe('The password must be 8 to 24 characters long');
    const method = await rest(t, UPDATE_STATE, { method: 'GET', token });
    expect(method.body.message).toBe('This request method is not supported here');
    const badJson = await rest(t, CHANGE_PWD, { raw: '{', contentType: 'application/json', token });
    expect(badJson.status).toBe(400);
    expect(badJson.body.message).toBe('The request could not be read');

    // The next login answers language 1 and its messages stay English.
    const again = await postLogin(t, wang);
    expect(again.body.status).toBe('success');
    expect(again.body.data.language).toBe(1);
    expect(again.body.data.user.language).toBe(1);
  });

  it('answers an unknown path in the language of the user whose token is sent', async () => {
    const token = await loginRest(t, { account: 'cao.ying', password: 'Staff#2026' });
    await t.db.user.update({ where: { account: 'cao.ying' }, data: { language: 1 } });
    const res = await rest(t, '/api/admin/not/a/path.htm', { json: {}, token });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ status: 'error', message: 'No such interface', data: null });
  });

  it('answers in English for a user whose language column is 1, even with cookie lang=zh', async () => {
    const token = await loginRest(t, { account: 'hu.wei', password: 'Staff#2026' });
    await t.db.user.update({ where: { account: 'hu.wei' }, data: { language: 1 } });
    const res = await rest(t, OPERATION_LOGS, { json: {}, token, headers: { cookie: 'lang=zh' } });
    expect(res.body).toEqual({ status: 'error', message: 'You are not allowed to do this', data: null });
  });
});

describe('nothing internal leaves the server', () => {
  it('answers odd and hostile inputs without stack traces, SQL, prisma or internal names', async () => {
    const admin = await loginRest(t, DEMO.admin);
    const answers = await Promise.all([
      rest(t, LOGIN, { raw: '{"account": "admin", "password": "x"', contentType: 'application/json' }),
      rest(t, LOGIN, { raw: '\u0000\u0001garbage', contentType: 'application/json' }),
      rest(t, LOGIN, { raw: new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]), contentType: 'application/json' }),
      postLogin(t, { account: "admin' OR '1'='1", password: "' OR 1=1 --" }),
      postLogin(t, { account: { $ne: null }, password: { $ne: null } }),
      rest(t, LOGIN, { raw: '{"__proto__": {"isAdmin": true}, "constructor.prototype.x": 1, "account": "admin"}', contentType: 'application/json' }),
      rest(t, REFRESH, { text: 'not-a-token' }),
      rest(t, REFRESH, { text: 'z'.repeat(10_000) }),
      rest(t, UPDATE_STATE, { json: { id: 'abc', state: 3 }, token: admin }),
      rest(t, UPDATE_STATE, { json: { id: 2, state: 'x' }, token: admin }),
      rest(t, OPERATION_LOGS, { json: { condition: { beginTime: 'not a date' } }, token: admin }),
      rest(t, OPERATION_LOGS, { json: { condition: { outcome: 'MAYBE' } }, token: admin }),
      rest(t, MENU, { json: { showType: 'TV' }, token: admin }),
      rest(t, RSA_KEY, { method: 'POST', json: {} }),
    ]);
    for (const res of answers) {
      const text = JSON.stringify(res.body);
      expect(res.body.status, text).not.toBe('not-json');
      expectEnvelope(res.body);
      expectNoInternals(text);
    }
  });

  it('answers out-of-range numbers as a refusal of the input, not as a server failure', async () => {
    const admin = await loginRest(t, DEMO.admin);
    const answers = await Promise.all([
      rest(t, UPDATE_STATE, { json: { id: 99999999999, state: 3 }, token: admin }),
      rest(t, OPERATION_LOGS, { json: { condition: { userId: 99999999999 } }, token: admin }),
      rest(t, OPERATION_LOGS, { json: { pageResult: { currentPage: 1000000, pageSize: 8388607 } }, token: admin }),
    ]);
    for (const res of answers) {
      const text = JSON.stringify(res.body);
      expectEnvelope(res.body);
      expectNoInternals(text);
      expect(res.status, text).not.toBe(500);
      expect(res.body.message, text).not.toBe('服务异常，请稍后再试');
    }
  });
});
