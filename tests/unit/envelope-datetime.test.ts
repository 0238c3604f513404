/**
 * Legacy lists format every date-time with formatDateTime (`yyyy-MM-dd HH:mm:ss` in the caller's
 * zone). It is built by arithmetic from a cached per-hour zone offset; the text must be exactly
 * what luxon gives for the same instant and zone, DST transitions, half-hour and 45-minute zones,
 * skipped days and historical offsets with seconds included.
 */
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../server/lib/wall-time.ts';

const ZONES = [
  'Asia/Shanghai',
  'America/New_York',
  'Europe/London',
  'UTC',
  'Asia/Kolkata', // +05:30
  'Asia/Kathmandu', // +05:45
  'Australia/Eucla', // +08:45
  'Australia/Lord_Howe', // half-hour DST shift at 02:00 local, i.e. on a UTC half hour
  'America/St_Johns', // -03:30 with DST
  'Pacific/Chatham', // +12:45 / +13:45
  'Australia/Adelaide',
  'America/Sao_Paulo',
  'Africa/Casablanca',
  'Europe/Dublin',
  'Pacific/Apia', // Apia skipped 2011-12-30
];

const luxonText = (d: Date, zone: string) => DateTime.fromJSDate(d, { zone }).toFormat('yyyy-MM-dd HH:mm:ss');

function mismatches(instants: number[], zone: string): string[] {
  const out: string[] = [];
  for (const t of instants) {
    const d = new Date(t);
    const got = formatDateTime(d, zone);
    const want = luxonText(d, zone);
    if (got !== want) out.push(`${zone} ${d.toISOString()}: ${got} != ${want}`);
  }
  return out;
}

function range(from: number, to: number, step: number): number[] {
  const out: number[] = [];
  for (let t = from; t < to; t += step) out.push(t);
  return out;
}

// Hundreds of thousands of luxon comparisons: CPU-bound, so a loaded machine gets more time.
describe('formatDateTime', { timeout: 120_000 }, () => {
  it('matches luxon every hour (and at odd minutes and seconds) of a DST year in every zone', () => {
    const from = Date.UTC(2026, 0, 1);
    const to = Date.UTC(2027, 0, 1);
    for (const zone of ZONES) {
      // Hourly, on the hour and off it (:30, :45 and the last millisecond catch half-hour and 45-minute changes).
      const instants = range(from, to, 3_600_000).flatMap((t) => [t, t + 1_800_000, t + 2_700_000, t + 3_599_999]);
      expect(mismatches(instants, zone)).toEqual([]);
    }
  });

  it('matches luxon at the second before, at and after each 2026 transition', () => {
    for (const zone of ZONES) {
      const transitions: number[] = [];
      let prev = DateTime.fromMillis(Date.UTC(2026, 0, 1), { zone }).offset;
      for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2027, 0, 1); t += 900_000) {
        const off = DateTime.fromMillis(t, { zone }).offset;
        if (off !== prev) transitions.push(t);
        prev = off;
      }
      const instants = transitions.flatMap((t) => range(t - 3_600_000, t + 3_600_000, 1000));
      expect(mismatches(instants, zone)).toEqual([]);
    }
  });

  it('matches luxon from 1890 to 2040 (historical offsets with seconds, skipped days, instants before 1970)', () => {
    for (const zone of ZONES) {
      expect(mismatches(range(Date.UTC(1890, 0, 1), Date.UTC(2040, 0, 1), 97 * 3_600_000 + 1_234), zone)).toEqual([]);
    }
  });

  it('answers null for no date and refuses an unknown zone or an invalid date as before', () => {
    expect(formatDateTime(null, 'UTC')).toBeNull();
    expect(formatDateTime(undefined, 'Asia/Shanghai')).toBeNull();
    expect(() => formatDateTime(new Date(0), 'Not/AZone')).toThrow(RangeError);
    expect(() => formatDateTime(new Date(Number.NaN), 'UTC')).toThrow(RangeError);
    expect(formatDateTime(new Date(Date.UTC(2026, 8, 1, 16, 0, 0, 999)), 'Asia/Shanghai')).toBe('2026-09-02 00:00:00');
    expect(formatDateTime(new Date(Date.UTC(2026, 2, 8, 7, 0, 0)), 'America/New_York')).toBe('2026-03-08 03:00:00');
  });
});
