import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, DEMO, gql, loginRest, rest, type TestApp } from '../../helpers/app.ts';
import { globalId, userId } from '../support.ts';
import { gqlUpload, PDF, PNG, uploadForm } from '../uploads.ts';

let t: TestApp;
let dataDir: string;
let manager: string;
let consultant: string;
let lecturer: string;

type ProjectJson = { id: number; name: string; code: string; state: number; managerId: number | null; startDate: string | null; isFocus?: boolean; memberCount: number };
type Page<T> = { currentPage: number; pageSize: number; rows: number; resultList: T[] };

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'bo-projects-'));
  t = await createTestApp({ dataDir });
  manager = await loginRest(t, DEMO.manager);
  consultant = await loginRest(t, DEMO.consultant);
  lecturer = await loginRest(t, DEMO.lecturer);
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

const list = async (token: string, body: Record<string, unknown>) => {
  const res = await rest<Page<ProjectJson>>(t, '/api/admin/project/list.htm', { json: body, token });
  expect(res.body.status, res.body.message).toBe('success');
  return res.body.data;
};
const add = (token: string, json: Record<string, unknown>) => rest<{ id: number }>(t, '/api/admin/project/add.htm', { json, token });

describe('project list and writes', () => {
  test('the legacy list leaves out finished and cancelled projects and takes the page size 8388607', async () => {
    const page = await list(consultant, { pageResult: { currentPage: 1, pageSize: 8388607 }, condition: { notInProjectStateStr: '4,5' } });
    const live = await t.db.project.count({ where: { deletedAt: null, stateCode: { notIn: [4, 5] } } });
    expect(page).toMatchObject({ currentPage: 1, pageSize: 8388607, rows: live });
    expect(page.resultList).toHaveLength(live);
    expect(page.resultList.every((p) => p.state !== 4 && p.state !== 5)).toBe(true);
    const all = await list(consultant, { pageResult: { currentPage: 1, pageSize: 8388607 } });
    expect(all.rows).toBeGreaterThan(live);
    const bad = await rest(t, '/api/admin/project/list.htm', { json: { condition: { notInProjectStateStr: '4,x' } }, token: consultant });
    expect(bad.body).toMatchObject({ status: 'error', message: 'notInProjectStateStr格式错误' });
  });

  test('add and edit check their input and change nothing when refused', async () => {
    const before = await t.db.project.count();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{}, '请填写项目名称'],
      [{ name: '  ' }, '请填写项目名称'],
      [{ name: 'x'.repeat(101) }, 'name不能超过100个字符'],
      [{ name: 'A', state: 9 }, 'state格式错误'],
      [{ name: 'A', startDate: '2026-13-01' }, 'startDate格式错误'],
      [{ name: 'A', startDate: '2026-09-10', endDate: '2026-09-01' }, '结束日期不能早于开始日期'],
      [{ name: 'A', managerId: 999999 }, 'managerId格式错误'],
      [{ name: 'A', managerId: await userId(t, 'student.demo') }, 'managerId格式错误'],
      [{ name: 'A', code: (await t.db.project.findUniqueOrThrow({ where: { id: 1 } })).code }, '项目编号已存在'],
    ];
    for (const [json, message] of cases) {
      const res = await add(manager, json);
      expect(res.body, JSON.stringify(json)).toMatchObject({ status: 'error', message });
    }
    expect((await add(manager, { name: 5 })).status).toBe(400);
    expect(await t.db.project.count()).toBe(before);

    const created = await add(manager, { name: '2027 夏校', nameEn: '2027 summer', startDate: '2027-06-01', endDate: '2027-08-01 00:00:00', companyName: '新东方' });
    expect(created.body.status).toBe('success');
    const id = created.body.data.id;
    expect(created.body.message).toBe(String(id));
    const row = await t.db.project.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({ name: '2027 夏校', stateCode: 1, companyName: '新东方', createdById: await userId(t, 'manager') });
    expect(row.code).toMatch(/^P\d{4}-[0-9A-F]{6}$/);
    const edited = await add(manager, { id, name: '2027 夏校项目', state: 2 });
    expect(edited.body.status).toBe('success');
    expect(await t.db.project.findUniqueOrThrow({ where: { id } })).toMatchObject({ name: '2027 夏校项目', stateCode: 2, companyName: '新东方' });
  });

  test('a project manager edits their own project but not others, and cannot hand it over', async () => {
    const consultantId = await userId(t, 'consultant');
    const own = (await t.db.project.create({ data: { name: '顾问的项目', code: `OWN-${Date.now()}`, managerId: consultantId } })).id;
    const other = (await t.db.project.create({ data: { name: '别人的项目', code: `OTH-${Date.now()}` } })).id;
    expect((await add(consultant, { id: own, name: '顾问的项目（改）' })).body.status).toBe('success');
    expect((await add(consultant, { id: other, name: 'x' })).body).toMatchObject({ status: 'error', message: '没有权限执行该操作' });
    expect((await add(consultant, { id: own, managerId: await userId(t, 'sales') })).body).toMatchObject({ status: 'error', message: '没有权限执行该操作' });
    expect((await t.db.project.findUniqueOrThrow({ where: { id: own } })).managerId).toBe(consultantId);
    // ...and manages its members.
    const save = await rest<{ id: number; userProjectTimeLineList: unknown[] }>(t, '/api/admin/auth/user/project/save.htm', {
      json: { projectId: own, userId: await userId(t, 'lecturer'), duty: '讲师', joinDate: '2026-09-01', userProjectTimeLineList: [{ happenDate: '2026-09-02', content: '首次上课' }] },
      token: consultant,
    });
    expect(save.body.status).toBe('success');
    expect(save.body.data.userProjectTimeLineList).toHaveLength(1);
  });

  test('deleting the last row of a page above 1 answers the page before', async () => {
    const filter = { companyName: `分页测试${Date.now()}` };
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push((await add(manager, { name: `分页${i}`, ...filter })).body.data.id);
    const pageSize = 2;
    // Page 3 holds one row (5 rows, 2 per page): deleting it moves back to page 2.
    const page3 = await list(manager, { pageResult: { currentPage: 3, pageSize }, condition: filter });
    expect(page3.resultList).toHaveLength(1);
    const del = await rest<{ currentPage: number; rows: number }>(t, '/api/admin/project/del.htm', {
      json: { ids: [page3.resultList[0]!.id], pageResult: { currentPage: 3, pageSize }, condition: filter },
      token: manager,
    });
    expect(del.body).toMatchObject({ status: 'success', message: '删除成功', data: { currentPage: 2, rows: 4 } });
    // Deleting one of two rows on page 2 stays on page 2; on page 1 it never moves.
    expect(page3.resultList[0]!.id).toBe(ids[0]);
    const stay = await rest<{ currentPage: number }>(t, '/api/admin/project/del.htm', { json: { ids: String(ids[1]), pageResult: { currentPage: 2, pageSize }, condition: filter }, token: manager });
    expect(stay.body.data.currentPage).toBe(2);
    const first = await rest<{ currentPage: number }>(t, '/api/admin/project/del.htm', { json: { ids: [ids[2], ids[3], ids[4]], pageResult: { currentPage: 1, pageSize }, condition: filter }, token: manager });
    expect(first.body.data.currentPage).toBe(1);
    // Deleted projects leave lists and detail, and a second delete says not found.
    expect((await list(manager, { condition: filter })).rows).toBe(0);
    expect((await rest(t, '/api/admin/project/getProjectDetailById.htm', { json: { id: ids[1] }, token: manager })).body).toMatchObject({ status: 'error', message: '项目不存在' });
    expect((await rest(t, '/api/admin/project/del.htm', { json: { ids: [ids[1]] }, token: manager })).body).toMatchObject({ status: 'error', message: '项目不存在' });
    // GraphQL answers the same page.
    const more: number[] = [];
    for (let i = 0; i < 3; i++) more.push((await add(manager, { name: `G${i}`, ...filter })).body.data.id);
    const g = await gql<{ deleteProjects: { currentPage: number; totalCount: number } }>(
      t,
      'mutation($input: DeleteProjectsInput!) { deleteProjects(input: $input) { ... on DeleteProjectsPayload { currentPage totalCount deletedProjectIds } } }',
      { input: { projectIds: [globalId('Project', more[2]!)], currentPage: 100_000, pageSize: 2 } },
      { token: manager },
    );
    const left = await t.db.project.count({ where: { deletedAt: null } });
    expect(g.body.data?.deleteProjects).toMatchObject({ totalCount: left, currentPage: Math.ceil(left / 2) });
  });

  test('detail, detail by condition, members, focus and projects by company and user', async () => {
    const consultantId = await userId(t, 'consultant');
    const p = (await add(manager, { name: '详情项目', code: `DET-${Date.now()}`, companyName: '伙伴公司', managerId: await userId(t, 'manager') })).body.data.id;
    await rest(t, '/api/admin/auth/user/project/save.htm', { json: { projectId: p, userId: consultantId, duty: '顾问' }, token: manager });
    const detail = await rest<ProjectJson & { persons: Array<{ userId: number; duty: string }> }>(t, '/api/admin/project/getProjectDetailById.htm', { json: { id: p }, token: consultant });
    expect(detail.body.data).toMatchObject({ id: p, name: '详情项目', companyName: '伙伴公司', isFocus: false, persons: [{ userId: consultantId, duty: '顾问' }] });
    const code = (await t.db.project.findUniqueOrThrow({ where: { id: p } })).code;
    const byCode = await rest<ProjectJson>(t, '/api/admin/project/getProjectDetailByCondition.htm', { json: { condition: { code } }, token: consultant });
    expect(byCode.body.data.id).toBe(p);
    expect((await rest(t, '/api/admin/project/getProjectDetailByCondition.htm', { json: { condition: {} }, token: consultant })).body.status).toBe('error');

    expect((await rest(t, '/api/admin/project/saveProjectFocus.htm', { json: { projectId: p, focus: true }, token: consultant })).body.status).toBe('success');
    const focus = await rest<Array<{ projectId: number }>>(t, '/api/admin/project/listProjectFocus.htm', { json: {}, token: consultant });
    expect(focus.body.data.map((f) => f.projectId)).toContain(p);
    const mine = await rest<ProjectJson[]>(t, '/api/admin/project/listProjectByCompanyAndUser.htm', { json: { condition: { companyName: '伙伴公司' } }, token: consultant });
    expect(mine.body.data.map((x) => x.id)).toEqual([p]);
    const members = await rest<Array<{ userId: number }>>(t, '/api/admin/project/members.htm', { json: { projectId: p }, token: lecturer });
    expect(members.body.data.map((m) => m.userId)).toEqual([consultantId]);
    const users = await rest<Page<{ id: number; isMember: boolean }>>(t, '/api/admin/user/listUsers4Project.htm', {
      json: { pageResult: { currentPage: 1, pageSize: 200 }, condition: { projectId: p } },
      token: consultant,
    });
    expect(users.body.data.resultList.find((u) => u.id === consultantId)?.isMember).toBe(true);
    expect(users.body.data.resultList.filter((u) => u.isMember)).toHaveLength(1);

    // GraphQL: the same project with members and focus.
    const g = await gql<{ node: { name: string; isFocused: boolean; members: { totalCount: number; edges: Array<{ node: { duty: string; user: { databaseId: number } } }> } } }>(
      t,
      'query($id: ID!) { node(id: $id) { ... on Project { name isFocused members(first: 10) { totalCount edges { node { duty user { databaseId } } } } } } }',
      { id: globalId('Project', p) },
      { token: consultant },
    );
    expect(g.body.data?.node).toMatchObject({ name: '详情项目', isFocused: true, members: { totalCount: 1, edges: [{ node: { duty: '顾问', user: { databaseId: consultantId } } }] } });
    // Parents and students see no projects.
    const parent = await loginRest(t, { account: 'parent.demo', password: 'Staff#2026' });
    expect((await rest(t, '/api/admin/project/list.htm', { json: {}, token: parent })).body).toMatchObject({ status: 'error', message: '没有权限执行该操作' });
    const pg = await gql(t, '{ projects(first: 5) { totalCount } }', {}, { token: parent });
    expect(pg.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  test('member timelines: entries added and edited through save, deleted by id', async () => {
    const p = (await add(manager, { name: '时间线' })).body.data.id;
    const save = await rest<{ id: number; userProjectTimeLineList: Array<{ id: number; happenDate: string; content: string }> }>(t, '/api/admin/auth/user/project/save.htm', {
      json: {
        projectId: p,
        userId: await userId(t, 'sales'),
        userProjectTimeLineList: [
          { happenDate: '2026-09-01', content: '一' },
          { happenDate: '2026-09-05', content: '二' },
        ],
      },
      token: manager,
    });
    const memberId = save.body.data.id;
    const [second, first] = save.body.data.userProjectTimeLineList;
    expect([second?.content, first?.content]).toEqual(['二', '一']);
    const edit = await rest<{ userProjectTimeLineList: Array<{ id: number; content: string }> }>(t, '/api/admin/auth/user/project/save.htm', {
      json: { id: memberId, userProjectTimeLineList: [{ id: first!.id, happenDate: '2026-09-01', content: '一（改）' }] },
      token: manager,
    });
    expect(edit.body.data.userProjectTimeLineList.map((e) => e.content)).toEqual(['二', '一（改）']);
    const bad = [
      [{ id: memberId, userProjectTimeLineList: [{ happenDate: '2026-02-30', content: 'x' }] }, 'userProjectTimeLineList.0.happenedOn格式错误'],
      [{ id: memberId, userProjectTimeLineList: [{ happenDate: '2026-09-01', content: '' }] }, 'timeline.0.content格式错误'],
      [{ id: memberId, userProjectTimeLineList: [{ id: 999999, happenDate: '2026-09-01', content: 'x' }] }, '时间线记录不存在'],
      [{ projectId: p, userId: await userId(t, 'parent.demo') }, '请选择在职员工作为项目成员'],
      [{ projectId: p, userId: await userId(t, 'former.staff') }, '请选择在职员工作为项目成员'],
      [{ projectId: p }, 'userId不能为空'],
    ] as const;
    for (const [json, message] of bad) {
      const res = await rest(t, '/api/admin/auth/user/project/save.htm', { json, token: manager });
      expect(res.body.status, JSON.stringify(json)).toBe('error');
      expect(res.body.message.replace('userProjectTimeLineList', 'timeline')).toBe(message.replace('userProjectTimeLineList', 'timeline'));
    }
    expect(await t.db.projectTimelineEntry.count({ where: { memberId } })).toBe(2);
    const del = await rest(t, `/api/admin/auth/user/project/timeline/del.htm?userProjectTimeLineId=${second!.id}`, { token: manager });
    expect(del.body.status).toBe('success');
    expect(await t.db.projectTimelineEntry.count({ where: { memberId } })).toBe(1);
    const detail = await rest<{ userProjectTimeLineList: unknown[] }>(t, '/api/admin/auth/user/project/detail.htm', { json: { id: memberId }, token: lecturer });
    expect(detail.body.data.userProjectTimeLineList).toHaveLength(1);
  });
});

describe('project files and member images', () => {
  // The default store keeps the bytes in the database (server/lib/files.ts).
  const files = async () => (await t.db.storedFile.findMany({ select: { key: true } })).map((f) => f.key);

  test('a member uploads a file stored under a server name, downloads it back and deletes it', async () => {
    const p = (await add(manager, { name: '文件项目' })).body.data.id;
    await rest(t, '/api/admin/auth/user/project/save.htm', { json: { projectId: p, userId: await userId(t, 'lecturer') }, token: manager });
    const up = await rest<{ id: number; fileName: string; fileType: string; fileSize: number; url: string }>(t, '/api/upload/project/uploadProjectFile.htm', {
      method: 'POST',
      raw: uploadForm({ projectId: p }, { bytes: PDF, name: '../../etc/计划 "v2".pdf', type: 'text/html' }),
      token: lecturer,
    });
    expect(up.body.status, up.body.message).toBe('success');
    expect(up.body.data).toMatchObject({ fileName: '计划 v2.pdf', fileType: 'application/pdf', fileSize: PDF.length });
    const row = await t.db.projectFile.findUniqueOrThrow({ where: { id: up.body.data.id } });
    expect(row.storageKey).toMatch(/^project-files\/\d{6}\/[0-9a-f]{32}\.pdf$/);
    expect(await files()).toContain(row.storageKey);

    const dl = await rest(t, up.body.data.url, { token: consultant });
    expect(dl.status).toBe(200);
    expect(dl.response.headers.get('content-type')).toBe('application/pdf');
    expect(dl.response.headers.get('content-disposition')).toBe(`attachment; filename="__ v2.pdf"; filename*=UTF-8''${encodeURIComponent('计划 v2.pdf')}`);
    expect(dl.response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await dl.response.arrayBuffer()).equals(PDF)).toBe(true);

    const listed = await rest<Array<{ id: number }>>(t, '/api/admin/project/listUploadFile.htm', { json: { projectId: p }, token: consultant });
    expect(listed.body.data.map((f) => f.id)).toEqual([row.id]);
    // Another staff member (not on the project) may neither upload nor delete.
    expect((await rest(t, '/api/upload/project/delUploadFile.htm', { json: { id: row.id }, token: consultant })).body.message).toBe('没有权限执行该操作');
    expect((await rest(t, '/api/upload/project/delUploadFile.htm', { json: { id: row.id }, token: lecturer })).body.status).toBe('success');
    expect(await files()).not.toContain(row.storageKey);
    expect((await rest(t, up.body.data.url, { token: consultant })).body).toMatchObject({ status: 'error', message: '文件不存在' });
  });

  test('uploads are refused by content and size, whatever their name or declared type', async () => {
    const p = (await add(manager, { name: '拒绝上传' })).body.data.id;
    const before = await files();
    const cases: Array<[Buffer, string, string]> = [
      [Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff', 'latin1'), 'setup.pdf', '文件类型不允许'],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'logo.png', '文件类型不允许'],
      [Buffer.from('<html><script>alert(1)</script></html>'), 'report.html', '文件类型不允许'],
      [Buffer.from('plain\u0000binary'), 'notes.txt', '文件类型不允许'],
      [Buffer.alloc(0), 'empty.pdf', '文件为空'],
      [Buffer.concat([PDF, Buffer.alloc(20 * 1024 * 1024)]), 'big.pdf', '文件大小超出限制（最大20MB）'],
    ];
    for (const [bytes, name, message] of cases) {
      const res = await rest(t, '/api/upload/project/uploadProjectFile.htm', { method: 'POST', raw: uploadForm({ projectId: p }, { bytes, name, type: 'application/pdf' }), token: manager });
      expect(res.body.status, name).toBe('error');
      expect(res.body.message, name).toContain(message);
    }
    const text = await rest<{ fileType: string }>(t, '/api/upload/project/uploadProjectFile.htm', {
      method: 'POST',
      raw: uploadForm({ projectId: p }, { bytes: Buffer.from('会议纪要\n'), name: 'notes.txt' }),
      token: manager,
    });
    expect(text.body.data.fileType).toBe('text/plain; charset=utf-8');
    expect(await t.db.projectFile.count({ where: { projectId: p } })).toBe(1);
    expect((await files()).length).toBe(before.length + 1);

    // Member images: images only, at most 5 MB; on GraphQL too.
    const member = await t.db.projectMember.create({ data: { projectId: p, userId: await userId(t, 'sales') } });
    const img = await rest<{ url: string }>(t, '/api/admin/auth/user/project/uploadImg.htm', { method: 'POST', raw: uploadForm({ id: member.id }, { bytes: PNG, name: 'face.png' }), token: manager });
    expect(img.body.status).toBe('success');
    const shown = await rest(t, img.body.data.url, { token: consultant });
    expect(shown.response.headers.get('content-type')).toBe('image/png');
    expect(shown.response.headers.get('content-disposition')).toMatch(/^inline;/);
    const mutation = 'mutation($input: UploadProjectMemberImageInput!) { uploadProjectMemberImage(input: $input) { __typename ... on ProjectMemberPayload { member { imageUrl } } ... on Error { code message } } }';
    const pdfAsImage = await gqlUpload<{ uploadProjectMemberImage: { __typename: string; code?: string; message?: string } }>(
      t,
      manager,
      mutation,
      { memberId: globalId('ProjectMember', member.id) },
      { bytes: PDF, name: 'face.png', type: 'image/png' },
    );
    expect(pdfAsImage.body.data?.uploadProjectMemberImage).toMatchObject({ __typename: 'RuleError', code: 'UPLOAD_TYPE_NOT_ALLOWED', message: '文件类型不允许，仅支持：png, jpg, gif, webp' });
    const huge = await gqlUpload<{ uploadProjectMemberImage: { code?: string } }>(
      t,
      manager,
      mutation,
      { memberId: globalId('ProjectMember', member.id) },
      { bytes: Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]), name: 'face.png' },
    );
    expect(huge.body.data?.uploadProjectMemberImage.code).toBe('UPLOAD_TOO_LARGE');
    const ok = await gqlUpload<{ uploadProjectMemberImage: { member: { imageUrl: string } } }>(t, manager, mutation, { memberId: globalId('ProjectMember', member.id) }, { bytes: PNG, name: 'x.png' });
    expect(ok.body.data?.uploadProjectMemberImage.member.imageUrl).toBe(`/api/admin/project/member/image.htm?id=${member.id}`);
    // The replaced image's file is gone: one image file for the member.
    expect((await files()).filter((f) => String(f).startsWith('member-images'))).toHaveLength(1);
  });
});

describe('GraphQL upload size', () => {
  test('a multipart request over 25 MB is refused, declared or not', async () => {
    const p = (await add(manager, { name: '大文件' })).body.data.id;
    const query = 'mutation($input: UploadProjectFileInput!) { uploadProjectFile(input: $input) { __typename } }';
    const declared = await t.app.fetch(
      new Request('http://test.local/graphql', {
        method: 'POST',
        headers: { 'x-token': manager, 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(26 * 1024 * 1024) },
        body: '--x--',
      }),
    );
    expect(declared.status).toBe(413);
    expect(await declared.json()).toMatchObject({ errors: [{ message: '请求内容过大', extensions: { code: 'PAYLOAD_TOO_LARGE' } }] });
    // No declared length (an in-process FormData body): cut off while streaming.
    const res = await gqlUpload(t, manager, query, { projectId: globalId('Project', p) }, { bytes: Buffer.concat([PDF, Buffer.alloc(26 * 1024 * 1024)]), name: 'big.pdf' });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(await t.db.projectFile.count({ where: { projectId: p } })).toBe(0);
    // Within the limit it goes through.
    const ok = await gqlUpload<{ uploadProjectFile: { __typename: string } }>(t, manager, query, { projectId: globalId('Project', p) }, { bytes: PDF, name: 'small.pdf' });
    expect(ok.body.data?.uploadProjectFile.__typename).toBe('UploadProjectFilePayload');
  });
});
