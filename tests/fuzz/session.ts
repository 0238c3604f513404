/**
 * The account a fuzz pass runs as (not a test file): its token, and a way back in when an input
 * ended its session. Inputs never name the fuzzing accounts' ids (`Protect`), but a bulk write
 * may still reach them; then the account's password and state are put back as they were and it
 * logs in again.
 */
import type pg from 'pg';

export type Account = { account: string; password: string };

export const ACCOUNTS = {
  admin: { account: 'admin', password: 'Admin#2026' },
  consultant: { account: 'consultant', password: 'Staff#2026' },
} as const satisfies Record<string, Account>;

/** The ids of the demo accounts the fuzzer runs as (kept out of generated ids). */
export async function protectedUserIds(pool: pg.Pool): Promise<number[]> {
  const { rows } = await pool.query<{ id: number }>('SELECT id FROM users WHERE account = ANY($1)', [Object.values(ACCOUNTS).map((a) => a.account)]);
  return rows.map((r) => r.id);
}

export function sessionOf(pool: pg.Pool, fetch: (r: Request) => Response | Promise<Response>, who: Account) {
  let saved: { password_hash: string; state: number } | null = null;
  let n = 0;
  const attempt = async (): Promise<string | null> => {
    n += 1;
    const res = await fetch(
      new Request('http://fuzz.local/api/token/admin/doLogin.htm', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.250.${Math.floor(n / 250) % 250}.${n % 250}` },
        body: JSON.stringify(who),
      }),
    );
    const body = (await res.json()) as { status: string; data?: { token?: string } };
    return body.status === 'success' ? (body.data?.token ?? null) : null;
  };
  return {
    async login(): Promise<string> {
      const { rows } = await pool.query<{ password_hash: string; state: number }>('SELECT password_hash, state FROM users WHERE account = $1', [who.account]);
      saved = rows[0] ?? null;
      const token = await attempt();
      if (!token) throw new Error(`fuzz: cannot log in as ${who.account}`);
      return token;
    },
    async relogin(): Promise<string> {
      const token = await attempt();
      if (token) return token;
      if (!saved) throw new Error(`fuzz: ${who.account} has no saved state`);
      await pool.query('UPDATE users SET password_hash = $2, state = $3 WHERE account = $1', [who.account, saved.password_hash, saved.state]);
      const again = await attempt();
      if (!again) throw new Error(`fuzz: ${who.account} cannot log in again`);
      return again;
    },
  };
}
