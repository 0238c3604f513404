import { afterLocalWrite } from '../../session/session-cache.ts';
import type { ServiceContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { ValidationError } from '../../errors.ts';
import { inputOf, parseInput, z, type Parsed } from '../../lib/validate.ts';
import { requireActor } from '../../policy.ts';
import { recordFailedWrite, runWrite } from '../../write.ts';
import { hashPassword, passwordRuleViolation, verifyPassword } from './passwords.ts';
import { loginKeyPair, readPasswordField } from './auth.rsa.ts';
import { STAFF_STATES } from '../../lib/codes.ts';
import { reserveLoginAttempt } from './auth.throttle.ts';
import { hashToken, newToken } from '../../session/tokens.ts';
import { logger } from '../../logger.ts';
import { authErrors } from './auth.errors.ts';

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

/** A session's bounds: the login it descends from, and when it ends. */
type Session = { id: string; startedAt: Date };

/**
 * A new token: of a new session (login) or of the session it was refreshed in. Neither its
 * expiry nor its refresh window goes past the session's end (SESSION_MAX_AGE_SECONDS from the
 * login).
 */
async function issueToken(db: Tx, ctx: ServiceContext, userId: number, session?: Session) {
  const { token, hash } = newToken();
  const now = Date.now();
  const startedAt = session?.startedAt ?? new Date(now);
  const sessionEnd = startedAt.getTime() + ctx.config.sessionMaxAgeSeconds * 1000;
  const expiresAt = new Date(Math.min(now + ctx.config.tokenTtlSeconds * 1000, sessionEnd));
  const refreshableUntil = new Date(Math.min(expiresAt.getTime() + ctx.config.refreshWindowSeconds * 1000, sessionEnd));
  const row = await db.accessToken.create({
    data: {
      userId,
      tokenHash: hash,
      expiresAt,
      refreshableUntil,
      origin: ctx.origin?.slice(0, 20) ?? null,
      address: ctx.address,
      sessionStartedAt: startedAt,
      ...(session ? { sessionId: session.id } : {}),
    },
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
    if (!verdict.allowed) throw authErrors.rule('LOGIN_THROTTLED', 'auth.throttled', { seconds: verdict.retryAfterSeconds });
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
    if (!ok || !user) throw authErrors.rule('BAD_CREDENTIALS', 'auth.badCredentials');
    if (user.state === STAFF_STATES.DEACTIVATED) throw authErrors.rule('ACCOUNT_DEACTIVATED', 'auth.deactivated');
    await tx.loginAttempt.update({ where: { id: attemptId }, data: { success: true } });
    const issued = await issueToken(tx, ctx, user.id);
    return { result: { token: issued.token, expiresAt: issued.expiresAt, userId: user.id }, targetIds: [user.id], userId: user.id, account };
  });
}

/** A token exchanged this recently and presented again is a race of the same client (two tabs), not a theft. */
const REUSE_GRACE_MS = 10_000;

/**
 * Exchanges a token (typically an expired one) for a new one of the same session, once: the
 * presented token is revoked in the same transaction, so a second refresh with it fails.
 * Rotation's reuse detection: a token that was already exchanged, presented again (after a
 * few seconds' grace for a client racing itself), means a copy is in other hands; every token
 * of its session is revoked, the thief's and the owner's, and the owner logs in again. A
 * session past its absolute lifetime is not refreshed.
 */
export async function refreshToken(ctx: ServiceContext, rawToken: unknown): Promise<LoginResult> {
  const token = typeof rawToken === 'string' ? rawToken.trim().replace(/^"|"$/g, '') : '';
  const invalid = () => authErrors.rule('TOKEN_INVALID', 'auth.refreshInvalid', undefined, 'needUserLogin');
  if (!token || token.length > 200) throw invalid();
  return runWrite(ctx, { operation: 'auth.refreshToken', targetType: 'User' }, async (tx) => {
    const row = await tx.accessToken.findUnique({
      where: { tokenHash: hashToken(token) },
      include: { user: { select: { id: true, state: true, account: true } } },
    });
    if (!row) throw invalid();
    if (row.revokedAt && row.revokedReason === 'refresh') {
      if (Date.now() - row.revokedAt.getTime() < REUSE_GRACE_MS) throw invalid();
      // Outside this transaction: the revocation stays although the refresh is refused.
      const { count } = await ctx.db.accessToken.updateMany({ where: { sessionId: row.sessionId, revokedAt: null }, data: { revokedAt: new Date(), revokedReason: 'reuse' } });
      afterLocalWrite(ctx.db, [row.userId]);
      logger.warn('a refreshed token was presented again: its session is revoked', { userId: row.userId, tokensRevoked: count });
      throw authErrors.rule('TOKEN_REUSED', 'auth.refreshInvalid', undefined, 'needUserLogin');
    }
    if (row.revokedAt || row.refreshableUntil.getTime() <= Date.now() || row.user.state === STAFF_STATES.DEACTIVATED) throw invalid();
    if (row.sessionStartedAt.getTime() + ctx.config.sessionMaxAgeSeconds * 1000 <= Date.now()) throw authErrors.rule('SESSION_ENDED', 'auth.sessionEnded', undefined, 'needUserLogin');
    const { count } = await tx.accessToken.updateMany({
      where: { id: row.id, revokedAt: null },
      data: { revokedAt: new Date(), revokedReason: 'refresh' },
    });
    if (count !== 1) throw invalid();
    const issued = await issueToken(tx, ctx, row.userId, { id: row.sessionId, startedAt: row.sessionStartedAt });
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
    if (!row || row.revokedAt) throw authErrors.rule('TOKEN_INVALID', 'status.needLogin', undefined, 'needUserLogin');
    await tx.accessToken.update({ where: { id: row.id }, data: { revokedAt: new Date(), revokedReason: 'logout' } });
    return { result: true, targetIds: [row.userId], userId: row.userId };
  });
}

export const changePasswordInput = z.object({
  oldPassword: z.string().max(1000).optional().nullable(),
  password: z.string().max(1000).optional().nullable(),
  confirmPassword: z.string().max(1000).optional().nullable(),
});

/** Changes the caller's password; other sessions of the user are revoked. */
export async function changePassword(ctx: ServiceContext, parsed: Parsed<z.output<typeof changePasswordInput>>): Promise<boolean> {
  return runWrite(ctx, { operation: 'auth.changePassword', targetType: 'User' }, async (tx) => {
    const actor = requireActor(ctx);
    const input = inputOf(parsed);
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
      throw authErrors.rule('WRONG_PASSWORD', 'password.oldWrong');
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

/** One of the caller's sign-ins (a session: a login and the tokens refreshed from it). */
export type LoginSessionRow = { id: string; startedAt: Date; lastActiveAt: Date; origin: string | null; address: string | null; current: boolean };

/**
 * The caller's sessions still alive (a token not revoked, within its refresh window, the session
 * younger than SESSION_MAX_AGE_SECONDS), the latest first. `lastActiveAt` is when its newest token
 * was issued (the login or the last refresh); `current` is the session of this request.
 */
export async function mySessions(ctx: ServiceContext): Promise<LoginSessionRow[]> {
  const actor = requireActor(ctx);
  const now = Date.now();
  const rows = await ctx.db.accessToken.findMany({
    where: { userId: actor.id, revokedAt: null, refreshableUntil: { gt: new Date(now) }, sessionStartedAt: { gt: new Date(now - ctx.config.sessionMaxAgeSeconds * 1000) } },
    select: { id: true, sessionId: true, sessionStartedAt: true, createdAt: true, origin: true, address: true },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: 1000,
  });
  const sessions = new Map<string, LoginSessionRow>();
  for (const r of rows) {
    const seen = sessions.get(r.sessionId);
    if (seen) {
      if (r.id === actor.tokenId) seen.current = true;
      continue;
    }
    sessions.set(r.sessionId, { id: r.sessionId, startedAt: r.sessionStartedAt, lastActiveAt: r.createdAt, origin: r.origin, address: r.address, current: r.id === actor.tokenId });
  }
  return [...sessions.values()];
}

export const revokeSessionInput = z.object({ sessionId: z.string().uuid() });

/** Ends one of the caller's other sessions (every token of it is revoked). The session in use is ended by logging out. */
export async function revokeSession(ctx: ServiceContext, parsed: Parsed<z.output<typeof revokeSessionInput>>): Promise<string> {
  return runWrite(ctx, { operation: 'auth.revokeSession', targetType: 'User' }, async (tx) => {
    const actor = requireActor(ctx);
    const { sessionId } = inputOf(parsed);
    const current = await tx.accessToken.findUnique({ where: { id: actor.tokenId }, select: { sessionId: true } });
    if (current?.sessionId === sessionId) throw authErrors.rule('CANNOT_REVOKE_CURRENT', 'auth.cannotRevokeCurrent');
    const { count } = await tx.accessToken.updateMany({ where: { userId: actor.id, sessionId, revokedAt: null }, data: { revokedAt: new Date(), revokedReason: 'revoked' } });
    if (!count) throw authErrors.rule('NOT_FOUND', 'auth.sessionNotFound');
    return { result: sessionId, targetIds: [actor.id] };
  });
}
