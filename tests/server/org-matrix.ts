/**
 * The authorisation matrix of the org modules (users, departments, companies, roles,
 * archive-modules, system), not a test file: each module's `authz-matrix.test.ts` lists its
 * mutations and legacy writes; every demo role calls each through both doors, allowed or
 * refused exactly as the policy table says (docs/users.md). A refusal answers FORBIDDEN in the
 * caller's language, changes nothing and leaves a FAILURE row in the operation log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, gql, loginRest, rest, type TestApp } from '../helpers/app.ts';

const ROLES = ['admin', 'manager', 'consultant', 'lecturer', 'sales', 'partner', 'parent.demo', 'student.demo'] as const;
type Role = (typeof ROLES)[number];

/** Who holds each org permission in the demo data (admin holds all). */
export const POLICY: Record<string, Role[]> = {
  'staff.edit': ['admin', 'manager'],
  'staff.changeState': ['admin', 'manager'],
  'user.edit': ['admin', 'manager'],
  'department.edit': ['admin', 'manager'],
  'companyUser.edit': ['admin', 'manager', 'sales'],
  'role.edit': ['admin'],
  'archiveModule.edit': ['admin'],
  'mail.test': ['admin'],
};

export let t: TestApp;
const tokens = {} as Record<Role, string>;
let seq = 0;
export const next = () => `${Date.now().toString(36)}${++seq}`;
export const ids: Record<string, number> = {};

export async function newParent(withAccount = false) {
  const n = next();
  return (await t.db.user.create({ data: { type: 2, name: `家长${n}`, ...(withAccount ? { account: `p.${n}` } : {}) } })).id;
}
export async function newRole() {
  return (await t.db.role.create({ data: { name: `角色${next()}`, code: `r.${next()}` } })).id;
}

export type Case = {
  name: string;
  permission: keyof typeof POLICY;
  gql: () => Promise<{ query: string; variables: Record<string, unknown> }>;
  rest: () => Promise<{ path: string; method?: 'GET' | 'POST'; json?: unknown; query?: Record<string, string | number> }>;
  /** An allowed call that still cannot succeed here (no SMTP server): the expected error code. */
  allowedCode?: string;
};

export const m = (field: string, inputType: string, payload = '__typename') =>
  `mutation($input: ${inputType}!) { r: ${field}(input: $input) { __typename ... on Error { code message } ${payload === '__typename' ? '' : payload} } }`;

/**
 * Registers the matrix for one module: its cases, called by every demo role through both
 * doors, and `viewer.can` for its permissions.
 */
export function describeOrgMatrix(permissions: Array<keyof typeof POLICY>, cases: Case[]): void {
  beforeAll(async () => {
    t = await createTestApp();
    for (const role of ROLES) {
      tokens[role] = await loginRest(t, { account: role, password: role === 'admin' ? 'Admin#2026' : 'Staff#2026' });
    }
    const find = async (account: string) => (await t.db.user.findUniqueOrThrow({ where: { account } })).id;
    ids.huWei = await find('hu.wei');
    ids.gaoMin = await find('gao.min');
    ids.luoDan = await find('luo.dan');
    ids.xuJing = await find('xu.jing');
    ids.maChao = await find('ma.chao');
    ids.consultant = await find('consultant');
    ids.student = await find('student.demo');
    ids.usTeam = (await t.db.department.findFirstOrThrow({ where: { nameEn: 'US team' } })).id;
    ids.module = (await t.db.archiveModule.findUniqueOrThrow({ where: { code: 'bio' } })).id;
  });

  afterAll(async () => {
    await t?.close();
  });

  async function lastLog() {
    return t.db.operationLog.findFirstOrThrow({ orderBy: { id: 'desc' } });
  }

  describe.each(cases)('$name ($permission)', (c) => {
    it.each(ROLES)('%s: GraphQL and REST both follow the policy', async (role) => {
      const allowed = POLICY[c.permission]!.includes(role);

      const g = await c.gql();
      const gres = await gql<{ r: { __typename: string; code?: string; message?: string } }>(t, g.query, g.variables, { token: tokens[role] });
      expect(gres.body.errors, JSON.stringify(gres.body.errors)).toBeUndefined();
      const answer = gres.body.data!.r;
      if (allowed) {
        if (c.allowedCode) expect(answer.code).toBe(c.allowedCode);
        else expect(answer, JSON.stringify(answer)).not.toHaveProperty('code');
      } else {
        expect(answer).toMatchObject({ __typename: 'RuleError', code: 'FORBIDDEN' });
        expect(await lastLog()).toMatchObject({ outcome: 'FAILURE', errorCode: 'FORBIDDEN', door: 'GRAPHQL' });
      }

      const r = await c.rest();
      const path = r.query ? `${r.path}?${new URLSearchParams(Object.entries(r.query).map(([k, v]) => [k, String(v)]))}` : r.path;
      const rres = await rest(t, path, { method: r.method ?? 'POST', json: r.json, token: tokens[role] });
      if (allowed && !c.allowedCode) {
        expect(rres.body, JSON.stringify(rres.body)).toMatchObject({ status: 'success' });
      } else if (allowed) {
        expect(rres.body.status).toBe('error');
        expect(rres.body.message).not.toBe('没有权限执行该操作');
      } else {
        expect(rres.body).toEqual({ status: 'error', message: '没有权限执行该操作', data: null });
        expect(await lastLog()).toMatchObject({ outcome: 'FAILURE', errorCode: 'FORBIDDEN', door: 'REST' });
      }
    });
  });

  describe('the client sees the same policy', () => {
    it.each(ROLES)('%s: viewer.can(right) answers each org permission as the server enforces it', async (role) => {
      for (const permission of permissions) {
        const holders = POLICY[permission]!;
        const res = await gql<{ viewer: { can: boolean } }>(t, 'query($r: String!) { viewer { can(right: $r) } }', { r: permission }, { token: tokens[role] });
        expect(res.body.data?.viewer.can, `${role} ${permission}`).toBe(holders.includes(role));
      }
    });
  });
}
