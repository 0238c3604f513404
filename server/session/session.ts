import type { Actor, AuthFailure } from './actor.ts';
import type { Db } from '../db/client.ts';
import { hashToken } from './tokens.ts';
import { STAFF_STATES } from '../lib/codes.ts';
import { sessionCacheOf } from './session-cache.ts';

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

const EMPTY: ReadonlySet<string> = new Set();

/**
 * The staff a manager oversees: every user of a department the manager heads or belongs to, or
 * of one below it (at most DEPARTMENT_DEPTH levels), as ids, read with the session and cached
 * with it (a department or membership change drops every cached session: migration
 * 20261207130000_session_notify_departments). The archive rule of managers filters on these ids
 * (docs/performance.md, "Visibility"). Undefined for an actor that is not a manager or was not
 * made by `authenticate`.
 */
const managedStaff = new WeakMap<Actor, readonly number[]>();

export function managedStaffOf(actor: Actor): readonly number[] | undefined {
  return managedStaff.get(actor);
}

/** Department tree depth the manager rule follows (the org tree is far shallower). */
export const DEPARTMENT_DEPTH = 6;

async function readManagedStaff(db: Db, userId: number): Promise<number[]> {
  const rows = await db.$queryRaw<Array<{ ids: number[] | null }>>`
    WITH RECURSIVE tree (id, depth) AS (
      SELECT d.id, 0 FROM departments d
       WHERE d.manager_id = ${userId} OR d.id = (SELECT u.department_id FROM users u WHERE u.id = ${userId})
      UNION
      SELECT c.id, tree.depth + 1 FROM departments c JOIN tree ON c.parent_id = tree.id WHERE tree.depth < ${DEPARTMENT_DEPTH}
    )
    SELECT array_agg(u.id ORDER BY u.id) AS ids FROM users u WHERE u.department_id IN (SELECT id FROM tree)`;
  return rows[0]?.ids ?? [];
}

/** Throttles the `last_active_at` write to once a minute per user. */
const ACTIVITY_WRITE_INTERVAL_MS = 60_000;

/** What a token resolves to, as read from the database (and kept by the session cache). */
type SessionRow = {
  tokenId: number;
  userId: number;
  revokedAt: Date | null;
  expiresAt: number;
  sessionStartedAt: number;
  deactivated: boolean;
  /** Last `last_active_at` this process knows of (written at most once a minute). */
  lastActiveAt: number | null;
  /** The actor without its per-request copy; never handed out as is. */
  actor: Actor;
  rights: ReadonlySet<string>;
  /** For managers: the staff they oversee (managedStaffOf). */
  managedStaff?: readonly number[];
};

async function readSession(db: Db, hash: string): Promise<SessionRow | null> {
  // One statement: the token, its user, the user's roles and their operation rights (rights
  // without a route path). Only the columns the actor needs.
  const row = await db.accessToken.findUnique({
    where: { tokenHash: hash },
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
  if (!row) return null;
  const user = row.user;
  const roleCodes = user.roles.map((r) => r.role.code);
  const roleIds = user.roles.map((r) => r.role.id);
  const isAdmin = roleCodes.includes('admin');
  // A second statement for managers only, once per session read (the session cache keeps it).
  const managed = !isAdmin && roleCodes.includes('manager') ? await readManagedStaff(db, user.id) : undefined;
  return {
    tokenId: row.id,
    userId: user.id,
    revokedAt: row.revokedAt,
    expiresAt: row.expiresAt.getTime(),
    sessionStartedAt: row.sessionStartedAt.getTime(),
    deactivated: user.state === STAFF_STATES.DEACTIVATED,
    lastActiveAt: user.lastActiveAt?.getTime() ?? null,
    actor: {
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
    },
    // Administrators hold every right: nothing to keep.
    rights: new Set(isAdmin ? [] : user.roles.flatMap((r) => r.role.rights.map((x) => x.right.key))),
    managedStaff: managed,
  };
}

/**
 * Resolves a presented token. Unknown or revoked tokens, deactivated users and sessions past
 * their absolute lifetime (`sessionMaxAgeSeconds` from the login) need a new login; a token
 * past its expiry reports TOKEN_EXPIRED so the client refreshes it.
 *
 * With `cacheSeconds` (config `sessionCacheSeconds`), a session read once is kept by this
 * process (server/session/session-cache.ts) and later requests with the same token cost no
 * statement; every check below still runs on every request against the kept dates.
 */
export async function authenticate(db: Db, token: string, options: { sessionMaxAgeSeconds?: number; cacheSeconds?: number } = {}): Promise<{ actor: Actor | null; failure: AuthFailure | null }> {
  if (token.length > 200) return { actor: null, failure: 'NEED_LOGIN' };
  const hash = hashToken(token);
  const cache = sessionCacheOf<SessionRow>(db, options.cacheSeconds ?? 0);
  let now = Date.now();
  let session = cache?.get(hash, now);
  if (!session) {
    const generation = cache?.mark() ?? 0;
    const read = await readSession(db, hash);
    if (!read) return { actor: null, failure: 'NEED_LOGIN' };
    session = read;
    now = Date.now();
    cache?.store(hash, read.userId, read, generation, now);
  }
  if (session.revokedAt || session.deactivated) return { actor: null, failure: 'NEED_LOGIN' };
  // A session past its absolute lifetime needs a new login: refreshing cannot help.
  if (options.sessionMaxAgeSeconds !== undefined && session.sessionStartedAt + options.sessionMaxAgeSeconds * 1000 <= now) return { actor: null, failure: 'NEED_LOGIN' };
  if (session.expiresAt <= now) return { actor: null, failure: 'TOKEN_EXPIRED' };
  if (session.lastActiveAt === null || now - session.lastActiveAt > ACTIVITY_WRITE_INTERVAL_MS) {
    // Conditional, so concurrent requests (on any server) write at most once a minute per user.
    const stale = new Date(now - ACTIVITY_WRITE_INTERVAL_MS);
    session.lastActiveAt = now;
    await db.user.updateMany({ where: { id: session.userId, OR: [{ lastActiveAt: null }, { lastActiveAt: { lt: stale } }] }, data: { lastActiveAt: new Date(now) } }).catch(() => {});
  }
  // A copy per request: nothing a request does to its actor reaches another one.
  const actor: Actor = { ...session.actor, roleIds: [...session.actor.roleIds], roleCodes: [...session.actor.roleCodes] };
  operationRights.set(actor, session.rights);
  if (session.managedStaff) managedStaff.set(actor, session.managedStaff);
  return { actor, failure: null };
}
