/**
 * A manager's visible staff are ids read with the session (server/session/session.ts,
 * managedStaffOf): the archive list's own statements filter on indexed columns and join no
 * department, whatever the depth of the tree; the ids agree with the department rule; and a
 * membership change reaches a cached session at once.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDb } from '../../../server/db/client.ts';
import { sessionCacheOf } from '../../../server/session/session-cache.ts';
import { appOn, gql, loginGql, testDatabase, type TestApp } from '../../helpers/app.ts';
import { useStatementCounter } from '../../helpers/statements.ts';

const MANAGER = { account: 'manager', password: 'Staff#2026' };
const LIST = `{ archives(first: 20) { totalCount edges { node { id } } } }`;

describe('the archive list as a manager', () => {
  const counter = useStatementCounter(MANAGER);

  it('reads no department in its own statements; the ids give what the department rule gives', async () => {
    await counter.authStatements();
    const { statements, data } = await counter.count(LIST);
    // With no session cache in tests, the session's two statements come first (the second
    // reads the staff ids); the list's own follow and touch no department.
    const own = statements.filter((q) => q.includes('"archives"'));
    expect(own.length).toBeGreaterThan(0);
    for (const q of own) expect(q).not.toMatch(/departments/);

    const db = counter.t.db;
    const me = await db.user.findUniqueOrThrow({ where: { account: 'manager' }, select: { id: true, departmentId: true } });
    const departments = await db.department.findMany({ select: { id: true, parentId: true, managerId: true } });
    const tree = new Set<number>(departments.filter((d) => d.managerId === me.id || d.id === me.departmentId).map((d) => d.id));
    for (let grew = true; grew;) {
      grew = false;
      for (const d of departments)
        if (d.parentId && tree.has(d.parentId) && !tree.has(d.id)) {
          tree.add(d.id);
          grew = true;
        }
    }
    const inTree = { departmentId: { in: [...tree] } };
    const expected = await db.archive.count({
      where: {
        deletedAt: null,
        OR: [{ consultant: inTree }, { actingConsultant: inTree }, { sales: inTree }, { consultantId: null, actingConsultantId: null }, { consultantId: me.id }, { actingConsultantId: me.id }],
      },
    });
    expect(data.archives.totalCount).toBe(expected);
  });
});

describe('a cached manager session', () => {
  const CACHE_SECONDS = 600;
  let t: TestApp;
  beforeAll(async () => {
    const database = testDatabase('mgr');
    const admin = new pg.Client({ connectionString: database.adminUrl });
    await admin.connect();
    try {
      await admin.query(`CREATE DATABASE ${admin.escapeIdentifier(database.name)} TEMPLATE ${admin.escapeIdentifier(inject('templateDatabase'))}`);
    } finally {
      await admin.end();
    }
    t = appOn(database, { sessionCacheSeconds: CACHE_SECONDS }, createDb(database.url, { max: 4 }));
    await sessionCacheOf(t.db, CACHE_SECONDS)!.ready();
  });
  afterAll(async () => {
    sessionCacheOf(t.db, CACHE_SECONDS)?.close();
    await t.close();
  });

  it('sees a consultant moved out of their departments leave their list within a second', async () => {
    const token = await loginGql(t, MANAGER);
    const visible = async () =>
      new Set(
        ((await gql<{ archives: { edges: Array<{ node: { databaseId: number } }> } }>(t, `{ archives(first: 500) { edges { node { databaseId } } } }`, {}, { token })).body.data?.archives.edges ?? []).map(
          (e) => e.node.databaseId,
        ),
      );
    const me = await t.db.user.findUniqueOrThrow({ where: { account: 'manager' }, select: { id: true } });
    const before = await visible();
    // An archive the manager sees only through the department rule: consulted and sold by others, nobody acting.
    const archive = await t.db.archive.findFirstOrThrow({
      where: { id: { in: [...before] }, consultantId: { not: null }, NOT: [{ consultantId: me.id }, { salesId: me.id }], actingConsultantId: null },
      select: { id: true, consultantId: true, salesId: true },
    });
    const elsewhere = await t.db.department.create({ data: { name: 'Elsewhere' } });
    expect((await visible()).has(archive.id)).toBe(true);
    await t.db.user.updateMany({ where: { id: { in: [archive.consultantId!, archive.salesId ?? archive.consultantId!] } }, data: { departmentId: elsewhere.id } });
    const deadline = Date.now() + 1000;
    let after = await visible();
    while (after.has(archive.id) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 20));
      after = await visible();
    }
    expect(after.has(archive.id)).toBe(false);
    expect(after.size).toBeLessThan(before.size);
  });
});
