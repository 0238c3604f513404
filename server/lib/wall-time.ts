/**
 * Wall-clock text of instants and reading of wall times, in IANA zones: the legacy door's
 * `yyyy-MM-dd HH:mm:ss` (every legacy list, so a hot path), the calendar's and the ICS
 * feed's wall times. Shared by every module (server/lib: no module owns it).
 */
import { DateTime } from 'luxon';
import { ValidationError } from '../errors.ts';

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let format = dateTimeFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    dateTimeFormats.set(timeZone, format);
  }
  return format;
}

/** The exact (slow: microseconds per call) form: Intl's parts of the instant in the zone. */
function formatWithIntl(date: Date, timeZone: string): string {
  const parts = formatterFor(timeZone).formatToParts(date);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '00';
  return `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')}:${get('second')}`;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
/** Per zone: UTC hour number → the zone's offset (ms) throughout that hour, NaN when it changes inside the hour. */
const hourOffsets = new Map<string, Map<number, number>>();
const TWO_DIGITS = Array.from({ length: 100 }, (_, i) => (i < 10 ? `0${i}` : String(i)));

/** The zone's offset (wall time minus UTC, ms) at an instant on a whole second, read from Intl. */
function offsetAt(ms: number, timeZone: string): number {
  const text = formatWithIntl(new Date(ms), timeZone);
  return Date.UTC(+text.slice(0, 4), +text.slice(5, 7) - 1, +text.slice(8, 10), +text.slice(11, 13), +text.slice(14, 16), +text.slice(17, 19)) - ms;
}

/**
 * `yyyy-MM-dd HH:mm:ss` in the given IANA zone (every legacy list, so it is a hot path).
 * The zone's offset is read from Intl once per zone and UTC hour (checked at the hour's first
 * and last second, so a transition on a half or quarter hour marks the hour as mixed and its
 * instants are formatted by Intl); the text is then built by arithmetic. Same output as Intl /
 * luxon for every zone (tests/unit/envelope-datetime.test.ts); years outside 1000..9999 go
 * through Intl too.
 */
export function formatDateTime(date: Date | null | undefined, timeZone: string): string | null {
  if (!date) return null;
  const ms = date.getTime();
  let zone = hourOffsets.get(timeZone);
  if (!zone) {
    formatterFor(timeZone); // an unknown zone throws RangeError here, as Intl does
    zone = new Map();
    hourOffsets.set(timeZone, zone);
  }
  const hour = Math.floor(ms / HOUR_MS);
  let offset = zone.get(hour);
  if (offset === undefined) {
    if (Number.isNaN(ms)) return formatWithIntl(date, timeZone); // an invalid date throws RangeError, as before
    const start = hour * HOUR_MS;
    const first = offsetAt(start, timeZone);
    offset = offsetAt(start + HOUR_MS - 1000, timeZone) === first ? first : Number.NaN;
    if (zone.size >= 100_000) zone.clear();
    zone.set(hour, offset);
  }
  if (Number.isNaN(offset)) return formatWithIntl(date, timeZone);
  const local = ms + offset;
  const days = Math.floor(local / DAY_MS);
  const seconds = Math.floor((local - days * DAY_MS) / 1000);
  // Civil date of a day number (days since 1970-01-01), H. Hinnant's days_from_civil inverse.
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yoe + era * 400 + (month <= 2 ? 1 : 0);
  if (year < 1000 || year > 9999) return formatWithIntl(date, timeZone);
  return `${year}-${TWO_DIGITS[month]}-${TWO_DIGITS[day]} ${TWO_DIGITS[Math.floor(seconds / 3600)]}:${TWO_DIGITS[Math.floor(seconds / 60) % 60]}:${TWO_DIGITS[seconds % 60]}`;
}

const DAY_TEXT = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Whether a text is `yyyy-MM-dd` naming a day that exists (years 1000 to 9999): `2026-02-30`
 * is refused, never read as 2026-03-02.
 */
export function isCalendarDay(text: unknown): boolean {
  if (typeof text !== 'string') return false;
  const m = DAY_TEXT.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 1000 || mo < 1 || mo > 12 || d < 1) return false;
  return d <= new Date(Date.UTC(y, mo, 0)).getUTCDate();
}

/**
 * An instant from ISO 8601 text (`2026-03-01T09:30:00+08:00`, `...Z`, or without an offset:
 * read as before, by the JavaScript Date): null when it names a date or time that does not
 * exist (`2026-02-30`, `T99:99`) or is not ISO 8601 at all.
 */
export function parseIsoInstant(text: unknown): Date | null {
  if (typeof text !== 'string' || text.length > 40) return null;
  const strict = DateTime.fromISO(text, { setZone: true });
  if (!strict.isValid || strict.year < 1000 || strict.year > 9999) return null;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * Whether a text names a date and time that exist, ISO 8601 or `yyyy-MM-dd HH:mm[:ss]`, as the
 * JavaScript Date reads it (for inputs read with `new Date(text)`): `2026-02-30 10:00` and
 * `2026-03-01T99:99` are refused instead of rolling over.
 */
export function isRealDateTimeText(text: unknown): boolean {
  if (typeof text !== 'string' || Number.isNaN(Date.parse(text))) return false;
  if (parseIsoInstant(text)) return true;
  const sql = DateTime.fromSQL(text);
  return sql.isValid && sql.year >= 1000 && sql.year <= 9999;
}

/** `yyyy-MM-dd` of a calendar day stored as a date. */
export function formatDate(date: Date | null | undefined): string | null {
  return date ? date.toISOString().slice(0, 10) : null;
}

/**
 * Reads a legacy date-time (`yyyy-MM-dd HH:mm:ss`, or a bare `yyyy-MM-dd`) as a wall time in
 * the caller's zone. A bare day means its start, or its end when `endOfDay` is set.
 * Empty means "not given"; anything else unreadable is refused naming the legacy field.
 */
export function parseLegacyDateTime(value: unknown, field: string, timeZone: string, endOfDay = false): Date | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') throw new ValidationError('validation.invalid', { field });
  const text = value.trim();
  let dt = DateTime.fromFormat(text, 'yyyy-MM-dd HH:mm:ss', { zone: timeZone });
  if (!dt.isValid) {
    const day = DateTime.fromFormat(text, 'yyyy-MM-dd', { zone: timeZone });
    dt = endOfDay ? day.endOf('day') : day.startOf('day');
  }
  if (!dt.isValid) throw new ValidationError('validation.invalid', { field });
  return dt.toJSDate();
}

/** `yyyy-MM-dd HH:mm:ss` (or with `T` as separator) of an instant in an IANA zone. */
export function wallText(instant: Date, zone: string, separator: ' ' | 'T' = ' '): string {
  const text = formatDateTime(instant, zone) as string;
  return separator === ' ' ? text : `${text.slice(0, 10)}T${text.slice(11)}`;
}
