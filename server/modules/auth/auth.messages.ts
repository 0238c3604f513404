import type { MessageTable } from '../../i18n/catalogue.ts';

/** Texts of the auth module (Chinese and English); registered by its index.ts. */
export const authMessages = {
  'org.mailNoAddress': { zh: '没有可用的收件邮箱', en: 'There is no e-mail address to send to' },
  'org.testMailSubject': { zh: '后台测试邮件', en: 'Back-office test e-mail' },
  'org.testMailBody': {
    zh: '这是一封测试邮件，说明后台的邮件服务器配置可以正常发送邮件。',
    en: 'This is a test e-mail: the back office can send mail with its mail server settings.',
  },
  'auth.sessionNotFound': { zh: '该登录已结束或不存在', en: 'This sign-in has ended or does not exist' },
  'auth.cannotRevokeCurrent': { zh: '不能结束当前登录，请使用退出登录', en: 'This is the sign-in in use: log out instead' },
} as const satisfies MessageTable;

declare module '../../i18n/catalogue.ts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface ModuleMessages extends Record<keyof typeof authMessages, true> {}
}
