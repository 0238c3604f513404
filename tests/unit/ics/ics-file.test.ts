/**
 * The calendar file as calendar apps read it: written by ical.js from the feed's jCal, with
 * VTIMEZONE components from timezones-ical-library. Every file here is read back with both
 * node-ical and ical.js.
 */
import ICAL from 'ical.js';
import { DateTime } from 'luxon';
import ical from 'node-ical';
import { describe, expect, it } from 'vitest';
import { buildFeed, htmlToText } from '../../../server/modules/ics/feed.ts';
import type { FeedEvent, FeedSeries } from '../../../server/modules/schedule/index.ts';
import { calendarZone } from '../../../server/modules/ics/zones.ts';

const FROM = new Date('2026-06-01T00:00:00Z');
const TO = new Date('2027-06-01T00:00:00Z');
const OPTIONS = { calendarName: '张, 日程; "日历"', userTimeZone: 'Asia/Shanghai', refreshHours: 12, from: FROM, to: TO };

function event(fields: Partial<FeedEvent>): FeedEvent {
  return {
    id: 1,
    title: 'Event',
    content: '',
    address: '',
    startAt: new Date('2026-07-01T01:00:00Z'),
    endAt: new Date('2026-07-01T02:30:00Z'),
    allDay: false,
    timeZone: 'Asia/Shanghai',
    published: true,
    updatedAt: new Date('2026-06-01T00:00:00Z'),
    seriesId: null,
    originalStart: null,
    isException: false,
    ...fields,
  };
}

/** The VEVENTs of a file as ical.js reads them. */
function icalJsEvents(text: string): ICAL.Event[] {
  return new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
}

/** The VEVENTs of a file as node-ical reads them. */
function nodeIcalEvents(text: string): ical.VEvent[] {
  return Object.values(ical.sync.parseICS(text)).filter((c) => (c as { type?: string })?.type === 'VEVENT') as ical.VEvent[];
}

/**
 * The zones people here work in; the VTIMEZONE written for each must give the runtime's
 * offsets. (Zones where the two databases differ today are listed in docs/workdaily.md:
 * Vancouver and Edmonton, whose 2026 rule changes the library has and Node 20's ICU has not;
 * Casablanca, El Aaiun, Gaza and Hebron, whose irregular dates a yearly rule cannot express.)
 */
const ZONES = [
  'Asia/Shanghai',
  'Asia/Hong_Kong',
  'Asia/Tokyo',
  'Asia/Singapore',
  'Asia/Kolkata',
  'Europe/London',
  'Europe/Paris',
  'Europe/Berlin',
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Los_Angeles',
  'America/Toronto',
  'Australia/Sydney',
  'Australia/Melbourne',
  'Australia/Lord_Howe',
  'Pacific/Auckland',
  'UTC',
];

describe('time zones of the file', () => {
  it('give New York the VTIMEZONE of its daylight-saving rules', () => {
    const zone = calendarZone('America/New_York')!;
    expect(zone.tzid).toBe('America/New_York');
    const text = ICAL.stringify(zone.vtimezone as never);
    expect(text).toMatch(/BEGIN:DAYLIGHT[\s\S]*TZOFFSETFROM:-0500\r\nTZOFFSETTO:-0400[\s\S]*RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU/);
    expect(text).toMatch(/BEGIN:STANDARD[\s\S]*TZOFFSETFROM:-0400\r\nTZOFFSETTO:-0500[\s\S]*RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU/);
  });

  it('read every wall time of the next three years as the instant the runtime (luxon) stored', { timeout: 120_000 }, () => {
    // What a calendar app does with `DTSTART;TZID=zone:wall` and the file's VTIMEZONE. Wall times
    // within two hours of a change (skipped or repeated hours) are left out: the schedule
    // decides those itself (docs/schedule.md) and they are not the data being compared here.
    const start = Date.UTC(new Date().getUTCFullYear(), 0, 1);
    for (const name of ZONES) {
      const zone = calendarZone(name)!;
      expect(zone, name).not.toBeNull();
      const tz = new ICAL.Timezone(new ICAL.Component(zone.vtimezone as never));
      let compared = 0;
      const wrong: string[] = []; // collected, not asserted one by one: ~3,700 times per zone
      for (let ms = start; ms < start + 3 * 366 * 86_400_000; ms += 7 * 3_600_000 + 13 * 60_000) {
        const at = DateTime.fromMillis(ms, { zone: name });
        if (at.minus({ hours: 2 }).offset !== at.plus({ hours: 2 }).offset) continue;
        const wall = ICAL.Time.fromData({ year: at.year, month: at.month, day: at.day, hour: at.hour, minute: at.minute, second: at.second });
        if (tz.utcOffset(wall) / 60 !== at.offset) wrong.push(`${name} ${at.toISO()}: ${tz.utcOffset(wall) / 60} instead of ${at.offset}`);
        compared += 1;
      }
      expect(wrong).toEqual([]);
      expect(compared).toBeGreaterThan(3500);
    }
  });

  it('name an alias by its canonical zone, on the dates and on the VTIMEZONE alike', () => {
    const text = buildFeed({ singles: [event({ timeZone: 'Asia/Chongqing' })], series: [] }, OPTIONS);
    expect(text).toContain('DTSTART;TZID=Asia/Shanghai:20260701T090000');
    expect(text).toContain('BEGIN:VTIMEZONE\r\nTZID:Asia/Shanghai');
    expect(text).not.toContain('Asia/Chongqing');
  });

  it('write an event of an unknown zone in UTC', () => {
    expect(calendarZone('Mars/Olympus')).toBeNull();
    const text = buildFeed({ singles: [event({ timeZone: 'Mars/Olympus' })], series: [] }, OPTIONS);
    expect(text).toContain('DTSTART:20260701T010000Z');
    const [parsed] = icalJsEvents(text);
    expect(parsed!.startDate.toJSDate().toISOString()).toBe('2026-07-01T01:00:00.000Z');
  });
});

describe('text', () => {
  it('turns sanitised rich text into plain text', () => {
    expect(htmlToText('<p>One &amp; two</p><p>3 &lt; 4<br>five&nbsp;six</p>')).toBe('One & two\n3 < 4\nfive six');
  });

  it('reads back the same summary, description, location and calendar name in node-ical and ical.js', () => {
    const e = event({ title: '面试; 准备, "quotes" \\ backslash', content: '<p>Line one,</p><p>line two; 三</p>', address: 'Room 1, 2F; Building "A"' });
    const text = buildFeed({ singles: [e], series: [] }, OPTIONS);
    const viaNode = nodeIcalEvents(text)[0]!;
    expect(viaNode.summary).toBe(e.title);
    expect(viaNode.description).toBe('Line one,\nline two; 三');
    expect(viaNode.location).toBe(e.address);
    expect((viaNode.start as Date).toISOString()).toBe('2026-07-01T01:00:00.000Z');
    expect((viaNode.end as Date).toISOString()).toBe('2026-07-01T02:30:00.000Z');
    const viaIcalJs = icalJsEvents(text)[0]!;
    expect(viaIcalJs.summary).toBe(e.title);
    expect(viaIcalJs.description).toBe('Line one,\nline two; 三');
    expect(viaIcalJs.location).toBe(e.address);
    expect(viaIcalJs.startDate.toJSDate().toISOString()).toBe('2026-07-01T01:00:00.000Z');
    expect(viaIcalJs.endDate.toJSDate().toISOString()).toBe('2026-07-01T02:30:00.000Z');
    const calendar = ical.sync.parseICS(text).vcalendar as unknown as Record<string, string>;
    expect(calendar['WR-CALNAME']).toBe(OPTIONS.calendarName);
    expect(calendar.name).toBe(OPTIONS.calendarName);
    expect(text).toContain('DTSTART;TZID=Asia/Shanghai:20260701T090000');
    expect(text).toContain('REFRESH-INTERVAL;VALUE=DURATION:PT12H\r\n');
    expect(text).toContain('X-PUBLISHED-TTL:PT12H\r\n');
  });

  it('folds long lines at 75 octets without splitting a character, and both parsers unfold them', () => {
    const title = `${'日程'.repeat(40)}😀${'x'.repeat(100)}é`;
    const text = buildFeed({ singles: [event({ title })], series: [] }, OPTIONS);
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    for (const line of text.split('\r\n')) {
      expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
      expect(line).not.toContain('\uFFFD');
      expect(Buffer.from(line, 'utf8').toString('utf8')).toBe(line);
    }
    expect(text.replace(/\r\n /g, '')).toContain(`SUMMARY:${title}\r\n`);
    expect(nodeIcalEvents(text)[0]!.summary).toBe(title);
    expect(icalJsEvents(text)[0]!.summary).toBe(title);
  });
});

describe('a series', () => {
  const NY = 'America/New_York';
  // Weekly, Monday 09:00 New York, over the change to standard time on 2026-11-01.
  const starts = [0, 1, 2, 3, 4, 5].map((w) => DateTime.fromISO('2026-10-19T09:00', { zone: NY }).plus({ weeks: w }).toJSDate());
  const master = event({ id: 10, title: 'Weekly sync', timeZone: NY, startAt: starts[0]!, endAt: new Date(starts[0]!.getTime() + 3_600_000), seriesId: 5, originalStart: starts[0]! });
  const moved = event({
    id: 13,
    title: 'Weekly sync (moved)',
    timeZone: NY,
    startAt: new Date(starts[3]!.getTime() + 7_200_000),
    endAt: new Date(starts[3]!.getTime() + 10_800_000),
    seriesId: 5,
    originalStart: starts[3]!,
    isException: true,
  });
  const series: FeedSeries = {
    id: 5,
    rrule: 'FREQ=WEEKLY;INTERVAL=1;BYDAY=MO;WKST=SU;COUNT=6',
    timeZone: NY,
    dtstart: starts[0]!,
    durationMin: 60,
    allDay: false,
    starts,
    exdates: [starts[1]!],
    master,
    overrides: [moved],
    updatedAt: new Date('2026-06-01T00:00:00Z'),
  };
  const allDay = event({ id: 20, title: 'Visit day', allDay: true, timeZone: 'Asia/Shanghai', startAt: new Date('2026-07-09T16:00:00Z'), endAt: new Date('2026-07-10T16:00:00Z') });
  const text = buildFeed({ singles: [allDay], series: [series] }, OPTIONS);
  const expected = [0, 2, 4, 5]
    .map((i) => starts[i]!.toISOString())
    .concat(new Date(starts[3]!.getTime() + 7_200_000).toISOString())
    .sort();

  it('writes the rule bounded by UNTIL, keeps its other parts, and marks the deleted and moved occurrences', () => {
    const unfolded = text.replace(/\r\n /g, '');
    expect(unfolded).toContain('RRULE:FREQ=WEEKLY;BYDAY=MO;WKST=SU;UNTIL=20261123T140000Z\r\n');
    expect(unfolded).not.toContain('COUNT=');
    expect(unfolded).toContain(`EXDATE;TZID=${NY}:20261026T090000`);
    expect(unfolded).toContain(`RECURRENCE-ID;TZID=${NY}:20261109T090000`);
    expect(unfolded).toContain('DTSTART;VALUE=DATE:20260710\r\nDTEND;VALUE=DATE:20260711');
  });

  it('expands in ical.js to the stored occurrences, at 09:00 New York on both sides of the change', () => {
    const events = icalJsEvents(text);
    const masterEvent = events.find((e) => e.isRecurring())!;
    for (const e of events) if (e.isRecurrenceException()) masterEvent.relateException(e);
    const it = masterEvent.iterator();
    const found: string[] = [];
    for (let next = it.next(); next; next = it.next()) found.push(masterEvent.getOccurrenceDetails(next).startDate.toJSDate().toISOString());
    expect(found.sort()).toEqual(expected);
    const day = events.find((e) => e.summary === 'Visit day')!;
    expect(day.startDate.isDate).toBe(true);
    expect(day.startDate.toString()).toBe('2026-07-10');
  });

  it('expands in node-ical to the same occurrences', () => {
    const masterEvent = nodeIcalEvents(text).find((e) => e.rrule)!;
    const found = ical.expandRecurringEvent(masterEvent, { from: FROM, to: TO }).map((i) => new Date(i.start as Date).toISOString());
    expect(found.sort()).toEqual(expected);
  });
});
