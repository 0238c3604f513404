/**
 * Creating a recurring series makes the same small number of SQL statements whatever the
 * number of occurrences: the checks (participants, conflicts), the series row, every
 * occurrence in one insert and every participant row in one more. The calendar's full nodes
 * (participants and their users, series, creator) take the same few statements for a month of
 * one event or of dozens.
 */
import { describe, expect, it } from 'vitest';
import { DEMO } from '../../helpers/app.ts';
import { useStatementCounter } from '../../helpers/statements.ts';
import { gid, userId } from './support.ts';

const counter = useStatementCounter(DEMO.manager);
const count = counter.count;

const CREATE = `mutation($input: CreateWorkEventInput!) { createWorkEvent(input: $input) { __typename ... on Error { code message } } }`;

describe('SQL statements per schedule write', () => {
  it('creating a series makes the same few statements for 3 or 300 occurrences', async () => {
    const auth = await counter.authStatements();
    const people = [gid('User', await userId(counter.t, 'manager')), gid('User', await userId(counter.t, 'lecturer')), gid('User', await userId(counter.t, 'sales'))];
    // Far in the future and at night, so that no seeded or other test's event clashes.
    const series = (title: string, count: number, hour: number) => ({
      title,
      startAt: `2031-03-03T${String(hour).padStart(2, '0')}:00:00Z`,
      endAt: `2031-03-03T${String(hour).padStart(2, '0')}:30:00Z`,
      timeZone: 'UTC',
      participantIds: people,
      recurrence: { freq: 'DAILY', count },
    });
    const small = await count(CREATE, { input: series('sql: short series', 3, 1) });
    const large = await count(CREATE, { input: series('sql: long series', 300, 2) });
    expect(small.data.createWorkEvent.__typename).toBe('WorkEventSavePayload');
    expect(large.data.createWorkEvent.__typename).toBe('WorkEventSavePayload');
    expect(await counter.t.db.workEvent.count({ where: { title: 'sql: long series' } })).toBe(300);
    expect(small.n - auth).toBe(large.n - auth);
    // Participants known, the conflict check (one statement for every occurrence), the series,
    // the occurrences, their participants, the operation log, the sessions the write changed, COMMIT.
    expect(large.n - auth).toBe(8);
  });

  it('the calendar as full WorkEvent nodes makes the same few statements for 1 or 31 events', async () => {
    const auth = await counter.authStatements();
    const people = [gid('User', await userId(counter.t, 'manager')), gid('User', await userId(counter.t, 'lecturer')), gid('User', await userId(counter.t, 'sales'))];
    const save = async (input: Record<string, unknown>) => expect((await count(CREATE, { input })).data.createWorkEvent.__typename).toBe('WorkEventSavePayload');
    // A quiet month (one event) and a busy one (a daily series of 30 and a single event), at night.
    await save({ title: 'sql: quiet month', startAt: '2032-01-12T03:00:00Z', endAt: '2032-01-12T03:30:00Z', timeZone: 'UTC', participantIds: people });
    await save({ title: 'sql: busy month', startAt: '2032-03-01T03:00:00Z', endAt: '2032-03-01T03:30:00Z', timeZone: 'UTC', participantIds: people, recurrence: { freq: 'DAILY', count: 30 } });
    await save({ title: 'sql: busy month, single', startAt: '2032-03-05T04:00:00Z', endAt: '2032-03-05T04:30:00Z', timeZone: 'UTC', participantIds: people.slice(0, 2) });
    const MONTH = `query($from: DateTime!, $to: DateTime!, $userIds: [ID!]) {
      calendar(from: $from, to: $to, userIds: $userIds, timeZone: "UTC") {
        events { id databaseId title startAt participants { confirmedAt user { id databaseId name } } series { databaseId rrule } creator { databaseId } }
      } }`;
    type Month = { calendar: { events: Array<{ title: string; participants: Array<{ user: { databaseId: number; name: string } }>; series: { rrule: string } | null }> } };
    const quiet = await count<Month>(MONTH, { from: '2032-01-01T00:00:00Z', to: '2032-02-01T00:00:00Z', userIds: people });
    const busy = await count<Month>(MONTH, { from: '2032-03-01T00:00:00Z', to: '2032-04-01T00:00:00Z', userIds: people });
    expect(quiet.data.calendar.events.map((e) => e.title)).toEqual(['sql: quiet month']);
    expect(busy.data.calendar.events).toHaveLength(31);
    expect(busy.data.calendar.events.filter((e) => e.series?.rrule.includes('FREQ=DAILY'))).toHaveLength(30);
    expect(busy.data.calendar.events.every((e) => e.participants.length >= 2 && e.participants.every((p) => p.user.name))).toBe(true);
    expect(quiet.n - auth).toBe(busy.n - auth);
    // The events' ids (the grid's statement), the events with their participants, series and
    // creator, and every participant's user at once.
    expect(busy.n - auth).toBe(3);
  });
});
