/**
 * Small helpers shared by the legacy REST suites (not a test file itself).
 */
import { createHash } from 'node:crypto';
import { expect } from 'vitest';
import { rest, uniqueAddress, type Envelope, type TestApp } from '../helpers/app.ts';

export const LOGIN = '/api/token/admin/doLogin.htm';
export const REFRESH = '/api/access/token/refresh.htm';
export const LOGOUT = '/api/admin/auth/logout';
export const CHANGE_PWD = '/api/admin/auth/account/changeCurrentPwd.htm';
export const MENU = '/api/admin/auth/right/listRightByRoleId.htm';
export const RIGHT_TREE = '/api/admin/auth/right/listRightDataByTree.htm';
export const RSA_KEY = '/api/admin/user/getPwdRsaPublicKey.htm';
export const TIME_ZONES = '/api/admin/sys/time/zone/listSysTimeZone.htm';
export const OPERATION_LOGS = '/api/admin/sys/operate/log/listSysOperateLogByPage.htm';
export const UPDATE_STATE = '/api/admin/user/updateState.htm';

export type LoginUser = {
  id: number;
  name: string;
  account: string;
  departId: number | null;
  roles: string[];
  timeZoneName: string;
  timeZoneEnName: string;
  birthday: string | null;
  language: number;
};
export type LoginData = { token: string; user: LoginUser; facePath: unknown; version: string; language: number };

export type RightJson = {
  id: number;
  key: string;
  path: string;
  name: string;
  title: string;
  titleEn: string;
  children: RightJson[];
};

export type Paged<T> = { currentPage: number; pageSize: number; rows: number; resultList: T[] };

export type LogRow = {
  id: number;
  userId: number | null;
  account: string | null;
  operation: string;
  targetIds: string[];
  outcome: string;
  errorCode: string | null;
  door: string;
  address: string | null;
  createTime: string;
};

/** Posts a login and returns the whole answer. */
export function postLogin(t: TestApp, body: unknown, address = uniqueAddress(), headers: Record<string, string> = {}) {
  return rest<LoginData>(t, LOGIN, { json: body, headers: { 'x-forwarded-for': address, ...headers } });
}

/** Logs in and returns the login data; fails the test when the login is refused. */
export async function loginData(t: TestApp, who: { account: string; password: string }, address = uniqueAddress()): Promise<LoginData> {
  const res = await postLogin(t, who, address);
  expect(res.body, `login of ${who.account}`).toMatchObject({ status: 'success' });
  return res.body.data;
}

export function tokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export async function rowCounts(t: TestApp) {
  const [tokens, users, logs, attempts] = await Promise.all([t.db.accessToken.count(), t.db.user.count(), t.db.operationLog.count(), t.db.loginAttempt.count()]);
  return { tokens, users, logs, attempts };
}

export type Snapshot = { tokens: number; users: number; attempts: number; lastLogId: bigint; userData: string };

/** What a refused request must leave untouched. */
export async function snapshot(t: TestApp): Promise<Snapshot> {
  const [counts, lastLog, users] = await Promise.all([
    rowCounts(t),
    t.db.operationLog.findFirst({ orderBy: { id: 'desc' }, select: { id: true } }),
    // What users own; last_active_at and updated_at move with every authenticated call.
    t.db.user.findMany({
      orderBy: { id: 'asc' },
      select: { id: true, account: true, passwordHash: true, name: true, state: true, language: true, timeZone: true, departmentId: true },
    }),
  ]);
  return { tokens: counts.tokens, users: counts.users, attempts: counts.attempts, lastLogId: lastLog?.id ?? 0n, userData: JSON.stringify(users) };
}

/**
 * Asserts that nothing was written since the snapshot: no token, no user change, no login
 * attempt. The operation log may only have gained FAILURE rows (a refused login is audited),
 * and those hold no oversized text.
 */
export async function expectNothingWritten(t: TestApp, before: Snapshot): Promise<void> {
  const after = await snapshot(t);
  expect({ tokens: after.tokens, users: after.users, attempts: after.attempts }).toEqual({
    tokens: before.tokens,
    users: before.users,
    attempts: before.attempts,
  });
  expect(after.userData === before.userData, 'user rows changed').toBe(true);
  const added = await t.db.operationLog.findMany({ where: { id: { gt: before.lastLogId } } });
  for (const row of added) {
    expect(row.outcome, `${row.operation} logged as ${row.outcome}`).toBe('FAILURE');
    expect(JSON.stringify({ ...row, id: String(row.id) }).length, `${row.operation} log row size`).toBeLessThan(2000);
  }
}

/** Keys of every node of a right tree. */
export function treeKeys(tree: RightJson[]): string[] {
  const out: string[] = [];
  const walk = (nodes: RightJson[]) => {
    for (const n of nodes) {
      out.push(n.key);
      walk(n.children);
    }
  };
  walk(tree);
  return out;
}

/** Wraps the base64 key of getPwdRsaPublicKey in PEM lines, as the old client's JSEncrypt does. */
export function toPem(base64: string): string {
  const lines = base64.match(/.{1,64}/g) ?? [];
  return `-----BEGIN PUBLIC KEY-----\n${lines.join('\n')}\n-----END PUBLIC KEY-----\n`;
}

/** `yyyy-MM-dd HH:mm:ss` of an instant in a zone, computed independently of the server. */
export function wallClock(date: Date, timeZone: string): string {
  return date.toLocaleString('sv-SE', { timeZone, hourCycle: 'h23' });
}

const INTERNALS: Array<[string, RegExp]> = [
  ['stack frame', /\bat\s+\S+\s+\(?[^)\s]*:\d+:\d+\)?/],
  ['source file', /\.(ts|js|mjs|cjs)\b(:\d+)?/],
  ['node_modules', /node_modules/i],
  ['prisma', /prisma/i],
  ['SQL', /\b(SELECT\s.+\sFROM|INSERT\s+INTO|UPDATE\s+\S+\s+SET|DELETE\s+FROM)\b/i],
  ['database error code', /\bP\d{4}\b|SQLSTATE|violates|constraint|relation "/i],
  ['table name', /access_tokens|operation_logs|login_attempts|password_hash|token_hash|passwordHash|tokenHash/i],
  ['error class', /\b(TypeError|RangeError|ReferenceError|SyntaxError|ZodError|DomainError|ValidationError|UnreadableRequest)\b/],
  ['validation library', /invalid_type|too_big|zod/i],
  ['stack word', /\bstack\b/i],
];

/** Asserts that an answer reveals nothing of the server's insides. */
export function expectNoInternals(text: string, what = 'answer'): void {
  for (const [name, pattern] of INTERNALS) {
    expect(pattern.test(text), `${what} reveals a ${name}: ${text.slice(0, 300)}`).toBe(false);
  }
}

/** Asserts the envelope shape: exactly status, message and data. */
export function expectEnvelope(body: Envelope<unknown>): void {
  expect(Object.keys(body).sort()).toEqual(['data', 'message', 'status']);
  expect(['success', 'needUserLogin', 'tokenExpire', 'error', 'warn']).toContain(body.status);
  expect(typeof body.message).toBe('string');
}
