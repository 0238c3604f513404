/**
 * The calendar feed as a calendar app sees it: parsed with node-ical, every recurring event
 * expanded, and compared with the events stored for the user over the feed's window.
 */
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { atDoor } from '../../../server/lib/validate.ts';
import { createEvent, deleteEvent, deleteEventInput, updateEvent } from '../../../server/modules/schedule/schedule.service.ts';
import { createTestApp, DEMO, loginGql, type TestApp } from '../../helpers/app.ts';
import { userId } from '../support.ts';
import { expandFeed, expandFeedIcalJs, fetchFeed, nextTransition, serviceContext, transition, type Occurrence } from './support.ts';

let t: TestApp;
let consultantToken: string;
let managerToken: string;
let consultantId: number;
let feedPath: string;
const NY = 'America/New_York';
let seriesStarts: Date[] = [];
let seriesId: number;

beforeAll(async () => {
  t = await createTestApp();
  consultantToken = await loginGql(t, DEMO.consultant);
  managerToken = await loginGql(t, DEMO.manager);
  consultantId = await userId(t, 'consultant');
  const consultantCtx = await serviceContext(t, consultantToken);
  const managerCtx = await serviceContext(t, managerToken);

  // A weekly 09:00 New York meeting over the next daylight-saving change of New York.
  const change = nextTransition(NY, new Date(Date.now() + 21 * 86_400_000));
  const first = DateTime.fromJSDate(change, { zone: NY }).minus({ weeks: 2 }).set({ hour: 9, minute: 0, second: 0, millisecond: 0 });
  const created = await createEvent(consultantCtx, {
    title: 'Weekly sync with New York',
    content: '<p>Agenda &amp; notes</p>',
    address: 'Room 5, Boston office',
    startAt: first.toJSDate(),
    endAt: first.plus({ hours: 1 }).toJSDate(),
    timeZone: NY,
    published: true,
    recurrence: 'FREQ=WEEKLY;COUNT=6',
    force: true,
  });
  seriesId = created.seriesId as number;
  const rows = await t.db.workEvent.findMany({ where: { seriesId }, orderBy: { startAt: 'asc' } });
  seriesStarts = rows.map((r) => r.startAt);
  // The second occurrence is deleted (an EXDATE), the fourth moved and renamed (an override).
  await deleteEvent(consultantCtx, atDoor(deleteEventInput, { id: rows[1]!.id, scope: 'THIS' }));
  await updateEvent(consultantCtx, {
    id: rows[3]!.id,
    scope: 'THIS',
    title: 'Weekly sync (moved)',
    startAt: new Date(rows[3]!.startAt.getTime() + 2 * 3_600_000),
    endAt: new Date(rows[3]!.endAt.getTime() + 2 * 3_600_000),
    force: true,
  });

  // An all-day event, a draft of the consultant's own, and two of the manager's naming the consultant.
  const day = DateTime.now().setZone('Asia/Shanghai').plus({ days: 10 }).startOf('day');
  await createEvent(consultantCtx, { title: 'Visit day', startAt: day.toJSDate(), endAt: day.plus({ days: 1 }).toJSDate(), allDay: true, timeZone: 'Asia/Shanghai', published: true, force: true });
  const soon = DateTime.now().plus({ days: 3 }).set({ minute: 0, second: 0, millisecond: 0 });
  await createEvent(consultantCtx, { title: 'My draft', startAt: soon.toJSDate(), endAt: soon.plus({ minutes: 30 }).toJSDate(), force: true });
  await createEvent(managerCtx, {
    title: 'Parent meeting',
    startAt: soon.plus({ hours: 2 }).toJSDate(),
    endAt: soon.plus({ hours: 3 }).toJSDate(),
    participantIds: [consultantId],
    published: true,
    timeZone: 'Europe/London',
    force: true,
  });
  await createEvent(managerCtx, {
    title: 'Unpublished plan',
    startAt: soon.plus({ hours: 4 }).toJSDate(),
    endAt: soon.plus({ hours: 5 }).toJSDate(),
    participantIds: [consultantId],
    force: true,
  });

  const opened = await transition(t, consultantToken, 'open');
  expect(opened.__typename).toBe('IcsSubscriptionPayload');
  feedPath = opened.feedPath!;
});

afterAll(async () => {
  await t?.close();
});

/** What the user should see: their own events and the published ones they take part in, overlapping the window. */
async function storedOccurrences(from: Date, to: Date): Promise<Occurrence[]> {
  const rows = await t.db.workEvent.findMany({
    where: {
      OR: [{ creatorId: consultantId }, { published: true, participants: { some: { userId: consultantId } } }],
      startAt: { lt: to },
      endAt: { gt: from },
    },
  });
  return rows
    .map((r) =>
      r.allDay
        ? { start: 0, end: 0, summary: r.title, allDay: true, status: r.published ? 'CONFIRMED' : 'TENTATIVE', day: DateTime.fromJSDate(r.startAt, { zone: r.timeZone }).toISODate()! }
        : { start: r.startAt.getTime(), end: r.endAt.getTime(), summary: r.title, allDay: false, status: r.published ? 'CONFIRMED' : 'TENTATIVE' },
    )
    .sort((a, b) => a.start - b.start || a.summary.localeCompare(b.summary));
}

const comparable = (o: Occurrence) => (o.allDay ? `${o.day} ${o.summary} all-day ${o.status}` : `${new Date(o.start).toISOString()} ${new Date(o.end).toISOString()} ${o.summary} ${o.status}`);

describe('the ICS feed', () => {
  it('answers text/calendar without a login and carries exactly the stored events of the window', async () => {
    const before = new Date();
    const res = await fetchFeed(t, feedPath);
    const after = new Date();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/calendar/);
    const text = await res.text();
    const from = new Date(before.getTime() - 30 * 86_400_000);
    const to = new Date(after.getTime() + 365 * 86_400_000);
    const fromFeed = expandFeed(text, from, to).filter((o) => o.allDay || o.start < to.getTime());
    const stored = await storedOccurrences(from, to);
    expect(fromFeed.map(comparable).sort()).toEqual(stored.map(comparable).sort());
    // The same file read by a second, independent parser (ical.js) gives the same occurrences.
    expect(expandFeedIcalJs(text, from, to).map(comparable).sort()).toEqual(stored.map(comparable).sort());
    expect(stored.length).toBeGreaterThanOrEqual(8);
    expect(stored.map((s) => s.summary)).not.toContain('Unpublished plan');
    expect(fromFeed.find((o) => o.summary === 'My draft')?.status).toBe('TENTATIVE');
  });

  it('writes the series as one RRULE with an EXDATE and an overriding occurrence, in its own zone', async () => {
    const text = await (await fetchFeed(t, feedPath)).text();
    const unfolded = text.replace(/\r\n[ \t]/g, '');
    const uid = new RegExp(`UID:series-${seriesId}@`, 'g');
    expect(unfolded.match(uid)?.length).toBe(2); // the master and one override
    expect(unfolded).toMatch(/RRULE:FREQ=WEEKLY;(INTERVAL=1;)?UNTIL=\d{8}T\d{6}Z/);
    const exdate = DateTime.fromJSDate(seriesStarts[1]!, { zone: NY }).toFormat("yyyyLLdd'T'HHmmss");
    expect(unfolded).toContain(`EXDATE;TZID=${NY}:${exdate}`);
    const rid = DateTime.fromJSDate(seriesStarts[3]!, { zone: NY }).toFormat("yyyyLLdd'T'HHmmss");
    expect(unfolded).toContain(`RECURRENCE-ID;TZID=${NY}:${rid}`);
    expect(unfolded).toContain(`DTSTART;TZID=${NY}:`);
    expect(unfolded).toMatch(new RegExp(`BEGIN:VTIMEZONE\\r\\nTZID:${NY}[\\s\\S]*?BEGIN:DAYLIGHT[\\s\\S]*?END:VTIMEZONE`));
    expect(unfolded).toContain('BEGIN:VTIMEZONE\r\nTZID:Europe/London');
    expect(unfolded).toContain('DESCRIPTION:Agenda & notes');
  });

  it('keeps the weekly meeting at 09:00 New York time across the daylight-saving change', async () => {
    const text = await (await fetchFeed(t, feedPath)).text();
    const now = new Date();
    const series = expandFeed(text, new Date(now.getTime() - 30 * 86_400_000), new Date(now.getTime() + 365 * 86_400_000)).filter((o) => o.summary === 'Weekly sync with New York');
    expect(series.map((o) => o.start)).toEqual([0, 2, 4, 5].map((i) => seriesStarts[i]!.getTime()));
    for (const o of series) expect(DateTime.fromMillis(o.start, { zone: NY }).toFormat('HH:mm')).toBe('09:00');
    const utcHours = new Set(series.map((o) => new Date(o.start).getUTCHours()));
    expect(utcHours.size).toBe(2);
    const viaIcalJs = expandFeedIcalJs(text, new Date(now.getTime() - 30 * 86_400_000), new Date(now.getTime() + 365 * 86_400_000)).filter((o) => o.summary === 'Weekly sync with New York');
    expect(viaIcalJs.map((o) => o.start)).toEqual(series.map((o) => o.start));
    const moved = expandFeed(text, new Date(now.getTime() - 30 * 86_400_000), new Date(now.getTime() + 365 * 86_400_000)).find((o) => o.summary === 'Weekly sync (moved)');
    expect(moved?.start).toBe(seriesStarts[3]!.getTime() + 2 * 3_600_000);
  });

  it('writes the push frequency as REFRESH-INTERVAL and X-PUBLISHED-TTL', async () => {
    let text = await (await fetchFeed(t, feedPath)).text();
    expect(text).toContain('REFRESH-INTERVAL;VALUE=DURATION:PT3H\r\n');
    expect(text).toContain('X-PUBLISHED-TTL:PT3H\r\n');
    const res = await import('../../helpers/app.ts').then(({ gql }) =>
      gql<{ setIcsPushFrequency: { __typename: string; icsSubscription?: { pushFrequencyHours: number } } }>(
        t,
        'mutation { setIcsPushFrequency(input: { pushFrequencyHours: 12 }) { __typename ... on IcsSubscriptionPayload { icsSubscription { pushFrequencyHours } } } }',
        {},
        { token: consultantToken },
      ),
    );
    expect(res.body.data?.setIcsPushFrequency.icsSubscription?.pushFrequencyHours).toBe(12);
    text = await (await fetchFeed(t, feedPath)).text();
    expect(text).toContain('REFRESH-INTERVAL;VALUE=DURATION:PT12H\r\n');
    expect(text).toContain('X-PUBLISHED-TTL:PT12H\r\n');
  });

  it('gives the same events as a one-off file through generateIcs', async () => {
    const { rest } = await import('../../helpers/app.ts');
    const res = await rest(t, '/api/admin/work/daily/generateIcs.htm', { json: {}, token: consultantToken });
    expect(res.status).toBe(200);
    expect(res.response.headers.get('content-type')).toMatch(/^text\/calendar/);
    expect(res.response.headers.get('content-disposition')).toMatch(/attachment; filename=".+\.ics"/);
    const text = await res.response.text();
    const now = new Date();
    const from = new Date(now.getTime() - 30 * 86_400_000);
    const to = new Date(now.getTime() + 365 * 86_400_000);
    expect(expandFeed(text, from, to).map((o) => o.summary)).toContain('Parent meeting');
    expect(expandFeed(text, from, to).map((o) => o.summary)).toContain('Weekly sync (moved)');
  });
});
