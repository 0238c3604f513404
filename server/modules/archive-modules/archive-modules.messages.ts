import type { MessageTable } from '../../i18n/catalogue.ts';

/** Texts of the archive-modules module (Chinese and English); registered by its index.ts. */
export const archiveModulesMessages = {
  'org.archiveModuleCodeTaken': { zh: '模块编码已存在', en: 'This module code is already taken' },
  'org.archiveModuleHasChildren': { zh: '模块“{name}”下还有子模块，无法删除', en: 'The module "{name}" has sub-modules and cannot be deleted' },
  'org.archiveModuleInUse': { zh: '模块“{name}”已用于档案审核记录，无法删除', en: 'The module "{name}" is used by archive verifications and cannot be deleted' },
  'org.archiveModuleCycle': { zh: '上级模块不能是自己或下级模块', en: 'A module cannot sit under itself or one of its sub-modules' },
  'org.archiveStateInvalid': { zh: '档案状态错误', en: 'Invalid archive state' },
} as const satisfies MessageTable;

declare module '../../i18n/catalogue.ts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface ModuleMessages extends Record<keyof typeof archiveModulesMessages, true> {}
}
