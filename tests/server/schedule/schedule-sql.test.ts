/**
 * Creating a recurring series makes the same small number of SQL statements whatever the
 * number of occurrences: the checks (participants, conflicts), the series row, every
 * occurrence in one insert and every participant row in one more.
 */
import { PrismaPg } from '@prisma/adapter-pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../server/app.ts';
import { PrismaClient } from '../../../server/generated/prisma/client.ts';
import { createTestApp, DEMO, loginRest, type TestApp } from '../../helpers/app.ts';
import { gid, userId } from './support.ts';

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
  token = await loginRest(t, DEMO.manager);
});

afterAll(async () => {
  await db.$disconnect();
  await t.close();
});

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

const CREATE = `mutation($input: CreateWorkEventInput!) { createWorkEvent(input: $input) { __typename ... on Error { code message } } }`;

describe('SQL statements per schedule write', () => {
  it('creating a series makes the same few statements for 3 or 300 occurrences', async () => {
    await count('{ __typename }'); // the first request of a session may refresh last-active
    const auth = (await count('{ __typename }')).n;
    const people = [gid('User', await userId(t, 'manager')), gid('User', await userId(t, 'lecturer')), gid('User', await userId(t, 'sales'))];
    // Far in the future and at night, so that no seeded or other test's event clashes.
    const series = (title: string, count: number, hour: number) => ({
      title,
      startAt: `2031-03-03T${String(hour).padStart(2, '0')}:00:00Z`,
      endAt: `2031-03-03T${String(hour).padStart(2, '0')}:30:00Z`,
      timeZone: 'UTC',
      participantIds: people,
      recurrence: { freq: 'DAILY', count },
    });
    const small = await count(CREATE, { input: series('sql: short series', 3, 1) });
    const large = await count(CREATE, { input: series('sql: long series', 300, 2) });
    expect(small.data.createWorkEvent.__typename).toBe('WorkEventSavePayload');
    expect(large.data.createWorkEvent.__typename).toBe('WorkEventSavePayload');
    expect(await t.db.workEvent.count({ where: { title: 'sql: long series' } })).toBe(300);
    expect(small.n - auth).toBe(large.n - auth);
    // Participants known, the conflict check (one statement for every occurrence), the series,
    // the occurrences, their participants, the operation log, COMMIT.
    expect(large.n - auth).toBe(7);
  });
});
