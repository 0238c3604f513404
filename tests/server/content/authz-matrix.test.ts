/**
 * The authorisation matrix of the content area: every mutation and every legacy write,
 * called by each demo role through both doors, is allowed or refused exactly as the table
 * below says (docs/content.md). A refusal answers FORBIDDEN in the caller's language and
 * leaves a FAILURE row in the operation log.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, gql, loginRest, rest, type TestApp } from '../../helpers/app.ts';
import { globalId } from '../support.ts';
import { gqlUpload, PDF, PNG, uploadForm } from './helpers.ts';

const ROLES = ['admin', 'manager', 'consultant', 'lecturer', 'sales', 'partner', 'parent.demo', 'student.demo'] as const;
type Role = (typeof ROLES)[number];
const STAFF: Role[] = ['admin', 'manager', 'consultant', 'lecturer', 'sales', 'partner'];
const MANAGERS: Role[] = ['admin', 'manager'];

/** Who may do what (admin holds all); row rules (a project's own manager, its members, one's own letters) are tested in their suites. */
const POLICY = {
  'project.manage': MANAGERS,
  'project.focus': STAFF,
  'letter.send': STAFF,
  'letter.own': [...ROLES],
  'notice.publish': MANAGERS,
  'dictionary.manage': MANAGERS,
} as const satisfies Record<string, readonly Role[]>;

let t: TestApp;
let dataDir: string;
const tokens = {} as Record<Role, string>;
const userIds = {} as Record<Role, number>;
let seq = 0;
const next = () => `${Date.now().toString(36)}${++seq}`;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'bo-content-'));
  t = await createTestApp({ dataDir });
  for (const role of ROLES) {
    tokens[role] = await loginRest(t, { account: role, password: role === 'admin' ? 'Admin#2026' : 'Staff#2026' });
    userIds[role] = (await t.db.user.findUniqueOrThrow({ where: { account: role } })).id;
  }
});
afterAll(async () => {
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

// ── fixtures (written directly, so every call has something fresh to act on) ──
const newProject = async () => (await t.db.project.create({ data: { name: `项目${next()}`, code: `T-${next()}`, stateCode: 2 } })).id;
const newMember = async () => {
  const projectId = await newProject();
  const userId = (await t.db.user.findFirstOrThrow({ where: { account: 'hu.wei' } })).id;
  const member = await t.db.projectMember.create({ data: { projectId, userId, timeline: { create: { happenedOn: new Date('2026-08-01'), content: '加入' } } }, include: { timeline: true } });
  return { projectId, memberId: member.id, entryId: member.timeline[0]!.id };
};
const newFile = async () => {
  const projectId = await newProject();
  return (await t.db.projectFile.create({ data: { projectId, fileName: 'a.pdf', storageKey: `project-files/202609/${next().padEnd(32, '0').slice(0, 32).replace(/[^0-9a-f]/g, 'a')}.pdf`, mimeType: 'application/pdf', size: 10, uploadedById: userIds.admin } })).id;
};
const newLetterFor = async (role: Role) =>
  (await t.db.letter.create({ data: { senderId: userIds.admin, title: 'x', content: '<p>x</p>', deliveries: { create: { recipientId: userIds[role] } } }, include: { deliveries: true } })).deliveries[0]!.id;
const newDictionary = async () => (await t.db.dictionary.create({ data: { code: `d_${next()}`, name: '字典' } })).id;
const newItem = async () => (await t.db.dictionaryItem.create({ data: { dictionaryId: await newDictionary(), code: `c${next()}`, label: '项' } })).id;
const xlsx = async () => {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('s');
  ws.addRow(['编码', '名称']);
  ws.addRow([`I${next()}`, '一']);
  return Buffer.from(await wb.xlsx.writeBuffer());
};

type Upload = { bytes: Buffer; name: string; type: string };
type GqlCall = { query: string; variables: Record<string, unknown>; upload?: Upload };
type RestCall = { path: string; json?: unknown; form?: { fields: Record<string, string | number>; file: Upload } };
type Case = { name: string; allowed: readonly Role[]; gql: (role: Role) => Promise<GqlCall>; rest: (role: Role) => Promise<RestCall> };

const m = (field: string, inputType: string) =>
  `mutation($input: ${inputType}!) { r: ${field}(input: $input) { __typename ... on Error { code message } } }`;
const gid = globalId;

const CASES: Case[] = [
  {
    name: 'create project',
    allowed: POLICY['project.manage'],
    gql: async () => ({ query: m('createProject', 'CreateProjectInput'), variables: { input: { name: '新项目' } } }),
    rest: async () => ({ path: '/api/admin/project/add.htm', json: { name: '新项目' } }),
  },
  {
    name: 'update project',
    allowed: POLICY['project.manage'],
    gql: async () => ({ query: m('updateProject', 'UpdateProjectInput'), variables: { input: { projectId: gid('Project', await newProject()), name: '改名' } } }),
    rest: async () => ({ path: '/api/admin/project/add.htm', json: { id: await newProject(), name: '改名' } }),
  },
  {
    name: 'delete projects',
    allowed: POLICY['project.manage'],
    gql: async () => ({ query: m('deleteProjects', 'DeleteProjectsInput'), variables: { input: { projectIds: [gid('Project', await newProject())] } } }),
    rest: async () => ({ path: '/api/admin/project/del.htm', json: { ids: [await newProject()] } }),
  },
  {
    name: 'focus a project',
    allowed: POLICY['project.focus'],
    gql: async () => ({ query: m('focusProject', 'ProjectRefInput'), variables: { input: { projectId: gid('Project', await newProject()) } } }),
    rest: async () => ({ path: '/api/admin/project/saveProjectFocus.htm', json: { projectId: await newProject(), focus: true } }),
  },
  {
    name: 'unfocus a project',
    allowed: POLICY['project.focus'],
    gql: async () => ({ query: m('unfocusProject', 'ProjectRefInput'), variables: { input: { projectId: gid('Project', await newProject()) } } }),
    rest: async () => ({ path: '/api/admin/project/saveProjectFocus.htm', json: { projectId: await newProject(), focus: false } }),
  },
  {
    name: 'add a project member with a timeline',
    allowed: POLICY['project.manage'],
    gql: async () => ({
      query: m('saveProjectMember', 'SaveProjectMemberInput'),
      variables: { input: { projectId: gid('Project', await newProject()), userId: gid('User', userIds.consultant), duty: '顾问', timeline: [{ happenedOn: '2026-09-01', content: '加入' }] } },
    }),
    rest: async () => ({ path: '/api/admin/auth/user/project/save.htm', json: { projectId: await newProject(), userId: userIds.consultant, userProjectTimeLineList: [{ happenDate: '2026-09-01', content: '加入' }] } }),
  },
  {
    name: 'remove a project member',
    allowed: POLICY['project.manage'],
    gql: async () => ({ query: m('removeProjectMember', 'RemoveProjectMemberInput'), variables: { input: { memberId: gid('ProjectMember', (await newMember()).memberId) } } }),
    rest: async () => ({ path: '/api/admin/project/user/delete.htm', json: { id: (await newMember()).memberId } }),
  },
  {
    name: 'delete a timeline entry',
    allowed: POLICY['project.manage'],
    gql: async () => ({ query: m('deleteProjectTimelineEntry', 'DeleteProjectTimelineEntryInput'), variables: { input: { entryId: gid('ProjectTimelineEntry', (await newMember()).entryId) } } }),
    rest: async () => ({ path: '/api/admin/auth/user/project/timeline/del.htm', json: { userProjectTimeLineId: (await newMember()).entryId } }),
  },
  {
    name: 'upload a member image',
    allowed: POLICY['project.manage'],
    gql: async () => ({
      query: m('uploadProjectMemberImage', 'UploadProjectMemberImageInput'),
      variables: { memberId: gid('ProjectMember', (await newMember()).memberId) },
      upload: { bytes: PNG, name: 'me.png', type: 'image/png' },
    }),
    rest: async () => ({ path: '/api/admin/auth/user/project/uploadImg.htm', form: { fields: { id: (await newMember()).memberId }, file: { bytes: PNG, name: 'me.png', type: 'image/png' } } }),
  },
  {
    name: 'upload a project file (not a member)',
    allowed: POLICY['project.manage'],
    gql: async () => ({ query: m('uploadProjectFile', 'UploadProjectFileInput'), variables: { projectId: gid('Project', await newProject()) }, upload: { bytes: PDF, name: 'plan.pdf', type: 'application/pdf' } }),
    rest: async () => ({ path: '/api/upload/project/uploadProjectFile.htm', form: { fields: { projectId: await newProject() }, file: { bytes: PDF, name: 'plan.pdf', type: 'application/pdf' } } }),
  },
  {
    name: 'delete a project file (uploaded by someone else)',
    allowed: POLICY['project.manage'],
    gql: async () => ({ query: m('deleteProjectFile', 'DeleteProjectFileInput'), variables: { input: { fileId: gid('ProjectFile', await newFile()) } } }),
    rest: async () => ({ path: '/api/upload/project/delUploadFile.htm', json: { id: await newFile() } }),
  },
  {
    name: 'send a letter',
    allowed: POLICY['letter.send'],
    gql: async () => ({ query: m('sendLetter', 'SendLetterInput'), variables: { input: { recipientIds: [gid('User', userIds.manager)], title: 'Hi', content: '<p>x</p>' } } }),
    rest: async () => ({ path: '/api/admin/sns/letter/send.htm', json: { recipientIds: [userIds.manager], title: 'Hi', content: '<p>x</p>' } }),
  },
  {
    name: 'mark one\'s own letter read (detail on the legacy door)',
    allowed: POLICY['letter.own'],
    gql: async (role) => ({ query: m('markLetterRead', 'LetterIdsInput'), variables: { input: { letterIds: [gid('Letter', await newLetterFor(role))] } } }),
    rest: async (role) => ({ path: '/api/admin/sns/letter/detail.htm', json: { id: await newLetterFor(role) } }),
  },
  {
    name: 'mark one\'s own letter unread',
    allowed: POLICY['letter.own'],
    gql: async (role) => ({ query: m('markLetterUnread', 'LetterIdsInput'), variables: { input: { letterIds: [gid('Letter', await newLetterFor(role))] } } }),
    rest: async (role) => ({ path: '/api/admin/sns/letter/updateMyLetterByReadState.htm', json: { ids: [await newLetterFor(role)], readState: 0 } }),
  },
  {
    name: 'publish a notice',
    allowed: POLICY['notice.publish'],
    gql: async () => ({ query: m('publishNotice', 'PublishNoticeInput'), variables: { input: { title: '通知', content: '<p>内容</p>' } } }),
    rest: async () => ({ path: '/api/admin/sns/notice/save.htm', json: { title: '通知', content: '<p>内容</p>' } }),
  },
  {
    name: 'save a dictionary',
    allowed: POLICY['dictionary.manage'],
    gql: async () => ({ query: m('saveDictionary', 'SaveDictionaryInput'), variables: { input: { code: `d_${next()}`, name: '字典' } } }),
    rest: async () => ({ path: '/api/admin/sys/dict/saveDict.htm', json: { code: `d_${next()}`, name: '字典' } }),
  },
  {
    name: 'delete dictionaries',
    allowed: POLICY['dictionary.manage'],
    gql: async () => ({ query: m('deleteDictionaries', 'DeleteDictionariesInput'), variables: { input: { dictionaryIds: [gid('Dictionary', await newDictionary())] } } }),
    rest: async () => ({ path: '/api/admin/sys/dict/del.htm', json: { ids: [await newDictionary()] } }),
  },
  {
    name: 'save a dictionary item',
    allowed: POLICY['dictionary.manage'],
    gql: async () => ({ query: m('saveDictionaryItem', 'SaveDictionaryItemInput'), variables: { input: { dictionaryId: gid('Dictionary', await newDictionary()), code: 'A', label: '甲' } } }),
    rest: async () => ({ path: '/api/admin/sys/dict/item/save.htm', json: { dictId: await newDictionary(), code: 'A', label: '甲' } }),
  },
  {
    name: 'delete dictionary items',
    allowed: POLICY['dictionary.manage'],
    gql: async () => ({ query: m('deleteDictionaryItems', 'DeleteDictionaryItemsInput'), variables: { input: { itemIds: [gid('DictionaryItem', await newItem())] } } }),
    rest: async () => ({ path: '/api/admin/sys/dict/item/del.htm', json: { ids: [await newItem()] } }),
  },
  {
    name: 'import dictionary items',
    allowed: POLICY['dictionary.manage'],
    gql: async () => ({ query: m('importDictionaryItems', 'ImportDictionaryItemsInput'), variables: { dictionaryId: gid('Dictionary', await newDictionary()) }, upload: { bytes: await xlsx(), name: 'i.xlsx', type: 'application/octet-stream' } }),
    rest: async () => ({ path: '/api/admin/sys/dict/item/importData.htm', form: { fields: { dictId: await newDictionary() }, file: { bytes: await xlsx(), name: 'i.xlsx', type: 'application/octet-stream' } } }),
  },
];

async function callGql(role: Role, c: GqlCall): Promise<{ __typename: string; code?: string; message?: string }> {
  const res = c.upload
    ? await gqlUpload<{ r: { __typename: string; code?: string } }>(t, tokens[role], c.query, c.variables, c.upload)
    : await gql<{ r: { __typename: string; code?: string } }>(t, c.query, c.variables, { token: tokens[role] });
  expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
  return res.body.data!.r;
}

async function callRest(role: Role, c: RestCall) {
  const res = c.form
    ? await rest(t, c.path, { method: 'POST', raw: uploadForm(c.form.fields, c.form.file), token: tokens[role] })
    : await rest(t, c.path, { json: c.json, token: tokens[role] });
  return res.body;
}

const lastLog = async (role: Role) => t.db.operationLog.findFirstOrThrow({ where: { userId: userIds[role] }, orderBy: { id: 'desc' } });

describe('content authorisation matrix', () => {
  it('covers every role of the table', () => {
    for (const list of Object.values(POLICY)) for (const r of list) expect(ROLES).toContain(r);
  });

  for (const c of CASES) {
    describe(c.name, () => {
      for (const role of ROLES) {
        const allowed = c.allowed.includes(role);
        it(`${role}: ${allowed ? 'allowed' : 'refused'} on both doors`, async () => {
          const g = await callGql(role, await c.gql(role));
          if (allowed) {
            expect(['RuleError', 'InputError', 'DictionaryImportError'], JSON.stringify(g)).not.toContain(g.__typename);
          } else {
            expect(g).toMatchObject({ __typename: 'RuleError', code: 'FORBIDDEN' });
            expect(await lastLog(role)).toMatchObject({ outcome: 'FAILURE', errorCode: 'FORBIDDEN', door: 'GRAPHQL' });
          }
          const r = await callRest(role, await c.rest(role));
          if (allowed) {
            expect(r, JSON.stringify(r)).toMatchObject({ status: 'success' });
          } else {
            expect(r).toMatchObject({ status: 'error', message: '没有权限执行该操作' });
            expect(await lastLog(role)).toMatchObject({ outcome: 'FAILURE', errorCode: 'FORBIDDEN', door: 'REST' });
          }
        });
      }
    });
  }
});
