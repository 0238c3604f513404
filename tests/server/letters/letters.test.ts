import { serve, type ServerType } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createApp } from '../../../server/app.ts';
import { createDb, type Db } from '../../../server/db/client.ts';
import { createTestApp, DEMO, gql, loginGql, loginRest, rest, type TestApp } from '../../helpers/app.ts';
import { globalId, userId } from '../support.ts';
import { subscribeSse } from './sse.ts';

let t: TestApp;
let tokens: Record<'admin' | 'consultant' | 'sales' | 'manager', string>;
let ids: Record<'admin' | 'consultant' | 'sales' | 'manager', number>;

beforeAll(async () => {
  t = await createTestApp();
  tokens = {
    admin: await loginRest(t, DEMO.admin),
    consultant: await loginRest(t, DEMO.consultant),
    sales: await loginRest(t, DEMO.sales),
    manager: await loginRest(t, DEMO.manager),
  };
  ids = {
    admin: await userId(t, 'admin'),
    consultant: await userId(t, 'consultant'),
    sales: await userId(t, 'sales'),
    manager: await userId(t, 'manager'),
  };
});
afterAll(async () => {
  await t.close();
});

const SEND = `mutation($input: SendLetterInput!) { sendLetter(input: $input) {
  __typename ... on SendLetterPayload { letterDatabaseId recipientCount } ... on Error { code message } } }`;

async function send(from: string, to: number[], title = 'Hello', content = '<p>Body</p>') {
  const res = await gql<{ sendLetter: { __typename: string; letterDatabaseId?: number; code?: string; message?: string } }>(
    t,
    SEND,
    { input: { recipientIds: to.map((id) => globalId('User', id)), title, content } },
    { token: from },
  );
  expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
  return res.body.data!.sendLetter;
}

type LetterRow = { id: number; title: string; readState: number; senderName: string };
async function myLetters(token: string, condition: Record<string, unknown> = {}) {
  const res = await rest<{ rows: number; resultList: LetterRow[]; unreadMessageCount: number }>(t, '/api/admin/sns/letter/listMyLetterByPage.htm', {
    json: { pageResult: { currentPage: 1, pageSize: 100 }, condition },
    token,
  });
  expect(res.body.status).toBe('success');
  return res.body.data;
}

describe('letters', () => {
  test('a sent letter arrives unread, is listed by read state, and opening it marks it read', async () => {
    const before = await myLetters(tokens.consultant);
    const sent = await send(tokens.admin, [ids.consultant], 'Quarterly review', '<p>See you <b>Monday</b><script>alert(1)</script></p>');
    expect(sent.__typename).toBe('SendLetterPayload');
    const after = await myLetters(tokens.consultant);
    expect(after.unreadMessageCount).toBe(before.unreadMessageCount + 1);
    const unread = await myLetters(tokens.consultant, { readState: 0 });
    const letter = unread.resultList.find((l) => l.title === 'Quarterly review')!;
    expect(letter).toMatchObject({ readState: 0, senderName: expect.any(String) });
    expect(unread.resultList.every((l) => l.readState === 0)).toBe(true);

    const detail = await rest<{ content: string; readState: number }>(t, '/api/admin/sns/letter/detail.htm', { json: { id: letter.id }, token: tokens.consultant });
    expect(detail.body.status).toBe('success');
    expect(detail.body.data.content).toBe('<p>See you <b>Monday</b></p>');
    expect(detail.body.data.readState).toBe(1);
    const read = await myLetters(tokens.consultant, { readState: 1 });
    expect(read.resultList.map((l) => l.id)).toContain(letter.id);
    expect((await myLetters(tokens.consultant)).unreadMessageCount).toBe(before.unreadMessageCount);

    // Back to unread, through the legacy call.
    const upd = await rest(t, '/api/admin/sns/letter/updateMyLetterByReadState.htm', { json: { ids: [letter.id], readState: 0 }, token: tokens.consultant });
    expect(upd.body.status).toBe('success');
    expect((await myLetters(tokens.consultant)).unreadMessageCount).toBe(before.unreadMessageCount + 1);
  });

  test("nobody reads or changes another person's letters, on either door, administrators included", async () => {
    await send(tokens.manager, [ids.sales], 'For sales only', '<p>secret</p>');
    const salesLetter = (await myLetters(tokens.sales)).resultList.find((l) => l.title === 'For sales only')!;
    const state = async () => (await t.db.letterDelivery.findUniqueOrThrow({ where: { id: salesLetter.id } })).readState;

    for (const who of ['consultant', 'admin', 'manager'] as const) {
      const detail = await rest(t, '/api/admin/sns/letter/detail.htm', { json: { id: salesLetter.id }, token: tokens[who] });
      expect(detail.body.status, who).toBe('error');
      expect(JSON.stringify(detail.body)).not.toContain('secret');
      const upd = await rest(t, '/api/admin/sns/letter/updateMyLetterByReadState.htm', { json: { ids: [salesLetter.id], readState: 1 }, token: tokens[who] });
      expect(upd.body.status, who).toBe('error');
      const list = await myLetters(tokens[who]);
      expect(list.resultList.map((l) => l.id)).not.toContain(salesLetter.id);

      const gqlToken = tokens[who];
      const node = await gql<{ node: unknown }>(t, 'query($id: ID!) { node(id: $id) { ... on Letter { title content } } }', { id: globalId('Letter', salesLetter.id) }, { token: gqlToken });
      expect(node.body.data?.node ?? null, who).toBeNull();
      expect(JSON.stringify(node.body)).not.toContain('secret');
      const mark = await gql<{ markLetterRead: { __typename: string; code?: string } }>(
        t,
        'mutation($input: LetterIdsInput!) { markLetterRead(input: $input) { __typename ... on Error { code } } }',
        { input: { letterIds: [globalId('Letter', salesLetter.id)] } },
        { token: gqlToken },
      );
      expect(mark.body.data?.markLetterRead).toEqual({ __typename: 'RuleError', code: 'NOT_FOUND' });
    }
    expect(await state()).toBe(0);
    // The owner reaches it.
    const own = await gql<{ node: { title: string } }>(t, 'query($id: ID!) { node(id: $id) { ... on Letter { title } } }', { id: globalId('Letter', salesLetter.id) }, { token: tokens.sales });
    expect(own.body.data?.node.title).toBe('For sales only');
  });

  test('bad input on sending changes nothing and says what is wrong', async () => {
    const count = await t.db.letter.count();
    const cases: Array<[number[], string, string, string]> = [
      [[], 'T', '<p>x</p>', '请选择收件人'],
      [[ids.sales], '', '<p>x</p>', '请填写标题'],
      [[ids.sales], 'T', '', '请输入内容。'],
      [[ids.sales], 'T', '<script>only()</script>', '请输入内容。'],
      [[ids.sales], 'x'.repeat(101), '<p>x</p>', '不能超过100个字符'],
      [[ids.sales], 'T', `<p>${'字'.repeat(10_001)}</p>`, '内容不能超过10000个字符'],
      [[999_999], 'T', '<p>x</p>', '收件人不存在或不可选择'],
    ];
    for (const [to, title, content, message] of cases) {
      const res = await rest(t, '/api/admin/sns/letter/send.htm', { json: { recipientIds: to, title, content }, token: tokens.admin });
      expect(res.body.status, message).toBe('error');
      expect(res.body.message).toContain(message);
    }
    const wrongType = await rest(t, '/api/admin/sns/letter/send.htm', { json: { recipientIds: [ids.sales], title: 5, content: 'x' }, token: tokens.admin });
    expect(wrongType.status).toBe(400);
    expect(await t.db.letter.count()).toBe(count);
    // A student can receive but not send.
    const student = await loginRest(t, { account: 'student.demo', password: 'Staff#2026' });
    const refused = await rest(t, '/api/admin/sns/letter/send.htm', { json: { recipientIds: [ids.sales], title: 'T', content: '<p>x</p>' }, token: student });
    expect(refused.body).toMatchObject({ status: 'error', message: '没有权限执行该操作' });
    expect(await t.db.letter.count()).toBe(count);
  });
});

describe('unread count over server-sent events', () => {
  let serverA: ServerType;
  let serverB: ServerType;
  let dbB: Db;
  let urlA: string;
  let urlB: string;

  const listen = (fetchFn: (r: Request) => Response | Promise<Response>) =>
    new Promise<{ server: ServerType; url: string }>((resolve) => {
      const server = serve({ fetch: fetchFn, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => resolve({ server, url: `http://127.0.0.1:${info.port}/graphql` }));
    });

  beforeAll(async () => {
    // Two servers on one database, each with its own Prisma client and LISTEN connection.
    ({ server: serverA, url: urlA } = await listen(t.app.fetch));
    dbB = createDb(t.url, { max: 3 });
    const appB = createApp({ db: dbB, config: t.config });
    ({ server: serverB, url: urlB } = await listen(appB.fetch));
  });
  afterAll(async () => {
    serverA.close();
    serverB.close();
    await dbB.$disconnect();
  });

  async function listeners(): Promise<number> {
    const c = new pg.Client({ connectionString: t.url });
    await c.connect();
    try {
      const r = await c.query("SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = 'back-office letter events' AND datname = current_database()");
      return r.rows[0].n as number;
    } finally {
      await c.end();
    }
  }

  test('the badge follows letters sent through another server process, and reads', async () => {
    const token = await loginGql(t, DEMO.lecturer);
    const lecturerId = await userId(t, 'lecturer');
    const stream = await subscribeSse(urlA, 'subscription { unreadLetterCount }', token);
    expect(stream.status).toBe(200);
    expect(stream.contentType).toContain('text/event-stream');
    const initial = (await stream.next()).data!.unreadLetterCount as number;
    expect(initial).toBe(await t.db.letterDelivery.count({ where: { recipientId: lecturerId, readState: 0 } }));

    // Sent on server B: reaches server A's subscriber through PostgreSQL.
    const sendRes = await fetch(urlB, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-token': tokens.manager },
      body: JSON.stringify({ query: SEND, variables: { input: { recipientIds: [globalId('User', lecturerId)], title: 'Live', content: '<p>now</p>' } } }),
    });
    expect(((await sendRes.json()) as { data: { sendLetter: { __typename: string } } }).data.sendLetter.__typename).toBe('SendLetterPayload');
    expect((await stream.next()).data!.unreadLetterCount).toBe(initial + 1);

    // A letter to someone else does not wake this stream with a new value.
    await send(tokens.admin, [ids.sales], 'Not for the lecturer');
    const delivery = await t.db.letterDelivery.findFirstOrThrow({ where: { recipientId: lecturerId, letter: { title: 'Live' } } });
    // Reading it on the legacy door brings the badge down.
    const read = await rest(t, '/api/admin/sns/letter/detail.htm', { json: { id: delivery.id }, token });
    expect(read.body.status).toBe('success');
    expect((await stream.next()).data!.unreadLetterCount).toBe(initial);

    expect(await listeners()).toBeGreaterThanOrEqual(1);
    stream.close();
    // The last subscriber gone, the LISTEN connection closes.
    const deadline = Date.now() + 5000;
    while ((await listeners()) > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(await listeners()).toBe(0);
  });

  test('an anonymous subscription is refused; logging out ends a running one', async () => {
    const anonymous = await subscribeSse(urlA, 'subscription { unreadLetterCount }', null);
    const first = await anonymous.next();
    expect(first.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    anonymous.close();

    const token = await loginRest(t, DEMO.partner);
    const partnerId = await userId(t, 'partner');
    const stream = await subscribeSse(urlA, 'subscription { unreadLetterCount }', token);
    await stream.next();
    expect((await rest(t, '/api/admin/auth/logout', { token })).body.status).toBe('success');
    await send(tokens.admin, [partnerId], 'After logout');
    const deadline = Date.now() + 5000;
    while (!stream.ended() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(stream.ended()).toBe(true);
    stream.close();
  });

  test('logging out ends a running stream at once, with no letter sent (issue 33)', async () => {
    const token = await loginRest(t, DEMO.partner);
    const stream = await subscribeSse(urlA, 'subscription { unreadLetterCount }', token);
    await stream.next();
    expect((await rest(t, '/api/admin/auth/logout', { token })).body.status).toBe('success');
    const deadline = Date.now() + 5000;
    while (!stream.ended() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(stream.ended()).toBe(true);
    stream.close();
  });
});
