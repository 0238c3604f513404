/**
 * Rights cannot be raised by their holder (issue 15), on both doors: a non-administrator
 * holding `role.edit` grants only rights their own roles hold, as `assignUserRoles` does; a
 * password is set only by administrators or by someone strictly above the person in the
 * department tree; everyone else uses the reset flow (docs/users.md, docs/security.md).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, gql, loginRest, rest, uniqueAddress, type TestApp } from '../../helpers/app.ts';
import { globalId, login, userId } from '../support.ts';

let t: TestApp;
let admin: string;
let manager: string;
let managerRoleId: number;

const SAVE_RIGHTS = `mutation($input: SaveRoleRightsInput!) { saveRoleRights(input: $input) { __typename ... on Error { code message } } }`;
const SAVE_ACCOUNT = `mutation($input: SaveUserAccountInput!) { saveUserAccount(input: $input) { __typename ... on Error { code message } } }`;

const rightId = async (key: string) => (await t.db.right.findUniqueOrThrow({ where: { key } })).id;
const rightsOf = async (roleId: number) => (await t.db.roleRight.findMany({ where: { roleId }, select: { rightId: true }, orderBy: { rightId: 'asc' } })).map((r) => r.rightId);

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginRest(t, DEMO.admin);
  manager = await loginRest(t, DEMO.manager);
  managerRoleId = (await t.db.role.findUniqueOrThrow({ where: { code: 'manager' } })).id;
  // The administrator lets managers edit roles: they now hold role.edit, and only that of the admin's rights.
  const granted = await rest(t, '/api/admin/auth/role/saveUserRoleRights.htm', { json: { roleId: managerRoleId, rightIds: [...(await rightsOf(managerRoleId)), await rightId('role.edit')] }, token: admin });
  expect(granted.body.status, granted.body.message).toBe('success');
});
afterAll(async () => {
  await t?.close();
});

describe('saveRoleRights grants only rights the caller holds', () => {
  it('a role.edit holder cannot put every right on their own role (GraphQL and legacy)', async () => {
    const all = (await t.db.right.findMany({ select: { id: true } })).map((r) => r.id);
    const before = await rightsOf(managerRoleId);
    const viaGraphql = await gql<{ saveRoleRights: { __typename: string; code?: string; message?: string } }>(t, SAVE_RIGHTS, { input: { roleId: globalId('Role', managerRoleId), rightIds: all } }, { token: manager });
    expect(viaGraphql.body.data?.saveRoleRights).toMatchObject({ __typename: 'RuleError', code: 'RIGHT_NOT_HELD' });
    expect(viaGraphql.body.data?.saveRoleRights.message).toMatch(/^不能授予自己没有的权限：/);
    const viaLegacy = await rest(t, '/api/admin/auth/role/saveUserRoleRights.htm', { json: { roleId: managerRoleId, rightIds: all }, token: manager });
    expect(viaLegacy.body).toMatchObject({ status: 'error' });
    expect(viaLegacy.body.message).toMatch(/^不能授予自己没有的权限：/);
    // One operation right is enough to be refused, and nothing changes.
    const one = await rest(t, '/api/admin/auth/role/saveUserRoleRights.htm', { json: { roleId: managerRoleId, rightIds: [...before, await rightId('operationLog.read')] }, token: manager });
    expect(one.body.status).toBe('error');
    expect(await rightsOf(managerRoleId)).toEqual(before);
    const log = await t.db.operationLog.findFirstOrThrow({ where: { operation: 'role.saveRights' }, orderBy: { id: 'desc' } });
    expect(log).toMatchObject({ outcome: 'FAILURE', errorCode: 'RIGHT_NOT_HELD' });
    // The legacy role form (a new role and its rights at once) is one write: refused whole.
    const roles = await t.db.role.count();
    const form = await rest(t, '/api/admin/auth/role/saveUserRoleRights.htm', { json: { name: '超级', code: 'super.role', types: '1', rightIds: all.join(',') }, token: manager });
    expect(form.body.status).toBe('error');
    expect(await t.db.role.count()).toBe(roles);
  });

  it('a role.edit holder may grant what they hold, keep what a role had, and take rights away', async () => {
    const role = await t.db.role.create({ data: { name: '助理', code: `assistant.${Date.now()}`, types: [1] } });
    const held = await rightsOf(managerRoleId);
    const some = held.slice(0, 5);
    const granted = await gql<{ saveRoleRights: { __typename: string } }>(t, SAVE_RIGHTS, { input: { roleId: globalId('Role', role.id), rightIds: some } }, { token: manager });
    expect(granted.body.data?.saveRoleRights.__typename).toBe('SaveRoleRightsPayload');
    expect(await rightsOf(role.id)).toEqual(expect.arrayContaining(some));
    // The administrator gives that role a right the manager lacks; the manager may still edit the role around it.
    const logRight = await rightId('operationLog.read');
    await rest(t, '/api/admin/auth/role/saveUserRoleRights.htm', { json: { roleId: role.id, rightIds: [...some, logRight] }, token: admin });
    const kept = await rest(t, '/api/admin/auth/role/saveUserRoleRights.htm', { json: { roleId: role.id, rightIds: [some[0], logRight] }, token: manager });
    expect(kept.body.status, kept.body.message).toBe('success');
    expect(await rightsOf(role.id)).toContain(logRight);
    const removed = await rest(t, '/api/admin/auth/role/saveUserRoleRights.htm', { json: { roleId: role.id, rightIds: [] }, token: manager });
    expect(removed.body.status).toBe('success');
    expect(await rightsOf(role.id)).toEqual([]);
  });
});

describe('setting another person’s password', () => {
  /** Logs in as `account` with `password`: true when it works. */
  const canLogIn = async (account: string, password: string) => (await login(t, account, password, { address: uniqueAddress() })).answer.__typename === 'TokenPayload';

  it('a manager cannot set a peer manager’s password (GraphQL and legacy); the reset flow stays open', async () => {
    const peer = await userId(t, 'wu.haiyan'); // heads Training, beside the manager's Admissions
    const res = await gql<{ saveUserAccount: { __typename: string; code?: string; message?: string } }>(
      t,
      SAVE_ACCOUNT,
      { input: { userId: globalId('User', peer), account: 'wu.haiyan', password: 'Takeover#2026' } },
      { token: manager },
    );
    expect(res.body.data?.saveUserAccount).toMatchObject({ __typename: 'RuleError', code: 'PASSWORD_SET_FORBIDDEN', message: '只有管理员或其上级可以为该用户设置密码，请使用“重置密码”' });
    const legacy = await rest(t, '/api/admin/auth/account/saveAuthUserAccount.htm', { json: { userId: peer, account: 'wu.haiyan', password: 'Takeover#2026' }, token: manager });
    expect(legacy.body).toMatchObject({ status: 'error', message: '只有管理员或其上级可以为该用户设置密码，请使用“重置密码”' });
    expect(await canLogIn('wu.haiyan', 'Takeover#2026')).toBe(false);
    expect(await canLogIn('wu.haiyan', DEMO.manager.password)).toBe(true);
    // Nor someone above them (the head office's head), nor their own this way.
    for (const account of ['zhou.jianguo', 'manager']) {
      const above = await rest(t, '/api/admin/auth/account/saveAuthUserAccount.htm', { json: { userId: await userId(t, account), account, password: 'Takeover#2026' }, token: manager });
      expect(above.body.status, account).toBe('error');
    }
    // Renaming the account without a password stays possible.
    const rename = await rest(t, '/api/admin/auth/account/saveAuthUserAccount.htm', { json: { userId: peer, account: 'wu.haiyan' }, token: manager });
    expect(rename.body.status, rename.body.message).toBe('success');
    // The reset flow: a generated password, the person's sessions end.
    const reset = await rest<{ password: string | null }>(t, '/api/admin/user/resetPwd.htm', { json: { id: peer, sendMail: false }, token: manager });
    expect(reset.body.status, reset.body.message).toBe('success');
  });

  it('someone strictly above the person may set it: the head of their department or of one above it', async () => {
    // The manager heads Admissions; the US team (under it) is headed by wang.fang, where the consultant works.
    for (const [account, password] of [
      ['consultant', 'Chosen#2026a'],
      ['wang.fang', 'Chosen#2026b'],
    ] as const) {
      const res = await gql<{ saveUserAccount: { __typename: string } }>(t, SAVE_ACCOUNT, { input: { userId: globalId('User', await userId(t, account)), account, password } }, { token: manager });
      expect(res.body.data?.saveUserAccount.__typename, account).toBe('SaveUserAccountPayload');
      expect(await canLogIn(account, password)).toBe(true);
    }
    // The head of a sub-team is not above the head of the department above (wang.fang over the manager).
    const wang = await loginRest(t, { account: 'wang.fang', password: 'Chosen#2026b' });
    await rest(t, '/api/admin/auth/role/saveUserRoleRights.htm', { json: { roleId: (await t.db.role.findUniqueOrThrow({ where: { code: 'consultant' } })).id, rightIds: [await rightId('staff.edit')] }, token: admin });
    const up = await rest(t, '/api/admin/auth/account/saveAuthUserAccount.htm', { json: { userId: await userId(t, 'manager'), account: 'manager', password: 'Takeover#2026' }, token: wang });
    expect(up.body.status).toBe('error');
  });

  it('administrators may set anyone’s password; staff managing people set parents’ and students’', async () => {
    const peer = await userId(t, 'zheng.kai');
    const byAdmin = await gql<{ saveUserAccount: { __typename: string } }>(t, SAVE_ACCOUNT, { input: { userId: globalId('User', peer), account: 'zheng.kai', password: 'ByAdmin#2026' } }, { token: admin });
    expect(byAdmin.body.data?.saveUserAccount.__typename).toBe('SaveUserAccountPayload');
    const parent = await t.db.user.create({ data: { type: 2, name: '家长密码', account: `p.pw.${Date.now()}` } });
    const byManager = await rest(t, '/api/admin/auth/account/saveAuthUserAccount.htm', { json: { userId: parent.id, account: parent.account, password: 'Parent#2026' }, token: manager });
    expect(byManager.body.status, byManager.body.message).toBe('success');
  });
});
