/**
 * The task list makes the same small number of SQL statements whatever the page size: the
 * relations (assigner, executor, project, additions, last log line) are read in the list's
 * own statement, never once per row.
 */
import { PrismaPg } from '@prisma/adapter-pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../server/app.ts';
import { PrismaClient } from '../../../server/generated/prisma/client.ts';
import { createTestApp, loginRest, type TestApp } from '../../helpers/app.ts';
import { who } from './support.ts';

const countingDb = (url: string) => new PrismaClient({ adapter: new PrismaPg({ connectionString: url, max: 2 }), log: [{ emit: 'event', level: 'query' }] });

let t: TestApp;
let db: ReturnType<typeof countingDb>;
let app: ReturnType<typeof createApp>;
let token: string;
const statements: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  db = countingDb(t.url);
  db.$on('query', (e) => statements.push(e.query));
  app = createApp({ db, config: t.config });
  token = await loginRest(t, who('admin'));
});

afterAll(async () => {
  await db.$disconnect();
  await t.close();
});

const LIST = `query($n: Int!) { tasks(first: $n) { edges { node {
  id title state assigner { name } executor { name } project { name } additions { content } lastLog { logNote logTime }
} } } }`;

async function count(query: string, variables: Record<string, unknown> = {}): Promise<{ n: number; data: any }> {
  statements.length = 0;
  const res = await app.fetch(
    new Request('http://test.local/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-token': token, 'x-forwarded-for': '127.0.0.1' },
      body: JSON.stringify({ query, variables }),
    }),
  );
  const body = (await res.json()) as { data?: unknown; errors?: unknown };
  expect(body.errors).toBeUndefined();
  return { n: statements.length, data: body.data };
}

describe('SQL statements per task list', () => {
  it('one statement for the list and its relations, on top of authentication, for 5 or 60 rows', async () => {
    await count('{ __typename }'); // the first request of a session may refresh last-active
    const auth = (await count('{ __typename }')).n;
    const small = await count(LIST, { n: 5 });
    const large = await count(LIST, { n: 60 });
    expect(small.data.tasks.edges).toHaveLength(5);
    expect(large.data.tasks.edges).toHaveLength(60);
    expect(large.data.tasks.edges.some((e: any) => e.node.additions.length > 0)).toBe(true);
    expect(large.data.tasks.edges.every((e: any) => e.node.lastLog !== null)).toBe(true);
    expect(small.n - auth).toBe(1);
    expect(large.n - auth).toBe(1);
  });
});
