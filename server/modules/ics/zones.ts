import ICAL from 'ical.js';
import { IANAZone } from 'luxon';
import { tzlib_get_ical_block, tzlib_get_timezones } from 'timezones-ical-library';

/**
 * Time zones of calendar files.
 *
 * - Whether a zone exists and what an instant's wall time is come from the runtime's
 *   time-zone database (ICU, through luxon; wall-time text through the schedule's cached
 *   formatter): the data the schedule stores and expands events with, so the wall times a
 *   feed writes are the ones people entered.
 * - The VTIMEZONE component of a zone comes from `timezones-ical-library` (the IANA database
 *   converted by libical's vzic, the form Outlook, Google and Apple read), parsed by ical.js
 *   into jCal once per zone. Aliases answer their canonical zone (Asia/Chongqing is written
 *   TZID=Asia/Shanghai), so the TZID on a date and the VTIMEZONE always match.
 * - tests/unit/workdaily-ics.test.ts checks that the two sources give the same offsets for
 *   the zones people here use; a disagreement (one database newer than the other) fails there.
 */

const known = new Map<string, boolean>();

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

/** A zone as a calendar file names it: its TZID and its VTIMEZONE component (jCal). */
export type CalendarZone = { tzid: string; vtimezone: unknown[] };

const libraryZones = new Set(tzlib_get_timezones() as string[]);
const calendarZones = new Map<string, CalendarZone | null>();

/**
 * The TZID and VTIMEZONE of an IANA zone, or null when the zone is not one the runtime and the
 * library both know (the feed then writes that event's times in UTC).
 */
export function calendarZone(zoneName: string): CalendarZone | null {
  let zone = calendarZones.get(zoneName);
  if (zone === undefined) {
    zone = null;
    // Asked only for names it lists: the library reports other names on the console.
    if (isKnownZone(zoneName) && libraryZones.has(zoneName)) {
      const block = tzlib_get_ical_block(zoneName);
      if (Array.isArray(block) && block[0]) {
        const vtimezone = ICAL.parse(block[0]) as unknown[];
        const tzid = new ICAL.Component(vtimezone as never).getFirstPropertyValue('tzid');
        if (typeof tzid === 'string' && tzid) zone = { tzid, vtimezone };
      }
    }
    if (calendarZones.size > 1000) calendarZones.clear();
    calendarZones.set(zoneName, zone);
  }
  return zone;
}
