/**
 * Every validation rule of the archives area and its message, in Chinese and in English,
 * on the door that carries it (GraphQL for the forms, the legacy door for the legacy-only
 * bodies). Nothing is written by a refused save.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogue } from '../../../server/i18n/catalogue.ts';
import { createTestApp, type TestApp } from '../../helpers/app.ts';
import { call, gid, gqlTokens, idOf, newArchive, restTokens, run } from './support.ts';

let t: TestApp;
let g: string;
let r: string;
let ids: Record<string, number>;

beforeAll(async () => {
  t = await createTestApp();
  g = (await gqlTokens(t, 'admin')).admin!;
  r = (await restTokens(t, 'admin')).admin!;
  ids = {};
  for (const a of ['consultant', 'sales', 'lecturer', 'parent.demo', 'student.demo', 'manager']) ids[a] = await idOf(t, a);
});
afterAll(async () => {
  await t.close();
});

/** Runs a check as the admin in Chinese, then in English; answers both messages. */
async function inBothLanguages(check: () => Promise<string | undefined>): Promise<[string | undefined, string | undefined]> {
  const zh = await check();
  await t.db.user.update({ where: { account: 'admin' }, data: { language: 1 } });
  try {
    return [zh, await check()];
  } finally {
    await t.db.user.update({ where: { account: 'admin' }, data: { language: 0 } });
  }
}

const texts = (key: keyof typeof catalogue) => [catalogue[key].zh, catalogue[key].en];

const OUT = `__typename ... on Error { code message }`;
const create = async (input: Record<string, unknown>) =>
  (await run(t, g, `mutation($input: CreateArchiveInput!) { createArchive(input: $input) { ${OUT} } }`, { input })).createArchive as { __typename: string; message?: string };

async function saveRows(section: string, archiveGid: string, rows: unknown[]) {
  const name = `saveArchive${section[0]!.toUpperCase()}${section.slice(1)}`;
  const res = await run(t, g, `mutation($input: SaveArchive${section[0]!.toUpperCase()}${section.slice(1)}Input!) { ${name}(input: $input) { ${OUT} } }`, { input: { archiveId: archiveGid, rows } });
  return res[name] as { __typename: string; message?: string; code?: string };
}

describe("the spec's archive rules", () => {
  it('takes null in an optional field of a new archive as not given (a form sends sex: null, birthday: null)', async () => {
    const made = await run(
      t,
      g,
      `mutation($input: CreateArchiveInput!) { createArchive(input: $input) { __typename ... on ArchivePayload { archive { bio { surName name sex birthday } } } ... on Error { code message } } }`,
      { input: { surName: '空', name: '值', sex: null, birthday: null, grade: null, year: null, remark: null, enName: null } },
    );
    expect(made.createArchive).toMatchObject({ __typename: 'ArchivePayload', archive: { bio: { surName: '空', name: '值', sex: 0, birthday: null } } });
  });

  it('a name needs surname and given name, or pinyin surname and pinyin given name (请填写学员姓和名，或拼音姓和拼音名)', async () => {
    const before = await t.db.archive.count();
    expect(await inBothLanguages(async () => (await create({ grade: 8 })).message)).toEqual([
      '请填写学员姓和名，或拼音姓和拼音名',
      "Enter the student's surname and given name, or the pinyin surname and pinyin given name",
    ]);
    expect((await create({ surName: '王', namePy: 'Xiaoming' })).message).toBe('请填写学员姓和名，或拼音姓和拼音名');
    expect((await create({ surName: '  ', name: '明' })).message).toBe('请填写学员姓和名，或拼音姓和拼音名');
    expect(await t.db.archive.count()).toBe(before);
    expect((await create({ surNamePy: 'Wang', namePy: 'Xiaoming' })).__typename).toBe('ArchivePayload');
    expect((await create({ surName: '王', name: '小明' })).__typename).toBe('ArchivePayload');
  });

  it('a bio save keeps the name rule (clearing the names is refused)', async () => {
    const a = await newArchive(t, g);
    const res = await run(t, g, `mutation($a: ID!) { saveArchiveBio(input: {archiveId: $a, surName: null}) { ${OUT} } }`, { a: a.gid });
    expect(res.saveArchiveBio.message).toBe('请填写学员姓和名，或拼音姓和拼音名');
  });

  it('a parent needs the relation (请选择与学员关系); a sibling does not', async () => {
    const a = await newArchive(t, g);
    expect(await inBothLanguages(async () => (await saveRows('familyMembers', a.gid, [{ kind: 1, name: '王伟' }])).message)).toEqual(['请选择与学员关系', 'Please choose the relation to the student']);
    expect((await saveRows('familyMembers', a.gid, [{ kind: 2, name: '李娜' }])).message).toBe('请选择与学员关系');
    expect((await saveRows('familyMembers', a.gid, [{ kind: 3, name: '王小北' }])).__typename).toBe('SaveArchiveSectionPayload');
    expect(await t.db.archiveFamilyMember.count({ where: { archiveId: a.id } })).toBe(1);
  });

  it('e-mail addresses are checked everywhere (请输入正确的邮箱格式)', async () => {
    const a = await newArchive(t, g);
    expect(await inBothLanguages(async () => (await run(t, g, `mutation($a: ID!) { saveArchiveBio(input: {archiveId: $a, email: "kid@"}) { ${OUT} } }`, { a: a.gid })).saveArchiveBio.message)).toEqual([
      '请输入正确的邮箱格式',
      'Please enter a valid e-mail address',
    ]);
    expect((await saveRows('familyMembers', a.gid, [{ kind: 1, relation: 1, email: 'dad at example.com' }])).message).toBe('请输入正确的邮箱格式');
    expect((await saveRows('recommenders', a.gid, [{ type: 2, email: 'teacher@' }])).message).toBe('请输入正确的邮箱格式');
    expect((await saveRows('applicationAccounts', a.gid, [{ platform: 1, email: 'x' }])).message).toBe('请输入正确的邮箱格式');
    expect((await call(t, r, '/py/archives/save', { json: { surName: '赵', name: '一', parentName: '赵父', relation: 1, parentEmail: 'bad' } })).message).toBe('请输入正确的邮箱格式');
  });

  it('the apply year is numeric, in lists and in forms (申请年份必须是数字)', async () => {
    const [zh, en] = texts('archive.yearInvalid');
    expect(await inBothLanguages(async () => (await call(t, r, '/archive/listByPage', { json: { condition: { year: '2027年' } } })).message)).toEqual([zh, en]);
    expect((await call(t, r, '/py/archives/listArchivessByPage', { json: { condition: { year: 'abc' } } })).message).toBe(zh);
    expect((await create({ surName: '王', name: '明', year: 1800 })).message).toBe(zh);
    expect((await call(t, r, '/archive/save', { json: { surName: '王', name: '明', year: 'next' } })).message).toBe(zh);
    const ok = await call<{ rows: number }>(t, r, '/archive/listByPage', { json: { condition: { year: '2027' } } });
    expect(ok.status).toBe('success');
  });
});

describe('links (addConsultant and the forms)', () => {
  it('refuses a consultant, acting consultant, salesperson or parent of the wrong kind', async () => {
    const [consultantZh, consultantEn] = texts('archive.consultantInvalid');
    expect(await inBothLanguages(async () => (await create({ surName: '王', name: '明', consultantId: gid('User', ids.sales!) })).message)).toEqual([consultantZh, consultantEn]);
    expect((await create({ surName: '王', name: '明', actingConsultantId: gid('User', ids.lecturer!) })).message).toBe(texts('archive.actingConsultantInvalid')[0]);
    expect((await create({ surName: '王', name: '明', consultantId: gid('User', ids.consultant!), actingConsultantId: gid('User', ids.consultant!) })).message).toBe(texts('archive.actingSameAsConsultant')[0]);
    expect((await create({ surName: '王', name: '明', salespersonId: gid('User', ids.consultant!) })).message).toBe(texts('archive.salesInvalid')[0]);
    expect((await create({ surName: '王', name: '明', parentId: gid('User', ids['student.demo']!) })).message).toBe(texts('archive.parentInvalid')[0]);
    const a = await newArchive(t, g);
    const res = await call(t, r, '/archive/addConsultant', { json: { ids: [a.id], consultantId: ids.lecturer } });
    expect(res).toMatchObject({ status: 'error', message: consultantZh });
    const ok = await call(t, r, '/archive/addConsultant', { json: { ids: [a.id], consultantId: ids.consultant, projectId: ids.sales, parentId: ids['parent.demo'] } });
    expect(ok.status).toBe('success');
    const stored = await t.db.archive.findUniqueOrThrow({ where: { id: a.id }, include: { student: true } });
    expect(stored).toMatchObject({ consultantId: ids.consultant, salesId: ids.sales, parentId: ids['parent.demo'] });
    expect(stored.student).toMatchObject({ consultantId: ids.consultant, parentId: ids['parent.demo'] });
  });

  it('links an existing student only once, and only a student', async () => {
    const [zh, en] = texts('archive.studentHasArchive');
    expect(await inBothLanguages(async () => (await create({ studentId: gid('User', ids['student.demo']!) })).message)).toEqual([zh, en]);
    expect((await create({ studentId: gid('User', ids.consultant!) })).message).toBe(texts('archive.studentInvalid')[0]);
    const lone = await t.db.user.create({ data: { type: 3, name: '周子轩', nameEn: 'Leo Zhou', gender: 1 } });
    const made = await run(t, g, `mutation($s: ID!) { createArchive(input: {studentId: $s}) { __typename ... on ArchivePayload { archive { name student { databaseId } bio { surName name sex } } } } }`, {
      s: gid('User', lone.id),
    });
    expect(made.createArchive.archive).toMatchObject({ name: '周子轩', student: { databaseId: lone.id }, bio: { surName: '周', name: '子轩', sex: 1 } });
  });

  it('grade and application type are checked', async () => {
    expect((await create({ surName: '王', name: '明', grade: 15 })).message).toBe(texts('archive.gradeInvalid')[0]);
    expect((await create({ surName: '王', name: '明', applicationType: 5 })).message).toBe(texts('archive.saleInvalid')[0]);
  });
});

describe('section rules', () => {
  it('each rule refuses the save with its message and writes nothing', async () => {
    const a = await newArchive(t, g);
    const other = await newArchive(t, g);
    const cases: Array<[string, unknown[], keyof typeof catalogue]> = [
      ['familyMembers', [{ name: '王伟', relation: 1 }], 'archive.familyKindInvalid'],
      ['recommenders', [{ name: '张老师' }], 'archive.recommenderTypeRequired'],
      ['rewardProjects', [{ description: '没有名字' }], 'archive.rewardProjectNameRequired'],
      ['educations', [{ school: '实验中学', beginDate: '2024-09-01', endDate: '2023-06-30' }], 'archive.dateRange'],
      ['awards', [{ performName: '比赛', yearMonth: '2025/13' }], 'archive.yearMonthInvalid'],
      ['cards', [{ last4: '4111111111111111' }], 'archive.cardLast4'],
      ['cards', [{ last4: '1111', expiry: '13/27' }], 'archive.expiryInvalid'],
      ['multimedia', [{ title: '视频', url: 'javascript:alert(1)' }], 'archive.urlInvalid'],
      ['applicationAccounts', [{ platform: 1, url: 'ftp://x' }], 'archive.urlInvalid'],
    ];
    for (const [section, rows, key] of cases) {
      const messages = await inBothLanguages(async () => (await saveRows(section, a.gid, rows)).message);
      expect(messages, `${section} ${key}`).toEqual(texts(key));
    }
    const project = await saveRows('rewardProjects', other.gid, [{ name: '别人的项目' }]);
    expect(project.__typename).toBe('SaveArchiveSectionPayload');
    const otherProject = await t.db.archiveRewardProject.findFirstOrThrow({ where: { archiveId: other.id } });
    expect((await saveRows('awards', a.gid, [{ performName: '比赛', projectId: otherProject.id }])).message).toBe(texts('archive.rewardProjectInvalid')[0]);
    expect(
      (
        await saveRows('familyMembers', a.gid, [
          { kind: 1, relation: 1, name: '父' },
          { kind: 1, relation: 2, name: '母' },
        ])
      ).message,
    ).toBe(texts('archive.familyParentTaken')[0]);
    for (const model of ['archiveFamilyMember', 'archiveRecommender', 'archiveRewardProject', 'archiveEducation', 'archiveAward', 'archiveCard', 'archiveMultimedia', 'archiveApplicationAccount'] as const) {
      expect(await (t.db[model] as unknown as { count: (a: unknown) => Promise<number> }).count({ where: { archiveId: a.id } }), model).toBe(0);
    }
  });

  it('field kinds: too long, invalid codes, a row of another archive', async () => {
    const a = await newArchive(t, g);
    const other = await newArchive(t, g);
    expect((await saveRows('educations', a.gid, [{ school: 'x'.repeat(201) }])).message).toBe('school不能超过200个字符');
    expect(await inBothLanguages(async () => (await run(t, g, `mutation($a: ID!) { saveArchiveBio(input: {archiveId: $a, sex: 7}) { ${OUT} } }`, { a: a.gid })).saveArchiveBio.message)).toEqual([
      'sex格式错误',
      'sex is not valid',
    ]);
    await saveRows('educations', other.gid, [{ school: '别人的学校' }]);
    const foreign = await t.db.archiveEducation.findFirstOrThrow({ where: { archiveId: other.id } });
    expect((await saveRows('educations', a.gid, [{ id: gid('ArchiveEducation', foreign.id), school: '改' }])).message).toBe(texts('archive.recordNotFound')[0]);
    expect((await t.db.archiveEducation.findUniqueOrThrow({ where: { id: foreign.id } })).school).toBe('别人的学校');
  });

  it('the legacy door refuses more than 200 rows at once', async () => {
    const a = await newArchive(t, g);
    const res = await call(t, r, '/variousExam/saveList', { json: { archivesId: a.id, list: Array.from({ length: 201 }, () => ({ examName: 'SAT', total: 1400 })) } });
    expect(res).toMatchObject({ status: 'error', message: '一次最多保存200条' });
    expect(await t.db.archiveExam.count({ where: { archiveId: a.id } })).toBe(0);
  });

  it('a refused save leaves a FAILURE row in the operation log', async () => {
    const a = await newArchive(t, g);
    await saveRows('familyMembers', a.gid, [{ kind: 1 }]);
    expect(await t.db.operationLog.count({ where: { operation: 'archive.familyMembers.save', outcome: 'FAILURE', errorCode: 'RELATION_REQUIRED' } })).toBeGreaterThan(0);
  });
});
