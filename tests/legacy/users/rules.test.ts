/**
 * The users module's rules through the legacy door, and the same facts through GraphQL:
 * deactivation ending sessions, the generated password shown once, uniqueness checks,
 * handovers, the custom order, online people first, searches and minors' data, and bad
 * input refused with a translated message and nothing written.
 */
import { describe, expect, it } from 'vitest';
import { DEMO, gql, loginRest, rest } from '../../helpers/app.ts';
import { admin, manager, t, useSuite } from '../../helpers/suite.ts';
import { globalId as gid } from '../../server/support.ts';
import { type Paged } from '../support.ts';
import { itRefusesBadInput } from '../bad-input.ts';

useSuite('admin', 'manager');

const idOf = async (account: string) => (await t.db.user.findUniqueOrThrow({ where: { account } })).id;
type Person = { id: number; account: string | null; isOnline: boolean; name: string; email: string | null };

describe('staff', () => {
  it('deactivating a staff member ends their sessions at once, and the login is refused', async () => {
    const token = await loginRest(t, DEMO.partner);
    expect((await rest(t, '/api/admin/depart/listAll.htm', { json: {}, token })).body.status).toBe('success');
    const partnerId = await idOf('partner');
    const g = await gql<{ deactivateStaff: { user: { state: string } } }>(
      t,
      'mutation($i: StaffStateInput!) { deactivateStaff(input: $i) { ... on StaffStatePayload { user { state } } } }',
      { i: { userId: gid('User', partnerId) } },
      { token: manager },
    );
    expect(g.body.data?.deactivateStaff.user.state).toBe('DEACTIVATED');
    expect((await rest(t, '/api/admin/depart/listAll.htm', { json: {}, token })).body.status).toBe('needUserLogin');
    const login = await rest(t, '/api/token/admin/doLogin.htm', { json: DEMO.partner, headers: { 'x-forwarded-for': '10.200.0.1' } });
    expect(login.body.status).toBe('error');
    await rest(t, '/api/admin/user/updateState.htm', { json: { id: partnerId, state: 1 }, token: manager });
  });

  it('a new staff member without a password gets one generated, shown once, that logs in', async () => {
    const res = await rest<{ id: number; generatedPassword: string }>(t, '/api/admin/user/saveUser.htm', {
      json: { name: '新同事', nameEn: 'New Colleague', account: 'New.Colleague', email: 'new.colleague@example.com', departId: 3, sex: 2 },
      token: manager,
    });
    expect(res.body.status).toBe('success');
    const password = res.body.data.generatedPassword;
    expect(password).toMatch(/^.{12}$/);
    expect(res.body.message).toBe(`密码已重置，新密码：${password}（仅显示一次）`);
    const row = await t.db.user.findUniqueOrThrow({ where: { id: res.body.data.id } });
    expect(row).toMatchObject({ account: 'new.colleague', type: 1, gender: 2, departmentId: 3, state: 1 });
    expect(row.passwordHash).not.toContain(password);
    await loginRest(t, { account: 'new.colleague', password });
  });

  it('checks account and mobile uniqueness', async () => {
    const taken = await rest<{ available: boolean }>(t, '/api/admin/user/checkAccount.htm', { json: { account: 'CONSULTANT' }, token: manager });
    expect(taken.body).toMatchObject({ status: 'success', message: '账号已存在', data: { available: false } });
    const free = await rest<{ available: boolean }>(t, '/api/admin/user/checkAccount.htm', { json: { account: 'nobody.yet' }, token: manager });
    expect(free.body.data.available).toBe(true);
    const consultant = await t.db.user.findUniqueOrThrow({ where: { account: 'consultant' } });
    const mobile = await rest<{ available: boolean }>(t, `/api/admin/user/checkMobile.htm?mobile=${consultant.mobile}`, { token: manager });
    expect(mobile.body.data.available).toBe(false);
    const own = await rest<{ available: boolean }>(t, `/api/admin/user/checkMobile.htm?mobile=${consultant.mobile}&id=${consultant.id}`, { token: manager });
    expect(own.body.data.available).toBe(true);
    const dup = await rest(t, '/api/admin/user/saveUser.htm', { json: { name: '重复', account: 'dup.mobile', mobile: consultant.mobile }, token: manager });
    expect(dup.body).toMatchObject({ status: 'error', message: '手机号已存在' });
  });

  it("hands a consultant's students to another consultant", async () => {
    const from = await idOf('xu.jing');
    const to = await idOf('lin.xiao');
    const before = await t.db.user.count({ where: { consultantId: from } });
    const res = await rest<{ consultant: number }>(t, '/api/admin/user/changeManager.htm', { json: { fromUserId: from, toUserId: to }, token: manager });
    expect(res.body.status).toBe('success');
    expect(res.body.data.consultant).toBe(before);
    expect(await t.db.user.count({ where: { consultantId: from } })).toBe(0);
  });

  it('saves the custom order and lists staff in it', async () => {
    const a = await idOf('hu.wei');
    const b = await idOf('gao.min');
    const res = await rest(t, '/api/admin/user/custom/saveSort.htm', { json: { ids: [b, a] }, token: manager });
    expect(res.body.status).toBe('success');
    const list = await rest<Paged<Person>>(t, '/api/admin/user/custom/listAuthUserByPage.htm', { json: { pageResult: { currentPage: 1, pageSize: 2 } }, token: manager });
    expect(list.body.data.resultList.map((p) => p.id)).toEqual([b, a]);
  });
});

describe('people lists', () => {
  it('put online people first (active in the last 5 minutes), on both doors', async () => {
    const recent = new Date(Date.now() - 60_000);
    const stale = new Date(Date.now() - 10 * 60_000);
    await t.db.user.updateMany({ where: { type: 1 }, data: { lastActiveAt: stale } });
    const online = [await idOf('song.jia'), await idOf('he.yutong')];
    await t.db.user.updateMany({ where: { id: { in: online } }, data: { lastActiveAt: recent } });
    // The caller is online too (their request is recorded).
    const callerId = await idOf('manager');
    const list = await rest<Paged<Person>>(t, '/api/admin/user/listUserByPage.htm', { json: { pageResult: { currentPage: 1, pageSize: 5 }, condition: { type: 1 } }, token: manager });
    const first = list.body.data.resultList.slice(0, 3);
    expect(first.every((p) => p.isOnline)).toBe(true);
    expect(new Set(first.map((p) => p.id))).toEqual(new Set([...online, callerId]));
    expect(list.body.data.resultList[3]!.isOnline).toBe(false);
    const g = await gql<{ people: { totalCount: number; edges: Array<{ node: { databaseId: number; isOnline: boolean } }> } }>(
      t,
      '{ people(first: 5, filter: { type: STAFF }) { totalCount edges { node { databaseId isOnline } } } }',
      {},
      { token: manager },
    );
    expect(g.body.data?.people.edges.map((e) => e.node.databaseId)).toEqual(list.body.data.resultList.map((p) => p.id));
    expect(g.body.data?.people.totalCount).toBe(list.body.data.rows);
  });

  it('searches by the spec scopes: consultant, lecturer, student, role account', async () => {
    const consultants = await rest<Person[]>(t, '/api/admin/user/listSearchConsultantUser.htm?searchKey=', { token: manager });
    const expected = await t.db.user.count({ where: { type: 1, state: { not: 3 }, roles: { some: { role: { code: 'consultant' } } } } });
    expect(consultants.body.data).toHaveLength(Math.min(expected, 50));
    const lecturers = await rest<Person[]>(t, '/api/admin/user/searchLecturer.htm?searchKey=Song', { token: manager });
    expect(lecturers.body.data.map((p) => p.account)).toEqual(['song.jia']);
    const students = await rest<Person[]>(t, '/api/admin/user/searchUserWithStudent.htm', { token: manager });
    expect(students.body.data.length).toBeGreaterThan(0);
    expect(new Set(students.body.data.map((p) => (p as unknown as { type: number }).type))).toEqual(new Set([3]));
    const accounts = await rest<Person[]>(t, '/api/admin/user/searchUserAccountWithRole.htm?roleCode=parent', { token: manager });
    expect(accounts.body.data.map((p) => p.account).sort()).toEqual(['parent.demo', 'parent.demo2']);
  });

  it('the add-task staff picker: user/listUserByCondition answers data.userList (active staff), searched by searchKey', async () => {
    type Picker = { userList: Array<Person & { type: number; state: number }> };
    const all = await rest<Picker>(t, '/api/admin/user/listUserByCondition.htm', { json: {}, token: manager });
    expect(all.body.status).toBe('success');
    const activeStaff = await t.db.user.findMany({ where: { type: 1, state: { not: 3 } }, select: { id: true } });
    expect(all.body.data.userList.map((p) => p.id).sort((a, b) => a - b)).toEqual(activeStaff.map((u) => u.id).sort((a, b) => a - b));
    expect(all.body.data.userList.map((p) => p.account)).not.toContain('former.staff');
    // The search mode, at the top level or under condition (the old client nests a.b keys).
    const expected = await t.db.user.findMany({
      where: {
        type: 1,
        state: { not: 3 },
        OR: [
          { name: { contains: 'song', mode: 'insensitive' } },
          { nameEn: { contains: 'song', mode: 'insensitive' } },
          { account: { contains: 'song', mode: 'insensitive' } },
          { code: { contains: 'song', mode: 'insensitive' } },
        ],
      },
      select: { account: true },
    });
    expect(expected.length).toBeGreaterThan(0);
    for (const json of [{ searchKey: 'Song' }, { condition: { searchKey: 'Song' } }]) {
      const found = await rest<Picker>(t, '/api/admin/user/listUserByCondition.htm', { json, token: manager });
      expect(found.body.data.userList.map((p) => p.account).sort(), JSON.stringify(json)).toEqual(expected.map((u) => u.account).sort());
    }
    // An explicit type still narrows as before (students here), and a parent sees no staff.
    const students = await rest<Picker>(t, '/api/admin/user/listUserByCondition.htm', { json: { type: 3, searchKey: '' }, token: manager });
    expect(new Set(students.body.data.userList.map((p) => p.type))).toEqual(new Set([3]));
    const parent = await loginRest(t, { account: 'parent.demo', password: 'Staff#2026' });
    const none = await rest<Picker>(t, '/api/admin/user/listUserByCondition.htm', { json: {}, token: parent });
    expect(none.body).toMatchObject({ status: 'success', data: { userList: [] } });
  });

  it("hides minors' contact data from those not entitled, on both doors", async () => {
    const sales = await loginRest(t, DEMO.sales);
    const student = await t.db.user.findUniqueOrThrow({ where: { account: 'student.demo' } });
    const res = await rest<{ email: string | null; mobile: string | null; birthday: string | null }>(t, '/api/admin/user/getUserDetail.htm', { json: { id: student.id }, token: sales });
    expect(res.body.data).toMatchObject({ email: null, mobile: null, birthday: null });
    const own = await rest<{ birthday: string | null }>(t, '/api/admin/user/getUserDetail.htm', { json: { id: student.id }, token: manager });
    expect(own.body.data.birthday).toBe(student.birthday!.toISOString().slice(0, 10));
  });
});

describe('bad input on writes', () => {
  itRefusesBadInput(
    () => ({ t, token: admin }),
    [
      ['/api/admin/user/saveUser.htm', { name: '', account: 'x.y' }, 'name不能为空'],
      ['/api/admin/user/saveUser.htm', { name: '甲', account: 'a b c' }, 'account格式错误'],
      ['/api/admin/user/saveUser.htm', { name: '甲', account: 'weak.pass', password: 'short' }, '密码长度为8到24位'],
      ['/api/admin/user/saveUser.htm', { name: '甲', account: 'bad.mail', email: 'not-an-email' }, 'email格式错误'],
      ['/api/admin/user/saveUser.htm', { name: '甲', account: 'bad.dep', departId: 999999 }, '部门不存在'],
      ['/api/admin/user/saveUser.htm', { type: 3, name: '学生', parentId: 1 }, '“陈立新”不能作为家长'],
      ['/api/admin/user/saveUser.htm', { name: 'x'.repeat(101), account: 'long.name' }, 'name不能超过100个字符'],
      ['/api/admin/user/updateState.htm', { id: 1, state: 9 }, 'state格式错误'],
      ['/api/admin/user/del.htm', { ids: [] }, 'ids格式错误'],
      ['/api/admin/user/changeManager.htm', { fromUserId: 3, toUserId: 3 }, '交接双方不能是同一人'],
      ['/api/admin/user/custom/saveSort.htm', { list: [{ id: 3, sort: -1 }] }, 'items.0.sort格式错误'],
      ['/api/admin/user/related/saveUserRelated.htm', { userId: 2, consultantId: 3 }, '只有学生可以设置家长、顾问和讲师'],
      ['/api/admin/auth/account/saveAuthUserAccount.htm', { userId: 3, account: 'admin' }, '账号已存在'],
    ],
  );

  it('answers in English for an English caller, through GraphQL as data', async () => {
    const res = await gql<{ createStaff: { __typename: string; code: string; message: string } }>(
      t,
      'mutation($i: CreateStaffInput!) { createStaff(input: $i) { __typename ... on Error { code message } } }',
      { i: { name: 'X', account: 'consultant' } },
      { token: admin, headers: { cookie: 'lang=en' } },
    );
    // The administrator's own preference is Chinese: the preference wins over the cookie.
    expect(res.body.data?.createStaff).toEqual({ __typename: 'InputError', code: 'ACCOUNT_TAKEN', message: '账号已存在' });
    // yang.fan prefers English; made a manager for this test.
    await t.db.userRole.create({ data: { userId: await idOf('yang.fan'), roleId: 2 } });
    const en = await gql<{ createStaff: { code: string; message: string } }>(
      t,
      'mutation($i: CreateStaffInput!) { createStaff(input: $i) { ... on Error { code message } } }',
      { i: { name: 'X', account: 'consultant' } },
      { token: await loginRest(t, { account: 'yang.fan', password: 'Staff#2026' }) },
    );
    expect(en.body.data?.createStaff).toEqual({ code: 'ACCOUNT_TAKEN', message: 'This account is already taken' });
  });
});
