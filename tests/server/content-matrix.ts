/**
 * The authorisation matrix of the content modules (projects, letters, notices, dictionary),
 * not a test file: each module's `authz-matrix.test.ts` lists its mutations and legacy writes;
 * every demo role calls each through both doors, allowed or refused exactly as the table
 * below says (docs/projects.md). A refusal answers FORBIDDEN in the caller's language and
 * leaves a FAILURE row in the operation log.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, gql, loginRest, rest, type TestApp } from '../helpers/app.ts';
import { globalId } from './support.ts';
import { gqlUpload, uploadForm } from './uploads.ts';

export const ROLES = ['admin', 'manager', 'consultant', 'lecturer', 'sales', 'partner', 'parent.demo', 'student.demo'] as const;
export type Role = (typeof ROLES)[number];
export const STAFF: Role[] = ['admin', 'manager', 'consultant', 'lecturer', 'sales', 'partner'];
export const MANAGERS: Role[] = ['admin', 'manager'];

/** Who may do what (admin holds all); row rules (a project's own manager, its members, one's own letters) are tested in their suites. */
export const POLICY = {
  'project.manage': MANAGERS,
  'project.focus': STAFF,
  'letter.send': STAFF,
  'letter.own': [...ROLES],
  'notice.publish': MANAGERS,
  'dictionary.manage': MANAGERS,
} as const satisfies Record<string, readonly Role[]>;

export let t: TestApp;
let dataDir: string;
const tokens = {} as Record<Role, string>;
export const userIds = {} as Record<Role, number>;
let seq = 0;
export const next = () => `${Date.now().toString(36)}${++seq}`;

// ── fixtures (written directly, so every call has something fresh to act on) ──
export const newProject = async () => (await t.db.project.create({ data: { name: `项目${next()}`, code: `T-${next()}`, stateCode: 2 } })).id;
export const newMember = async () => {
  const projectId = await newProject();
  const userId = (await t.db.user.findFirstOrThrow({ where: { account: 'hu.wei' } })).id;
  const member = await t.db.projectMember.create({ data: { projectId, userId, timeline: { create: { happenedOn: new Date('2026-08-01'), content: '加入' } } }, include: { timeline: true } });
  return { projectId, memberId: member.id, entryId: member.timeline[0]!.id };
};
export const newFile = async () => {
  const projectId = await newProject();
  return (
    await t.db.projectFile.create({
      data: {
        projectId,
        fileName: 'a.pdf',
        storageKey: `project-files/202609/${next()
          .padEnd(32, '0')
          .slice(0, 32)
          .replace(/[^0-9a-f]/g, 'a')}.pdf`,
        mimeType: 'application/pdf',
        size: 10,
        uploadedById: userIds.admin,
      },
    })
  ).id;
};
export const newLetterFor = async (role: Role) =>
  (await t.db.letter.create({ data: { senderId: userIds.admin, title: 'x', content: '<p>x</p>', deliveries: { create: { recipientId: userIds[role] } } }, include: { deliveries: true } })).deliveries[0]!.id;
export const newDictionary = async () => (await t.db.dictionary.create({ data: { code: `d_${next()}`, name: '字典' } })).id;
export const newItem = async () => (await t.db.dictionaryItem.create({ data: { dictionaryId: await newDictionary(), code: `c${next()}`, label: '项' } })).id;
export const xlsx = async () => {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('s');
  ws.addRow(['编码', '名称']);
  ws.addRow([`I${next()}`, '一']);
  return Buffer.from(await wb.xlsx.writeBuffer());
};

type Upload = { bytes: Buffer; name: string; type: string };
type GqlCall = { query: string; variables: Record<string, unknown>; upload?: Upload };
type RestCall = { path: string; json?: unknown; form?: { fields: Record<string, string | number>; file: Upload } };
export type Case = { name: string; allowed: readonly Role[]; gql: (role: Role) => Promise<GqlCall>; rest: (role: Role) => Promise<RestCall> };

export const m = (field: string, inputType: string) => `mutation($input: ${inputType}!) { r: ${field}(input: $input) { __typename ... on Error { code message } } }`;
export const gid = globalId;

/** Registers the matrix for one module: its cases, called by every demo role through both doors. */
export function describeContentMatrix(moduleName: string, cases: Case[]): void {
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

  async function callGql(role: Role, c: GqlCall): Promise<{ __typename: string; code?: string; message?: string }> {
    const res = c.upload
      ? await gqlUpload<{ r: { __typename: string; code?: string } }>(t, tokens[role], c.query, c.variables, c.upload)
      : await gql<{ r: { __typename: string; code?: string } }>(t, c.query, c.variables, { token: tokens[role] });
    expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
    return res.body.data!.r;
  }

  async function callRest(role: Role, c: RestCall) {
    const res = c.form ? await rest(t, c.path, { method: 'POST', raw: uploadForm(c.form.fields, c.form.file), token: tokens[role] }) : await rest(t, c.path, { json: c.json, token: tokens[role] });
    return res.body;
  }

  const lastLog = async (role: Role) => t.db.operationLog.findFirstOrThrow({ where: { userId: userIds[role] }, orderBy: { id: 'desc' } });

  describe(`${moduleName} authorisation matrix`, () => {
    it('covers every role of the table', () => {
      for (const list of Object.values(POLICY)) for (const r of list) expect(ROLES).toContain(r);
    });

    for (const c of cases) {
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
}
