import type { MessageTable } from '../../i18n/catalogue.ts';

/** Texts of the letters module (Chinese and English); registered by its index.ts. */
export const lettersMessages = {
  // Letters and notices.
  'letter.recipientsRequired': { zh: '请选择收件人', en: 'Please choose the recipients' },
  'letter.recipientInvalid': { zh: '收件人不存在或不可选择', en: 'A recipient does not exist or cannot be chosen' },
  'letter.notFound': { zh: '站内信不存在', en: 'The letter does not exist' },
} as const satisfies MessageTable;

declare module '../../i18n/catalogue.ts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface ModuleMessages extends Record<keyof typeof lettersMessages, true> {}
}
