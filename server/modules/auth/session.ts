import type { Actor, AuthFailure } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { hashToken } from './tokens.ts';

export const STAFF = 1;
export const STATE_DEACTIVATED = 3;

/** Throttles the `last_active_at` write to once a minute per user. */
const ACTIVITY_WRITE_INTERVAL_MS = 60_000;

/**
 * Resolves a presented token. Unknown or revoked tokens, and deactivated users, need a new
 * login; a token past its expiry reports TOKEN_EXPIRED so the client refreshes it.
 */
export async function authenticate(db: Db, token: string): Promise<{ actor: Actor | null; failure: AuthFailure | null }> {
  if (token.length > 200) return { actor: null, failure: 'NEED_LOGIN' };
  const row = await db.accessToken.findUnique({
    where: { tokenHash: hashToken(token) },
    include: { user: { include: { roles: { include: { role: { select: { id: true, code: true } } } } } } },
  });
  if (!row || row.revokedAt || row.user.state === STATE_DEACTIVATED) return { actor: null, failure: 'NEED_LOGIN' };
  const now = Date.now();
  if (row.expiresAt.getTime() <= now) return { actor: null, failure: 'TOKEN_EXPIRED' };
  const user = row.user;
  if (!user.lastActiveAt || now - user.lastActiveAt.getTime() > ACTIVITY_WRITE_INTERVAL_MS) {
    await db.user.update({ where: { id: user.id }, data: { lastActiveAt: new Date(now) }, select: { id: true } }).catch(() => {});
  }
  const roleCodes = user.roles.map((r) => r.role.code);
  return {
    actor: {
      id: user.id,
      account: user.account ?? '',
      name: user.name,
      nameEn: user.nameEn,
      type: user.type,
      roleIds: user.roles.map((r) => r.role.id),
      roleCodes,
      isAdmin: roleCodes.includes('admin'),
      language: user.language,
      timeZone: user.timeZone,
      tokenId: row.id,
    },
    failure: null,
  };
}
