/**
 * Pure rules of authentication: password rules and strength, password hashing, access
 * tokens, reading the token from headers, legacy body keys and the language of messages.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { catalogue, resolveLang, translate } from '../../../server/i18n/catalogue.ts';
import { PASSWORD_MAX, PASSWORD_MIN, hashPassword, passwordClasses, passwordRuleViolation, passwordStrength, verifyPassword } from '../../../server/modules/auth/passwords.ts';
import { hashToken, newToken, tokenFromHeaders } from '../../../server/session/tokens.ts';
import { nestDottedKeys } from '../../../server/rest/body.ts';

describe('password rules (8 to 24 characters, three of digit / lower / upper / special)', () => {
  it('states the limits of the spec', () => {
    expect(PASSWORD_MIN).toBe(8);
    expect(PASSWORD_MAX).toBe(24);
  });

  it.each([
    ['Abcdef1', 'password.length'], // 7 characters
    ['', 'password.length'],
    ['Abcdefghijklmnopqrstuvw1x', 'password.length'], // 25 characters
    ['Aa1!Aa1!Aa1!Aa1!Aa1!Aa1!Z', 'password.length'], // 25 characters, all classes
  ])('refuses %j by length with %s', (password, key) => {
    expect(passwordRuleViolation(password)).toBe(key);
  });

  it.each([
    ['abcdefgh', 'lower only'],
    ['12345678', 'digits only'],
    ['ABCDEFGH', 'upper only'],
    ['!@#$%^&*', 'special only'],
    ['abcd1234', 'lower and digit'],
    ['Abcdefgh', 'lower and upper'],
    ['ABCD1234', 'upper and digit'],
    ['abcd!@#$', 'lower and special'],
    ['1234!@#$', 'digit and special'],
  ])('refuses %j (%s) with the classes message', (password) => {
    expect(passwordRuleViolation(password)).toBe('password.classes');
  });

  it.each([
    ['Abcdefg1', 'upper, lower, digit'],
    ['abcdefg1!', 'lower, digit, special'],
    ['ABCDEFG1!', 'upper, digit, special'],
    ['Abcdefg!', 'upper, lower, special'],
    ['Aa1!Aa1!', 'all four, 8 characters'],
    ['Aa1!Aa1!Aa1!Aa1!Aa1!Aa1!', 'all four, 24 characters'],
    ['Staff#2026', 'the demo password'],
    ['密码Abc12345', 'CJK characters count as special'],
  ])('accepts %j (%s)', (password) => {
    expect(passwordRuleViolation(password)).toBeNull();
  });

  it('checks the length before the classes', () => {
    // Short and with one class only: the length message comes first.
    expect(passwordRuleViolation('abc')).toBe('password.length');
  });

  it('has the messages of the spec for every rule it reports', () => {
    expect(translate('zh', 'password.length')).toBe('密码长度为8到24位');
    expect(translate('zh', 'password.classes')).toBe('密码必须包含大小写字母和数字');
    expect(translate('zh', 'password.mismatch')).toBe('两次密码不一致');
    expect(translate('zh', 'password.oldWrong')).toBe('原密码错误');
    expect(translate('en', 'password.length')).toBe('The password must be 8 to 24 characters long');
  });

  it('counts character classes', () => {
    expect(passwordClasses('')).toBe(0);
    expect(passwordClasses('aaaa')).toBe(1);
    expect(passwordClasses('aA')).toBe(2);
    expect(passwordClasses('aA1')).toBe(3);
    expect(passwordClasses('aA1 ')).toBe(4);
  });
});

describe('password strength bar', () => {
  it.each([
    ['abcdefgh', 'weak'],
    ['12345678', 'weak'],
    ['abcd1234', 'medium'],
    ['ABCDefgh', 'medium'],
    ['Abcd1234', 'strong'],
    ['Abcd123!', 'strong'],
  ])('%j is %s', (password, strength) => {
    expect(passwordStrength(password)).toBe(strength);
  });

  it('has a translated label for every strength', () => {
    expect(translate('zh', 'password.weak')).toBe('弱');
    expect(translate('zh', 'password.medium')).toBe('中');
    expect(translate('zh', 'password.strong')).toBe('强');
  });
});

describe('password hashing (argon2id, OWASP parameters)', () => {
  it('hashes with argon2id, m=19456, t=2, p=1 and a random salt', async () => {
    const a = await hashPassword('Staff#2026');
    const b = await hashPassword('Staff#2026');
    // PHC string: $argon2id$v=19$<parameters>$<salt>$<hash>; the parameter order is the library's.
    const m = /^\$argon2id\$v=19\$([^$]+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/.exec(a);
    expect(m, a).not.toBeNull();
    const params = Object.fromEntries(m![1]!.split(',').map((kv) => kv.split('=') as [string, string]));
    expect(params).toEqual({ m: '19456', t: '2', p: '1' });
    expect(Buffer.from(m![2]!, 'base64').length).toBeGreaterThanOrEqual(16);
    expect(a).not.toContain('Staff#2026');
    expect(a).not.toBe(b);
  });

  it('verifies the right password and refuses others', async () => {
    const hash = await hashPassword('Staff#2026');
    expect(await verifyPassword(hash, 'Staff#2026')).toBe(true);
    expect(await verifyPassword(hash, 'staff#2026')).toBe(false);
    expect(await verifyPassword(hash, 'Staff#2026 ')).toBe(false);
    expect(await verifyPassword(hash, '')).toBe(false);
  });

  it('refuses when there is no hash or the hash is not readable', async () => {
    expect(await verifyPassword(null, 'Staff#2026')).toBe(false);
    expect(await verifyPassword(undefined, 'Staff#2026')).toBe(false);
    expect(await verifyPassword('', 'Staff#2026')).toBe(false);
    expect(await verifyPassword('not-a-hash', 'Staff#2026')).toBe(false);
    expect(await verifyPassword('Staff#2026', 'Staff#2026')).toBe(false);
  });
});

describe('access tokens', () => {
  it('carry at least 128 random bits in base64url', () => {
    const { token } = newToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
    const bytes = Buffer.from(token, 'base64url');
    expect(bytes.length * 8).toBeGreaterThanOrEqual(128);
    // Round-trips: the token is canonical base64url, no padding.
    expect(bytes.toString('base64url')).toBe(token);
  });

  it('are different every time', () => {
    const tokens = new Set(Array.from({ length: 200 }, () => newToken().token));
    expect(tokens.size).toBe(200);
  });

  it('are stored as the SHA-256 hex of the token, never the token', () => {
    const { token, hash } = newToken();
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toBe(token);
    expect(hash).not.toContain(token);
    expect(hash).toBe(createHash('sha256').update(token, 'utf8').digest('hex'));
    expect(hashToken(token)).toBe(hash);
  });
});

describe('tokenFromHeaders', () => {
  it('reads X-Token', () => {
    expect(tokenFromHeaders(new Headers({ 'X-Token': 'abc' }))).toBe('abc');
    expect(tokenFromHeaders(new Headers({ 'x-token': '  abc  ' }))).toBe('abc');
  });

  it('reads Authorization: Bearer, case-insensitively', () => {
    expect(tokenFromHeaders(new Headers({ Authorization: 'Bearer abc' }))).toBe('abc');
    expect(tokenFromHeaders(new Headers({ authorization: 'bearer   abc ' }))).toBe('abc');
  });

  it('prefers X-Token when both are sent', () => {
    expect(tokenFromHeaders(new Headers({ 'X-Token': 'from-x', Authorization: 'Bearer from-bearer' }))).toBe('from-x');
  });

  it('ignores other schemes, empty values and missing headers', () => {
    expect(tokenFromHeaders(new Headers())).toBeNull();
    expect(tokenFromHeaders(new Headers({ Authorization: 'Basic YWRtaW46QWRtaW4jMjAyNg==' }))).toBeNull();
    expect(tokenFromHeaders(new Headers({ Authorization: 'Bearer' }))).toBeNull();
    expect(tokenFromHeaders(new Headers({ Authorization: 'Bearer    ' }))).toBeNull();
    expect(tokenFromHeaders(new Headers({ 'X-Token': '   ' }))).toBeNull();
  });
});

describe('nestDottedKeys (legacy request bodies)', () => {
  it('nests dotted keys', () => {
    expect(nestDottedKeys({ 'condition.state': 2 })).toEqual({ condition: { state: 2 } });
    expect(nestDottedKeys({ 'condition.state': 2, 'condition.name': 'x', currentPage: 1 })).toEqual({
      condition: { state: 2, name: 'x' },
      currentPage: 1,
    });
    expect(nestDottedKeys({ 'a.b.c': 1 })).toEqual({ a: { b: { c: 1 } } });
  });

  it('merges dotted keys with an object under the same name', () => {
    expect(nestDottedKeys({ condition: { name: 'x' }, 'condition.state': 2 })).toEqual({ condition: { name: 'x', state: 2 } });
  });

  it('walks nested objects and arrays and leaves scalars alone', () => {
    expect(nestDottedKeys({ list: [{ 'a.b': 1 }] })).toEqual({ list: [{ a: { b: 1 } }] });
    expect(nestDottedKeys('text')).toBe('text');
    expect(nestDottedKeys(null)).toBeNull();
    expect(nestDottedKeys(3)).toBe(3);
  });

  it('refuses __proto__, prototype and constructor keys and does not pollute prototypes', () => {
    const parsed = JSON.parse('{"__proto__": {"polluted": 1}, "a.__proto__.polluted": 1, "constructor.prototype.polluted": 1, "ok": 1}');
    const out = nestDottedKeys(parsed) as Record<string, unknown>;
    expect(out).toEqual({ ok: 1 });
    expect(Object.prototype.hasOwnProperty.call(out, '__proto__')).toBe(false);
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((Object.prototype as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('drops keys with empty segments', () => {
    expect(nestDottedKeys({ 'a..b': 1, '.c': 2, 'd.': 3, e: 4 })).toEqual({ e: 4 });
  });
});

describe('language of messages', () => {
  it('translates into Chinese and English', () => {
    expect(translate('zh', 'auth.badCredentials')).toBe('账号或密码错误');
    expect(translate('en', 'auth.badCredentials')).toBe('Wrong account or password');
    expect(translate('zh', 'status.needLogin')).toBe('尚未登陆,请登录');
  });

  it('fills placeholders', () => {
    expect(translate('zh', 'auth.throttled', { seconds: 42 })).toBe('登录失败次数过多，请42秒后再试');
    expect(translate('en', 'auth.throttled', { seconds: 42 })).toBe('Too many failed logins; try again in 42 seconds');
    expect(translate('en', 'validation.tooLong', { field: 'account', max: 100 })).toBe('account must be at most 100 characters');
  });

  it('has both languages for every message', () => {
    for (const [key, entry] of Object.entries(catalogue)) {
      expect(entry.zh, key).not.toBe('');
      expect(entry.en, key).not.toBe('');
    }
  });

  it('uses the preference: 1 English, anything else Chinese', () => {
    expect(resolveLang(1, null)).toBe('en');
    expect(resolveLang(0, null)).toBe('zh');
    expect(resolveLang(2, null)).toBe('zh');
    expect(resolveLang(-1, null)).toBe('zh');
  });

  it('lets the preference win over the lang cookie', () => {
    expect(resolveLang(0, 'lang=en')).toBe('zh');
    expect(resolveLang(1, 'lang=zh')).toBe('en');
  });

  it('uses the lang cookie when there is no preference', () => {
    expect(resolveLang(null, 'lang=en')).toBe('en');
    expect(resolveLang(undefined, 'theme=dark; lang=EN; x=1')).toBe('en');
    expect(resolveLang(null, 'lang=zh')).toBe('zh');
    expect(resolveLang(null, 'lang=fr')).toBe('zh');
    expect(resolveLang(null, 'xlang=en')).toBe('zh');
    expect(resolveLang(null, '')).toBe('zh');
    expect(resolveLang(undefined, undefined)).toBe('zh');
  });
});
