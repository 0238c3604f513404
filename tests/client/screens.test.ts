/** Pure rules behind issue 16's fixes: the one date formatter, the start a new event is offered, short events, the rule summary. */
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatRange, formatTime, parseDay } from '../../client/src/lib/format.ts';
import { isShort, nextWorkingHour } from '../../client/src/components/calendar/rules.ts';
import { repeatSummary, NO_REPEAT } from '../../client/src/components/calendar/recurrence.ts';
import { catalogue } from '../../server/i18n/catalogue.ts';

const at = '2026-09-01T13:05:00Z';

describe('one date formatter: the viewer zone, 24-hour clock, yyyy-MM-dd in both languages', () => {
  it('writes the same instant per zone, never AM/PM, never dd/mm or mm/dd', () => {
    expect(formatDateTime(at, 'zh', 'Asia/Shanghai')).toBe('2026-09-01 21:05');
    expect(formatDateTime(at, 'en', 'Asia/Shanghai')).toBe('2026-09-01 21:05');
    expect(formatDateTime(at, 'en', 'America/New_York')).toBe('2026-09-01 09:05');
    expect(formatTime('2026-09-01T00:30:00Z', 'en', 'UTC')).toBe('00:30');
    expect(formatTime('2026-09-01T16:00:00Z', 'zh', 'Asia/Shanghai')).toBe('00:00');
    expect(formatDate(at, 'zh', 'Asia/Shanghai')).toBe('2026-09-01');
    expect(formatDate('2026-12-31T20:00:00Z', 'en', 'Asia/Shanghai')).toBe('2027-01-01');
  });

  it('leaves the end date out of a span within one day', () => {
    expect(formatRange(at, '2026-09-01T14:00:00Z', 'zh', 'Asia/Shanghai')).toBe('2026-09-01 21:05 – 22:00');
    expect(formatRange(at, '2026-09-02T14:00:00Z', 'zh', 'Asia/Shanghai')).toBe('2026-09-01 21:05 – 2026-09-02 22:00');
  });
});

describe('typed days (the one date input)', () => {
  it('reads yyyy-MM-dd, yyyy/M/d and yyyyMMdd as yyyy-MM-dd', () => {
    expect(parseDay('2026-09-01')).toBe('2026-09-01');
    expect(parseDay(' 2026/9/1 ')).toBe('2026-09-01');
    expect(parseDay('2026.9.1')).toBe('2026-09-01');
    expect(parseDay('20260901')).toBe('2026-09-01');
  });
  it('refuses what is not a day of the calendar', () => {
    expect(parseDay('2026-02-30')).toBeNull();
    expect(parseDay('2026-13-01')).toBeNull();
    expect(parseDay('01/09/2026')).toBeNull();
    expect(parseDay('2026091')).toBeNull();
    expect(parseDay('')).toBeNull();
  });
});

describe('the start of a new event', () => {
  const zone = 'Asia/Shanghai';
  const on = (iso: string) => DateTime.fromISO(iso, { zone });
  it('is the next whole hour in working hours', () => {
    expect(nextWorkingHour(on('2026-09-01T10:20')).toISO()).toBe(on('2026-09-01T11:00').toISO());
    expect(nextWorkingHour(on('2026-09-01T07:10')).toISO()).toBe(on('2026-09-01T09:00').toISO());
  });
  it('is 09:00 of the next working day late in the day or at the weekend (before: 23:00 at 22:00)', () => {
    expect(nextWorkingHour(on('2026-09-01T22:00')).toISO()).toBe(on('2026-09-02T09:00').toISO());
    expect(nextWorkingHour(on('2026-09-01T17:30')).toISO()).toBe(on('2026-09-02T09:00').toISO());
    // Friday evening → Monday.
    expect(nextWorkingHour(on('2026-09-04T19:00')).toISO()).toBe(on('2026-09-07T09:00').toISO());
    expect(nextWorkingHour(on('2026-09-05T10:00')).toISO()).toBe(on('2026-09-07T09:00').toISO());
  });
  it('counts events of 45 minutes or less as short (one line: time and title)', () => {
    const s = new Date('2026-09-01T09:00:00Z');
    expect(isShort(s, new Date('2026-09-01T09:30:00Z'))).toBe(true);
    expect(isShort(s, new Date('2026-09-01T09:45:00Z'))).toBe(true);
    expect(isShort(s, new Date('2026-09-01T10:00:00Z'))).toBe(false);
  });
});

describe('a recurrence in words', () => {
  const t =
    (lang: 'zh' | 'en') =>
    (key: string, params: Record<string, unknown> = {}) =>
      (catalogue as Record<string, { zh: string; en: string }>)[key]![lang].replace(/\{(\w+)\}/g, (_m, k: string) => String(params[k]));
  const weekly = { ...NO_REPEAT, freq: 'WEEKLY' as const, byWeekday: ['WE' as const, 'MO' as const], ends: 'COUNT' as const, count: '8' };
  it('says 每周一、三，共 8 次 / Weekly on Mon, Wed, 8 times', () => {
    expect(repeatSummary(weekly, t('zh'), 'zh')).toBe('每周一、三，共 8 次');
    expect(repeatSummary(weekly, t('en'), 'en')).toBe('Weekly on Mon, Wed, 8 times');
  });
  it('names the interval and the last day', () => {
    const every2 = { ...weekly, interval: '2', ends: 'UNTIL' as const, until: '2026-12-31' };
    expect(repeatSummary(every2, t('zh'), 'zh')).toBe('每2周（一、三），至2026-12-31');
    expect(repeatSummary({ ...NO_REPEAT, freq: 'DAILY', count: '5' }, t('en'), 'en')).toBe('Daily, 5 times');
  });
});
