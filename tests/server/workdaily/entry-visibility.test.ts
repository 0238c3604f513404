/**
 * Schedule entries have one owner of their reads (the workdaily module) and one visibility
 * rule: `visibleEntriesWhere` (the filter other modules' reads use, through
 * `entriesOverlapping`) selects, for every demo account, exactly the entries `canReadEntry`
 * (the `ScheduleEntry` node's check) lets the account read. The demo seed books no hours, so
 * the file writes a matrix of entries: each staff member's own, written by themselves or by
 * the manager, with no project or on a project the consultant manages.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor, ServiceContext } from '../../../server/context.ts';
import { canReadEntry, visibleEntriesWhere } from '../../../server/modules/workdaily/workdaily.policy.ts';
import { entriesOverlapping } from '../../../server/modules/workdaily/index.ts';
import { createTestApp, DEMO, DEMO_FAMILY, signedInActors, type TestApp } from '../../helpers/app.ts';

const ACCOUNTS = [...Object.values(DEMO), DEMO_FAMILY.parent];

let t: TestApp;
let actors: Map<string, Actor>;

beforeAll(async () => {
  t = await createTestApp();
  actors = await signedInActors(t, ACCOUNTS);
  const staff = ['manager', 'consultant', 'lecturer', 'sales', 'partner'].map((a) => actors.get(a)!.id);
  const project = await t.db.project.findFirstOrThrow({ orderBy: { id: 'asc' }, select: { id: true } });
  await t.db.project.update({ where: { id: project.id }, data: { managerId: actors.get('consultant')!.id } });
  const data = staff.flatMap((employeeId, i) =>
    [employeeId, actors.get('manager')!.id].flatMap((createdById) =>
      [null, project.id].map((projectId) => {
        const beginAt = new Date(Date.UTC(2026, 10, 2 + i, 9));
        return { employeeId, createdById, projectId, workDate: new Date(Date.UTC(2026, 10, 2 + i)), beginAt, endAt: new Date(beginAt.getTime() + 3_600_000), workHours: 1 };
      }),
    ),
  );
  await t.db.scheduleEntry.createMany({ data });
});
afterAll(() => t.close());

describe('one schedule-entry visibility rule', () => {
  it.each(ACCOUNTS.map((a) => a.account))('%s: the filter and the node check agree over the seeded entries', async (account) => {
    const actor = actors.get(account)!;
    const all = await t.db.scheduleEntry.findMany({ select: { id: true, employeeId: true, createdById: true, project: { select: { managerId: true } } }, orderBy: { id: 'asc' } });
    const filtered = (await t.db.scheduleEntry.findMany({ where: visibleEntriesWhere(actor), select: { id: true }, orderBy: { id: 'asc' } })).map((e) => e.id);
    expect(filtered).toEqual(all.filter((e) => canReadEntry(actor, e)).map((e) => e.id));
    expect(all.length).toBeGreaterThan(10);
    if (account === 'admin' || account === 'manager') expect(filtered).toHaveLength(all.length);
    else expect(filtered.length).toBeLessThan(all.length);
  });

  it('the read API answers only visible entries of the people asked for, in the range', async () => {
    const actor = actors.get('consultant')!;
    const ctx = { db: t.db, config: t.config, actor, language: 'en', door: 'graphql' } as unknown as ServiceContext;
    const people = (await t.db.scheduleEntry.findMany({ distinct: ['employeeId'], select: { employeeId: true } })).map((e) => e.employeeId);
    const from = new Date(Date.UTC(2026, 10, 1));
    const to = new Date(Date.UTC(2026, 11, 1));
    const rows = await entriesOverlapping(ctx, { userIds: people, from, to }, { select: { id: true, employeeId: true, createdById: true, beginAt: true, project: { select: { managerId: true } } } });
    const expected = await t.db.scheduleEntry.findMany({
      where: { AND: [{ employeeId: { in: people }, beginAt: { lt: to }, endAt: { gt: from } }, visibleEntriesWhere(actor)] },
      select: { id: true },
      orderBy: [{ beginAt: 'asc' }, { id: 'asc' }],
    });
    expect(rows.map((r) => r.id)).toEqual(expected.map((r) => r.id));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => canReadEntry(actor, r))).toBe(true);
  });
});
