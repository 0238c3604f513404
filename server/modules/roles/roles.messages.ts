import type { MessageTable } from '../../i18n/catalogue.ts';

/** Texts of the roles module (Chinese and English); registered by its index.ts. */
export const rolesMessages = {
  'org.roleReferenced': {
    zh: '角色“{name}”仍有{what}，无法删除，请先删除或转移这些记录',
    en: 'The role "{name}" still has {what} and cannot be deleted; delete or move those first',
  },
  'org.roleCodeRequired': { zh: '请填写角色编码', en: 'Please enter the role code' },
  'org.roleCodeInvalid': {
    zh: '角色编码只能包含小写字母、数字、点、下划线和连字符，以字母开头',
    en: 'A role code starts with a letter and holds lower-case letters, digits, dots, underscores and hyphens',
  },
  'org.roleCodeTaken': { zh: '角色编码已存在', en: 'This role code is already taken' },
  'org.roleInUse': {
    zh: '角色“{name}”已授权给{count}名用户，无法删除',
    en: 'The role "{name}" is held by {count} users and cannot be deleted',
  },
  'org.roleInUse_one': {
    zh: '角色“{name}”已授权给{count}名用户，无法删除',
    en: 'The role "{name}" is held by {count} user and cannot be deleted',
  },
  'org.roleBuiltIn': { zh: '系统角色“{name}”不能删除或改编码', en: 'The built-in role "{name}" cannot be deleted or recoded' },
  'org.rightUnknown': { zh: '权限不存在', en: 'Unknown right' },
  'org.rightNotHeld': {
    zh: '不能授予自己没有的权限：{title}',
    en: 'You cannot grant a right you do not hold yourself: {title}',
  },
  'org.roleRightsSaved': { zh: '权限保存成功', en: 'Rights saved' },
  'org.adminRoleFixed': { zh: '管理员角色拥有全部权限，无需设置', en: 'The administrator role holds every right; nothing to set' },
  'org.lastAdmin': { zh: '至少需要保留一名在职管理员', en: 'At least one active administrator must remain' },
  'org.testMailSent': { zh: '测试邮件已发送至 {email}', en: 'A test e-mail was sent to {email}' },
} as const satisfies MessageTable;

declare module '../../i18n/catalogue.ts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface ModuleMessages extends Record<keyof typeof rolesMessages, true> {}
}
