import type { ServiceContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { DomainError, ValidationError } from '../../errors.ts';
import { parseInput, z } from '../../lib/validate.ts';
import { requireActor } from '../../policy.ts';
import { recordFailedWrite, runWrite } from '../../write.ts';
import { hashPassword, passwordRuleViolation, verifyPassword } from './passwords.ts';
import { loginKeyPair, readPasswordField } from './auth.rsa.ts';
import { STAFF_STATES } from '../../lib/codes.ts';
import { reserveLoginAttempt } from './auth.throttle.ts';
import { hashToken, newToken } from '../../auth/tokens.ts';

const loginInput = z.object({
  account: z.string().trim().min(1).max(100),
  // Long enough for a 4096-bit RSA ciphertext in base64.
  password: z.string().min(1).max(1000),
});

export type LoginResult = {
  token: string;
  expiresAt: Date;
  userId: number;
};

function requiredText(value: unknown, key: 'auth.accountRequired' | 'auth.passwordRequired'): void {
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
    throw new ValidationError(key, undefined, 'REQUIRED');
  }
}

async function issueToken(db: Tx, ctx: ServiceContext, userId: number) {
  const { token, hash } = newToken();
  const now = Date.now();
  const expiresAt = new Date(now + ctx.config.tokenTtlSeconds * 1000);
  const refreshableUntil = new Date(expiresAt.getTime() + ctx.config.refreshWindowSeconds * 1000);
  const row = await db.accessToken.create({
    data: { userId, tokenHash: hash, expiresAt, refreshableUntil, origin: ctx.origin?.slice(0, 20) ?? null, address: ctx.address },
    select: { id: true },
  });
  return { token, expiresAt, tokenId: row.id };
}

/**
 * Login by account and password (plain or RSA-encrypted), throttled per account and address
 * (auth.throttle.ts). The attempt is counted before the password is checked, in its own short
 * transaction, so concurrent failures are all counted; a right password marks it a success.
 */
export async function login(ctx: ServiceContext, raw: unknown): Promise<LoginResult> {
  const rawObj = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const claimed = typeof rawObj.account === 'string' ? rawObj.account.replaceAll('\u0000', '').trim().toLowerCase().slice(0, 100) : null;
  const spec = { operation: 'auth.login', targetType: 'User', account: claimed };
  let account: string;
  let passwordField: string;
  let attemptId: bigint;
  try {
    requiredText(rawObj.account, 'auth.accountRequired');
    requiredText(rawObj.password, 'auth.passwordRequired');
    const input = parseInput(loginInput, raw);
    account = input.account.toLowerCase();
    passwordField = input.password;
    const verdict = await reserveLoginAttempt(ctx.db, account, ctx.address);
    if (!verdict.allowed) throw new DomainError('LOGIN_THROTTLED', 'auth.throttled', { seconds: verdict.retryAfterSeconds });
    attemptId = verdict.attemptId;
  } catch (err) {
    await recordFailedWrite(ctx, spec, err);
    throw err;
  }
  return runWrite(ctx, spec, async (tx) => {
    const password = await readPasswordField(ctx.db, passwordField);
    const user = await tx.user.findUnique({ where: { account }, select: { id: true, passwordHash: true, state: true } });
    const ok = password !== null && (await verifyPassword(user?.passwordHash, password));
    // A failure stays counted as the failure it was recorded as.
    if (!ok || !user) throw new DomainError('BAD_CREDENTIALS', 'auth.badCredentials');
    if (user.state === STAFF_STATES.DEACTIVATED) throw new DomainError('ACCOUNT_DEACTIVATED', 'auth.deactivated');
    await tx.loginAttempt.update({ where: { id: attemptId }, data: { success: true } });
    const issued = await issueToken(tx, ctx, user.id);
    return { result: { token: issued.token, expiresAt: issued.expiresAt, userId: user.id }, targetIds: [user.id], userId: user.id, account };
  });
}

/**
 * Exchanges a token (typically an expired one) for a new one, once: the presented token is
 * revoked in the same transaction, so a second refresh with it fails.
 */
export async function refreshToken(ctx: ServiceContext, rawToken: unknown): Promise<LoginResult> {
  const token = typeof rawToken === 'string' ? rawToken.trim().replace(/^"|"$/g, '') : '';
  const invalid = () => new DomainError('TOKEN_INVALID', 'auth.refreshInvalid', undefined, 'needUserLogin');
  if (!token || token.length > 200) throw invalid();
  return runWrite(ctx, { operation: 'auth.refreshToken', targetType: 'User' }, async (tx) => {
    const row = await tx.accessToken.findUnique({
      where: { tokenHash: hashToken(token) },
      include: { user: { select: { id: true, state: true, account: true } } },
    });
    if (!row || row.revokedAt || row.refreshableUntil.getTime() <= Date.now() || row.user.state === STAFF_STATES.DEACTIVATED) throw invalid();
    const { count } = await tx.accessToken.updateMany({
      where: { id: row.id, revokedAt: null },
      data: { revokedAt: new Date(), revokedReason: 'refresh' },
    });
    if (count !== 1) throw invalid();
    const issued = await issueToken(tx, ctx, row.userId);
    return {
      result: { token: issued.token, expiresAt: issued.expiresAt, userId: row.userId },
      targetIds: [row.userId],
      userId: row.userId,
      account: row.user.account,
    };
  });
}

/** Revokes the presented token, even when it has expired. */
export async function logout(ctx: ServiceContext): Promise<boolean> {
  if (!ctx.token) requireActor(ctx);
  const hash = hashToken(ctx.token ?? '');
  return runWrite(ctx, { operation: 'auth.logout', targetType: 'User' }, async (tx) => {
    const row = await tx.accessToken.findUnique({ where: { tokenHash: hash }, select: { id: true, userId: true, revokedAt: true } });
    if (!row || row.revokedAt) throw new DomainError('TOKEN_INVALID', 'status.needLogin', undefined, 'needUserLogin');
    await tx.accessToken.update({ where: { id: row.id }, data: { revokedAt: new Date(), revokedReason: 'logout' } });
    return { result: true, targetIds: [row.userId], userId: row.userId };
  });
}

const changePasswordInput = z.object({
  oldPassword: z.string().max(1000).optional().nullable(),
  password: z.string().max(1000).optional().nullable(),
  confirmPassword: z.string().max(1000).optional().nullable(),
});

/** Changes the caller's password; other sessions of the user are revoked. */
export async function changePassword(ctx: ServiceContext, raw: unknown): Promise<boolean> {
  return runWrite(ctx, { operation: 'auth.changePassword', targetType: 'User' }, async (tx) => {
    const actor = requireActor(ctx);
    const input = parseInput(changePasswordInput, raw ?? {});
    if (!input.oldPassword) throw new ValidationError('password.oldRequired', undefined, 'REQUIRED');
    const oldPassword = await readPasswordField(ctx.db, input.oldPassword);
    const password = input.password ? await readPasswordField(ctx.db, input.password) : '';
    if (password === null) throw new ValidationError('password.length', undefined, 'PASSWORD_RULES');
    if (input.confirmPassword !== undefined && input.confirmPassword !== null) {
      const confirm = await readPasswordField(ctx.db, input.confirmPassword);
      if (confirm !== password) throw new ValidationError('password.mismatch', undefined, 'PASSWORD_MISMATCH');
    }
    const violation = passwordRuleViolation(password);
    if (violation) throw new ValidationError(violation, undefined, 'PASSWORD_RULES');
    const user = await tx.user.findUniqueOrThrow({ where: { id: actor.id }, select: { passwordHash: true } });
    if (oldPassword === null || !(await verifyPassword(user.passwordHash, oldPassword))) {
      throw new DomainError('WRONG_PASSWORD', 'password.oldWrong');
    }
    if (oldPassword === password) throw new ValidationError('password.sameAsOld', undefined, 'PASSWORD_RULES');
    await tx.user.update({ where: { id: actor.id }, data: { passwordHash: await hashPassword(password), passwordChangedAt: new Date() } });
    await tx.accessToken.updateMany({
      where: { userId: actor.id, revokedAt: null, id: { not: actor.tokenId } },
      data: { revokedAt: new Date(), revokedReason: 'password' },
    });
    return { result: true, targetIds: [actor.id] };
  });
}

/** Language preference: 1 English, anything else Chinese. Accepts 'en'/'zh' or the number. */
export async function setLanguage(ctx: ServiceContext, raw: unknown): Promise<number> {
  return runWrite(ctx, { operation: 'auth.setLanguage', targetType: 'User' }, async (tx) => {
    const actor = requireActor(ctx);
    const value = raw === 'en' || raw === 'EN' || raw === 1 || raw === '1' ? 1 : raw === 'zh' || raw === 'ZH' || raw === 0 || raw === '0' ? 0 : null;
    if (value === null) throw new ValidationError('error.languageInvalid', undefined, 'INVALID_LANGUAGE');
    await tx.user.update({ where: { id: actor.id }, data: { language: value } });
    ctx.lang = value === 1 ? 'en' : 'zh';
    return { result: value, targetIds: [actor.id] };
  });
}

export async function setTimeZone(ctx: ServiceContext, raw: unknown): Promise<string> {
  return runWrite(ctx, { operation: 'auth.setTimeZone', targetType: 'User' }, async (tx) => {
    const actor = requireActor(ctx);
    const name = typeof raw === 'string' ? raw.trim() : '';
    if (!name || name.length > 64 || name.includes('\u0000')) throw new ValidationError('error.timeZoneUnknown', undefined, 'UNKNOWN_TIME_ZONE');
    const zone = await tx.sysTimeZone.findUnique({ where: { name } });
    if (!zone) throw new ValidationError('error.timeZoneUnknown', undefined, 'UNKNOWN_TIME_ZONE');
    await tx.user.update({ where: { id: actor.id }, data: { timeZone: zone.name } });
    return { result: zone.name, targetIds: [actor.id] };
  });
}

export async function loginPublicKey(ctx: ServiceContext): Promise<string> {
  return (await loginKeyPair(ctx.db)).publicKeyBase64;
}

/** What a client needs right after login: the user, their roles and time zone names. */
export async function loginProfile(ctx: ServiceContext, userId: number) {
  const user = await ctx.db.user.findUniqueOrThrow({
    where: { id: userId },
    include: { roles: { include: { role: { select: { code: true } } } } },
  });
  const zone = await ctx.db.sysTimeZone.findUnique({ where: { name: user.timeZone } });
  return { user, roleCodes: user.roles.map((r) => r.role.code), zone, language: user.language === 1 ? 1 : 0 };
}
