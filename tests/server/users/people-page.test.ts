/**
 * The people list's page (online people first, then by the custom sort and id) is read in one
 * statement whose filter is the SQL translation of `usersWhere`; the Prisma reading of the two
 * groups is what it replaced. Both must answer the same people in the same order, with the same
 * total, for every filter, every kind of caller and any page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor, ServiceContext } from '../../../server/context.ts';
import { usersWhere, type UserListFilter } from '../../../server/modules/users/service/people.ts';
import { PERSON_ORDER, pageIdsOnlineFirst, pageOnlineFirst, userWhereSql } from '../../../server/modules/users/users.people.ts';
import { createTestApp, type TestApp } from '../../helpers/app.ts';

let t: TestApp;
let ids: { student: number; parent: number; consultant: number; lecturer: number; department: number };

const actor = (id: number, type: number, roleCodes: string[], isAdmin = false): Actor => ({
  id,
  account: `a${id}`,
  name: 'x',
  nameEn: null,
  type,
  roleIds: [],
  roleCodes,
  isAdmin,
  language: 0,
  timeZone: 'Asia/Shanghai',
  tokenId: 0,
});
const ctxOf = (a: Actor) => ({ actor: a, db: t.db }) as unknown as ServiceContext;

beforeAll(async () => {
  t = await createTestApp();
  // Some people online (active now), some just out of the window, the rest never or long ago.
  await t.db.$executeRaw`UPDATE users SET last_active_at = CASE WHEN id % 3 = 0 THEN now() WHEN id % 5 = 0 THEN now() - interval '6 minutes' ELSE last_active_at END`;
  // Ties in the custom sort, so the id decides inside each group.
  await t.db.$executeRaw`UPDATE users SET sort = id % 4`;
  const s = await t.db.user.findFirstOrThrow({ where: { type: 3, parentId: { not: null }, consultantId: { not: null }, lecturerId: { not: null } } });
  const dept = await t.db.user.findFirstOrThrow({ where: { type: 1, departmentId: { not: null } } });
  ids = { student: s.id, parent: s.parentId!, consultant: s.consultantId!, lecturer: s.lecturerId!, department: dept.departmentId! };
});
afterAll(() => t.close());

describe('people, online first, in one statement', () => {
  it('answers the same page and total as the two groups read with Prisma, for every filter and caller', async () => {
    const callers = [actor(1, 1, ['admin'], true), actor(ids.consultant, 1, ['consultant']), actor(9_000, 1, ['partner']), actor(ids.parent, 2, ['parent']), actor(ids.student, 3, ['student'])];
    const filters: UserListFilter[] = [
      {},
      { type: 1 },
      { type: 3 },
      { types: [2, 3] },
      { types: [] },
      { state: 3 },
      { activeOnly: true },
      { departmentId: ids.department },
      { search: 'a' },
      { search: '%' },
      { search: '_' },
      { search: ' Li ' },
      { scope: 'roleAccount' },
      { scope: 'roleAccount', roleCode: 'consultant' },
      { scope: 'student' },
      { scope: 'parent' },
      { scope: 'staff' },
      { scope: 'consultant' },
      { scope: 'lecturer' },
      { relatedTo: ids.student },
      { relatedTo: ids.consultant },
      { relatedTo: ids.parent },
      { consultantId: ids.consultant },
      { lecturerId: ids.lecturer },
      { parentId: ids.parent },
      { type: 3, activeOnly: true, search: 'a', consultantId: ids.consultant },
    ];
    const pages = [
      [0, 5],
      [0, 20],
      [3, 7],
      [15, 30],
      [0, 0],
      [10_000, 10],
    ] as const;
    let nonEmpty = 0;
    for (const a of callers) {
      for (const f of filters) {
        const where = usersWhere(ctxOf(a), f);
        expect(userWhereSql(where), JSON.stringify(f)).not.toBeNull();
        for (const [offset, limit] of pages) {
          const label = `${a.roleCodes[0]} ${JSON.stringify(f)} ${offset}/${limit}`;
          // A copy of the order is not PERSON_ORDER itself: the Prisma reading of the two groups.
          const [one, two] = await Promise.all([pageIdsOnlineFirst(t.db, where, offset, limit), pageIdsOnlineFirst(t.db, where, offset, limit, [...PERSON_ORDER])]);
          expect(one, label).toEqual(two);
          if (one.ids.length > 1) nonEmpty += 1;
        }
      }
    }
    expect(nonEmpty).toBeGreaterThan(100);
  });

  it('puts online people first, then the custom sort and the id, with department and roles', async () => {
    const where = usersWhere(ctxOf(actor(1, 1, ['admin'], true)), {});
    const { rows, total } = await pageOnlineFirst(t.db, where, 0, 500);
    expect(total).toBe(await t.db.user.count());
    const key = (u: (typeof rows)[number]) => [u.lastActiveAt && Date.now() - u.lastActiveAt.getTime() < 5 * 60_000 ? 0 : 1, u.sort, u.id];
    const sorted = [...rows].sort((x, y) => {
      const [a, b] = [key(x), key(y)];
      return a[0]! - b[0]! || a[1]! - b[1]! || a[2]! - b[2]!;
    });
    expect(rows.map((u) => u.id)).toEqual(sorted.map((u) => u.id));
    expect(rows.filter((u) => u.id % 3 === 0).every((u, i) => rows[i]!.id % 3 === 0)).toBe(true);
    expect(rows.some((u) => u.department !== null && u.roles.length > 0)).toBe(true);
  });

  it('leaves a filter it does not know to Prisma', () => {
    expect(userWhereSql({ name: { startsWith: 'a' } })).toBeNull();
    expect(userWhereSql({ NOT: { type: 1 } })).toBeNull();
    expect(userWhereSql({ parentId: { not: 3 } })).toBeNull();
    expect(userWhereSql({ tokens: { some: {} } })).toBeNull();
  });
});
