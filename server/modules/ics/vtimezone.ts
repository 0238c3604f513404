import { DateTime, IANAZone } from 'luxon';

/**
 * VTIMEZONE components generated from the runtime's time-zone database (ICU, through luxon),
 * the same data the schedule expands series with, so a feed's local times and the stored
 * instants can never disagree. No table is written by hand: the offsets of a zone are sampled
 * over the years asked for and each change is located to the minute by bisection.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const cache = new Map<string, string | null>();

function offsetAt(zone: IANAZone, ms: number): number {
  return zone.offset(ms);
}

/** First instant (to the minute) in (lo, hi] whose offset differs from the offset at lo. */
function bisect(zone: IANAZone, lo: number, hi: number): number {
  const before = offsetAt(zone, lo);
  while (hi - lo > 60_000) {
    const mid = lo + Math.max(60_000, Math.floor((hi - lo) / 2 / 60_000) * 60_000);
    if (offsetAt(zone, mid) === before) lo = mid;
    else hi = mid;
  }
  return hi;
}

function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}${String(abs % 60).padStart(2, '0')}`;
}

/** Local wall time of `ms` at a fixed offset, as an ICS floating date-time. */
function wallAt(ms: number, offsetMinutes: number): string {
  return DateTime.fromMillis(ms + offsetMinutes * 60_000, { zone: 'UTC' }).toFormat("yyyyLLdd'T'HHmmss");
}

function component(zoneName: string, atMs: number, from: number, to: number, dtstart: string): string {
  const dt = DateTime.fromMillis(atMs, { zone: zoneName });
  const kind = dt.isInDST ? 'DAYLIGHT' : 'STANDARD';
  const name = (dt.offsetNameShort ?? '').replace(/[^A-Za-z0-9+\-:]/g, '') || formatOffset(to);
  return [
    `BEGIN:${kind}`,
    `DTSTART:${dtstart}`,
    `TZOFFSETFROM:${formatOffset(from)}`,
    `TZOFFSETTO:${formatOffset(to)}`,
    `TZNAME:${name}`,
    `END:${kind}`,
  ].join('\r\n');
}

/**
 * The VTIMEZONE of an IANA zone covering the years `fromYear` to `toYear` (inclusive), or null
 * for a name the runtime does not know (the event is then written in UTC by the caller).
 */
export function vtimezone(zoneName: string, fromYear: number, toYear: number): string | null {
  const key = `${zoneName}|${fromYear}|${toYear}`;
  if (cache.has(key)) return cache.get(key) ?? null;
  if (!IANAZone.isValidZone(zoneName)) {
    cache.set(key, null);
    return null;
  }
  const zone = IANAZone.create(zoneName);
  const start = Date.UTC(fromYear, 0, 1);
  const end = Date.UTC(toYear + 1, 0, 1);
  const initial = offsetAt(zone, start);
  const parts: string[] = [component(zoneName, start, initial, initial, '19700101T000000')];
  let prevMs = start;
  let prevOffset = initial;
  for (let ms = start + DAY; ms <= end; ms += DAY) {
    const offset = offsetAt(zone, ms);
    if (offset === prevOffset) {
      prevMs = ms;
      continue;
    }
    const at = bisect(zone, prevMs, ms);
    // DTSTART of an onset is the local time just before it, in the old offset (RFC 5545 3.6.5).
    parts.push(component(zoneName, at, prevOffset, offset, wallAt(at, prevOffset)));
    prevMs = ms;
    prevOffset = offset;
  }
  const text = ['BEGIN:VTIMEZONE', `TZID:${zoneName}`, `X-LIC-LOCATION:${zoneName}`, ...parts, 'END:VTIMEZONE'].join('\r\n');
  if (cache.size > 2000) cache.clear();
  cache.set(key, text);
  return text;
}

export function isKnownZone(zoneName: string | null | undefined): zoneName is string {
  return !!zoneName && IANAZone.isValidZone(zoneName);
}
