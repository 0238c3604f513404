/**
 * Login cannot be denied to everyone (issue 15): throttling is per account and address, with
 * a slower rule per address that spares accounts already known there; the count is race-free;
 * behind proxies the address is the one TRUSTED_PROXY_HOPS gives, not the client's own
 * leftmost X-Forwarded-For (docs/security.md).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forwardedAddress } from '../../../server/app.ts';
import { createTestApp, DEMO, rest, uniqueAddress, type TestApp } from '../../helpers/app.ts';
import { login } from '../support.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const legacyLogin = (who: { account: string; password: string }, forwardedFor: string) => rest<{ token: string }>(t, '/api/token/admin/doLogin.htm', { json: who, headers: { 'x-forwarded-for': forwardedFor } });

describe('a stranger cannot lock an owner out', () => {
  it('ten failures from an address lock that account there only: colleagues behind the same address log in, administrators included', async () => {
    const office = uniqueAddress();
    for (let i = 0; i < 10; i++) expect((await login(t, 'lecturer', `Wrong#${i}xyz`, { address: office })).answer.code).toBe('BAD_CREDENTIALS');
    expect((await login(t, 'lecturer', DEMO.lecturer.password, { address: office })).answer.code).toBe('LOGIN_THROTTLED');
    expect((await login(t, 'admin', DEMO.admin.password, { address: office })).answer.__typename).toBe('TokenPayload');
    expect((await legacyLogin(DEMO.sales, office)).body.status).toBe('success');
    // The owner elsewhere, too.
    expect((await legacyLogin(DEMO.lecturer, uniqueAddress())).body.status).toBe('success');
  });

  it('a slower rule per address: 100 failures in 15 minutes refuse it, except for accounts known there', async () => {
    const address = uniqueAddress();
    // The consultant logged in from there before: the address is known for that account.
    expect((await login(t, 'consultant', DEMO.consultant.password, { address })).answer.__typename).toBe('TokenPayload');
    // 99 failures spread over many accounts and the last 5 minutes, then one more through the door.
    const now = Date.now();
    await t.db.loginAttempt.createMany({ data: Array.from({ length: 99 }, (_, i) => ({ account: `guess${i}`, address, success: false, createdAt: new Date(now - (5 * 60_000 * (99 - i)) / 99) })) });
    expect((await login(t, 'guess.more', 'Wrong#2026x', { address })).answer.code).toBe('BAD_CREDENTIALS');
    const refused = await login(t, 'sales', DEMO.sales.password, { address });
    expect(refused.answer.code).toBe('LOGIN_THROTTLED');
    const seconds = Number(/(\d+)秒/.exec(refused.answer.message!)![1]);
    expect(seconds).toBeGreaterThan(60);
    expect(seconds).toBeLessThanOrEqual(15 * 60);
    const legacyRefused = await legacyLogin(DEMO.partner, address);
    expect(legacyRefused.body.message).toMatch(/^登录失败次数过多，请\d+秒后再试$/);
    // The account known at this address still gets in.
    expect((await login(t, 'consultant', DEMO.consultant.password, { address })).answer.__typename).toBe('TokenPayload');
  });
});

describe('the count is race-free', () => {
  it('40 simultaneous failures on both doors: exactly 10 passwords are checked, 30 are refused, all are counted', async () => {
    const address = uniqueAddress();
    const account = 'he.yutong';
    const attempts = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        i % 2 === 0
          ? login(t, account, `Wrong#${i}xyz`, { address }).then((r) => r.answer.code ?? 'OK')
          : legacyLogin({ account, password: `Wrong#${i}xyz` }, address).then((r) =>
              /^登录失败次数过多/.test(r.body.message) ? 'LOGIN_THROTTLED' : r.body.message === '账号或密码错误' ? 'BAD_CREDENTIALS' : r.body.message,
            ),
      ),
    );
    const tally = attempts.reduce<Record<string, number>>((acc, code) => ({ ...acc, [code]: (acc[code] ?? 0) + 1 }), {});
    expect(tally).toEqual({ BAD_CREDENTIALS: 10, LOGIN_THROTTLED: 30 });
    expect(await t.db.loginAttempt.count({ where: { account, address, success: false } })).toBe(10);
    expect((await login(t, account, DEMO.consultant.password, { address })).answer.code).toBe('LOGIN_THROTTLED');
  });
});

describe('the client address behind proxies', () => {
  it('is the entry TRUSTED_PROXY_HOPS from the right of X-Forwarded-For', () => {
    expect(forwardedAddress('203.0.113.9', 1)).toBe('203.0.113.9');
    expect(forwardedAddress('6.6.6.6, 203.0.113.9', 1)).toBe('203.0.113.9');
    expect(forwardedAddress('6.6.6.6, 203.0.113.9, 10.0.0.2', 2)).toBe('203.0.113.9');
    expect(forwardedAddress('203.0.113.9', 3)).toBe('203.0.113.9');
    expect(forwardedAddress(' , ', 1)).toBeNull();
  });

  it('a client forging its leftmost X-Forwarded-For escapes neither throttling nor the log (both doors)', async () => {
    const real = uniqueAddress();
    for (let i = 0; i < 10; i++) {
      const forged = `198.51.100.${i}, ${real}`;
      const answer = i % 2 ? (await login(t, 'huang.siqi', `Wrong#${i}xyz`, { address: forged })).answer.code : (await legacyLogin({ account: 'huang.siqi', password: `Wrong#${i}xyz` }, forged)).body.message;
      expect(['BAD_CREDENTIALS', '账号或密码错误']).toContain(answer);
    }
    expect(await t.db.loginAttempt.count({ where: { account: 'huang.siqi', address: real } })).toBe(10);
    expect((await login(t, 'huang.siqi', DEMO.consultant.password, { address: `192.0.2.77, ${real}` })).answer.code).toBe('LOGIN_THROTTLED');
  });

  it('takes the configured number of hops', async () => {
    const twoHops = await createTestApp({ trustedProxyHops: 2 });
    try {
      const client = uniqueAddress();
      const res = await rest(twoHops, '/api/token/admin/doLogin.htm', { json: { account: 'ma.chao', password: 'Wrong#2026x' }, headers: { 'x-forwarded-for': `6.6.6.6, ${client}, 10.0.0.2` } });
      expect(res.body.message).toBe('账号或密码错误');
      expect(await twoHops.db.loginAttempt.count({ where: { account: 'ma.chao', address: client } })).toBe(1);
    } finally {
      await twoHops.close();
    }
  });
});
