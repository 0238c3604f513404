/**
 * The event-visibility rule is written once (schedule.policy.ts) and read three ways: as a
 * Prisma filter, as the SQL condition of the calendar's raw statements, and on an event in
 * memory (the node's auth scope). Over the seeded events, for every demo account, the three
 * readings select the same events, and the calendar's raw statement answers what the Prisma
 * calendar filter answers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../../server/context.ts';
import { isEventVisible, visibleEventsSql, visibleEventsWhere } from '../../../server/modules/schedule/schedule.policy.ts';
import { calendarEventIds, calendarWhere } from '../../../server/modules/schedule/schedule.queries.ts';
import { createTestApp, DEMO, DEMO_FAMILY, signedInActors, type TestApp } from '../../helpers/app.ts';
import type { ServiceContext } from '../../../server/context.ts';

const ACCOUNTS = [...Object.values(DEMO), DEMO_FAMILY.parent, DEMO_FAMILY.student];

let t: TestApp;
let actors: Map<string, Actor>;

beforeAll(async () => {
  t = await createTestApp();
  actors = await signedInActors(t, ACCOUNTS);
});
afterAll(() => t.close());

const ctxOf = (actor: Actor) => ({ db: t.db, config: t.config, actor, language: 'en', door: 'graphql' }) as unknown as ServiceContext;

describe('one event-visibility rule, three readings', () => {
  it.each(ACCOUNTS.map((a) => a.account))('%s: Prisma, SQL and in-memory readings select the same seeded events', async (account) => {
    const actor = actors.get(account)!;
    const all = await t.db.workEvent.findMany({ select: { id: true, creatorId: true, published: true, isOpen: true, participants: { select: { userId: true } } }, orderBy: { id: 'asc' } });
    const byPrisma = (await t.db.workEvent.findMany({ where: visibleEventsWhere(actor), select: { id: true }, orderBy: { id: 'asc' } })).map((e) => e.id);
    const params: unknown[] = [];
    const condition = visibleEventsSql(actor, 'e', params);
    const bySql = (await t.db.$queryRawUnsafe<Array<{ id: number }>>(`SELECT e.id FROM work_events e WHERE ${condition} ORDER BY e.id`, ...params)).map((e) => e.id);
    const inMemory = all.filter((e) => isEventVisible(actor, { ...e, participantIds: e.participants.map((p) => p.userId) })).map((e) => e.id);
    expect(bySql).toEqual(byPrisma);
    expect(inMemory).toEqual(byPrisma);
    // The comparison means something: the seed has events, and only schedule managers see all of them.
    expect(all.length).toBeGreaterThan(20);
    if (account === 'admin' || account === 'manager') expect(byPrisma).toHaveLength(all.length);
    else expect(byPrisma.length).toBeLessThan(all.length);
  });

  it.each(ACCOUNTS.map((a) => a.account))('%s: the calendar statement (raw SQL) answers the rows of its Prisma filter', async (account) => {
    const actor = actors.get(account)!;
    const ctx = ctxOf(actor);
    const staffIds = (await t.db.user.findMany({ where: { account: { in: ['admin', 'manager', 'consultant', 'lecturer', 'sales'] } }, select: { id: true } })).map((u) => u.id);
    // The seed's events lie around its today; a year's window either side holds them.
    const from = new Date(Date.now() - 180 * 86_400_000);
    const to = new Date(Date.now() + 180 * 86_400_000);
    for (const userIds of [null, staffIds]) {
      let prismaIds: number[] | string;
      let sqlIds: number[] | string;
      try {
        const { where } = calendarWhere(ctx, { from, to, userIds });
        prismaIds = (await t.db.workEvent.findMany({ where, select: { id: true }, orderBy: [{ startAt: 'asc' }, { id: 'asc' }] })).map((e) => e.id);
      } catch (e) {
        prismaIds = (e as { code?: string }).code ?? String(e);
      }
      try {
        sqlIds = await calendarEventIds(ctx, { from, to, userIds });
      } catch (e) {
        sqlIds = (e as { code?: string }).code ?? String(e);
      }
      expect(sqlIds).toEqual(prismaIds);
      // Staff who see others' calendars see some of the seeded events there.
      if (userIds && (account === 'admin' || account === 'manager')) expect((sqlIds as number[]).length).toBeGreaterThan(0);
    }
  });
});
