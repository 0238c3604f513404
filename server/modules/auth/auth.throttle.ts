import type { Db } from '../../db/client.ts';

/**
 * Login throttling, shared by every server through the database (docs/security.md).
 *
 * Every attempt is counted as a failure *before* its password is checked, and becomes a
 * success only when it succeeds: the check and the count are one step, serialised per account
 * and per address by advisory locks, so 40 simultaneous failures count as 40 and the 11th is
 * refused whatever the timing. The rules, from the fastest:
 *
 * - Pair: 10 failures of one account from one address within a minute refuse that account
 *   from that address until the oldest of them is a minute old. Other accounts from the same
 *   address (an office behind one proxy) and the same account from elsewhere are not touched:
 *   a stranger cannot lock an owner out.
 * - Account: 10 failures of one account within a minute (from several addresses) refuse it
 *   from the addresses that took part, and 100 refuse it from every address. In both cases an
 *   address the account logged in from successfully within 30 days still gets through.
 * - Address (slow and global): 100 failures from one address within 15 minutes, whatever the
 *   accounts, refuse that address for accounts that have not logged in from it within 30 days.
 */
export const WINDOW_SECONDS = 60;
export const MAX_FAILURES = 10;
const DISTRIBUTED_FAILURES = 100;
const ADDRESS_WINDOW_SECONDS = 15 * 60;
const ADDRESS_FAILURES = 100;
const KNOWN_DAYS = 30;

/** Advisory-lock namespaces (the first key of the two-key form). */
const LOCK_ACCOUNT = 7_315_001;
const LOCK_ADDRESS = 7_315_002;

export type ThrottleVerdict = { allowed: true; attemptId: bigint } | { allowed: false; retryAfterSeconds: number };

type Counts = {
  by_pair: bigint;
  by_account: bigint;
  by_address: bigint;
  oldest_pair: Date | null;
  oldest_account: Date | null;
  oldest_address: Date | null;
  known: boolean;
};

function retryAfter(oldest: Date | null, windowSeconds: number): number {
  const age = (Date.now() - (oldest?.getTime() ?? Date.now())) / 1000;
  return Math.max(1, Math.ceil(windowSeconds - age));
}

function verdictOf(r: Counts): { allowed: true } | { allowed: false; retryAfterSeconds: number } {
  const byPair = Number(r.by_pair);
  const byAccount = Number(r.by_account);
  if (byPair >= MAX_FAILURES) return { allowed: false, retryAfterSeconds: retryAfter(r.oldest_pair, WINDOW_SECONDS) };
  if (r.known) return { allowed: true };
  if (byAccount >= DISTRIBUTED_FAILURES || (byAccount >= MAX_FAILURES && byPair > 0)) return { allowed: false, retryAfterSeconds: retryAfter(r.oldest_account, WINDOW_SECONDS) };
  if (Number(r.by_address) >= ADDRESS_FAILURES) return { allowed: false, retryAfterSeconds: retryAfter(r.oldest_address, ADDRESS_WINDOW_SECONDS) };
  return { allowed: true };
}

/**
 * Checks the rules and, when the attempt may go ahead, records it as a failure in the same
 * short transaction (its own, before the login's write). The login marks it a success with
 * `attemptId` when the password is right.
 */
export async function reserveLoginAttempt(db: Db, account: string, address: string): Promise<ThrottleVerdict> {
  return db.$transaction(
    async (tx) => {
      // Always the account first, then the address: two logins never wait on each other in a circle.
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(${LOCK_ACCOUNT}::int, hashtext(${account}))`;
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(${LOCK_ADDRESS}::int, hashtext(${address}))`;
      const rows = await tx.$queryRaw<Counts[]>`
        SELECT
          count(*) FILTER (WHERE address = ${address} AND account = ${account} AND created_at > now() - make_interval(secs => ${WINDOW_SECONDS})) AS by_pair,
          count(*) FILTER (WHERE account = ${account} AND created_at > now() - make_interval(secs => ${WINDOW_SECONDS})) AS by_account,
          count(*) FILTER (WHERE address = ${address}) AS by_address,
          min(created_at) FILTER (WHERE address = ${address} AND account = ${account} AND created_at > now() - make_interval(secs => ${WINDOW_SECONDS})) AS oldest_pair,
          min(created_at) FILTER (WHERE account = ${account} AND created_at > now() - make_interval(secs => ${WINDOW_SECONDS})) AS oldest_account,
          min(created_at) FILTER (WHERE address = ${address}) AS oldest_address,
          EXISTS (
            SELECT 1 FROM login_attempts k
            WHERE k.account = ${account} AND k.address = ${address} AND k.success
              AND k.created_at > now() - make_interval(days => ${KNOWN_DAYS})
          ) AS known
        FROM login_attempts
        WHERE NOT success
          AND created_at > now() - make_interval(secs => ${ADDRESS_WINDOW_SECONDS})
          AND (address = ${address} OR account = ${account})`;
      const counts = rows[0];
      const verdict = counts ? verdictOf(counts) : ({ allowed: true } as const);
      if (!verdict.allowed) return verdict;
      const row = await tx.loginAttempt.create({ data: { account, address, success: false }, select: { id: true } });
      return { allowed: true as const, attemptId: row.id };
    },
    { maxWait: 10_000, timeout: 10_000 },
  );
}

/** Failures older than a day, and successes older than 30 days (what makes an address known), carry no information. */
export async function pruneLoginAttempts(db: Db): Promise<number> {
  const { count } = await db.loginAttempt.deleteMany({
    where: {
      OR: [{ success: false, createdAt: { lt: new Date(Date.now() - 86_400_000) } }, { createdAt: { lt: new Date(Date.now() - KNOWN_DAYS * 86_400_000) } }],
    },
  });
  return count;
}
