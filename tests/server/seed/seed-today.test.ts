/**
 * The demo lives today: seeded with another `today` than the pinned 2026-09-01, every demo
 * role sees events in that week, open tasks with logs in the past, and application deadlines
 * ahead, through the GraphQL door as a user would. Two days that stress the date arithmetic:
 * a Sunday that is a leap day and a month's end, and a Friday in the week New York springs
 * forward (the London series and the New York Monday meeting straddle it).
 */
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSeedToday, resolveSeedToday } from '../../../prisma/seed/dates.ts';
import { seed } from '../../../prisma/seed/index.ts';
import { createDb, type Db } from '../../../server/db/client.ts';
import { applyMigrations, ensureDatabase } from '../../../server/db/migrate.ts';
import { appOn, DEMO, gql, testDatabase, type TestApp } from '../../helpers/app.ts';
import { login } from '../support.ts';

const ROLES = Object.values(DEMO);

/** A fresh, migrated database (not a clone of the pinned template) seeded with `today`. */
async function seededApp(today: string): Promise<TestApp> {
  const database = testDatabase('today');
  await ensureDatabase(database.url);
  await applyMigrations(database.url);
  const db: Db = createDb(database.url, { max: 4 });
  await seed(db, { today });
  return appOn(database, {}, db);
}

const CALENDAR = `query Week($from: DateTime!, $to: DateTime!) {
  calendar(from: $from, to: $to) { occurrences { databaseId startAt endAt title } }
}`;
const OPEN_TASKS = `{ tasks(first: 1, filter: { state: INCOMPLETE }) { totalCount } }`;
/** The newest tasks with their history (kept small: the query cost limit counts tasks times logs). */
const TASKS = `{ tasks(first: 20) { edges { node { title state createdAt logs(first: 10) { edges { node { logTime } } } } } } }`;
const APPLICATIONS = `{ applications(first: 500) { edges { node { deadline state } } } }`;

type Occurrence = { databaseId: number; startAt: string; endAt: string; title: string };
type TaskRow = { title: string; state: string; createdAt: string; logs: { edges: { node: { logTime: string } }[] } };

describe.each([
  { today: '2032-02-29', what: 'a Sunday, leap day and end of February' },
  { today: '2027-03-12', what: 'a Friday in the week New York moves to daylight time' },
])('the demo seeded for $today ($what)', ({ today }) => {
  let t: TestApp;
  const tokens = new Map<string, string>();
  const day = DateTime.fromISO(today, { zone: 'Asia/Shanghai' });
  const weekStart = day.startOf('week'); // Monday
  const weekEnd = weekStart.plus({ weeks: 1 });
  const tomorrow = day.plus({ days: 1 });

  beforeAll(async () => {
    t = await seededApp(today);
    for (const { account, password } of ROLES) {
      const { answer } = await login(t, account, password);
      expect(answer.token, `${account}: ${answer.message}`).toBeTruthy();
      tokens.set(account, answer.token as string);
    }
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  it.each(ROLES.map((r) => r.account))('%s sees events in the week of today', async (account) => {
    const res = await gql<{ calendar: { occurrences: Occurrence[] } }>(t, CALENDAR, { from: weekStart.toISO(), to: weekEnd.toISO() }, { token: tokens.get(account) });
    expect(res.body.errors).toBeUndefined();
    const events = res.body.data!.calendar.occurrences;
    expect(events.length, `${account} has no event from ${weekStart.toISODate()} to ${weekEnd.toISODate()}`).toBeGreaterThan(0);
    for (const e of events) expect(Date.parse(e.endAt)).toBeGreaterThan(Date.parse(e.startAt));
  });

  it.each(ROLES.map((r) => r.account))('%s sees open tasks and their logs in the past', async (account) => {
    const open = await gql<{ tasks: { totalCount: number } }>(t, OPEN_TASKS, {}, { token: tokens.get(account) });
    expect(open.body.errors).toBeUndefined();
    expect(open.body.data!.tasks.totalCount, `${account} has no task in progress`).toBeGreaterThan(0);
    const all = await gql<{ tasks: { edges: { node: TaskRow }[] } }>(t, TASKS, {}, { token: tokens.get(account) });
    expect(all.body.errors).toBeUndefined();
    const tasks = all.body.data!.tasks.edges.map((e) => e.node);
    const logTimes = tasks.flatMap((task) => task.logs.edges.map((l) => Date.parse(l.node.logTime)));
    expect(logTimes.length, `${account} sees no task log`).toBeGreaterThan(0);
    // Logs are history: none after today (in Shanghai), and, but for the partner (whose three
    // tasks are older, as on the pinned day), some within the last month.
    expect(Math.max(...logTimes)).toBeLessThan(tomorrow.toMillis());
    if (account !== 'partner') expect(Math.max(...logTimes)).toBeGreaterThanOrEqual(day.minus({ days: 30 }).toMillis());
    for (const task of tasks) expect(Date.parse(task.createdAt)).toBeLessThan(tomorrow.toMillis());
  });

  it.each(['admin', 'manager', 'consultant'])('%s sees application deadlines ahead', async (account) => {
    const res = await gql<{ applications: { edges: { node: { deadline: string | null } }[] } }>(t, APPLICATIONS, {}, { token: tokens.get(account) });
    expect(res.body.errors).toBeUndefined();
    const deadlines = res.body.data!.applications.edges.map((e) => e.node.deadline).filter((d): d is string => d !== null);
    expect(deadlines.length).toBeGreaterThan(0);
    expect(
      deadlines.every((d) => d > today),
      `deadlines ${deadlines.slice(0, 3).join(', ')} are not after ${today}`,
    ).toBe(true);
  });

  it('students are minors and projects are placed around today', async () => {
    const eighteenYearsAgo = new Date(`${day.minus({ years: 18 }).toISODate()}T00:00:00Z`);
    const students = await t.db.user.findMany({ where: { type: 3 }, select: { birthday: true } });
    expect(students.length).toBeGreaterThan(0);
    for (const s of students) expect(s.birthday!.getTime()).toBeGreaterThan(eighteenYearsAgo.getTime());
    const running = await t.db.project.findMany({ where: { stateCode: 2 }, select: { code: true, startDate: true, endDate: true } });
    const todayUtc = parseSeedToday(today).getTime();
    for (const p of running) {
      expect(p.startDate!.getTime(), p.code).toBeLessThanOrEqual(todayUtc);
      expect(p.endDate!.getTime(), p.code).toBeGreaterThanOrEqual(todayUtc);
    }
  });
});

describe('SEED_TODAY', () => {
  it('is the current day in Asia/Shanghai unless set, and a bad value is refused with a clear message', () => {
    // 2026-03-01 20:30 UTC is already 2 March in Shanghai.
    expect(resolveSeedToday(undefined, {}, new Date('2026-03-01T20:30:00Z')).toISOString()).toBe('2026-03-02T00:00:00.000Z');
    expect(resolveSeedToday(undefined, { SEED_TODAY: '2028-02-29' }).toISOString()).toBe('2028-02-29T00:00:00.000Z');
    for (const bad of ['2027-02-29', '2026-9-1', '01/09/2026', 'today', '2026-13-01']) {
      expect(() => resolveSeedToday(undefined, { SEED_TODAY: bad })).toThrow(/SEED_TODAY must be a calendar day written yyyy-MM-dd/);
    }
  });
});
