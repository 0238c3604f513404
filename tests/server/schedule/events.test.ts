/**
 * Work events over GraphQL: series across DST seen from another zone, conflicts on the 30th
 * occurrence, editing and deleting with each scope, publish visibility, bad input.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO, gql, loginGql } from '../../helpers/app.ts';
import { consultant, lecturer, manager, sales, t, useSuite } from '../../helpers/suite.ts';
import { calendar, createEvent, deleteEvent, gid, updateEvent, userId } from './support.ts';

useSuite('manager', 'consultant', 'lecturer', 'sales');
const ids: Record<string, number> = {};

beforeAll(async () => {
  for (const a of ['manager', 'consultant', 'lecturer', 'sales', 'yang.fan']) ids[a] = await userId(t, a);
  // A clean slate for the people these tests book (the demo seed gives them events too).
  await t.db.workEvent.deleteMany({ where: { participants: { some: { userId: { in: Object.values(ids) } } } } });
  await t.db.eventSeries.deleteMany({ where: { events: { none: {} } } });
});

describe('a New York series seen from Shanghai', () => {
  it('keeps 09:00 in New York and shows 21:00 / 22:00 in Shanghai across March and November', async () => {
    const saved = await createEvent(t, consultant, {
      title: 'US sync',
      startAt: '2026-02-23T14:00:00Z', // Monday 09:00 EST
      endAt: '2026-02-23T15:00:00Z',
      timeZone: 'America/New_York',
      participantIds: [gid('User', ids.consultant!)],
      recurrence: { freq: 'WEEKLY', byWeekday: ['MO'], until: '2026-11-30' },
      published: true,
    });
    expect(saved.__typename).toBe('WorkEventSavePayload');
    expect(saved.series?.rrule).toBe('FREQ=WEEKLY;INTERVAL=1;BYDAY=MO;UNTIL=20261201T045959Z');
    const res = await calendar(t, consultant, { from: '2026-03-01T00:00:00Z', to: '2026-11-10T00:00:00Z', timeZone: 'Asia/Shanghai' });
    expect(res.body.errors).toBeUndefined();
    const events = res.body.data!.calendar.events.filter((e) => e.title === 'US sync');
    const at = (nyDay: string) => events.find((e) => e.startLocal.startsWith(nyDay) || e.startLocal.startsWith(nyDay.replace(/\d\d$/, (d) => d)))!;
    const local = Object.fromEntries(events.map((e) => [e.startAt.slice(0, 10), e.startLocal]));
    expect(local['2026-03-02']).toBe('2026-03-02T22:00:00');
    expect(local['2026-03-09']).toBe('2026-03-09T21:00:00');
    expect(local['2026-10-26']).toBe('2026-10-26T21:00:00');
    expect(local['2026-11-02']).toBe('2026-11-02T22:00:00');
    void at;
    // Seen from New York: always 09:00.
    const ny = await calendar(t, consultant, { from: '2026-03-01T00:00:00Z', to: '2026-11-10T00:00:00Z', timeZone: 'America/New_York' });
    expect(new Set(ny.body.data!.calendar.events.filter((e) => e.title === 'US sync').map((e) => e.startLocal.slice(11)))).toEqual(new Set(['09:00:00']));
  });

  it('a Shanghai series keeps its instants; seen from New York only New York’s clocks change', async () => {
    const saved = await createEvent(t, lecturer, {
      title: 'Shanghai class',
      startAt: '2026-03-02T01:00:00Z', // Monday 09:00 in Shanghai
      endAt: '2026-03-02T02:00:00Z',
      timeZone: 'Asia/Shanghai',
      recurrence: { rrule: 'FREQ=WEEKLY;BYDAY=MO;COUNT=40' },
    });
    expect(saved.events).toHaveLength(40);
    expect(new Set(saved.events!.map((e) => e.startAt.slice(11, 16)))).toEqual(new Set(['01:00']));
    const res = await calendar(t, lecturer, { from: '2026-03-01T00:00:00Z', to: '2026-03-20T00:00:00Z', timeZone: 'America/New_York' });
    const local = res.body.data!.calendar.events.filter((e) => e.title === 'Shanghai class').map((e) => e.startLocal);
    expect(local).toEqual(['2026-03-01T20:00:00', '2026-03-08T21:00:00', '2026-03-15T21:00:00']);
  });
});

describe('conflicts', () => {
  it('finds the clash on the 30th occurrence of a daily series, names the person, and saves with force', async () => {
    // The sales person is busy on the 30th day (2026-10-30 10:00-11:00 Shanghai).
    const busy = await createEvent(t, sales, { title: 'Client visit', startAt: '2026-10-30T02:00:00Z', endAt: '2026-10-30T03:00:00Z', timeZone: 'Asia/Shanghai' });
    expect(busy.__typename).toBe('WorkEventSavePayload');
    const input = {
      title: 'Daily review',
      startAt: '2026-10-01T02:30:00Z',
      endAt: '2026-10-01T03:00:00Z',
      timeZone: 'Asia/Shanghai',
      participantIds: [gid('User', ids.manager!), gid('User', ids.sales!)],
      recurrence: { freq: 'DAILY', count: 40 },
    };
    const check = await gql<{ conflicts: { total: number; occurrences: unknown[]; conflicts: Array<{ occurrence: number; kind: string; user: { databaseId: number }; title: string | null }> } }>(
      t,
      `query($input: ConflictCheckInput!) { conflicts(input: $input) { total occurrences { start } conflicts { occurrence kind user { databaseId } title } } }`,
      { input: { startAt: input.startAt, endAt: input.endAt, timeZone: input.timeZone, participantIds: input.participantIds, recurrence: input.recurrence } },
      { token: manager },
    );
    expect(check.body.errors).toBeUndefined();
    expect(check.body.data!.conflicts.occurrences).toHaveLength(40);
    expect(check.body.data!.conflicts.total).toBe(1);
    expect(check.body.data!.conflicts.conflicts).toEqual([{ occurrence: 30, kind: 'PARTICIPANT', user: { databaseId: ids.sales }, title: 'Client visit' }]);

    const refused = await createEvent(t, manager, input);
    expect(refused.__typename).toBe('ScheduleConflictError');
    expect(refused.code).toBe('SCHEDULE_CONFLICT');
    expect(refused.message).toBe('存在1处时间冲突');
    expect(refused.conflicts?.[0]).toMatchObject({ occurrence: 30, kind: 'PARTICIPANT', start: '2026-10-30T02:30:00.000Z' });
    expect(await t.db.workEvent.count({ where: { title: 'Daily review' } })).toBe(0);

    const forced = await createEvent(t, manager, { ...input, force: true });
    expect(forced.__typename).toBe('WorkEventSavePayload');
    expect(forced.events).toHaveLength(40);
  });

  it('a clash with an event the caller may not see says busy without its title; back-to-back is no clash', async () => {
    const hidden = await createEvent(t, sales, { title: 'Private draft', startAt: '2026-12-01T02:00:00Z', endAt: '2026-12-01T03:00:00Z', timeZone: 'Asia/Shanghai' });
    expect(hidden.__typename).toBe('WorkEventSavePayload');
    const check = await gql<{ conflicts: { total: number; conflicts: Array<{ title: string | null; event: unknown; userName: string }> } }>(
      t,
      `query($input: ConflictCheckInput!) { conflicts(input: $input) { total conflicts { title event { id } userName } } }`,
      { input: { startAt: '2026-12-01T02:30:00Z', endAt: '2026-12-01T04:00:00Z', participantIds: [gid('User', ids.sales!)] } },
      { token: consultant },
    );
    expect(check.body.data!.conflicts).toEqual({ total: 1, conflicts: [{ title: null, event: null, userName: '赵磊' }] });
    const edge = await gql<{ conflicts: { total: number } }>(
      t,
      `query($input: ConflictCheckInput!) { conflicts(input: $input) { total } }`,
      { input: { startAt: '2026-12-01T03:00:00Z', endAt: '2026-12-01T04:00:00Z', participantIds: [gid('User', ids.sales!)] } },
      { token: consultant },
    );
    expect(edge.body.data!.conflicts.total).toBe(0);
  });

  it('the place is checked too', async () => {
    const a = await createEvent(t, lecturer, { title: 'Room A lesson', startAt: '2026-12-05T02:00:00Z', endAt: '2026-12-05T04:00:00Z', placeId: 7 });
    expect(a.__typename).toBe('WorkEventSavePayload');
    const b = await createEvent(t, consultant, { title: 'Room A meeting', startAt: '2026-12-05T03:00:00Z', endAt: '2026-12-05T05:00:00Z', placeId: 7 });
    expect(b.__typename).toBe('ScheduleConflictError');
    expect(b.conflicts).toEqual([expect.objectContaining({ kind: 'PLACE', userName: null, occurrence: 1 })]);
  });
});

async function weeklySeries(title: string, count = 6) {
  const saved = await createEvent(t, manager, {
    title,
    startAt: '2027-01-04T01:00:00Z', // Mondays 09:00 Shanghai
    endAt: '2027-01-04T02:00:00Z',
    timeZone: 'Asia/Shanghai',
    recurrence: { rrule: `FREQ=WEEKLY;BYDAY=MO;COUNT=${count}` },
    published: true,
    force: true,
  });
  expect(saved.__typename).toBe('WorkEventSavePayload');
  return saved;
}

const rowsOf = (seriesTitle: string) => t.db.workEvent.findMany({ where: { title: { startsWith: seriesTitle } }, orderBy: { startAt: 'asc' } });

describe('editing with a scope', () => {
  it('THIS: only that occurrence changes and becomes an exception', async () => {
    const s = await weeklySeries('Edit-this');
    const third = s.events![2]!;
    const res = await updateEvent(t, manager, { id: third.id, scope: 'THIS', title: 'Edit-this moved', startAt: '2027-01-18T03:00:00Z', endAt: '2027-01-18T04:00:00Z' });
    expect(res.__typename).toBe('WorkEventSavePayload');
    expect(res.events?.[0]).toMatchObject({ title: 'Edit-this moved', isException: true, originalStart: '2027-01-18T01:00:00.000Z', startAt: '2027-01-18T03:00:00.000Z' });
    const rows = await rowsOf('Edit-this');
    expect(rows.map((r) => r.title)).toEqual(['Edit-this', 'Edit-this', 'Edit-this moved', 'Edit-this', 'Edit-this', 'Edit-this']);
    expect(rows.filter((r) => r.isException)).toHaveLength(1);
  });

  it('FOLLOWING: the series is split; earlier occurrences keep the old rule', async () => {
    const s = await weeklySeries('Edit-following');
    const fourth = s.events![3]!;
    const res = await updateEvent(t, manager, { id: fourth.id, scope: 'FOLLOWING', title: 'Edit-following v2', startAt: '2027-01-25T02:00:00Z', endAt: '2027-01-25T03:00:00Z' });
    expect(res.__typename).toBe('WorkEventSavePayload');
    expect(res.events!.map((e) => e.startAt)).toEqual(['2027-01-25T02:00:00.000Z', '2027-02-01T02:00:00.000Z', '2027-02-08T02:00:00.000Z']);
    expect(res.series!.rrule).toBe('FREQ=WEEKLY;INTERVAL=1;BYDAY=MO;COUNT=3');
    const old = await t.db.eventSeries.findUniqueOrThrow({ where: { id: s.series!.databaseId } });
    expect(old.rrule).toBe('FREQ=WEEKLY;INTERVAL=1;BYDAY=MO;UNTIL=20270125T005959Z');
    const rows = await rowsOf('Edit-following');
    expect(rows.map((r) => [r.title, r.seriesId === old.id])).toEqual([
      ['Edit-following', true],
      ['Edit-following', true],
      ['Edit-following', true],
      ['Edit-following v2', false],
      ['Edit-following v2', false],
      ['Edit-following v2', false],
    ]);
  });

  it('ALL: every occurrence moves by the same wall-clock amount; a title-only change keeps the rows', async () => {
    const s = await weeklySeries('Edit-all');
    const keepIds = s.events!.map((e) => e.databaseId);
    const renamed = await updateEvent(t, manager, { id: s.events![1]!.id, scope: 'ALL', title: 'Edit-all renamed' });
    expect(renamed.events!.map((e) => e.databaseId)).toEqual(keepIds);
    expect(new Set(renamed.events!.map((e) => e.title))).toEqual(new Set(['Edit-all renamed']));
    const moved = await updateEvent(t, manager, { id: s.events![1]!.id, scope: 'ALL', startAt: '2027-01-11T06:00:00Z', endAt: '2027-01-11T07:30:00Z' });
    expect(moved.__typename).toBe('WorkEventSavePayload');
    expect(moved.events!.map((e) => e.startLocal)).toEqual(['2027-01-04', '2027-01-11', '2027-01-18', '2027-01-25', '2027-02-01', '2027-02-08'].map((d) => `${d}T14:00:00`));
    expect(new Set(moved.events!.map((e) => Date.parse(e.endAt) - Date.parse(e.startAt)))).toEqual(new Set([90 * 60_000]));
  });
});

describe('deleting with a scope', () => {
  it('THIS keeps an exception date; FOLLOWING ends the rule; ALL removes the series', async () => {
    const s = await weeklySeries('Delete-me');
    const one = await deleteEvent(t, manager, { id: s.events![1]!.id, scope: 'THIS' });
    expect(one).toMatchObject({ __typename: 'DeleteWorkEventPayload', seriesDeleted: false, series: { exdates: ['2027-01-11T01:00:00.000Z'] } });
    expect(await rowsOf('Delete-me')).toHaveLength(5);

    const tail = await deleteEvent(t, manager, { id: s.events![4]!.id, scope: 'FOLLOWING' });
    expect(tail.deletedIds).toHaveLength(2);
    expect(tail.series?.rrule).toBe('FREQ=WEEKLY;INTERVAL=1;BYDAY=MO;UNTIL=20270201T005959Z');
    expect((await rowsOf('Delete-me')).map((r) => r.startAt.toISOString().slice(0, 10))).toEqual(['2027-01-04', '2027-01-18', '2027-01-25']);

    const all = await deleteEvent(t, manager, { id: s.events![0]!.id, scope: 'ALL' });
    expect(all).toMatchObject({ seriesDeleted: true });
    expect(all.deletedIds).toHaveLength(3);
    expect(await rowsOf('Delete-me')).toHaveLength(0);
    expect(await t.db.eventSeries.findUnique({ where: { id: s.series!.databaseId } })).toBeNull();
  });

  it('someone else’s event cannot be deleted; it looks missing when it is not visible', async () => {
    const own = await createEvent(t, sales, { title: 'Sales only', startAt: '2027-03-01T02:00:00Z', endAt: '2027-03-01T03:00:00Z' });
    const res = await deleteEvent(t, consultant, { id: own.events![0]!.id });
    expect(res).toMatchObject({ __typename: 'RuleError', code: 'NOT_FOUND' });
    const log = await t.db.operationLog.findFirst({ where: { operation: 'schedule.delete' }, orderBy: { id: 'desc' } });
    expect(log).toMatchObject({ outcome: 'FAILURE', errorCode: 'NOT_FOUND' });
  });
});

describe('publish visibility', () => {
  it('an unpublished event is seen by its creator and managers only; participants see it once published', async () => {
    const draft = await createEvent(t, consultant, {
      title: 'Draft with lecturer',
      startAt: '2027-04-01T02:00:00Z',
      endAt: '2027-04-01T03:00:00Z',
      participantIds: [gid('User', ids.consultant!), gid('User', ids.lecturer!)],
    });
    const id = draft.events![0]!.id;
    const nodeAs = async (token: string) => (await gql<{ node: { title: string } | null }>(t, 'query($id: ID!) { node(id: $id) { ... on WorkEvent { title } } }', { id }, { token })).body.data?.node ?? null;
    expect(await nodeAs(consultant)).toEqual({ title: 'Draft with lecturer' });
    expect(await nodeAs(manager)).toEqual({ title: 'Draft with lecturer' });
    expect(await nodeAs(lecturer)).toBeNull();
    const lecturerCal = async () => (await calendar(t, lecturer, { from: '2027-04-01T00:00:00Z', to: '2027-04-02T00:00:00Z' })).body.data!.calendar.events.map((e) => e.title);
    expect(await lecturerCal()).toEqual([]);

    const notMine = await gql<{ publishWorkEvents: { __typename: string; code?: string } }>(
      t,
      'mutation($input: PublishWorkEventsInput!) { publishWorkEvents(input: $input) { __typename ... on Error { code } } }',
      { input: { ids: [id] } },
      { token: lecturer },
    );
    expect(notMine.body.data!.publishWorkEvents).toEqual({ __typename: 'RuleError', code: 'NOT_FOUND' });

    const pub = await gql<{ publishWorkEvents: { events: Array<{ published: boolean }> } }>(
      t,
      'mutation($input: PublishWorkEventsInput!) { publishWorkEvents(input: $input) { ... on WorkEventsPayload { events { published } } } }',
      { input: { ids: [id] } },
      { token: consultant },
    );
    expect(pub.body.data!.publishWorkEvents.events).toEqual([{ published: true }]);
    expect(await nodeAs(lecturer)).toEqual({ title: 'Draft with lecturer' });
    expect(await lecturerCal()).toEqual(['Draft with lecturer']);
    // Not a participant, not open: the sales person does not see it.
    expect(await nodeAs(sales)).toBeNull();

    await gql(t, 'mutation($input: PublishWorkEventsInput!) { unpublishWorkEvents(input: $input) { __typename } }', { input: { ids: [id] } }, { token: consultant });
    expect(await nodeAs(lecturer)).toBeNull();
  });

  it('an open published event is seen by all staff, who may join it and then confirm it', async () => {
    const open = await createEvent(t, lecturer, { title: 'Open workshop', startAt: '2027-04-02T06:00:00Z', endAt: '2027-04-02T08:00:00Z', isOpen: true, published: true });
    const id = open.events![0]!.id;
    const join = await gql<{ joinWorkEvent: { __typename: string; events?: Array<{ participants: Array<{ user: { databaseId: number } }> }> } }>(
      t,
      'mutation($input: JoinWorkEventInput!) { joinWorkEvent(input: $input) { __typename ... on WorkEventsPayload { events { participants { user { databaseId } } } } } }',
      { input: { id } },
      { token: sales },
    );
    expect(join.body.data!.joinWorkEvent.events![0]!.participants.map((p) => p.user.databaseId).sort()).toEqual([ids.lecturer, ids.sales].sort());
    const again = await gql<{ joinWorkEvent: { code: string; message: string } }>(
      t,
      'mutation($input: JoinWorkEventInput!) { joinWorkEvent(input: $input) { ... on Error { code message } } }',
      { input: { id } },
      { token: sales },
    );
    expect(again.body.data!.joinWorkEvent).toEqual({ code: 'ALREADY_JOINED', message: '你已在该日程中' });
    const confirm = async (token: string) =>
      (
        await gql<{ confirmWorkEvent: { events?: Array<{ confirmed: boolean }>; code?: string } }>(
          t,
          'mutation($input: ConfirmWorkEventInput!) { confirmWorkEvent(input: $input) { ... on WorkEventsPayload { events { confirmed } } ... on Error { code } } }',
          { input: { id } },
          { token },
        )
      ).body.data!.confirmWorkEvent;
    expect(await confirm(sales)).toEqual({ events: [{ confirmed: false }] });
    expect(await confirm(lecturer)).toEqual({ events: [{ confirmed: true }] });
    expect(await confirm(consultant)).toEqual({ code: 'NOT_PARTICIPANT' });
  });
});

describe('bad input', () => {
  const base = { title: 'Bad', startAt: '2027-05-01T02:00:00Z', endAt: '2027-05-01T03:00:00Z' };

  it('end before start, unknown zone, a rule over the cap, a malformed rule, no title: clear messages, nothing written', async () => {
    const before = await t.db.workEvent.count();
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ ...base, endAt: '2027-05-01T01:00:00Z' }, 'END_BEFORE_START', '结束时间不能早于开始时间'],
      [{ ...base, timeZone: 'Mars/Olympus' }, 'INVALID_INPUT', '未知的时区：Mars/Olympus'],
      [{ ...base, recurrence: { freq: 'DAILY', count: 1001 } }, 'TOO_MANY_OCCURRENCES', '重复日程最多1000次，请设置更早的结束日期或更少的次数'],
      [{ ...base, recurrence: { freq: 'WEEKLY' } }, 'TOO_MANY_OCCURRENCES', '重复日程最多1000次，请设置更早的结束日期或更少的次数'],
      [{ ...base, recurrence: { rrule: 'FREQ=SOMETIMES' } }, 'INVALID_RULE', '重复规则无效'],
      [{ ...base, title: '  ' }, 'INVALID_INPUT', '请填写日程标题'],
      [{ ...base, participantIds: [gid('User', 999999)] }, 'UNKNOWN_PARTICIPANT', '参与人不存在或已停用'],
    ];
    for (const [input, code, message] of cases) {
      const res = await createEvent(t, consultant, input);
      expect({ code: res.code, message: res.message }, JSON.stringify(input)).toEqual({ code, message });
    }
    expect(await t.db.workEvent.count()).toBe(before);
    const failures = await t.db.operationLog.count({ where: { operation: 'schedule.create', outcome: 'FAILURE' } });
    expect(failures).toBeGreaterThanOrEqual(cases.length);
  });

  it('English callers read English', async () => {
    await t.db.user.update({ where: { id: ids.sales! }, data: { language: 1 } });
    const token = await loginGql(t, DEMO.sales);
    const res = await createEvent(t, token, { ...base, recurrence: { freq: 'DAILY', count: 5000 } });
    expect(res.message).toBe('A recurring series may have at most 1000 occurrences; choose an earlier end date or fewer repetitions');
    await t.db.user.update({ where: { id: ids.sales! }, data: { language: 0 } });
  });

  it('the calendar refuses ranges that end before they start', async () => {
    const res = await calendar(t, consultant, { from: '2027-05-02T00:00:00Z', to: '2027-05-01T00:00:00Z' });
    expect(res.body.errors?.[0]?.message).toBe('结束时间不能早于开始时间');
  });
});
