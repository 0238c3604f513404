import type { MessageTable } from '../../i18n/catalogue.ts';

/** Texts of the schedule module (Chinese and English); registered by its index.ts. */
export const scheduleMessages = {
  'schedule.titleRequired': { zh: '请填写日程标题', en: 'Please enter the event title' },
  'schedule.endBeforeStart': { zh: '结束时间不能早于开始时间', en: 'The end must not be before the start' },
  'schedule.tooLong': { zh: '单个日程最长{days}天', en: 'An event may last at most {days} days' },
  'schedule.ruleInvalid': { zh: '重复规则无效', en: 'The recurrence rule is not valid' },
  'schedule.ruleEmpty': { zh: '重复规则没有生成任何日程', en: 'The recurrence rule produces no occurrence' },
  'schedule.tooManyOccurrences': {
    zh: '重复日程最多{max}次，请设置更早的结束日期或更少的次数',
    en: 'A recurring series may have at most {max} occurrences; choose an earlier end date or fewer repetitions',
  },
  'schedule.participantUnknown': { zh: '参与人不存在或已停用', en: 'A participant does not exist or is deactivated' },
  'schedule.tooManyParticipants': { zh: '参与人最多{max}人', en: 'An event may have at most {max} participants' },
  'schedule.projectUnknown': { zh: '项目不存在', en: 'The project does not exist' },
  'schedule.conflict': { zh: '存在{count}处时间冲突', en: '{count} time conflicts found' },
  'schedule.conflict_one': { zh: '存在{count}处时间冲突', en: '{count} time conflict found' },
  'schedule.lessonOfCourse': { zh: '这是课程的课次，请在课程中修改或删除', en: 'This is a lesson of a course; change or delete it in the course' },
  'schedule.notOpen': { zh: '该日程未开放，不能加入', en: 'This event is not open to join' },
  'schedule.alreadyJoined': { zh: '你已在该日程中', en: 'You already take part in this event' },
  'schedule.notParticipant': { zh: '你不是该日程的参与人', en: 'You are not a participant of this event' },
  'schedule.notSeries': { zh: '该日程不是重复日程', en: 'This event is not part of a recurring series' },
  'schedule.idsRequired': { zh: '请选择日程', en: 'Please choose events' },
  'schedule.tooManyIds': { zh: '一次最多操作{max}个日程', en: 'At most {max} events at a time' },
  'schedule.copyTargetRequired': { zh: '请选择复制到的日期', en: 'Please choose the day to copy to' },
  'schedule.rangeTooLong': { zh: '查询范围最长{days}天', en: 'The range may span at most {days} days' },
  'schedule.saved': { zh: '保存成功', en: 'Saved' },
  'schedule.published': { zh: '发布成功', en: 'Published' },
  'schedule.unpublished': { zh: '已取消发布', en: 'Unpublished' },
  'schedule.copied': { zh: '复制成功', en: 'Copied' },
  'schedule.joined': { zh: '加入成功', en: 'Joined' },
  'schedule.confirmed': { zh: '确认成功', en: 'Confirmed' },
  'schedule.noConflict': { zh: '没有时间冲突', en: 'No time conflict' },
} as const satisfies MessageTable;

declare module '../../i18n/catalogue.ts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface ModuleMessages extends Record<keyof typeof scheduleMessages, true> {}
}
