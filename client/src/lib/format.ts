/** Dates, numbers and time-ago texts per language (spec section 9). Pure functions. */

export type Lang = 'zh' | 'en';
type Translate = (key: string, params?: Record<string, unknown>) => string;

/** The Intl locale of each language (month and weekday names, the calendars' texts). */
export const LOCALES: Record<Lang, string> = { zh: 'zh-CN', en: 'en-GB' };

const formatters = new Map<string, Intl.DateTimeFormat>();
/** The parts of a moment in a zone, numeric and locale-free (en-CA would do it too, but its output has changed between ICU versions). */
function partsOf(value: Date | string, timeZone: string | undefined): Record<'year' | 'month' | 'day' | 'hour' | 'minute', string> {
  const key = timeZone ?? '';
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone });
    formatters.set(key, f);
  }
  const out = { year: '', month: '', day: '', hour: '', minute: '' };
  for (const part of f.formatToParts(asDate(value))) if (part.type in out) out[part.type as keyof typeof out] = part.value;
  return out;
}
const asDate = (value: Date | string) => (typeof value === 'string' ? new Date(value) : value);

/**
 * The one date and time formatter: the viewer's time zone, 24-hour clock, and in both languages
 * the same unambiguous yyyy-MM-dd (2026-09-01 14:00): never dd/mm or mm/dd, which staff who work
 * with US and UK schools read differently (docs/ui-kit.md, "Dates"). `lang` stays in the
 * signature for spelled-out forms. Screens use `useFormat()` (lib/useFormat.ts), which fills in
 * the language and the zone.
 */
export function formatDateTime(value: Date | string, _lang: Lang, timeZone?: string): string {
  const p = partsOf(value, timeZone);
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
}
export function formatDate(value: Date | string, _lang: Lang, timeZone?: string): string {
  const p = partsOf(value, timeZone);
  return `${p.year}-${p.month}-${p.day}`;
}
export function formatTime(value: Date | string, _lang: Lang, timeZone?: string): string {
  const p = partsOf(value, timeZone);
  return `${p.hour}:${p.minute}`;
}

/** A typed day: yyyy-MM-dd, yyyy/M/d, yyyy.M.d or yyyyMMdd, as yyyy-MM-dd; null when it is not a day of the calendar. */
export function parseDay(text: string): string | null {
  const m = /^(\d{4})[-/.年]?(\d{1,2})[-/.月]?(\d{1,2})日?$/.exec(text.trim());
  if (!m) return null;
  const compact = !/[-/.年]/.test(text);
  if (compact && text.trim().length !== 8) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  return `${m[1]}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}
/** A span: the end's date is left out when it is the same day. */
export function formatRange(start: Date | string, end: Date | string, lang: Lang, timeZone?: string): string {
  const sameDay = formatDate(start, lang, timeZone) === formatDate(end, lang, timeZone);
  return `${formatDateTime(start, lang, timeZone)} – ${sameDay ? formatTime(end, lang, timeZone) : formatDateTime(end, lang, timeZone)}`;
}

/** Time-ago text; switches at 30 s, 1 h, 24 h and 48 h, then shows the date and time. */
export function timeAgo(value: Date | string, now: Date, lang: Lang, t: Translate, timeZone?: string): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  const seconds = (now.getTime() - date.getTime()) / 1000;
  if (seconds < 30) return t('client.time.justNow');
  if (seconds < 3600) return t('client.time.minutesAgo', { count: Math.ceil(seconds / 60) });
  if (seconds < 3600 * 24) return t('client.time.hoursAgo', { count: Math.ceil(seconds / 3600) });
  if (seconds < 3600 * 48) return t('client.time.oneDayAgo');
  return formatDateTime(date, lang, timeZone);
}

const SUFFIXES = [
  { value: 1e18, symbol: 'E' },
  { value: 1e15, symbol: 'P' },
  { value: 1e12, symbol: 'T' },
  { value: 1e9, symbol: 'G' },
  { value: 1e6, symbol: 'M' },
  { value: 1e3, symbol: 'k' },
];

/** 1234 -> "1.2k", 5e9 -> "5G" (units k, M, G, T, P, E). */
export function numberSuffix(value: number, digits = 1): string {
  for (const { value: unit, symbol } of SUFFIXES) {
    if (Math.abs(value) >= unit) {
      return (value / unit).toFixed(digits).replace(/\.0+$|(\.[0-9]*[1-9])0+$/, '$1') + symbol;
    }
  }
  return String(value);
}

/** Monday of the week holding `date` (date-range helpers start weeks on Monday). */
export function startOfWeek(date: Date): Date {
  const d = new Date(date.getFullYear(), date.getMonth(), date.getDate());
  const offset = (d.getDay() + 6) % 7;
  d.setDate(d.getDate() - offset);
  return d;
}

/** Spec section 9: sm up to 1440, md above 1440, lg above 1680; mobile layout under 1024. */
export type ScreenClass = 'sm' | 'md' | 'lg';
export function screenClass(width: number): ScreenClass {
  if (width > 1680) return 'lg';
  if (width > 1440) return 'md';
  return 'sm';
}
export const MOBILE_BELOW = 1024;

/** Links longer than 30 characters are shown as their first 20 plus an ellipsis. */
export function shortLink(text: string): string {
  return text.length > 30 ? `${text.slice(0, 20)}...` : text;
}
