/**
 * The caller's own account: change password, language and time zone.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encryptForLogin } from '../../../server/modules/auth/auth.rsa.ts';
import { verifyPassword } from '../../../server/modules/auth/passwords.ts';
import { DEMO, createTestApp, gql, loginGql, uniqueAddress, type TestApp } from '../../helpers/app.ts';
import { login, userId, whoAmI } from '../support.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

const CHANGE = `
  mutation Change($input: ChangePasswordInput!) {
    changePassword(input: $input) {
      __typename
      ... on SuccessPayload { success message }
      ... on Error { code message }
    }
  }`;

type ChangeAnswer = { __typename: string; success?: boolean; code?: string; message?: string };

async function changePassword(token: string, input: Record<string, unknown>, headers: Record<string, string> = {}): Promise<ChangeAnswer> {
  const res = await gql<{ changePassword: ChangeAnswer }>(t, CHANGE, { input }, { token, headers });
  expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
  return res.body.data!.changePassword;
}

async function passwordHashOf(account: string): Promise<string | null> {
  return (await t.db.user.findUniqueOrThrow({ where: { account }, select: { passwordHash: true } })).passwordHash;
}

const SET_LANGUAGE = `
  mutation($language: Language!) {
    setLanguage(input: { language: $language }) {
      __typename
      ... on ViewerPayload { viewer { language } user { language } }
      ... on Error { code message }
    }
  }`;

const SET_TIME_ZONE = `
  mutation($zone: String!) {
    setTimeZone(input: { timeZone: $zone }) {
      __typename
      ... on ViewerPayload { viewer { timeZone { name nameZh nameEn } } user { timeZone } }
      ... on Error { code message }
    }
  }`;

describe('changePassword', () => {
  // Each rule test uses its own account so that a failure in one cannot lock another out.
  it('refuses a wrong old password with WRONG_PASSWORD 原密码错误 and changes nothing', async () => {
    const token = await loginGql(t, DEMO.sales);
    const hash = await passwordHashOf('sales');
    const answer = await changePassword(token, { oldPassword: 'Wrong#2026', password: 'Newpass#2027', confirmPassword: 'Newpass#2027' });
    expect(answer).toEqual({ __typename: 'RuleError', code: 'WRONG_PASSWORD', message: '原密码错误' });
    expect(await passwordHashOf('sales')).toBe(hash);
    expect((await whoAmI(t, token)).id).toBe(await userId(t, 'sales'));
  });

  it('requires the old password', async () => {
    const token = await loginGql(t, DEMO.sales);
    const hash = await passwordHashOf('sales');
    const answer = await changePassword(token, { oldPassword: '', password: 'Newpass#2027', confirmPassword: 'Newpass#2027' });
    expect(answer.__typename).toBe('InputError');
    expect(answer.message).toBe('请输入原密码');
    expect(await passwordHashOf('sales')).toBe(hash);
  });

  it.each([
    ['Ab1#', '密码长度为8到24位'],
    ['', '密码长度为8到24位'],
    ['Abcdefgh1#Abcdefgh1#Abcde', '密码长度为8到24位'],
    ['abcdefgh1', '密码必须包含大小写字母和数字'],
    ['ABCDEFGHij', '密码必须包含大小写字母和数字'],
    ['12345678!!', '密码必须包含大小写字母和数字'],
  ])('refuses the new password %j with %s and changes nothing', async (password, message) => {
    const token = await loginGql(t, DEMO.sales);
    const hash = await passwordHashOf('sales');
    const answer = await changePassword(token, { oldPassword: DEMO.sales.password, password, confirmPassword: password });
    expect(answer.__typename).toBe('InputError');
    expect(answer.message).toBe(message);
    expect(await passwordHashOf('sales')).toBe(hash);
  });

  it('refuses a confirmation that differs with 两次密码不一致', async () => {
    const token = await loginGql(t, DEMO.sales);
    const hash = await passwordHashOf('sales');
    const answer = await changePassword(token, { oldPassword: DEMO.sales.password, password: 'Newpass#2027', confirmPassword: 'Newpass#2028' });
    expect(answer.__typename).toBe('InputError');
    expect(answer.message).toBe('两次密码不一致');
    expect(await passwordHashOf('sales')).toBe(hash);
  });

  it('requires authentication', async () => {
    const hash = await passwordHashOf('sales');
    const res = await gql<{ changePassword: ChangeAnswer | null }>(t, CHANGE, {
      input: { oldPassword: DEMO.sales.password, password: 'Newpass#2027', confirmPassword: 'Newpass#2027' },
    });
    expect(res.body.data?.changePassword?.__typename ?? null).not.toBe('SuccessPayload');
    expect(res.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect(await passwordHashOf('sales')).toBe(hash);
  });

  it('changes the password: the new one logs in, the old one no longer does, other sessions end, this one stays', async () => {
    const id = await userId(t, 'lecturer');
    const current = await loginGql(t, DEMO.lecturer);
    const other1 = await loginGql(t, DEMO.lecturer);
    const other2 = await loginGql(t, DEMO.lecturer);
    // A session that has expired but could still be refreshed must end too.
    const expired = await loginGql(t, DEMO.lecturer);
    await t.db.accessToken.updateMany({
      where: { userId: id, expiresAt: { gt: new Date() }, revokedAt: null, tokenHash: createHash('sha256').update(expired).digest('hex') },
      data: { expiresAt: new Date(Date.now() - 60_000) },
    });
    const answer = await changePassword(current, { oldPassword: DEMO.lecturer.password, password: 'Lecture#2027', confirmPassword: 'Lecture#2027' });
    expect(answer).toEqual({ __typename: 'SuccessPayload', success: true, message: '修改密码成功' });

    expect((await whoAmI(t, current)).id).toBe(id);
    expect((await whoAmI(t, other1)).code).toBe('UNAUTHENTICATED');
    expect((await whoAmI(t, other2)).code).toBe('UNAUTHENTICATED');
    const refresh = await gql<{ refreshToken: { __typename: string; code?: string } }>(t, 'mutation($t: String!) { refreshToken(input: { token: $t }) { __typename ... on Error { code } } }', { t: expired });
    expect(refresh.body.data!.refreshToken).toEqual({ __typename: 'RuleError', code: 'TOKEN_INVALID' });

    const hash = await passwordHashOf('lecturer');
    expect(hash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(hash, 'Lecture#2027')).toBe(true);

    const withNew = await login(t, 'lecturer', 'Lecture#2027');
    expect(withNew.answer.__typename).toBe('TokenPayload');
    const withOld = await login(t, 'lecturer', DEMO.lecturer.password);
    expect(withOld.answer.code).toBe('BAD_CREDENTIALS');
  });

  it('accepts the passwords RSA-encrypted, as the old client sends them', async () => {
    const res = await gql<{ loginPublicKey: string }>(t, '{ loginPublicKey }');
    const pem = `-----BEGIN PUBLIC KEY-----\n${res.body.data!.loginPublicKey.match(/.{1,64}/g)!.join('\n')}\n-----END PUBLIC KEY-----`;
    const token = await loginGql(t, DEMO.partner);
    const answer = await changePassword(token, {
      oldPassword: encryptForLogin(pem, DEMO.partner.password),
      password: encryptForLogin(pem, 'Partner#2027'),
      confirmPassword: encryptForLogin(pem, 'Partner#2027'),
    });
    expect(answer.__typename).toBe('SuccessPayload');
    expect((await login(t, 'partner', 'Partner#2027')).answer.__typename).toBe('TokenPayload');
  });

  it('answers in English for a user who prefers English', async () => {
    const token = await loginGql(t, { account: 'yang.fan', password: 'Staff#2026' }); // seeded with language 1
    const answer = await changePassword(token, { oldPassword: 'Wrong#2026', password: 'Newpass#2027' });
    expect(answer).toEqual({ __typename: 'RuleError', code: 'WRONG_PASSWORD', message: 'The current password is wrong' });
  });
});

describe('setLanguage', () => {
  it('switches the messages of that user to English, and back', async () => {
    const id = await userId(t, 'consultant');
    const token = await loginGql(t, DEMO.consultant);
    // Before: Chinese.
    const zh = await changePassword(token, { oldPassword: 'Wrong#2026', password: 'Newpass#2027' });
    expect(zh.message).toBe('原密码错误');

    const res = await gql<{ setLanguage: { __typename: string; viewer?: { language: string }; user?: { language: string } } }>(t, SET_LANGUAGE, { language: 'EN' }, { token });
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data!.setLanguage).toEqual({ __typename: 'ViewerPayload', viewer: { language: 'EN' }, user: { language: 'EN' } });
    expect((await t.db.user.findUniqueOrThrow({ where: { id }, select: { language: true } })).language).toBe(1);

    // Later requests of this user come in English, whatever the cookie says.
    const en = await changePassword(token, { oldPassword: 'Wrong#2026', password: 'Newpass#2027' }, { cookie: 'lang=zh' });
    expect(en).toEqual({ __typename: 'RuleError', code: 'WRONG_PASSWORD', message: 'The current password is wrong' });
    const viewer = await gql<{ viewer: { language: string } }>(t, '{ viewer { language } }', {}, { token });
    expect(viewer.body.data!.viewer.language).toBe('EN');
    const forbidden = await gql(t, '{ operationLogs(first: 1) { edges { cursor } } }', {}, { token });
    expect(forbidden.body.errors?.[0]?.message).toBe('You are not allowed to do this');
    // A new session of the same user starts in English too.
    const again = await loginGql(t, DEMO.consultant);
    expect((await changePassword(again, { oldPassword: 'Wrong#2026', password: 'Newpass#2027' })).message).toBe('The current password is wrong');

    const back = await gql<{ setLanguage: { viewer?: { language: string } } }>(t, SET_LANGUAGE, { language: 'ZH' }, { token });
    expect(back.body.data!.setLanguage.viewer?.language).toBe('ZH');
    expect((await changePassword(token, { oldPassword: 'Wrong#2026', password: 'Newpass#2027' })).message).toBe('原密码错误');
  });

  it('refuses a value that is not a language and changes nothing', async () => {
    const id = await userId(t, 'manager');
    const token = await loginGql(t, DEMO.manager);
    const res = await gql(t, SET_LANGUAGE, { language: 'FR' }, { token });
    expect(res.body.errors?.length).toBeGreaterThan(0);
    expect(res.body.data ?? null).toBeNull();
    expect((await t.db.user.findUniqueOrThrow({ where: { id }, select: { language: true } })).language).toBe(0);
  });
});

describe('setTimeZone', () => {
  it('sets the time zone shown in the header', async () => {
    const id = await userId(t, 'manager');
    const token = await loginGql(t, DEMO.manager);
    const res = await gql<{ setTimeZone: { __typename: string; viewer?: { timeZone: { name: string; nameZh: string; nameEn: string } }; user?: { timeZone: string } } }>(
      t,
      SET_TIME_ZONE,
      { zone: 'America/New_York' },
      { token },
    );
    expect(res.body.errors).toBeUndefined();
    const payload = res.body.data!.setTimeZone;
    expect(payload.__typename).toBe('ViewerPayload');
    expect(payload.viewer?.timeZone.name).toBe('America/New_York');
    expect(payload.viewer?.timeZone.nameZh).toBeTruthy();
    expect(payload.viewer?.timeZone.nameEn).toBeTruthy();
    expect(payload.user?.timeZone).toBe('America/New_York');

    const later = await gql<{ viewer: { timeZone: { name: string } } }>(t, '{ viewer { timeZone { name } } }', {}, { token });
    expect(later.body.data!.viewer.timeZone.name).toBe('America/New_York');
    expect((await t.db.user.findUniqueOrThrow({ where: { id }, select: { timeZone: true } })).timeZone).toBe('America/New_York');
  });

  it.each(['Mars/Olympus', '', 'asia/shanghai', 'X'.repeat(500)])('refuses the unknown zone %j with 时区不存在 and changes nothing', async (zone) => {
    const id = await userId(t, 'sales');
    const token = await loginGql(t, DEMO.sales);
    const before = (await t.db.user.findUniqueOrThrow({ where: { id }, select: { timeZone: true } })).timeZone;
    const res = await gql<{ setTimeZone: { __typename: string; code?: string; message?: string } }>(t, SET_TIME_ZONE, { zone }, { token });
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data!.setTimeZone).toEqual({ __typename: 'InputError', code: 'UNKNOWN_TIME_ZONE', message: '时区不存在' });
    expect((await t.db.user.findUniqueOrThrow({ where: { id }, select: { timeZone: true } })).timeZone).toBe(before);
  });

  it('answers the unknown zone in English for an English user', async () => {
    const token = await loginGql(t, { account: 'huang.siqi', password: 'Staff#2026' }, uniqueAddress());
    const res = await gql<{ setTimeZone: { message?: string } }>(t, SET_TIME_ZONE, { zone: 'Mars/Olympus' }, { token });
    expect(res.body.data!.setTimeZone.message).toBe('Unknown time zone');
  });

  it('requires authentication', async () => {
    const res = await gql(t, SET_TIME_ZONE, { zone: 'Europe/London' });
    expect(res.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});
