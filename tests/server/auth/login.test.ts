/**
 * Login, tokens, logout, throttling and deactivation through the GraphQL door.
 */
import { createHash, generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encryptForLogin } from '../../../server/modules/auth/auth.rsa.ts';
import { DEMO, createTestApp, gql, loginGql, uniqueAddress, type TestApp } from '../../helpers/app.ts';
import { expectNoInternals, login, userId, whoAmI } from '../support.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

const sha256 = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');

const REFRESH = `
  mutation Refresh($token: String!) {
    refreshToken(input: { token: $token }) {
      __typename
      ... on TokenPayload { token expiresAt viewer { databaseId } }
      ... on Error { code message }
    }
  }`;

const LOGOUT = `mutation { logout { __typename ... on SuccessPayload { success message } ... on Error { code message } } }`;

/** What a login writes. A refusal writes none of it; it is only recorded as a FAILURE log row. */
async function counts() {
  const [tokens, attempts, logs] = await Promise.all([t.db.accessToken.count(), t.db.loginAttempt.count(), t.db.operationLog.count({ where: { outcome: 'SUCCESS' } })]);
  return { tokens, attempts, logs };
}

function pem(base64: string): string {
  const lines = base64.match(/.{1,64}/g) ?? [];
  return `-----BEGIN PUBLIC KEY-----\n${lines.join('\n')}\n-----END PUBLIC KEY-----`;
}

async function publicKeyPem(): Promise<string> {
  // The old client fetches the key before anyone is logged in.
  const res = await gql<{ loginPublicKey: string }>(t, '{ loginPublicKey }', {}, { headers: { 'x-forwarded-for': uniqueAddress() } });
  expect(res.body.errors).toBeUndefined();
  const key = res.body.data!.loginPublicKey;
  expect(key).toMatch(/^[A-Za-z0-9+/]+={0,2}$/);
  return pem(key);
}

describe('login with account and password', () => {
  it('returns a token that identifies the user', async () => {
    const { answer } = await login(t, DEMO.admin.account, DEMO.admin.password);
    expect(answer.__typename).toBe('TokenPayload');
    expect(answer.token).toBeTruthy();
    const adminId = await userId(t, 'admin');
    expect(answer.viewer?.databaseId).toBe(adminId);
    expect((await whoAmI(t, answer.token!)).id).toBe(adminId);
  });

  it('accepts the token as Authorization: Bearer too', async () => {
    const token = await loginGql(t, DEMO.manager);
    const res = await gql<{ viewer: { user: { account: string } } }>(
      t,
      '{ viewer { user { account } } }',
      {},
      {
        headers: { authorization: `Bearer ${token}` },
      },
    );
    expect(res.body.data?.viewer.user.account).toBe('manager');
  });

  it('refuses a wrong password with BAD_CREDENTIALS in Chinese by default', async () => {
    const { answer } = await login(t, 'admin', 'Wrong#2026');
    expect(answer).toEqual({ __typename: 'RuleError', code: 'BAD_CREDENTIALS', message: '账号或密码错误' });
  });

  it('answers an unknown account exactly like a wrong password', async () => {
    const { answer } = await login(t, 'nobody.here', 'Wrong#2026');
    expect(answer).toEqual({ __typename: 'RuleError', code: 'BAD_CREDENTIALS', message: '账号或密码错误' });
  });

  it('answers in English with the cookie lang=en', async () => {
    const { answer } = await login(t, 'admin', 'Wrong#2026', { headers: { cookie: 'lang=en' } });
    expect(answer).toEqual({ __typename: 'RuleError', code: 'BAD_CREDENTIALS', message: 'Wrong account or password' });
  });

  it('refuses an empty account with an InputError 请输入账号 and writes nothing', async () => {
    const before = await counts();
    const refusalsBefore = await t.db.operationLog.count({ where: { operation: 'auth.login', outcome: 'FAILURE', errorCode: 'REQUIRED' } });
    for (const account of ['', '   ']) {
      const { answer } = await login(t, account, DEMO.admin.password);
      expect(answer.__typename).toBe('InputError');
      expect(answer.message).toBe('请输入账号');
    }
    expect(await counts()).toEqual(before);
    // The refused attempts themselves are recorded.
    expect(await t.db.operationLog.count({ where: { operation: 'auth.login', outcome: 'FAILURE', errorCode: 'REQUIRED' } })).toBe(refusalsBefore + 2);
  });

  it('refuses an empty password with an InputError 请输入密码', async () => {
    const { answer } = await login(t, 'admin', '');
    expect(answer.__typename).toBe('InputError');
    expect(answer.message).toBe('请输入密码');
  });

  it('refuses a 100 KB account with an InputError and writes nothing', async () => {
    const before = await counts();
    const { status, body, answer } = await login(t, 'a'.repeat(100 * 1024), DEMO.admin.password);
    expect(status).toBe(200);
    expect(answer.__typename).toBe('InputError');
    expect(answer.message).toBeTruthy();
    expect(answer.message!.length).toBeLessThan(200);
    expectNoInternals(JSON.stringify(body));
    expect(await counts()).toEqual(before);
  });

  it('refuses a 100 KB password with an InputError and writes nothing', async () => {
    const before = await counts();
    const { answer } = await login(t, 'admin', 'A1#'.repeat(34 * 1024));
    expect(answer.__typename).toBe('InputError');
    expect(await counts()).toEqual(before);
  });

  it('ignores the case and surrounding spaces of the account', async () => {
    const adminId = await userId(t, 'admin');
    for (const account of ['ADMIN', 'Admin', ' admin ']) {
      const { answer } = await login(t, account, DEMO.admin.password);
      expect(answer.__typename, account).toBe('TokenPayload');
      expect(answer.viewer?.databaseId).toBe(adminId);
    }
  });

  it('does not ignore the case of the password', async () => {
    const { answer } = await login(t, 'admin', DEMO.admin.password.toLowerCase());
    expect(answer.code).toBe('BAD_CREDENTIALS');
  });

  it('refuses a deactivated staff member with ACCOUNT_DEACTIVATED and issues no token', async () => {
    const formerId = await userId(t, 'former.staff');
    const before = await t.db.accessToken.count({ where: { userId: formerId } });
    const { answer } = await login(t, 'former.staff', 'Staff#2026');
    expect(answer).toEqual({ __typename: 'RuleError', code: 'ACCOUNT_DEACTIVATED', message: '该账号已停用' });
    expect(await t.db.accessToken.count({ where: { userId: formerId } })).toBe(before);
  });
});

describe('RSA-encrypted password (PKCS#1 v1.5)', () => {
  it('logs in with the password encrypted with loginPublicKey', async () => {
    const key = await publicKeyPem();
    const cipher = encryptForLogin(key, DEMO.consultant.password);
    expect(cipher).toHaveLength(344);
    const { answer } = await login(t, 'consultant', cipher);
    expect(answer.__typename).toBe('TokenPayload');
    expect((await whoAmI(t, answer.token!)).id).toBe(await userId(t, 'consultant'));
  });

  it('serves the same key on every call', async () => {
    expect(await publicKeyPem()).toBe(await publicKeyPem());
  });

  it('refuses an encrypted wrong password with BAD_CREDENTIALS', async () => {
    const cipher = encryptForLogin(await publicKeyPem(), 'Wrong#2026');
    const { answer } = await login(t, 'consultant', cipher);
    expect(answer.code).toBe('BAD_CREDENTIALS');
  });

  it('refuses garbage ciphertext (344 base64 characters) with BAD_CREDENTIALS', async () => {
    const garbage = Buffer.alloc(256, 0x41).toString('base64');
    expect(garbage).toHaveLength(344);
    const { body, answer } = await login(t, 'consultant', garbage);
    expect(answer).toEqual({ __typename: 'RuleError', code: 'BAD_CREDENTIALS', message: '账号或密码错误' });
    expectNoInternals(JSON.stringify(body));
  });

  it('refuses a ciphertext made with another key with BAD_CREDENTIALS', async () => {
    const { publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048, publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs8', format: 'pem' } });
    const cipher = encryptForLogin(publicKey, DEMO.consultant.password);
    expect(cipher).toHaveLength(344);
    const { answer } = await login(t, 'consultant', cipher);
    expect(answer.code).toBe('BAD_CREDENTIALS');
  });
});

describe('token storage and lifetime', () => {
  it('stores only the SHA-256 hash of the token', async () => {
    const { answer } = await login(t, 'sales', DEMO.sales.password);
    const token = answer.token!;
    expect(Buffer.from(token, 'base64url').length * 8).toBeGreaterThanOrEqual(128);
    const row = await t.db.accessToken.findUnique({ where: { tokenHash: sha256(token) } });
    expect(row).not.toBeNull();
    expect(row!.userId).toBe(await userId(t, 'sales'));
    // The token itself is found in no column of any table that records sessions or writes.
    const hits = await t.db.$queryRaw<Array<{ n: bigint }>>`
      SELECT (SELECT count(*) FROM access_tokens a WHERE strpos(row_to_json(a)::text, ${token}) > 0)
           + (SELECT count(*) FROM operation_logs o WHERE strpos(row_to_json(o)::text, ${token}) > 0)
           + (SELECT count(*) FROM login_attempts l WHERE strpos(row_to_json(l)::text, ${token}) > 0)
           + (SELECT count(*) FROM users u WHERE strpos(row_to_json(u)::text, ${token}) > 0) AS n`;
    expect(Number(hits[0]!.n)).toBe(0);
  });

  it('expires after 2 hours and may be refreshed for 14 days after that', async () => {
    const before = Date.now();
    const { answer } = await login(t, 'sales', DEMO.sales.password);
    const after = Date.now();
    const expiresAt = new Date(answer.expiresAt!).getTime();
    expect(expiresAt).toBeGreaterThanOrEqual(before + 2 * 3600_000 - 1000);
    expect(expiresAt).toBeLessThanOrEqual(after + 2 * 3600_000 + 1000);
    const row = await t.db.accessToken.findUniqueOrThrow({ where: { tokenHash: sha256(answer.token!) } });
    expect(row.expiresAt.getTime()).toBe(expiresAt);
    expect(row.refreshableUntil.getTime() - row.expiresAt.getTime()).toBe(14 * 86_400_000);
  });

  it('reports TOKEN_EXPIRED on viewer once the token has expired', async () => {
    const { answer } = await login(t, 'lecturer', DEMO.lecturer.password);
    await t.db.accessToken.update({ where: { tokenHash: sha256(answer.token!) }, data: { expiresAt: new Date(Date.now() - 60_000) } });
    const res = await gql<{ viewer: unknown }>(t, '{ viewer { databaseId } }', {}, { token: answer.token });
    expect(res.body.data ?? null).toBeNull();
    expect(res.body.errors?.[0]?.extensions?.code).toBe('TOKEN_EXPIRED');
    expect(res.body.errors?.[0]?.message).toBe('登录已过期,请刷新令牌');
  });

  it('refreshes an expired token once: the new token works, the old one cannot be refreshed again', async () => {
    const lecturerId = await userId(t, 'lecturer');
    const { answer } = await login(t, 'lecturer', DEMO.lecturer.password);
    const old = answer.token!;
    await t.db.accessToken.update({ where: { tokenHash: sha256(old) }, data: { expiresAt: new Date(Date.now() - 3600_000) } });

    const first = await gql<{ refreshToken: { __typename: string; token?: string; viewer?: { databaseId: number } } }>(t, REFRESH, { token: old });
    expect(first.body.errors).toBeUndefined();
    const fresh = first.body.data!.refreshToken;
    expect(fresh.__typename).toBe('TokenPayload');
    expect(fresh.token).toBeTruthy();
    expect(fresh.token).not.toBe(old);
    expect(fresh.viewer?.databaseId).toBe(lecturerId);
    expect((await whoAmI(t, fresh.token!)).id).toBe(lecturerId);

    const second = await gql<{ refreshToken: { __typename: string; code?: string; message?: string } }>(t, REFRESH, { token: old });
    expect(second.body.data!.refreshToken).toEqual({ __typename: 'RuleError', code: 'TOKEN_INVALID', message: '令牌无效，请重新登录' });
    // The new token is unaffected by the refused second refresh.
    expect((await whoAmI(t, fresh.token!)).id).toBe(lecturerId);
  });

  it('refreshes a token that has not expired yet, and the old one stops working (rotation)', async () => {
    const { answer } = await login(t, 'partner', DEMO.partner.password);
    const res = await gql<{ refreshToken: { __typename: string; token?: string } }>(t, REFRESH, { token: answer.token });
    expect(res.body.data!.refreshToken.__typename).toBe('TokenPayload');
    expect((await whoAmI(t, answer.token!)).code).toBe('UNAUTHENTICATED');
    expect((await whoAmI(t, res.body.data!.refreshToken.token!)).id).toBe(await userId(t, 'partner'));
  });

  it('refuses to refresh a token past its refresh window', async () => {
    const { answer } = await login(t, 'lecturer', DEMO.lecturer.password);
    const now = Date.now();
    await t.db.accessToken.update({
      where: { tokenHash: sha256(answer.token!) },
      data: { expiresAt: new Date(now - 15 * 86_400_000), refreshableUntil: new Date(now - 86_400_000) },
    });
    const before = await t.db.accessToken.count();
    const res = await gql<{ refreshToken: { __typename: string; code?: string } }>(t, REFRESH, { token: answer.token });
    expect(res.body.data!.refreshToken).toMatchObject({ __typename: 'RuleError', code: 'TOKEN_INVALID' });
    expect(await t.db.accessToken.count()).toBe(before);
  });

  it('refuses to refresh an unknown token', async () => {
    const res = await gql<{ refreshToken: { __typename: string; code?: string } }>(t, REFRESH, { token: 'not-a-token' });
    expect(res.body.data!.refreshToken).toMatchObject({ __typename: 'RuleError', code: 'TOKEN_INVALID' });
  });

  it('logout revokes the token', async () => {
    const token = await loginGql(t, DEMO.sales);
    expect((await whoAmI(t, token)).id).toBe(await userId(t, 'sales'));
    const res = await gql<{ logout: { __typename: string; success?: boolean; message?: string } }>(t, LOGOUT, {}, { token });
    expect(res.body.data!.logout).toEqual({ __typename: 'SuccessPayload', success: true, message: '已退出登录' });
    const after = await whoAmI(t, token);
    expect(after.id).toBeNull();
    expect(after.code).toBe('UNAUTHENTICATED');
    const row = await t.db.accessToken.findUniqueOrThrow({ where: { tokenHash: sha256(token) } });
    expect(row.revokedAt).not.toBeNull();
    // A revoked token cannot be refreshed either.
    const refresh = await gql<{ refreshToken: { __typename: string; code?: string } }>(t, REFRESH, { token });
    expect(refresh.body.data!.refreshToken).toMatchObject({ __typename: 'RuleError', code: 'TOKEN_INVALID' });
  });

  it('logout with an expired token revokes it, so it can no longer be refreshed', async () => {
    const token = await loginGql(t, DEMO.sales);
    await t.db.accessToken.update({ where: { tokenHash: sha256(token) }, data: { expiresAt: new Date(Date.now() - 60_000) } });
    const res = await gql<{ logout: { __typename: string; success?: boolean } }>(t, LOGOUT, {}, { token });
    expect(res.body.data!.logout).toMatchObject({ __typename: 'SuccessPayload', success: true });
    const refresh = await gql<{ refreshToken: { __typename: string; code?: string } }>(t, REFRESH, { token });
    expect(refresh.body.data!.refreshToken).toMatchObject({ __typename: 'RuleError', code: 'TOKEN_INVALID' });
  });

  it('logout without a token answers UNAUTHENTICATED', async () => {
    const res = await gql<{ logout: unknown }>(t, LOGOUT);
    expect(res.body.data?.logout ?? null).toBeNull();
    expect(res.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('logout revokes only the presented token', async () => {
    const a = await loginGql(t, DEMO.sales);
    const b = await loginGql(t, DEMO.sales);
    await gql(t, LOGOUT, {}, { token: a });
    expect((await whoAmI(t, a)).code).toBe('UNAUTHENTICATED');
    expect((await whoAmI(t, b)).id).toBe(await userId(t, 'sales'));
  });

  it('answers UNAUTHENTICATED with 尚未登陆,请登录 when no token is sent', async () => {
    const res = await gql<{ viewer: unknown }>(t, '{ viewer { databaseId } }');
    expect(res.body.data ?? null).toBeNull();
    expect(res.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect(res.body.errors?.[0]?.message).toBe('尚未登陆,请登录');
  });

  it('answers UNAUTHENTICATED for an unknown token', async () => {
    expect((await whoAmI(t, 'x'.repeat(43))).code).toBe('UNAUTHENTICATED');
  });
});

describe('login throttling', () => {
  it('refuses the 11th attempt of an account from an address after 10 failures, even with the right password; the owner still logs in elsewhere', async () => {
    const a = uniqueAddress();
    for (let i = 0; i < 10; i++) {
      const { answer } = await login(t, 'manager', `Wrong#${i}xyz`, { address: a });
      expect(answer.code, `attempt ${i + 1}`).toBe('BAD_CREDENTIALS');
    }
    const eleventh = await login(t, 'manager', DEMO.manager.password, { address: a });
    expect(eleventh.answer.__typename).toBe('RuleError');
    expect(eleventh.answer.code).toBe('LOGIN_THROTTLED');
    expect(eleventh.answer.message).toMatch(/^登录失败次数过多，请\d+秒后再试$/);
    const seconds = Number(/(\d+)秒/.exec(eleventh.answer.message!)![1]);
    expect(seconds).toBeGreaterThanOrEqual(1);
    expect(seconds).toBeLessThanOrEqual(60);

    // The same account with the right password from another address still logs in.
    const b = uniqueAddress();
    const fromB = await login(t, 'manager', DEMO.manager.password, { address: b });
    expect(fromB.answer.__typename).toBe('TokenPayload');

    // Per account and address: another account from A (a colleague behind the same proxy) still logs in.
    const other = await login(t, 'sales', DEMO.sales.password, { address: a });
    expect(other.answer.__typename).toBe('TokenPayload');

    // The message is translated.
    const en = await login(t, 'manager', DEMO.manager.password, { address: a, headers: { cookie: 'lang=en' } });
    expect(en.answer.message).toMatch(/^Too many failed logins; try again in \d+ seconds$/);
  });

  it('does not throttle before the 11th attempt', async () => {
    const a = uniqueAddress();
    // An account no other test fails on, so that only these attempts count.
    for (let i = 0; i < 9; i++) {
      const { answer } = await login(t, 'wang.fang', `Wrong#${i}xyz`, { address: a });
      expect(answer.code).toBe('BAD_CREDENTIALS');
    }
    const tenth = await login(t, 'wang.fang', 'Staff#2026', { address: a });
    expect(tenth.answer.__typename).toBe('TokenPayload');
  });

  it('throttles an account attacked from many addresses on those addresses only', async () => {
    const attackers = Array.from({ length: 10 }, () => uniqueAddress());
    for (const address of attackers) {
      const { answer } = await login(t, 'partner', 'Wrong#2026x', { address });
      expect(answer.code).toBe('BAD_CREDENTIALS');
    }
    const fromAttacker = await login(t, 'partner', DEMO.partner.password, { address: attackers[0] });
    expect(fromAttacker.answer.code).toBe('LOGIN_THROTTLED');
    const fromOwner = await login(t, 'partner', DEMO.partner.password, { address: uniqueAddress() });
    expect(fromOwner.answer.__typename).toBe('TokenPayload');
  });

  it('records failures even though the refused login writes nothing else', async () => {
    const a = uniqueAddress();
    const tokensBefore = await t.db.accessToken.count();
    await login(t, 'admin', 'Wrong#2026', { address: a });
    expect(await t.db.loginAttempt.count({ where: { address: a, account: 'admin', success: false } })).toBe(1);
    expect(await t.db.accessToken.count()).toBe(tokensBefore);
  });
});

describe('deactivating a staff member', () => {
  const DEACTIVATE = `
    mutation Deactivate($id: ID!) {
      deactivateStaff(input: { userId: $id }) {
        __typename
        ... on StaffStatePayload { user { databaseId state } }
        ... on Error { code message }
      }
    }`;
  const ACTIVATE = `
    mutation Activate($id: ID!) {
      activateStaff(input: { userId: $id }) {
        __typename
        ... on StaffStatePayload { user { databaseId state } }
        ... on Error { code message }
      }
    }`;

  async function globalIdOf(token: string, account: string): Promise<string> {
    const res = await gql<{ users: { edges: Array<{ node: { id: string; account: string } }> } }>(
      t,
      'query($s: String) { users(first: 20, filter: { search: $s }) { edges { node { id account } } } }',
      { s: account },
      { token },
    );
    const node = res.body.data?.users.edges.find((e) => e.node.account === account)?.node;
    expect(node, JSON.stringify(res.body)).toBeDefined();
    return node!.id;
  }

  it('revokes all their tokens at once, and they stay revoked after reactivation', async () => {
    const admin = await loginGql(t, DEMO.admin);
    const targetId = await userId(t, 'ma.chao');
    const s1 = await loginGql(t, { account: 'ma.chao', password: 'Staff#2026' });
    const s2 = await loginGql(t, { account: 'ma.chao', password: 'Staff#2026' });
    expect((await whoAmI(t, s1)).id).toBe(targetId);
    expect((await whoAmI(t, s2)).id).toBe(targetId);

    const id = await globalIdOf(admin, 'ma.chao');
    const res = await gql<{ deactivateStaff: { __typename: string; user?: { databaseId: number; state: string } } }>(t, DEACTIVATE, { id }, { token: admin });
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data!.deactivateStaff).toEqual({ __typename: 'StaffStatePayload', user: { databaseId: targetId, state: 'DEACTIVATED' } });

    for (const token of [s1, s2]) {
      const who = await whoAmI(t, token);
      expect(who.id).toBeNull();
      expect(who.code).toBe('UNAUTHENTICATED');
    }
    expect(await t.db.accessToken.count({ where: { userId: targetId, revokedAt: null } })).toBe(0);
    expect((await login(t, 'ma.chao', 'Staff#2026')).answer.code).toBe('ACCOUNT_DEACTIVATED');
    // Their old tokens cannot be refreshed into new sessions.
    const refresh = await gql<{ refreshToken: { __typename: string; code?: string } }>(t, REFRESH, { token: s1 });
    expect(refresh.body.data!.refreshToken).toMatchObject({ __typename: 'RuleError', code: 'TOKEN_INVALID' });

    // Reactivation lets them log in again but does not bring the old sessions back.
    const back = await gql<{ activateStaff: { __typename: string } }>(t, ACTIVATE, { id }, { token: admin });
    expect(back.body.data!.activateStaff.__typename).toBe('StaffStatePayload');
    expect((await whoAmI(t, s1)).code).toBe('UNAUTHENTICATED');
    expect((await login(t, 'ma.chao', 'Staff#2026')).answer.__typename).toBe('TokenPayload');
  });

  it('is refused to a consultant, and nothing changes', async () => {
    const admin = await loginGql(t, DEMO.admin);
    const consultant = await loginGql(t, DEMO.consultant);
    const targetId = await userId(t, 'xu.jing');
    const victim = await loginGql(t, { account: 'xu.jing', password: 'Staff#2026' });
    const id = await globalIdOf(admin, 'xu.jing');

    const res = await gql<{ deactivateStaff: { __typename: string; code?: string; message?: string } | null }>(t, DEACTIVATE, { id }, { token: consultant });
    const typed = res.body.data?.deactivateStaff;
    const refusal = typed?.code ?? res.body.errors?.[0]?.extensions?.code;
    expect(refusal).toBe('FORBIDDEN');
    expect(typed?.__typename ?? 'error').not.toBe('StaffStatePayload');
    if (typed) expect(typed).toEqual({ __typename: 'RuleError', code: 'FORBIDDEN', message: '没有权限执行该操作' });

    const user = await t.db.user.findUniqueOrThrow({ where: { id: targetId }, select: { state: true } });
    expect(user.state).toBe(1);
    expect((await whoAmI(t, victim)).id).toBe(targetId);
    expect(await t.db.accessToken.count({ where: { userId: targetId, revokedAt: { not: null } } })).toBe(0);
  });

  it('is refused without a token', async () => {
    const admin = await loginGql(t, DEMO.admin);
    const id = await globalIdOf(admin, 'xu.jing');
    const res = await gql<{ deactivateStaff: { __typename: string } | null }>(t, DEACTIVATE, { id });
    expect(res.body.data?.deactivateStaff?.__typename ?? null).not.toBe('StaffStatePayload');
    expect(res.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const user = await t.db.user.findUniqueOrThrow({ where: { account: 'xu.jing' }, select: { state: true } });
    expect(user.state).toBe(1);
  });
});
