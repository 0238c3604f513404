/** Texts of the org area; merged into the one catalogue by server/i18n/catalogue.ts. */
export const orgMessages = {
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
  'org.cannotDeactivateSelf': { zh: '不能停用自己的账号', en: 'You cannot deactivate your own account' },
  'org.cannotDeleteSelf': { zh: '不能删除自己的账号', en: 'You cannot delete your own account' },
  'org.userInUse': {
    zh: '用户“{name}”仍有关联数据，无法删除，请改为停用',
    en: 'The user "{name}" still has related records and cannot be deleted; deactivate instead',
  },
  'org.userReferenced': {
    zh: '用户“{name}”仍有{what}，无法删除，请改为停用',
    en: 'The user "{name}" still has {what} and cannot be deleted; deactivate them instead',
  },
  'org.departmentReferenced': {
    zh: '部门“{name}”仍有{what}，无法删除，请先删除或转移这些记录',
    en: 'The department "{name}" still has {what} and cannot be deleted; delete or move those first',
  },
  'org.roleReferenced': {
    zh: '角色“{name}”仍有{what}，无法删除，请先删除或转移这些记录',
    en: 'The role "{name}" still has {what} and cannot be deleted; delete or move those first',
  },
  // What holds a row that is being deleted (server/lib/references.ts).
  'org.ref.counted': { zh: '{what}（{count}条）', en: '{what} ({count})' },
  'org.ref.separator': { zh: '、', en: ', ' },
  'org.ref.archive': { zh: '学生档案', en: 'a student archive' },
  'org.ref.applications': { zh: '学校申请', en: 'school applications' },
  'org.ref.tasksAssigned': { zh: '布置的工作任务', en: 'work tasks they assigned' },
  'org.ref.projectTasks': { zh: '工作任务', en: 'work tasks' },
  'org.ref.taskRecords': { zh: '工作任务记录（追加、日志、日报或投诉）', en: 'work task records (additions, log lines, daily reports or complaints)' },
  'org.ref.scheduleEntries': { zh: '创建的工作日程', en: 'schedule entries they created' },
  'org.ref.events': { zh: '创建的日历事件', en: 'calendar events they created' },
  'org.ref.roleHolders': { zh: '持有该角色的用户', en: 'users holding it' },
  'org.ref.subDepartments': { zh: '子部门', en: 'sub-departments' },
  'org.ref.other': { zh: '其他关联记录', en: 'other related records' },
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

  // Company users.
  'org.companyNameRequired': { zh: '请填写公司名称', en: 'Please enter the company name' },

  // Roles and rights.
  'org.roleNameRequired': { zh: '请填写角色名称', en: 'Please enter the role name' },
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
  'org.roleBuiltIn': { zh: '系统角色“{name}”不能删除或改编码', en: 'The built-in role "{name}" cannot be deleted or recoded' },
  'org.rightUnknown': { zh: '权限不存在', en: 'Unknown right' },
  'org.roleRightsSaved': { zh: '权限保存成功', en: 'Rights saved' },
  'org.adminRoleFixed': { zh: '管理员角色拥有全部权限，无需设置', en: 'The administrator role holds every right; nothing to set' },
  'org.lastAdmin': { zh: '至少需要保留一名在职管理员', en: 'At least one active administrator must remain' },

  // Archive modules.
  'org.archiveModuleNameRequired': { zh: '请填写模块名称', en: 'Please enter the module name' },
  'org.archiveModuleCodeTaken': { zh: '模块编码已存在', en: 'This module code is already taken' },
  'org.archiveModuleHasChildren': { zh: '模块“{name}”下还有子模块，无法删除', en: 'The module "{name}" has sub-modules and cannot be deleted' },
  'org.archiveModuleCycle': { zh: '上级模块不能是自己或下级模块', en: 'A module cannot sit under itself or one of its sub-modules' },
  'org.archiveStateInvalid': { zh: '档案状态错误', en: 'Invalid archive state' },

  // Mail.
  'org.mailNotConfigured': {
    zh: '未配置邮件服务器（SMTP_URL），无法发送邮件',
    en: 'No mail server is configured (SMTP_URL); mail cannot be sent',
  },
  'org.mailFailed': { zh: '邮件发送失败，请检查邮件服务器配置', en: 'The mail could not be sent; check the mail server settings' },
  'org.mailNoAddress': { zh: '没有可用的收件邮箱', en: 'There is no e-mail address to send to' },
  'org.testMailSubject': { zh: '后台测试邮件', en: 'Back-office test e-mail' },
  'org.testMailBody': {
    zh: '这是一封测试邮件，说明后台的邮件服务器配置可以正常发送邮件。',
    en: 'This is a test e-mail: the back office can send mail with its mail server settings.',
  },
  'org.testMailSent': { zh: '测试邮件已发送至 {email}', en: 'A test e-mail was sent to {email}' },
  'org.saved': { zh: '保存成功', en: 'Saved' },
} as const satisfies Record<string, { zh: string; en: string }>;
