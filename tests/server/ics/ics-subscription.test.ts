/**
 * Subscription states on both doors: open, pause, restore, regenerate (the old link stops at
 * once), batch open and pause by administrators, and what each state answers at the link.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, gql, loginGql, loginRest, rest, type TestApp } from '../../helpers/app.ts';
import { userId } from '../support.ts';
import { fetchFeed, transition } from './support.ts';

let t: TestApp;
let lecturer: string;
let admin: string;
let adminRest: string;
let consultantRest: string;
/** The lecturer's link: known only from the answer that made it. */
let lecturerPath: string;

beforeAll(async () => {
  t = await createTestApp();
  lecturer = await loginGql(t, DEMO.lecturer);
  admin = await loginGql(t, DEMO.admin);
  adminRest = await loginRest(t, DEMO.admin);
  consultantRest = await loginRest(t, DEMO.consultant);
});

afterAll(async () => {
  await t?.close();
});

type Paged<T> = { currentPage: number; pageSize: number; rows: number; resultList: T[] };
type SubRow = { userId: number; name: string; subscribeState: number; subscribeStateName: string; pushFrequency: number | null; effectiveTime: string | null };

describe("the viewer's subscription", () => {
  it('is absent until opened, then answers with an unguessable link advertised as effective 10 minutes later', async () => {
    const none = await gql<{ myIcsSubscription: null }>(t, '{ myIcsSubscription { id } }', {}, { token: lecturer });
    expect(none.body.data?.myIcsSubscription).toBeNull();
    const opened = await transition(t, lecturer, 'open', { pushFrequencyHours: 12 });
    const sub = opened.icsSubscription!;
    expect(sub.state).toBe('OPEN');
    expect(sub.pushFrequencyHours).toBe(12);
    expect(opened.feedPath).toMatch(/^\/ics\/[A-Za-z0-9_-]{43}\.ics$/);
    lecturerPath = opened.feedPath!;
    expect(new Date(sub.effectiveAt!).getTime() - new Date(sub.linkCreatedAt!).getTime()).toBe(10 * 60_000);
    // The link answers at once (the delay is only advertised).
    const res = await fetchFeed(t, lecturerPath);
    expect(res.status).toBe(200);
    // Only the hash is kept: no column holds the token, and the hash is not the token.
    const row = await t.db.icsSubscription.findUniqueOrThrow({ where: { id: sub.databaseId } });
    expect(JSON.stringify(row)).not.toContain(lecturerPath.slice(5, -4));
    expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    const columns = await t.db.$queryRaw<Array<{ column_name: string }>>`SELECT column_name FROM information_schema.columns WHERE table_name = 'ics_subscriptions'`;
    expect(columns.map((c) => c.column_name)).not.toContain('token');
  });

  it('shows the link once: the subscription itself never answers it again', async () => {
    const later = await gql(t, '{ myIcsSubscription { feedPath } }', {}, { token: lecturer });
    expect(later.body.errors?.[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
    const state = await gql<{ myIcsSubscription: { state: string; linkCreatedAt: string } }>(t, '{ myIcsSubscription { state linkCreatedAt } }', {}, { token: lecturer });
    expect(state.body.data?.myIcsSubscription.state).toBe('OPEN');
  });

  it('refuses transitions that do not apply, with a message', async () => {
    const again = await transition(t, lecturer, 'open');
    expect(again).toMatchObject({ __typename: 'RuleError', code: 'ICS_ALREADY_OPEN', message: '日历订阅已开启' });
    const restore = await transition(t, lecturer, 'restore');
    expect(restore).toMatchObject({ __typename: 'RuleError', code: 'ICS_NOT_PAUSED' });
    const bad = await gql<{ setIcsPushFrequency: { __typename: string; message?: string } }>(
      t,
      'mutation { setIcsPushFrequency(input: { pushFrequencyHours: 5 }) { __typename ... on Error { message } } }',
      {},
      { token: lecturer },
    );
    expect(bad.body.data?.setIcsPushFrequency).toEqual({ __typename: 'InputError', message: '推送频率只能是3小时或12小时' });
  });

  it('answers 404 while paused, and the same link again once restored', async () => {
    const pausing = await transition(t, lecturer, 'pause');
    expect(pausing.feedPath).toBeNull();
    expect((await fetchFeed(t, lecturerPath)).status).toBe(404);
    const paused = await transition(t, lecturer, 'pause');
    expect(paused.code).toBe('ICS_NOT_OPEN');
    const restored = await transition(t, lecturer, 'restore');
    expect(restored.icsSubscription?.state).toBe('OPEN');
    // The same link works again; it is not shown again.
    expect(restored.feedPath).toBeNull();
    expect((await fetchFeed(t, lecturerPath)).status).toBe(200);
  });

  it('regenerates: the old link answers 404 at once, the new one works', async () => {
    const before = lecturerPath;
    const after = (await transition(t, lecturer, 'regenerate')).feedPath!;
    lecturerPath = after;
    expect(after).not.toBe(before);
    expect((await fetchFeed(t, before)).status).toBe(404);
    expect((await fetchFeed(t, after)).status).toBe(200);
  });

  it('answers 404 for unknown and malformed links, without a hint', async () => {
    for (const path of ['/ics/abc.ics', `/ics/${'A'.repeat(43)}.ics`, '/ics/..%2F..%2Fetc.ics', `/ics/${'x'.repeat(5000)}.ics`]) {
      const res = await fetchFeed(t, path);
      expect(res.status, path).toBe(404);
      expect(await res.text()).toBe('Not found');
    }
  });

  it('is private: another person cannot read it by id, the link is shown to its owner only', async () => {
    const mine = (await gql<{ myIcsSubscription: { id: string } }>(t, '{ myIcsSubscription { id } }', {}, { token: lecturer })).body.data!.myIcsSubscription.id;
    const sales = await loginGql(t, DEMO.sales);
    const other = await gql<{ node: unknown }>(t, 'query($id: ID!) { node(id: $id) { id } }', { id: mine }, { token: sales });
    expect(other.body.data?.node ?? null).toBeNull();
    const seenByAdmin = await gql<{ node: { state: string } }>(t, 'query($id: ID!) { node(id: $id) { ... on IcsSubscription { state } } }', { id: mine }, { token: admin });
    expect(seenByAdmin.body.data?.node).toEqual({ state: 'OPEN' });
  });
});

describe('administrators', () => {
  it('list staff with their subscription state, not opened included (REST listUserSubscribeByPage)', async () => {
    const res = await rest<Paged<SubRow>>(t, '/api/admin/user/listUserSubscribeByPage.htm', { json: { pageResult: { currentPage: 1, pageSize: 100 } }, token: adminRest });
    expect(res.body.status).toBe('success');
    const lecturerId = await userId(t, 'lecturer');
    const row = res.body.data.resultList.find((r) => r.userId === lecturerId);
    expect(row).toMatchObject({ subscribeState: 1, subscribeStateName: '已开启', pushFrequency: 12 });
    expect(row?.effectiveTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(res.body.data.resultList.some((r) => r.subscribeState === 0)).toBe(true);
    const open = await rest<Paged<SubRow>>(t, '/api/admin/user/listUserSubscribeByPage.htm', { json: { condition: { state: 1 } }, token: adminRest });
    expect(open.body.data.resultList.every((r) => r.subscribeState === 1)).toBe(true);
  });

  it('batch pause and batch restore on REST; the feed follows', async () => {
    const lecturerId = await userId(t, 'lecturer');
    const salesId = await userId(t, 'sales');
    const path = lecturerPath;
    const paused = await rest<{ changed: number }>(t, '/api/admin/user/batchPause.htm', { json: { userIds: [lecturerId, salesId] }, token: adminRest });
    expect(paused.body).toMatchObject({ status: 'success', data: { changed: 1 } });
    expect((await fetchFeed(t, path)).status).toBe(404);
    const restored = await rest<{ changed: number; resultList: Array<{ userId: number; subscribeState: number }> }>(t, '/api/admin/user/batchRestore.htm', {
      json: { userIds: `${lecturerId},${salesId}` },
      token: adminRest,
    });
    expect(restored.body.data.changed).toBe(2);
    expect(restored.body.data.resultList.map((r) => r.subscribeState)).toEqual([1, 1]);
    expect((await fetchFeed(t, path)).status).toBe(200);
    // The not-opened sales person got a link of their own, which nobody has seen: they make a new one to subscribe.
    const salesSub = await t.db.icsSubscription.findUniqueOrThrow({ where: { userId: salesId } });
    expect(salesSub.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('batch open and pause on GraphQL return the changed subscriptions', async () => {
    const partner = Buffer.from(`User:${await userId(t, 'partner')}`).toString('base64');
    const res = await gql<{ batchPauseIcsSubscriptions: { changedCount: number; icsSubscriptions: Array<{ state: string }> } }>(
      t,
      'mutation($ids: [ID!]!) { batchPauseIcsSubscriptions(input: { userIds: $ids }) { ... on BatchIcsSubscriptionsPayload { changedCount icsSubscriptions { state } } } }',
      { ids: [partner] },
      { token: admin },
    );
    expect(res.body.data?.batchPauseIcsSubscriptions).toEqual({ changedCount: 0, icsSubscriptions: [] });
    const opened = await gql<{ batchOpenIcsSubscriptions: { changedCount: number; icsSubscriptions: Array<{ state: string }> } }>(
      t,
      'mutation($ids: [ID!]!) { batchOpenIcsSubscriptions(input: { userIds: $ids }) { ... on BatchIcsSubscriptionsPayload { changedCount icsSubscriptions { state } } } }',
      { ids: [partner] },
      { token: admin },
    );
    expect(opened.body.data?.batchOpenIcsSubscriptions).toEqual({ changedCount: 1, icsSubscriptions: [{ state: 'OPEN' }] });
    const list = await gql<{ icsSubscriptions: { edges: Array<{ node: { state: string; user: { account: string } } }> } }>(
      t,
      '{ icsSubscriptions(first: 50, filter: { state: OPEN }) { edges { node { state user { account } } } } }',
      {},
      { token: admin },
    );
    expect(list.body.data?.icsSubscriptions.edges.map((e) => e.node.user.account)).toEqual(expect.arrayContaining(['lecturer', 'sales', 'partner']));
  });

  it('are the only ones who may batch pause; a refusal changes nothing and is logged', async () => {
    const before = await t.db.icsSubscription.findMany({ orderBy: { id: 'asc' } });
    const res = await rest(t, '/api/admin/user/batchPause.htm', { json: { userIds: [await userId(t, 'lecturer')] }, token: consultantRest });
    expect(res.body).toMatchObject({ status: 'error', message: '没有权限执行该操作' });
    expect(await t.db.icsSubscription.findMany({ orderBy: { id: 'asc' } })).toEqual(before);
    const log = await t.db.operationLog.findFirst({ where: { operation: 'ics.batchPause' }, orderBy: { id: 'desc' } });
    expect(log).toMatchObject({ outcome: 'FAILURE', errorCode: 'FORBIDDEN', door: 'REST' });
    const empty = await rest(t, '/api/admin/user/batchPause.htm', { json: { userIds: [] }, token: adminRest });
    expect(empty.body).toMatchObject({ status: 'error', message: 'userIds不能为空' });
    const unknown = await rest(t, '/api/admin/user/batchRestore.htm', { json: { userIds: [999999] }, token: adminRest });
    expect(unknown.body).toMatchObject({ status: 'error', message: '数据不存在' });
  });

  it("a deactivated person's link answers 404", async () => {
    const salesId = await userId(t, 'sales');
    const path = (await transition(t, await loginGql(t, DEMO.sales), 'regenerate')).feedPath!;
    expect((await fetchFeed(t, path)).status).toBe(200);
    await t.db.user.update({ where: { id: salesId }, data: { state: 3 } });
    expect((await fetchFeed(t, path)).status).toBe(404);
  });
});
