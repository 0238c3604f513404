/**
 * The legacy door of the schools module: every path of spec section 7 "Schools" answers (and
 * refuses without a token, except the public school page), the legacy payloads work, messages
 * come in both languages, and selection lists read the same on both doors.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, gql, rest, type TestApp } from '../../helpers/app.ts';
import { globalId } from '../../server/support.ts';
import { makeArchive, schoolByName, tokens, type Tokens } from '../../server/schools/support.ts';

let t: TestApp;
let tk: Tokens;

const PATHS = readFileSync(path.resolve(import.meta.dirname, '../../../docs/legacy-paths.tsv'), 'utf8')
  .split('\n')
  .map((l) => l.split('\t'))
  .filter((c) => c[0] === 'schools') as Array<[string, 'GET' | 'POST', string]>;
const PUBLIC = new Set(['/api/admin/school/getSchoolInfoById.htm']);

beforeAll(async () => {
  t = await createTestApp();
  await t.startJobs(); // exportData waits for its export job (docs/jobs.md)
  tk = await tokens(t);
});
afterAll(async () => {
  await t.close();
});

type Row = Record<string, unknown> & { id: number; state: number; inquiry: number; interview: number; lock: boolean };
type Written = { ids: number[]; list: Row[]; logIds: number[] };
const post = <T = Written>(p: string, json: unknown, token = tk.consultant, headers: Record<string, string> = {}) => rest<T>(t, p, { json, token, headers });
const get = <T = unknown>(p: string, token = tk.consultant) => rest<T>(t, p, { token });

describe('every path answers', () => {
  it('covers the 28 paths of the section', () => {
    expect(PATHS.length).toBe(28);
  });

  it('refuses each one without a token (the public school page excepted), and answers with one', async () => {
    for (const [, method, p] of PATHS) {
      const anonymous = await rest(t, p, method === 'GET' ? { method } : { method, json: {} });
      expect(anonymous.status, p).not.toBe(404);
      if (PUBLIC.has(p))
        expect(anonymous.body.status, p).toBe('error'); // no id given
      else expect(anonymous.body.status, p).toBe('needUserLogin');
      const known = await rest(t, p.replace(/\.htm$/, ''), method === 'GET' ? { method, token: tk.admin } : { method, json: {}, token: tk.admin });
      expect(known.status, p).toBeLessThan(500);
      if (p.endsWith('/exportData.htm')) expect(known.response.headers.get('content-type')).toContain('spreadsheetml');
      else expect(['success', 'error'], `${p}: ${known.body.message}`).toContain(known.body.status);
    }
  });
});

describe('schools', () => {
  it('lists with legacy filters and pages, reads and saves each sub-record', async () => {
    const page = await post<{ rows: number; resultList: Array<{ name: string; country: string }> }>('/api/admin/school/listByPage.htm', {
      pageResult: { currentPage: 1, pageSize: 3 },
      'condition.country': 'US',
      'condition.sex': 1,
    });
    // Four US boys' schools are seeded: Avon Old Farms, Georgetown Prep, Salisbury, Woodberry Forest.
    expect(page.body.data.resultList.map((s) => s.name)).toEqual(['Avon Old Farms School', 'Georgetown Preparatory School', 'Salisbury School']);
    expect(page.body.data.rows).toBe(4);
    const id = await schoolByName(t, 'Groton School');
    const saved = await post<{ id: number; latitude: number; city: string }>('/api/admin/school/geography/save.htm', { id, latitude: 42.61, city: 'Groton' }, tk.manager);
    expect(saved.body).toMatchObject({ status: 'success', data: { latitude: 42.61, city: 'Groton' } });
    const read = await get<{ latitude: number }>(`/api/admin/school/geography/getSchoolGeographyBySchoolId.htm?schoolId=${id}`);
    expect(read.body.data.latitude).toBe(42.61);
    const recruit = await post<{ platforms: Array<{ platform: number }> }>('/api/admin/school/recruit/save.htm', { id, toeflAverage: 100, platforms: [{ platform: 1 }, { platform: 3 }] }, tk.manager);
    expect(recruit.body.data.platforms.map((p) => p.platform)).toEqual([1, 3]);
    const enabled = await get<Array<{ platform: number; name: string }>>(`/api/admin/school/recruit/getSchoolEnableApplicationPlatform.htm?schoolId=${id}`);
    expect(enabled.body.data).toEqual([
      { platform: 1, url: null, name: 'SAO' },
      { platform: 3, url: null, name: 'Ravenna' },
    ]);
    const refused = await post('/api/admin/school/teaching/save.htm', { id, apCourseCount: 3 });
    expect(refused.body.status).toBe('error');
    expect((await t.db.school.findUniqueOrThrow({ where: { id } })).apCourseCount).toBeNull();
    const detail = await get<{ name: string; year: number; platforms: unknown[] }>(`/api/admin/school/getById.htm?id=${id}`);
    expect(detail.body.data).toMatchObject({ name: 'Groton School', year: 1884 });
    const bad = await post('/api/admin/school/save.htm', { name: 'X', country: 'Nowhere' }, tk.manager);
    expect(bad.body).toMatchObject({ status: 'error', message: 'country格式错误' });
    const en = await post('/api/admin/school/save.htm', { name: 'X', country: 'Nowhere' }, tk.manager, { cookie: 'lang=en' });
    expect(en.body.message).toBe('country格式错误'); // the manager's stored preference (Chinese) wins over the cookie
    const missing = await rest(t, '/api/admin/school/getSchoolInfoById.htm?id=999999', { headers: { cookie: 'lang=en' } });
    expect(missing.body).toMatchObject({ status: 'error', message: 'The school does not exist' });
  });
});

describe('both doors', () => {
  it('selection lists made on GraphQL read the same on the legacy paths', async () => {
    const a = await makeArchive(t, 'consultant', { sex: 1, grade: 8 });
    const made = await gql<{ createSelectionList: { selectionList: { databaseId: number } } }>(
      t,
      'mutation($i: CreateSelectionListInput!) { createSelectionList(input: $i) { ... on SelectionListPayload { selectionList { databaseId } } } }',
      { i: { archiveId: globalId('Archive', a.id), schoolIds: [globalId('School', await schoolByName(t, 'Woodberry Forest School'))] } },
      { token: tk.consultant },
    );
    const listId = made.body.data?.createSelectionList.selectionList.databaseId;
    const entries = await get<Array<{ schoolName: string; genderScore: number; totalScore: number; published: boolean }>>(`/api/admin/school/listSelectionSchool.htm?selectionId=${listId}`);
    expect(entries.body.data).toEqual([expect.objectContaining({ schoolName: 'Woodberry Forest School', genderScore: 100, published: false })]);
    expect((await get<unknown[]>(`/api/admin/school/listStudentChooseSchool.htm?archivesId=${a.id}`)).body.data).toHaveLength(1);
    const notIn = await get<Array<{ name: string }>>(`/api/admin/school/listSelectionSchoolNotInArchives.htm?archiveId=${a.id}`);
    expect(notIn.body.data.map((s) => s.name)).not.toContain('Woodberry Forest School');
    expect(notIn.body.data.length).toBe((await t.db.school.count()) - 1);
  });
});
