/** Recurrence of an event as the form edits it: pure rules (unit tested in tests/client/screens.test.ts). */
import type { Lang } from '../../lib/format.ts';
import type { RecurrenceInput, Weekday } from '../../screens/schedule/MyCalendar/__generated__/EventDialogCreateMutation.graphql.ts';

export type Freq = 'NONE' | 'DAILY' | 'WEEKLY' | 'MONTHLY' | 'YEARLY';
export type Repeat = { freq: Freq; interval: string; byWeekday: Weekday[]; ends: 'UNTIL' | 'COUNT'; until: string; count: string };

export const NO_REPEAT: Repeat = { freq: 'NONE', interval: '1', byWeekday: [], ends: 'COUNT', until: '', count: '10' };
export const WEEKDAYS: Weekday[] = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'];

type Rule = {
  readonly freq: string;
  readonly interval: number;
  readonly byWeekday: readonly string[];
  readonly count?: number | null;
  readonly until?: string | null;
};

export function repeatFromRule(rule: Rule): Repeat {
  return {
    freq: (['DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'].includes(rule.freq) ? rule.freq : 'NONE') as Freq,
    interval: String(rule.interval),
    byWeekday: rule.byWeekday.filter((d): d is Weekday => (WEEKDAYS as string[]).includes(d)),
    ends: rule.until ? 'UNTIL' : 'COUNT',
    until: rule.until ?? '',
    count: rule.count ? String(rule.count) : '',
  };
}

const whole = (s: string, min: number, max: number) => /^\d+$/.test(s.trim()) && Number(s) >= min && Number(s) <= max;

/** The first problem with a rule, as a catalogue key. */
export function repeatProblem(r: Repeat): string | null {
  if (r.freq === 'NONE') return null;
  if (!whole(r.interval, 1, 99)) return 'calendarUi.intervalInvalid';
  if (r.freq === 'WEEKLY' && !r.byWeekday.length) return 'calendarUi.weekdaysRequired';
  if (r.ends === 'COUNT' && !whole(r.count, 1, 1000)) return 'calendarUi.countInvalid';
  if (r.ends === 'UNTIL' && !/^\d{4}-\d{2}-\d{2}$/.test(r.until)) return 'calendarUi.untilRequired';
  return null;
}

/** The schedule's RecurrenceInput (fields, not RRULE text); null when the event does not repeat. */
export function recurrenceInput(r: Repeat): RecurrenceInput | null {
  if (r.freq === 'NONE') return null;
  return {
    freq: r.freq,
    interval: Number(r.interval),
    byWeekday: r.freq === 'WEEKLY' ? WEEKDAYS.filter((d) => r.byWeekday.includes(d)) : null,
    count: r.ends === 'COUNT' ? Number(r.count) : null,
    until: r.ends === 'UNTIL' ? r.until : null,
  };
}

type Translate = (key: string, params?: Record<string, unknown>) => string;

/** A rule in words: 每周一、三，共 8 次 / Weekly on Mon, Wed, 8 times; 每2周（一），至2026-12-31. */
export function repeatSummary(r: Repeat, t: Translate, lang: Lang): string {
  if (r.freq === 'NONE') return t('calendarUi.repeat.none');
  const n = Number(r.interval) || 1;
  const days = WEEKDAYS.filter((d) => r.byWeekday.includes(d))
    .map((d) => t(`calendarUi.weekday.${d}`))
    .join(lang === 'zh' ? '、' : ', ');
  const unit = r.freq.toLowerCase();
  const head = n === 1 ? t(`calendarUi.repeat.summary.${unit}1`, { days }) : t(`calendarUi.repeat.summary.${unit}`, { n, days });
  const end = r.ends === 'UNTIL' && r.until ? t('calendarUi.repeat.summary.until', { date: r.until }) : r.ends === 'COUNT' && r.count ? t('calendarUi.repeat.summary.count', { count: r.count }) : '';
  return head + end;
}
