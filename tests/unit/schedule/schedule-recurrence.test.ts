/**
 * Recurrence rules expanded in the series' own zone: wall-clock times survive DST, the DST
 * edges follow RFC 5545, the 1000-occurrence cap, and bad rules are refused.
 */
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../../../server/errors.ts';
import { translate } from '../../../server/i18n/catalogue.ts';
// The schedule module registers its texts when loaded.
import '../../../server/modules/schedule/index.ts';
import { expandRule, normaliseRule, ruleEndingBefore, ruleFields, wallToInstant } from '../../../server/modules/schedule/recurrence.ts';

const NY = 'America/New_York';
const SH = 'Asia/Shanghai';
const wall = (d: Date, zone: string) => DateTime.fromJSDate(d, { zone }).toFormat('yyyy-MM-dd HH:mm');

describe('weekly series across daylight-saving changes', () => {
  const weekly = (zone: string, first: string) =>
    expandRule({ rrule: normaliseRule({ freq: 'WEEKLY', byWeekday: ['MO'], until: '2026-12-31' }, zone), timeZone: zone, dtstart: DateTime.fromISO(first, { zone }).toJSDate() });

  it('a 09:00 New York meeting stays 09:00 in New York and moves by an hour in Shanghai in March and November', () => {
    const starts = weekly(NY, '2026-01-05T09:00');
    expect(new Set(starts.map((d) => DateTime.fromJSDate(d, { zone: NY }).toFormat('HH:mm')))).toEqual(new Set(['09:00']));
    const shanghai = (day: string) =>
      wall(
        starts.find((d) => DateTime.fromJSDate(d, { zone: NY }).toISODate() === day)!,
        SH,
      );
    expect(shanghai('2026-03-02')).toBe('2026-03-02 22:00'); // EST, UTC-5
    expect(shanghai('2026-03-09')).toBe('2026-03-09 21:00'); // EDT from March 8
    expect(shanghai('2026-10-26')).toBe('2026-10-26 21:00');
    expect(shanghai('2026-11-02')).toBe('2026-11-02 22:00'); // EST from November 1
  });

  it('a 09:00 Shanghai meeting keeps the same instants all year (Shanghai has no DST)', () => {
    const starts = weekly(SH, '2026-01-05T09:00');
    expect(new Set(starts.map((d) => d.toISOString().slice(11, 16)))).toEqual(new Set(['01:00']));
    expect(new Set(starts.map((d) => DateTime.fromJSDate(d, { zone: SH }).toFormat('HH:mm')))).toEqual(new Set(['09:00']));
    expect(starts).toHaveLength(52);
  });
});

describe('DST edge hours (RFC 5545 section 3.3.5)', () => {
  it('a wall time in the spring gap uses the offset before the gap (02:30 EST = 03:30 EDT)', () => {
    const starts = expandRule({ rrule: 'FREQ=DAILY;COUNT=3', timeZone: NY, dtstart: new Date('2026-03-07T07:30:00Z') });
    expect(starts.map((d) => d.toISOString())).toEqual(['2026-03-07T07:30:00.000Z', '2026-03-08T07:30:00.000Z', '2026-03-09T06:30:00.000Z']);
    expect(wall(starts[1]!, NY)).toBe('2026-03-08 03:30');
  });

  it('a wall time that happens twice in the autumn is the first one (01:30 EDT)', () => {
    const starts = expandRule({ rrule: 'FREQ=DAILY;COUNT=3', timeZone: NY, dtstart: new Date('2026-10-31T05:30:00Z') });
    expect(starts.map((d) => d.toISOString())).toEqual(['2026-10-31T05:30:00.000Z', '2026-11-01T05:30:00.000Z', '2026-11-02T06:30:00.000Z']);
    expect(wallToInstant({ year: 2026, month: 11, day: 1, hour: 1, minute: 30, second: 0 }, NY).toISOString()).toBe('2026-11-01T05:30:00.000Z');
  });
});

describe('rules', () => {
  it('until a date means the end of that day in the series zone, stored as UTC', () => {
    expect(normaliseRule({ freq: 'DAILY', until: '2026-09-30' }, SH)).toBe('FREQ=DAILY;INTERVAL=1;UNTIL=20260930T155959Z');
    expect(normaliseRule('RRULE:FREQ=WEEKLY;BYDAY=MO,WE;UNTIL=20260930', NY)).toBe('FREQ=WEEKLY;INTERVAL=1;BYDAY=MO,WE;UNTIL=20261001T035959Z');
    expect(ruleFields('FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE;UNTIL=20261001T035959Z', NY)).toEqual({
      freq: 'WEEKLY',
      interval: 2,
      byWeekday: ['MO', 'WE'],
      byMonthDay: [],
      count: null,
      until: '2026-09-30',
    });
  });

  it('every N, monthly, count; exception dates are left out', () => {
    const dtstart = new Date('2026-09-01T01:00:00Z');
    expect(expandRule({ rrule: 'FREQ=DAILY;INTERVAL=3;COUNT=4', timeZone: SH, dtstart }).map((d) => wall(d, SH).slice(0, 10))).toEqual(['2026-09-01', '2026-09-04', '2026-09-07', '2026-09-10']);
    const monthly = expandRule({ rrule: 'FREQ=MONTHLY;BYMONTHDAY=31;COUNT=3', timeZone: SH, dtstart: new Date('2026-08-31T01:00:00Z') });
    expect(monthly.map((d) => wall(d, SH).slice(0, 10))).toEqual(['2026-08-31', '2026-10-31', '2026-12-31']);
    const ex = expandRule({ rrule: 'FREQ=DAILY;COUNT=3', timeZone: SH, dtstart, exdates: [new Date('2026-09-02T01:00:00Z')] });
    expect(ex.map((d) => wall(d, SH).slice(0, 10))).toEqual(['2026-09-01', '2026-09-03']);
  });

  it('ending a rule before an occurrence keeps the earlier ones only', () => {
    const dtstart = new Date('2026-09-01T01:00:00Z');
    const all = expandRule({ rrule: 'FREQ=DAILY;COUNT=10', timeZone: SH, dtstart });
    const head = expandRule({ rrule: ruleEndingBefore('FREQ=DAILY;COUNT=10', all[4]!), timeZone: SH, dtstart });
    expect(head).toEqual(all.slice(0, 4));
  });

  it('more than 1000 occurrences, or no end at all, is refused with the cap message', () => {
    const dtstart = new Date('2026-09-01T01:00:00Z');
    expect(expandRule({ rrule: 'FREQ=DAILY;COUNT=1000', timeZone: SH, dtstart })).toHaveLength(1000);
    for (const rrule of ['FREQ=DAILY;COUNT=1001', 'FREQ=DAILY']) {
      let caught: unknown;
      try {
        expandRule({ rrule, timeZone: SH, dtstart });
      } catch (err) {
        caught = err;
      }
      expect(caught).toBeInstanceOf(DomainError);
      const e = caught as DomainError;
      expect(e.code).toBe('TOO_MANY_OCCURRENCES');
      expect(translate('zh', e.messageKey, e.params)).toBe('重复日程最多1000次，请设置更早的结束日期或更少的次数');
      expect(translate('en', e.messageKey, e.params)).toContain('at most 1000 occurrences');
    }
  });

  it('malformed rules and unknown zones are refused', () => {
    for (const bad of ['FREQ=BOGUS', 'garbage', 'FREQ=DAILY;COUNT=0', 'FREQ=DAILY;INTERVAL=-1', 'FREQ=DAILY;COUNT=2;UNTIL=20261212', 'DTSTART:20260101T000000Z\nRRULE:FREQ=DAILY']) {
      expect(() => normaliseRule(bad, SH), bad).toThrow(DomainError);
    }
    expect(() => expandRule({ rrule: 'FREQ=DAILY;COUNT=2', timeZone: 'Mars/Olympus', dtstart: new Date() })).toThrow(/timeZone.unknown/);
  });
});

describe('wall-time text', () => {
  it('matches Intl for every hour around both New York DST changes and in Shanghai and London', async () => {
    const { wallText } = await import('../../../server/lib/wall-time.ts');
    const { formatDateTime } = await import('../../../server/lib/wall-time.ts');
    for (const zone of ['America/New_York', 'Asia/Shanghai', 'Europe/London', 'Asia/Kolkata']) {
      for (const start of ['2026-03-07T00:00:00Z', '2026-10-30T00:00:00Z', '2026-03-28T00:00:00Z']) {
        for (let m = 0; m < 4 * 24 * 60; m += 7) {
          const d = new Date(Date.parse(start) + m * 60_000 + 13_000);
          expect(wallText(d, zone)).toBe(formatDateTime(d, zone));
        }
      }
    }
  });
});
