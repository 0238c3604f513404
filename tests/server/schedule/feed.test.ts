/**
 * The read API the ICS feed uses, and the calendar's lean occurrences: what a user's feed and
 * calendar hold agrees with the rows they may see.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, loginGql, type TestApp } from '../../helpers/app.ts';
import { eventsForFeed, expandRule } from '../../../server/modules/schedule/index.ts';
import { createEvent, deleteEvent, gid, updateEvent, userId } from './support.ts';
import { gql } from '../../helpers/app.ts';

let t: TestApp;
let manager: string;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  manager = await loginGql(t, DEMO.manager);
  for (const a of ['manager', 'lecturer', 'sales']) ids[a] = await userId(t, a);
});

afterAll(async () => {
  await t.close();
});

describe('eventsForFeed', () => {
  it('answers a series whole with per-user exception dates and overrides, and single events', async () => {
    const s = await createEvent(t, manager, {
      title: 'Feed weekly',
      startAt: '2027-09-06T13:00:00Z', // Monday 09:00 New York (EDT)
      endAt: '2027-09-06T14:00:00Z',
      timeZone: 'America/New_York',
      participantIds: [gid('User', ids.manager!), gid('User', ids.lecturer!)],
      recurrence: { rrule: 'FREQ=WEEKLY;BYDAY=MO;COUNT=10' },
      published: true,
      force: true,
    });
    const events = s.events!;
    await deleteEvent(t, manager, { id: events[1]!.id, scope: 'THIS' });
    await updateEvent(t, manager, { id: events[2]!.id, scope: 'THIS', title: 'Feed weekly (moved)', startAt: '2027-09-20T15:00:00Z', endAt: '2027-09-20T16:00:00Z' });
    // The lecturer is dropped from the fourth occurrence only.
    await updateEvent(t, manager, { id: events[3]!.id, scope: 'THIS', participantIds: [gid('User', ids.manager!)] });
    const single = await createEvent(t, manager, { title: 'Feed single', startAt: '2027-09-08T02:00:00Z', endAt: '2027-09-08T03:00:00Z', participantIds: [gid('User', ids.lecturer!)], published: true, force: true });
    const draft = await createEvent(t, manager, { title: 'Feed draft', startAt: '2027-09-09T02:00:00Z', endAt: '2027-09-09T03:00:00Z', participantIds: [gid('User', ids.lecturer!)], force: true });
    expect(draft.__typename).toBe('WorkEventSavePayload');

    const feed = await eventsForFeed(t.db, { id: ids.lecturer!, type: 1 }, new Date('2027-08-01T00:00:00Z'), new Date('2028-08-01T00:00:00Z'));
    expect(feed.singles.map((e) => e.title)).toEqual(['Feed single']);
    expect(feed.singles[0]!.id).toBe(single.events![0]!.databaseId);
    expect(feed.series).toHaveLength(1);
    const fs = feed.series[0]!;
    expect(fs).toMatchObject({ rrule: 'FREQ=WEEKLY;INTERVAL=1;BYDAY=MO;COUNT=10', timeZone: 'America/New_York', durationMin: 60, allDay: false });
    expect(fs.master.title).toBe('Feed weekly');
    // Deleted (2nd) and not-theirs (4th) occurrences are exception dates for the lecturer.
    expect(fs.exdates.map((d) => d.toISOString())).toEqual(['2027-09-13T13:00:00.000Z', '2027-09-27T13:00:00.000Z']);
    expect(fs.overrides.map((o) => [o.title, o.originalStart?.toISOString(), o.startAt.toISOString()])).toEqual([['Feed weekly (moved)', '2027-09-20T13:00:00.000Z', '2027-09-20T15:00:00.000Z']]);
    // RRULE minus EXDATE plus overrides give exactly the rows the lecturer sees.
    const expanded = expandRule({ rrule: fs.rrule, timeZone: fs.timeZone, dtstart: fs.dtstart, exdates: fs.exdates });
    const rows = await t.db.workEvent.findMany({ where: { seriesId: fs.id, participants: { some: { userId: ids.lecturer! } } }, orderBy: { startAt: 'asc' } });
    expect(expanded.map((d) => d.getTime())).toEqual(rows.map((r) => r.originalStart!.getTime()));
    // November: the series stays at 09:00 New York time (14:00Z after DST ends).
    expect(expanded.at(-1)!.toISOString()).toBe('2027-11-08T14:00:00.000Z');

    // The series node, seen by the lecturer: its rule in fields and the occurrences they may see.
    const lecturerToken = await loginGql(t, DEMO.lecturer);
    const node = await gql<{ node: { rule: { freq: string; byWeekday: string[]; count: number }; exdates: string[]; occurrences: Array<{ databaseId: number }> } }>(
      t,
      'query($id: ID!) { node(id: $id) { ... on EventSeries { rule { freq byWeekday count } exdates occurrences { databaseId } } } }',
      { id: gid('EventSeries', fs.id) },
      { token: lecturerToken },
    );
    expect(node.body.data!.node.rule).toEqual({ freq: 'WEEKLY', byWeekday: ['MO'], count: 10 });
    expect(node.body.data!.node.exdates).toEqual(['2027-09-13T13:00:00.000Z']);
    expect(node.body.data!.node.occurrences.map((o) => o.databaseId)).toEqual(rows.map((r) => r.id));

    // The manager (participant of all, creator of the draft) sees the draft and fewer exdates.
    const mine = await eventsForFeed(t.db, { id: ids.manager!, type: 1 }, new Date('2027-08-01T00:00:00Z'), new Date('2028-08-01T00:00:00Z'));
    expect(mine.singles.map((e) => e.title).sort()).toEqual(['Feed draft', 'Feed single']);
    expect(mine.series[0]!.exdates.map((d) => d.toISOString())).toEqual(['2027-09-13T13:00:00.000Z']);
  });
});

describe('calendar occurrences', () => {
  it('hold the same events as the full nodes, for the viewer and for named people', async () => {
    const q = `query($from: DateTime!, $to: DateTime!, $userIds: [ID!]) { calendar(from: $from, to: $to, userIds: $userIds, timeZone: "America/New_York") {
      events { databaseId participants { user { databaseId } } } occurrences { databaseId participantIds startLocal } } }`;
    for (const [from, to, userIds] of [
      ['2027-01-01T00:00:00Z', '2027-12-31T00:00:00Z', null],
      ['2026-08-01T00:00:00Z', '2026-10-01T00:00:00Z', [gid('User', ids.lecturer!), gid('User', ids.sales!)]],
      ['2027-08-01T00:00:00Z', '2027-12-01T00:00:00Z', [gid('User', ids.lecturer!), gid('User', ids.sales!)]],
    ] as const) {
      for (const token of [manager, await loginGql(t, DEMO.sales)]) {
        const res = await gql<{
          calendar: { events: Array<{ databaseId: number; participants: Array<{ user: { databaseId: number } }> }>; occurrences: Array<{ databaseId: number; participantIds: number[]; startLocal: string }> };
        }>(t, q, { from, to, userIds }, { token });
        expect(res.body.errors).toBeUndefined();
        const c = res.body.data!.calendar;
        if (userIds && token === manager) expect(c.occurrences.length).toBeGreaterThan(0);
        expect(c.occurrences.map((o) => [o.databaseId, o.participantIds])).toEqual(c.events.map((e) => [e.databaseId, e.participants.map((p) => p.user.databaseId)]));
        if (token === manager && !userIds) expect(c.occurrences.find((o) => o.databaseId && o.startLocal === '2027-09-06T09:00:00')).toBeTruthy();
      }
    }
  });
});
