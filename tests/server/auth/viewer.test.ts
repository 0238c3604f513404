/**
 * The viewer (roles, language, time zone, menu, rights), node(id:) and who may see
 * which person and which personal data.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, createTestApp, gql, loginGql, type TestApp } from '../../helpers/app.ts';
import { globalId, userId } from '../support.ts';

let t: TestApp;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const [role, who] of Object.entries(DEMO)) tokens[role] = await loginGql(t, who);
});

afterAll(async () => {
  await t.close();
});

type Menu = { key: string; path: string; title: string; titleEn: string; displayType: string; children: Menu[] };

const MENU_FIELDS = 'key path title titleEn displayType';
const MENU = `{ viewer { menu(display: PC) { ${MENU_FIELDS} children { ${MENU_FIELDS} children { ${MENU_FIELDS} children { ${MENU_FIELDS} } } } } } }`;

function flatten(nodes: Menu[]): Menu[] {
  return nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);
}

async function menuOf(token: string): Promise<Menu[]> {
  const res = await gql<{ viewer: { menu: Menu[] } }>(t, MENU, {}, { token });
  expect(res.body.errors).toBeUndefined();
  return res.body.data!.viewer.menu;
}

async function can(token: string, right: string): Promise<boolean> {
  const res = await gql<{ viewer: { can: boolean } }>(t, 'query($r: String!) { viewer { can(right: $r) } }', { r: right }, { token });
  expect(res.body.errors).toBeUndefined();
  return res.body.data!.viewer.can;
}

describe('viewer', () => {
  it('gives the administrator roles, language and time zone', async () => {
    const res = await gql<{
      viewer: {
        databaseId: number;
        roles: Array<{ code: string }>;
        language: string;
        timeZone: { name: string; nameZh: string; nameEn: string } | null;
        user: { account: string; name: string };
      };
    }>(t, '{ viewer { databaseId roles { code } language timeZone { name nameZh nameEn } user { account name } } }', {}, { token: tokens.admin });
    expect(res.body.errors).toBeUndefined();
    const v = res.body.data!.viewer;
    expect(v.databaseId).toBe(await userId(t, 'admin'));
    expect(v.roles.map((r) => r.code)).toEqual(['admin']);
    expect(v.language).toBe('ZH');
    expect(v.timeZone?.name).toBe('Asia/Shanghai');
    expect(v.timeZone?.nameZh).toMatch(/上海/);
    expect(v.timeZone?.nameEn).toMatch(/Shanghai|China/);
    expect(v.user.account).toBe('admin');
  });

  it('gives each demo user their own role', async () => {
    for (const role of ['manager', 'consultant', 'lecturer', 'sales', 'partner'] as const) {
      const res = await gql<{ viewer: { roles: Array<{ code: string }> } }>(t, '{ viewer { roles { code } } }', {}, { token: tokens[role] });
      expect(
        res.body.data!.viewer.roles.map((r) => r.code),
        role,
      ).toEqual([role]);
    }
  });

  it('gives the administrator a PC menu tree whose nodes carry path, titles and children', async () => {
    const menu = await menuOf(tokens.admin!);
    expect(menu.length).toBeGreaterThan(0);
    const all = flatten(menu);
    for (const node of all) {
      expect(node.path, node.key).toBeTruthy();
      expect(node.title, node.key).toBeTruthy();
      expect(node.titleEn, node.key).toBeTruthy();
      expect(Array.isArray(node.children), node.key).toBe(true);
      expect(node.displayType, node.key).toBe('PC');
    }
    expect(menu.some((n) => n.children.length > 0)).toBe(true);
    // The administrator holds every PC right, including role control and the operation log.
    const keys = all.map((n) => n.key);
    expect(keys).toEqual(expect.arrayContaining(['roleControl.list', 'operationLog', 'working', 'archives.list']));
    // Mobile entries are not part of the PC menu.
    expect(keys.some((k) => k.startsWith('mobile.'))).toBe(false);
  });

  it('gives the consultant a smaller menu with no role control', async () => {
    const admin = flatten(await menuOf(tokens.admin!));
    const consultant = flatten(await menuOf(tokens.consultant!));
    expect(consultant.length).toBeGreaterThan(0);
    expect(consultant.length).toBeLessThan(admin.length);
    const keys = consultant.map((n) => n.key);
    expect(keys.filter((k) => k.startsWith('roleControl'))).toEqual([]);
    expect(keys).not.toContain('operationLog');
    expect(keys).toEqual(expect.arrayContaining(['working', 'archives', 'archives.list']));
    // Every entry of a smaller menu is an entry of the administrator's menu.
    const adminKeys = new Set(admin.map((n) => n.key));
    for (const k of keys) expect(adminKeys.has(k), k).toBe(true);
  });

  it('keeps the menu tree connected: a granted child appears under its parent', async () => {
    // Sales hold archives.list but not the whole archives tree.
    const sales = await menuOf(tokens.sales!);
    const archives = sales.find((n) => n.key === 'archives');
    expect(archives).toBeDefined();
    expect(archives!.children.map((c) => c.key)).toContain('archives.list');
    expect(flatten(sales).filter((n) => n.key === 'archives.list')).toHaveLength(1);
  });

  it('never offers a menu group the role cannot open: no group without a visible child and a page of its own', async () => {
    const FIELDS = 'key hidden component';
    type Node = { key: string; hidden: boolean; component: string | null; children?: Node[] };
    const query = `{ viewer { menu(display: PC) { ${FIELDS} children { ${FIELDS} children { ${FIELDS} children { ${FIELDS} } } } } } }`;
    const all = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...all(n.children ?? [])]);
    for (const role of Object.keys(DEMO) as Array<keyof typeof DEMO>) {
      const res = await gql<{ viewer: { menu: Node[] } }>(t, query, {}, { token: tokens[role] });
      expect(res.body.errors).toBeUndefined();
      for (const node of all(res.body.data!.viewer.menu)) {
        if (node.hidden || node.component) continue;
        expect(
          (node.children ?? []).some((c) => !c.hidden),
          `${role}: ${node.key}`,
        ).toBe(true);
      }
    }
    // The sales role holds only a hidden page under 人员 (People): the group is left out.
    const sales = flatten(await menuOf(tokens.sales!)).map((n) => n.key);
    expect(sales).not.toContain('people');
    expect(sales).toEqual(expect.arrayContaining(['working', 'archives', 'archives.list', 'notification']));
    // The administrator still has every group.
    expect((await menuOf(tokens.admin!)).map((n) => n.key)).toEqual(expect.arrayContaining(['people', 'system']));
  });

  it('gives a mobile menu for the mobile display types', async () => {
    const res = await gql<{ viewer: { nav: Menu[]; fn: Menu[] } }>(
      t,
      '{ viewer { nav: menu(display: MOBILE_NAV) { key displayType } fn: menu(display: MOBILE_FUNCTION) { key displayType } } }',
      {},
      { token: tokens.lecturer },
    );
    expect(res.body.errors).toBeUndefined();
    const { nav, fn } = res.body.data!.viewer;
    expect(nav.length).toBeGreaterThan(0);
    expect(nav.every((n) => n.displayType === 'MOBILE_NAV')).toBe(true);
    expect(fn.map((n) => n.key).sort()).toEqual(['mobile.feedback', 'mobile.signIn']);
  });

  it('answers can(right:) from the rights of the roles', async () => {
    expect(await can(tokens.admin!, 'operationLog.read')).toBe(true);
    expect(await can(tokens.consultant!, 'operationLog.read')).toBe(false);
    expect(await can(tokens.consultant!, 'archives.list')).toBe(true);
    expect(await can(tokens.consultant!, 'roleControl.list')).toBe(false);
    expect(await can(tokens.admin!, 'no.such.right')).toBe(false);
  });

  it('offers the operation log (menu entry and can()) only to those the server lets read it', async () => {
    // The client shows the page and its data from can(right:) and the menu; the server decides
    // with its policy. The two must agree, or users get a menu entry that only ever fails.
    for (const role of ['admin', 'manager', 'consultant', 'lecturer', 'sales', 'partner'] as const) {
      const token = tokens[role]!;
      const res = await gql<{ operationLogs: { edges: unknown[] } | null }>(t, '{ operationLogs(first: 1) { edges { cursor } } }', {}, { token });
      const served = !res.body.errors?.length;
      expect(await can(token, 'operationLog.read'), role).toBe(served);
      const keys = flatten(await menuOf(token)).map((n) => n.key);
      expect(keys.includes('operationLog'), role).toBe(served);
    }
  });

  it('is refused without a token', async () => {
    const res = await gql(t, '{ viewer { menu(display: PC) { key } } }');
    expect(res.body.data ?? null).toBeNull();
    expect(res.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});

describe('node(id:)', () => {
  const NODE = `query($id: ID!) { node(id: $id) { __typename id ... on User { databaseId name account type email } } }`;

  it('fetches a user the caller may see', async () => {
    const consultantId = await userId(t, 'consultant');
    // The id as the server hands it out.
    const list = await gql<{ users: { edges: Array<{ node: { id: string; databaseId: number } }> } }>(
      t,
      '{ users(first: 5, filter: { search: "consultant" }) { edges { node { id databaseId } } } }',
      {},
      { token: tokens.admin },
    );
    const id = list.body.data!.users.edges.find((e) => e.node.databaseId === consultantId)!.node.id;
    expect(id).toBe(globalId('User', consultantId));

    const res = await gql<{ node: { __typename: string; id: string; databaseId: number; name: string; account: string; type: string } }>(t, NODE, { id }, { token: tokens.manager });
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data!.node).toMatchObject({ __typename: 'User', id, databaseId: consultantId, account: 'consultant', name: '张晓雯', type: 'STAFF' });
  });

  it('answers null, without an error, for a well-formed id of a user that does not exist', async () => {
    // Relay's node(id:) contract: a missing object is null. A deleted user is not a server failure.
    const res = await gql<{ node: unknown }>(t, NODE, { id: globalId('User', 999999) }, { token: tokens.admin });
    expect(res.body.data).toEqual({ node: null });
    expect(res.body.errors).toBeUndefined();
  });

  it('answers an error, not a server failure, for an id that is not a global id', async () => {
    const res = await gql<{ node: unknown }>(t, NODE, { id: 'garbage' }, { token: tokens.admin });
    expect(res.body.data?.node ?? null).toBeNull();
    expect(res.body.errors?.[0]?.extensions?.code).not.toBe('INTERNAL_SERVER_ERROR');
  });

  it('does not let a partner see a student', async () => {
    const student = await t.db.user.findFirstOrThrow({ where: { type: 3 }, orderBy: { id: 'asc' } });
    const res = await gql<{ node: { name?: string } | null }>(t, NODE, { id: globalId('User', student.id) }, { token: tokens.partner });
    const text = JSON.stringify(res.body);
    expect(res.body.data?.node?.name).toBeUndefined();
    expect(text).not.toContain(student.name);
    if (student.email) expect(text).not.toContain(student.email);
    if (student.nameEn) expect(text).not.toContain(student.nameEn);
    // The admin does see the student, so the id is right.
    const admin = await gql<{ node: { name: string } | null }>(t, NODE, { id: globalId('User', student.id) }, { token: tokens.admin });
    expect(admin.body.data?.node?.name).toBe(student.name);
  });

  it('does not let a partner list students either', async () => {
    const res = await gql<{ users: { edges: Array<{ node: { type: string } }> } }>(t, '{ users(first: 100, filter: { type: STUDENT }) { edges { node { type name } } } }', {}, { token: tokens.partner });
    expect(res.body.data?.users.edges ?? []).toEqual([]);
    const all = await gql<{ users: { edges: Array<{ node: { type: string } }> } }>(t, '{ users(first: 100) { edges { node { type } } } }', {}, { token: tokens.partner });
    expect(all.body.errors).toBeUndefined();
    expect(all.body.data!.users.edges.length).toBeGreaterThan(0);
    expect(all.body.data!.users.edges.every((e) => e.node.type === 'STAFF')).toBe(true);
  });

  it('does not let a student see another student through node(id:)', async () => {
    const me = await userId(t, 'student.demo');
    const other = await t.db.user.findFirstOrThrow({ where: { type: 3, id: { not: me } } });
    const token = await loginGql(t, { account: 'student.demo', password: 'Staff#2026' });
    const res = await gql<{ node: { name?: string } | null }>(t, NODE, { id: globalId('User', other.id) }, { token });
    expect(JSON.stringify(res.body)).not.toContain(other.name);
  });
});

describe('personal data of minors', () => {
  const PERSON = `query($id: ID!) { node(id: $id) { ... on User { databaseId name email mobile birthday } } }`;
  let student: { id: number; name: string };
  let ownLecturer: string;
  let ownConsultant: string;

  beforeAll(async () => {
    const lecturerId = await userId(t, 'lecturer');
    const consultantId = await userId(t, 'consultant');
    const found = await t.db.user.findFirstOrThrow({
      where: {
        type: 3,
        lecturerId: { not: null, notIn: [lecturerId] },
        consultantId: { not: null, notIn: [lecturerId, consultantId] },
        lecturer: { account: { not: null } },
        consultant: { account: { not: null } },
      },
      include: { lecturer: true, consultant: true },
      orderBy: { id: 'asc' },
    });
    // Make sure every personal field has a value to hide.
    await t.db.user.update({
      where: { id: found.id },
      data: { email: 'minor.test@example.net', mobile: '13900001111', birthday: new Date('2011-05-06T00:00:00.000Z') },
    });
    student = { id: found.id, name: found.name };
    ownLecturer = found.lecturer!.account!;
    ownConsultant = found.consultant!.account!;
  });

  async function personal(token: string) {
    const res = await gql<{ node: { databaseId: number; name: string; email: string | null; mobile: string | null; birthday: string | null } }>(t, PERSON, { id: globalId('User', student.id) }, { token });
    expect(res.body.errors).toBeUndefined();
    return res.body.data!.node;
  }

  it('hides email, mobile and birthday from a lecturer who does not teach the student', async () => {
    const seen = await personal(tokens.lecturer!);
    expect(seen).toEqual({ databaseId: student.id, name: student.name, email: null, mobile: null, birthday: null });
  });

  it('hides them from a consultant who does not advise the student', async () => {
    const seen = await personal(tokens.consultant!);
    expect(seen.name).toBe(student.name);
    expect([seen.email, seen.mobile, seen.birthday]).toEqual([null, null, null]);
  });

  it('shows them to the administrator and a manager', async () => {
    for (const role of ['admin', 'manager'] as const) {
      const seen = await personal(tokens[role]!);
      expect(seen, role).toEqual({ databaseId: student.id, name: student.name, email: 'minor.test@example.net', mobile: '13900001111', birthday: '2011-05-06' });
    }
  });

  it("shows them to the student's own consultant, who holds the personal-data right (archive.sensitive)", async () => {
    const token = await loginGql(t, { account: ownConsultant, password: 'Staff#2026' });
    const seen = await personal(token);
    expect(seen.email).toBe('minor.test@example.net');
    expect(seen.birthday).toBe('2011-05-06');
  });

  it("hides them from the student's own lecturer, who lacks that right (the archive masks them for lecturers too)", async () => {
    const token = await loginGql(t, { account: ownLecturer, password: 'Staff#2026' });
    const seen = await personal(token);
    expect([seen.email, seen.mobile, seen.birthday]).toEqual([null, null, null]);
  });

  it('hides them in lists too', async () => {
    const lecturerId = await userId(t, 'lecturer');
    const res = await gql<{
      users: { edges: Array<{ node: { databaseId: number; email: string | null; mobile: string | null; birthday: string | null; lecturer: { databaseId: number } | null; consultant: { databaseId: number } | null } }> };
    }>(t, '{ users(first: 100, filter: { type: STUDENT }) { edges { node { databaseId email mobile birthday lecturer { databaseId } consultant { databaseId } } } } }', {}, { token: tokens.lecturer });
    expect(res.body.errors).toBeUndefined();
    const edges = res.body.data!.users.edges;
    expect(edges.length).toBeGreaterThan(0);
    const mine = edges.filter((e) => e.node.lecturer?.databaseId === lecturerId);
    const others = edges.filter((e) => e.node.lecturer?.databaseId !== lecturerId && e.node.consultant?.databaseId !== lecturerId);
    expect(others.length).toBeGreaterThan(0);
    // A lecturer holds no personal-data right: masked for their own students as for others.
    for (const e of [...others, ...mine]) expect([e.node.email, e.node.mobile, e.node.birthday], String(e.node.databaseId)).toEqual([null, null, null]);
    expect(mine.length).toBeGreaterThan(0);
  });

  it("hides a parent's personal data from staff who are not the family's admin or manager", async () => {
    const parent = await t.db.user.findFirstOrThrow({ where: { type: 2, email: { not: null } } });
    const res = await gql<{ node: { email: string | null; mobile: string | null } }>(t, 'query($id: ID!) { node(id: $id) { ... on User { email mobile } } }', { id: globalId('User', parent.id) }, { token: tokens.sales });
    expect(res.body.data!.node).toEqual({ email: null, mobile: null });
    expect(JSON.stringify(res.body)).not.toContain(parent.email!);
  });
});
