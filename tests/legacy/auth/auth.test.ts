/**
 * Authentication paths of the legacy door: login, refresh, logout, change password,
 * menus and right trees, the RSA login key, and staff deactivation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encryptForLogin } from '../../../server/modules/auth/auth.rsa.ts';
import { createTestApp, DEMO, loginRest, rest, uniqueAddress, type TestApp } from '../../helpers/app.ts';
import { CHANGE_PWD, LOGOUT, MENU, postLogin, REFRESH, RIGHT_TREE, RSA_KEY, toPem, tokenHash, treeKeys, UPDATE_STATE, type RightJson } from '../support.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

const STAFF_PASSWORD = 'Staff#2026';
const staff = (account: string) => ({ account, password: STAFF_PASSWORD });
const CJK = /[\u4e00-\u9fff]/;
const NEED_LOGIN = { status: 'needUserLogin', message: '尚未登陆,请登录', data: null };

/** Whether a token still opens a logged-in path. */
async function tokenWorks(token: string): Promise<string> {
  const res = await rest(t, MENU, { json: { showType: 'PC' }, token });
  return res.body.status;
}

describe('doLogin', () => {
  it('answers the login data of the spec for admin', async () => {
    const res = await postLogin(t, DEMO.admin);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('success');
    const data = res.body.data;
    expect(Object.keys(data)).toEqual(expect.arrayContaining(['token', 'user', 'facePath', 'version', 'language']));
    expect(typeof data.token).toBe('string');
    expect(data.token.length).toBeGreaterThanOrEqual(32);
    expect(typeof data.version).toBe('string');
    expect(data.language).toBe(0);

    const row = await t.db.user.findUniqueOrThrow({ where: { account: 'admin' } });
    const user = data.user;
    expect(Object.keys(user)).toEqual(expect.arrayContaining(['id', 'name', 'account', 'departId', 'roles', 'timeZoneName', 'timeZoneEnName', 'birthday', 'language']));
    expect(user.id).toBe(row.id);
    expect(user.name).toBe('陈立新');
    expect(user.account).toBe('admin');
    expect(user.departId).toBe(row.departmentId);
    expect(typeof user.departId).toBe('number');
    expect(user.roles).toContain('admin');
    expect(user.language).toBe(0);
    expect(user.timeZoneName).toMatch(CJK);
    expect(user.timeZoneName).toContain('上海');
    expect(user.timeZoneEnName).not.toMatch(CJK);
    expect(user.timeZoneEnName).toContain('Shanghai');
    expect(user.birthday).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(user.birthday).toBe(row.birthday?.toISOString().slice(0, 10));
    expect(JSON.stringify(data)).not.toMatch(/password|hash/i);
  });

  it('answers birthday null for a user without one', async () => {
    await t.db.user.update({ where: { account: 'ma.chao' }, data: { birthday: null } });
    const res = await postLogin(t, staff('ma.chao'));
    expect(res.body.status).toBe('success');
    expect(res.body.data.user.birthday).toBeNull();
    expect(res.body.data.user.roles).toEqual(['consultant']);
  });

  it('answers language 1 for an English-speaking user, with English messages', async () => {
    const res = await postLogin(t, staff('yang.fan'));
    expect(res.body.status).toBe('success');
    expect(res.body.data.language).toBe(1);
    expect(res.body.data.user.language).toBe(1);
    expect(res.body.data.user.timeZoneEnName).toContain('New York');
  });

  it('accepts the account in any case', async () => {
    const res = await postLogin(t, { account: 'Admin', password: DEMO.admin.password });
    expect(res.body.status).toBe('success');
    expect(res.body.data.user.account).toBe('admin');
  });

  it('refuses a wrong password and an unknown account with the same message', async () => {
    const wrong = await postLogin(t, { account: 'admin', password: 'Admin#2025' });
    expect(wrong.status).toBe(200);
    expect(wrong.body).toEqual({ status: 'error', message: '账号或密码错误', data: null });
    const unknown = await postLogin(t, { account: 'nobody.here', password: 'Admin#2026' });
    expect(unknown.body).toEqual({ status: 'error', message: '账号或密码错误', data: null });
  });

  it('refuses a deactivated account with 该账号已停用', async () => {
    const res = await postLogin(t, staff('former.staff'));
    expect(res.body).toEqual({ status: 'error', message: '该账号已停用', data: null });
  });

  it('refuses the 11th attempt of an account after 10 failures from one address, while another address still logs in', async () => {
    const attacker = uniqueAddress();
    for (let i = 0; i < 10; i++) {
      const res = await postLogin(t, { account: 'sales', password: `Wrong#${i}abc` }, attacker);
      expect(res.body.message, `failure ${i + 1}`).toBe('账号或密码错误');
    }
    const eleventh = await postLogin(t, DEMO.sales, attacker);
    expect(eleventh.status).toBe(200);
    expect(eleventh.body.status).toBe('error');
    expect(eleventh.body.message).toMatch(/^登录失败次数过多，请\d+秒后再试$/);
    expect(eleventh.body.data).toBeNull();

    // Another account from the same address (a colleague behind the same proxy) is not refused.
    const otherAccount = await postLogin(t, DEMO.partner, attacker);
    expect(otherAccount.body.status).toBe('success');

    // The account's owner elsewhere is not locked out.
    const owner = await postLogin(t, DEMO.sales, uniqueAddress());
    expect(owner.body.status).toBe('success');
    expect(owner.body.data.user.account).toBe('sales');
  });

  it('answers the throttling message in English with lang=en', async () => {
    const attacker = uniqueAddress();
    for (let i = 0; i < 10; i++) await postLogin(t, { account: 'admin', password: `Wrong#${i}abc` }, attacker);
    const res = await postLogin(t, DEMO.admin, attacker, { cookie: 'lang=en' });
    expect(res.body.status).toBe('error');
    expect(res.body.message).toMatch(/^Too many failed logins; try again in \d+ seconds$/);
  });
});

describe('refresh', () => {
  it('exchanges the token sent as a text body for a new one; the old one stops working and cannot be refreshed again', async () => {
    const old = await loginRest(t, DEMO.consultant);
    await t.db.accessToken.update({ where: { tokenHash: tokenHash(old) }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await tokenWorks(old)).toBe('tokenExpire');

    const res = await rest<{ token: string }>(t, REFRESH, { text: old });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('success');
    expect(Object.keys(res.body.data)).toEqual(['token']);
    const fresh = res.body.data.token;
    expect(typeof fresh).toBe('string');
    expect(fresh).not.toBe(old);

    expect(await tokenWorks(fresh)).toBe('success');
    expect((await rest(t, MENU, { json: { showType: 'PC' }, token: old })).body).toEqual(NEED_LOGIN);

    const again = await rest(t, REFRESH, { text: old });
    expect(again.status).toBe(200);
    expect(again.body.status).toBe('needUserLogin');
    expect(again.body.data).toBeNull();
  });

  it('refreshes a token that has not expired yet, and accepts a body sent without a content type', async () => {
    const old = await loginRest(t, DEMO.lecturer);
    const res = await t.app.fetch(new Request(`http://test.local${REFRESH}`, { method: 'POST', body: new Blob([old]), headers: { 'x-forwarded-for': uniqueAddress() } }));
    const body = (await res.json()) as { status: string; data: { token: string } };
    expect(body.status).toBe('success');
    expect(await tokenWorks(body.data.token)).toBe('success');
    expect(await tokenWorks(old)).toBe('needUserLogin');
  });

  it('refuses an unknown token, an empty body and a token past its refresh window with needUserLogin', async () => {
    expect((await rest(t, REFRESH, { text: 'no-such-token' })).body.status).toBe('needUserLogin');
    expect((await rest(t, REFRESH, { text: '' })).body.status).toBe('needUserLogin');

    const token = await loginRest(t, DEMO.partner);
    await t.db.accessToken.update({
      where: { tokenHash: tokenHash(token) },
      data: { expiresAt: new Date(Date.now() - 86_400_000), refreshableUntil: new Date(Date.now() - 1000) },
    });
    const res = await rest(t, REFRESH, { text: token });
    expect(res.body.status).toBe('needUserLogin');
  });

  it('refuses to refresh a logged-out token', async () => {
    const token = await loginRest(t, DEMO.partner);
    expect((await rest(t, LOGOUT, { token })).body.status).toBe('success');
    expect((await rest(t, REFRESH, { text: token })).body.status).toBe('needUserLogin');
  });
});

describe('logout', () => {
  it('revokes the token: afterwards it answers needUserLogin', async () => {
    const token = await loginRest(t, DEMO.manager);
    const other = await loginRest(t, DEMO.manager);
    const res = await rest(t, LOGOUT, { token });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('success');
    expect((await rest(t, MENU, { json: { showType: 'PC' }, token })).body).toEqual(NEED_LOGIN);
    // Only that session ends.
    expect(await tokenWorks(other)).toBe('success');
    // A second logout with the same token is refused.
    expect((await rest(t, LOGOUT, { token })).body.status).toBe('needUserLogin');
  });

  it('answers needUserLogin without a token', async () => {
    expect((await rest(t, LOGOUT, {})).body).toEqual(NEED_LOGIN);
  });

  it('logs out an expired token too', async () => {
    const token = await loginRest(t, DEMO.sales);
    await t.db.accessToken.update({ where: { tokenHash: tokenHash(token) }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await rest(t, LOGOUT, { token })).body.status).toBe('success');
    expect((await rest(t, REFRESH, { text: token })).body.status).toBe('needUserLogin');
  });
});

describe('changeCurrentPwd', () => {
  it('refuses passwords that break the rules with the spec texts, changing nothing', async () => {
    const who = staff('gao.min');
    const token = await loginRest(t, who);
    const hashBefore = (await t.db.user.findUniqueOrThrow({ where: { account: who.account } })).passwordHash;
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ 'condition.oldPassword': who.password, 'condition.password': 'Ab1' }, '密码长度为8到24位'],
      [{ condition: { oldPassword: who.password, password: 'Abcdefghij1234567890Abcde' } }, '密码长度为8到24位'],
      [{ condition: { oldPassword: who.password, password: '' } }, '密码长度为8到24位'],
      [{ 'condition.oldPassword': who.password, 'condition.password': 'abcdefgh' }, '密码必须包含大小写字母和数字'],
      [{ condition: { oldPassword: who.password, password: 'abcdefgh12' } }, '密码必须包含大小写字母和数字'],
      [{ condition: { oldPassword: who.password, password: 'ABCDEFGHabcd' } }, '密码必须包含大小写字母和数字'],
      [{ condition: { oldPassword: who.password, password: 'Valid2026x', confirmPassword: 'Valid2026y' } }, '两次密码不一致'],
      [{ 'condition.oldPassword': 'Wrong#2026', 'condition.password': 'Valid2026x' }, '原密码错误'],
      [{ condition: { oldPassword: 'Wrong#2026', password: 'Valid2026x', confirmPassword: 'Valid2026x' } }, '原密码错误'],
      [{ condition: { password: 'Valid2026x' } }, '请输入原密码'],
      [{ condition: { oldPassword: who.password, password: who.password } }, '新密码不能与原密码相同'],
    ];
    for (const [body, message] of cases) {
      const res = await rest(t, CHANGE_PWD, { json: body, token });
      expect(res.status).toBe(200);
      expect(res.body, JSON.stringify(body)).toEqual({ status: 'error', message, data: null });
    }
    expect((await t.db.user.findUniqueOrThrow({ where: { account: who.account } })).passwordHash).toBe(hashBefore);
    expect(await tokenWorks(token)).toBe('success');
  });

  it('does not answer 两次密码不一致 when no confirmation is sent', async () => {
    const who = staff('song.jia');
    const token = await loginRest(t, who);
    const res = await rest(t, CHANGE_PWD, { json: { 'condition.oldPassword': who.password, 'condition.password': 'Song2026ok' }, token });
    expect(res.body).toEqual({ status: 'success', message: '修改密码成功', data: null });
  });

  it('changes the password with dotted keys: 修改密码成功, the new password logs in, the old one no longer does', async () => {
    const who = staff('hu.wei');
    const token = await loginRest(t, who);
    const otherSession = await loginRest(t, who);
    const res = await rest(t, CHANGE_PWD, { json: { 'condition.oldPassword': who.password, 'condition.password': 'HuWei2026new' }, token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'success', message: '修改密码成功', data: null });

    expect((await postLogin(t, who)).body).toEqual({ status: 'error', message: '账号或密码错误', data: null });
    const fresh = await postLogin(t, { account: who.account, password: 'HuWei2026new' });
    expect(fresh.body.status).toBe('success');
    // The caller stays logged in; the user's other sessions end.
    expect(await tokenWorks(token)).toBe('success');
    expect(await tokenWorks(otherSession)).toBe('needUserLogin');
  });

  it('changes the password with the nested form and a matching confirmation', async () => {
    const who = staff('xu.jing');
    const token = await loginRest(t, who);
    const res = await rest(t, CHANGE_PWD, {
      json: { condition: { oldPassword: who.password, password: 'XuJing#2027', confirmPassword: 'XuJing#2027' } },
      token,
    });
    expect(res.body).toEqual({ status: 'success', message: '修改密码成功', data: null });
    expect((await postLogin(t, { account: who.account, password: 'XuJing#2027' })).body.status).toBe('success');
  });

  it('changes the password from a form-style POST with dotted keys', async () => {
    const who = staff('han.bing');
    const token = await loginRest(t, who);
    const res = await rest(t, CHANGE_PWD, {
      form: { 'condition.oldPassword': who.password, 'condition.password': 'HanBing2027' },
      token,
    });
    expect(res.body).toEqual({ status: 'success', message: '修改密码成功', data: null });
    expect((await postLogin(t, { account: who.account, password: 'HanBing2027' })).body.status).toBe('success');
  });

  it('accepts RSA-encrypted old and new passwords', async () => {
    const who = staff('tang.liang');
    const token = await loginRest(t, who);
    const key = await rest<string>(t, RSA_KEY, {});
    const pem = toPem(key.body.data);
    const res = await rest(t, CHANGE_PWD, {
      json: { condition: { oldPassword: encryptForLogin(pem, who.password), password: encryptForLogin(pem, 'TangLiang2027') } },
      token,
    });
    expect(res.body).toEqual({ status: 'success', message: '修改密码成功', data: null });
    expect((await postLogin(t, { account: who.account, password: 'TangLiang2027' })).body.status).toBe('success');
  });

  it('answers needUserLogin without a token', async () => {
    const res = await rest(t, CHANGE_PWD, { json: { condition: { oldPassword: 'Staff#2026', password: 'Whatever2027' } } });
    expect(res.body).toEqual(NEED_LOGIN);
  });
});

describe('menus and right trees', () => {
  function expectTree(nodes: RightJson[], depth = 0): void {
    expect(Array.isArray(nodes)).toBe(true);
    for (const n of nodes) {
      expect(typeof n.id).toBe('number');
      expect(typeof n.key).toBe('string');
      expect(typeof n.title).toBe('string');
      expect(n.title.length).toBeGreaterThan(0);
      expect(typeof n.titleEn).toBe('string');
      expect(n.titleEn.length).toBeGreaterThan(0);
      expect(typeof n.path).toBe('string');
      expect(n.path.length).toBeGreaterThan(0);
      expect(Array.isArray(n.children)).toBe(true);
      expectTree(n.children, depth + 1);
    }
  }

  it('answers the caller menu tree for showType PC', async () => {
    const token = await loginRest(t, DEMO.admin);
    const res = await rest<RightJson[]>(t, MENU, { json: { showType: 'PC' }, token });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('success');
    const tree = res.body.data;
    expect(tree.length).toBeGreaterThan(0);
    expectTree(tree);
    expect(tree.some((n) => n.children.length > 0)).toBe(true);
    expect(tree.map((n) => n.title)).toContain('我的日历');
    expect(tree.map((n) => n.titleEn)).toContain('My Calendar');

    // showType may arrive as a number, in the condition, or by GET.
    const numeric = await rest<RightJson[]>(t, MENU, { json: { showType: 1 }, token });
    const inCondition = await rest<RightJson[]>(t, MENU, { json: { 'condition.showType': 'PC' }, token });
    const byGet = await rest<RightJson[]>(t, `${MENU}?showType=PC`, { method: 'GET', token });
    expect(numeric.body.data).toEqual(tree);
    expect(inCondition.body.data).toEqual(tree);
    expect(byGet.body.data).toEqual(tree);
  });

  it("gives a consultant a strict subset of admin's menu", async () => {
    const admin = await rest<RightJson[]>(t, MENU, { json: { showType: 'PC' }, token: await loginRest(t, DEMO.admin) });
    const consultant = await rest<RightJson[]>(t, MENU, { json: { showType: 'PC' }, token: await loginRest(t, DEMO.consultant) });
    expect(consultant.body.status).toBe('success');
    expectTree(consultant.body.data);
    const adminKeys = new Set(treeKeys(admin.body.data));
    const consultantKeys = treeKeys(consultant.body.data);
    expect(consultantKeys.length).toBeGreaterThan(0);
    for (const key of consultantKeys) expect(adminKeys.has(key), key).toBe(true);
    expect(consultantKeys.length).toBeLessThan(adminKeys.size);
  });

  it('answers the full right tree to admin only', async () => {
    const admin = await rest<RightJson[]>(t, RIGHT_TREE, { json: {}, token: await loginRest(t, DEMO.admin) });
    expect(admin.body.status).toBe('success');
    expectTree(admin.body.data);
    const all = new Set(treeKeys(admin.body.data));
    const menu = await rest<RightJson[]>(t, MENU, { json: { showType: 'PC' }, token: await loginRest(t, DEMO.admin) });
    const pcKeys = treeKeys(menu.body.data);
    for (const key of pcKeys) expect(all.has(key), key).toBe(true);
    expect(all.size).toBeGreaterThan(pcKeys.length);

    for (const who of [DEMO.consultant, DEMO.manager, DEMO.sales]) {
      const res = await rest(t, RIGHT_TREE, { json: {}, token: await loginRest(t, who) });
      expect(res.status).toBe(200);
      expect(res.body, who.account).toEqual({ status: 'error', message: '没有权限执行该操作', data: null });
    }
    expect((await rest(t, RIGHT_TREE, { json: {} })).body).toEqual(NEED_LOGIN);
  });
});

describe('getPwdRsaPublicKey', () => {
  it('answers a base64 public key, without login, and the same key each time', async () => {
    const res = await rest<string>(t, RSA_KEY, {});
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('success');
    expect(res.body.data).toMatch(/^[A-Za-z0-9+/]+={0,2}$/);
    expect(res.body.data.length).toBeGreaterThan(200);
    const again = await rest<string>(t, RSA_KEY, {});
    expect(again.body.data).toBe(res.body.data);
  });

  it('logs in with a password RSA-encrypted under that key', async () => {
    const key = await rest<string>(t, RSA_KEY, {});
    const pem = toPem(key.body.data);
    const ok = await postLogin(t, { account: 'admin', password: encryptForLogin(pem, DEMO.admin.password) });
    expect(ok.body.status).toBe('success');
    expect(ok.body.data.user.account).toBe('admin');

    const wrong = await postLogin(t, { account: 'admin', password: encryptForLogin(pem, 'Admin#1999') });
    expect(wrong.body).toEqual({ status: 'error', message: '账号或密码错误', data: null });

    // A ciphertext that does not decrypt is a wrong password, not a failure.
    const garbage = await postLogin(t, { account: 'admin', password: 'A'.repeat(344) });
    expect(garbage.body).toEqual({ status: 'error', message: '账号或密码错误', data: null });
  });
});

describe('updateState', () => {
  it('deactivates a staff member: their token answers needUserLogin and their login 该账号已停用', async () => {
    const lecturer = await postLogin(t, DEMO.lecturer);
    expect(lecturer.body.status).toBe('success');
    const lecturerToken = lecturer.body.data.token;
    const lecturerId = lecturer.body.data.user.id;
    expect(await tokenWorks(lecturerToken)).toBe('success');

    const admin = await loginRest(t, DEMO.admin);
    const res = await rest(t, UPDATE_STATE, { json: { id: lecturerId, state: 3 }, token: admin });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('success');
    expect(res.body.data).toEqual({ id: lecturerId, state: 3 });
    expect((await t.db.user.findUniqueOrThrow({ where: { id: lecturerId } })).state).toBe(3);

    expect((await rest(t, MENU, { json: { showType: 'PC' }, token: lecturerToken })).body).toEqual(NEED_LOGIN);
    expect((await rest(t, REFRESH, { text: lecturerToken })).body.status).toBe('needUserLogin');
    expect((await postLogin(t, DEMO.lecturer)).body).toEqual({ status: 'error', message: '该账号已停用', data: null });

    // Made full-time again, the lecturer logs in, but the old session stays dead.
    const back = await rest(t, UPDATE_STATE, { json: { id: lecturerId, state: 1 }, token: admin });
    expect(back.body.status).toBe('success');
    expect((await postLogin(t, DEMO.lecturer)).body.status).toBe('success');
    expect(await tokenWorks(lecturerToken)).toBe('needUserLogin');
  });

  it('lets a manager deactivate staff, with a form-style POST', async () => {
    const target = await postLogin(t, staff('luo.dan'));
    const manager = await loginRest(t, DEMO.manager);
    const res = await rest(t, UPDATE_STATE, { form: { id: String(target.body.data.user.id), state: '3' }, token: manager });
    expect(res.body.status).toBe('success');
    expect(await tokenWorks(target.body.data.token)).toBe('needUserLogin');
    expect((await postLogin(t, staff('luo.dan'))).body.message).toBe('该账号已停用');
  });

  it('refuses a consultant with 没有权限执行该操作 and changes nothing', async () => {
    const target = await postLogin(t, staff('cao.ying'));
    const consultant = await loginRest(t, DEMO.consultant);
    const res = await rest(t, UPDATE_STATE, { json: { id: target.body.data.user.id, state: 3 }, token: consultant });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'error', message: '没有权限执行该操作', data: null });
    expect((await t.db.user.findUniqueOrThrow({ where: { id: target.body.data.user.id } })).state).toBe(1);
    expect(await tokenWorks(target.body.data.token)).toBe('success');
  });

  it('refuses callers without a token, self-deactivation and non-staff targets', async () => {
    const admin = await postLogin(t, DEMO.admin);
    const adminToken = admin.body.data.token;
    expect((await rest(t, UPDATE_STATE, { json: { id: admin.body.data.user.id, state: 3 } })).body).toEqual(NEED_LOGIN);

    const self = await rest(t, UPDATE_STATE, { json: { id: admin.body.data.user.id, state: 3 }, token: adminToken });
    expect(self.body.status).toBe('error');
    expect(await tokenWorks(adminToken)).toBe('success');

    const student = await t.db.user.findFirstOrThrow({ where: { type: 3 } });
    const notStaff = await rest(t, UPDATE_STATE, { json: { id: student.id, state: 3 }, token: adminToken });
    expect(notStaff.body).toEqual({ status: 'error', message: '数据不存在', data: null });
    expect((await t.db.user.findUniqueOrThrow({ where: { id: student.id } })).state).toBe(1);
  });

  it('refuses a state out of range with a message about the state, not about its length', async () => {
    const admin = await loginRest(t, DEMO.admin);
    const target = await t.db.user.findUniqueOrThrow({ where: { account: 'zheng.kai' } });
    const res = await rest(t, UPDATE_STATE, { json: { id: target.id, state: 9 }, token: admin });
    expect(res.body.status).toBe('error');
    expect(res.body.message).toContain('state');
    // 9 is one character long: a number out of range is not a text that is too long.
    expect(res.body.message).not.toMatch(/个字符/);
    expect((await t.db.user.findUniqueOrThrow({ where: { id: target.id } })).state).toBe(target.state);
  });

  it('names the field the legacy client sent when the id is not a number', async () => {
    const admin = await loginRest(t, DEMO.admin);
    const res = await rest(t, UPDATE_STATE, { json: { id: 'abc', state: 3 }, token: admin });
    // A value of the wrong type is a request the server cannot read (legacy-rest.md): HTTP 400.
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ status: 'error', message: 'id格式错误', data: null });
  });
});
