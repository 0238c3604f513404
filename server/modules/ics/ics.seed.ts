import { createHash } from 'node:crypto';
import type { ModuleSeeder } from '../../module.ts';
import { createRandom } from '../../../prisma/seed/random.ts';

/**
 * Demo calendar subscriptions of the ics module, in each state, for demo staff. Tokens come
 * from a fixed-seed generator so the demo is reproducible; they are demo links only (a real
 * subscription's token comes from crypto.randomBytes).
 *
 * The demo logins consultant, lecturer, sales and partner are left "not opened" so that
 * trying the flow starts from the beginning.
 */
const SUBSCRIPTIONS: Array<{ account: string; state: 0 | 1 | 2; hours: 3 | 12; openedDaysAgo: number | null; pausedDaysAgo?: number }> = [
  { account: 'manager', state: 1, hours: 3, openedDaysAgo: 20 },
  { account: 'yang.fan', state: 1, hours: 12, openedDaysAgo: 45 },
  { account: 'wang.fang', state: 2, hours: 3, openedDaysAgo: 60, pausedDaysAgo: 5 },
  { account: 'huang.siqi', state: 1, hours: 3, openedDaysAgo: 9 },
  { account: 'lin.xiao', state: 0, hours: 3, openedDaysAgo: null },
];

export const icsSeed: ModuleSeeder = async (db, ctx) => {
  const random = createRandom(4242);
  const ref = ctx.referenceDate.getTime();
  const day = 86_400_000;
  const users = await db.user.findMany({ where: { account: { in: SUBSCRIPTIONS.map((s) => s.account) } }, select: { id: true, account: true } });
  const idOf = new Map(users.map((u) => [u.account, u.id]));

  const subscriptions = SUBSCRIPTIONS.filter((s) => idOf.has(s.account)).map((s) => {
    const token = s.state === 0 ? null : Array.from({ length: 43 }, () => 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'[Math.floor(random.next() * 64)]).join('');
    const opened = s.openedDaysAgo === null ? null : new Date(ref - s.openedDaysAgo * day);
    return {
      userId: idOf.get(s.account) as number,
      state: s.state,
      tokenHash: token ? createHash('sha256').update(token, 'utf8').digest('hex') : null,
      pushFrequencyHours: s.hours,
      tokenCreatedAt: opened,
      openedAt: opened,
      pausedAt: s.pausedDaysAgo !== undefined ? new Date(ref - s.pausedDaysAgo * day) : null,
      lastFetchedAt: s.state === 1 ? new Date(ref - 2 * 3_600_000) : null,
    };
  });
  await db.icsSubscription.createMany({ data: subscriptions });
  return { icsSubscriptions: subscriptions.length };
};
