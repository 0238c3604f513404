import type { ModuleSeeder } from '../../module.ts';
import { seedOperationRights, type OperationRight } from '../../../prisma/seed/operation-rights.ts';

/** Operation rights of the system module (permission names in system.policy.ts); docs/users.md explains the choices. */
const SYSTEM_OPERATION_RIGHTS: OperationRight[] = [{ key: 'mail.test', title: '发送测试邮件', titleEn: 'Send a test e-mail', under: 'system', sort: 906, roles: [] }];

/** Demo data of the system module: its operation rights (its rows are the core seed's). */
export const systemSeed: ModuleSeeder = async (db) => {
  const rights = await seedOperationRights(db, SYSTEM_OPERATION_RIGHTS);
  return { systemOperationRights: rights.rights, systemRoleRights: rights.roleRights };
};
