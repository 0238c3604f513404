/**
 * The smaller holes of issue 15, each on both doors: NUL characters, an undecodable path,
 * impossible dates, download names, `<video poster>` and remote images in rich text
 * (docs/security.md).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { configureRichText } from '../../../server/lib/html.ts';
import { createTestApp, DEMO, gql, loginRest, rest, type TestApp } from '../../helpers/app.ts';
import { expectNoInternals, globalId } from '../support.ts';
import { gqlUpload, PNG, uploadForm } from '../uploads.ts';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp({ richTextImageHosts: ['img.school.example'] });
  admin = await loginRest(t, DEMO.admin);
});
afterAll(async () => {
  configureRichText({ imageHosts: [] });
  await t?.close();
});

const ARCHIVE = `mutation($input: CreateArchiveInput!) { createArchive(input: $input) { __typename ... on ArchivePayload { archive { id databaseId } } ... on Error { code message } } }`;
const BIO = `mutation($input: SaveArchiveBioInput!) { saveArchiveBio(input: $input) { __typename ... on Error { code message } } }`;

describe('NUL characters through GraphQL archive saves', () => {
  it('are refused for the whole request with a translated message, like the legacy door, and nothing is written', async () => {
    const made = await gql<{ createArchive: { archive: { id: string; databaseId: number } } }>(t, ARCHIVE, { input: { surName: '测', name: '零字', grade: 8, year: 2028 } }, { token: admin });
    const archive = made.body.data!.createArchive.archive;
    const before = await t.db.archive.findUniqueOrThrow({ where: { id: archive.databaseId } });
    const res = await gql(t, BIO, { input: { archiveId: archive.id, birthCountry: 'China\u0000' } }, { token: admin, headers: { cookie: 'lang=en' } });
    expect(res.status).toBe(400);
    expect(res.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(res.body.errors?.[0]?.message).toBe('The input holds a character that is not allowed (\\u0000)');
    expectNoInternals(JSON.stringify(res.body));
    const nested = await gql(t, ARCHIVE, { input: { surName: '测\u0000', name: '零', grade: 8, year: 2028 } }, { token: admin });
    expect(nested.status).toBe(400);
    expect(await t.db.archive.findUniqueOrThrow({ where: { id: archive.databaseId } })).toEqual(before);
    // The legacy door refuses them too.
    const legacy = await rest(t, '/api/admin/archive/save.htm', { json: { surName: '测\u0000', name: '零' }, token: admin });
    expect(legacy.status).toBe(400);
    expect(legacy.body).toMatchObject({ status: 'error', message: '请求格式错误' });
  });
});

describe('a path that does not decode', () => {
  it('answers 400 with no stack, on the page and the doors', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const writes = vi.spyOn(process.stderr, 'write');
    try {
      for (const path of ['/%', '/%E0%A4%A', '/assets/%ZZ.js', '/%00']) {
        const res = await t.app.fetch(new Request(`http://test.local${path}`));
        expect(res.status, path).toBe(400);
        const text = await res.text();
        expect(text).toBe('Bad request');
        expectNoInternals(text);
      }
      const api = await rest(t, '/api/%.htm', { token: admin });
      expect(api.status).toBeLessThan(500);
      const logged = [...errors.mock.calls.flat(), ...writes.mock.calls.map((c) => String(c[0]))].join('\n');
      expect(logged).not.toMatch(/URIError|\n\s+at /);
    } finally {
      errors.mockRestore();
      writes.mockRestore();
    }
  });
});

describe('impossible dates', () => {
  it('are refused with a translated message on GraphQL (Date and DateTime, variables and literals)', async () => {
    const saveParent = `mutation($input: SaveUserInput!) { saveUser(input: $input) { __typename ... on Error { code message } } }`;
    const before = await t.db.user.count();
    const day = await gql(t, saveParent, { input: { type: 'PARENT', name: '日期家长', birthday: '2026-02-30' } }, { token: admin });
    expect(day.body.errors?.[0]?.extensions?.code).toBe('INVALID_DATE');
    expect(day.body.errors?.[0]?.message).toBe('不是有效的日期或时间：2026-02-30');
    const literal = await gql(t, `mutation { saveUser(input: { type: PARENT, name: "日期家长", birthday: "2026-13-01" }) { __typename } }`, {}, { token: admin, headers: { cookie: 'lang=en' } });
    expect(literal.body.errors?.[0]?.extensions?.code).toBe('INVALID_DATE');
    expect(literal.body.errors?.[0]?.message).toBe('Not a real date or time: 2026-13-01');
    for (const instant of ['2026-02-28T99:99', '2026-02-30T10:00:00Z', '2026-02-28T24:30:00+08:00', 'March 3, 2026']) {
      const res = await gql(t, 'query($from: DateTime) { generatedIcs(from: $from) { __typename } }', { from: instant }, { token: admin });
      expect(res.body.errors?.[0]?.extensions?.code, instant).toBe('INVALID_DATE');
      expect(res.body.errors?.[0]?.message).toBe(`不是有效的日期或时间：${instant}`);
    }
    // Real ones still pass.
    expect((await gql(t, 'query($from: DateTime) { generatedIcs(from: $from) { __typename } }', { from: '2026-02-28T23:59:00+08:00' }, { token: admin })).body.errors).toBeUndefined();
    expect(await t.db.user.count()).toBe(before);
  });

  it('are refused with a translated message on the legacy door, never rolled over', async () => {
    const before = await t.db.user.count();
    const parent = await rest(t, '/api/admin/user/saveUser.htm', { json: { type: 2, name: '日期家长', birthday: '2026-02-30' }, token: admin });
    expect(parent.body).toMatchObject({ status: 'error', message: 'birthday格式错误' });
    const leap = await rest<{ id: number }>(t, '/api/admin/user/saveUser.htm', { json: { type: 2, name: '闰年家长', birthday: '2028-02-29' }, token: admin });
    expect(leap.body.status, leap.body.message).toBe('success');
    const ics = await rest(t, '/api/admin/work/daily/generateIcs.htm', { json: { beginTime: '2026-02-30 10:00:00' }, token: admin });
    expect(ics.body).toMatchObject({ status: 'error', message: 'beginTime格式错误' });
    const time = await rest(t, '/api/admin/work/daily/generateIcs.htm', { json: { beginTime: '2026-02-28 99:99:00' }, token: admin });
    expect(time.body).toMatchObject({ status: 'error', message: 'beginTime格式错误' });
    expect(await t.db.user.count()).toBe(before + 1);
  });
});

describe('download names', () => {
  const UPLOAD = 'mutation($input: UploadProjectFileInput!) { uploadProjectFile(input: $input) { __typename ... on UploadProjectFilePayload { file { databaseId fileName downloadUrl } } ... on Error { message } } }';

  async function project(): Promise<number> {
    const res = await rest<{ id: number }>(t, '/api/admin/project/add.htm', { json: { name: `下载名${Math.random().toString(36).slice(2, 7)}`, state: 1 }, token: admin });
    expect(res.body.status, res.body.message).toBe('success');
    return res.body.data.id;
  }

  const disposition = async (url: string) => (await rest(t, url, { token: admin })).response.headers.get('content-disposition');

  it('carry the extension of the type the content was recognised as, and no bidirectional or control characters (GraphQL)', async () => {
    const p = await project();
    const up = await gqlUpload<{ uploadProjectFile: { file: { databaseId: number; fileName: string; downloadUrl: string } } }>(
      t,
      admin,
      UPLOAD,
      { projectId: globalId('Project', p) },
      { bytes: PNG, name: 'report.html', type: 'text/html' },
    );
    const file = up.body.data!.uploadProjectFile.file;
    expect(file.fileName).toBe('report.png');
    expect(await disposition(file.downloadUrl)).toBe(`attachment; filename="report.png"; filename*=UTF-8''report.png`);
    const bidi = await gqlUpload<{ uploadProjectFile: { file: { fileName: string } } }>(t, admin, UPLOAD, { projectId: globalId('Project', p) }, { bytes: PNG, name: 'invoice\u202Egnp.exe', type: 'image/png' });
    expect(bidi.body.data!.uploadProjectFile.file.fileName).toBe('invoicegnp.png');
    const jpeg = await gqlUpload<{ uploadProjectFile: { file: { fileName: string } } }>(t, admin, UPLOAD, { projectId: globalId('Project', p) }, { bytes: PNG, name: '\u2066photo\u2069.PNG', type: 'image/png' });
    expect(jpeg.body.data!.uploadProjectFile.file.fileName).toBe('photo.PNG');
  });

  it('are corrected on the legacy door too, and for files stored before the correction', async () => {
    const p = await project();
    const up = await rest<{ id: number; fileName: string; url: string }>(t, '/api/upload/project/uploadProjectFile.htm', {
      method: 'POST',
      raw: uploadForm({ projectId: p }, { bytes: PNG, name: 'report.html', type: 'text/html' }),
      token: admin,
    });
    expect(up.body.data.fileName).toBe('report.png');
    expect(await disposition(up.body.data.url)).toMatch(/^attachment; filename="report\.png"/);
    // A row written before names were corrected: still offered as a PNG.
    await t.db.projectFile.update({ where: { id: up.body.data.id }, data: { fileName: 'old\u202Eslx.html' } });
    expect(await disposition(up.body.data.url)).toBe(`attachment; filename="oldslx.png"; filename*=UTF-8''oldslx.png`);
  });
});

describe('rich text: no remote image a stranger controls, no poster of any scheme', () => {
  const content =
    '<p>通知</p><img src="https://tracker.example/pixel.gif?reader=1"><img src="https://img.school.example/logo.png"><img src="data:image/png;base64,iVBORw0KGgo=">' +
    '<video src="https://media.example/v.mp4" poster="javascript:alert(1)"></video><video src="https://media.example/w.mp4" poster="https://tracker.example/p.png"></video>';
  const expected =
    '<p>通知</p><img src="https://img.school.example/logo.png" /><img src="data:image/png;base64,iVBORw0KGgo=" />' +
    '<video src="https://media.example/v.mp4" preload="none"></video><video src="https://media.example/w.mp4" preload="none"></video>';

  it('GraphQL and the legacy door store the same sanitised text', async () => {
    const viaGraphql = await gql<{ publishNotice: { __typename: string; notice?: { databaseId: number } } }>(
      t,
      'mutation($input: PublishNoticeInput!) { publishNotice(input: $input) { __typename ... on PublishNoticePayload { notice { databaseId } } } }',
      { input: { title: '图片', content } },
      { token: admin },
    );
    const gqlId = viaGraphql.body.data!.publishNotice.notice!.databaseId;
    expect((await t.db.notice.findUniqueOrThrow({ where: { id: gqlId } })).content).toBe(expected);
    const viaLegacy = await rest<{ id: number }>(t, '/api/admin/sns/notice/save.htm', { json: { title: '图片', content }, token: admin });
    expect(viaLegacy.body.status, viaLegacy.body.message).toBe('success');
    const legacyRow = await t.db.notice.findFirstOrThrow({ where: { title: '图片', id: { not: gqlId } }, orderBy: { id: 'desc' } });
    expect(legacyRow.content).toBe(expected);
  });
});
