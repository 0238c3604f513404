/** IANA time-zone names: checked once per name (luxon builds a formatter to check). */
import { IANAZone } from 'luxon';
import { ValidationError } from '../errors.ts';

const known = new Map<string, boolean>();

/** Whether the runtime's time-zone database knows the name. */
export function isValidZone(zone: unknown): zone is string {
  if (typeof zone !== 'string' || zone.length === 0 || zone.length > 64) return false;
  let ok = known.get(zone);
  if (ok === undefined) {
    ok = IANAZone.isValidZone(zone);
    if (known.size > 5000) known.clear();
    known.set(zone, ok);
  }
  return ok;
}

/** The zone when the runtime knows it; otherwise a validation error naming it (未知的时区). */
export function requireZone(zone: unknown): string {
  if (!isValidZone(zone)) throw new ValidationError('timeZone.unknown', { zone: String(zone).slice(0, 64) });
  return zone;
}

const offsetFormats = new Map<string, Intl.DateTimeFormat>();

/** Current UTC offset of a zone, like "+08:00". Formatters are cached: building one is slow. */
export function utcOffset(timeZone: string, at = new Date()): string {
  try {
    let format = offsetFormats.get(timeZone);
    if (!format) {
      format = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' });
      offsetFormats.set(timeZone, format);
    }
    const part = format.formatToParts(at).find((p) => p.type === 'timeZoneName')?.value;
    const m = /GMT([+-]\d{2}:\d{2})?/.exec(part ?? '');
    return m?.[1] ?? '+00:00';
  } catch {
    return '+00:00';
  }
}
