/** Dates, numbers and time-ago texts per language (spec section 9). Pure functions. */

export type Lang = 'zh' | 'en';
type Translate = (key: string, params?: Record<string, unknown>) => string;

const locales: Record<Lang, string> = { zh: 'zh-CN', en: 'en-GB' };

export function formatDateTime(value: Date | string, lang: Lang, timeZone?: string): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  return new Intl.DateTimeFormat(locales[lang], {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
    timeZone,
  }).format(date);
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
