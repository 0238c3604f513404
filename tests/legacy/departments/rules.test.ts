/**
 * The departments module's rules through the legacy door, and the same facts through
 * GraphQL: deletes refused while in use, the tree, and bad input refused with nothing written.
 */
import { describe, expect, it } from 'vitest';
import { gql, rest } from '../../helpers/app.ts';
import { admin, manager, t, useSuite } from '../../helpers/suite.ts';
import { globalId as gid } from '../../server/support.ts';
import { itRefusesBadInput } from '../bad-input.ts';

useSuite('admin', 'manager');

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
      t,
      '{ departmentTree { databaseId children { name staffCount } } }',
      {},
      { token: manager },
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

describe('bad input on writes', () => {
  itRefusesBadInput(
    () => ({ t, token: admin }),
    [
      ['/api/admin/depart/doSaveDepart.htm', { name: '   ' }, 'name不能为空'],
      ['/api/admin/depart/doSaveDepart.htm', { name: '部门', managerId: 999999 }, '部门负责人必须是在职员工'],
      ['/api/admin/depart/doDeleteDepart.htm', { id: 'abc' }, 'id格式错误'],
    ],
  );
});
