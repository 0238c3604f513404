/**
 * The org area's rules through the legacy door, and the same facts through GraphQL:
 * department and role deletes refused while in use, deactivation ending sessions, online
 * people first, bad input refused with a translated message and nothing written, the
 * generated password shown once, and the test e-mail with and without an SMTP server.
 */
import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, gql, loginRest, rest, type TestApp } from '../helpers/app.ts';
import { expectNoInternals, type Paged } from './support.ts';

let t: TestApp;
let admin: string;
let manager: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginRest(t, DEMO.admin);
  manager = await loginRest(t, DEMO.manager);
});

afterAll(async () => {
  await t?.close();
});

const idOf = async (account: string) => (await t.db.user.findUniqueOrThrow({ where: { account } })).id;
const gid = (type: string, id: number) => Buffer.from(`${type}:${id}`).toString('base64');

type Person = { id: number; account: string | null; isOnline: boolean; name: string; email: string | null };

async function counts() {
  const [users, departments, roles, companyUsers, modules, userRoles, roleRights] = await Promise.all([
    t.db.user.count(),
    t.db.department.count(),
    t.db.role.count(),
    t.db.companyUser.count(),
    t.db.archiveModule.count(),
    t.db.userRole.count(),
    t.db.roleRight.count(),
  ]);
  return { users, departments, roles, companyUsers, modules, userRoles, roleRights };
}

describe('departments', () => {
  it('refuses to delete a department that has staff, on both doors, and keeps it', async () => {
    const us = await t.db.department.findFirstOrThrow({ where: { nameEn: 'US team' }, include: { _count: { select: { members: true } } } });
    expect(us._count.members).toBeGreaterThan(0);
    const res = await rest(t, '/api/admin/depart/doDeleteDepart.htm', { json: { id: us.id }, token: manager });
    expect(res.body).toEqual({ status: 'error', message: `部门“美国组”下还有${us._count.members}名员工，无法删除`, data: null });
    const g = await gql<{ deleteDepartment: { code: string; message: string } }>(
      t,
      'mutation($i: DeleteDepartmentInput!) { deleteDepartment(input: $i) { ... on Error { code message } } }',
      { i: { departmentId: gid('Department', us.id) } },
      { token: manager, headers: { cookie: 'lang=en' } },
    );
    expect(g.body.data?.deleteDepartment.code).toBe('DEPARTMENT_HAS_STAFF');
    expect(await t.db.department.findUnique({ where: { id: us.id } })).not.toBeNull();
  });

  it('adds, lists in the tree and deletes an empty department', async () => {
    const parent = await t.db.department.findFirstOrThrow({ where: { parentId: null } });
    const saved = await rest<{ id: number }>(t, '/api/admin/depart/doSaveDepart.htm', { json: { name: '加拿大组', nameEn: 'Canada team', parentId: parent.id }, token: manager });
    expect(saved.body.status).toBe('success');
    const tree = await rest<Array<{ id: number; children: Array<{ id: number; name: string }> }>>(t, '/api/admin/depart/listDepart.htm', { json: {}, token: manager });
    expect(tree.body.data.find((d) => d.id === parent.id)?.children.map((c) => c.name)).toContain('加拿大组');
    const gtree = await gql<{ departmentTree: Array<{ databaseId: number; children: Array<{ name: string; staffCount: number }> }> }>(
      t, '{ departmentTree { databaseId children { name staffCount } } }', {}, { token: manager },
    );
    expect(gtree.body.data?.departmentTree.find((d) => d.databaseId === parent.id)?.children).toContainEqual({ name: '加拿大组', staffCount: 0 });
    const del = await rest(t, '/api/admin/depart/doDeleteDepart.htm', { json: { id: saved.body.data.id }, token: manager });
    expect(del.body).toMatchObject({ status: 'success', message: '删除成功' });
  });

  it('refuses a department under its own sub-department', async () => {
    const admissions = await t.db.department.findFirstOrThrow({ where: { nameEn: 'Admissions Consulting' } });
    const us = await t.db.department.findFirstOrThrow({ where: { nameEn: 'US team' } });
    const res = await rest(t, '/api/admin/depart/doSaveDepart.htm', { json: { id: admissions.id, name: admissions.name, parentId: us.id }, token: manager });
    expect(res.body).toMatchObject({ status: 'error', message: '上级部门不能是自己或下级部门' });
    expect((await t.db.department.findUniqueOrThrow({ where: { id: admissions.id } })).parentId).toBe(admissions.parentId);
  });
});

describe('roles', () => {
  it('refuses to delete a role while users hold it, and deletes it once nobody does', async () => {
    const role = await t.db.role.create({ data: { name: '临时角色', nameEn: 'Temporary', code: 'temp.role' } });
    const parent = await t.db.user.create({ data: { type: 2, name: '持有人' } });
    await t.db.userRole.create({ data: { userId: parent.id, roleId: role.id } });
    const refused = await rest(t, '/api/admin/auth/role/del.htm', { json: { id: role.id }, token: admin });
    expect(refused.body).toEqual({ status: 'error', message: '角色“临时角色”已授权给1名用户，无法删除', data: null });
    const g = await gql<{ deleteRole: { code: string; message: string } }>(
      t, 'mutation($i: DeleteRoleInput!) { deleteRole(input: $i) { ... on Error { code message } } }', { i: { roleId: gid('Role', role.id) } }, { token: admin },
    );
    expect(g.body.data?.deleteRole.code).toBe('ROLE_IN_USE');
    await t.db.userRole.deleteMany({ where: { roleId: role.id } });
    const ok = await rest(t, '/api/admin/auth/role/del.htm', { json: { id: role.id }, token: admin });
    expect(ok.body.status).toBe('success');
    expect(await t.db.role.findUnique({ where: { id: role.id } })).toBeNull();
  });

  it("saving a role's rights changes what its holders may do and see", async () => {
    // A new role with only the department right, given to a fresh staff member.
    const dep = await t.db.right.findUniqueOrThrow({ where: { key: 'department.edit' } });
    const saved = await rest<{ roleId: number; rightIds: number[] }>(t, '/api/admin/auth/role/saveUserRoleRights.htm', {
      json: { name: '部门管理员', code: 'dept.admin', rightIds: [dep.id] },
      token: admin,
    });
    expect(saved.body.status).toBe('success');
    const roleId = saved.body.data.roleId;
    // Ancestors were added so the menu stays connected.
    expect(saved.body.data.rightIds).toContain(dep.parentId);
    const created = await rest<{ id: number }>(t, '/api/admin/user/saveUser.htm', {
      json: { name: '部门专员', account: 'dept.clerk', password: 'Clerk#2026x', roleIds: [roleId] },
      token: admin,
    });
    expect(created.body.status).toBe('success');
    const clerk = await loginRest(t, { account: 'dept.clerk', password: 'Clerk#2026x' });
    const can = await gql<{ viewer: { dep: boolean; staff: boolean } }>(t, '{ viewer { dep: can(right: "department.edit") staff: can(right: "staff.edit") } }', {}, { token: clerk });
    expect(can.body.data?.viewer).toEqual({ dep: true, staff: false });
    expect((await rest(t, '/api/admin/depart/doSaveDepart.htm', { json: { name: '新部门' }, token: clerk })).body.status).toBe('success');
    // Taking the right away refuses the next call.
    await rest(t, '/api/admin/auth/role/saveUserRoleRights.htm', { json: { roleId, rightIds: [] }, token: admin });
    expect((await rest(t, '/api/admin/depart/doSaveDepart.htm', { json: { name: '又一个部门' }, token: clerk })).body.message).toBe('没有权限执行该操作');
  });

  it('lets a manager grant only roles within their own rights', async () => {
    const adminRole = await t.db.role.findUniqueOrThrow({ where: { code: 'admin' } });
    const res = await rest(t, '/api/admin/user/saveUser.htm', { json: { name: '冒充者', account: 'pretender', roleIds: [adminRole.id] }, token: manager });
    expect(res.body).toMatchObject({ status: 'error', message: '没有权限执行该操作' });
    expect(await t.db.user.findUnique({ where: { account: 'pretender' } })).toBeNull();
  });

  it('answers the same role list and detail on both doors', async () => {
    const all = await rest<Array<{ id: number; code: string; userCount: number }>>(t, '/api/admin/auth/role/listRoleAll.htm', { json: {}, token: manager });
    const g = await gql<{ roles: { edges: Array<{ node: { databaseId: number; code: string; userCount: number } }> } }>(
      t, '{ roles(first: 100) { edges { node { databaseId code userCount } } } }', {}, { token: manager },
    );
    expect(g.body.data?.roles.edges.map((e) => ({ id: e.node.databaseId, code: e.node.code, userCount: e.node.userCount }))).toEqual(
      all.body.data.map((r) => ({ id: r.id, code: r.code, userCount: r.userCount })),
    );
    const consultant = all.body.data.find((r) => r.code === 'consultant')!;
    const detail = await rest<{ rightIds: number[] }>(t, '/api/admin/auth/role/getRoleDetailById.htm', { json: { id: consultant.id }, token: manager });
    const gd = await gql<{ node: { rightIds: number[] } }>(t, 'query($id: ID!) { node(id: $id) { ... on Role { rightIds } } }', { id: gid('Role', consultant.id) }, { token: manager });
    expect(gd.body.data?.node.rightIds).toEqual(detail.body.data.rightIds);
  });
});

describe('staff', () => {
  it('deactivating a staff member ends their sessions at once, and the login is refused', async () => {
    const token = await loginRest(t, DEMO.partner);
    expect((await rest(t, '/api/admin/depart/listAll.htm', { json: {}, token })).body.status).toBe('success');
    const partnerId = await idOf('partner');
    const g = await gql<{ deactivateStaff: { user: { state: string } } }>(
      t, 'mutation($i: StaffStateInput!) { deactivateStaff(input: $i) { ... on StaffStatePayload { user { state } } } }', { i: { userId: gid('User', partnerId) } }, { token: manager },
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

  it('hands a consultant\'s students to another consultant', async () => {
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
      t, '{ people(first: 5, filter: { type: STAFF }) { totalCount edges { node { databaseId isOnline } } } }', {}, { token: manager },
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
      where: { type: 1, state: { not: 3 }, OR: [{ name: { contains: 'song', mode: 'insensitive' } }, { nameEn: { contains: 'song', mode: 'insensitive' } }, { account: { contains: 'song', mode: 'insensitive' } }, { code: { contains: 'song', mode: 'insensitive' } }] },
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
  const CASES: Array<[string, unknown, string | RegExp]> = [
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
    ['/api/admin/depart/doSaveDepart.htm', { name: '   ' }, 'name不能为空'],
    ['/api/admin/depart/doSaveDepart.htm', { name: '部门', managerId: 999999 }, '部门负责人必须是在职员工'],
    ['/api/admin/depart/doDeleteDepart.htm', { id: 'abc' }, 'id格式错误'],
    ['/api/admin/company/user/save.htm', { companyName: '', name: '甲' }, 'companyName不能为空'],
    ['/api/admin/company/user/save.htm', { companyName: '公司', name: '甲', mobile: '12' }, 'mobile格式错误'],
    ['/api/admin/company/user/del.htm', { ids: [999999] }, '数据不存在'],
    ['/api/admin/auth/role/saveUserRoleRights.htm', { name: '角色', code: 'Bad Code!' }, '角色编码只能包含小写字母、数字、点、下划线和连字符，以字母开头'],
    ['/api/admin/auth/role/saveUserRoleRights.htm', { name: '角色', code: 'consultant' }, '角色编码已存在'],
    ['/api/admin/auth/role/saveUserRoleRights.htm', { roleId: 3, rightIds: [999999] }, '权限不存在'],
    ['/api/admin/auth/role/del.htm', { id: 1 }, /^角色“管理员”已授权给\d+名用户，无法删除$/],
    ['/api/admin/auth/account/saveAuthUserAccount.htm', { userId: 3, account: 'admin' }, '账号已存在'],
    ['/api/admin/fs/role/module/save.htm', { roleId: 3, state: 'maybe', modules: [] }, '档案状态错误'],
    ['/api/admin/fs/archive/module/save.htm', { name: '' }, 'name不能为空'],
  ];

  it.each(CASES)('%s %j answers a clear message and writes nothing', async (path, body, message) => {
    const before = await counts();
    const lastLog = await t.db.operationLog.findFirst({ orderBy: { id: 'desc' }, select: { id: true } });
    const res = await rest(t, path, { json: body, token: admin });
    expect(res.body).toEqual({ status: 'error', message: typeof message === 'string' ? message : expect.stringMatching(message), data: null });
    expectNoInternals(JSON.stringify(res.body));
    expect(await counts()).toEqual(before);
    const added = await t.db.operationLog.findMany({ where: { id: { gt: lastLog?.id ?? 0n } } });
    expect(added.every((r) => r.outcome === 'FAILURE')).toBe(true);
  });

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

describe('test e-mail', () => {
  it('says clearly that no mail server is configured', async () => {
    const res = await rest(t, '/api/admin/auth/account/sendTestEmail.htm', { token: admin });
    expect(res.body).toEqual({ status: 'error', message: '未配置邮件服务器（SMTP_URL），无法发送邮件', data: null });
  });

  it('sends through the SMTP server of SMTP_URL', async () => {
    const received: string[] = [];
    const server: Server = createServer((socket) => {
      let data = false;
      let buffer = '';
      socket.write('220 test ESMTP\r\n');
      socket.on('data', (chunk) => {
        buffer += chunk.toString('utf8');
        let index: number;
        while ((index = buffer.indexOf('\r\n')) >= 0) {
          const line = buffer.slice(0, index);
          buffer = buffer.slice(index + 2);
          if (data) {
            if (line === '.') {
              data = false;
              socket.write('250 queued\r\n');
            } else received.push(line);
            continue;
          }
          const cmd = line.slice(0, 4).toUpperCase();
          if (cmd === 'EHLO' || cmd === 'HELO') socket.write('250 test\r\n');
          else if (cmd === 'DATA') {
            data = true;
            socket.write('354 go\r\n');
          } else if (cmd === 'QUIT') {
            socket.end('221 bye\r\n');
          } else socket.write('250 ok\r\n');
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as { port: number }).port;
    const mailed = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${port}?tls=off`, mailFrom: 'Back office <noreply@example.com>' });
    try {
      const token = await loginRest(mailed, DEMO.admin);
      const res = await rest<{ email: string }>(mailed, '/api/admin/auth/account/sendTestEmail.htm?email=ops@example.com', { token });
      expect(res.body).toMatchObject({ status: 'success', message: '测试邮件已发送至 ops@example.com' });
      expect(received.some((l) => /^To: ops@example.com/i.test(l))).toBe(true);
      // A password reset with sendMail is mailed, not shown.
      const gao = await mailed.db.user.findUniqueOrThrow({ where: { account: 'gao.min' } });
      const reset = await rest<{ password: string | null; mailedTo: string }>(mailed, '/api/admin/user/resetPwd.htm', { json: { id: gao.id, sendMail: true }, token });
      expect(reset.body.data).toMatchObject({ password: null, mailedTo: gao.email });
      expect(received.some((l) => /^To: /i.test(l) && l.includes(gao.email!))).toBe(true);
    } finally {
      await mailed.close();
      server.close();
    }
  });
});

describe('operation log', () => {
  it('filters by who (name), operation and date range, the same on both doors', async () => {
    await rest(t, '/api/admin/company/user/save.htm', { json: { companyName: '日志公司', name: '日志联系人' }, token: manager });
    const today = new Date().toLocaleString('sv-SE', { timeZone: 'Asia/Shanghai' }).slice(0, 10);
    const res = await rest<Paged<{ operation: string; account: string; targetType: string }>>(t, '/api/admin/sys/operate/log/listSysOperateLogByPage.htm', {
      json: { condition: { userName: '刘婧', operation: 'companyUser.', beginTime: today, endTime: today } },
      token: admin,
    });
    expect(res.body.status).toBe('success');
    expect(res.body.data.rows).toBeGreaterThan(0);
    expect(res.body.data.resultList.every((r) => r.account === 'manager' && r.operation.startsWith('companyUser.'))).toBe(true);
    const g = await gql<{ operationLogs: { edges: Array<{ node: { operation: string; account: string } }> } }>(
      t, '{ operationLogs(first: 50, filter: { userName: "Jing Liu", operation: "companyUser." }) { edges { node { operation account } } } }', {}, { token: admin },
    );
    expect(g.body.data?.operationLogs.edges.length).toBe(res.body.data.rows);
    const none = await rest<Paged<unknown>>(t, '/api/admin/sys/operate/log/listSysOperateLogByPage.htm', { json: { condition: { userName: '不存在的人' } }, token: admin });
    expect(none.body.data.rows).toBe(0);
  });
});
