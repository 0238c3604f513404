/**
 * The school database and selection lists through GraphQL: filters, sub-record saves, the
 * public page, badges, deletes, imports with good and bad rows, the match rule as the client
 * sees it, and publish irreversibility.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, gql, loginRest, rest, type TestApp } from '../../helpers/app.ts';
import { gqlUpload, PDF, PNG, uploadForm } from '../uploads.ts';
import { deflatedRepeat, buildZip } from '../zip.ts';
import { globalId } from '../support.ts';
import { makeArchive, schoolByName, tokens, type Tokens } from './support.ts';

let t: TestApp;
let tk: Tokens;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

beforeAll(async () => {
  t = await createTestApp();
  await t.startJobs(); // the export runs as a job (docs/jobs.md)
  tk = await tokens(t);
});
afterAll(async () => {
  await t.close();
});

type Edge<T> = { edges: Array<{ node: T }>; totalCount: number };
async function schools(token: string, filter: Record<string, unknown>) {
  const res = await gql<{ schools: Edge<{ name: string; country: string; sex: string; gradeFrom: number | null }> }>(
    t,
    'query($f: SchoolFilter) { schools(first: 100, filter: $f) { totalCount edges { node { name country sex gradeFrom } } } }',
    { f: filter },
    { token },
  );
  expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
  return res.body.data?.schools as Edge<{ name: string; country: string; sex: string; gradeFrom: number | null }>;
}

/**
 * The schools in `order`: the whole list in one page, and the same list read page by page
 * (`size` a page, following the cursors), each node with `fields`.
 */
async function wholeAndPaged<N>(order: string, size: number, fields: string): Promise<{ whole: N[]; paged: N[] }> {
  type Page = { schools: { edges: Array<{ node: N }>; pageInfo: { endCursor: string | null; hasNextPage: boolean } } };
  const q = `query($o: SchoolOrder, $a: String, $n: Int) { schools(first: $n, after: $a, order: $o) { edges { node { ${fields} } } pageInfo { endCursor hasNextPage } } }`;
  const whole = (await gql<Page>(t, q, { o: order, n: 500 }, { token: tk.consultant })).body.data!.schools.edges.map((e) => e.node);
  const paged: N[] = [];
  let after: string | null = null;
  for (let i = 0; i < 200; i++) {
    const res: { body: { data?: Page } } = await gql<Page>(t, q, { o: order, n: size, a: after }, { token: tk.consultant });
    const page = res.body.data!.schools;
    paged.push(...page.edges.map((e) => e.node));
    if (!page.pageInfo.hasNextPage) break;
    after = page.pageInfo.endCursor;
  }
  return { whole, paged };
}

describe('the school database', () => {
  it('has the seeded real schools and filters them', async () => {
    expect((await schools(tk.consultant, {})).totalCount).toBeGreaterThanOrEqual(60);
    const uk = await schools(tk.consultant, { country: 'UK' });
    expect(uk.edges.every((e) => e.node.country === 'GB')).toBe(true);
    expect(uk.edges.map((e) => e.node.name)).toContain('Eton College');
    const girls = await schools(tk.consultant, { sex: 'GIRLS', country: 'US' });
    expect(girls.edges.map((e) => e.node.name)).toContain('Emma Willard School');
    expect(girls.edges.every((e) => e.node.sex === 'GIRLS')).toBe(true);
    const grade8 = await schools(tk.consultant, { grade: 8, country: 'US' });
    expect(grade8.edges.map((e) => e.node.name)).toEqual(expect.arrayContaining(['Groton School', 'Dana Hall School']));
    expect(grade8.edges.map((e) => e.node.name)).not.toContain('Phillips Academy');
    expect((await schools(tk.consultant, { search: '伊顿' })).edges.map((e) => e.node.name)).toEqual(['Eton College']);
    expect((await schools(tk.consultant, { search: '%' })).totalCount).toBe(0);
  });

  it('orders the whole list on the server, and pages through it in that order', async () => {
    // Some schools without a TOEFL average, some sharing one: nulls last, ties by name.
    const names = ['Kent School', 'Blair Academy', 'The Taft School', 'Emma Willard School'];
    const ids = await Promise.all(names.map((n) => schoolByName(t, n)));
    await t.db.school.updateMany({ where: { id: { in: ids.slice(0, 2) } }, data: { toeflAverage: null } });
    await t.db.school.updateMany({ where: { id: { in: ids.slice(2) } }, data: { toeflAverage: 101 } });
    for (const order of ['TOEFL', 'TOEFL_DESC', 'NAME_DESC']) {
      const { whole, paged } = await wholeAndPaged<{ name: string; toeflAverage: number | null }>(order, 7, 'name toeflAverage');
      expect(
        paged.map((s) => s.name),
        order,
      ).toEqual(whole.map((s) => s.name));
      if (order === 'NAME_DESC') {
        expect(whole.map((s) => s.name)).toEqual([...whole.map((s) => s.name)].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)));
        continue;
      }
      const values = whole.map((s) => s.toeflAverage);
      const firstNull = values.indexOf(null);
      expect(values.slice(firstNull).every((v) => v === null)).toBe(true);
      const known = values.slice(0, firstNull) as number[];
      expect(known).toEqual([...known].sort((a, b) => (order === 'TOEFL' ? a - b : b - a)));
      const tied = whole.filter((s) => s.toeflAverage === 101).map((s) => s.name);
      expect(tied).toEqual([...tied].sort());
    }
  });

  it('orders by the best of each school’s rankings on the server, and pages through it in that order', async () => {
    type Node = { name: string; rankings: Array<{ rank: number }> };
    const sequence = async (name: string, rankings: Array<{ source: string; year: number; rank: number }> | null) => {
      const res = await gql<{ saveSchoolSequence: { __typename: string } }>(
        t,
        'mutation($i: SaveSchoolSequenceInput!) { saveSchoolSequence(input: $i) { __typename } }',
        { i: { id: globalId('School', await schoolByName(t, name)), rankings } },
        { token: tk.manager },
      );
      expect(res.body.data?.saveSchoolSequence.__typename, JSON.stringify(res.body)).toBe('SchoolPayload');
    };
    // Several sources and years (the best counts), two schools tied on 5 (by name then), one
    // ranked and then cleared (no rank again), every other school unranked (last).
    await sequence('Groton School', [
      { source: 'Guide A', year: 2025, rank: 30 },
      { source: 'Guide B', year: 2026, rank: 5 },
    ]);
    await sequence('Cate School', [{ source: 'Guide A', year: 2026, rank: 5 }]);
    await sequence('Eton College', [{ source: 'Guide C', year: 2026, rank: 2 }]);
    await sequence('Kent School', [{ source: 'Guide A', year: 2026, rank: 40 }]);
    await sequence('Dana Hall School', [{ source: 'Guide A', year: 2026, rank: 1 }]);
    await sequence('Dana Hall School', []);
    const best = (s: Node) => (s.rankings.length ? Math.min(...s.rankings.map((r) => r.rank)) : null);
    for (const order of ['RANK', 'RANK_DESC']) {
      const { whole, paged } = await wholeAndPaged<Node>(order, 3, 'name rankings { rank }');
      // Every school once, in the whole list's order.
      expect(
        paged.map((s) => s.name),
        order,
      ).toEqual(whole.map((s) => s.name));
      expect(new Set(paged.map((s) => s.name)).size).toBe(paged.length);
      expect(whole.length).toBeGreaterThanOrEqual(60);
      const ranked = whole.filter((s) => best(s) !== null).map((s) => `${s.name}:${best(s)}`);
      expect(ranked, order).toEqual(order === 'RANK' ? ['Eton College:2', 'Cate School:5', 'Groton School:5', 'Kent School:40'] : ['Kent School:40', 'Cate School:5', 'Groton School:5', 'Eton College:2']);
      // The ranked schools first, then the unranked ones (by name) in either direction.
      expect(whole.slice(0, ranked.length).every((s) => best(s) !== null)).toBe(true);
      const rest = whole.slice(ranked.length).map((s) => s.name);
      expect(rest).toContain('Dana Hall School');
      expect(rest).toEqual([...rest].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    }
    // Clean up for the tests below, which read these schools' rankings.
    for (const name of ['Groton School', 'Cate School', 'Eton College', 'Kent School']) await sequence(name, null);
  });

  it('saves each sub-record; filters on what was saved; refuses bad values naming the field', async () => {
    const id = globalId('School', await schoolByName(t, 'Cate School'));
    const save = async (name: string, input: Record<string, unknown>) =>
      (
        await gql<Record<string, { __typename: string; code?: string; message?: string; school?: Record<string, unknown> }>>(
          t,
          `mutation($i: ${name[0]?.toUpperCase()}${name.slice(1)}Input!) { ${name}(input: $i) { __typename ... on SchoolPayload { school { databaseId toeflAverage ssatAverage dressCode latitude setting sports { gender season name } platforms { platform } deadlines { kind deadline } rankings { source year rank } fund } } ... on Error { code message } } }`,
          { i: input },
          { token: tk.manager },
        )
      ).body.data?.[name];
    expect(
      (await save('saveSchoolRecruit', { id, toeflAverage: 105, ssatAverage: 88, platforms: [{ platform: 'SAO' }, { platform: 'GATEWAY' }], deadlines: [{ kind: 'APPLICATION', deadline: '2027-01-15' }] }))?.school,
    ).toMatchObject({
      toeflAverage: 105,
      ssatAverage: 88,
      platforms: [{ platform: 'SAO' }, { platform: 'GATEWAY' }],
      deadlines: [{ kind: 'APPLICATION', deadline: '2027-01-15' }],
    });
    expect((await save('saveSchoolGeography', { id, latitude: 34.42, longitude: -119.52, setting: 'RURAL' }))?.school).toMatchObject({ latitude: 34.42, setting: 'RURAL' });
    expect(
      (
        await save('saveSchoolDaily', {
          id,
          dressCode: 'SEMI_FORMAL',
          sports: [
            { gender: 'BOTH', season: 'FALL', name: 'Cross country' },
            { gender: 'GIRLS', season: 'WINTER', name: 'Basketball' },
          ],
        })
      )?.school,
    ).toMatchObject({
      dressCode: 'SEMI_FORMAL',
      sports: [
        { gender: 'GIRLS', season: 'WINTER', name: 'Basketball' },
        { gender: 'BOTH', season: 'FALL', name: 'Cross country' },
      ],
    });
    expect((await save('saveSchoolSequence', { id, rankings: [{ source: 'Demo list', year: 2026, rank: 12 }] }))?.school).toMatchObject({ rankings: [{ source: 'Demo list', year: 2026, rank: 12 }] });
    expect((await save('saveSchoolResource', { id, fund: 120.5 }))?.school).toMatchObject({ fund: 120.5 });

    expect(await save('saveSchoolRecruit', { id, toeflAverage: 130 })).toMatchObject({ code: 'INVALID_INPUT', message: 'toeflAverage格式错误' });
    expect(
      await save('saveSchoolDaily', {
        id,
        sports: [
          { gender: 'BOYS', season: 'FALL', name: 'Soccer' },
          { gender: 'BOYS', season: 'FALL', name: 'soccer' },
        ],
      }),
    ).toMatchObject({ code: 'DUPLICATE' });
    expect(await save('saveSchoolTeaching', { id, apCourseCount: 5 })).toMatchObject({ __typename: 'SchoolPayload' });
    const asConsultant = await gql<{ saveSchoolTeaching: { code?: string } }>(
      t,
      'mutation($i: SaveSchoolTeachingInput!) { saveSchoolTeaching(input: $i) { ... on Error { code } } }',
      { i: { id, apCourseCount: 9 } },
      { token: tk.consultant },
    );
    expect(asConsultant.body.data?.saveSchoolTeaching.code).toBe('FORBIDDEN');

    expect((await schools(tk.consultant, { toeflMin: 104, platform: 'GATEWAY' })).edges.map((e) => e.node.name)).toEqual(['Cate School']);
    expect((await schools(tk.consultant, { rankMax: 20, rankingSource: 'Demo list' })).edges.map((e) => e.node.name)).toEqual(['Cate School']);
  });

  it('creates and deletes a school; a school in use cannot be deleted', async () => {
    const created = await gql<{ createSchool: { __typename: string; code?: string; message?: string; school?: { id: string; name: string; country: string; gradeFrom: number; gradeTo: number; remark: string | null } } }>(
      t,
      'mutation($i: CreateSchoolInput!) { createSchool(input: $i) { __typename ... on SchoolPayload { school { id name country gradeFrom gradeTo remark } } ... on Error { code message } } }',
      { i: { name: 'Test Academy', country: 'uk', sex: 'COED', boardingGrades: 'Year 9-13', remark: 'internal' } },
      { token: tk.manager },
    );
    const school = created.body.data?.createSchool.school;
    expect(school).toMatchObject({ name: 'Test Academy', country: 'GB', gradeFrom: 8, gradeTo: 12, remark: 'internal' });
    const noName = await gql<{ createSchool: { code?: string; message?: string } }>(
      t,
      'mutation($i: CreateSchoolInput!) { createSchool(input: $i) { ... on Error { code message } } }',
      { i: { country: 'US' } },
      { token: tk.manager },
    );
    expect(noName.body.data?.createSchool).toMatchObject({ code: 'INVALID_INPUT', message: 'name不能为空' });

    const del = (id: string) =>
      gql<{ deleteSchool: { __typename: string; code?: string; message?: string; deletedSchoolId?: string } }>(
        t,
        'mutation($i: DeleteSchoolInput!) { deleteSchool(input: $i) { __typename ... on DeleteSchoolPayload { deletedSchoolId } ... on Error { code message } } }',
        { i: { id } },
        { token: tk.manager },
      );
    const used = await del(globalId('School', await schoolByName(t, 'Phillips Academy')));
    expect(used.body.data?.deleteSchool).toMatchObject({ code: 'IN_USE' });
    expect((await del(school?.id as string)).body.data?.deleteSchool.deletedSchoolId).toBe(school?.id);
    expect(await t.db.school.count({ where: { name: 'Test Academy' } })).toBe(0);
  });

  it('the public page needs no login and hides staff notes', async () => {
    const id = await schoolByName(t, 'Eton College');
    await t.db.school.update({ where: { id }, data: { remark: 'staff only' } });
    const res = await gql<{ publicSchool: { name: string; chineseName: string; foundedYear: number; remark: string | null } | null }>(
      t,
      'query($id: Int) { publicSchool(databaseId: $id) { name chineseName foundedYear remark } }',
      { id },
    );
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data?.publicSchool).toEqual({ name: 'Eton College', chineseName: '伊顿公学', foundedYear: 1440, remark: null });
    expect((await gql<{ publicSchool: unknown }>(t, '{ publicSchool(databaseId: 999999) { name } }')).body.data?.publicSchool).toBeNull();
    // Everything else still needs a login.
    expect((await gql(t, '{ schools(first: 1) { totalCount } }')).body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const legacy = await rest<{ name: string; remark?: string }>(t, `/api/admin/school/getSchoolInfoById.htm?id=${id}`);
    expect(legacy.body.status).toBe('success');
    expect(legacy.body.data.name).toBe('Eton College');
    expect(legacy.body.data).not.toHaveProperty('remark');
  });

  it('badges: images only, within 2 MB, served back', async () => {
    const id = globalId('School', await schoolByName(t, 'Harrow School'));
    const up = (bytes: Buffer, name: string) =>
      gqlUpload<{ uploadSchoolBadge: { __typename: string; code?: string; school?: { badgeUrl: string | null } } }>(
        t,
        tk.manager,
        'mutation($input: UploadSchoolBadgeInput!) { uploadSchoolBadge(input: $input) { __typename ... on SchoolPayload { school { badgeUrl } } ... on Error { code } } }',
        { id },
        { bytes, name },
      );
    expect((await up(PDF, 'badge.png')).body.data?.uploadSchoolBadge.code).toBe('UPLOAD_TYPE_NOT_ALLOWED');
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    expect((await up(big, 'big.png')).body.data?.uploadSchoolBadge.code).toBe('UPLOAD_TOO_LARGE');
    const ok = await up(PNG, 'badge.png');
    const url = ok.body.data?.uploadSchoolBadge.school?.badgeUrl as string;
    expect(url).toMatch(/^\/api\/admin\/school\/badge\.htm\?id=\d+$/);
    const img = await t.app.fetch(new Request(`http://test.local${url}`));
    expect(img.status).toBe(200);
    expect(img.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await img.arrayBuffer()).equals(PNG)).toBe(true);
  });
});

async function workbook(header: string[], rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Schools');
  ws.addRow(header);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
type ImportAnswer = { status: string; message: string; data: { created?: number; updated?: number; schools?: number; sports?: number; errors?: Array<{ row: number; column: string; message: string }> } | null };
async function importFile(path: string, bytes: Buffer, token = tk.manager, name = 'schools.xlsx') {
  return (await rest<ImportAnswer['data']>(t, path, { method: 'POST', raw: uploadForm({}, { bytes, name, type: XLSX }), token })).body as ImportAnswer;
}

describe('imports and export', () => {
  it('imports good rows, updates by name, and refuses the whole file for one bad row', async () => {
    const good = await workbook(
      ['学校名称', '国家', '性别', '寄宿年级', '学生人数', '托福平均分', '申请平台'],
      [
        ['Import Prep', 'US', '男女混校', '9-12', 320, 100, 'SAO, Gateway'],
        ['Eton College', 'UK', 'Boys', 'Year 9-13', 1350, '', ''],
      ],
    );
    const ok = await importFile('/api/admin/school/importData.htm', good);
    expect(ok).toMatchObject({ status: 'success', message: '导入成功：新增1所，更新1所' });
    const made = await t.db.school.findFirstOrThrow({ where: { name: 'Import Prep' }, include: { platforms: true } });
    expect(made).toMatchObject({ country: 'US', sex: 3, gradeFrom: 9, gradeTo: 12, studentCount: 320, toeflAverage: 100 });
    expect(made.platforms.map((p) => p.platform).sort()).toEqual([1, 2]);

    const before = await t.db.school.count();
    const bad = await workbook(
      ['Name', 'Country', 'Gender', 'Students'],
      [
        ['Fine School', 'US', 'Co-ed', 200],
        ['', 'US', 'Co-ed', 200],
        ['Bad Country', 'Atlantis', 'Co-ed', 'many'],
      ],
    );
    const refused = await importFile('/api/admin/school/importData.htm', bad);
    expect(refused.status).toBe('error');
    expect(refused.message).toContain('共3处错误');
    // Every error of the file, by row, in the order of the columns.
    expect(refused.data?.errors).toEqual([
      { row: 3, column: '学校名称', message: '不能为空' },
      { row: 4, column: '学生人数', message: '格式错误' },
      { row: 4, column: '国家', message: '格式错误' },
    ]);
    expect(await t.db.school.count()).toBe(before);
    expect(await t.db.school.count({ where: { name: 'Fine School' } })).toBe(0);

    expect((await importFile('/api/admin/school/importData.htm', good, tk.consultant)).status).toBe('error');
    expect((await importFile('/api/admin/school/importData.htm', PDF)).message).toBe('请上传Excel（.xlsx）文件');
    const bomb = buildZip([{ name: 'xl/worksheets/sheet1.xml', ...(await deflatedRepeat(60)) }]);
    expect((await importFile('/api/admin/school/importData.htm', bomb)).message).toMatch(/文件结构异常/);
  });

  it('an empty AP cell (the export columns, mostly empty) creates the school without AP and keeps the AP of an existing school', async () => {
    const file = await workbook(['学校名称', '国家', '性别', '开设AP', '城市'], [['Empty Cells Prep', 'US', '男女混校', '', '']]);
    expect(await importFile('/api/admin/school/importData.htm', file)).toMatchObject({ status: 'success', data: { created: 1, updated: 0 } });
    const made = await t.db.school.findFirstOrThrow({ where: { name: 'Empty Cells Prep' } });
    expect(made.ap).toBe(false);
    await t.db.school.update({ where: { id: made.id }, data: { ap: true } });
    expect(await importFile('/api/admin/school/importData.htm', file)).toMatchObject({ status: 'success', data: { created: 0, updated: 1 } });
    expect((await t.db.school.findUniqueOrThrow({ where: { id: made.id } })).ap).toBe(true);
  });

  it('imports sports per school, all or none', async () => {
    const sports = await workbook(
      ['学校名称', '性别', '季节', '运动项目'],
      [
        ['Phillips Academy', '男子', '秋季', 'Football'],
        ['Phillips Academy', 'Girls', 'Winter', 'Ice hockey'],
        ['Groton School', 'both', 'spring', 'Crew'],
      ],
    );
    expect(await importFile('/api/admin/school/importSportsData.htm', sports)).toMatchObject({ status: 'success', data: { schools: 2, sports: 3 } });
    const andover = await schoolByName(t, 'Phillips Academy');
    expect((await t.db.schoolSport.findMany({ where: { schoolId: andover }, orderBy: { sort: 'asc' } })).map((s) => [s.gender, s.season, s.name])).toEqual([
      [1, 1, 'Football'],
      [2, 2, 'Ice hockey'],
    ]);
    const bad = await workbook(
      ['学校名称', '性别', '季节', '运动项目'],
      [
        ['Phillips Academy', '男子', '秋季', 'Soccer'],
        ['No Such School', '男子', '秋季', 'Golf'],
        ['Groton School', 'mixed', 'summer', ''],
      ],
    );
    const refused = await importFile('/api/admin/school/importSportsData.htm', bad);
    expect(refused.status).toBe('error');
    expect(refused.data?.errors?.map((e) => [e.row, e.column])).toEqual([
      [3, '学校名称'],
      [4, '性别'],
      [4, '季节'],
      [4, '运动项目'],
    ]);
    expect(await t.db.schoolSport.count({ where: { schoolId: andover } })).toBe(2);
  });

  it('exports the filtered list, which imports back unchanged', async () => {
    const res = await t.app.fetch(
      new Request('http://test.local/api/admin/school/exportData.htm', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-token': tk.consultant },
        body: JSON.stringify({ condition: { country: 'GB', sex: 2 } }),
      }),
    );
    expect(res.headers.get('content-type')).toBe(XLSX);
    const bytes = Buffer.from(await res.arrayBuffer());
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(bytes as unknown as ExcelJS.Buffer);
    const ws = wb.worksheets[0] as ExcelJS.Worksheet;
    const names: string[] = [];
    ws.eachRow((row, n) => {
      if (n > 1) names.push(String(row.getCell(2).value));
    });
    expect(names.sort()).toEqual(['Benenden School', "Cheltenham Ladies' College", 'Roedean School', 'Wycombe Abbey']);
    const back = await importFile('/api/admin/school/importData.htm', bytes);
    expect(back).toMatchObject({ status: 'success', data: { created: 0, updated: 4 } });
  });
});

describe('selection lists', () => {
  const LIST = 'id databaseId published publishedAt entries { databaseId totalScore genderScore gradeScore regionScore school { name } scores { dimension score weight reasonCode reason } }';
  type ListAnswer = {
    __typename: string;
    code?: string;
    message?: string;
    selectionList?: {
      id: string;
      databaseId: number;
      published: boolean;
      entries: Array<{
        databaseId: number;
        totalScore: number;
        genderScore: number;
        gradeScore: number;
        regionScore: number;
        school: { name: string };
        scores: Array<{ dimension: string; score: number; weight: number | null; reasonCode: string; reason: string }>;
      }>;
    };
  };
  const run = async (token: string, name: string, input: Record<string, unknown>) => {
    const type = `${name[0]?.toUpperCase()}${name.slice(1)}Input`;
    const res = await gql<Record<string, ListAnswer>>(
      t,
      `mutation($i: ${type}!) { ${name}(input: $i) { __typename ... on SelectionListPayload { selectionList { ${LIST} } } ... on Error { code message } } }`,
      { i: input },
      { token },
    );
    expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
    return res.body.data?.[name] as ListAnswer;
  };

  it('scores each school with the reason the client shows', async () => {
    const a = await makeArchive(t, 'consultant', { sex: 2, grade: 8, targetRegion: 1, preferredSchoolSize: 2, ssat: [75, 82], awards: [4] });
    const ids = await Promise.all(['Emma Willard School', 'Avon Old Farms School', 'Eton College'].map((n) => schoolByName(t, n)));
    await t.db.school.update({ where: { id: ids[0] }, data: { ssatAverage: 80 } });
    const made = await run(tk.consultant, 'createSelectionList', { archiveId: globalId('Archive', a.id), name: '初选', schoolIds: ids.map((id) => globalId('School', id)) });
    const [emma, avon, eton] = made.selectionList?.entries ?? [];
    // Emma Willard: girls' school, grade 9 is the entry grade, US, 350 students (medium), SSAT 82 ≥ 80, one national award (25).
    expect(emma).toMatchObject({ genderScore: 100, gradeScore: 100, regionScore: 100, totalScore: Math.round((20 * 100 + 20 * 100 + 15 * 100 + 10 * 100 + 25 * 100 + 10 * 25) / 100) });
    expect(emma?.scores.find((s) => s.dimension === 'GRADE')).toEqual({ dimension: 'GRADE', score: 100, weight: 20, reasonCode: 'grade.entryYear', reason: '申请9年级，是学校的起始年级（9–13）' });
    expect(emma?.scores.find((s) => s.dimension === 'RANK')?.reason).toBe('学生SSAT百分位82，不低于学校平均80');
    // Avon Old Farms is a boys' school: the girl cannot apply; the total says why.
    expect(avon).toMatchObject({ genderScore: 0, totalScore: 0 });
    expect(avon?.scores.find((s) => s.dimension === 'TOTAL')?.reasonCode).toBe('total.ineligible');
    // Eton: boys' school in the UK.
    expect(eton).toMatchObject({ genderScore: 0, regionScore: 0, totalScore: 0 });
  });

  it('publishing is irreversible: the list is frozen and shown to the family', async () => {
    const a = await makeArchive(t, 'consultant');
    const parent = await t.db.user.findFirstOrThrow({ where: { account: 'parent.demo' }, select: { id: true } });
    await t.db.archive.update({ where: { id: a.id }, data: { parentId: parent.id } });
    const parentToken = await loginRest(t, { account: 'parent.demo', password: 'Staff#2026' });
    const empty = await run(tk.consultant, 'createSelectionList', { archiveId: globalId('Archive', a.id) });
    const listId = empty.selectionList?.id as string;
    expect(await run(tk.consultant, 'publishSelectionList', { listId })).toMatchObject({ code: 'SELECTION_EMPTY' });
    const added = await run(tk.consultant, 'addSchoolsToSelectionList', { listId, schoolIds: [globalId('School', await schoolByName(t, 'Kent School'))] });
    expect(added.selectionList?.entries.map((e) => e.school.name)).toEqual(['Kent School']);
    const twice = await run(tk.consultant, 'addSchoolsToSelectionList', { listId, schoolIds: [globalId('School', await schoolByName(t, 'Kent School'))] });
    expect(twice).toMatchObject({ code: 'DUPLICATE', message: 'Kent School已在选校清单中' });

    // Before publishing, the family sees nothing.
    const familyView = () => gql<{ node: { published: boolean } | null }>(t, 'query($id: ID!) { node(id: $id) { ... on SelectionList { published } } }', { id: listId }, { token: parentToken });
    expect((await familyView()).body.data?.node).toBeNull();

    expect((await run(tk.lecturer, 'publishSelectionList', { listId })).code).toBe('FORBIDDEN');
    const published = await run(tk.consultant, 'publishSelectionList', { listId });
    expect(published.selectionList?.published).toBe(true);
    expect((await familyView()).body.data?.node).toEqual({ published: true });

    const entryId = globalId('SelectionEntry', added.selectionList?.entries[0]?.databaseId as number);
    const frozen = [
      await run(tk.consultant, 'publishSelectionList', { listId }),
      await run(tk.consultant, 'addSchoolsToSelectionList', { listId, schoolIds: [globalId('School', await schoolByName(t, 'Blair Academy'))] }),
      await run(tk.consultant, 'rescoreSelectionList', { listId }),
      await run(tk.admin, 'addSchoolsToSelectionList', { listId, schoolIds: [globalId('School', await schoolByName(t, 'Blair Academy'))] }),
    ];
    expect(frozen.map((f) => f.code)).toEqual(['SELECTION_PUBLISHED', 'SELECTION_PUBLISHED', 'SELECTION_PUBLISHED', 'SELECTION_PUBLISHED']);
    expect(frozen[0]?.message).toBe('选校清单已发布，发布不可撤回');
    const removal = await gql<{ removeSelectionEntries: { code?: string } }>(
      t,
      'mutation($i: RemoveSelectionEntriesInput!) { removeSelectionEntries(input: $i) { ... on Error { code } } }',
      { i: { listId, entryIds: [entryId] } },
      { token: tk.admin },
    );
    expect(removal.body.data?.removeSelectionEntries.code).toBe('SELECTION_PUBLISHED');
    const deletion = await gql<{ deleteSelectionList: { code?: string } }>(
      t,
      'mutation($i: DeleteSelectionListInput!) { deleteSelectionList(input: $i) { ... on Error { code } } }',
      { i: { listId } },
      { token: tk.admin },
    );
    expect(deletion.body.data?.deleteSelectionList.code).toBe('SELECTION_PUBLISHED');
    const row = await t.db.selectionList.findUniqueOrThrow({ where: { id: published.selectionList?.databaseId }, include: { entries: true } });
    expect(row.publishedAt).not.toBeNull();
    expect(row.entries).toHaveLength(1);
    // No mutation can withdraw or unpublish a selection list (a notice's withdrawal is another thing).
    const names =
      (await gql<{ __schema: { mutationType: { fields: Array<{ name: string }> } } }>(t, '{ __schema { mutationType { fields { name } } } }', {}, { token: tk.admin })).body.data?.__schema.mutationType.fields.map(
        (f) => f.name,
      ) ?? [];
    expect(names.filter((n) => /(unpublish|withdraw).*selection/i.test(n))).toEqual([]);
  });

  it('reorders a draft list: every entry once, its own rights, refused once published', async () => {
    const a = await makeArchive(t, 'consultant', { sex: 1, grade: 8 });
    const ids = await Promise.all(['Kent School', 'Blair Academy', 'The Taft School'].map((n) => schoolByName(t, n)));
    const made = await run(tk.consultant, 'createSelectionList', { archiveId: globalId('Archive', a.id), schoolIds: ids.map((id) => globalId('School', id)) });
    const listId = made.selectionList?.id as string;
    const entry = (name: string) => globalId('SelectionEntry', made.selectionList?.entries.find((e) => e.school.name === name)?.databaseId as number);
    const [kent, blair, taft] = [entry('Kent School'), entry('Blair Academy'), entry('The Taft School')];
    const moved = await run(tk.consultant, 'reorderSelectionList', { listId, entryIds: [taft, kent, blair] });
    expect(moved.selectionList?.entries.map((e) => e.school.name)).toEqual(['The Taft School', 'Kent School', 'Blair Academy']);
    // A stale order (one entry missing, or one twice) changes nothing and says to reload.
    const stale = await run(tk.consultant, 'reorderSelectionList', { listId, entryIds: [blair, kent] });
    expect(stale).toMatchObject({ code: 'SELECTION_ORDER', message: '选校清单已被修改，请刷新后再调整顺序' });
    expect((await run(tk.consultant, 'reorderSelectionList', { listId, entryIds: [blair, kent, kent] })).code).toBe('SELECTION_ORDER');
    const rows = await t.db.selectionEntry.findMany({ where: { listId: made.selectionList?.databaseId }, orderBy: { sort: 'asc' }, select: { school: { select: { name: true } } } });
    expect(rows.map((r) => r.school.name)).toEqual(['The Taft School', 'Kent School', 'Blair Academy']);
    // Same rights as the other list writes: a lecturer may not, another consultant's student's list does not exist.
    expect((await run(tk.lecturer, 'reorderSelectionList', { listId, entryIds: [kent, blair, taft] })).code).toBe('FORBIDDEN');
    // Rescoring keeps the order and answers the scores.
    const rescored = await run(tk.consultant, 'rescoreSelectionList', { listId });
    expect(rescored.selectionList?.entries.map((e) => e.school.name)).toEqual(['The Taft School', 'Kent School', 'Blair Academy']);
    expect(rescored.selectionList?.entries.every((e) => Number.isInteger(e.totalScore))).toBe(true);
    await run(tk.consultant, 'publishSelectionList', { listId });
    expect((await run(tk.consultant, 'reorderSelectionList', { listId, entryIds: [kent, blair, taft] })).code).toBe('SELECTION_PUBLISHED');
  });

  it("another consultant's student's list cannot be read or changed", async () => {
    const theirs = await makeArchive(t, 'wang.fang');
    const made = await run(tk.admin, 'createSelectionList', { archiveId: globalId('Archive', theirs.id), schoolIds: [globalId('School', await schoolByName(t, 'The Taft School'))] });
    const listId = made.selectionList?.id as string;
    expect((await run(tk.consultant, 'addSchoolsToSelectionList', { listId, schoolIds: [globalId('School', await schoolByName(t, 'Kent School'))] })).code).toBe('NOT_FOUND');
    expect((await run(tk.consultant, 'createSelectionList', { archiveId: globalId('Archive', theirs.id) })).code).toBe('NOT_FOUND');
    const theirEntry = globalId('SelectionEntry', made.selectionList?.entries[0]?.databaseId as number);
    expect((await run(tk.consultant, 'reorderSelectionList', { listId, entryIds: [theirEntry] })).code).toBe('NOT_FOUND');
    expect((await gql<{ node: unknown }>(t, 'query($id: ID!) { node(id: $id) { id } }', { id: listId }, { token: tk.consultant })).body.data?.node).toBeNull();
    const legacy = await rest(t, `/api/admin/school/listSelectionSchool.htm?selectionId=${made.selectionList?.databaseId}`, { token: tk.consultant });
    expect(legacy.body.status).toBe('error');
  });
});
