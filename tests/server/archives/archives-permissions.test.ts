/**
 * The permission matrix: for each demo role and each archive state (not filed, filed), who
 * sees the archive, who reads the bio and whether sensitive fields arrive masked, and who may
 * edit it, on both doors. Parents and students never read archives. Every unmasked read is
 * in the access log; masked reads are not.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, gql, type TestApp } from '../../helpers/app.ts';
import { call, gid, gqlTokens, idOf, restTokens, run } from './support.ts';

const ROLES = ['admin', 'manager', 'consultant', 'lecturer', 'sales', 'partner', 'parent.demo', 'student.demo'] as const;
type Role = (typeof ROLES)[number];

let t: TestApp;
let g: Record<string, string>;
let r: Record<string, string>;
const archives: Record<'open' | 'filed', { id: number; gid: string }> = {} as never;

const SENSITIVE = { passport: 'E12345678', phone: '13812345678', email: 'kid.li@example.net', birthday: '2012-05-18', homeAddress: '上海市浦东新区世纪大道100号' };
const MASKED = { passport: 'E****78', phone: '138******78', email: 'k***@example.net', birthday: '2012-**-**', homeAddress: '上海市浦东新****' };

/** What each role may do, per state: 'clear' | 'masked' | 'none' (no read) | 'hidden' (not visible) | 'forbidden' (area refused). */
const MATRIX: Record<Role, { open: { read: string; edit: boolean }; filed: { read: string; edit: boolean } }> = {
  admin: { open: { read: 'clear', edit: true }, filed: { read: 'clear', edit: true } },
  manager: { open: { read: 'clear', edit: true }, filed: { read: 'clear', edit: true } },
  consultant: { open: { read: 'clear', edit: true }, filed: { read: 'clear', edit: false } },
  lecturer: { open: { read: 'masked', edit: false }, filed: { read: 'none', edit: false } },
  sales: { open: { read: 'masked', edit: true }, filed: { read: 'masked', edit: false } },
  partner: { open: { read: 'hidden', edit: false }, filed: { read: 'hidden', edit: false } },
  'parent.demo': { open: { read: 'forbidden', edit: false }, filed: { read: 'forbidden', edit: false } },
  'student.demo': { open: { read: 'forbidden', edit: false }, filed: { read: 'forbidden', edit: false } },
};

beforeAll(async () => {
  t = await createTestApp();
  g = await gqlTokens(t, ...ROLES);
  r = await restTokens(t, ...ROLES);
  const consultant = await idOf(t, 'consultant');
  const sales = await idOf(t, 'sales');
  const lecturer = await idOf(t, 'lecturer');
  for (const state of ['open', 'filed'] as const) {
    const made = await run(t, g.admin!, `mutation($input: CreateArchiveInput!) { createArchive(input: $input) { ... on ArchivePayload { archive { id databaseId student { databaseId } } } ... on Error { message } } }`, {
      input: { surName: '李', name: state === 'open' ? '小雨' : '小雪', consultantId: gid('User', consultant), salespersonId: gid('User', sales), grade: 7, year: 2027 },
    });
    const a = made.createArchive.archive;
    archives[state] = { id: a.databaseId, gid: a.id };
    await t.db.user.update({ where: { id: a.student.databaseId }, data: { lecturerId: lecturer } });
    const saved = await run(t, g.admin!, `mutation($input: SaveArchiveBioInput!) { saveArchiveBio(input: $input) { __typename ... on Error { message } } }`, { input: { archiveId: a.id, ...SENSITIVE } });
    expect(saved.saveArchiveBio.__typename).toBe('SaveArchiveSectionPayload');
    await run(t, g.admin!, `mutation($id: ID!) { publishArchive(input: {id: $id}) { __typename } }`, { id: a.id });
    if (state === 'filed') await run(t, g.admin!, `mutation($id: ID!) { archiveArchive(input: {id: $id}) { __typename } }`, { id: a.id });
  }
});
afterAll(async () => {
  await t.close();
});

const BIO = 'passport phone email birthday homeAddress';

async function graphqlRead(role: Role, state: 'open' | 'filed') {
  return gql<{ node: { bio: Record<string, string> | null } | null }>(t, `query($id: ID!) { node(id: $id) { ... on Archive { databaseId bio { ${BIO} } } } }`, { id: archives[state].gid }, { token: g[role] });
}

describe('reading the bio', () => {
  for (const role of ROLES) {
    for (const state of ['open', 'filed'] as const) {
      const expected = MATRIX[role][state].read;
      it(`${role}, ${state === 'open' ? 'not filed' : 'filed'}: ${expected} on both doors`, async () => {
        const gq = await graphqlRead(role, state);
        const legacy = await call(t, r[role]!, '/archive/getArchiveAndStudentDetail', { query: { id: archives[state].id } });
        if (expected === 'forbidden') {
          // node(id:) answers a hidden node as null; the archive list refuses them outright (below).
          expect(gq.body.data?.node ?? null).toBeNull();
          expect(legacy).toMatchObject({ status: 'error', message: '没有权限执行该操作', data: null });
          return;
        }
        expect(gq.body.errors, JSON.stringify(gq.body.errors)).toBeUndefined();
        if (expected === 'hidden') {
          expect(gq.body.data?.node).toBeNull();
          expect(legacy).toMatchObject({ status: 'error', message: '数据不存在' });
          return;
        }
        expect(legacy.status, legacy.message).toBe('success');
        if (expected === 'none') {
          expect(gq.body.data?.node?.bio).toBeNull();
          expect(legacy.data.bio).toBeNull();
          const direct = await call(t, r[role]!, '/fs/family/getFamilyAndFamilyDetailByArchivesId', { query: { archivesId: archives[state].id } });
          expect(direct).toMatchObject({ status: 'error', message: '没有查看“家庭情况”的权限' });
          return;
        }
        const want = expected === 'clear' ? SENSITIVE : MASKED;
        expect(gq.body.data?.node?.bio).toEqual(want);
        expect(legacy.data.bio).toMatchObject(want);
      });
    }
  }
});

describe('editing the bio', () => {
  for (const role of ROLES) {
    for (const state of ['open', 'filed'] as const) {
      const allowed = MATRIX[role][state].edit;
      it(`${role}, ${state === 'open' ? 'not filed' : 'filed'}: ${allowed ? 'may edit' : 'is refused'} on both doors`, async () => {
        const a = archives[state];
        const gq = await gql<{ saveArchiveBio: { __typename: string; code?: string; message?: string } }>(
          t,
          `mutation($a: ID!) { saveArchiveBio(input: {archiveId: $a, enName: "Rain"}) { __typename ... on Error { code message } } }`,
          { a: a.gid },
          { token: g[role] },
        );
        const legacy = await call(t, r[role]!, '/archive/save', { json: { id: a.id, enName: 'Rainy' } });
        if (allowed) {
          expect(gq.body.data?.saveArchiveBio.__typename, JSON.stringify(gq.body)).toBe('SaveArchiveSectionPayload');
          expect(legacy.status, legacy.message).toBe('success');
          return;
        }
        const refusal = gq.body.data?.saveArchiveBio;
        if (MATRIX[role][state].read === 'hidden') {
          expect(refusal).toMatchObject({ code: 'NOT_FOUND' });
          expect(legacy).toMatchObject({ status: 'error', message: '数据不存在' });
        } else if (MATRIX[role][state].read === 'forbidden') {
          expect(refusal).toMatchObject({ code: 'FORBIDDEN', message: '没有权限执行该操作' });
          expect(legacy).toMatchObject({ status: 'error', message: '没有权限执行该操作' });
        } else {
          expect(refusal).toMatchObject({ code: 'FORBIDDEN', message: '没有修改“学员信息”的权限' });
          expect(legacy).toMatchObject({ status: 'error', message: '没有修改“学员信息”的权限' });
        }
      });
    }
  }

  it('refused edits changed nothing', async () => {
    const bio = await t.db.archiveBio.findUniqueOrThrow({ where: { archiveId: archives.filed.id } });
    // Only admin and manager could edit the filed archive; their last write was the legacy one.
    expect(bio.enName).toBe('Rainy');
  });
});

describe('rows each role sees', () => {
  it("consultants see only archives they consult or act for; managers their departments'; partners none", async () => {
    const consultant = await idOf(t, 'consultant');
    const list = await run(t, g.consultant!, `{ archives(first: 500) { totalCount edges { node { consultant { databaseId } actingConsultant { databaseId } } } } }`);
    expect(list.archives.totalCount).toBeGreaterThan(0);
    for (const e of list.archives.edges) expect([e.node.consultant?.databaseId, e.node.actingConsultant?.databaseId]).toContain(consultant);
    const legacy = await call(t, r.consultant!, '/archive/listByPage', { json: { pageResult: { currentPage: 1, pageSize: 500 } } });
    expect(legacy.data.rows).toBe(list.archives.totalCount);
    for (const row of legacy.data.resultList) expect([row.consultantId, row.actingConsultantId]).toContain(consultant);
    expect((await run(t, g.partner!, `{ archives(first: 5) { totalCount } }`)).archives.totalCount).toBe(0);
    const all = await t.db.archive.count({ where: { deletedAt: null } });
    expect((await run(t, g.admin!, `{ archives(first: 5) { totalCount } }`)).archives.totalCount).toBe(all);
  });

  it('a manager sees only the archives of their departments', async () => {
    // wang.fang heads no department of the US group's consultants: give them the manager role and check the scope.
    const lin = await t.db.user.findUniqueOrThrow({ where: { account: 'lin.xiao' }, include: { department: true } });
    const managerRole = await t.db.role.findUniqueOrThrow({ where: { code: 'manager' } });
    await t.db.userRole.createMany({ data: [{ userId: lin.id, roleId: managerRole.id }], skipDuplicates: true });
    const token = (await gqlTokens(t, 'lin.xiao'))['lin.xiao']!;
    const departments = await t.db.department.findMany({ select: { id: true, parentId: true, managerId: true } });
    const mine = new Set<number>([lin.departmentId!, ...departments.filter((d) => d.managerId === lin.id).map((d) => d.id)]);
    let grew = true;
    while (grew) {
      grew = false;
      for (const d of departments)
        if (d.parentId && mine.has(d.parentId) && !mine.has(d.id)) {
          mine.add(d.id);
          grew = true;
        }
    }
    const inScope = { in: [...mine] };
    const expected = await t.db.archive.count({
      where: {
        deletedAt: null,
        OR: [
          { consultant: { departmentId: inScope } },
          { actingConsultant: { departmentId: inScope } },
          { sales: { departmentId: inScope } },
          { consultantId: lin.id },
          { actingConsultantId: lin.id },
          { consultantId: null, actingConsultantId: null },
        ],
      },
    });
    const seen = await run(t, token, `{ archives(first: 1) { totalCount } }`);
    expect(seen.archives.totalCount).toBe(expected);
    expect(expected).toBeLessThan(await t.db.archive.count({ where: { deletedAt: null } }));
  });

  it("parents and students never read any archive, not even their own family's", async () => {
    const child = await t.db.user.findUniqueOrThrow({ where: { account: 'student.demo' }, include: { archive: true } });
    expect(child.archive).not.toBeNull();
    for (const role of ['parent.demo', 'student.demo'] as const) {
      const list = await gql(t, `{ archives(first: 5) { totalCount } }`, {}, { token: g[role] });
      expect(list.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      const node = await gql(t, `query($id: ID!) { node(id: $id) { id } }`, { id: gid('Archive', child.archive!.id) }, { token: g[role] });
      expect((node.body.data as { node: unknown } | undefined)?.node ?? null).toBeNull();
      for (const [path, query] of [
        ['/archive/getArchiveAndStudentDetail', { id: child.archive!.id }],
        ['/py/archives/getById', { id: child.archive!.id }],
        ['/fs/family/getFamilyAndFamilyDetailByArchivesId', { archivesId: child.archive!.id }],
        ['/studentSurvey/getStudentSurveyByArchivesId', { archivesId: child.archive!.id }],
      ] as const) {
        expect(await call(t, r[role]!, path, { query }), path).toMatchObject({ status: 'error', message: '没有权限执行该操作' });
      }
      expect(await call(t, r[role]!, '/archive/listByPage', { json: {} })).toMatchObject({ status: 'error', message: '没有权限执行该操作' });
      expect(await call(t, r[role]!, '/py/archives/listArchivessByPage', { json: {} })).toMatchObject({ status: 'error' });
    }
  });
});

describe('masking in every section and the access log', () => {
  it('family members, accounts and cards are masked for sales and in clear for the consultant', async () => {
    const a = archives.open;
    const rows = await run(
      t,
      g.admin!,
      `mutation($a: ID!) {
      f: saveArchiveFamilyMembers(input: {archiveId: $a, rows: [{kind: 1, relation: 2, name: "王芳", phone: "13900001111", email: "mum@example.net", birthday: "1980-03-04"}]}) { __typename }
      c: saveArchiveCards(input: {archiveId: $a, rows: [{holderName: "Fang Wang", last4: "4242", billingAddress: "上海市浦东新区世纪大道100号"}]}) { __typename }
      x: saveArchiveApplicationAccounts(input: {archiveId: $a, rows: [{platform: 1, account: "li.xiaoyu", password: "Secret#123"}]}) { __typename }
    }`,
      { a: a.gid },
    );
    expect(rows).toEqual({ f: { __typename: 'SaveArchiveSectionPayload' }, c: { __typename: 'SaveArchiveSectionPayload' }, x: { __typename: 'SaveArchiveSectionPayload' } });
    await t.db.archiveAccessLog.deleteMany({});
    const q = `query($id: ID!) { node(id: $id) { ... on Archive { familyMembers { phone email birthday } cards { last4 billingAddress } applicationAccounts { account password } } } }`;
    const consultantView = await run(t, g.consultant!, q, { id: a.gid });
    expect(consultantView.node.familyMembers[0]).toEqual({ phone: '13900001111', email: 'mum@example.net', birthday: '1980-03-04' });
    expect(consultantView.node.cards[0]).toEqual({ last4: '4242', billingAddress: '上海市浦东新区世纪大道100号' });
    expect(consultantView.node.applicationAccounts[0]).toEqual({ account: 'li.xiaoyu', password: 'Secret#123' });
    const managerRest = await call(t, r.manager!, '/fs/others/getOthersByArchivesId', { query: { archivesId: a.id } });
    expect(managerRest.data.cards[0]).toMatchObject({ last4: '4242' });

    // Sales may read the family (open archives) but not accounts or cards: those are null.
    const salesView = await run(t, g.sales!, q, { id: a.gid });
    expect(salesView.node.familyMembers[0]).toEqual({ phone: '139******11', email: 'm***@example.net', birthday: '1980-**-**' });
    expect(salesView.node.cards).toBeNull();
    const salesRest = await call(t, r.sales!, '/fs/family/getFamilyAndFamilyDetailByArchivesId', { query: { archivesId: a.id } });
    expect(salesRest.data.details[0]).toMatchObject({ phone: '139******11', email: 'm***@example.net', birthday: '1980-**-**' });

    const logs = await t.db.archiveAccessLog.findMany({ orderBy: { id: 'asc' } });
    const consultantId = await idOf(t, 'consultant');
    const salesId = await idOf(t, 'sales');
    expect(logs.filter((l) => l.userId === salesId)).toEqual([]);
    const mine = logs.filter((l) => l.userId === consultantId);
    expect(mine.map((l) => l.section).sort()).toEqual(['applicationAccounts', 'cards', 'familyMembers']);
    expect(mine.find((l) => l.section === 'familyMembers')!.fields.sort()).toEqual(['birthday', 'email', 'phone']);
    expect(mine.every((l) => l.door === 'GRAPHQL' && l.archiveId === a.id)).toBe(true);
    expect(logs.some((l) => l.door === 'REST' && l.section === 'cards')).toBe(true);
  });

  it('the light archive and the backup mask the same way', async () => {
    const a = archives.open;
    const light = await call(t, r.sales!, '/py/archives/getById', { query: { id: a.id } });
    expect(light.data.student).toMatchObject({ birthday: MASKED.birthday, email: MASKED.email, phone: MASKED.phone });
    const lightClear = await call(t, r.consultant!, '/py/archives/getById', { query: { id: a.id } });
    expect(lightClear.data.student).toMatchObject({ birthday: SENSITIVE.birthday, email: SENSITIVE.email });
    expect(await call(t, r.consultant!, '/archive/backup', { json: { archivesId: a.id } })).toMatchObject({ status: 'error', message: '没有权限执行该操作' });
    const backup = await call(t, r.manager!, '/archive/backup', { json: { archivesId: a.id } });
    expect(backup.data.sections.bio).toMatchObject(SENSITIVE);
    const gqlBackup = await run(t, g.admin!, `query($id: ID!) { archiveBackup(id: $id) { ... on ArchiveBackup { json } } }`, { id: a.gid });
    const parsed = JSON.parse(gqlBackup.archiveBackup.json);
    expect(parsed.archive).toMatchObject({ id: a.id, status: 2 });
    expect(Object.keys(parsed.sections)).toEqual(expect.arrayContaining(['bio', 'educations', 'family', 'familyMembers', 'awards', 'vericant', 'toefl', 'ssat', 'survey', 'writings']));
    expect(await t.db.archiveAccessLog.count({ where: { section: 'backup', archiveId: a.id } })).toBeGreaterThan(0);
  });

  it('the access log is readable by administrators only', async () => {
    await run(t, g.consultant!, `query($id: ID!) { node(id: $id) { ... on Archive { bio { passport } } } }`, { id: archives.open.gid });
    const admin = await run(t, g.admin!, `query($id: ID!) { node(id: $id) { ... on Archive { accessLog(first: 5) { account section fields door } } } }`, { id: archives.open.gid });
    // The section is read whole by the service, so the entry names every sensitive field it returned in clear.
    expect(admin.node.accessLog).toContainEqual({ account: 'consultant', section: 'bio', fields: expect.arrayContaining(['passport', 'birthday', 'phone', 'email', 'homeAddress']), door: 'GRAPHQL' });
    const manager = await run(t, g.manager!, `query($id: ID!) { node(id: $id) { ... on Archive { accessLog { account } } } }`, { id: archives.open.gid });
    expect(manager.node.accessLog).toBeNull();
  });

  it('module permissions per role are visible to the client', async () => {
    const res = await run(t, g.lecturer!, `query($id: ID!) { node(id: $id) { ... on Archive { permissions { code read edit } isShowScore } } }`, { id: archives.open.gid });
    const perms = Object.fromEntries(res.node.permissions.map((p: { code: string; read: boolean; edit: boolean }) => [p.code, p]));
    expect(perms.bio).toMatchObject({ read: true, edit: false });
    expect(perms.family).toMatchObject({ read: false, edit: false });
    expect(res.node.isShowScore).toBe(false);
  });
});
