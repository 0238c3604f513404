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
