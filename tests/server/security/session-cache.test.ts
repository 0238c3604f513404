/**
 * Sessions are cached per process (server/session/session-cache.ts) and every change that ends or
 * alters one reaches every process through PostgreSQL NOTIFY: two app instances on one
 * database, each with its own connection pool and cache (as two server processes), with a
 * cache lifetime of ten minutes, so only the notification can explain a refusal. Within one
 * process a write through the app is seen at once; on the other within a second.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { inject } from 'vitest';
import { hashToken } from '../../../server/session/tokens.ts';
import { sessionCacheOf } from '../../../server/session/session-cache.ts';
import { STAFF_STATES } from '../../../server/lib/codes.ts';
import { appOn, DEMO, gql, loginGql, testDatabase, type TestApp } from '../../helpers/app.ts';
import { whoAmI } from '../support.ts';

const CACHE_SECONDS = 600;
let a: TestApp;
let b: TestApp;
let database: ReturnType<typeof testDatabase>;

beforeAll(async () => {
  database = testDatabase('sc');
  const admin = new pg.Client({ connectionString: database.adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${admin.escapeIdentifier(database.name)} TEMPLATE ${admin.escapeIdentifier(inject('templateDatabase'))}`);
  } finally {
    await admin.end();
  }
  a = appOn(database, { sessionCacheSeconds: CACHE_SECONDS });
  b = appOn(database, { sessionCacheSeconds: CACHE_SECONDS });
  // Both processes listen before the tests start (a process that does not listen yet reads
  // the database on every request, which would prove nothing here).
  await Promise.all([a, b].map((t) => sessionCacheOf(t.db, CACHE_SECONDS)!.ready()));
});
afterAll(async () => {
  for (const t of [a, b]) if (t) sessionCacheOf(t.db, CACHE_SECONDS)?.close();
  await b?.db.$disconnect();
  await a?.close();
});

/** Polls `refused` on a process for at most one second; answers whether it became true. */
async function refusedWithinASecond(refused: () => Promise<boolean>): Promise<boolean> {
  const deadline = Date.now() + 1000;
  for (;;) {
    if (await refused()) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((r) => setTimeout(r, 20));
  }
}
const signedOut = (t: TestApp, token: string) => async () => (await whoAmI(t, token)).code === 'UNAUTHENTICATED';

const LOGOUT = 'mutation { logout { __typename ... on SuccessPayload { success } } }';
const CHANGE = 'mutation($input: ChangePasswordInput!) { changePassword(input: $input) { __typename ... on Error { code message } } }';
const CAN = 'query($right: String!) { viewer { can(right: $right) } }';
const can = async (t: TestApp, token: string, right: string) => (await gql<{ viewer: { can: boolean } | null }>(t, CAN, { right }, { token })).body.data?.viewer?.can ?? null;

describe('a session cached by two processes on one database', () => {
  it('is read once per process: a change the database does not announce stays unseen', async () => {
    const token = await loginGql(a, DEMO.lecturer);
    const id = (await whoAmI(a, token)).id;
    expect((await whoAmI(b, token)).id).toBe(id);
    // Revoke behind the server's back: with triggers off for this statement, nobody is told.
    const c = new pg.Client({ connectionString: database.url });
    await c.connect();
    try {
      await c.query('BEGIN');
      await c.query("SET LOCAL session_replication_role = 'replica'");
      await c.query('UPDATE access_tokens SET revoked_at = now() WHERE token_hash = $1', [hashToken(token)]);
      await c.query('COMMIT');
    } finally {
      await c.end();
    }
    expect((await whoAmI(a, token)).id).toBe(id);
    expect((await whoAmI(b, token)).id).toBe(id);
  });

  it('a logout on one process is refused by it at once and by the other within a second', async () => {
    const token = await loginGql(a, DEMO.lecturer);
    expect((await whoAmI(a, token)).id).not.toBeNull();
    expect((await whoAmI(b, token)).id).not.toBeNull();
    const out = await gql<{ logout: { __typename: string } }>(a, LOGOUT, {}, { token });
    expect(out.body.data?.logout.__typename).toBe('SuccessPayload');
    expect(await signedOut(a, token)()).toBe(true);
    expect(await refusedWithinASecond(signedOut(b, token))).toBe(true);
  });

  it("a password change ends the user's other sessions on every process", async () => {
    const kept = await loginGql(a, DEMO.sales);
    const other = await loginGql(b, DEMO.sales);
    expect((await whoAmI(a, other)).id).not.toBeNull();
    expect((await whoAmI(b, other)).id).not.toBeNull();
    const answer = await gql<{ changePassword: { __typename: string } }>(a, CHANGE, { input: { oldPassword: DEMO.sales.password, password: 'Newpass#2027', confirmPassword: 'Newpass#2027' } }, { token: kept });
    expect(answer.body.data?.changePassword.__typename).toBe('SuccessPayload');
    expect(await signedOut(a, other)()).toBe(true);
    expect(await refusedWithinASecond(signedOut(b, other))).toBe(true);
    // The token of the change itself stays valid everywhere.
    expect((await whoAmI(b, kept)).id).not.toBeNull();
  });

  it('a deactivated user is refused on every process within a second, whoever wrote it', async () => {
    const token = await loginGql(a, DEMO.partner);
    expect((await whoAmI(a, token)).id).not.toBeNull();
    expect((await whoAmI(b, token)).id).not.toBeNull();
    // Written outside both apps (as a third process would): only the notification tells them.
    const writer = new pg.Client({ connectionString: database.url });
    await writer.connect();
    try {
      await writer.query('UPDATE users SET state = $1 WHERE account = $2', [STAFF_STATES.DEACTIVATED, DEMO.partner.account]);
    } finally {
      await writer.end();
    }
    expect(await refusedWithinASecond(signedOut(a, token))).toBe(true);
    expect(await refusedWithinASecond(signedOut(b, token))).toBe(true);
  });

  it("a change of a user's roles or of a role's rights reaches every process within a second", async () => {
    const token = await loginGql(a, DEMO.manager);
    expect(await can(a, token, 'staff.edit')).toBe(true);
    expect(await can(b, token, 'staff.edit')).toBe(true);
    const manager = await a.db.user.findUniqueOrThrow({ where: { account: DEMO.manager.account }, select: { id: true, roles: { select: { roleId: true } } } });
    const right = await a.db.right.findFirstOrThrow({ where: { key: 'staff.edit' }, select: { id: true } });
    // A role's rights: the manager's roles lose staff.edit.
    const removed = await a.db.roleRight.findMany({ where: { rightId: right.id, roleId: { in: manager.roles.map((r) => r.roleId) } } });
    expect(removed.length).toBeGreaterThan(0);
    await a.db.roleRight.deleteMany({ where: { rightId: right.id, roleId: { in: manager.roles.map((r) => r.roleId) } } });
    const lost = async (t: TestApp) => (await can(t, token, 'staff.edit')) === false;
    expect(await refusedWithinASecond(() => lost(a))).toBe(true);
    expect(await refusedWithinASecond(() => lost(b))).toBe(true);
    await a.db.roleRight.createMany({ data: removed });
    expect(await refusedWithinASecond(async () => (await can(b, token, 'staff.edit')) === true)).toBe(true);
    // The user's roles: without any role, nothing is allowed any more.
    await a.db.userRole.deleteMany({ where: { userId: manager.id } });
    expect(await refusedWithinASecond(() => lost(b))).toBe(true);
  });
});
