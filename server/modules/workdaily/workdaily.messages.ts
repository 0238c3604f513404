import type { MessageTable } from '../../i18n/catalogue.ts';

/** Texts of the workdaily module (Chinese and English); registered by its index.ts. */
export const workdailyMessages = {
  // Statistics and lists.
  'workdaily.rangeInvalid': { zh: '结束日期不能早于开始日期', en: 'The end date cannot be before the start date' },
  'workdaily.rangeTooLong': { zh: '查询范围不能超过{max}天', en: 'The range cannot exceed {max} days' },
  'workdaily.groupByInvalid': { zh: '统计维度无效', en: 'Invalid grouping' },
  'workdaily.projectRequired': { zh: '请选择项目', en: 'Please choose a project' },

  // Reminders.
  'reminder.removed': { zh: '已关闭当天的日报提醒', en: "The day's work report reminder was dismissed" },

  // Time zones.
  'timeZone.unknownNamed': { zh: '时区“{zone}”不存在', en: 'Unknown time zone "{zone}"' },
  'timeZone.timeInvalid': { zh: '时间格式应为 yyyy-MM-dd HH:mm:ss', en: 'The time must be written yyyy-MM-dd HH:mm:ss' },

  // Work notes.
  'workNote.saved': { zh: '工作笔记已保存', en: 'Work note saved' },
} as const satisfies MessageTable;

declare module '../../i18n/catalogue.ts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface ModuleMessages extends Record<keyof typeof workdailyMessages, true> {}
}
