/**
 * The pieces of a calendar file the feed writes itself: time-zone rules from the runtime's
 * database, text escaping and line folding.
 */
import { DateTime } from 'luxon';
import ical from 'node-ical';
import { describe, expect, it } from 'vitest';
import { buildFeed, escapeText, foldLines, htmlToText, type FeedEvent } from '../../server/modules/ics/feed.ts';
import { offsetOf, vtimezone, zoneRules } from '../../server/modules/ics/vtimezone.ts';

describe('zone rules', () => {
  it('find New York\'s two changes of 2026 to the minute, as RFC 5545 onsets', () => {
    const text = vtimezone('America/New_York', 2026, 2026)!;
    expect(text).toContain('BEGIN:DAYLIGHT\r\nDTSTART:20260308T020000\r\nTZOFFSETFROM:-0500\r\nTZOFFSETTO:-0400\r\nTZNAME:EDT\r\nEND:DAYLIGHT');
    expect(text).toContain('BEGIN:STANDARD\r\nDTSTART:20261101T020000\r\nTZOFFSETFROM:-0400\r\nTZOFFSETTO:-0500\r\nTZNAME:EST\r\nEND:STANDARD');
  });

  it('give a zone without daylight saving a single standard offset', () => {
    const rules = zoneRules('Asia/Shanghai', 2025, 2027)!;
    expect(rules.transitions).toEqual([]);
    expect(rules.text).toContain('TZOFFSETFROM:+0800\r\nTZOFFSETTO:+0800');
  });

  it('agree with luxon on the offset of any instant', () => {
    for (const zone of ['America/New_York', 'Europe/London', 'Australia/Sydney', 'Asia/Kolkata', 'Australia/Lord_Howe']) {
      const rules = zoneRules(zone, 2025, 2028)!;
      for (let ms = Date.UTC(2025, 0, 1); ms < Date.UTC(2028, 11, 31); ms += 7 * 3_600_000 + 13 * 60_000) {
        expect(offsetOf(rules, ms), `${zone} ${new Date(ms).toISOString()}`).toBe(DateTime.fromMillis(ms, { zone }).offset);
      }
    }
  });

  it('answer null for a name the runtime does not know', () => {
    expect(vtimezone('Mars/Olympus', 2026, 2026)).toBeNull();
  });
});

describe('text', () => {
  it('escapes backslashes, semicolons, commas and line breaks', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
  });

  it('turns sanitised rich text into plain text', () => {
    expect(htmlToText('<p>One &amp; two</p><p>3 &lt; 4<br>five&nbsp;six</p>')).toBe('One & two\n3 < 4\nfive six');
  });

  it('folds lines at 75 octets without splitting a character', () => {
    const line = `SUMMARY:${'日程'.repeat(40)}😀${'x'.repeat(100)}`;
    const folded = foldLines(line);
    for (const part of folded.split('\r\n')) expect(Buffer.byteLength(part, 'utf8')).toBeLessThanOrEqual(75);
    expect(folded.replace(/\r\n /g, '')).toBe(line);
    expect(foldLines('SHORT:ascii')).toBe('SHORT:ascii');
  });
});

describe('a feed with awkward text', () => {
  it('parses back with node-ical to the same summary, description and location', () => {
    const event: FeedEvent = {
      id: 1,
      title: '面试; 准备, "quotes" \\ backslash',
      content: '<p>Line one,</p><p>line two; 三</p>',
      address: 'Room 1, 2F; Building "A"',
      startAt: new Date('2026-07-01T01:00:00Z'),
      endAt: new Date('2026-07-01T02:30:00Z'),
      allDay: false,
      timeZone: 'Asia/Shanghai',
      published: true,
      updatedAt: new Date('2026-06-01T00:00:00Z'),
      seriesId: null,
      originalStart: null,
      isException: false,
    };
    const text = buildFeed(
      { singles: [event], series: [] },
      { calendarName: '张, 日程', userTimeZone: 'Asia/Shanghai', refreshHours: 3, from: new Date('2026-06-01T00:00:00Z'), to: new Date('2027-06-01T00:00:00Z') },
    );
    const parsed = Object.values(ical.sync.parseICS(text)).find((c) => (c as { type?: string })?.type === 'VEVENT') as ical.VEvent;
    expect(parsed.summary).toBe(event.title);
    expect(parsed.description).toBe('Line one,\nline two; 三');
    expect(parsed.location).toBe(event.address);
    expect((parsed.start as Date).toISOString()).toBe('2026-07-01T01:00:00.000Z');
    expect((parsed.end as Date).toISOString()).toBe('2026-07-01T02:30:00.000Z');
    expect(text).toContain('DTSTART;TZID=Asia/Shanghai:20260701T090000');
  });
});
