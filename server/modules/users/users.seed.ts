import type { ModuleSeeder } from '../../module.ts';
import type { Db } from '../../db/client.ts';
import { seedOperationRights, type OperationRight } from '../../../prisma/seed/operation-rights.ts';

/** Operation rights of the users module (permission names in users.policy.ts); docs/users.md explains the choices. */
const USERS_OPERATION_RIGHTS: OperationRight[] = [
  { key: 'staff.edit', title: '新增/编辑员工', titleEn: 'Add and edit staff', under: 'people', sort: 900, roles: ['manager'] },
  { key: 'user.edit', title: '管理家长和学生', titleEn: 'Manage parents and students', under: 'people', sort: 901, roles: ['manager'] },
];

/** The staff list's custom order: by department tree order, then staff number. */
async function seedStaffSort(db: Db): Promise<number> {
  const departments = await db.department.findMany({ select: { id: true, sort: true, parentId: true }, orderBy: [{ sort: 'asc' }, { id: 'asc' }] });
  const order = new Map<number, number>();
  const walk = (parentId: number | null) => {
    for (const d of departments.filter((x) => x.parentId === parentId)) {
      order.set(d.id, order.size);
      walk(d.id);
    }
  };
  walk(null);
  const staff = await db.user.findMany({ where: { type: 1 }, select: { id: true, departmentId: true, code: true } });
  staff.sort((a, b) => (order.get(a.departmentId ?? -1) ?? 999) - (order.get(b.departmentId ?? -1) ?? 999) || (a.code ?? '').localeCompare(b.code ?? '') || a.id - b.id);
  // One statement: the bulk seed may hold thousands of staff.
  const ids = staff.map((s) => s.id);
  const sorts = staff.map((_, i) => (i + 1) * 10);
  await db.$executeRaw`UPDATE users AS u SET sort = v.sort FROM unnest(${ids}::int[], ${sorts}::int[]) AS v(id, sort) WHERE u.id = v.id`;
  return staff.length;
}

/** Demo data of the users module: its operation rights and the staff list's custom order (the users themselves are the core seed's). */
export const usersSeed: ModuleSeeder = async (db) => {
  const rights = await seedOperationRights(db, USERS_OPERATION_RIGHTS);
  const staffSorted = await seedStaffSort(db);
  return { usersOperationRights: rights.rights, usersRoleRights: rights.roleRights, staffSorted };
};
