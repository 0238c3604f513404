/**
 * Directory queries, time zones, the operation log, and what bad input on the GraphQL door
 * gets back.
 */
import { describe, expect, it } from 'vitest';
import { DEMO, gql, loginGql, uniqueAddress } from '../../helpers/app.ts';
import { admin, consultant, t, useSuite } from '../../helpers/suite.ts';
import { expectNoInternals, login, userId } from '../support.ts';

useSuite('admin', 'consultant');

type PageInfo = { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string | null; endCursor: string | null };
type Conn<N> = { edges: Array<{ cursor: string; node: N }>; pageInfo: PageInfo };

async function writeCounts() {
  const [tokens, logs, attempts, users] = await Promise.all([
    t.db.accessToken.count(),
    t.db.operationLog.count(),
    t.db.loginAttempt.count(),
    t.db.user.findMany({ select: { id: true, timeZone: true, language: true, passwordHash: true, state: true }, orderBy: { id: 'asc' } }),
  ]);
  return { tokens, logs, attempts, users };
}

async function post(body: string, headers: Record<string, string> = {}) {
  const res = await t.app.fetch(
    new Request('http://test.local/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': uniqueAddress(), ...headers },
      body,
    }),
  );
  return { status: res.status, text: await res.text() };
}

describe('users', () => {
  const USERS = `query($first: Int, $after: String, $filter: UserFilter) {
    users(first: $first, after: $after, filter: $filter) {
      edges { cursor node { id databaseId account name type state } }
      pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
    }
  }`;
  type U = { id: string; databaseId: number; account: string | null; name: string; type: string; state: string };

  it('pages through people with edges, cursors and pageInfo', async () => {
    const first = await gql<{ users: Conn<U> }>(t, USERS, { first: 5 }, { token: admin });
    expect(first.body.errors).toBeUndefined();
    const page1 = first.body.data!.users;
    expect(page1.edges).toHaveLength(5);
    expect(page1.pageInfo.hasNextPage).toBe(true);
    expect(page1.pageInfo.startCursor).toBe(page1.edges[0]!.cursor);
    expect(page1.pageInfo.endCursor).toBe(page1.edges[4]!.cursor);
    const ids1 = page1.edges.map((e) => e.node.databaseId);
    expect([...ids1].sort((a, b) => a - b)).toEqual(ids1);

    const second = await gql<{ users: Conn<U> }>(t, USERS, { first: 5, after: page1.pageInfo.endCursor }, { token: admin });
    const page2 = second.body.data!.users;
    expect(page2.edges).toHaveLength(5);
    expect(page2.pageInfo.hasPreviousPage).toBe(true);
    const ids2 = page2.edges.map((e) => e.node.databaseId);
    expect(ids2[0]).toBeGreaterThan(ids1[4]!);
    expect(ids2.filter((id) => ids1.includes(id))).toEqual([]);
  });

  it('filters by type and search', async () => {
    const res = await gql<{ users: Conn<U> }>(t, USERS, { first: 50, filter: { type: 'STAFF', search: 'admin' } }, { token: admin });
    expect(res.body.errors).toBeUndefined();
    const nodes = res.body.data!.users.edges.map((e) => e.node);
    expect(nodes.map((n) => n.account)).toContain('admin');
    for (const n of nodes) {
      expect(n.type).toBe('STAFF');
      expect(`${n.account} ${n.name}`.toLowerCase()).toMatch(/admin|陈立新/);
    }
    const upper = await gql<{ users: Conn<U> }>(t, USERS, { first: 50, filter: { type: 'STAFF', search: 'ADMIN' } }, { token: admin });
    expect(upper.body.data!.users.edges.map((e) => e.node.account)).toContain('admin');
  });

  it('filters students and states', async () => {
    const students = await gql<{ users: Conn<U> }>(t, USERS, { first: 100, filter: { type: 'STUDENT' } }, { token: admin });
    const list = students.body.data!.users.edges;
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((e) => e.node.type === 'STUDENT')).toBe(true);
    const gone = await gql<{ users: Conn<U> }>(t, USERS, { first: 100, filter: { type: 'STAFF', state: 'DEACTIVATED' } }, { token: admin });
    expect(gone.body.data!.users.edges.map((e) => e.node.account)).toContain('former.staff');
    expect(gone.body.data!.users.edges.every((e) => e.node.state === 'DEACTIVATED')).toBe(true);
  });

  it('matches the search text literally: % and _ are not wildcards', async () => {
    for (const search of ['%', '_', 'a%n', 'm_nager']) {
      const res = await gql<{ users: Conn<{ name: string; nameEn: string | null; account: string | null; code: string | null }> }>(
        t,
        'query($s: String) { users(first: 100, filter: { search: $s }) { edges { node { name nameEn account code } } } }',
        { s: search },
        { token: admin },
      );
      expect(res.body.errors).toBeUndefined();
      for (const { node } of res.body.data!.users.edges) {
        const fields = [node.name, node.nameEn, node.account, node.code].map((v) => (v ?? '').toLowerCase());
        expect(
          fields.some((f) => f.includes(search)),
          `${search} matched ${JSON.stringify(node)}`,
        ).toBe(true);
      }
    }
  });

  it('is for staff only', async () => {
    const student = await loginGql(t, { account: 'student.demo', password: 'Staff#2026' });
    const res = await gql<{ users: Conn<U> }>(t, USERS, { first: 5 }, { token: student });
    expect(res.body.data?.users ?? null).toBeNull();
    expect(res.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});

describe('departments, roles, time zones', () => {
  it('lists departments as a tree', async () => {
    const res = await gql<{ all: Conn<{ name: string; nameEn: string; parent: { name: string } | null }>; roots: Conn<{ name: string; children: Array<{ name: string }> }> }>(
      t,
      `{ all: departments(first: 50) { edges { node { name nameEn parent { name } } } pageInfo { hasNextPage } }
         roots: departments(first: 50, rootsOnly: true) { edges { node { name children { name } } } } }`,
      {},
      { token: consultant },
    );
    expect(res.body.errors).toBeUndefined();
    const all = res.body.data!.all.edges.map((e) => e.node);
    expect(all.length).toBeGreaterThan(1);
    expect(all.map((d) => d.nameEn)).toEqual(expect.arrayContaining(['Head office', 'Training', 'US team']));
    const roots = res.body.data!.roots.edges.map((e) => e.node);
    expect(roots.map((r) => r.name)).toEqual(['总部']);
    expect(roots[0]!.children.map((c) => c.name)).toContain('培训部');
    expect(all.find((d) => d.name === '美国组')?.parent?.name).toBe('留学咨询部');
  });

  it('lists the roles', async () => {
    const res = await gql<{ roles: Conn<{ code: string; name: string; nameEn: string | null }> }>(t, '{ roles(first: 50) { edges { node { code name nameEn } } } }', {}, { token: consultant });
    expect(res.body.errors).toBeUndefined();
    const codes = res.body.data!.roles.edges.map((e) => e.node.code);
    expect(codes).toEqual(expect.arrayContaining(['admin', 'manager', 'consultant', 'lecturer', 'sales', 'partner']));
    const adminRole = res.body.data!.roles.edges.find((e) => e.node.code === 'admin')!.node;
    expect(adminRole.name).toBe('管理员');
    expect(adminRole.nameEn).toBe('Administrator');
  });

  it('finds a time zone by name with both names', async () => {
    const res = await gql<{ timeZones: Conn<{ name: string; nameZh: string; nameEn: string; utcOffset: string }> }>(
      t,
      '{ timeZones(search: "Shanghai") { edges { node { name nameZh nameEn utcOffset } } } }',
      {},
      { token: consultant },
    );
    expect(res.body.errors).toBeUndefined();
    const zone = res.body.data!.timeZones.edges.find((e) => e.node.name === 'Asia/Shanghai')?.node;
    expect(zone).toBeDefined();
    expect(zone!.nameZh).toMatch(/上海/);
    expect(zone!.nameEn).toMatch(/Shanghai/);
    expect(zone!.utcOffset).toBe('+08:00');
    for (const e of res.body.data!.timeZones.edges) {
      expect(`${e.node.name} ${e.node.nameEn} ${e.node.nameZh}`.toLowerCase()).toContain('shanghai');
    }
  });

  it('finds a time zone by its Chinese name', async () => {
    const res = await gql<{ timeZones: Conn<{ name: string }> }>(t, '{ timeZones(search: "纽约") { edges { node { name } } } }', {}, { token: consultant });
    expect(res.body.data!.timeZones.edges.map((e) => e.node.name)).toContain('America/New_York');
  });

  it('requires a login', async () => {
    for (const q of ['{ departments(first: 1) { edges { cursor } } }', '{ roles(first: 1) { edges { cursor } } }', '{ timeZones(first: 1) { edges { cursor } } }']) {
      const res = await gql(t, q);
      expect(res.body.data ?? null, q).toBeNull();
      expect(res.body.errors?.[0]?.extensions?.code, q).toBe('UNAUTHENTICATED');
    }
  });
});

describe('operationLogs', () => {
  const LOGS = `query($filter: OperationLogFilter, $first: Int) {
    operationLogs(first: $first, filter: $filter) {
      edges { node { databaseId operation outcome errorCode door address account targetType targetIds createdAt user { databaseId } } }
    }
  }`;
  type Log = {
    databaseId: number;
    operation: string;
    outcome: 'SUCCESS' | 'FAILURE';
    errorCode: string | null;
    door: string;
    address: string | null;
    account: string | null;
    targetType: string | null;
    targetIds: string[];
    createdAt: string;
    user: { databaseId: number } | null;
  };

  async function logs(filter: Record<string, unknown>, token = admin): Promise<Log[]> {
    const res = await gql<{ operationLogs: Conn<Log> }>(t, LOGS, { filter, first: 100 }, { token });
    expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
    return res.body.data!.operationLogs.edges.map((e) => e.node);
  }

  it('shows the administrator the logins, failed and successful, with door and address', async () => {
    const address = uniqueAddress();
    const salesId = await userId(t, 'sales');
    const started = Date.now();
    expect((await login(t, 'sales', 'Wrong#2026', { address })).answer.code).toBe('BAD_CREDENTIALS');
    expect((await login(t, 'Sales', DEMO.sales.password, { address })).answer.__typename).toBe('TokenPayload');

    const rows = (await logs({ account: 'sales', operation: 'auth.login' })).filter((r) => r.address === address);
    expect(rows).toHaveLength(2);
    const [success, failure] = rows; // newest first
    expect(failure).toMatchObject({ operation: 'auth.login', outcome: 'FAILURE', errorCode: 'BAD_CREDENTIALS', door: 'GRAPHQL', address, account: 'sales' });
    expect(success).toMatchObject({ operation: 'auth.login', outcome: 'SUCCESS', errorCode: null, door: 'GRAPHQL', address, account: 'sales', targetIds: [String(salesId)] });
    expect(success!.user?.databaseId).toBe(salesId);
    expect(success!.databaseId).toBeGreaterThan(failure!.databaseId);
    for (const r of rows) {
      const at = new Date(r.createdAt).getTime();
      expect(at).toBeGreaterThanOrEqual(started - 5_000);
      expect(at).toBeLessThanOrEqual(Date.now() + 5_000);
    }
  });

  it('lists newest first and filters by outcome', async () => {
    const all = await logs({});
    expect(all.length).toBeGreaterThan(1);
    const ids = all.map((r) => r.databaseId);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    const failures = await logs({ outcome: 'FAILURE' });
    expect(failures.length).toBeGreaterThan(0);
    expect(failures.every((r) => r.outcome === 'FAILURE')).toBe(true);
  });

  it('is refused to a consultant with FORBIDDEN', async () => {
    const res = await gql<{ operationLogs: Conn<Log> }>(t, LOGS, { first: 5 }, { token: consultant });
    expect(res.body.data?.operationLogs ?? null).toBeNull();
    expect(res.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(res.body.errors?.[0]?.message).toBe('没有权限执行该操作');
    expect(JSON.stringify(res.body)).not.toContain('auth.login');
  });

  it('is refused to a manager too (administrators only)', async () => {
    const manager = await loginGql(t, DEMO.manager);
    const res = await gql<{ operationLogs: Conn<Log> }>(t, LOGS, { first: 5 }, { token: manager });
    expect(res.body.data?.operationLogs ?? null).toBeNull();
    expect(res.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('is refused without a token', async () => {
    const res = await gql(t, LOGS, { first: 5 });
    expect(res.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('records a write with who, what, target, outcome and address', async () => {
    const address = uniqueAddress();
    const id = await userId(t, 'lecturer');
    const token = await loginGql(t, DEMO.lecturer);
    const before = await t.db.operationLog.count({ where: { operation: 'auth.setTimeZone' } });
    const res = await gql<{ setTimeZone: { __typename: string } }>(t, 'mutation { setTimeZone(input: { timeZone: "Europe/London" }) { __typename } }', {}, { token, headers: { 'x-forwarded-for': address } });
    expect(res.body.data!.setTimeZone.__typename).toBe('ViewerPayload');
    expect(await t.db.operationLog.count({ where: { operation: 'auth.setTimeZone' } })).toBe(before + 1);

    const row = await t.db.operationLog.findFirstOrThrow({ where: { operation: 'auth.setTimeZone' }, orderBy: { id: 'desc' } });
    expect(row).toMatchObject({ userId: id, account: 'lecturer', outcome: 'SUCCESS', door: 'GRAPHQL', address, targetIds: [String(id)], errorCode: null });
    // The administrator sees the same row.
    const seen = await logs({ userId: id, operation: 'auth.setTimeZone' });
    expect(seen[0]).toMatchObject({ databaseId: Number(row.id), outcome: 'SUCCESS', address, targetIds: [String(id)], user: { databaseId: id } });
  });

  it('records a refused write as a FAILURE and changes nothing', async () => {
    const id = await userId(t, 'partner');
    const token = await loginGql(t, DEMO.partner);
    const hash = (await t.db.user.findUniqueOrThrow({ where: { id }, select: { passwordHash: true } })).passwordHash;
    const res = await gql<{ changePassword: { __typename: string; code?: string } }>(
      t,
      'mutation { changePassword(input: { oldPassword: "Wrong#2026", password: "Newpass#2027", confirmPassword: "Newpass#2027" }) { __typename ... on Error { code } } }',
      {},
      { token },
    );
    expect(res.body.data!.changePassword).toEqual({ __typename: 'RuleError', code: 'WRONG_PASSWORD' });
    const row = await t.db.operationLog.findFirstOrThrow({ where: { operation: 'auth.changePassword', userId: id }, orderBy: { id: 'desc' } });
    expect(row).toMatchObject({ outcome: 'FAILURE', errorCode: 'WRONG_PASSWORD', door: 'GRAPHQL', account: 'partner' });
    expect(await t.db.operationLog.count({ where: { operation: 'auth.changePassword', userId: id, outcome: 'SUCCESS' } })).toBe(0);
    expect((await t.db.user.findUniqueOrThrow({ where: { id }, select: { passwordHash: true } })).passwordHash).toBe(hash);
    // Nothing secret lands in the log.
    const text = JSON.stringify(await t.db.operationLog.findMany({ where: { userId: id } }), (_k, v) => (typeof v === 'bigint' ? String(v) : v));
    expect(text).not.toContain('Wrong#2026');
    expect(text).not.toContain('Newpass#2027');
  });

  it('writes the log in the same transaction: when the log cannot be written, the write is undone', async () => {
    const id = await userId(t, 'sales');
    const token = await loginGql(t, DEMO.sales);
    const before = (await t.db.user.findUniqueOrThrow({ where: { id }, select: { timeZone: true } })).timeZone;
    // Make the success row of this one operation impossible to insert, in this file's database only.
    await t.db.$executeRawUnsafe(`
      CREATE OR REPLACE FUNCTION refuse_tz_log() RETURNS trigger AS $$
      BEGIN
        IF NEW.operation = 'auth.setTimeZone' AND NEW.outcome = 'SUCCESS' THEN
          RAISE EXCEPTION 'operation log refused for the test';
        END IF;
        RETURN NEW;
      END $$ LANGUAGE plpgsql`);
    await t.db.$executeRawUnsafe(`CREATE TRIGGER refuse_tz_log BEFORE INSERT ON operation_logs FOR EACH ROW EXECUTE FUNCTION refuse_tz_log()`);
    try {
      const res = await gql<{ setTimeZone: { __typename: string } | null }>(t, 'mutation { setTimeZone(input: { timeZone: "Asia/Tokyo" }) { __typename } }', {}, { token });
      expect(res.body.data?.setTimeZone?.__typename ?? null).not.toBe('ViewerPayload');
      expect(res.body.errors?.length).toBeGreaterThan(0);
      expectNoInternals(JSON.stringify(res.body));
      expect(JSON.stringify(res.body)).not.toContain('refused for the test');
      expect((await t.db.user.findUniqueOrThrow({ where: { id }, select: { timeZone: true } })).timeZone).toBe(before);
    } finally {
      await t.db.$executeRawUnsafe('DROP TRIGGER IF EXISTS refuse_tz_log ON operation_logs');
      await t.db.$executeRawUnsafe('DROP FUNCTION IF EXISTS refuse_tz_log()');
    }
    // The failed attempt is still recorded.
    const row = await t.db.operationLog.findFirstOrThrow({ where: { operation: 'auth.setTimeZone', userId: id }, orderBy: { id: 'desc' } });
    expect(row.outcome).toBe('FAILURE');
  });
});

describe('bad input on the GraphQL door', () => {
  it('answers a malformed JSON body with a clear error and no internals', async () => {
    const before = await writeCounts();
    // A client asking for the GraphQL response media type gets HTTP 400.
    const strict = await post('{"query": "mutation { logout { __typename } }', { accept: 'application/graphql-response+json' });
    expect(strict.status).toBe(400);
    const body = JSON.parse(strict.text) as { data?: unknown; errors?: Array<{ message: string; extensions?: { code?: string } }> };
    expect(body.data).toBeUndefined();
    expect(body.errors?.[0]?.message).toBeTruthy();
    expect(body.errors?.[0]?.extensions?.code).toBe('BAD_REQUEST');
    expectNoInternals(strict.text);
    // A legacy application/json client gets the same error (status 4xx or 200 as GraphQL over HTTP allows).
    const legacy = await post('{"query": ', { accept: 'application/json' });
    expect([200, 400]).toContain(legacy.status);
    const legacyBody = JSON.parse(legacy.text) as { data?: unknown; errors?: Array<{ extensions?: { code?: string } }> };
    expect(legacyBody.data).toBeUndefined();
    expect(legacyBody.errors?.[0]?.extensions?.code).toBe('BAD_REQUEST');
    expectNoInternals(legacy.text);
    expect(await writeCounts()).toEqual(before);
  });

  it('refuses a mutation sent with GET and writes nothing', async () => {
    const before = await writeCounts();
    const url = 'http://test.local/graphql?query=' + encodeURIComponent('mutation { logout { __typename } }');
    const res = await t.app.fetch(new Request(url, { method: 'GET', headers: { 'x-token': admin, 'x-forwarded-for': uniqueAddress() } }));
    expect(res.status).toBe(405);
    expectNoInternals(await res.text());
    expect(await writeCounts()).toEqual(before);
    const still = await gql<{ viewer: { databaseId: number } }>(t, '{ viewer { databaseId } }', {}, { token: admin });
    expect(still.body.data?.viewer.databaseId).toBe(await userId(t, 'admin'));
  });

  it('answers a body that is not a GraphQL request with 400', async () => {
    for (const body of ['[]', '"text"', '{"query": 42}', '{}']) {
      const res = await post(body, { accept: 'application/graphql-response+json' });
      expect(res.status, body).toBe(400);
      expectNoInternals(res.text);
    }
  });

  it('refuses variables of the wrong type and writes nothing', async () => {
    const before = await writeCounts();
    const cases: Array<[string, Record<string, unknown>, string | undefined]> = [
      ['mutation($input: LoginInput!) { login(input: $input) { __typename } }', { input: { account: 123, password: true } }, undefined],
      ['mutation($input: LoginInput!) { login(input: $input) { __typename } }', { input: { account: 'admin' } }, undefined],
      ['mutation($input: LoginInput!) { login(input: $input) { __typename } }', { input: 'admin' }, undefined],
      ['mutation($z: String!) { setTimeZone(input: { timeZone: $z }) { __typename } }', { z: { name: 'Europe/London' } }, admin],
      ['mutation($z: String!) { setTimeZone(input: { timeZone: $z }) { __typename } }', { z: ['Europe/London'] }, admin],
      ['mutation($l: Language!) { setLanguage(input: { language: $l }) { __typename } }', { l: 1 }, admin],
      ['query($f: Int) { users(first: $f) { edges { cursor } } }', { f: 'five' }, admin],
      ['mutation($id: ID!) { deactivateStaff(input: { userId: $id }) { __typename } }', { id: { id: 3 } }, admin],
    ];
    for (const [query, variables, token] of cases) {
      const res = await gql(t, query, variables, { token, headers: { cookie: 'lang=en' } });
      expect(res.body.errors?.length, query).toBeGreaterThan(0);
      expect(res.body.data ?? null, query).toBeNull();
      expectNoInternals(JSON.stringify(res.body));
    }
    expect(await writeCounts()).toEqual(before);
  });

  it('refuses a global id of the wrong type and writes nothing', async () => {
    const before = await writeCounts();
    const roleId = Buffer.from('Role:3').toString('base64');
    const res = await gql<{ deactivateStaff: { __typename: string } | null }>(t, 'mutation($id: ID!) { deactivateStaff(input: { userId: $id }) { __typename } }', { id: roleId }, { token: admin });
    expect(res.body.data?.deactivateStaff?.__typename ?? null).not.toBe('StaffStatePayload');
    expectNoInternals(JSON.stringify(res.body));
    const after = await writeCounts();
    expect(after.users).toEqual(before.users);
    expect(after.tokens).toBe(before.tokens);
  });

  it('answers text containing a NUL character with a clear error, not a server failure', async () => {
    const before = await writeCounts();
    const codesOf = (body: { errors?: Array<{ extensions?: { code?: string } }> }) => (body.errors ?? []).map((e) => e.extensions?.code);

    // Refused for the whole request before anything runs (server/graphql/limits.ts): HTTP 400,
    // a stable code and a translated message, for mutations and searches alike.
    const refusedAtOnce = (res: { status: number; body: { data?: unknown; errors?: Array<{ message: string; extensions?: { code?: string } }> } }, label: string) => {
      expect(res.status, label).toBe(400);
      expect(codesOf(res.body), label).toEqual(['BAD_USER_INPUT']);
      expect(res.body.errors?.[0]?.message, label).toBe('输入含有不允许的空字符（\\u0000）');
      expect(res.body.data ?? null, label).toBeNull();
    };
    const login = await gql<{ login: { __typename: string; code?: string; message?: string } | null }>(
      t,
      'mutation($i: LoginInput!) { login(input: $i) { __typename ... on Error { code message } } }',
      { i: { account: 'admin\u0000', password: DEMO.admin.password } },
      { headers: { 'x-forwarded-for': uniqueAddress() } },
    );
    refusedAtOnce(login, 'login');

    const zone = await gql<{ setTimeZone: { __typename: string; message?: string } | null }>(
      t,
      'mutation($z: String!) { setTimeZone(input: { timeZone: $z }) { __typename ... on Error { message } } }',
      { z: 'Asia/Shanghai\u0000' },
      { token: admin },
    );
    refusedAtOnce(zone, 'setTimeZone');
    // In the document itself too.
    refusedAtOnce(await gql(t, 'mutation { setTimeZone(input: { timeZone: "Asia/Shanghai\\u0000" }) { __typename } }', {}, { token: admin }), 'literal');

    const searches: Array<[string, string]> = [
      ['users', 'query($s: String) { users(first: 2, filter: { search: $s }) { edges { cursor } } }'],
      ['timeZones', 'query($s: String) { timeZones(first: 2, search: $s) { edges { cursor } } }'],
      ['operationLogs.account', 'query($s: String) { operationLogs(first: 2, filter: { account: $s }) { edges { cursor } } }'],
      ['operationLogs.operation', 'query($s: String) { operationLogs(first: 2, filter: { operation: $s }) { edges { cursor } } }'],
    ];
    for (const [label, query] of searches) refusedAtOnce(await gql(t, query, { s: 'a\u0000' }, { token: admin }), label);

    const after = await writeCounts();
    expect(after.tokens).toBe(before.tokens);
    expect(after.users).toEqual(before.users);
  });

  it('answers a staff id beyond the integer range with a clear error, not a server failure', async () => {
    const before = await writeCounts();
    const id = Buffer.from('User:99999999999').toString('base64');
    const res = await gql<{ deactivateStaff: { __typename: string; code?: string } | null }>(
      t,
      'mutation($id: ID!) { deactivateStaff(input: { userId: $id }) { __typename ... on Error { code } } }',
      { id },
      { token: admin },
    );
    expect((res.body.errors ?? []).map((e) => e.extensions?.code)).not.toContain('INTERNAL_SERVER_ERROR');
    expect(['InputError', 'RuleError']).toContain(res.body.data?.deactivateStaff?.__typename);
    expect((await writeCounts()).users).toEqual(before.users);
  });

  it('refuses a query deeper than the limit', async () => {
    let inner = 'key';
    for (let i = 0; i < 14; i++) inner = `key children { ${inner} }`;
    const deep = `{ viewer { menu(display: PC) { ${inner} } } }`;
    const res = await gql(t, deep, {}, { token: admin });
    expect(res.body.data ?? null).toBeNull();
    expect(res.body.errors?.length).toBeGreaterThan(0);
    expect(res.body.errors![0]!.message).toBe('查询嵌套过深：最多12层');
    expect(res.body.errors![0]!.extensions?.code).toBe('QUERY_TOO_DEEP');
    expectNoInternals(JSON.stringify(res.body));

    // The same shape within the limit is answered.
    let shallow = 'key';
    for (let i = 0; i < 4; i++) shallow = `key children { ${shallow} }`;
    const ok = await gql(t, `{ viewer { menu(display: PC) { ${shallow} } } }`, {}, { token: admin });
    expect(ok.body.errors).toBeUndefined();
  });

  it('refuses too many aliases', async () => {
    const aliases = Array.from({ length: 40 }, (_, i) => `a${i}: databaseId`).join(' ');
    const res = await gql(t, `{ viewer { ${aliases} } }`, {}, { token: admin });
    expect(res.body.data ?? null).toBeNull();
    expect(res.body.errors?.map((e) => [e.extensions?.code, e.message])).toEqual([['TOO_MANY_ALIASES', '查询别名过多：最多30个']]);
  });

  it('refuses too many directives and too many tokens, each with its code and a message naming the limit', async () => {
    const directives = Array.from({ length: 60 }, () => '__typename @include(if: true)').join(' ');
    const many = await gql(t, `{ viewer { ${directives} } }`, {}, { token: admin });
    expect(many.body.data ?? null).toBeNull();
    expect(many.body.errors?.map((e) => [e.extensions?.code, e.message])).toEqual([['TOO_MANY_DIRECTIVES', '查询指令过多：最多50个']]);

    const fields = Array.from({ length: 6000 }, () => '__typename').join(' ');
    const long = await gql(t, `{ viewer { ${fields} } }`, {}, { token: admin });
    expect(long.body.data ?? null).toBeNull();
    expect(long.body.errors?.map((e) => [e.extensions?.code, e.message])).toEqual([['TOO_MANY_TOKENS', '查询过长：最多5000个词法单元']]);
  });

  it('does not suggest field names to strangers or leak internals on unknown fields', async () => {
    const res = await gql(t, '{ viewer { passwordHas } }', {}, { token: admin });
    expect(res.body.errors?.length).toBeGreaterThan(0);
    expectNoInternals(JSON.stringify(res.body));
  });

  it('never leaks stack traces, SQL or ORM names in errors', async () => {
    const responses = [
      await gql(t, '{ node(id: "VXNlcjo5OTk5OTk=") { id } }', {}, { token: admin }), // User:999999
      await gql(t, '{ node(id: "garbage") { id } }', {}, { token: admin }),
      await gql(t, '{ viewer { databaseId } }', {}, { token: 'x'.repeat(5000) }),
      await gql(t, '{ operationLogs(first: 5, filter: { from: "not a date" }) { edges { cursor } } }', {}, { token: admin }),
      await gql(t, '{ users(first: -1) { edges { cursor } } }', {}, { token: admin }),
      await gql(t, '{ timeZones(first: 100000) { edges { cursor } } }', {}, { token: admin }),
      await gql(t, 'mutation { refreshToken(input: { token: "' + 'y'.repeat(300) + '" }) { __typename } }'),
      await gql(t, 'mutation { login(input: { account: "admin\\u0000", password: "x" }) { __typename ... on Error { message } } }', {}, { headers: { 'x-forwarded-for': uniqueAddress() } }),
    ];
    for (const res of responses) expectNoInternals(JSON.stringify(res.body));
  });
});
