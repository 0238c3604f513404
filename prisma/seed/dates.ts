import { DateTime } from 'luxon';

/**
 * "Today" of the demo data. Every seeded date is an offset from it, so a newcomer who logs in
 * right after `npm start` sees a busy current week, past work and deadlines ahead.
 *
 * Today is the current date in Asia/Shanghai (the office's zone), or `SEED_TODAY=yyyy-MM-dd`
 * when set. Tests and the bench pin it to `PINNED_SEED_TODAY`, the day the demo was written
 * against, so their data never moves.
 *
 * A day is represented as a `Date` at 00:00 UTC of that calendar day (what `@db.Date` columns
 * store); instants are built from it with hours (`at` helpers in the module seeds, `server/modules/<m>/<m>.seed.ts`).
 */
export const SEED_ZONE = 'Asia/Shanghai';

/** The day tests, the bench and the browser tests pin (`SEED_TODAY`); a Tuesday. */
export const PINNED_SEED_TODAY = '2026-09-01';

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Parses `yyyy-MM-dd` (a real calendar day) to 00:00 UTC of that day; throws a clear message otherwise. */
export function parseSeedToday(text: string, source = 'SEED_TODAY'): Date {
  const m = ISO_DAY.exec(text.trim());
  const parsed = m ? DateTime.fromObject({ year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) }, { zone: 'UTC' }) : null;
  if (!parsed?.isValid || parsed.year < 1970 || parsed.year > 9999) {
    throw new Error(`${source} must be a calendar day written yyyy-MM-dd (e.g. ${PINNED_SEED_TODAY}), got ${JSON.stringify(text)}`);
  }
  return parsed.toJSDate();
}

/** Today in Asia/Shanghai at `now`, as 00:00 UTC of that calendar day. */
export function currentSeedDay(now: Date = new Date()): Date {
  const local = DateTime.fromJSDate(now, { zone: SEED_ZONE });
  return DateTime.fromObject({ year: local.year, month: local.month, day: local.day }, { zone: 'UTC' }).toJSDate();
}

/** The seed's today: an explicit value, else `SEED_TODAY`, else the current day in Asia/Shanghai. */
export function resolveSeedToday(explicit?: string | Date, env: NodeJS.ProcessEnv = process.env, now: Date = new Date()): Date {
  if (explicit instanceof Date) return parseSeedToday(explicit.toISOString().slice(0, 10), 'today');
  if (explicit !== undefined) return parseSeedToday(explicit, 'today');
  const pinned = env.SEED_TODAY;
  if (pinned !== undefined && pinned !== '') return parseSeedToday(pinned);
  return currentSeedDay(now);
}

const DAY_MS = 86_400_000;

/** The calendar day `offset` days from `day` (00:00 UTC). */
export const addDays = (day: Date, offset: number): Date => new Date(day.getTime() + offset * DAY_MS);

/** Whole days from `from` to `to` (both days at 00:00 UTC). */
export const daysBetween = (from: Date, to: Date): number => Math.round((to.getTime() - from.getTime()) / DAY_MS);

const utc = (day: Date) => DateTime.fromJSDate(day, { zone: 'UTC' });

/**
 * Days from `today` to the given weekday (1 Monday ... 7 Sunday) of the week `weeks` weeks away
 * (weeks start on Monday; 0 is today's week). Weekly series start on a day of their rule.
 */
export function weekdayOffset(today: Date, weeks: number, isoWeekday: number): number {
  return weeks * 7 + isoWeekday - utc(today).weekday;
}

/** Days from `today` to day `dayOfMonth` of the month `months` months away (clamped to the month's last day). */
export function monthDayOffset(today: Date, months: number, dayOfMonth: number): number {
  const month = utc(today).startOf('month').plus({ months });
  const target = month.set({ day: Math.min(dayOfMonth, month.daysInMonth ?? 28) });
  return daysBetween(today, target.toJSDate());
}

/** The same calendar day `years` years away (29 February becomes 28 February in common years). */
export const addYears = (day: Date, years: number): Date => utc(day).plus({ years }).toJSDate();

/**
 * The autumn intake the current admissions season applies for: applications run from spring
 * to the next winter, so from April on it is next year's.
 */
export const entryYear = (today: Date): number => today.getUTCFullYear() + (today.getUTCMonth() >= 3 ? 1 : 0);
