/**
 * The authorisation matrix of the org area: every mutation and every legacy write, called
 * by each demo role through both doors, is allowed or refused exactly as the policy table
 * below says (docs/org.md). A refusal answers FORBIDDEN in the caller's language, changes
 * nothing and leaves a FAILURE row in the operation log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, gql, loginRest, rest, type TestApp } from '../../helpers/app.ts';
import { globalId } from '../support.ts';

const ROLES = ['admin', 'manager', 'consultant', 'lecturer', 'sales', 'partner', 'parent.demo', 'student.demo'] as const;
type Role = (typeof ROLES)[number];

/** Who holds each org permission in the demo data (admin holds all). */
const POLICY: Record<string, Role[]> = {
  'staff.edit': ['admin', 'manager'],
  'staff.changeState': ['admin', 'manager'],
  'user.edit': ['admin', 'manager'],
  'department.edit': ['admin', 'manager'],
  'companyUser.edit': ['admin', 'manager', 'sales'],
  'role.edit': ['admin'],
  'archiveModule.edit': ['admin'],
  'mail.test': ['admin'],
};

let t: TestApp;
const tokens = {} as Record<Role, string>;
let seq = 0;
const next = () => `${Date.now().toString(36)}${++seq}`;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ROLES) {
    tokens[role] = await loginRest(t, { account: role, password: role === 'admin' ? 'Admin#2026' : 'Staff#2026' });
  }
  const find = async (account: string) => (await t.db.user.findUniqueOrThrow({ where: { account } })).id;
  ids.huWei = await find('hu.wei');
  ids.gaoMin = await find('gao.min');
  ids.luoDan = await find('luo.dan');
  ids.xuJing = await find('xu.jing');
  ids.maChao = await find('ma.chao');
  ids.consultant = await find('consultant');
  ids.student = await find('student.demo');
  ids.usTeam = (await t.db.department.findFirstOrThrow({ where: { nameEn: 'US team' } })).id;
  ids.module = (await t.db.archiveModule.findUniqueOrThrow({ where: { code: 'bio' } })).id;
});

afterAll(async () => {
  await t?.close();
});

async function newParent(withAccount = false) {
  const n = next();
  return (await t.db.user.create({ data: { type: 2, name: `家长${n}`, ...(withAccount ? { account: `p.${n}` } : {}) } })).id;
}
async function newRole() {
  return (await t.db.role.create({ data: { name: `角色${next()}`, code: `r.${next()}` } })).id;
}

type Case = {
  name: string;
  permission: keyof typeof POLICY;
  gql: () => Promise<{ query: string; variables: Record<string, unknown> }>;
  rest: () => Promise<{ path: string; method?: 'GET' | 'POST'; json?: unknown; query?: Record<string, string | number> }>;
  /** An allowed call that still cannot succeed here (no SMTP server): the expected error code. */
  allowedCode?: string;
};

const m = (field: string, inputType: string, payload = '__typename') =>
  `mutation($input: ${inputType}!) { r: ${field}(input: $input) { __typename ... on Error { code message } ${payload === '__typename' ? '' : payload} } }`;

const CASES: Case[] = [
  {
    name: 'create staff',
    permission: 'staff.edit',
    gql: async () => ({ query: m('createStaff', 'CreateStaffInput'), variables: { input: { name: '新员工', account: `s.${next()}`, password: 'Abcdef#123' } } }),
    rest: async () => ({ path: '/api/admin/user/saveUser.htm', json: { name: '新员工', account: `s.${next()}`, password: 'Abcdef#123' } }),
  },
  {
    name: 'edit staff',
    permission: 'staff.edit',
    gql: async () => ({ query: m('updateStaff', 'UpdateStaffInput'), variables: { input: { userId: globalId('User', ids.huWei!), name: '胡伟', account: 'hu.wei', state: 'FULL_TIME' } } }),
    rest: async () => ({ path: '/api/admin/user/saveUser.htm', json: { id: ids.huWei, type: 1, name: '胡伟', account: 'hu.wei', state: 1 } }),
  },
  {
    name: 'activate staff / update state',
    permission: 'staff.changeState',
    gql: async () => ({ query: m('activateStaff', 'StaffStateInput'), variables: { input: { userId: globalId('User', ids.luoDan!) } } }),
    rest: async () => ({ path: '/api/admin/user/updateState.htm', json: { id: ids.luoDan, state: 2 } }),
  },
  {
    name: 'reset password',
    permission: 'staff.edit',
    gql: async () => ({ query: m('resetPassword', 'ResetPasswordInput'), variables: { input: { userId: globalId('User', ids.gaoMin!), sendMail: false } } }),
    rest: async () => ({ path: '/api/admin/user/resetPwd.htm', json: { id: ids.gaoMin, sendMail: false } }),
  },
  {
    name: 'reset password (GET)',
    permission: 'staff.edit',
    gql: async () => ({ query: m('resetPassword', 'ResetPasswordInput'), variables: { input: { userId: globalId('User', ids.gaoMin!), sendMail: false } } }),
    rest: async () => ({ path: '/api/admin/user/resetUserPwd.htm', method: 'GET', query: { id: ids.gaoMin!, sendMail: 'false' } }),
  },
  {
    name: 'change manager',
    permission: 'staff.edit',
    gql: async () => ({ query: m('changeManager', 'ChangeManagerInput'), variables: { input: { fromUserId: globalId('User', ids.xuJing!), toUserId: globalId('User', ids.maChao!), parts: ['CONSULTANT'] } } }),
    rest: async () => ({ path: '/api/admin/user/changeManager.htm', json: { fromUserId: ids.xuJing, toUserId: ids.maChao, what: 'consultant' } }),
  },
  {
    name: 'save staff sort',
    permission: 'staff.edit',
    gql: async () => ({ query: m('saveStaffSort', 'SaveStaffSortInput'), variables: { input: { items: [{ userId: globalId('User', ids.huWei!), sort: 5 }] } } }),
    rest: async () => ({ path: '/api/admin/user/custom/saveSort.htm', json: { list: [{ id: ids.huWei, sort: 6 }] } }),
  },
  {
    name: "edit someone else's info",
    permission: 'staff.edit',
    gql: async () => ({ query: m('updateUserInfo', 'UpdateUserInfoInput'), variables: { input: { userId: globalId('User', ids.huWei!), nameEn: 'Wei Hu' } } }),
    rest: async () => ({ path: '/api/admin/user/updateUserInfo.htm', json: { id: ids.huWei, nameEn: 'Wei Hu' } }),
  },
  {
    name: 'save a parent',
    permission: 'user.edit',
    gql: async () => ({ query: m('saveUser', 'SaveUserInput'), variables: { input: { type: 'PARENT', name: `家长${next()}` } } }),
    rest: async () => ({ path: '/api/admin/user/saveUser.htm', json: { type: 2, name: `家长${next()}` } }),
  },
  {
    name: 'delete users',
    permission: 'user.edit',
    gql: async () => ({ query: m('deleteUsers', 'DeleteUsersInput'), variables: { input: { userIds: [globalId('User', await newParent())] } } }),
    rest: async () => ({ path: '/api/admin/user/del.htm', json: { ids: [await newParent()] } }),
  },
  {
    name: 'save user relations',
    permission: 'user.edit',
    gql: async () => ({ query: m('saveUserRelations', 'SaveUserRelationsInput'), variables: { input: { userId: globalId('User', ids.student!), consultantId: globalId('User', ids.consultant!) } } }),
    rest: async () => ({ path: '/api/admin/user/related/saveUserRelated.htm', json: { userId: ids.student, consultantId: ids.consultant } }),
  },
  {
    name: 'set isMatch / update a student state',
    permission: 'user.edit',
    gql: async () => ({ query: m('setUserMatch', 'SetUserMatchInput'), variables: { input: { userId: globalId('User', ids.student!), isMatch: true } } }),
    rest: async () => ({ path: '/api/admin/user/updateState.htm', json: { id: ids.student, isMatch: false } }),
  },
  {
    name: 'save a user account',
    permission: 'user.edit',
    gql: async () => ({ query: m('saveUserAccount', 'SaveUserAccountInput'), variables: { input: { userId: globalId('User', await newParent()), account: `acc.${next()}`, password: 'Abcdef#123' } } }),
    rest: async () => ({ path: '/api/admin/auth/account/saveAuthUserAccount.htm', json: { userId: await newParent(), account: `acc.${next()}`, password: 'Abcdef#123' } }),
  },
  {
    name: 'save a department',
    permission: 'department.edit',
    gql: async () => ({ query: m('saveDepartment', 'SaveDepartmentInput'), variables: { input: { name: `部门${next()}`, parentId: globalId('Department', ids.usTeam!) } } }),
    rest: async () => ({ path: '/api/admin/depart/doSaveDepart.htm', json: { name: `部门${next()}`, parentId: ids.usTeam } }),
  },
  {
    name: 'delete a department',
    permission: 'department.edit',
    gql: async () => ({ query: m('deleteDepartment', 'DeleteDepartmentInput'), variables: { input: { departmentId: globalId('Department', (await t.db.department.create({ data: { name: `空${next()}` } })).id) } } }),
    rest: async () => ({ path: '/api/admin/depart/doDeleteDepart.htm', json: { id: (await t.db.department.create({ data: { name: `空${next()}` } })).id } }),
  },
  {
    name: 'save a company contact',
    permission: 'companyUser.edit',
    gql: async () => ({ query: m('saveCompanyUser', 'SaveCompanyUserInput'), variables: { input: { companyName: '测试公司', name: `联系人${next()}` } } }),
    rest: async () => ({ path: '/api/admin/company/user/save.htm', json: { companyName: '测试公司', name: `联系人${next()}` } }),
  },
  {
    name: 'delete company contacts',
    permission: 'companyUser.edit',
    gql: async () => ({ query: m('deleteCompanyUsers', 'DeleteCompanyUsersInput'), variables: { input: { companyUserIds: [globalId('CompanyUser', (await t.db.companyUser.create({ data: { companyName: 'X', name: 'Y' } })).id)] } } }),
    rest: async () => ({ path: '/api/admin/company/user/del.htm', json: { ids: [(await t.db.companyUser.create({ data: { companyName: 'X', name: 'Y' } })).id] } }),
  },
  {
    name: 'save a role',
    permission: 'role.edit',
    gql: async () => ({ query: m('saveRole', 'SaveRoleInput'), variables: { input: { name: '新角色', code: `role.${next()}` } } }),
    rest: async () => ({ path: '/api/admin/auth/role/saveUserRoleRights.htm', json: { name: '新角色', code: `role.${next()}` } }),
  },
  {
    name: 'delete a role',
    permission: 'role.edit',
    gql: async () => ({ query: m('deleteRole', 'DeleteRoleInput'), variables: { input: { roleId: globalId('Role', await newRole()) } } }),
    rest: async () => ({ path: '/api/admin/auth/role/del.htm', json: { id: await newRole() } }),
  },
  {
    name: "save a role's rights",
    permission: 'role.edit',
    gql: async () => ({ query: m('saveRoleRights', 'SaveRoleRightsInput'), variables: { input: { roleId: globalId('Role', await newRole()), rightIds: [1], display: 'PC' } } }),
    rest: async () => ({ path: '/api/admin/auth/role/saveUserRoleRights.htm', json: { roleId: await newRole(), rightIds: [1] } }),
  },
  {
    name: 'authorise roles to a user',
    permission: 'role.edit',
    gql: async () => ({ query: m('assignUserRoles', 'AssignUserRolesInput'), variables: { input: { userId: globalId('User', await newParent()), roleIds: [globalId('Role', 7)] } } }),
    rest: async () => ({ path: '/api/admin/auth/account/saveAuthUserAccount.htm', json: { userId: await newParent(), account: `acc.${next()}`, password: 'Abcdef#123', roleIds: [7] } }),
  },
  {
    name: "save a role's archive-module permissions",
    permission: 'role.edit',
    gql: async () => ({ query: m('saveRoleArchiveModules', 'SaveRoleArchiveModulesInput'), variables: { input: { roleId: globalId('Role', await newRole()), archiveFiled: false, modules: [{ moduleId: globalId('ArchiveModule', ids.module!), read: true }] } } }),
    rest: async () => ({ path: '/api/admin/fs/role/module/save.htm', json: { roleId: await newRole(), state: 1, modules: [{ moduleId: ids.module, read: true, edit: true }] } }),
  },
  {
    name: 'save an archive module',
    permission: 'archiveModule.edit',
    gql: async () => ({ query: m('saveArchiveModule', 'SaveArchiveModuleInput'), variables: { input: { name: `模块${next()}` } } }),
    rest: async () => ({ path: '/api/admin/fs/archive/module/save.htm', json: { name: `模块${next()}` } }),
  },
  {
    name: 'delete an archive module',
    permission: 'archiveModule.edit',
    gql: async () => ({ query: m('deleteArchiveModule', 'DeleteArchiveModuleInput'), variables: { input: { moduleId: globalId('ArchiveModule', (await t.db.archiveModule.create({ data: { code: `m${next()}`, name: 'm', nameEn: 'm' } })).id) } } }),
    rest: async () => ({ path: '/api/admin/fs/archive/module/del.htm', method: 'GET', query: { id: (await t.db.archiveModule.create({ data: { code: `m${next()}`, name: 'm', nameEn: 'm' } })).id } }),
  },
  {
    name: 'send a test e-mail',
    permission: 'mail.test',
    allowedCode: 'MAIL_NOT_CONFIGURED',
    gql: async () => ({ query: m('sendTestEmail', 'SendTestEmailInput'), variables: { input: { email: 'ops@example.com' } } }),
    rest: async () => ({ path: '/api/admin/auth/account/sendTestEmail.htm', method: 'GET', query: { email: 'ops@example.com' } }),
  },
];

async function lastLog() {
  return t.db.operationLog.findFirstOrThrow({ orderBy: { id: 'desc' } });
}

describe.each(CASES)('$name ($permission)', (c) => {
  it.each(ROLES)('%s: GraphQL and REST both follow the policy', async (role) => {
    const allowed = POLICY[c.permission]!.includes(role);

    const g = await c.gql();
    const gres = await gql<{ r: { __typename: string; code?: string; message?: string } }>(t, g.query, g.variables, { token: tokens[role] });
    expect(gres.body.errors, JSON.stringify(gres.body.errors)).toBeUndefined();
    const answer = gres.body.data!.r;
    if (allowed) {
      if (c.allowedCode) expect(answer.code).toBe(c.allowedCode);
      else expect(answer, JSON.stringify(answer)).not.toHaveProperty('code');
    } else {
      expect(answer).toMatchObject({ __typename: 'RuleError', code: 'FORBIDDEN' });
      expect(await lastLog()).toMatchObject({ outcome: 'FAILURE', errorCode: 'FORBIDDEN', door: 'GRAPHQL' });
    }

    const r = await c.rest();
    const path = r.query ? `${r.path}?${new URLSearchParams(Object.entries(r.query).map(([k, v]) => [k, String(v)]))}` : r.path;
    const rres = await rest(t, path, { method: r.method ?? 'POST', json: r.json, token: tokens[role] });
    if (allowed && !c.allowedCode) {
      expect(rres.body, JSON.stringify(rres.body)).toMatchObject({ status: 'success' });
    } else if (allowed) {
      expect(rres.body.status).toBe('error');
      expect(rres.body.message).not.toBe('没有权限执行该操作');
    } else {
      expect(rres.body).toEqual({ status: 'error', message: '没有权限执行该操作', data: null });
      expect(await lastLog()).toMatchObject({ outcome: 'FAILURE', errorCode: 'FORBIDDEN', door: 'REST' });
    }
  });
});

describe('the client sees the same policy', () => {
  it.each(ROLES)('%s: viewer.can(right) answers each org permission as the server enforces it', async (role) => {
    for (const [permission, holders] of Object.entries(POLICY)) {
      const res = await gql<{ viewer: { can: boolean } }>(t, 'query($r: String!) { viewer { can(right: $r) } }', { r: permission }, { token: tokens[role] });
      expect(res.body.data?.viewer.can, `${role} ${permission}`).toBe(holders.includes(role));
    }
  });
});
