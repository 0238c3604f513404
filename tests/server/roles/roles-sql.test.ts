/**
 * Saving a role's rights makes the same small number of SQL statements whatever the number
 * of rights: the right tree is read once, the role's rights replaced by one delete and one
 * insert of all rows, never one statement per right.
 */
import { PrismaPg } from '@prisma/adapter-pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../server/app.ts';
import { PrismaClient } from '../../../server/generated/prisma/client.ts';
import { createTestApp, DEMO, loginRest, type TestApp } from '../../helpers/app.ts';
import { globalId } from '../support.ts';

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
  token = await loginRest(t, DEMO.admin);
});

afterAll(async () => {
  await db.$disconnect();
  await t.close();
});

const SAVE = `mutation($i: SaveRoleRightsInput!) { saveRoleRights(input: $i) {
  __typename ... on SaveRoleRightsPayload { role { rightIds } } ... on Error { code }
} }`;

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

describe("SQL statements per saving of a role's rights", () => {
  it('the same count for 2 or 40 rights', async () => {
    const role = await t.db.role.create({ data: { name: '统计角色', code: `sql.count.${Date.now().toString(36)}` } });
    const leaves = await t.db.right.findMany({ where: { showType: 1, children: { none: {} } }, select: { id: true }, orderBy: { id: 'asc' }, take: 40 });
    expect(leaves.length).toBe(40);
    const save = (rightIds: number[]) => count(SAVE, { i: { roleId: globalId('Role', role.id), rightIds, display: 'PC' } });
    await count('{ __typename }'); // the first request of a session may refresh last-active
    const auth = (await count('{ __typename }')).n;
    const few = await save(leaves.slice(0, 2).map((r) => r.id));
    const many = await save(leaves.map((r) => r.id));
    expect(few.data.saveRoleRights.__typename).toBe('SaveRoleRightsPayload');
    expect(many.data.saveRoleRights.role.rightIds.length).toBeGreaterThanOrEqual(40);
    expect(many.n).toBe(few.n);
    expect(few.n - auth).toBeLessThanOrEqual(8); // measured: 8 (the write, its log row, the payload's role)
  });
});
