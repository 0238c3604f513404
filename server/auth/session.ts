import type { Actor, AuthFailure } from '../context.ts';
import type { Db } from '../db/client.ts';
import { hashToken } from './tokens.ts';
import { STAFF_STATES } from '../lib/codes.ts';

/**
 * Operation rights of each authenticated actor: keys of the right tree's permission nodes
 * (rights without a route path, such as `staff.edit`) that the actor's roles hold. The
 * policy (server/policy.ts) reads them, so saving a role's rights changes what it may do.
 * Kept beside the actor rather than on it so the shared Actor type stays unchanged.
 */
const operationRights = new WeakMap<Actor, ReadonlySet<string>>();

export function operationRightsOf(actor: Actor): ReadonlySet<string> {
  return operationRights.get(actor) ?? EMPTY;
}

/** For actors built outside `authenticate` (login answers, tests). */
export function setOperationRights(actor: Actor, keys: Iterable<string>): void {
  operationRights.set(actor, new Set(keys));
}

const EMPTY: ReadonlySet<string> = new Set();

/** Throttles the `last_active_at` write to once a minute per user. */
const ACTIVITY_WRITE_INTERVAL_MS = 60_000;

/**
 * Resolves a presented token. Unknown or revoked tokens, deactivated users and sessions past
 * their absolute lifetime (`sessionMaxAgeSeconds` from the login) need a new login; a token
 * past its expiry reports TOKEN_EXPIRED so the client refreshes it.
 */
export async function authenticate(db: Db, token: string, options: { sessionMaxAgeSeconds?: number } = {}): Promise<{ actor: Actor | null; failure: AuthFailure | null }> {
  if (token.length > 200) return { actor: null, failure: 'NEED_LOGIN' };
  // One statement: the token, its user, the user's roles and their operation rights (rights
  // without a route path). Only the columns the actor needs: this runs on every request.
  const row = await db.accessToken.findUnique({
    where: { tokenHash: hashToken(token) },
    select: {
      id: true,
      revokedAt: true,
      expiresAt: true,
      sessionStartedAt: true,
      user: {
        select: {
          id: true,
          account: true,
          name: true,
          nameEn: true,
          type: true,
          state: true,
          language: true,
          timeZone: true,
          lastActiveAt: true,
          roles: { select: { role: { select: { id: true, code: true, rights: { where: { right: { path: null } }, select: { right: { select: { key: true } } } } } } } },
        },
      },
    },
  });
  if (!row || row.revokedAt || row.user.state === STAFF_STATES.DEACTIVATED) return { actor: null, failure: 'NEED_LOGIN' };
  const now = Date.now();
  // A session past its absolute lifetime needs a new login: refreshing cannot help.
  if (options.sessionMaxAgeSeconds !== undefined && row.sessionStartedAt.getTime() + options.sessionMaxAgeSeconds * 1000 <= now) return { actor: null, failure: 'NEED_LOGIN' };
  if (row.expiresAt.getTime() <= now) return { actor: null, failure: 'TOKEN_EXPIRED' };
  const user = row.user;
  if (!user.lastActiveAt || now - user.lastActiveAt.getTime() > ACTIVITY_WRITE_INTERVAL_MS) {
    // Conditional, so concurrent requests (on any server) write at most once a minute per user.
    const stale = new Date(now - ACTIVITY_WRITE_INTERVAL_MS);
    await db.user.updateMany({ where: { id: user.id, OR: [{ lastActiveAt: null }, { lastActiveAt: { lt: stale } }] }, data: { lastActiveAt: new Date(now) } }).catch(() => {});
  }
  const roleCodes = user.roles.map((r) => r.role.code);
  const roleIds = user.roles.map((r) => r.role.id);
  const isAdmin = roleCodes.includes('admin');
  const actor: Actor = {
    id: user.id,
    account: user.account ?? '',
    name: user.name,
    nameEn: user.nameEn,
    type: user.type,
    roleIds,
    roleCodes,
    isAdmin,
    language: user.language,
    timeZone: user.timeZone,
    tokenId: row.id,
  };
  // Administrators hold every right: nothing to keep.
  setOperationRights(actor, isAdmin ? [] : user.roles.flatMap((r) => r.role.rights.map((x) => x.right.key)));
  return { actor, failure: null };
}
