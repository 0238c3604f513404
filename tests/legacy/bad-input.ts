/**
 * Bad input on a legacy write answers a clear message and writes nothing (not a test file):
 * the org modules' row counts stay, and the writes logged meanwhile all failed.
 */
import { expect, it } from 'vitest';
import { rest, type TestApp } from '../helpers/app.ts';
import { expectNoInternals } from './support.ts';

export type BadInputCase = [path: string, body: unknown, message: string | RegExp];

async function counts(t: TestApp) {
  const [users, departments, roles, companyUsers, modules, userRoles, roleRights] = await Promise.all([
    t.db.user.count(),
    t.db.department.count(),
    t.db.role.count(),
    t.db.companyUser.count(),
    t.db.archiveModule.count(),
    t.db.userRole.count(),
    t.db.roleRight.count(),
  ]);
  return { users, departments, roles, companyUsers, modules, userRoles, roleRights };
}

export function itRefusesBadInput(app: () => { t: TestApp; token: string }, cases: BadInputCase[]): void {
  it.each(cases)('%s %j answers a clear message and writes nothing', async (path, body, message) => {
    const { t, token } = app();
    const before = await counts(t);
    const lastLog = await t.db.operationLog.findFirst({ orderBy: { id: 'desc' }, select: { id: true } });
    const res = await rest(t, path, { json: body, token });
    expect(res.body).toEqual({ status: 'error', message: typeof message === 'string' ? message : expect.stringMatching(message), data: null });
    expectNoInternals(JSON.stringify(res.body));
    expect(await counts(t)).toEqual(before);
    const added = await t.db.operationLog.findMany({ where: { id: { gt: lastLog?.id ?? 0n } } });
    expect(added.every((r) => r.outcome === 'FAILURE')).toBe(true);
  });
}
