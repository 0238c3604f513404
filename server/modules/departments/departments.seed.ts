import type { ModuleSeeder } from '../../module.ts';
import { seedOperationRights, type OperationRight } from '../../../prisma/seed/operation-rights.ts';

/** Operation rights of the departments module (permission names in departments.policy.ts); docs/users.md explains the choices. */
const DEPARTMENTS_OPERATION_RIGHTS: OperationRight[] = [{ key: 'department.edit', title: '管理部门', titleEn: 'Manage departments', under: 'people', sort: 902, roles: ['manager'] }];

/** Demo data of the departments module: its operation rights (its rows are the core seed's). */
export const departmentsSeed: ModuleSeeder = async (db) => {
  const rights = await seedOperationRights(db, DEPARTMENTS_OPERATION_RIGHTS);
  return { departmentsOperationRights: rights.rights, departmentsRoleRights: rights.roleRights };
};
