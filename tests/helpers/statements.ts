/**
 * Statement-count tests: a test app whose Prisma client records every SQL statement, and a
 * GraphQL call that answers how many statements it made. Hot paths assert that this number
 * does not grow with the number of rows.
 */
import { PrismaPg } from '@prisma/adapter-pg';
import { afterAll, beforeAll, expect } from 'vitest';
import { createApp } from '../../server/app.ts';
import { PrismaClient } from '../../server/generated/prisma/client.ts';
import { createTestApp, loginRest, type TestApp } from './app.ts';

const countingClient = (url: string) => new PrismaClient({ adapter: new PrismaPg({ connectionString: url, max: 2 }), log: [{ emit: 'event', level: 'query' }] });

export type Counted<T = any> = { n: number; data: T; statements: string[] };

export type StatementCounter = {
  /** The test database (its own client, not counted). */
  readonly t: TestApp;
  /** Runs a GraphQL document as the logged-in account; fails on GraphQL errors. */
  count<T = any>(query: string, variables?: Record<string, unknown>): Promise<Counted<T>>;
  /** Runs a legacy request (JSON POST) as the logged-in account; fails unless it succeeds. */
  countRest<T = any>(path: string, body?: Record<string, unknown>): Promise<Counted<T>>;
  /** Statements of an authenticated `{ __typename }` (after one warm-up request). */
  authStatements(): Promise<number>;
};

/**
 * Registers the file's beforeAll/afterAll: a fresh database, an app on a counting client, and a
 * login as `credentials`.
 */
export function useStatementCounter(credentials: { account: string; password: string }): StatementCounter {
  let t: TestApp;
  let db: ReturnType<typeof countingClient>;
  let app: ReturnType<typeof createApp>;
  let token: string;
  const statements: string[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    db = countingClient(t.url);
    db.$on('query', (e) => statements.push(e.query));
    app = createApp({ db, config: t.config });
    token = await loginRest(t, credentials);
  });

  afterAll(async () => {
    await db.$disconnect();
    await t.close();
  });

  const counter: StatementCounter = {
    get t() {
      return t;
    },
    async count(query, variables = {}) {
      statements.length = 0;
      const res = await app.fetch(
        new Request('http://test.local/graphql', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-token': token, 'x-forwarded-for': '127.0.0.1' },
          body: JSON.stringify({ query, variables }),
        }),
      );
      const body = (await res.json()) as { data?: any; errors?: unknown };
      expect(body.errors).toBeUndefined();
      if (process.env.PRINT_STATEMENTS) console.log(statements.map((q, i) => `${i + 1}: ${q.slice(0, 160)}`).join('\n'));
      return { n: statements.length, data: body.data, statements: [...statements] };
    },
    async countRest(path, body = {}) {
      statements.length = 0;
      const res = await app.fetch(
        new Request(`http://test.local${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-token': token, 'x-origin': 'PC', 'x-forwarded-for': '127.0.0.1' },
          body: JSON.stringify(body),
        }),
      );
      const answer = (await res.json()) as { status: string; message: string; data: any };
      expect(answer.message).toBe('');
      expect(answer.status).toBe('success');
      return { n: statements.length, data: answer.data, statements: [...statements] };
    },
    async authStatements() {
      await counter.count('{ __typename }'); // the first request of a session may refresh last-active
      return (await counter.count('{ __typename }')).n;
    },
  };
  return counter;
}
