/** The client's pure rules: password strength, formats, update-check parsing, transport mapping, RSA. */
import forge from 'node-forge';
import { describe, expect, it } from 'vitest';
import { characterClasses, loginStrength, newPasswordProblem, strengthBar } from '../../client/src/lib/password.ts';
import { numberSuffix, screenClass, shortLink, startOfWeek, timeAgo } from '../../client/src/lib/format.ts';
import { sameScripts, scriptReferences } from '../../client/src/lib/scripts.ts';
import { classifyErrors, transportMessageKey } from '../../client/src/lib/transport.ts';
import { encryptPassword, parsePublicKey } from '../../client/src/lib/rsa.ts';
import { catalogue } from '../../server/i18n/catalogue.ts';

describe('password rules (spec section 5)', () => {
  it('counts digit, lower-case, upper-case and special classes', () => {
    expect(characterClasses('')).toBe(0);
    expect(characterClasses('abc')).toBe(1);
    expect(characterClasses('abc1')).toBe(2);
    expect(characterClasses('Abc1')).toBe(3);
    expect(characterClasses('Abc1#')).toBe(4);
    expect(characterClasses('密码')).toBe(1);
  });

  it('shows weak at one class, medium at two, strong at three or more', () => {
    expect(strengthBar('')).toBeNull();
    expect(strengthBar('abcdefgh')).toBe('weak');
    expect(strengthBar('abcdefg1')).toBe('medium');
    expect(strengthBar('Abcdefg1')).toBe('strong');
    expect(strengthBar('Abcdef#1')).toBe('strong');
  });

  it('asks for 8 to 24 characters, then for three classes', () => {
    expect(newPasswordProblem('Ab#1')).toBe('password.length');
    expect(newPasswordProblem('Ab#1'.repeat(7))).toBe('password.length');
    expect(newPasswordProblem('abcdefg1')).toBe('password.classes');
    expect(newPasswordProblem('Abcdefg1')).toBeNull();
    expect(newPasswordProblem('Ab#1'.repeat(6))).toBeNull();
  });

  it('login tip: too short, medium, strong', () => {
    expect(loginStrength('')).toBeNull();
    expect(loginStrength('Ab#1')).toBe('tooShort');
    expect(loginStrength('abcdefgh')).toBe('medium');
    expect(loginStrength('Abcdefg1')).toBe('strong');
  });
});

describe('formats (spec section 9)', () => {
  const t = (key: string, params?: Record<string, unknown>) => {
    let text: string = catalogue[key as keyof typeof catalogue].zh;
    for (const [k, v] of Object.entries(params ?? {})) text = text.replace(`{${k}}`, String(v));
    return text;
  };
  const now = new Date('2026-09-01T12:00:00Z');
  const ago = (seconds: number) => timeAgo(new Date(now.getTime() - seconds * 1000), now, 'zh', t, 'UTC');

  it('switches time-ago texts at 30 s, 1 h, 24 h and 48 h', () => {
    expect(ago(29)).toBe('刚刚');
    expect(ago(30)).toBe('1分钟前');
    expect(ago(3599)).toBe('60分钟前');
    expect(ago(3600)).toBe('1小时前');
    expect(ago(86_399)).toBe('24小时前');
    expect(ago(86_400)).toBe('1天前');
    expect(ago(172_799)).toBe('1天前');
    expect(ago(172_800)).toBe('2026-08-30 12:00');
  });

  it('uses the suffixes k, M, G, T, P, E', () => {
    expect(numberSuffix(999)).toBe('999');
    expect(numberSuffix(1000)).toBe('1k');
    expect(numberSuffix(1234)).toBe('1.2k');
    expect(numberSuffix(5_000_000)).toBe('5M');
    expect(numberSuffix(7.25e9, 2)).toBe('7.25G');
    expect(numberSuffix(3e12)).toBe('3T');
    expect(numberSuffix(4e15)).toBe('4P');
    expect(numberSuffix(2e18)).toBe('2E');
  });

  it('starts weeks on Monday', () => {
    expect(startOfWeek(new Date(2026, 8, 1)).getDate()).toBe(31); // Tuesday 1 Sep -> Monday 31 Aug
    expect(startOfWeek(new Date(2026, 8, 6)).getDate()).toBe(31); // Sunday -> the Monday before
    expect(startOfWeek(new Date(2026, 8, 7)).getDate()).toBe(7); // Monday -> itself
  });

  it('screen classes: sm up to 1440, md above, lg above 1680', () => {
    expect(screenClass(1024)).toBe('sm');
    expect(screenClass(1440)).toBe('sm');
    expect(screenClass(1441)).toBe('md');
    expect(screenClass(1680)).toBe('md');
    expect(screenClass(1681)).toBe('lg');
  });

  it('cuts links over 30 characters to 20 plus an ellipsis', () => {
    expect(shortLink('https://example.com/short')).toBe('https://example.com/short');
    expect(shortLink('https://example.com/a/very/long/path')).toBe('https://example.com/...');
  });
});

describe('update check', () => {
  it('reads the script references of the served page', () => {
    const html = '<head><script type="module" crossorigin src="/assets/index-A1.js"></script><link rel="modulepreload" href="/assets/x.js"><script src=\'/assets/b.js\'></script><script>inline()</script></head>';
    expect(scriptReferences(html)).toEqual(['/assets/index-A1.js', '/assets/b.js']);
    expect(sameScripts(['/a.js'], ['/a.js'])).toBe(true);
    expect(sameScripts(['/a.js'], ['/b.js'])).toBe(false);
    expect(sameScripts(['/a.js'], ['/a.js', '/b.js'])).toBe(false);
  });
});

describe('request layer mapping (spec section 8)', () => {
  it('maps transport statuses to messages', () => {
    expect(transportMessageKey(502)).toBe('transport.unavailable');
    expect(transportMessageKey(504)).toBe('transport.unavailable');
    expect(transportMessageKey(400)).toBe('transport.serverError');
    expect(transportMessageKey(500)).toBe('transport.serverError');
    expect(transportMessageKey(404)).toBe('transport.notFound');
    expect(transportMessageKey(200)).toBeNull();
    expect(transportMessageKey(503)).toBeNull();
    expect(catalogue['transport.unavailable'].zh).toBe('服务不可用...');
  });

  it('treats UNAUTHENTICATED as the end of the session before anything else', () => {
    expect(classifyErrors(undefined)).toBe('ok');
    expect(classifyErrors([{ message: 'x', extensions: { code: 'FORBIDDEN' } }])).toBe('error');
    expect(classifyErrors([{ message: 'x', extensions: { code: 'TOKEN_EXPIRED' } }])).toBe('tokenExpired');
    expect(
      classifyErrors([
        { message: 'x', extensions: { code: 'TOKEN_EXPIRED' } },
        { message: 'y', extensions: { code: 'UNAUTHENTICATED' } },
      ]),
    ).toBe('needLogin');
  });
});

describe('RSA PKCS#1 v1.5 (what the server decrypts)', () => {
  const pair = forge.pki.rsa.generateKeyPair({ bits: 2048, e: 0x10001 });
  const pem = forge.pki.publicKeyToPem(pair.publicKey);
  const base64 = pem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '');

  it('reads the modulus and exponent of a SubjectPublicKeyInfo', () => {
    const key = parsePublicKey(base64);
    expect(key.size).toBe(256);
    expect(key.e).toBe(65537n);
    expect(key.n.toString(16)).toBe(pair.publicKey.n.toString(16));
  });

  it('encrypts so that node-forge decrypts the same text, differently each time', () => {
    for (const text of ['Admin#2026', '密码Pass#1', 'x'.repeat(24)]) {
      const sealed = encryptPassword(base64, text);
      expect(sealed).toHaveLength(344);
      expect(forge.util.decodeUtf8(pair.privateKey.decrypt(forge.util.decode64(sealed), 'RSAES-PKCS1-V1_5'))).toBe(text);
    }
    expect(encryptPassword(pem, 'same')).not.toBe(encryptPassword(pem, 'same'));
  });
});
