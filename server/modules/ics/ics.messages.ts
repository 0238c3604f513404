import type { MessageTable } from '../../i18n/catalogue.ts';

/** Texts of the ics module (Chinese and English); registered by its index.ts. */
export const icsMessages = {
  // Calendar (ICS) subscription.
  'ics.calendarName': { zh: '{name}的工作日程', en: "{name}'s work calendar" },
  'ics.alreadyOpen': { zh: '日历订阅已开启', en: 'The calendar subscription is already open' },
  'ics.notOpen': { zh: '日历订阅未处于开启状态', en: 'The calendar subscription is not open' },
  'ics.notPaused': { zh: '日历订阅未暂停，无需恢复', en: 'The calendar subscription is not paused' },
  'ics.notOpened': { zh: '日历订阅尚未开启', en: 'The calendar subscription has not been opened' },
  'ics.pushFrequencyInvalid': { zh: '推送频率只能是3小时或12小时', en: 'The push frequency must be 3 or 12 hours' },
  'ics.effectiveNotice': { zh: '订阅链接约10分钟后生效', en: 'The link takes effect in about 10 minutes' },
  'ics.batchDone': { zh: '已处理{count}个订阅', en: '{count} subscriptions changed' },
  'ics.batchDone_one': { zh: '已处理{count}个订阅', en: '{count} subscription changed' },

  // Import.
  'ics.fileRequired': { zh: '请选择要导入的日历文件', en: 'Please choose a calendar (.ics) file to import' },
  'ics.fileTooLarge': { zh: '日历文件不能超过{max}MB', en: 'The calendar file must not exceed {max} MB' },
  'ics.notCalendar': { zh: '文件不是有效的日历(.ics)文件', en: 'The file is not a valid calendar (.ics) file' },
  'ics.noEvents': { zh: '日历文件中没有日程', en: 'The calendar file contains no events' },
  'ics.eventInvalid': {
    zh: '日历文件中第{index}个日程的时间无效，未导入任何日程',
    en: 'Event {index} of the calendar file has an invalid time; nothing was imported',
  },
  'ics.seriesTooLong': {
    zh: '日历文件中第{index}个日程重复次数超过{max}次，未导入任何日程',
    en: 'Event {index} of the calendar file repeats more than {max} times; nothing was imported',
  },
  'ics.eventTooLong': {
    zh: '日历文件中第{index}个日程超过{max}天，未导入任何日程',
    en: 'Event {index} of the calendar file lasts more than {max} days; nothing was imported',
  },
  'ics.tooManyEvents': { zh: '一次最多导入{max}个日程', en: 'At most {max} events can be imported at once' },
  'ics.imported': { zh: '已导入{count}个日程', en: '{count} events imported' },
  'ics.imported_one': { zh: '已导入{count}个日程', en: '{count} event imported' },
} as const satisfies MessageTable;

declare module '../../i18n/catalogue.ts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface ModuleMessages extends Record<keyof typeof icsMessages, true> {}
}
