/**
 * The authorisation matrix of the courses area (not a test file; the style of
 * ../org-matrix.ts and ../content-matrix.ts, so the generated matrix can fold it in): every
 * course mutation and its legacy write, called by every demo role through both doors on a
 * fresh fixture, allowed or refused exactly as the table says (docs/courses.md, "Rights").
 * A refusal answers FORBIDDEN (a row the caller sees) or NOT_FOUND (one they do not), in the
 * caller's language, and leaves a FAILURE row with that code in the operation log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createTestApp, gql, loginRest, rest, type TestApp } from '../../helpers/app.ts';
import { gqlUpload, uploadForm } from '../uploads.ts';
import { serviceContext } from './support.ts';

export const ROLES = ['admin', 'manager', 'consultant', 'lecturer', 'sales', 'partner', 'parent.demo', 'student.demo'] as const;
export type Role = (typeof ROLES)[number];

const MANAGERS: Role[] = ['admin', 'manager'];
const TEACHING: Role[] = ['admin', 'manager', 'lecturer'];

/**
 * Who may do what on a course taught by the demo `lecturer`, with `student.demo` (child of
 * `parent.demo`, consultant `consultant`) enrolled. Administrators hold every right; managers
 * hold `course.manage`, `course.hours`, `classroom.manage`.
 */
export const POLICY = {
  'course.manage': MANAGERS,
  'course.teach': TEACHING,
  'course.hours': MANAGERS,
  'classroom.manage': MANAGERS,
  'attendance.signIn': [...TEACHING, 'student.demo'],
  'attendance.leave': [...TEACHING, 'parent.demo', 'student.demo'],
  'homework.submit': [...TEACHING, 'student.demo'],
  'material.browse': ['student.demo'],
} as const satisfies Record<string, readonly Role[]>;

export let t: TestApp;
let dataDir: string;
export const tokens = {} as Record<Role, string>;
export const userIds = {} as Record<Role, number>;

type Upload = { bytes: Buffer; name: string; type: string };
type GqlCall = { query: string; variables: Record<string, unknown>; upload?: Upload };
type RestCall = { path: string; method?: 'GET'; json?: unknown; form?: { fields: Record<string, string | number>; file: Upload } };
/** `rest` is absent for the mutations without a legacy path (GraphQL only). */
export type Case = { name: string; allowed: readonly Role[]; gql: (role: Role) => Promise<GqlCall>; rest?: (role: Role) => Promise<RestCall> };

export const m = (field: string, inputType: string) => `mutation($input: ${inputType}!) { r: ${field}(input: $input) { __typename ... on Error { code message } } }`;

/** An administrator's service context, for fixtures. */
export const adminCtx = () => serviceContext(t, tokens.admin);

export function describeCourseMatrix(cases: Case[]): void {
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'bo-course-matrix-'));
    t = await createTestApp({ dataDir });
    for (const role of ROLES) {
      tokens[role] = await loginRest(t, { account: role, password: role === 'admin' ? 'Admin#2026' : 'Staff#2026' });
      userIds[role] = (await t.db.user.findUniqueOrThrow({ where: { account: role } })).id;
    }
    // The demo student's consultant is the demo consultant (a fixture of this file's database).
    await t.db.user.update({ where: { id: userIds['student.demo'] }, data: { consultantId: userIds.consultant } });
  });
  afterAll(async () => {
    await t?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  async function callGql(role: Role, c: GqlCall) {
    const res = c.upload ? await gqlUpload<any>(t, tokens[role], c.query, c.variables, c.upload) : await gql<any>(t, c.query, c.variables, { token: tokens[role] });
    expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
    return res.body.data!.r as { __typename: string; code?: string; message?: string };
  }
  async function callRest(role: Role, c: RestCall) {
    const res = c.form
      ? await rest(t, c.path, { method: 'POST', raw: uploadForm(c.form.fields, c.form.file), token: tokens[role] })
      : c.method === 'GET'
        ? await rest(t, c.path, { method: 'GET', token: tokens[role] })
        : await rest(t, c.path, { json: c.json, token: tokens[role] });
    return res.body;
  }
  const lastLog = (role: Role) => t.db.operationLog.findFirstOrThrow({ where: { userId: userIds[role] }, orderBy: { id: 'desc' } });

  describe('courses authorisation matrix', () => {
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
              expect(['RuleError', 'InputError', 'ScheduleConflictError'], JSON.stringify(g)).not.toContain(g.__typename);
            } else {
              expect(g.__typename, JSON.stringify(g)).toBe('RuleError');
              expect(['FORBIDDEN', 'NOT_FOUND']).toContain(g.code);
              expect(await lastLog(role)).toMatchObject({ outcome: 'FAILURE', errorCode: g.code, door: 'GRAPHQL' });
            }
            if (!c.rest) return;
            const r = await callRest(role, await c.rest(role));
            if (allowed) {
              expect(r, JSON.stringify(r)).toMatchObject({ status: 'success' });
            } else {
              expect(r.status).toBe('error');
              const log = await lastLog(role);
              expect(log).toMatchObject({ outcome: 'FAILURE', door: 'REST' });
              expect(r.message).toBe(log.errorCode === 'FORBIDDEN' ? '没有权限执行该操作' : r.message);
              expect(['FORBIDDEN', 'NOT_FOUND']).toContain(log.errorCode);
            }
          });
        }
      });
    }
  });
}
