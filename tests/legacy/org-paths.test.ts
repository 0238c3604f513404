/**
 * Every legacy path of the org area (spec section 7, `legacy-paths.tsv`) answers with the
 * envelope, by the method the list names; reads answer success for an administrator.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, loginRest, rest, type TestApp } from '../helpers/app.ts';
import { expectEnvelope, expectNoInternals } from './support.ts';

const TSV = path.resolve(import.meta.dirname, '../../../shared/spec/legacy-paths.tsv');
/** Paths of other areas that the list files under org. */
const NOT_OURS = new Set(['/api/admin/user/listUsers4Project.htm']);

const rows = readFileSync(TSV, 'utf8')
  .split('\n')
  .map((l) => l.split('\t'))
  .filter((c) => c[0] === 'org' && !NOT_OURS.has(c[2]!))
  .map((c) => ({ method: c[1] as 'GET' | 'POST', path: c[2]! }));
const unique = [...new Map(rows.map((r) => [`${r.method} ${r.path}`, r])).values()];

/** Reads that need an id to answer success. */
const READ_PARAMS: Record<string, Record<string, unknown>> = {
  '/api/admin/user/getUserDetail.htm': { id: 3 },
  '/api/admin/user/listUserRelate.htm': { id: 3 },
  '/api/admin/user/listUserTimeById.htm': { id: 3 },
  '/api/admin/user/related/listRelatedByCondition.htm': { userId: 3 },
  '/api/admin/user/related/listUserByRelated.htm': { userId: 3 },
  '/api/admin/depart/getDepartById.htm': { id: 1 },
  '/api/admin/auth/role/getRoleDetailById.htm': { id: 3 },
  '/api/admin/fs/role/module/listRoleModuleByRoleIdAndState.htm': { roleId: 3, state: 0 },
  '/api/admin/fs/role/module/getRoleModuleByBusIdAndState.htm': { busId: 1, state: 1 },
  '/api/admin/user/checkAccount.htm': { account: 'nobody' },
  '/api/admin/user/checkMobile.htm': { mobile: '13900000000' },
};
const isRead = (p: string) => /\/(list|get|search|check)[^/]*\.htm$/.test(p) || p.endsWith('/listAll.htm') || p.endsWith('/listDepart.htm');

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginRest(t, DEMO.admin);
});

afterAll(async () => {
  await t?.close();
});

describe('org legacy paths', () => {
  it('covers the list', () => {
    expect(unique.length).toBeGreaterThan(50);
  });

  it.each(unique)('$method $path answers the envelope', async ({ method, path: p }) => {
    const params = READ_PARAMS[p] ?? {};
    const res =
      method === 'GET'
        ? await rest(t, `${p}?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))}`, { token: admin })
        : await rest(t, p, { json: params, token: admin });
    expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
    expect(res.status).not.toBe(404);
    expectEnvelope(res.body);
    expectNoInternals(JSON.stringify(res.body));
    if (isRead(p)) expect(res.body, p).toMatchObject({ status: 'success' });
  });

  // The RSA key is read before login, by design.
  it.each(unique.filter((r) => !r.path.endsWith('/getPwdRsaPublicKey.htm')))('$method $path refuses a caller without a token', async ({ method, path: p }) => {
    const res = method === 'GET' ? await rest(t, p) : await rest(t, p, { json: {} });
    expect(res.body.status).toBe('needUserLogin');
  });
});
