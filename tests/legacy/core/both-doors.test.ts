/**
 * The same facts through both doors: tokens, menus, sessions and the operation log agree
 * between the legacy REST door and GraphQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, gql, loginGql, loginRest, rest, type TestApp } from '../../helpers/app.ts';
import { CHANGE_PWD, loginData, LOGOUT, MENU, OPERATION_LOGS, postLogin, UPDATE_STATE, type LogRow, type Paged, type RightJson } from '../support.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

type MenuNode = { key: string; title: string; titleEn: string; path: string; children: MenuNode[] };

const MENU_FIELDS = 'key title titleEn path';
const MENU_QUERY = `{ viewer { databaseId menu(display: PC) { ${MENU_FIELDS} children { ${MENU_FIELDS} children { ${MENU_FIELDS} children { ${MENU_FIELDS} } } } } } }`;

async function viewerId(token: string, header: 'x-token' | 'authorization' = 'x-token') {
  const headers: Record<string, string> = header === 'x-token' ? { 'x-token': token } : { authorization: `Bearer ${token}` };
  return gql<{ viewer: { databaseId: number } }>(t, '{ viewer { databaseId } }', {}, { headers });
}

/** A tree reduced to keys, titles and children, comparable across the doors. */
function shape(nodes: Array<MenuNode | RightJson>): unknown[] {
  return nodes.map((n) => ({ key: n.key, title: n.title, titleEn: n.titleEn, path: n.path, children: shape(n.children) }));
}

describe('tokens work on both doors', () => {
  it('a token from REST login opens GraphQL, as the same user', async () => {
    const login = await loginData(t, DEMO.consultant);
    const viaX = await viewerId(login.token);
    expect(viaX.body.errors).toBeUndefined();
    expect(viaX.body.data?.viewer.databaseId).toBe(login.user.id);
    const viaBearer = await viewerId(login.token, 'authorization');
    expect(viaBearer.body.data?.viewer.databaseId).toBe(login.user.id);
  });

  it('a token from GraphQL login opens the REST door, as the same user', async () => {
    const token = await loginGql(t, DEMO.manager);
    const viewer = await viewerId(token);
    const manager = await t.db.user.findUniqueOrThrow({ where: { account: 'manager' } });
    expect(viewer.body.data?.viewer.databaseId).toBe(manager.id);

    const menu = await rest<RightJson[]>(t, MENU, { json: { showType: 'PC' }, token });
    expect(menu.body.status).toBe('success');
    // A write through REST with the GraphQL token is recorded for that user.
    const res = await rest(t, CHANGE_PWD, { json: { 'condition.oldPassword': DEMO.manager.password, 'condition.password': 'Manager2027' }, token });
    expect(res.body).toEqual({ status: 'success', message: '修改密码成功', data: null });
    const row = await t.db.operationLog.findFirst({ where: { operation: 'auth.changePassword' }, orderBy: { id: 'desc' } });
    expect(row).toMatchObject({ userId: manager.id, door: 'REST', outcome: 'SUCCESS' });
    expect((await postLogin(t, { account: 'manager', password: 'Manager2027' })).body.status).toBe('success');
  });

  it('a REST logout ends the session on GraphQL, and a GraphQL logout ends it on REST', async () => {
    const restToken = await loginRest(t, DEMO.sales);
    expect((await rest(t, LOGOUT, { token: restToken })).body.status).toBe('success');
    const after = await viewerId(restToken);
    expect(after.body.data?.viewer).toBeUndefined();
    expect(after.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');

    const gqlToken = await loginGql(t, DEMO.sales);
    const out = await gql<{ logout: { __typename: string } }>(t, 'mutation { logout { __typename } }', {}, { token: gqlToken });
    expect(out.body.errors).toBeUndefined();
    const menu = await rest(t, MENU, { json: { showType: 'PC' }, token: gqlToken });
    expect(menu.body).toEqual({ status: 'needUserLogin', message: '尚未登陆,请登录', data: null });
  });

  it('a deactivation through REST ends the GraphQL session of that user', async () => {
    const lecturerToken = await loginGql(t, DEMO.lecturer);
    const lecturer = await viewerId(lecturerToken);
    const lecturerId = lecturer.body.data?.viewer.databaseId;
    expect(typeof lecturerId).toBe('number');
    const admin = await loginRest(t, DEMO.admin);
    const res = await rest(t, UPDATE_STATE, { json: { id: lecturerId, state: 3 }, token: admin });
    expect(res.body.status).toBe('success');
    const after = await viewerId(lecturerToken);
    expect(after.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});

describe('menus agree', () => {
  for (const who of [DEMO.admin, DEMO.consultant, DEMO.partner]) {
    it(`GraphQL viewer.menu(display: PC) and listRightByRoleId give ${who.account} the same menu`, async () => {
      const token = await loginRest(t, who);
      const viaRest = await rest<RightJson[]>(t, MENU, { json: { showType: 'PC' }, token });
      const viaGql = await gql<{ viewer: { menu: MenuNode[] } }>(t, MENU_QUERY, {}, { token });
      expect(viaRest.body.status).toBe('success');
      expect(viaGql.body.errors).toBeUndefined();
      const gqlMenu = viaGql.body.data?.viewer.menu ?? [];
      expect(gqlMenu.length).toBeGreaterThan(0);
      expect(gqlMenu.map((n) => n.title)).toEqual(viaRest.body.data.map((n) => n.title));
      expect(gqlMenu.map((n) => n.titleEn)).toEqual(viaRest.body.data.map((n) => n.titleEn));
      expect(shape(gqlMenu)).toEqual(shape(viaRest.body.data));
    });
  }
});

describe('the operation log agrees', () => {
  it('GraphQL operationLogs and listSysOperateLogByPage list the same rows, with the door of each write', async () => {
    const consultant = await loginGql(t, { account: 'wang.fang', password: 'Staff#2026' });
    const viaGql = await gql<{ changePassword: { __typename: string } }>(
      t,
      'mutation($input: ChangePasswordInput!) { changePassword(input: $input) { __typename ... on Error { message } } }',
      { input: { oldPassword: 'Staff#2026', password: 'WangFang2027' } },
      { token: consultant },
    );
    expect(viaGql.body.data?.changePassword.__typename).toBe('SuccessPayload');
    const restSide = await loginRest(t, { account: 'wang.fang', password: 'WangFang2027' });
    const viaRest = await rest(t, CHANGE_PWD, { json: { condition: { oldPassword: 'WangFang2027', password: 'WangFang2028' } }, token: restSide });
    expect(viaRest.body.status).toBe('success');

    const admin = await loginRest(t, DEMO.admin);
    const list = await rest<Paged<LogRow>>(t, OPERATION_LOGS, {
      json: { pageResult: { currentPage: 1, pageSize: 100 }, condition: { operation: 'auth.' } },
      token: admin,
    });
    expect(list.body.status).toBe('success');
    const graph = await gql<{ operationLogs: { edges: Array<{ node: { databaseId: number; door: string; operation: string } }> } }>(
      t,
      '{ operationLogs(first: 100, filter: { operation: "auth." }) { edges { node { databaseId door operation } } } }',
      {},
      { token: admin },
    );
    expect(graph.body.errors).toBeUndefined();
    const graphRows = graph.body.data?.operationLogs.edges.map((e) => e.node) ?? [];
    const byId = <T extends { door: string }>(rows: Array<[number, T]>) => rows.sort((a, b) => a[0] - b[0]).map(([id, r]) => [id, r.door]);
    expect(list.body.data.rows).toBe(graphRows.length);
    expect(byId(graphRows.map((r) => [r.databaseId, r]))).toEqual(byId(list.body.data.resultList.map((r) => [r.id, r])));

    const changes = list.body.data.resultList.filter((r) => r.operation === 'auth.changePassword' && r.account === 'wang.fang');
    expect(changes.map((r) => r.door)).toEqual(['REST', 'GRAPHQL']);
  });
});
