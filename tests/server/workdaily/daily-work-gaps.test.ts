/**
 * What the daily-work page needs from the server besides the lists: deleting a day's entries
 * (`deleteScheduleEntries`, all or nothing, one's own unless a manager) and the days still to fill
 * in (`missingWorkDays`, weekdays without an entry and not dismissed, in the person's time zone).
 */
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app.ts';
import { gid, idOf, projectId, run, tokens } from '../tasks/support.ts';

let t: TestApp;
let tok: Record<string, string>;
let ids: Record<string, number>;
let project: number;

beforeAll(async () => {
  t = await createTestApp();
  tok = await tokens(t, 'manager', 'consultant', 'lecturer', 'yang.fan');
  ids = {};
  for (const a of ['manager', 'consultant', 'lecturer', 'yang.fan']) ids[a] = await idOf(t, a);
  project = await projectId(t, 'P2027-US');
});

afterAll(async () => {
  await t.close();
});

async function entry(employee: string, day: string): Promise<number> {
  const begin = DateTime.fromISO(`${day}T09:00`, { zone: 'Asia/Shanghai' });
  const row = await t.db.scheduleEntry.create({
    data: { workDate: new Date(`${day}T00:00:00Z`), employeeId: ids[employee]!, createdById: ids[employee]!, projectId: project, beginAt: begin.toJSDate(), endAt: begin.plus({ hours: 8 }).toJSDate(), workHours: 8 },
  });
  return row.id;
}

const DELETE = `mutation($ids: [ID!]!) { deleteScheduleEntries(input: { ids: $ids }) {
  __typename ... on DeleteScheduleEntriesPayload { deletedScheduleEntryIds } ... on Error { code message } } }`;
type DeleteAnswer = { __typename: string; code?: string; deletedScheduleEntryIds?: string[]; message?: string };
const del = async (token: string, list: string[]) => (await run<{ deleteScheduleEntries: DeleteAnswer }>(t, token, DELETE, { ids: list })).deleteScheduleEntries;
const exists = async (id: number) => (await t.db.scheduleEntry.count({ where: { id } })) === 1;

describe('deleteScheduleEntries', () => {
  it("deletes the caller's own entries and answers their ids", async () => {
    const a = await entry('consultant', '2026-03-02');
    const b = await entry('consultant', '2026-03-02');
    const answer = await del(tok.consultant!, [gid('ScheduleEntry', b), gid('ScheduleEntry', a)]);
    expect(answer.__typename).toBe('DeleteScheduleEntriesPayload');
    expect(answer.deletedScheduleEntryIds).toEqual([gid('ScheduleEntry', a), gid('ScheduleEntry', b)]);
    expect(await exists(a)).toBe(false);
    expect(await exists(b)).toBe(false);
  });

  it("refuses someone else's entry as not found and deletes nothing of the batch", async () => {
    const mine = await entry('consultant', '2026-03-03');
    const theirs = await entry('lecturer', '2026-03-03');
    const answer = await del(tok.consultant!, [gid('ScheduleEntry', mine), gid('ScheduleEntry', theirs)]);
    expect(answer).toMatchObject({ __typename: 'RuleError', code: 'NOT_FOUND' });
    expect(answer.message).toBeTruthy();
    expect(await exists(mine)).toBe(true);
    expect(await exists(theirs)).toBe(true);
  });

  it("lets a manager delete a colleague's entry", async () => {
    const theirs = await entry('lecturer', '2026-03-04');
    expect((await del(tok.manager!, [gid('ScheduleEntry', theirs)])).__typename).toBe('DeleteScheduleEntriesPayload');
    expect(await exists(theirs)).toBe(false);
  });

  it('refuses an empty list, a wrong id type and more than 100 ids with a translated message', async () => {
    const kept = await entry('consultant', '2026-03-05');
    const empty = await del(tok.consultant!, []);
    expect(empty.__typename).toBe('InputError');
    const wrong = await del(tok.consultant!, [gid('Task', kept)]);
    expect(wrong.__typename).toBe('InputError');
    const many = await del(
      tok.consultant!,
      Array.from({ length: 101 }, (_, i) => gid('ScheduleEntry', kept + i)),
    );
    expect(many.__typename).toBe('InputError');
    expect(await exists(kept)).toBe(true);
    // The English reader reads English.
    const english = await del(tok['yang.fan']!, []);
    expect(english.message).not.toMatch(/[\u4e00-\u9fff]/);
  });
});

const MISSING = `query($days: Int, $userId: ID) { missingWorkDays(days: $days, userId: $userId) {
  __typename ... on MissingWorkDays { from to days } ... on Error { code message } } }`;
type MissingAnswer = { __typename: string; code?: string; from?: string; to?: string; days?: string[]; message?: string };
const missing = async (token: string, vars: Record<string, unknown> = {}) => (await run<{ missingWorkDays: MissingAnswer }>(t, token, MISSING, vars)).missingWorkDays;

describe('missingWorkDays', () => {
  it('lists the weekdays of the window without an entry, oldest first, and drops a day once it has one', async () => {
    await t.db.user.update({ where: { id: ids.lecturer! }, data: { timeZone: 'Asia/Shanghai' } });
    const before = await missing(tok.lecturer!, { days: 14 });
    expect(before.__typename).toBe('MissingWorkDays');
    const today = DateTime.now().setZone('Asia/Shanghai').toISODate()!;
    expect(before.to).toBe(today);
    expect(before.from).toBe(DateTime.fromISO(today).minus({ days: 14 }).toISODate());
    for (const d of before.days!) {
      expect(DateTime.fromISO(d).weekday).toBeLessThanOrEqual(5);
      expect(d >= before.from! && d <= today).toBe(true);
    }
    expect([...before.days!].sort()).toEqual(before.days);
    // Fill every weekday but one: only that one is left.
    const weekdays: string[] = [];
    for (let d = DateTime.fromISO(before.from!); d.toISODate()! <= today; d = d.plus({ days: 1 })) if (d.weekday <= 5) weekdays.push(d.toISODate()!);
    const left = weekdays[1]!;
    for (const d of weekdays) if (d !== left && before.days!.includes(d)) await entry('lecturer', d);
    expect((await missing(tok.lecturer!, { days: 14 })).days).toEqual([left]);
    // A dismissed reminder is not asked for again.
    await t.db.dismissedReminder.create({ data: { userId: ids.lecturer!, day: new Date(`${left}T00:00:00Z`) } });
    expect((await missing(tok.lecturer!, { days: 14 })).days).toEqual([]);
  });

  it("answers another person's days to a manager only", async () => {
    const asManager = await missing(tok.manager!, { userId: gid('User', ids.consultant!), days: 7 });
    expect(asManager.__typename).toBe('MissingWorkDays');
    const asColleague = await missing(tok.consultant!, { userId: gid('User', ids.manager!), days: 7 });
    expect(asColleague).toMatchObject({ __typename: 'RuleError', code: 'FORBIDDEN' });
  });

  it('refuses a window outside 1 to 92 days', async () => {
    expect((await missing(tok.consultant!, { days: 0 })).__typename).toBe('InputError');
    expect((await missing(tok.consultant!, { days: 93 })).__typename).toBe('InputError');
  });
});
