/**
 * The roles module's rules through the legacy door, and the same facts through GraphQL:
 * deletes refused while in use, rights taking effect, grants within the caller's own
 * rights, and bad input refused with nothing written.
 */
import { describe, expect, it } from 'vitest';
import { gql, loginRest, rest } from '../../helpers/app.ts';
import { admin, manager, t, useSuite } from '../../helpers/suite.ts';
import { globalId as gid } from '../../server/support.ts';
import { itRefusesBadInput } from '../bad-input.ts';

useSuite('admin', 'manager');

describe('roles', () => {
  it('refuses to delete a role while users hold it, and deletes it once nobody does', async () => {
    const role = await t.db.role.create({ data: { name: '临时角色', nameEn: 'Temporary', code: 'temp.role' } });
    const parent = await t.db.user.create({ data: { type: 2, name: '持有人' } });
    await t.db.userRole.create({ data: { userId: parent.id, roleId: role.id } });
    const refused = await rest(t, '/api/admin/auth/role/del.htm', { json: { id: role.id }, token: admin });
    expect(refused.body).toEqual({ status: 'error', message: '角色“临时角色”已授权给1名用户，无法删除', data: null });
    const g = await gql<{ deleteRole: { code: string; message: string } }>(
      t,
      'mutation($i: DeleteRoleInput!) { deleteRole(input: $i) { ... on Error { code message } } }',
      { i: { roleId: gid('Role', role.id) } },
      { token: admin },
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
      t,
      '{ roles(first: 100) { edges { node { databaseId code userCount } } } }',
      {},
      { token: manager },
    );
    expect(g.body.data?.roles.edges.map((e) => ({ id: e.node.databaseId, code: e.node.code, userCount: e.node.userCount }))).toEqual(all.body.data.map((r) => ({ id: r.id, code: r.code, userCount: r.userCount })));
    const consultant = all.body.data.find((r) => r.code === 'consultant')!;
    const detail = await rest<{ rightIds: number[] }>(t, '/api/admin/auth/role/getRoleDetailById.htm', { json: { id: consultant.id }, token: manager });
    const gd = await gql<{ node: { rightIds: number[] } }>(t, 'query($id: ID!) { node(id: $id) { ... on Role { rightIds } } }', { id: gid('Role', consultant.id) }, { token: manager });
    expect(gd.body.data?.node.rightIds).toEqual(detail.body.data.rightIds);
  });
});

describe('bad input on writes', () => {
  itRefusesBadInput(
    () => ({ t, token: admin }),
    [
      ['/api/admin/auth/role/saveUserRoleRights.htm', { name: '角色', code: 'Bad Code!' }, '角色编码只能包含小写字母、数字、点、下划线和连字符，以字母开头'],
      ['/api/admin/auth/role/saveUserRoleRights.htm', { name: '角色', code: 'consultant' }, '角色编码已存在'],
      ['/api/admin/auth/role/saveUserRoleRights.htm', { roleId: 3, rightIds: [999999] }, '权限不存在'],
      ['/api/admin/auth/role/del.htm', { id: 1 }, /^角色“管理员”已授权给\d+名用户，无法删除$/],
    ],
  );
});
