import type { MessageTable } from '../../i18n/catalogue.ts';

/** Texts of the users module (Chinese and English); registered by its index.ts. */
export const usersMessages = {
  // Staff and users.
  'org.accountTaken': { zh: '账号已存在', en: 'This account is already taken' },
  'org.accountAvailable': { zh: '账号可以使用', en: 'This account is available' },
  'org.mobileTaken': { zh: '手机号已存在', en: 'This mobile number is already in use' },
  'org.mobileAvailable': { zh: '手机号可以使用', en: 'This mobile number is available' },
  'org.mobileInvalid': { zh: '请输入正确的手机号', en: 'Please enter a valid mobile number' },
  'org.emailInvalid': { zh: '请输入正确的邮箱格式', en: 'Please enter a valid e-mail address' },
  'org.nameRequired': { zh: '请填写姓名', en: 'Please enter the name' },
  'org.accountRequired': { zh: '请填写账号', en: 'Please enter the account' },
  'org.accountInvalid': {
    zh: '账号只能包含字母、数字和 . _ - @，长度为2到50位',
    en: 'An account holds 2 to 50 letters, digits or . _ - @',
  },
  'org.departmentUnknown': { zh: '部门不存在', en: 'The department does not exist' },
  'org.roleUnknown': { zh: '角色不存在', en: 'The role does not exist' },
  'org.roleTypeMismatch': { zh: '角色“{role}”不适用于该类用户', en: 'The role "{role}" does not apply to this kind of user' },
  'org.timeZoneUnknown': { zh: '时区不存在', en: 'Unknown time zone' },
  'org.notStaff': { zh: '该用户不是员工', en: 'This user is not a staff member' },
  'org.notParentOrStudent': { zh: '该用户不是家长或学生', en: 'This user is not a parent or a student' },
  'org.passwordSetForbidden': {
    zh: '只有管理员或其上级可以为该用户设置密码，请使用“重置密码”',
    en: "Only administrators or the person's superiors may set their password; use a password reset instead",
  },
  'org.cannotDeactivateSelf': { zh: '不能停用自己的账号', en: 'You cannot deactivate your own account' },
  'org.adminOnlyByAdmin': { zh: '管理员账号只能由管理员修改', en: 'Only an administrator may change an administrator' },
  'org.cannotDeleteSelf': { zh: '不能删除自己的账号', en: 'You cannot delete your own account' },
  'org.userInUse': {
    zh: '用户“{name}”仍有关联数据，无法删除，请改为停用',
    en: 'The user "{name}" still has related records and cannot be deleted; deactivate instead',
  },
  'org.userReferenced': {
    zh: '用户“{name}”仍有{what}，无法删除，请改为停用',
    en: 'The user "{name}" still has {what} and cannot be deleted; deactivate them instead',
  },
  'org.staffNotDeletable': { zh: '员工不能删除，请改为停用', en: 'Staff cannot be deleted; deactivate them instead' },
  'org.passwordReset': { zh: '密码已重置，新密码：{password}（仅显示一次）', en: 'Password reset. New password: {password} (shown once)' },
  'org.passwordMailed': { zh: '密码已重置，新密码已发送至 {email}', en: 'Password reset; the new password was sent to {email}' },
  'org.passwordMailNoEmail': { zh: '该用户没有邮箱，无法发送新密码', en: 'This user has no e-mail address to send the new password to' },
  'org.passwordMailSubject': { zh: '您的后台账号密码已重置', en: 'Your back-office password was reset' },
  'org.passwordMailBody': {
    zh: '{name}，您好：\n\n您的账号 {account} 的密码已由管理员重置。\n新密码：{password}\n\n请登录后立即修改密码。',
    en: 'Hello {name},\n\nThe password of your account {account} was reset by an administrator.\nNew password: {password}\n\nPlease change it after logging in.',
  },
  'org.relationKindInvalid': { zh: '关系类型错误', en: 'Unknown relation type' },
  'org.relationTargetInvalid': {
    zh: '“{name}”不能作为{relation}',
    en: '"{name}" cannot be the {relation}',
  },
  'org.relation.parent': { zh: '家长', en: 'parent' },
  'org.relation.consultant': { zh: '顾问', en: 'consultant' },
  'org.relation.lecturer': { zh: '讲师', en: 'lecturer' },
  'org.relationOnlyStudents': { zh: '只有学生可以设置家长、顾问和讲师', en: 'Only students have a parent, consultant and lecturer' },
  'org.handoverSame': { zh: '交接双方不能是同一人', en: 'The handover needs two different people' },
  'org.handoverTargetInactive': { zh: '接手人已停用', en: 'The person taking over is deactivated' },
  'org.sortEmpty': { zh: '请提供排序数据', en: 'Please give the order to save' },
  'org.stateInvalid': { zh: '状态错误', en: 'Invalid state' },

  // Departments.
  'org.departmentNameRequired': { zh: '请填写部门名称', en: 'Please enter the department name' },

  // Company users.
  'org.companyNameRequired': { zh: '请填写公司名称', en: 'Please enter the company name' },

  // Roles and rights.
  'org.roleNameRequired': { zh: '请填写角色名称', en: 'Please enter the role name' },

  // Archive modules.
  'org.archiveModuleNameRequired': { zh: '请填写模块名称', en: 'Please enter the module name' },
  'org.saved': { zh: '保存成功', en: 'Saved' },
} as const satisfies MessageTable;

declare module '../../i18n/catalogue.ts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface ModuleMessages extends Record<keyof typeof usersMessages, true> {}
}
