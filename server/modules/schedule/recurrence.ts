/**
 * Recurrence rules (RFC 5545 RRULE) expanded in a series' own time zone.
 *
 * `rrule` expands in floating wall-clock time (dates whose UTC fields are the local wall
 * time), so a weekly 09:00 meeting gives 09:00 every week; each wall time is then mapped to
 * an instant with luxon in the series' zone. RFC 5545 section 3.3.5 decides the two DST edge
 * cases, and so do calendar clients reading our feeds:
 * - a wall time that does not exist (spring forward, 02:30 in New York on the second Sunday
 *   of March) is read with the offset before the gap: 02:30 EST, i.e. 03:30 EDT;
 * - a wall time that happens twice (fall back, 01:30 on the first Sunday of November) is the
 *   first of the two: 01:30 EDT.
 */
import { DateTime } from 'luxon';
import * as rruleNs from 'rrule';
import { ValidationError } from '../../errors.ts';

// rrule ships CommonJS for Node (exports on `default`) and ESM for bundlers (named exports).
const { RRule } = (rruleNs as unknown as { default?: typeof rruleNs }).default ?? rruleNs;
type RRuleOptions = ConstructorParameters<typeof RRule>[0] & {};

/** Longest series: more occurrences than this are refused. */
export const MAX_OCCURRENCES = 1000;

export const FREQUENCIES = ['DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'] as const;
export type Frequency = (typeof FREQUENCIES)[number];
export const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
export type WeekdayCode = (typeof WEEKDAYS)[number];

/** A rule in fields, as forms send it. `until` is a calendar day in the series' zone, inclusive. */
export type RuleFields = {
  freq: Frequency;
  interval?: number | null;
  byWeekday?: WeekdayCode[] | null;
  byMonthDay?: number[] | null;
  count?: number | null;
  until?: string | null;
};

import { requireZone } from '../../lib/zones.ts';
import { scheduleErrors } from './schedule.errors.ts';

const FREQ_NUM: Record<Frequency, number> = { YEARLY: RRule.YEARLY, MONTHLY: RRule.MONTHLY, WEEKLY: RRule.WEEKLY, DAILY: RRule.DAILY };

function invalidRule(): never {
  throw new ValidationError('schedule.ruleInvalid', undefined, 'INVALID_RULE');
}

/** End of a calendar day (yyyy-MM-dd or yyyyMMdd) in the zone, as an instant. */
function endOfDayInstant(day: string, zone: string): Date {
  const dt = DateTime.fromFormat(day.replace(/-/g, ''), 'yyyyMMdd', { zone });
  if (!dt.isValid) invalidRule();
  return dt.endOf('day').set({ millisecond: 0 }).toJSDate();
}

/**
 * The canonical RRULE text we store (no `RRULE:` prefix, no DTSTART): FREQ, INTERVAL when
 * above 1, BY* parts, and COUNT or UNTIL (an instant in UTC, as RFC 5545 requires when DTSTART
 * names a zone). A bare-date UNTIL means the end of that day in the series' zone.
 */
export function normaliseRule(input: string | RuleFields, zone: string): string {
  let opts: Partial<RRuleOptions>;
  if (typeof input === 'string') {
    const text = input.trim().replace(/^RRULE:/i, '');
    if (!text || text.length > 500 || /[\r\n]/.test(text) || /DTSTART|TZID/i.test(text)) invalidRule();
    const bareUntil = /(^|;)UNTIL=(\d{8})(?=;|$)/i.exec(text);
    try {
      opts = RRule.parseString(text.replace(/(^|;)UNTIL=\d{8}(?=;|$)/i, '$1UNTIL=20000101T000000Z'));
    } catch {
      invalidRule();
    }
    if (bareUntil?.[2]) opts.until = endOfDayInstant(bareUntil[2], zone);
  } else {
    const days = input.byWeekday ?? [];
    opts = {
      freq: FREQ_NUM[input.freq],
      interval: input.interval ?? 1,
      byweekday: days.length ? days.map((d) => RRule[d]) : null,
      bymonthday: input.byMonthDay?.length ? input.byMonthDay : null,
      count: input.count ?? null,
      until: input.until ? endOfDayInstant(input.until, zone) : null,
    };
  }
  if (opts.freq === undefined || opts.freq === null || ![RRule.YEARLY, RRule.MONTHLY, RRule.WEEKLY, RRule.DAILY].includes(opts.freq)) invalidRule();
  if (opts.interval !== undefined && opts.interval !== null && (!Number.isInteger(opts.interval) || opts.interval < 1 || opts.interval > 366)) invalidRule();
  if (opts.count !== undefined && opts.count !== null && (!Number.isInteger(opts.count) || opts.count < 1)) invalidRule();
  if (opts.count && opts.until) invalidRule();
  if (opts.until && Number.isNaN(opts.until.getTime())) invalidRule();
  const clean: Partial<RRuleOptions> = {
    freq: opts.freq,
    interval: opts.interval && opts.interval > 1 ? opts.interval : 1,
    byweekday: opts.byweekday ?? null,
    bymonthday: opts.bymonthday ?? null,
    bymonth: opts.bymonth ?? null,
    bysetpos: opts.bysetpos ?? null,
    count: opts.count ?? null,
    until: opts.until ?? null,
    wkst: opts.wkst ?? null,
  };
  try {
    return RRule.optionsToString(clean).replace(/^RRULE:/, '');
  } catch {
    invalidRule();
  }
}

/** A local wall time as the floating Date rrule works with. */
function floating(dt: DateTime): Date {
  return new Date(Date.UTC(dt.year, dt.month - 1, dt.day, dt.hour, dt.minute, dt.second));
}

/** Floating wall time to an instant in the zone, deciding the DST edges as RFC 5545 does. */
export function wallToInstant(wall: { year: number; month: number; day: number; hour: number; minute: number; second: number }, zone: string): Date {
  const dt = DateTime.fromObject(wall, { zone });
  // Ambiguous (fall back): the first of the possible instants. A gap (spring forward) gives one
  // candidate, which luxon has already moved forward by the gap: the offset before the gap.
  const candidates = dt.getPossibleOffsets();
  let best = dt;
  for (const c of candidates) if (c.toMillis() < best.toMillis()) best = c;
  return best.toJSDate();
}

function floatingToInstant(d: Date, zone: string): Date {
  return wallToInstant({ year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate(), hour: d.getUTCHours(), minute: d.getUTCMinutes(), second: d.getUTCSeconds() }, zone);
}

export type ExpandInput = { rrule: string; timeZone: string; dtstart: Date; exdates?: Date[] };

/**
 * Every start of the series, as instants, in order, without the exception dates. Throws the
 * translated cap message when the rule would make more than MAX_OCCURRENCES (endless rules
 * included); the cap counts the rule's occurrences before exception dates are removed.
 */
export function expandRule(input: ExpandInput): Date[] {
  const zone = requireZone(input.timeZone);
  let opts: Partial<RRuleOptions>;
  try {
    opts = RRule.parseString(input.rrule);
  } catch {
    invalidRule();
  }
  const local = DateTime.fromJSDate(input.dtstart, { zone });
  const ruleOpts: Partial<RRuleOptions> = { ...opts, dtstart: floating(local), tzid: null };
  if (opts.until) ruleOpts.until = floating(DateTime.fromJSDate(opts.until, { zone }));
  const rule = new RRule(ruleOpts);
  const walls: Date[] = [];
  let overflow = false;
  rule.all((d, len) => {
    if (len >= MAX_OCCURRENCES) {
      overflow = true;
      return false;
    }
    walls.push(d);
    return true;
  });
  if (overflow) throw scheduleErrors.rule('TOO_MANY_OCCURRENCES', 'schedule.tooManyOccurrences', { max: MAX_OCCURRENCES });
  const skip = new Set((input.exdates ?? []).map((d) => d.getTime()));
  const out: Date[] = [];
  for (const w of walls) {
    const instant = floatingToInstant(w, zone);
    if (!skip.has(instant.getTime())) out.push(instant);
  }
  return out;
}

/** The rule's parts, for display and forms. */
export function ruleFields(rrule: string, zone: string): { freq: Frequency; interval: number; byWeekday: WeekdayCode[]; byMonthDay: number[]; count: number | null; until: string | null } {
  const o = RRule.parseString(rrule);
  const freq = (Object.entries(FREQ_NUM).find(([, n]) => n === o.freq)?.[0] ?? 'DAILY') as Frequency;
  const days = (Array.isArray(o.byweekday) ? o.byweekday : o.byweekday !== undefined && o.byweekday !== null ? [o.byweekday] : []).map((w) =>
    typeof w === 'number' ? WEEKDAYS[w] : typeof w === 'string' ? (w as WeekdayCode) : WEEKDAYS[w.weekday],
  ) as WeekdayCode[];
  const monthDays = Array.isArray(o.bymonthday) ? o.bymonthday : typeof o.bymonthday === 'number' ? [o.bymonthday] : [];
  return {
    freq,
    interval: o.interval ?? 1,
    byWeekday: days,
    byMonthDay: monthDays,
    count: o.count ?? null,
    until: o.until ? DateTime.fromJSDate(o.until, { zone }).toFormat('yyyy-MM-dd') : null,
  };
}

/** The same rule ending just before `instant` (UNTIL in UTC); COUNT is replaced. */
export function ruleEndingBefore(rrule: string, instant: Date): string {
  const o = RRule.parseString(rrule);
  return RRule.optionsToString({ ...o, count: null, until: new Date(instant.getTime() - 1000) }).replace(/^RRULE:/, '');
}

/** The same rule with COUNT lowered by `used` occurrences (for the tail of a split series). */
export function ruleWithCountReduced(rrule: string, used: number): string {
  const o = RRule.parseString(rrule);
  if (!o.count) return rrule;
  return RRule.optionsToString({ ...o, count: Math.max(1, o.count - used) }).replace(/^RRULE:/, '');
}

/** The RRULE value of a stored or imported rule (`FREQ=...` or `RRULE:FREQ=...`, first rule line only). */
export function ruleValue(text: string): string {
  const lines = text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  const line = lines.find((l) => /^RRULE:/i.test(l)) ?? lines.find((l) => /FREQ=/i.test(l)) ?? '';
  return line.replace(/^RRULE:/i, '');
}
