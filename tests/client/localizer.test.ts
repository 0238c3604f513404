/**
 * My Calendar's localizer answers from a cache (client/src/components/calendar/localizer.ts);
 * every answer must be react-big-calendar's luxon localizer's, in every zone, around DST
 * changes and for 30/45-minute offsets.
 */
import { DateTime } from 'luxon';
import { luxonLocalizer } from 'react-big-calendar';
import { describe, expect, it } from 'vitest';
import { localizer, setCalendarZone } from '../../client/src/components/calendar/localizer.ts';

const ZONES = ['Asia/Shanghai', 'America/New_York', 'Europe/London', 'Australia/Lord_Howe', 'Asia/Kathmandu', 'America/St_Johns'];
const UNITS = [undefined, 'minutes', 'hours', 'day', 'week', 'month'] as const;
const plain = luxonLocalizer(DateTime, { firstDayOfWeek: 1 });

/** Instants every 7 hours 13 minutes through 2026 (every hour and minute of the day in turn), plus midnights and half past. */
function instants(zone: string): Date[] {
  const out: Date[] = [];
  for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2027, 0, 8); t += 433 * 60_000) out.push(new Date(t));
  for (let d = DateTime.fromObject({ year: 2026, month: 1, day: 1 }, { zone }); d.year === 2026; d = d.plus({ days: 5 })) out.push(d.toJSDate(), d.plus({ minutes: 30 }).toJSDate());
  return out;
}

describe('the calendar localizer', () => {
  for (const zone of ZONES) {
    it(`answers as the luxon localizer in ${zone}`, () => {
      setCalendarZone(zone);
      const all = instants(zone);
      const L = localizer as unknown as Record<string, (...a: unknown[]) => unknown>;
      const P = plain as unknown as Record<string, (...a: unknown[]) => unknown>;
      const differences: string[] = [];
      let compared = 0;
      const same = (fn: string, ...args: unknown[]) => {
        const a = L[fn]!(...args);
        const b = P[fn]!(...args);
        compared += 1;
        if (!Object.is(a instanceof Date ? a.getTime() : a, b instanceof Date ? b.getTime() : b)) differences.push(`${fn}(${JSON.stringify(args)}): ${String(a)} against ${String(b)}`);
      };
      for (let i = 0; i < all.length; i++) {
        const a = all[i]!;
        const b = all[(i * 7 + 13) % all.length]!;
        const c = all[Math.min(all.length - 1, i + 1 + (i % 40))]!;
        for (const unit of UNITS) {
          for (const fn of ['eq', 'neq', 'lt', 'lte', 'gt', 'gte']) same(fn, a, b, unit);
          same('eq', a, c, unit);
          if (unit) same('startOf', a, unit);
          if (unit) same('diff', a, c, unit);
          if (unit) same('ceil', a, unit);
          if (unit) same('add', a, (i % 5) - 2, unit);
          if (unit) same('inRange', a, b < c ? b : c, b < c ? c : b, unit);
        }
        same('inRange', a, b < c ? b : c, b < c ? c : b);
        for (const fn of ['min', 'max', 'daySpan', 'isSameDate', 'continuesPrior']) same(fn, a, c);
        same('continuesAfter', a, c, b);
        const e1 = { start: a, end: c, allDay: i % 5 === 0 };
        const e2 = { start: b, end: all[Math.min(all.length - 1, (i * 7 + 14) % all.length)]!, allDay: i % 3 === 0 };
        same('sortEvents', { evtA: e1, evtB: e2 });
        same('inEventRange', { event: e1, range: { start: b < c ? b : c, end: b < c ? c : b } });
        same('inEventRange', { event: { start: a, end: a }, range: { start: a, end: c } });
      }
      // What the library also passes: no date (startOf means now), invalid and missing dates.
      const invalid = new Date(NaN);
      for (const unit of UNITS) {
        for (const fn of ['eq', 'neq', 'lt', 'lte', 'gt', 'gte']) {
          same(fn, undefined, all[0], unit);
          same(fn, invalid, all[0], unit);
          same(fn, all[0], null, unit);
        }
        if (unit) same('startOf', invalid, unit);
      }
      same('startOf', undefined, 'day');
      same('startOf', undefined, 'month');
      for (const fn of ['min', 'max', 'daySpan', 'isSameDate', 'diff']) same(fn, invalid, all[0]);
      same('add', invalid, 1, 'day');
      same('ceil', invalid, 'day');
      expect(compared).toBeGreaterThan(50_000);
      expect(differences.slice(0, 5)).toEqual([]);
    }, 120_000);
  }
});
