import { describe, expect, it } from 'vitest';
import { catalogue, translate } from '../../server/i18n/catalogue.ts';

// Every Chinese text quoted in spec sections 5 and 8, word for word.
const SPEC_TEXTS = [
  '请选择项目',
  '请填写任务标题',
  '请选择执行任务人员',
  '请填写工时',
  '任务已完成，不允许加入档期!',
  '请选择执行人员',
  '请输入内容。',
  '任务错误。',
  '项目不存在,无法保存',
  '没有权限修改该任务',
  '两次密码不一致',
  '密码必须包含大小写字母和数字',
  '请选择与学员关系',
  '请输入正确的邮箱格式',
  '尚未登陆,请登录',
  '服务不可用...',
  '服务异常...',
  '资源不存在...',
  '未知异常',
  '创建令牌失败',
  '新增任务成功',
  '更新任务成功',
  '加入档期成功',
  '重新指派成功',
  '修改优先级成功',
  '删除成功',
  '追加任务成功',
  '修改追加任务成功',
  '修改密码成功',
  '确定删除当前任务么？',
  '删除中...',
  '提示',
];

describe('the message catalogue', () => {
  const entries = Object.entries(catalogue) as Array<[keyof typeof catalogue, { zh: string; en: string }]>;

  it('holds every Chinese text of spec sections 5 and 8 word for word', () => {
    const zh = new Set(entries.map(([, v]) => v.zh));
    expect(SPEC_TEXTS.filter((text) => !zh.has(text))).toEqual([]);
  });

  it('has a non-empty Chinese and English text for every key, with the same placeholders', () => {
    const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    const broken = entries.filter(([, v]) => !v.zh.trim() || !v.en.trim() || /[\u4e00-\u9fff]/.test(v.en) || placeholders(v.zh).join() !== placeholders(v.en).join());
    expect(broken.map(([k]) => k)).toEqual([]);
  });

  it('fills placeholders in the chosen language', () => {
    expect(translate('zh', 'auth.throttled', { seconds: 42 })).toBe('登录失败次数过多，请42秒后再试');
    expect(translate('en', 'auth.throttled', { seconds: 42 })).toBe('Too many failed logins; try again in 42 seconds');
  });

  it('has an English singular (`<key>_one`) for every text counting {count} things, used for one (issue 32 item 13)', () => {
    const keys = new Set(entries.map(([k]) => k as string));
    const counting = entries.filter(([k, v]) => !(k as string).endsWith('_one') && /\{count\} (\w+ )?[a-z]+s\b/.test(v.en));
    expect(counting.filter(([k]) => !keys.has(`${k as string}_one`)).map(([k]) => k)).toEqual([]);
    expect(translate('en', 'calendarUi.emptyDays', { count: 1 })).toBe('1 working day in view has no work log');
    expect(translate('en', 'calendarUi.emptyDays', { count: 2 })).toBe('2 working days in view have no work log');
    expect(translate('zh', 'calendarUi.emptyDays', { count: 1 })).toBe('本视图内有1个工作日未填写工作日志');
  });
});
