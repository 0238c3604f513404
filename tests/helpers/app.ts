/**
 * A fresh database per test file, cloned from the migrated and seeded template, and the
 * app built on it. Requests go through `app.fetch`: no port, the real server code.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { createApp } from '../../server/app.ts';
import { loadConfig, type Config } from '../../server/config.ts';
import { createDb, type Db } from '../../server/db/client.ts';
import type { Actor } from '../../server/context.ts';
import { authenticate } from '../../server/session/session.ts';
import { startJobQueue, type JobQueue } from '../../server/jobs/queue.ts';

export type TestApp = {
  app: ReturnType<typeof createApp>;
  db: Db;
  url: string;
  config: Config;
  /** Starts this app's job-queue runner (exports), as `npm start` does; `close` stops it. */
  startJobs: () => Promise<JobQueue>;
  close: () => Promise<void>;
};

export const DEMO = {
  admin: { account: 'admin', password: 'Admin#2026' },
  manager: { account: 'manager', password: 'Staff#2026' },
  consultant: { account: 'consultant', password: 'Staff#2026' },
  lecturer: { account: 'lecturer', password: 'Staff#2026' },
  sales: { account: 'sales', password: 'Staff#2026' },
  partner: { account: 'partner', password: 'Staff#2026' },
} as const;

/** The demo family's accounts (a parent and their child), beside the staff of DEMO. */
export const DEMO_FAMILY = {
  parent: { account: 'parent.demo', password: 'Staff#2026' },
  student: { account: 'student.demo', password: 'Staff#2026' },
} as const;

/** A database name of this run's, unique per call (dropped by the TestApp's close). */
export function testDatabase(label = ''): { name: string; url: string; adminUrl: string } {
  const adminUrl = inject('pgAdminUrl');
  const name = `${inject('templateDatabase').replace('bo_template_', 'bo_test_')}${label ? `_${label}` : ''}_${randomBytes(4).toString('hex')}`;
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return { name, url: u.toString(), adminUrl };
}

/** The app on an existing test database; `close` disconnects and drops the database. */
export function appOn(database: { name: string; url: string; adminUrl: string }, overrides: Partial<Config> = {}, db: Db = createDb(database.url, { max: 5 })): TestApp {
  // The session cache is off unless a test turns it on (tests/server/security/session-cache.test.ts):
  // many tests change a session's rows directly and read it back at once, which a cache only
  // learns of through a notification a few milliseconds later.
  const config: Config = { ...loadConfig({}), trustProxy: true, sessionCacheSeconds: 0, ...overrides };
  let jobs: Promise<JobQueue> | null = null;
  return {
    app: createApp({ db, config }),
    db,
    url: database.url,
    config,
    startJobs: () => (jobs ??= startJobQueue(database.url, { db, config }, { pollInterval: 500 })),
    close: async () => {
      if (jobs) await (await jobs).stop();
      await db.$disconnect();
      const c = new pg.Client({ connectionString: database.adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${c.escapeIdentifier(database.name)} WITH (FORCE)`).finally(() => c.end());
    },
  };
}

export async function createTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const database = testDatabase();
  const admin = new pg.Client({ connectionString: database.adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${admin.escapeIdentifier(database.name)} TEMPLATE ${admin.escapeIdentifier(inject('templateDatabase'))}`);
  } finally {
    await admin.end();
  }
  return appOn(database, overrides);
}

type Headers = Record<string, string>;

let addressCounter = 0;
/** A distinct client address per call site, so throttling tests do not leak into others. */
export function uniqueAddress(): string {
  addressCounter += 1;
  return `10.${process.pid % 250}.${Math.floor(addressCounter / 250)}.${addressCounter % 250}`;
}

export type GqlResult<T = Record<string, unknown>> = {
  data?: T;
  errors?: Array<{ message: string; extensions?: { code?: string } }>;
};

export async function gql<T = Record<string, unknown>>(
  t: TestApp,
  query: string,
  variables: Record<string, unknown> = {},
  options: { token?: string; headers?: Headers } = {},
): Promise<{ status: number; body: GqlResult<T> }> {
  const res = await t.app.fetch(
    new Request('http://test.local/graphql', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-forwarded-for': '127.0.0.1',
        ...(options.token ? { 'x-token': options.token } : {}),
        ...options.headers,
      },
      body: JSON.stringify({ query, variables }),
    }),
  );
  return { status: res.status, body: (await res.json()) as GqlResult<T> };
}

export type Envelope<T = unknown> = { status: string; message: string; data: T };

export async function rest<T = unknown>(
  t: TestApp,
  path: string,
  options: {
    method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
    json?: unknown;
    form?: Record<string, string>;
    text?: string;
    raw?: BodyInit;
    contentType?: string;
    token?: string;
    headers?: Headers;
  } = {},
): Promise<{ status: number; body: Envelope<T>; response: Response }> {
  const headers: Headers = { 'x-forwarded-for': '127.0.0.1', 'x-origin': 'PC', ...options.headers };
  if (options.token) headers['x-token'] = options.token;
  let body: BodyInit | undefined;
  if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    headers['content-type'] = 'application/json';
  } else if (options.form) {
    body = new URLSearchParams(options.form).toString();
    headers['content-type'] = 'application/x-www-form-urlencoded';
  } else if (options.text !== undefined) {
    body = options.text;
    headers['content-type'] = 'text/plain';
  } else if (options.raw !== undefined) {
    body = options.raw;
    if (options.contentType) headers['content-type'] = options.contentType;
  }
  const method = options.method ?? (body === undefined ? 'GET' : 'POST');
  const response = await t.app.fetch(new Request(`http://test.local${path}`, { method, headers, body }));
  const text = await response.clone().text();
  let parsed: Envelope<T>;
  try {
    parsed = JSON.parse(text) as Envelope<T>;
  } catch {
    parsed = { status: 'not-json', message: text.slice(0, 200), data: null as T };
  }
  return { status: response.status, body: parsed, response };
}

/** Logs in through the legacy door and returns the token. */
export async function loginRest(t: TestApp, who: { account: string; password: string }, address = uniqueAddress()): Promise<string> {
  const res = await rest<{ token: string }>(t, '/api/token/admin/doLogin.htm', {
    json: who,
    headers: { 'x-forwarded-for': address },
  });
  if (res.body.status !== 'success') throw new Error(`login failed for ${who.account}: ${res.body.message}`);
  return res.body.data.token;
}

/** Logs in through GraphQL and returns the token. */
export async function loginGql(t: TestApp, who: { account: string; password: string }, address = uniqueAddress()): Promise<string> {
  const res = await gql<{ login: { __typename: string; token?: string; message?: string } }>(
    t,
    'mutation($input: LoginInput!) { login(input: $input) { __typename ... on TokenPayload { token } ... on Error { message } } }',
    { input: who },
    { headers: { 'x-forwarded-for': address } },
  );
  const token = res.body.data?.login.token;
  if (!token) throw new Error(`login failed for ${who.account}: ${JSON.stringify(res.body)}`);
  return token;
}

/** Logs each account in through GraphQL and returns its actor, by account name. */
export async function signedInActors(t: TestApp, accounts: ReadonlyArray<{ account: string; password: string }>): Promise<Map<string, Actor>> {
  const actors = new Map<string, Actor>();
  for (const who of accounts) {
    const { actor } = await authenticate(t.db, await loginGql(t, who));
    if (!actor) throw new Error(`no actor for ${who.account}`);
    actors.set(who.account, actor);
  }
  return actors;
}
