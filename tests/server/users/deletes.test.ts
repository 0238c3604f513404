/**
 * Deleting people (and departments, roles) that rows of other areas still hold by a foreign
 * key that refuses the delete: both doors answer a clear, translated refusal that names the
 * person and what holds them, never a 500, and a batch deletes all or nothing.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, DEMO, gql, loginGql, loginRest, rest, type TestApp } from '../../helpers/app.ts';
import { REFERENCE_LABELS, restrictingKeys, type ReferencedTable } from '../../../server/lib/references.ts';
import type { Tx } from '../../../server/db/client.ts';
import { globalId } from '../support.ts';

let t: TestApp;
let admin: string;
let seq = 0;

async function person(type: 2 | 3, extra: Record<string, unknown> = {}): Promise<{ id: number; name: string }> {
  seq += 1;
  return t.db.user.create({ data: { type, name: `删除测试${type === 2 ? '家长' : '学生'}${seq}`, state: 1, ...extra }, select: { id: true, name: true } });
}

async function archiveFor(studentId: number, parentId: number | null = null): Promise<number> {
  const a = await t.db.archive.create({ data: { studentId, parentId, name: `档案${studentId}` }, select: { id: true } });
  return a.id;
}

const exists = async (id: number) => (await t.db.user.count({ where: { id } })) === 1;

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginRest(t, DEMO.admin);
});

afterAll(async () => {
  await t?.close();
});

describe('deleting a student or parent that other records hold', () => {
  test('a student with an archive is refused by name on the legacy door; the batch deletes nobody', async () => {
    const student = await person(3);
    await archiveFor(student.id);
    const parent = await person(2);
    const res = await rest(t, '/api/admin/user/del.htm', { json: { ids: [parent.id, student.id] }, token: admin });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'error', message: `用户“${student.name}”仍有学生档案（1条），无法删除，请改为停用`, data: null });
    expect(await exists(student.id)).toBe(true);
    expect(await exists(parent.id)).toBe(true);
    const log = await t.db.operationLog.findFirstOrThrow({ where: { operation: 'user.delete' }, orderBy: { id: 'desc' } });
    expect(log).toMatchObject({ outcome: 'FAILURE', errorCode: 'USER_IN_USE' });
  });

  test('a deleted archive still holds its student (it is kept with its history)', async () => {
    const student = await person(3);
    const archiveId = await archiveFor(student.id);
    await t.db.archive.update({ where: { id: archiveId }, data: { deletedAt: new Date() } });
    const res = await rest(t, '/api/admin/user/del.htm', { json: { ids: [student.id] }, token: admin });
    expect(res.body).toMatchObject({ status: 'error', message: `用户“${student.name}”仍有学生档案（1条），无法删除，请改为停用` });
    expect(await exists(student.id)).toBe(true);
  });

  test("GraphQL deleteUsers answers the same refusal as a typed error, in the English user's language", async () => {
    const student = await person(3);
    await archiveFor(student.id);
    await t.db.user.update({ where: { account: 'manager' }, data: { language: 1 } });
    const token = await loginGql(t, DEMO.manager);
    const res = await gql<{ deleteUsers: Record<string, unknown> }>(
      t,
      `mutation($input: DeleteUsersInput!) { deleteUsers(input: $input) { __typename ... on DeleteUsersPayload { __typename } ... on Error { code message } } }`,
      { input: { userIds: [globalId('User', student.id)] } },
      { token },
    );
    expect(res.status).toBe(200);
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data?.deleteUsers).toMatchObject({
      code: 'USER_IN_USE',
      message: `The user "${student.name}" still has a student archive (1) and cannot be deleted; deactivate them instead`,
    });
    expect(await exists(student.id)).toBe(true);
  });

  test('task records and calendar entries of other areas are named too, each with its count', async () => {
    const student = await person(3);
    const project = await t.db.project.findFirstOrThrow({ select: { id: true } });
    await t.db.workTask.create({ data: { title: '学生布置的任务', projectId: project.id, assignerId: student.id } });
    await t.db.workTask.create({ data: { title: '学生布置的任务2', projectId: project.id, assignerId: student.id } });
    const res = await rest(t, '/api/admin/user/del.htm', { json: { ids: [student.id] }, token: admin });
    expect(res.body).toMatchObject({ status: 'error', message: `用户“${student.name}”仍有布置的工作任务（2条），无法删除，请改为停用` });
    expect(await exists(student.id)).toBe(true);
  });

  test('links that clear themselves do not refuse: a parent named by an archive and a child is deleted', async () => {
    const parent = await person(2);
    const student = await person(3, { parentId: parent.id });
    const archiveId = await archiveFor(student.id, parent.id);
    const res = await rest<number[]>(t, '/api/admin/user/del.htm', { json: { ids: [parent.id] }, token: admin });
    expect(res.body).toMatchObject({ status: 'success', data: [parent.id] });
    expect(await exists(parent.id)).toBe(false);
    expect((await t.db.archive.findUniqueOrThrow({ where: { id: archiveId }, select: { parentId: true } })).parentId).toBeNull();
    expect((await t.db.user.findUniqueOrThrow({ where: { id: student.id }, select: { parentId: true } })).parentId).toBeNull();
  });
});

describe('every restricting foreign key is known', () => {
  test.each(['users', 'projects', 'departments', 'roles'] as ReferencedTable[])('keys to %s each have a translated label (none reads "other records")', async (table) => {
    const keys = await restrictingKeys(t.db as unknown as Tx, table);
    const unlabelled = keys.filter((k) => !REFERENCE_LABELS[`${k.table}.${k.column}`]).map((k) => `${k.table}.${k.column}`);
    expect(unlabelled).toEqual([]);
    if (table === 'users') expect(keys.map((k) => `${k.table}.${k.column}`)).toContain('archives.student_id');
  });

  test('a project held by tasks is deleted softly: it disappears from lists, its tasks keep it', async () => {
    const project = await t.db.project.findFirstOrThrow({ where: { deletedAt: null, tasks: { some: {} } }, select: { id: true } });
    const res = await rest(t, '/api/admin/project/del.htm', { json: { ids: [project.id] }, token: admin });
    expect(res.body.status).toBe('success');
    const row = await t.db.project.findUniqueOrThrow({ where: { id: project.id }, select: { deletedAt: true, _count: { select: { tasks: true } } } });
    expect(row.deletedAt).not.toBeNull();
    expect(row._count.tasks).toBeGreaterThan(0);
  });

  test('a role and a department are refused by name while someone holds them', async () => {
    const role = await t.db.role.create({ data: { code: 'tmp_role', name: '临时角色' }, select: { id: true } });
    const staff = await t.db.user.findFirstOrThrow({ where: { type: 1, account: 'sales' }, select: { id: true } });
    await t.db.userRole.create({ data: { userId: staff.id, roleId: role.id } });
    const r = await rest(t, '/api/admin/auth/role/del.htm', { json: { id: role.id }, token: admin });
    expect(r.body).toMatchObject({ status: 'error', message: '角色“临时角色”已授权给1名用户，无法删除' });
    const dep = await t.db.department.create({ data: { name: '临时部门' }, select: { id: true } });
    await t.db.department.create({ data: { name: '临时子部门', parentId: dep.id } });
    const d = await rest(t, '/api/admin/depart/doDeleteDepart.htm', { json: { id: dep.id }, token: admin });
    expect(d.body).toMatchObject({ status: 'error', message: '部门“临时部门”下还有子部门，无法删除' });
  });
});
