import type { MessageTable } from '../../i18n/catalogue.ts';

/** Texts of the projects module (Chinese and English); registered by its index.ts. */
export const projectsMessages = {
  // Projects.
  'project.nameRequired': { zh: '请填写项目名称', en: 'Please enter the project name' },
  'project.codeTaken': { zh: '项目编号已存在', en: 'This project code is already used' },
  'project.notFound': { zh: '项目不存在', en: 'The project does not exist' },
  'project.datesOrder': { zh: '结束日期不能早于开始日期', en: 'The end date cannot be before the start date' },
  'project.memberUserInvalid': { zh: '请选择在职员工作为项目成员', en: 'Please choose an active staff member as project member' },
  'project.memberNotFound': { zh: '项目成员不存在', en: 'The project member does not exist' },
  'project.timelineNotFound': { zh: '时间线记录不存在', en: 'The timeline entry does not exist' },
  'project.fileNotFound': { zh: '文件不存在', en: 'The file does not exist' },
  'project.deleted': { zh: '删除成功', en: 'Deleted' },
} as const satisfies MessageTable;

declare module '../../i18n/catalogue.ts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface ModuleMessages extends Record<keyof typeof projectsMessages, true> {}
}
