import type { MessageTable } from '../../i18n/catalogue.ts';

/** Texts of the departments module (Chinese and English); registered by its index.ts. */
export const departmentsMessages = {
  'org.departmentReferenced': {
    zh: '部门“{name}”仍有{what}，无法删除，请先删除或转移这些记录',
    en: 'The department "{name}" still has {what} and cannot be deleted; delete or move those first',
  },
  'org.departmentHasStaff': {
    zh: '部门“{name}”下还有{count}名员工，无法删除',
    en: 'The department "{name}" still has {count} staff and cannot be deleted',
  },
  'org.departmentHasChildren': {
    zh: '部门“{name}”下还有子部门，无法删除',
    en: 'The department "{name}" has sub-departments and cannot be deleted',
  },
  'org.departmentCycle': { zh: '上级部门不能是自己或下级部门', en: 'A department cannot sit under itself or one of its sub-departments' },
  'org.departmentManagerInvalid': { zh: '部门负责人必须是在职员工', en: 'The department head must be an active staff member' },
} as const satisfies MessageTable;

declare module '../../i18n/catalogue.ts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface ModuleMessages extends Record<keyof typeof departmentsMessages, true> {}
}
