/**
 * Sessions have an end (issue 15): a session lasts at most SESSION_MAX_AGE_SECONDS from its
 * login whatever the refreshes, and presenting a token that was already exchanged again
 * revokes every token of its session (refresh-token rotation's reuse detection), on both
 * doors (docs/security.md).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../../server/session/tokens.ts';
import { createTestApp, DEMO, gql, loginGql, loginRest, rest, type TestApp } from '../../helpers/app.ts';
import { whoAmI } from '../support.ts';

const MAX_AGE = 30 * 24 * 3600;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ sessionMaxAgeSeconds: MAX_AGE });
});
afterAll(async () => {
  await t?.close();
});

const REFRESH = 'mutation($input: RefreshTokenInput!) { refreshToken(input: $input) { __typename ... on TokenPayload { token expiresAt } ... on Error { code message } } }';
type Refreshed = { __typename: string; token?: string; expiresAt?: string; code?: string; message?: string };

const row = (token: string) => t.db.accessToken.findUniqueOrThrow({ where: { tokenHash: hashToken(token) } });
const expire = (token: string) => t.db.accessToken.update({ where: { tokenHash: hashToken(token) }, data: { expiresAt: new Date(Date.now() - 1000) } });
const refreshGql = async (token: string) => (await gql<{ refreshToken: Refreshed }>(t, REFRESH, { input: { token } })).body.data!.refreshToken;
const refreshRest = async (token: string) => (await rest<{ token: string }>(t, '/api/access/token/refresh.htm', { text: token })).body;
/** Moves the session's start back, as if the login was that many seconds ago. */
const ageSession = async (token: string, seconds: number) => {
  const { sessionId } = await row(token);
  await t.db.accessToken.updateMany({ where: { sessionId }, data: { sessionStartedAt: new Date(Date.now() - seconds * 1000) } });
};

describe('an absolute session lifetime', () => {
  it('refreshing keeps the session of the login, and no token outlives it', async () => {
    const first = await loginGql(t, DEMO.lecturer);
    const login = await row(first);
    await ageSession(first, MAX_AGE - 3600); // an hour left
    await expire(first);
    const next = await refreshGql(first);
    expect(next.__typename).toBe('TokenPayload');
    const refreshed = await row(next.token!);
    expect(refreshed.sessionId).toBe(login.sessionId);
    const end = refreshed.sessionStartedAt.getTime() + MAX_AGE * 1000;
    expect(refreshed.expiresAt.getTime()).toBeLessThanOrEqual(end);
    expect(refreshed.refreshableUntil.getTime()).toBeLessThanOrEqual(end);
    expect(new Date(next.expiresAt!).getTime()).toBeLessThanOrEqual(end);
  });

  it('past its lifetime the session needs a new login on both doors, and cannot be refreshed', async () => {
    const viaGraphql = await loginGql(t, DEMO.sales);
    const viaLegacy = await loginRest(t, DEMO.sales);
    expect((await whoAmI(t, viaGraphql)).id).not.toBeNull();
    await ageSession(viaGraphql, MAX_AGE + 1);
    await ageSession(viaLegacy, MAX_AGE + 1);
    expect((await whoAmI(t, viaGraphql)).code).toBe('UNAUTHENTICATED');
    const menu = await rest(t, '/api/admin/auth/right/listRightByRoleId.htm', { json: { showType: 'PC' }, token: viaLegacy });
    expect(menu.body.status).toBe('needUserLogin');
    expect(await refreshGql(viaGraphql)).toMatchObject({ __typename: 'RuleError', code: 'SESSION_ENDED', message: '登录已超过最长有效期，请重新登录' });
    expect(await refreshRest(viaLegacy)).toMatchObject({ status: 'needUserLogin', message: '登录已超过最长有效期，请重新登录' });
    // A new login starts a new session.
    expect((await whoAmI(t, await loginGql(t, DEMO.sales))).id).not.toBeNull();
  });
});

describe('refresh-token reuse detection', () => {
  it('a token presented again after it was exchanged revokes its whole session (GraphQL)', async () => {
    const a = await loginGql(t, DEMO.consultant);
    const elsewhere = await loginGql(t, DEMO.consultant); // another login (another device)
    await expire(a);
    const b = (await refreshGql(a)).token!;
    await expire(b);
    const c = (await refreshGql(b)).token!;
    expect((await whoAmI(t, c)).id).not.toBeNull();
    // Someone replays `a` a minute later.
    await t.db.accessToken.update({ where: { tokenHash: hashToken(a) }, data: { revokedAt: new Date(Date.now() - 60_000) } });
    expect(await refreshGql(a)).toMatchObject({ __typename: 'RuleError', code: 'TOKEN_REUSED', message: '令牌无效，请重新登录' });
    const log = await t.db.operationLog.findFirstOrThrow({ where: { operation: 'auth.refreshToken' }, orderBy: { id: 'desc' } });
    expect(log).toMatchObject({ outcome: 'FAILURE', errorCode: 'TOKEN_REUSED' });
    // Every token of that session is dead, the newest included; the other login is not touched.
    expect((await whoAmI(t, c)).code).toBe('UNAUTHENTICATED');
    expect((await row(c)).revokedReason).toBe('reuse');
    expect(await refreshGql(c)).toMatchObject({ __typename: 'RuleError' });
    expect((await whoAmI(t, elsewhere)).id).not.toBeNull();
  });

  it('the same on the legacy door', async () => {
    const a = await loginRest(t, DEMO.partner);
    await expire(a);
    const b = (await refreshRest(a)).data.token;
    await t.db.accessToken.update({ where: { tokenHash: hashToken(a) }, data: { revokedAt: new Date(Date.now() - 60_000) } });
    expect(await refreshRest(a)).toMatchObject({ status: 'needUserLogin', message: '令牌无效，请重新登录' });
    const menu = await rest(t, '/api/admin/auth/right/listRightByRoleId.htm', { json: { showType: 'PC' }, token: b });
    expect(menu.body.status).toBe('needUserLogin');
  });

  it('a client racing itself (two tabs refreshing the same token at once) loses nothing', async () => {
    const a = await loginGql(t, DEMO.manager);
    await expire(a);
    const [one, two] = await Promise.all([refreshGql(a), refreshGql(a)]);
    const winner = [one, two].find((r) => r.__typename === 'TokenPayload');
    expect(winner).toBeDefined();
    // The loser is told to log in; the winner's session goes on.
    expect((await whoAmI(t, winner!.token!)).id).not.toBeNull();
    expect(await refreshGql(a)).toMatchObject({ code: 'TOKEN_INVALID' });
    expect((await whoAmI(t, winner!.token!)).id).not.toBeNull();
  });
});
