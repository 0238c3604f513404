import type { MessageTable } from '../../i18n/catalogue.ts';

/** Texts of the tasks module (Chinese and English); registered by its index.ts. */
export const tasksMessages = {
  // Refused transitions (spec section 4: each transition starts from given states).
  'task.cannotComplete': { zh: '只有未完成的任务才能完成', en: 'Only an incomplete task can be completed' },
  'task.cannotUndo': { zh: '只有已完成的任务才能撤销完成', en: 'Only a completed task can have its completion undone' },
  'task.cannotPause': { zh: '只有未完成的任务才能暂停', en: 'Only an incomplete task can be paused' },
  'task.cannotResume': { zh: '只有已暂停的任务才能取消暂停', en: 'Only a paused task can be resumed' },
  'task.cannotWait': { zh: '只有未完成的任务才能设为等待', en: 'Only an incomplete task can be set to waiting' },
  'task.cannotStopWaiting': { zh: '只有等待中的任务才能取消等待', en: 'Only a waiting task can stop waiting' },
  'task.cannotAbandon': { zh: '已完成或已放弃的任务不能放弃', en: 'A completed or abandoned task cannot be abandoned' },
  'task.cannotAssign': { zh: '已完成或已放弃的任务不能重新指派', en: 'A completed or abandoned task cannot be reassigned' },
  'task.cannotUpdateProgress': { zh: '只有进行中的任务才能更新进度', en: 'Only a task in progress can have its progress updated' },
  'task.cannotReport': { zh: '未指派或已放弃的任务不能汇报', en: 'An unassigned or abandoned task cannot be reported on' },
  'task.stateInvalid': { zh: '任务状态错误', en: 'Invalid task state' },

  // Rules the spec implies without a text.
  'task.feedbackRequired': { zh: '请填写问题反馈', en: 'Please enter the feedback' },
  'task.executorInvalid': { zh: '执行人员不存在或已停用', en: 'The executor does not exist or has been deactivated' },
  'task.projectClosed': { zh: '项目已结束或已取消，不能新增任务', en: 'The project is finished or cancelled; no tasks can be added to it' },
  'task.reportRequired': { zh: '请填写每日汇报', en: 'Please enter the daily report' },
  'task.reportDayInvalid': { zh: '只能补报未汇报的日期', en: 'Only a day without a report can be reported late' },
  'task.additionEditForbidden': { zh: '只能修改自己追加的内容', en: 'You can only edit additions you wrote' },
  'task.complaintRecorded': { zh: '记投诉一次', en: 'one complaint recorded' },

  // Log notes (spec section 3), stored in Chinese as the legacy values; shown translated.
  'task.log.created': { zh: '新建', en: 'Created' },
  'task.log.reassigned': { zh: '重新指派', en: 'Reassigned' },
  'task.log.completed': { zh: '任务完成', en: 'Completed' },
  'task.log.undone': { zh: '撤销完成', en: 'Completion undone' },
  'task.log.dailyReport': { zh: '每日汇报', en: 'Daily report' },
  'task.log.updated': { zh: '更新任务', en: 'Task updated' },

  // Add to schedule.
  'schedule.hoursInvalid': { zh: '工时必须是大于0且不超过24的数字', en: 'Hours must be a number above 0 and at most 24' },
  'schedule.hoursExceedSpan': { zh: '工时不能超过所选时间段', en: 'The hours cannot exceed the chosen time range' },
  'schedule.timeRangeInvalid': { zh: '结束时间必须晚于开始时间', en: 'The end time must be after the start time' },
  'schedule.dateRequired': { zh: '请选择日期', en: 'Please choose a date' },
  'schedule.rowsRequired': { zh: '请至少填写一行档期', en: 'Please fill in at least one schedule row' },
  'schedule.employeeForbidden': { zh: '没有权限为其他人员安排档期', en: 'You are not allowed to schedule other people' },
} as const satisfies MessageTable;

declare module '../../i18n/catalogue.ts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface ModuleMessages extends Record<keyof typeof tasksMessages, true> {}
}
