import type { Db } from '../../db/client.ts';

/**
 * Login throttling, shared by every server through the database.
 *
 * - Per address: after 10 failures from one address within a minute, the 11th attempt from
 *   that address is refused, whatever the account.
 * - Per account: after 10 failures on one account within a minute, further attempts on that
 *   account are refused from every address that took part in the failures. An address with
 *   no recent failure on the account (the real owner elsewhere) may still log in. Should the
 *   failures come from very many addresses (100 within a minute), only addresses where the
 *   account logged in successfully in the last 30 days are still let through.
 */
export const WINDOW_SECONDS = 60;
export const MAX_FAILURES = 10;
const DISTRIBUTED_FAILURES = 100;

export type ThrottleVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export async function checkLoginThrottle(db: Db, account: string, address: string): Promise<ThrottleVerdict> {
  const rows = await db.$queryRaw<Array<{ by_address: bigint; by_pair: bigint; by_account: bigint; oldest_address: Date | null; oldest_account: Date | null; known: boolean }>>`
    SELECT
      count(*) FILTER (WHERE address = ${address}) AS by_address,
      count(*) FILTER (WHERE address = ${address} AND account = ${account}) AS by_pair,
      count(*) FILTER (WHERE account = ${account}) AS by_account,
      min(created_at) FILTER (WHERE address = ${address}) AS oldest_address,
      min(created_at) FILTER (WHERE account = ${account}) AS oldest_account,
      EXISTS (
        SELECT 1 FROM login_attempts k
        WHERE k.account = ${account} AND k.address = ${address} AND k.success
          AND k.created_at > now() - interval '30 days'
      ) AS known
    FROM login_attempts
    WHERE NOT success
      AND created_at > now() - make_interval(secs => ${WINDOW_SECONDS})
      AND (address = ${address} OR account = ${account})`;
  const r = rows[0];
  if (!r) return { allowed: true };
  const retry = (oldest: Date | null) => Math.max(1, Math.ceil(WINDOW_SECONDS - (Date.now() - (oldest?.getTime() ?? Date.now())) / 1000));
  if (Number(r.by_address) >= MAX_FAILURES) return { allowed: false, retryAfterSeconds: retry(r.oldest_address) };
  const byAccount = Number(r.by_account);
  if (byAccount >= MAX_FAILURES && Number(r.by_pair) > 0) return { allowed: false, retryAfterSeconds: retry(r.oldest_account) };
  if (byAccount >= DISTRIBUTED_FAILURES && !r.known) return { allowed: false, retryAfterSeconds: retry(r.oldest_account) };
  return { allowed: true };
}

export async function recordLoginAttempt(db: Db, account: string, address: string, success: boolean): Promise<void> {
  await db.loginAttempt.create({ data: { account, address, success } });
}

/** Attempts older than a day carry no information for throttling. */
export async function pruneLoginAttempts(db: Db): Promise<number> {
  const { count } = await db.loginAttempt.deleteMany({ where: { createdAt: { lt: new Date(Date.now() - 86_400_000) } } });
  return count;
}
