/**
 * One rule for minors' personal data: the User node (GraphQL), the legacy person JSON and the
 * archive's masking all follow the personal-data right (`archive.sensitive`). A lecturer of
 * the student, who lacks it, sees birthday, mobile and e-mail neither on the person nor in the
 * archive; granting the right to the lecturer role opens both at once, taking it away closes both.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, gql, type TestApp } from '../../helpers/app.ts';
import { call, gid, gqlTokens, idOf, restTokens, run } from '../archives/support.ts';

let t: TestApp;
let g: Record<string, string>;
let r: Record<string, string>;
let student: { id: number; gid: string };
let archive: { id: number; gid: string };

const PERSON = { email: 'minor.align@example.net', mobile: '13900002222', birthday: '2012-03-04' };
const BIO = { phone: '13812345678', email: 'kid.align@example.net', birthday: '2012-03-04' };
const BIO_MASKED = { phone: '138******78', email: 'k***@example.net', birthday: '2012-**-**' };

beforeAll(async () => {
  t = await createTestApp();
  g = await gqlTokens(t, 'admin', 'consultant', 'lecturer');
  r = await restTokens(t, 'consultant', 'lecturer');
  const consultant = await idOf(t, 'consultant');
  const lecturer = await idOf(t, 'lecturer');
  const made = await run(t, g.admin!, `mutation($input: CreateArchiveInput!) { createArchive(input: $input) { ... on ArchivePayload { archive { id databaseId student { databaseId } } } ... on Error { message } } }`, {
    input: { surName: '周', name: '小对齐', consultantId: gid('User', consultant), grade: 7, year: 2027 },
  });
  const a = made.createArchive.archive;
  archive = { id: a.databaseId, gid: a.id };
  student = { id: a.student.databaseId, gid: gid('User', a.student.databaseId) };
  await t.db.user.update({
    where: { id: student.id },
    data: { consultantId: consultant, lecturerId: lecturer, email: PERSON.email, mobile: PERSON.mobile, birthday: new Date(`${PERSON.birthday}T00:00:00.000Z`) },
  });
  const saved = await run(t, g.admin!, `mutation($input: SaveArchiveBioInput!) { saveArchiveBio(input: $input) { __typename ... on Error { message } } }`, { input: { archiveId: archive.gid, ...BIO } });
  expect(saved.saveArchiveBio.__typename).toBe('SaveArchiveSectionPayload');
});

afterAll(async () => {
  await t?.close();
});

/** What one staff member sees of the student: the User node, the legacy detail, and the archive bio on both doors. */
async function seen(account: string) {
  const node = await gql<{ person: { email: string | null; mobile: string | null; birthday: string | null }; archive: { bio: Record<string, string> | null } }>(
    t,
    `query($p: ID!, $a: ID!) { person: node(id: $p) { ... on User { email mobile birthday } } archive: node(id: $a) { ... on Archive { bio { phone email birthday } } } }`,
    { p: student.gid, a: archive.gid },
    { token: g[account] },
  );
  expect(node.body.errors, JSON.stringify(node.body.errors)).toBeUndefined();
  const detail = await call(t, r[account]!, '/user/getUserDetail', { json: { id: student.id } });
  expect(detail.status, detail.message).toBe('success');
  const legacyArchive = await call(t, r[account]!, '/archive/getArchiveAndStudentDetail', { query: { id: archive.id } });
  expect(legacyArchive.status, legacyArchive.message).toBe('success');
  return {
    person: node.body.data!.person,
    legacyPerson: { email: detail.data.email, mobile: detail.data.mobile, birthday: detail.data.birthday },
    bio: node.body.data!.archive.bio,
    legacyBio: { phone: legacyArchive.data.bio.phone, email: legacyArchive.data.bio.email, birthday: legacyArchive.data.bio.birthday },
  };
}

const HIDDEN = { email: null, mobile: null, birthday: null };

async function grantToLecturers(granted: boolean) {
  const role = await t.db.role.findUniqueOrThrow({ where: { code: 'lecturer' }, select: { id: true } });
  const right = await t.db.right.findUniqueOrThrow({ where: { key: 'archive.sensitive' }, select: { id: true } });
  if (granted) await t.db.roleRight.create({ data: { roleId: role.id, rightId: right.id } });
  else await t.db.roleRight.delete({ where: { roleId_rightId: { roleId: role.id, rightId: right.id } } });
}

describe("minors' personal data: one rule for the person and the archive", () => {
  it("the student's own lecturer (no personal-data right) sees them neither on the person nor in the archive, on both doors", async () => {
    const v = await seen('lecturer');
    expect(v.person).toEqual(HIDDEN);
    expect(v.legacyPerson).toEqual(HIDDEN);
    expect(v.bio).toEqual(BIO_MASKED);
    expect(v.legacyBio).toEqual(BIO_MASKED);
  });

  it("the student's consultant (who holds the right) sees them on the person and in the archive", async () => {
    const v = await seen('consultant');
    expect(v.person).toEqual(PERSON);
    expect(v.legacyPerson).toEqual(PERSON);
    expect(v.bio).toEqual(BIO);
    expect(v.legacyBio).toEqual(BIO);
  });

  it('granting the right to the lecturer role opens both at once; taking it away closes both', async () => {
    await grantToLecturers(true);
    const open = await seen('lecturer');
    expect(open.person).toEqual(PERSON);
    expect(open.legacyPerson).toEqual(PERSON);
    expect(open.bio).toEqual(BIO);
    expect(open.legacyBio).toEqual(BIO);
    await grantToLecturers(false);
    const closed = await seen('lecturer');
    expect(closed.person).toEqual(HIDDEN);
    expect(closed.bio).toEqual(BIO_MASKED);
  });
});
