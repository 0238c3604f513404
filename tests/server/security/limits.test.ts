/**
 * One request cannot stall the server (issue 15): every list and page size is capped, on both
 * doors, and a request over a cap is refused at once, before any SQL statement runs, with a
 * translated message (docs/security.md).
 */
import { PrismaPg } from '@prisma/adapter-pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../server/app.ts';
import { PrismaClient } from '../../../server/generated/prisma/client.ts';
import { GRAPHQL_LIMITS } from '../../../server/graphql/limits.ts';
import { createTestApp, DEMO, loginRest, rest, type TestApp } from '../../helpers/app.ts';
import { expectNoInternals, globalId } from '../support.ts';

const countingClient = (url: string) => new PrismaClient({ adapter: new PrismaPg({ connectionString: url, max: 2 }), log: [{ emit: 'event', level: 'query' }] });

let t: TestApp;
let counting: ReturnType<typeof countingClient>;
let app: ReturnType<typeof createApp>;
const statements: string[] = [];
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  counting = countingClient(t.url);
  counting.$on('query', (e) => statements.push(e.query));
  app = createApp({ db: counting, config: t.config });
  admin = await loginRest(t, DEMO.admin);
});

afterAll(async () => {
  await counting?.$disconnect();
  await t?.close();
});

type Answer = { status: number; body: { data?: Record<string, unknown> | null; errors?: Array<{ message: string; extensions?: { code?: string } }> }; statements: number; ms: number };

/** A GraphQL request on the counting app: the answer and how many SQL statements it caused. */
async function post(query: string, variables: Record<string, unknown> = {}, headers: Record<string, string> = {}): Promise<Answer> {
  statements.length = 0;
  const started = Date.now();
  const res = await app.fetch(
    new Request('http://test.local/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-token': admin, 'x-forwarded-for': '127.0.0.1', ...headers },
      body: JSON.stringify({ query, variables }),
    }),
  );
  const body = (await res.json()) as Answer['body'];
  return { status: res.status, body, statements: statements.length, ms: Date.now() - started };
}

async function legacy(path: string, json: unknown): Promise<{ status: number; body: { status: string; message: string; data: unknown }; statements: number }> {
  statements.length = 0;
  const res = await app.fetch(new Request(`http://test.local${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-token': admin, 'x-forwarded-for': '127.0.0.1' }, body: JSON.stringify(json) }));
  return { status: res.status, body: (await res.json()) as { status: string; message: string; data: unknown }, statements: statements.length };
}

function refused(a: Answer, code: string, message: string): void {
  expect(a.status, JSON.stringify(a.body)).toBe(400);
  expect(a.body.data ?? null).toBeNull();
  expect(a.body.errors?.map((e) => e.extensions?.code)).toEqual([code]);
  expect(a.body.errors?.[0]?.message).toBe(message);
  // Refused before anything ran: not even the token was looked up.
  expect(a.statements).toBe(0);
  expectNoInternals(JSON.stringify(a.body));
}

describe('GraphQL: lists and pages are capped before any database work', () => {
  it('refuses nodes(ids:) with more than 100 ids, sent as a variable or in the document', async () => {
    const ids = Array.from({ length: 5000 }, (_, i) => globalId('User', i + 1));
    // 5000 ids (7.7 s and a stalled /healthz before): over every list limit, refused on reading.
    const big = await post('query($ids: [ID!]!) { nodes(ids: $ids) { id } }', { ids });
    refused(big, 'LIST_TOO_LONG', '列表过长：ids最多1000项');
    expect(big.ms).toBeLessThan(2000);
    refused(await post('query($ids: [ID!]!) { nodes(ids: $ids) { id } }', { ids: ids.slice(0, 150) }), 'LIST_TOO_LONG', '列表过长：ids最多100项');
    const literal = await post(`{ nodes(ids: [${ids.slice(0, 101).map((id) => `"${id}"`)}]) { id } }`, {}, { cookie: 'lang=en' });
    refused(literal, 'LIST_TOO_LONG', 'List too long: ids takes at most 100 items');

    // A hundred ids, a Relay refetch of a page, are answered.
    const page = await post('query($ids: [ID!]!) { nodes(ids: $ids) { id } }', { ids: ids.slice(0, GRAPHQL_LIMITS.maxNodeIds) });
    expect(page.body.errors).toBeUndefined();
    expect((page.body.data?.nodes as unknown[]).length).toBe(100);
  });

  it('refuses any list over 1000 items in the variables, however deep, and changes nothing', async () => {
    const before = await t.db.user.count();
    const userIds = Array.from({ length: 1001 }, (_, i) => globalId('User', 900_000 + i));
    refused(await post('mutation($input: DeleteUsersInput!) { deleteUsers(input: $input) { __typename } }', { input: { userIds } }), 'LIST_TOO_LONG', '列表过长：input.userIds最多1000项');
    const items = Array.from({ length: 1001 }, (_, i) => ({ userId: globalId('User', 1), sort: i }));
    refused(await post('mutation($input: SaveStaffSortInput!) { saveStaffSort(input: $input) { __typename } }', { input: { items } }), 'LIST_TOO_LONG', '列表过长：input.items最多1000项');
    expect(await t.db.user.count()).toBe(before);
  });

  it('counts a page size given as a variable like the same number written in the document', async () => {
    const wide = 'edges { cursor node { id databaseId account name nameEn email mobile code gender language state sendMail isMatch } }';
    // first: 5000 is over the page limit, as a literal, a variable or a variable's default.
    refused(await post(`{ users(first: 5000) { ${wide} } }`), 'PAGE_TOO_LARGE', '每页条数过大：first最多1000');
    refused(await post(`query($n: Int) { users(first: $n) { ${wide} } }`, { n: 5000 }), 'PAGE_TOO_LARGE', '每页条数过大：first最多1000');
    refused(await post(`query($n: Int = 5000) { users(last: $n) { ${wide} } }`), 'PAGE_TOO_LARGE', '每页条数过大：last最多1000');
    // Within the page limit, nested pages multiply: the cost counts the variables' sizes.
    const nested = 'query($n: Int, $m: Int) { projects(first: $n) { edges { node { id name members(first: $m) { edges { node { id } } } } } } }';
    const costly = await post(nested, { n: 200, m: 200 });
    expect(costly.body.errors?.[0]?.extensions?.code).toBe('QUERY_TOO_COSTLY');
    expect(costly.body.errors?.[0]?.message).toMatch(/^查询过于复杂（代价\d+，上限200000）/);
    expect(costly.statements).toBe(0);
    // The same documents with the pages the client asks for are answered.
    const fine = await post(`query($n: Int) { users(first: $n) { ${wide} } }`, { n: 20 });
    expect(fine.body.errors).toBeUndefined();
    expect((fine.body.data?.users as { edges: unknown[] }).edges.length).toBe(20);
    expect((await post(nested, { n: 20, m: 20 })).body.errors).toBeUndefined();
  });

  it('refuses a JSON body over 8 MB, declared or streamed (413)', async () => {
    const res = await app.fetch(
      new Request('http://test.local/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': String(9 * 1024 * 1024), 'x-token': admin },
        body: 'x'.repeat(16),
      }),
    );
    expect(res.status).toBe(413);
    expect(((await res.json()) as { errors: Array<{ message: string }> }).errors[0]?.message).toBe('请求内容过大');
    // Without a declared length the body is counted as it streams and cut off past the limit.
    const chunk = new TextEncoder().encode('x'.repeat(1024 * 1024));
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 9) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const streamed = await app.fetch(new Request('http://test.local/graphql', { method: 'POST', headers: { 'content-type': 'application/json', 'x-token': admin }, body, duplex: 'half' } as RequestInit));
    expect(streamed.status).toBe(413);
    expect(((await streamed.json()) as { errors: Array<{ message: string }> }).errors[0]?.message).toBe('请求内容过大');
  });
});

describe('legacy door: id lists, batch rows and page sizes are capped', () => {
  it('refuses more than 1000 ids, as a JSON array or a comma text, with HTTP 400 and nothing done', async () => {
    const before = await t.db.user.count();
    const array = await legacy('/api/admin/user/del.htm', { ids: Array.from({ length: 1001 }, (_, i) => 900_000 + i) });
    expect(array.status).toBe(400);
    expect(array.body).toMatchObject({ status: 'error', message: '列表过长：ids最多1000项' });
    expect(array.statements).toBe(1); // the token lookup only
    const text = await legacy('/api/admin/user/del.htm', { ids: Array.from({ length: 5000 }, (_, i) => 900_000 + i).join(',') });
    expect(text.status).toBe(400);
    expect(text.body.message).toBe('列表过长：ids最多1000项');
    expect(await t.db.user.count()).toBe(before);
  });

  it('refuses batch rows over 1000', async () => {
    const rows = await legacy('/api/admin/user/custom/saveSort.htm', { list: Array.from({ length: 1001 }, (_, i) => ({ id: 1, sort: i })) });
    expect(rows.status).toBe(400);
    expect(rows.body).toMatchObject({ status: 'error', message: '列表过长：list最多1000项' });
  });

  it('reads at most 1000 rows a page, whatever page size is asked; the project list’s 8388607 still means all', async () => {
    const userId = (await t.db.user.findUniqueOrThrow({ where: { account: 'admin' } })).id;
    await t.db.operationLog.createMany({ data: Array.from({ length: 1100 }, (_, i) => ({ userId, account: 'admin', operation: `bulk.${i}`, outcome: 'SUCCESS', door: 'REST', targetIds: [] })) });
    const total = await t.db.operationLog.count();
    const page = await legacy('/api/admin/sys/operate/log/listSysOperateLogByPage.htm', { pageResult: { currentPage: 1, pageSize: 5000 } });
    expect(page.body.status, page.body.message).toBe('success');
    const data = page.body.data as { rows: number; resultList: unknown[] };
    expect(data.resultList.length).toBe(1000);
    expect(data.rows).toBeGreaterThanOrEqual(total);

    const projects = await rest<{ pageSize: number; rows: number; resultList: unknown[] }>(t, '/api/admin/project/list.htm', { json: { pageResult: { currentPage: 1, pageSize: 8388607 } }, token: admin });
    expect(projects.body.data.pageSize).toBe(8388607);
    expect(projects.body.data.resultList.length).toBe(projects.body.data.rows);
  });
});
