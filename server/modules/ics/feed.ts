import ical, { ICalEventStatus, type ICalCalendar } from 'ical-generator';
import { DateTime } from 'luxon';
import type { Db } from '../../db/client.ts';
import { eventsForFeed, expandRule, type FeedEvent, type FeedSeries } from '../schedule/index.ts';
import { boundedRule } from './recurrence.ts';
import { isKnownZone, vtimezone } from './vtimezone.ts';

/**
 * Builds a user's calendar feed (RFC 5545) from the stored events.
 *
 * What a feed carries is decided by the schedule area's `eventsForFeed` (one visibility rule):
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
 */

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

function zoneOf(name: string): string {
  return isKnownZone(name) ? name : 'UTC';
}

function dt(date: Date, zone: string): DateTime {
  return DateTime.fromJSDate(date, { zone });
}

function overlaps(start: Date, end: Date, from: Date, to: Date): boolean {
  return start.getTime() < to.getTime() && end.getTime() > from.getTime();
}

/** All-day events store instants; the feed writes their days in the event's zone (DTEND exclusive). */
function allDayRange(startAt: Date, endAt: Date, zone: string): { start: DateTime; end: DateTime } {
  const start = dt(startAt, zone).startOf('day');
  let end = dt(new Date(Math.max(endAt.getTime() - 1, startAt.getTime())), zone).startOf('day').plus({ days: 1 });
  if (end <= start) end = start.plus({ days: 1 });
  return { start, end };
}

type EventFields = Pick<FeedEvent, 'title' | 'content' | 'address' | 'startAt' | 'endAt' | 'allDay' | 'timeZone' | 'published' | 'updatedAt'>;

function addEvent(cal: ICalCalendar, e: EventFields, uid: string, extra: { recurrenceId?: DateTime; repeating?: string } = {}) {
  const zone = zoneOf(e.timeZone);
  const common = {
    id: uid,
    summary: e.title,
    description: htmlToText(e.content) || null,
    location: e.address || null,
    stamp: e.updatedAt,
    lastModified: e.updatedAt,
    status: e.published ? ICalEventStatus.CONFIRMED : ICalEventStatus.TENTATIVE,
    ...(extra.repeating ? { repeating: extra.repeating } : {}),
    ...(extra.recurrenceId ? { recurrenceId: extra.recurrenceId } : {}),
  };
  if (e.allDay) {
    const { start, end } = allDayRange(e.startAt, e.endAt, zone);
    cal.createEvent({ ...common, allDay: true, start, end, ...(zone === 'UTC' ? {} : { timezone: zone }) });
  } else if (zone === 'UTC') {
    cal.createEvent({ ...common, start: dt(e.startAt, 'UTC'), end: dt(e.endAt, 'UTC') });
  } else {
    cal.createEvent({ ...common, timezone: zone, start: dt(e.startAt, zone), end: dt(e.endAt, zone) });
  }
}

function exdateLine(dates: Date[], allDay: boolean, zone: string): string {
  if (allDay) return `EXDATE;VALUE=DATE:${dates.map((d) => dt(d, zone).toFormat('yyyyLLdd')).join(',')}`;
  if (zone === 'UTC') return `EXDATE:${dates.map((d) => dt(d, 'UTC').toFormat("yyyyLLdd'T'HHmmss'Z'")).join(',')}`;
  return `EXDATE;TZID=${zone}:${dates.map((d) => dt(d, zone).toFormat("yyyyLLdd'T'HHmmss")).join(',')}`;
}

/** Writes one series, bounded to the window: see the comment at the top of this file. */
function addSeries(cal: ICalCalendar, s: FeedSeries, from: Date, to: Date, host: string) {
  const zone = zoneOf(s.timeZone);
  const endOf = (start: Date) => (s.allDay ? dt(start, zone).plus({ days: Math.max(1, Math.round(s.durationMin / 1440)) }).toJSDate() : new Date(start.getTime() + s.durationMin * 60_000));
  const starts = expandRule({ rrule: s.rrule, timeZone: zone, dtstart: s.dtstart }).filter((d) => overlaps(d, endOf(d), from, to));
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
    for (const e of [...overrides, ...loose]) addEvent(cal, e, looseUid(e));
    return;
  }
  const first = starts[0] as Date;
  const last = starts[starts.length - 1] as Date;
  const exdates = starts.filter((d) => excluded.has(d.getTime()));
  const lines = [`RRULE:${boundedRule(s.rrule, last, s.allDay, zone)}`];
  if (exdates.length) lines.push(exdateLine(exdates, s.allDay, zone));
  const uid = `series-${s.id}@${host}`;
  addEvent(cal, { ...s.master, startAt: first, endAt: endOf(first), allDay: s.allDay, timeZone: zone, updatedAt: s.updatedAt }, uid, { repeating: lines.join('\r\n') });
  for (const o of overrides) addEvent(cal, o, uid, { recurrenceId: dt(o.originalStart as Date, zone) });
  for (const e of loose) addEvent(cal, e, looseUid(e));
}

/** The calendar text of a user's events (see `eventsForFeed`), bounded to [from, to). */
export function buildFeed(rows: { singles: FeedEvent[]; series: FeedSeries[] }, options: FeedOptions): string {
  const host = options.host ?? 'backoffice';
  const fromYear = options.from.getUTCFullYear() - 1;
  const toYear = options.to.getUTCFullYear() + 1;
  const cal = ical({
    prodId: '-//Study Abroad Back Office//Work Calendar//ZH',
    name: options.calendarName,
    // REFRESH-INTERVAL;VALUE=DURATION and X-PUBLISHED-TTL, both from the push frequency.
    ttl: options.refreshHours * 3600,
    // An empty calendar zone keeps DTSTAMP in UTC; the generator writes one VTIMEZONE for
    // every zone the events use.
    timezone: { name: '', generator: (zone: string) => vtimezone(zone, fromYear, toYear) },
  });
  cal.x('X-WR-TIMEZONE', zoneOf(options.userTimeZone));
  for (const e of rows.singles) {
    if (overlaps(e.startAt, e.endAt, options.from, options.to)) addEvent(cal, e, `event-${e.id}@${host}`);
  }
  for (const s of rows.series) addSeries(cal, s, options.from, options.to, host);
  return cal.toString();
}

/** The user's feed text for the window. */
export async function userFeed(db: Db, user: { id: number; timeZone: string }, options: Omit<FeedOptions, 'userTimeZone'>): Promise<string> {
  const rows = await eventsForFeed(db, user.id, options.from, options.to);
  return buildFeed(rows, { ...options, userTimeZone: user.timeZone });
}
