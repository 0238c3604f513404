import type { MessageTable } from '../../i18n/catalogue.ts';

/** Texts of the notices module (Chinese and English); registered by its index.ts. */
export const noticesMessages = {
  'letter.titleRequired': { zh: '请填写标题', en: 'Please enter a title' },
  'letter.contentRequired': { zh: '请输入内容。', en: 'Please enter the content.' },
  'letter.contentTooLong': { zh: '内容不能超过{max}个字符', en: 'The content must be at most {max} characters' },
  'notice.notFound': { zh: '通知不存在', en: 'The notice does not exist' },
} as const satisfies MessageTable;

declare module '../../i18n/catalogue.ts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface ModuleMessages extends Record<keyof typeof noticesMessages, true> {}
}
