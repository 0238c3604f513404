import type { ModuleSeeder } from '../../module.ts';
import { seedOperationRights, type OperationRight } from '../../../prisma/seed/operation-rights.ts';

/** Operation rights of the companies module (permission names in companies.policy.ts); docs/users.md explains the choices. */
const COMPANIES_OPERATION_RIGHTS: OperationRight[] = [{ key: 'companyUser.edit', title: '管理合作公司联系人', titleEn: 'Manage company contacts', under: 'people', sort: 903, roles: ['manager', 'sales'] }];

/** Demo data of the companies module: its operation rights (its rows are the core seed's). */
export const companiesSeed: ModuleSeeder = async (db) => {
  const rights = await seedOperationRights(db, COMPANIES_OPERATION_RIGHTS);
  return { companiesOperationRights: rights.rights, companiesRoleRights: rights.roleRights };
};
