import { DateTime, IANAZone } from 'luxon';

/**
 * Time-zone rules for calendar files, derived from the runtime's time-zone database (ICU,
 * through luxon): the same data the schedule expands series with, so a feed's local times and
 * the stored instants can never disagree. No table is written by hand: the offsets of a zone
 * are sampled day by day over the years asked for and each change is located to the minute by
 * bisection. The result gives both the VTIMEZONE component and a fast offset lookup (the feed
 * writes thousands of local times; asking Intl for each one was the slowest part of a feed).
 */

const DAY = 86_400_000;

type Transition = { at: number; from: number; to: number };
export type ZoneRules = { zone: string; initial: number; transitions: Transition[]; text: string; startMs: number; endMs: number };

const known = new Map<string, boolean>();
const rulesCache = new Map<string, ZoneRules>();

/** Whether the runtime knows an IANA zone name (cached: luxon builds a formatter to check). */
export function isKnownZone(zoneName: string | null | undefined): zoneName is string {
  if (!zoneName) return false;
  let ok = known.get(zoneName);
  if (ok === undefined) {
    ok = IANAZone.isValidZone(zoneName);
    if (known.size > 5000) known.clear();
    known.set(zoneName, ok);
  }
  return ok;
}

/** First minute in (lo, hi] whose offset differs from the offset at lo. */
function bisect(zone: IANAZone, lo: number, hi: number): number {
  const before = zone.offset(lo);
  while (hi - lo > 60_000) {
    const mid = lo + Math.max(60_000, Math.floor((hi - lo) / 2 / 60_000) * 60_000);
    if (zone.offset(mid) === before) lo = mid;
    else hi = mid;
  }
  return hi;
}

export function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}${String(abs % 60).padStart(2, '0')}`;
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** `yyyyMMddTHHmmss` of the UTC fields of a millisecond value. */
export function basicDateTime(ms: number): string {
  const d = new Date(ms);
  return `${pad(d.getUTCFullYear(), 4)}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}T${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}`;
}

function component(zoneName: string, atMs: number, from: number, to: number, dtstart: string): string {
  const dt = DateTime.fromMillis(atMs, { zone: zoneName });
  const kind = dt.isInDST ? 'DAYLIGHT' : 'STANDARD';
  const name = (dt.offsetNameShort ?? '').replace(/[^A-Za-z0-9+\-:]/g, '') || formatOffset(to);
  return [`BEGIN:${kind}`, `DTSTART:${dtstart}`, `TZOFFSETFROM:${formatOffset(from)}`, `TZOFFSETTO:${formatOffset(to)}`, `TZNAME:${name}`, `END:${kind}`].join('\r\n');
}

/** The rules of an IANA zone over the years `fromYear` to `toYear` (inclusive), or null for an unknown name. */
export function zoneRules(zoneName: string, fromYear: number, toYear: number): ZoneRules | null {
  const key = `${zoneName}|${fromYear}|${toYear}`;
  const cached = rulesCache.get(key);
  if (cached) return cached;
  if (!isKnownZone(zoneName)) return null;
  const zone = IANAZone.create(zoneName);
  const start = Date.UTC(fromYear, 0, 1);
  const end = Date.UTC(toYear + 1, 0, 1);
  const initial = zone.offset(start);
  const transitions: Transition[] = [];
  const parts: string[] = [component(zoneName, start, initial, initial, '19700101T000000')];
  let prevMs = start;
  let prevOffset = initial;
  for (let ms = start + DAY; ms <= end; ms += DAY) {
    const offset = zone.offset(ms);
    if (offset !== prevOffset) {
      const at = bisect(zone, prevMs, ms);
      transitions.push({ at, from: prevOffset, to: offset });
      // DTSTART of an onset is the local time just before it, in the old offset (RFC 5545 3.6.5).
      parts.push(component(zoneName, at, prevOffset, offset, basicDateTime(at + prevOffset * 60_000)));
      prevOffset = offset;
    }
    prevMs = ms;
  }
  const text = ['BEGIN:VTIMEZONE', `TZID:${zoneName}`, `X-LIC-LOCATION:${zoneName}`, ...parts, 'END:VTIMEZONE'].join('\r\n');
  const rules = { zone: zoneName, initial, transitions, text, startMs: start, endMs: end };
  if (rulesCache.size > 2000) rulesCache.clear();
  rulesCache.set(key, rules);
  return rules;
}

/** The VTIMEZONE component of a zone over the years given, or null for an unknown name. */
export function vtimezone(zoneName: string, fromYear: number, toYear: number): string | null {
  return zoneRules(zoneName, fromYear, toYear)?.text ?? null;
}

/** The zone's offset in minutes at an instant (within the years the rules cover). */
export function offsetOf(rules: ZoneRules, ms: number): number {
  if (ms < rules.startMs || ms > rules.endMs) return IANAZone.create(rules.zone).offset(ms);
  const list = rules.transitions;
  let lo = 0;
  let hi = list.length - 1;
  let offset = rules.initial;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const t = list[mid] as Transition;
    if (t.at <= ms) {
      offset = t.to;
      lo = mid + 1;
    } else {
      hi = mid - 1;
    }
  }
  return offset;
}
