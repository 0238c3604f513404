/**
 * Privacy requests (docs/security.md, "Privacy requests"): the export of everything held about
 * a person as one zip (a job, downloaded by the requester), the legal hold, the erase with its
 * refusals, and the proof that no personal value of the erased person is left in any text or
 * JSON column of any table, nor in the file store.
 */
import { encodeGlobalID } from '@pothos/plugin-relay';
import yauzl from 'yauzl';
import { describe, expect, it } from 'vitest';
import { bytesSource, fileStore } from '../../../server/lib/files.ts';
import { gql, rest } from '../../helpers/app.ts';
import { admin, consultant, manager, t, useSuite } from '../../helpers/suite.ts';

useSuite('admin', 'manager', 'consultant');

/** Distinctive values: each must be gone from every table after the erase. */
const V = {
  name: '龚嘉禾琪',
  userName: 'Qiqi Zephyrine Gong',
  account: 'zephyrine.gong.student',
  studentMail: 'zephyrine.gong@example.net',
  studentMobile: '13917263548',
  passport: 'E93718264',
  address: '梧桐路七十七号金穗苑十八栋',
  bioPhone: '13826471935',
  parentName: '龚鸿燊',
  parentAccount: 'hongshen.gong.parent',
  parentMobile: '13755519284',
  parentMail: 'hongshen.gong@example.org',
  memberName: '龚母芷澜',
  memberPhone: '13644887213',
  essayNote: 'Zephyrine wrote about her grandmother Mei-ling’s tea shop',
  remark: 'Zephyrine prefers boarding schools near Boston',
  progress: 'Zephyrine 面试表现很好',
  loginCopy: 'zephyrine.gong.student',
  fileName: 'zephyrine-transcript.pdf',
  fileText: 'ZEPHYRINE TRANSCRIPT 2026',
};
const DISTINCTIVE = [
  V.name,
  V.userName,
  V.account,
  V.studentMail,
  V.studentMobile,
  V.passport,
  V.address,
  V.bioPhone,
  V.parentName,
  V.parentAccount,
  V.parentMobile,
  V.parentMail,
  V.memberName,
  V.memberPhone,
  'Zephyrine',
  'zephyrine',
];

let seeded: Person | undefined;
/** The one person of the export and erase tests (accounts are unique). */
async function thePerson(): Promise<Person> {
  return (seeded ??= await seedPerson());
}

type Person = { archiveId: number; studentId: number; parentId: number; applicationId: number; fileKey: string; gid: string };

/** A person as the demo seed makes them, with distinctive values in every kind of place. */
async function seedPerson(): Promise<Person> {
  const db = t.db;
  const parent = await db.user.create({ data: { type: 2, account: V.parentAccount, name: V.parentName, mobile: V.parentMobile, email: V.parentMail } });
  const student = await db.user.create({ data: { type: 3, account: V.account, name: V.name, nameEn: V.userName, mobile: V.studentMobile, email: V.studentMail, birthday: new Date('2011-03-04'), parentId: parent.id } });
  const staff = await db.user.findFirstOrThrow({ where: { account: 'consultant' } });
  const archive = await db.archive.create({
    data: { studentId: student.id, name: V.name, userName: V.userName, searchName: `${V.name} ${V.userName.toLowerCase()}`, parentId: parent.id, consultantId: staff.id, status: 2 },
  });
  await db.archiveBio.create({
    data: { archiveId: archive.id, surName: '龚', name: '嘉禾琪', enName: V.userName, passport: V.passport, homeAddress: V.address, phone: V.bioPhone, email: V.studentMail, birthday: new Date('2011-03-04') },
  });
  await db.archiveFamilyMember.create({ data: { archiveId: archive.id, kind: 1, name: V.parentName, phone: V.parentMobile, email: V.parentMail } });
  await db.archiveFamilyMember.create({ data: { archiveId: archive.id, kind: 2, name: V.memberName, phone: V.memberPhone } });
  await db.archiveEssay.create({ data: { archiveId: archive.id, schoolName: 'Groton', note: V.essayNote } });
  const school = await db.school.findFirstOrThrow({ select: { id: true } });
  const application = await db.application.create({ data: { archiveId: archive.id, studentId: student.id, schoolId: school.id, state: 1, note: V.remark } });
  await db.progressTrack.create({ data: { applicationId: application.id, type: 2, day: new Date('2026-11-02'), content: V.progress, userName: staff.name } });
  const key = `archives/202612/${'a'.repeat(24)}${String(archive.id).padStart(8, '0')}.pdf`;
  await fileStore(t).put(key, bytesSource(new TextEncoder().encode(V.fileText)));
  await db.archiveFile.create({ data: { archiveId: archive.id, kind: 1, objectId: 0, fileName: V.fileName, storageKey: key, mimeType: 'application/pdf', size: V.fileText.length } });
  // Copies elsewhere: a failed login under the student's account.
  await db.loginAttempt.create({ data: { account: V.loginCopy, address: '10.0.0.9', success: false } });
  return { archiveId: archive.id, studentId: student.id, parentId: parent.id, applicationId: application.id, fileKey: key, gid: encodeGlobalID('Archive', archive.id) };
}

const PAYLOAD = `__typename ... on Error { code message } ... on ArchivePayload { archive { id legalHold erasedAt name } }`;
const HOLD = `mutation($id: ID!) { setArchiveLegalHold(input: { id: $id }) { ${PAYLOAD} } }`;
const CLEAR = `mutation($id: ID!) { clearArchiveLegalHold(input: { id: $id }) { ${PAYLOAD} } }`;
const ERASE = `mutation($id: ID!, $name: String!) { eraseArchivePersonalData(input: { id: $id, confirmName: $name }) { ${PAYLOAD} } }`;
const EXPORT = `mutation($id: ID!) { startArchivePersonalDataExport(input: { id: $id }) { __typename ... on Error { code message } ... on ExportJob { id state fileName } } }`;
const POLL = `query($id: ID!) { node(id: $id) { ... on ExportJob { id state progress downloadUrl message } } }`;

type Answer = { __typename: string; code?: string; message?: string; archive?: { legalHold: boolean; erasedAt: string | null; name: string } };

async function call(token: string, query: string, variables: Record<string, unknown>): Promise<Answer> {
  const res = await gql<Record<string, Answer>>(t, query, variables, { token });
  expect(res.body.errors).toBeUndefined();
  return Object.values(res.body.data!)[0]!;
}

/** Every text, JSON and text-array column of every table, searched for the values. */
async function leftovers(values: string[]): Promise<string[]> {
  const columns = await t.db.$queryRawUnsafe<Array<{ table_name: string; column_name: string; data_type: string }>>(
    `SELECT c.table_name, c.column_name, c.data_type FROM information_schema.columns c
       JOIN information_schema.tables tb ON tb.table_schema = c.table_schema AND tb.table_name = c.table_name
      WHERE c.table_schema = current_schema() AND tb.table_type = 'BASE TABLE'
        AND (c.data_type IN ('text', 'character varying', 'json', 'jsonb', 'ARRAY'))`,
  );
  expect(columns.length).toBeGreaterThan(100);
  const found: string[] = [];
  for (const c of columns) {
    const text = c.data_type === 'ARRAY' ? `array_to_string("${c.column_name}"::text[], ' ')` : `"${c.column_name}"::text`;
    const rows = await t.db.$queryRawUnsafe<Array<{ v: string }>>(`SELECT v FROM unnest($1::text[]) v WHERE EXISTS (SELECT 1 FROM "${c.table_name}" WHERE strpos(lower(${text}), lower(v)) > 0)`, values);
    found.push(...rows.map((r) => `${c.table_name}.${c.column_name}: ${r.v}`));
  }
  return found;
}

async function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) => yauzl.fromBuffer(bytes, { lazyEntries: true }, (err, z) => (err ? reject(err) : resolve(z!))));
  const out = new Map<string, Buffer>();
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      zip.openReadStream(entry, (err, stream) => {
        if (err) return reject(err);
        const parts: Buffer[] = [];
        stream!.on('data', (c: Buffer) => parts.push(c));
        stream!.on('end', () => {
          out.set(entry.fileName, Buffer.concat(parts));
          zip.readEntry();
        });
      });
    });
    zip.on('end', resolve);
    zip.on('error', reject);
    zip.readEntry();
  });
  return out;
}

describe('privacy requests', () => {
  it('exports everything held about the person as one zip, for the requester only, logged', async () => {
    await t.startJobs();
    const p = await thePerson();
    // A read of the archive's sensitive fields, which the export lists.
    await t.db.archiveAccessLog.create({ data: { archiveId: p.archiveId, userId: 1, account: 'admin', section: 'bio', fields: ['phone'], door: 'GRAPHQL' } });
    const job = (await call(admin, EXPORT, { id: p.gid })) as unknown as { __typename: string; id: string; fileName: string };
    expect(job.__typename).toBe('ExportJob');
    expect(job.fileName).toBe(`personal-data-${p.archiveId}-${new Date().toISOString().slice(0, 10)}.zip`);
    let done: { state: string; downloadUrl: string | null; progress: number } | null = null;
    for (let i = 0; i < 200 && done?.state !== 'DONE' && done?.state !== 'FAILED'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      done = (await gql<{ node: { state: string; downloadUrl: string | null; progress: number } }>(t, POLL, { id: job.id }, { token: admin })).body.data!.node;
    }
    expect(done).toMatchObject({ state: 'DONE', progress: 1 });
    const file = await rest(t, done!.downloadUrl!, { token: admin });
    expect(file.status).toBe(200);
    expect(file.response.headers.get('content-type')).toBe('application/zip');
    const entries = await unzip(Buffer.from(await file.response.arrayBuffer()));
    const text = (name: string) => entries.get(name)?.toString('utf8') ?? '';
    expect([...entries.keys()]).toEqual(
      expect.arrayContaining([
        'README.txt',
        'archive.json',
        'archive/archive_bios.json',
        'archive/archive_family_members.json',
        'archive/applications.json',
        'archive/archive_access_logs.json',
        'archive/operation_changes.json',
        'applications/progress_tracks.json',
        'people/users.json',
        'logs/operation_logs.json',
      ]),
    );
    expect(text('archive.json')).toContain(V.name);
    expect(text('archive/archive_bios.json')).toContain(V.passport);
    expect(text('archive/archive_family_members.json')).toContain(V.memberName);
    expect(text('archive/archive_essays.json')).toContain('Mei-ling');
    expect(text('archive/applications.json')).toContain(V.remark);
    expect(text('archive/archive_access_logs.json')).toContain('"section": "bio"');
    expect(text('applications/progress_tracks.json')).toContain(V.progress);
    const users = JSON.parse(text('people/users.json')) as Array<Record<string, unknown>>;
    expect(users.map((u) => u.account).sort()).toEqual([V.account, V.parentAccount].sort());
    expect(text('people/users.json')).not.toContain('password_hash');
    const fileEntry = [...entries.keys()].find((k) => k.startsWith('files/'));
    expect(fileEntry).toMatch(/zephyrine-transcript\.pdf$/);
    expect(entries.get(fileEntry!)!.toString('utf8')).toBe(V.fileText);
    // Logged, naming the archive; another administrator-less caller cannot download it.
    const logged = await t.db.operationLog.findFirst({ where: { operation: 'archive.privacy.export', outcome: 'SUCCESS' }, orderBy: { id: 'desc' } });
    expect(logged?.targetIds).toEqual([String(p.archiveId)]);
    expect((await rest(t, done!.downloadUrl!, { token: manager })).body).toMatchObject({ status: 'error' });
  });

  it('refuses a caller without archive.privacy (a manager, a consultant of the archive) and queues nothing', async () => {
    const p = await seedPerson2();
    const jobs = await t.db.exportJob.count();
    for (const token of [manager, consultant]) {
      expect(await call(token, EXPORT, { id: p.gid })).toMatchObject({ code: 'FORBIDDEN' });
      expect(await call(token, HOLD, { id: p.gid })).toMatchObject({ code: 'FORBIDDEN' });
      expect(await call(token, ERASE, { id: p.gid, name: V.name })).toMatchObject({ code: 'FORBIDDEN' });
    }
    expect(await t.db.exportJob.count()).toBe(jobs);
    expect(await t.db.archive.findUniqueOrThrow({ where: { id: p.archiveId } })).toMatchObject({ legalHold: false, erasedAt: null });
  });

  it('refuses the erase while an application is open, while a legal hold is set, and without the name typed', async () => {
    const p = await seedPerson2();
    expect(await call(admin, ERASE, { id: p.gid, name: V2.name })).toMatchObject({ code: 'PRIVACY_APPLICATION_OPEN', message: '还有1个申请在进行中，不能删除个人数据' });
    await t.db.application.update({ where: { id: p.applicationId }, data: { state: 4 } });
    expect(await call(admin, HOLD, { id: p.gid })).toMatchObject({ archive: { legalHold: true } });
    expect(await call(admin, HOLD, { id: p.gid })).toMatchObject({ code: 'INVALID_TRANSITION' });
    expect(await call(admin, ERASE, { id: p.gid, name: V2.name })).toMatchObject({ code: 'PRIVACY_LEGAL_HOLD', message: '档案处于法律保留状态，不能删除个人数据' });
    expect(await call(admin, CLEAR, { id: p.gid })).toMatchObject({ archive: { legalHold: false } });
    expect(await call(admin, ERASE, { id: p.gid, name: 'someone else' })).toMatchObject({ code: 'PRIVACY_CONFIRMATION' });
    expect(await t.db.archive.findUniqueOrThrow({ where: { id: p.archiveId } })).toMatchObject({ name: V2.name, erasedAt: null });
    const ops = await t.db.operationLog.findMany({
      where: { operation: { in: ['archive.privacy.hold', 'archive.privacy.release', 'archive.privacy.erase'] }, targetIds: { has: String(p.archiveId) } },
      select: { operation: true, outcome: true },
    });
    expect(ops.filter((o) => o.outcome === 'SUCCESS').map((o) => o.operation)).toEqual(['archive.privacy.hold', 'archive.privacy.release']);
    const changes = await t.db.operationChange.findMany({ where: { archiveId: p.archiveId, field: 'legalHold' } });
    expect(changes.map((c) => [c.before, c.after])).toEqual([
      ['false', 'true'],
      ['true', 'false'],
    ]);
  });

  it('erases the person: no personal value is left in any table or in the file store, and the counts stay', async () => {
    const p = await thePerson();
    // An audited change whose before/after hold a personal value (the remark).
    const upd = await gql<{ updateArchive: { __typename: string } }>(t, `mutation($id: ID!) { updateArchive(input: { id: $id, remark: "${V.remark}" }) { __typename } }`, { id: p.gid }, { token: admin });
    expect(upd.body.errors).toBeUndefined();
    expect(await leftovers([V.remark])).not.toEqual([]);
    await t.db.application.update({ where: { id: p.applicationId }, data: { state: 2 } });
    const applications = await t.db.application.count();
    const archives = await t.db.archive.count();

    const erased = await call(admin, ERASE, { id: p.gid, name: V.name });
    expect(erased).toMatchObject({ __typename: 'ArchivePayload', archive: { name: `#${p.archiveId}` } });
    expect(erased.archive!.erasedAt).not.toBeNull();

    expect(await leftovers([...DISTINCTIVE, V.remark, V.progress, V.fileName])).toEqual([]);
    expect(await fileStore(t).has(p.fileKey)).toBe(false);
    // Non-personal counts stay: the archive row and its application.
    expect(await t.db.application.count()).toBe(applications);
    expect(await t.db.archive.count()).toBe(archives);
    expect(await t.db.application.findUniqueOrThrow({ where: { id: p.applicationId } })).toMatchObject({ state: 2, archiveId: p.archiveId });
    expect(await t.db.user.findUniqueOrThrow({ where: { id: p.studentId } })).toMatchObject({ account: null, state: 3, name: `#${p.archiveId}` });
    // Logged; a second erase or an export is refused.
    const logged = await t.db.operationLog.findFirst({ where: { operation: 'archive.privacy.erase', outcome: 'SUCCESS' } });
    expect(logged?.targetIds).toEqual([String(p.archiveId)]);
    expect(await call(admin, ERASE, { id: p.gid, name: `#${p.archiveId}` })).toMatchObject({ code: 'PRIVACY_ERASED' });
    expect(await call(admin, EXPORT, { id: p.gid })).toMatchObject({ code: 'PRIVACY_ERASED' });
  });
});

const V2 = { name: '司马柏岚', account: 'bolan.sima.student' };

/** A second person (the refusal tests), with an open application. */
async function seedPerson2(): Promise<Pick<Person, 'archiveId' | 'gid' | 'applicationId'>> {
  const existing = await t.db.archive.findFirst({ where: { name: V2.name } });
  if (existing) {
    const app = await t.db.application.findFirstOrThrow({ where: { archiveId: existing.id } });
    await t.db.application.update({ where: { id: app.id }, data: { state: 1 } });
    await t.db.archive.update({ where: { id: existing.id }, data: { legalHold: false } });
    return { archiveId: existing.id, gid: encodeGlobalID('Archive', existing.id), applicationId: app.id };
  }
  const student = await t.db.user.create({ data: { type: 3, account: V2.account, name: V2.name } });
  const staff = await t.db.user.findFirstOrThrow({ where: { account: 'consultant' } });
  const archive = await t.db.archive.create({ data: { studentId: student.id, name: V2.name, consultantId: staff.id, status: 2 } });
  const school = await t.db.school.findFirstOrThrow({ select: { id: true } });
  const app = await t.db.application.create({ data: { archiveId: archive.id, studentId: student.id, schoolId: school.id, state: 1 } });
  return { archiveId: archive.id, gid: encodeGlobalID('Archive', archive.id), applicationId: app.id };
}
