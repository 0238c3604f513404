import ICAL from 'ical.js';
import { DateTime, Duration } from 'luxon';
import type { Db } from '../../db/client.ts';
import { eventsForFeed, ruleValue, type FeedEvent, type FeedSeries } from '../schedule/index.ts';
import { wallText } from '../../lib/wall-time.ts';
import { calendarZone, isKnownZone } from './zones.ts';

/**
 * Builds a user's calendar feed (RFC 5545) from the stored events.
 *
 * What a feed carries is decided by the schedule's read API `eventsForFeed` (its one visibility rule, `visibleEventsWhere`):
 * the published events the user takes part in and the events they created (their unpublished
 * drafts are written STATUS:TENTATIVE, published ones CONFIRMED), overlapping the window
 * (past 30 days, next 365 days).
 *
 * Series are written bounded to the window: one master VEVENT whose DTSTART is the first start
 * the rule makes in the window and whose RRULE is the stored rule with UNTIL at the last one;
 * an EXDATE for each of those starts the user has no occurrence for (deleted, unpublished, or
 * not theirs); a VEVENT with the same UID and RECURRENCE-ID for each occurrence edited on its
 * own. Starts are expanded with the schedule's own `expandRule`, so the feed and the stored
 * rows agree to the second, DST edges included. Every zone used gets a VTIMEZONE.
 *
 * The file is written by ical.js: this module builds the calendar as jCal (RFC 7265, the
 * structured form ical.js itself works on) and `ICAL.stringify` writes the text (escaping,
 * value formats, parameters, 75-octet folding). VTIMEZONE components come from
 * timezones-ical-library (see zones.ts). docs/workdaily.md has the measurements behind this.
 */

const PRODID = '-//Study Abroad Back Office//Work Calendar//ZH';

export const FEED_PAST_DAYS = 30;
export const FEED_FUTURE_DAYS = 365;

export function feedWindow(now: Date): { from: Date; to: Date } {
  return { from: new Date(now.getTime() - FEED_PAST_DAYS * 86_400_000), to: new Date(now.getTime() + FEED_FUTURE_DAYS * 86_400_000) };
}

/** Plain text of sanitised rich text, for DESCRIPTION. */
export function htmlToText(html: string): string {
  if (!html) return '';
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li|h[1-6]|tr)>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#0*39;|&apos;/g, "'")
    .replace(/&#(\d+);/g, (_m, n: string) => String.fromCodePoint(Number(n)))
    .replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

export type FeedOptions = {
  calendarName: string;
  userTimeZone: string;
  /** REFRESH-INTERVAL and X-PUBLISHED-TTL, in hours. */
  refreshHours: number;
  from: Date;
  to: Date;
  host?: string;
};

/** A jCal property (`[name, parameters, value type, ...values]`) and component (`[name, properties, components]`). */
type JProperty = [string, Record<string, string>, string, ...unknown[]];
type JComponent = [string, JProperty[], JComponent[]];

/**
 * ical.js's iCalendar design set, told the types of the calendar-level properties it does not
 * list (RFC 7986 NAME and the common X-WR-/X-PUBLISHED-TTL ones), so their values are escaped
 * as text (or written as a duration) without a VALUE parameter. REFRESH-INTERVAL stays
 * unlisted on purpose: RFC 7986 requires its `VALUE=DURATION`, which ical.js then writes.
 */
const DESIGN = {
  ...ICAL.design.icalendar,
  property: {
    ...ICAL.design.icalendar.property,
    name: { defaultType: 'text' },
    'x-wr-calname': { defaultType: 'text' },
    'x-wr-timezone': { defaultType: 'text' },
    'x-published-ttl': { defaultType: 'duration' },
  },
};

/**
 * ical.js folds after `foldLength` octets and then adds the continuation's leading space, so
 * 74 keeps every physical line within RFC 5545's 75 octets (its default, 75, allows 76).
 */
ICAL.foldLength = 74;

function zoneOf(name: string): string {
  return isKnownZone(name) ? name : 'UTC';
}

function overlaps(start: Date, end: Date, from: Date, to: Date): boolean {
  return start.getTime() < to.getTime() && end.getTime() > from.getTime();
}

/** jCal UTC date-time: `yyyy-MM-ddTHH:mm:ssZ`. */
function utc(date: Date): string {
  return `${date.toISOString().slice(0, 19)}Z`;
}

/** The day (jCal date, `yyyy-MM-dd`) an instant falls on in a zone. */
function dayOf(date: Date, zone: string): DateTime {
  return DateTime.fromJSDate(date, { zone }).startOf('day');
}

/**
 * Builds the VEVENTs of one feed as jCal. Times of an event are written in its own zone
 * (`TZID`, wall time from the runtime's zone database) when the zone has a VTIMEZONE, in UTC
 * otherwise; all-day events as dates in their zone.
 */
class FeedWriter {
  readonly events: JComponent[] = [];
  /** The VTIMEZONE components used, by TZID. */
  readonly zones = new Map<string, unknown[]>();

  constructor(private readonly stamp: string) {}

  private tzid(zone: string): string | null {
    if (zone === 'UTC') return null;
    const z = calendarZone(zone);
    if (!z) return null;
    this.zones.set(z.tzid, z.vtimezone);
    return z.tzid;
  }

  dateProp(name: string, date: Date, zone: string, allDay: boolean): JProperty {
    if (allDay) return [name, {}, 'date', dayOf(date, zone).toISODate()];
    const tzid = this.tzid(zone);
    return tzid ? [name, { tzid }, 'date-time', wallText(date, zone, 'T')] : [name, {}, 'date-time', utc(date)];
  }

  /** All-day events store instants; their days are written in the event's zone, DTEND exclusive. */
  private allDayEnd(e: EventFields, zone: string): JProperty {
    const startDay = dayOf(e.startAt, zone);
    const lastDay = dayOf(new Date(Math.max(e.endAt.getTime() - 1, e.startAt.getTime())), zone);
    const end = DateTime.max(lastDay.plus({ days: 1 }), startDay.plus({ days: 1 })) as DateTime;
    return ['dtend', {}, 'date', end.toISODate()];
  }

  event(e: EventFields, uid: string, extra: { recurrenceId?: Date; rrule?: JProperty[]; rruleZone?: string } = {}) {
    const zone = zoneOf(e.timeZone);
    const props: JProperty[] = [
      ['uid', {}, 'text', uid],
      ['dtstamp', {}, 'date-time', this.stamp],
      this.dateProp('dtstart', e.startAt, zone, e.allDay),
      e.allDay ? this.allDayEnd(e, zone) : this.dateProp('dtend', e.endAt, zone, false),
    ];
    if (extra.rrule) props.push(...extra.rrule);
    if (extra.recurrenceId) props.push(this.dateProp('recurrence-id', extra.recurrenceId, extra.rruleZone ?? zone, e.allDay));
    props.push(['summary', {}, 'text', e.title]);
    const description = htmlToText(e.content);
    if (description) props.push(['description', {}, 'text', description]);
    if (e.address) props.push(['location', {}, 'text', e.address]);
    props.push(['status', {}, 'text', e.published ? 'CONFIRMED' : 'TENTATIVE'], ['last-modified', {}, 'date-time', utc(e.updatedAt)]);
    this.events.push(['vevent', props, []]);
  }

  exdate(dates: Date[], allDay: boolean, zone: string): JProperty {
    if (allDay) return ['exdate', {}, 'date', ...dates.map((d) => dayOf(d, zone).toISODate())];
    const tzid = this.tzid(zone);
    return tzid ? ['exdate', { tzid }, 'date-time', ...dates.map((d) => wallText(d, zone, 'T'))] : ['exdate', {}, 'date-time', ...dates.map(utc)];
  }

  untilOf(last: Date, allDay: boolean, zone: string): string {
    return allDay ? (dayOf(last, zone).toISODate() as string) : utc(last);
  }
}

type EventFields = Pick<FeedEvent, 'title' | 'content' | 'address' | 'startAt' | 'endAt' | 'allDay' | 'timeZone' | 'published' | 'updatedAt'>;

/** The stored rule (parsed by ical.js) without COUNT, ending at the last start in the window. */
function boundedRule(rrule: string, until: string): JProperty {
  const rule = ICAL.Recur.fromString(ruleValue(rrule)).toJSON() as Record<string, unknown>;
  delete rule.count;
  rule.until = until;
  return ['rrule', {}, 'recur', rule];
}

/** Writes one series, bounded to the window: see the comment at the top of this file. */
function addSeries(w: FeedWriter, s: FeedSeries, from: Date, to: Date, host: string) {
  const zone = zoneOf(s.timeZone);
  const endOf = (start: Date) =>
    s.allDay
      ? DateTime.fromJSDate(start, { zone })
          .plus({ days: Math.max(1, Math.round(s.durationMin / 1440)) })
          .toJSDate()
      : new Date(start.getTime() + s.durationMin * 60_000);
  const starts = s.starts;
  const startSet = new Set(starts.map((d) => d.getTime()));
  const excluded = new Set(s.exdates.map((d) => d.getTime()));
  const overridden = new Set<number>();
  const loose: FeedEvent[] = [];
  const overrides: FeedEvent[] = [];
  for (const o of s.overrides) {
    const original = o.originalStart?.getTime();
    if (original !== undefined && startSet.has(original) && !excluded.has(original)) {
      overridden.add(original);
      overrides.push(o);
    } else if (overlaps(o.startAt, o.endAt, from, to)) {
      loose.push(o);
    }
  }
  const ordinary = starts.filter((d) => !excluded.has(d.getTime()) && !overridden.has(d.getTime()));
  const looseUid = (e: FeedEvent) => `event-${e.id}@${host}`;
  if (ordinary.length === 0) {
    // No occurrence follows the rule in the window: each edited occurrence stands alone.
    for (const e of [...overrides, ...loose]) w.event(e, looseUid(e));
    return;
  }
  const first = starts[0] as Date;
  const last = starts[starts.length - 1] as Date;
  const exdates = starts.filter((d) => excluded.has(d.getTime()));
  let rule: JProperty[];
  try {
    rule = [boundedRule(s.rrule, w.untilOf(last, s.allDay, zone))];
  } catch {
    // A stored rule ical.js cannot read (the schedule expanded it): every occurrence stands alone.
    const master = { ...s.master, allDay: s.allDay, timeZone: zone };
    for (const d of ordinary) w.event({ ...master, startAt: d, endAt: endOf(d) }, `series-${s.id}-${d.getTime()}@${host}`);
    for (const e of [...overrides, ...loose]) w.event(e, looseUid(e));
    return;
  }
  if (exdates.length) rule.push(w.exdate(exdates, s.allDay, zone));
  const uid = `series-${s.id}@${host}`;
  w.event({ ...s.master, startAt: first, endAt: endOf(first), allDay: s.allDay, timeZone: zone, updatedAt: s.updatedAt }, uid, { rrule: rule });
  for (const o of overrides) w.event(o, uid, { recurrenceId: o.originalStart as Date, rruleZone: zone });
  for (const e of loose) w.event(e, looseUid(e));
}

/** The calendar text of a user's events (see `eventsForFeed`), bounded to [from, to). */
export function buildFeed(rows: { singles: FeedEvent[]; series: FeedSeries[] }, options: FeedOptions): string {
  const host = options.host ?? 'backoffice';
  const w = new FeedWriter(utc(new Date()));
  for (const e of rows.singles) {
    if (overlaps(e.startAt, e.endAt, options.from, options.to)) w.event(e, `event-${e.id}@${host}`);
  }
  for (const s of rows.series) addSeries(w, s, options.from, options.to, host);
  // How often calendar apps should poll: the subscription's push frequency, in both spellings.
  const ttl = Duration.fromObject({ hours: options.refreshHours }).toISO();
  const calendar: JComponent = [
    'vcalendar',
    [
      ['version', {}, 'text', '2.0'],
      ['prodid', {}, 'text', PRODID],
      ['calscale', {}, 'text', 'GREGORIAN'],
      ['method', {}, 'text', 'PUBLISH'],
      ['name', {}, 'text', options.calendarName],
      ['x-wr-calname', {}, 'text', options.calendarName],
      ['x-wr-timezone', {}, 'text', calendarZone(zoneOf(options.userTimeZone))?.tzid ?? 'UTC'],
      ['refresh-interval', {}, 'duration', ttl],
      ['x-published-ttl', {}, 'duration', ttl],
    ],
    [...[...w.zones.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, vtimezone]) => vtimezone as JComponent), ...w.events],
  ];
  return `${ICAL.stringify.component(calendar, DESIGN as never)}\r\n`;
}

/** The user's feed text for the window. */
export async function userFeed(db: Db, user: { id: number; type: number; timeZone: string }, options: Omit<FeedOptions, 'userTimeZone'>): Promise<string> {
  const rows = await eventsForFeed(db, user, options.from, options.to);
  return buildFeed(rows, { ...options, userTimeZone: user.timeZone });
}
