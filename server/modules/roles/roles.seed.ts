import type { ModuleSeeder } from '../../module.ts';
import { seedOperationRights, type OperationRight } from '../../../prisma/seed/operation-rights.ts';

/** Operation rights of the roles module (permission names in roles.policy.ts); docs/users.md explains the choices. */
const ROLES_OPERATION_RIGHTS: OperationRight[] = [{ key: 'role.edit', title: '管理角色与权限', titleEn: 'Manage roles and rights', under: 'system', sort: 904, roles: [] }];

/** Demo data of the roles module: its operation rights (its rows are the core seed's). */
export const rolesSeed: ModuleSeeder = async (db) => {
  const rights = await seedOperationRights(db, ROLES_OPERATION_RIGHTS);
  return { rolesOperationRights: rights.rights, rolesRoleRights: rights.roleRights };
};
