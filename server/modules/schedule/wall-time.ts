/**
 * Fast wall-clock text of instants in a zone, for answers with thousands of date-times.
 * Intl's formatToParts costs microseconds per call; a zone's offset only changes at DST
 * transitions (always on a quarter hour), so the offset is computed once per zone and quarter
 * hour and the text is then built from UTC fields.
 */
import { formatDateTime } from '../../rest/envelope.ts';

const QUARTER = 15 * 60_000;
const offsets = new Map<string, number>();

function offsetAt(ms: number, zone: string): number {
  const key = `${zone}|${Math.floor(ms / QUARTER)}`;
  let off = offsets.get(key);
  if (off === undefined) {
    if (offsets.size > 50_000) offsets.clear();
    const base = Math.floor(ms / QUARTER) * QUARTER;
    const text = formatDateTime(new Date(base), zone)!; // yyyy-MM-dd HH:mm:ss
    const wall = Date.UTC(+text.slice(0, 4), +text.slice(5, 7) - 1, +text.slice(8, 10), +text.slice(11, 13), +text.slice(14, 16), +text.slice(17, 19));
    off = wall - base;
    offsets.set(key, off);
  }
  return off;
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** `yyyy-MM-dd HH:mm:ss` (or with `T` as separator) of an instant in an IANA zone. */
export function wallText(instant: Date, zone: string, separator: ' ' | 'T' = ' '): string {
  const ms = instant.getTime();
  const d = new Date(ms + offsetAt(ms, zone));
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}${separator}${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}
