import type { ModuleSeeder } from '../../module.ts';
import { seedOperationRights, type OperationRight } from '../../../prisma/seed/operation-rights.ts';

/** Operation rights of the courses module (permission names in courses.policy.ts). */
const COURSE_OPERATION_RIGHTS: OperationRight[] = [
  { key: 'course.manage', title: '管理所有课程', titleEn: 'Manage every course', under: 'course', sort: 900, roles: ['manager'] },
  { key: 'course.hours', title: '购买与调整课时', titleEn: 'Buy and adjust course hours', under: 'course', sort: 901, roles: ['manager'] },
  { key: 'classroom.manage', title: '管理教室', titleEn: 'Manage classrooms', under: 'course', sort: 902, roles: ['manager'] },
];

export const coursesSeed: ModuleSeeder = async (db) => {
  const rights = await seedOperationRights(db, COURSE_OPERATION_RIGHTS);
  return { courseOperationRights: rights.rights, courseRoleRights: rights.roleRights };
};
