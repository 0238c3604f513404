import { describe, expect, it } from 'vitest';
import { passwordRuleViolation } from '../../../server/modules/auth/passwords.ts';
import { idList, num, withCondition } from '../../../server/rest/params.ts';
import { accountField, generatePassword, mobileField } from '../../../server/modules/users/users.fields.ts';
import { smtpHost } from '../../../server/lib/mail.ts';

describe('generated passwords', () => {
  it('always pass the password rules and differ', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const p = generatePassword();
      expect(p).toHaveLength(12);
      expect(passwordRuleViolation(p)).toBeNull();
      seen.add(p);
    }
    expect(seen.size).toBe(200);
  });
});

describe('account and mobile rules', () => {
  it.each([
    ['zhang.san', true],
    ['a', false],
    ['has space', false],
    ['x'.repeat(51), false],
    ['user@example.com', true],
  ])('account %s valid: %s', (v, ok) => {
    expect(accountField.safeParse(v).success).toBe(ok);
  });
  it.each([
    ['13812345678', true],
    ['+447700900123', true],
    ['12345', false],
    ['1381234567a', false],
  ])('mobile %s valid: %s', (v, ok) => {
    expect(mobileField.safeParse(v).success).toBe(ok);
  });
});

describe('legacy parameters', () => {
  it('reads values under condition and ids in every shape', () => {
    expect(withCondition({ condition: { departId: 3 }, searchKey: 'x' })).toEqual({ departId: 3, searchKey: 'x', condition: { departId: 3 } });
    expect(idList('1, 2,3')).toEqual([1, 2, 3]);
    expect(idList([4, '5'])).toEqual([4, 5]);
    expect(idList(6)).toEqual([6]);
    expect(num('12')).toBe(12);
    expect(num('abc')).toBe('abc');
  });
});

describe('mail logging', () => {
  it('names the SMTP host without the credentials', () => {
    expect(smtpHost('smtps://user:secret@smtp.example.com:465')).toBe('smtps://smtp.example.com:465');
  });
});
