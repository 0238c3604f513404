/**
 * The generated authorisation matrix of the legacy door (issue 15), not a test file: every legacy
 * write of the route table (`modules[].routes`, the fuzzer's rule `isLegacyWrite`) has a row here
 * or is called by a module matrix (`tests/server/<module>/authz-matrix.test.ts`), so a new legacy
 * write cannot be added without one. Each row names the GraphQL mutation the path shares a
 * service with (its permission then comes from the GraphQL door's policy table,
 * ./policy-table.ts) or, where there is none, the permission or kind itself. Every demo role and
 * an anonymous caller call each path with the smallest body (none: the rights check must come
 * before the input is read): an anonymous caller gets `needUserLogin`; a role the policy does not
 * give the permission (`viewer.can`, the server's own answer) is refused '没有权限执行该操作',
 * leaves a FAILURE / FORBIDDEN row of the REST door in the operation log and changes no row of
 * any table; a role that holds it is never refused for rights. `legacy-authz-matrix-1/2.test.ts`
 * each run one half of the rows on their own database.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { modules } from '../../../server/modules/index.ts';
import { isPermission } from '../../../server/policy.ts';
import { isLegacyWrite } from '../../fuzz/inputs.ts';
import { RowCounter } from '../../fuzz/runner.ts';
import { createTestApp, gql, loginRest, rest, type TestApp } from '../../helpers/app.ts';
import { LOOKUP_FIRST, PUBLIC, RULES, SIGNED_IN, STAFF } from './policy-table.ts';

const root = path.resolve(import.meta.dirname, '../../..');

/**
 * Legacy write → the GraphQL mutation it shares a service with (a key of RULES), or the
 * permission / kind itself where no mutation shares it.
 */
export const LEGACY_RULES: Record<string, string> = {
  // Auth and own settings.
  '/api/token/admin/doLogin': 'login',
  '/api/access/token/refresh': 'refreshToken',
  '/api/admin/auth/account/changeCurrentPwd': 'changePassword',
  // Projects: a member's picture (a download named like a write).
  '/api/admin/project/member/image': 'project.read',
  // Tasks (object rules for staff on top, as on the GraphQL door).
  '/api/admin/work/task/save': 'createTask',
  '/api/admin/work/task/del': 'deleteTasks',
  '/api/admin/work/task/change/complete': 'completeTask',
  '/api/admin/work/task/change/state': 'pauseTask',
  '/api/admin/work/task/change/priority': 'changeTaskPriority',
  '/api/admin/work/task/assign': 'assignTask',
  '/api/admin/work/task/updateProgress': 'updateTaskProgress',
  '/api/admin/work/task/addition/saveWorkTaskAddition': 'addTaskAddition',
  // Schedule entries.
  '/api/admin/work/daily/save': 'saveScheduleEntries',
  '/api/admin/work/daily/task_to_user_daily': 'addTaskToSchedule',
  '/api/admin/work/daily/deleteWorkTaskFlag': 'saveScheduleEntries',
  // The calendar.
  '/api/admin/cycle/work/daily/save': 'createWorkEvent',
  '/api/admin/work/daily/joinWorkDaily': 'joinWorkEvent',
  '/api/admin/work/daily/do_update': 'updateWorkEvent',
  '/api/admin/work/daily/editWorkDaily': 'updateWorkEvent',
  '/api/admin/work/daily/upState': 'publishWorkEvents',
  '/api/admin/work/daily/del': 'deleteWorkEvent',
  '/api/admin/work/daily/delById': 'deleteWorkEvent',
  '/api/admin/work/daily/delBySeries': 'deleteWorkEvent',
  '/api/admin/work/daily/delBySeriesAll': 'deleteWorkEvent',
  '/api/admin/work/daily/toCopy': 'copyWorkEvents',
  '/api/admin/work/daily/change/confirm': 'confirmWorkEvent',
  '/api/admin/work/daily/batchActivation': 'publishWorkEvents',
  '/api/admin/work/daily/updateStateById': 'publishWorkEvents',
  '/api/admin/work/daily/updateState': 'publishWorkEvents',
  // Daily work: one's own reminder, time zone and notes.
  '/api/admin/work/daily/workDailyReminder': SIGNED_IN,
  '/api/admin/work/daily/removeWorkDailyOfReminder': 'dismissDailyReminder',
  '/api/admin/sys/time/zone/transform': SIGNED_IN,
  '/api/admin/oaWorkNote/doSave': 'saveWorkNote',
  // Calendar feeds.
  '/api/admin/work/daily/ics/uploadIcs': 'importIcs',
  '/api/admin/work/daily/generateIcs': SIGNED_IN,
  '/api/admin/user/batchPause': 'batchPauseIcsSubscriptions',
  '/api/admin/user/batchRestore': 'batchOpenIcsSubscriptions',
  // Archives.
  '/api/admin/py/archives/save': 'createArchive',
  '/api/admin/py/archives/updateStatus': 'archiveArchive',
  '/api/admin/py/archives/deleteById': 'deleteArchive',
  '/api/admin/archive/examine/save': 'createArchiveVerification',
  '/api/admin/archive/examine/module/verify': 'verifyArchiveModule',
  '/api/admin/archive/examine/module/reverify': 'reverifyArchiveModule',
  '/api/admin/archive/save': 'createArchive',
  '/api/admin/archive/delById': 'deleteArchive',
  '/api/admin/archive/addConsultant': 'assignArchiveStaff',
  '/api/admin/archive/backup': 'archive.backup',
  '/api/admin/archive/importData': 'importArchives',
  '/api/admin/archive/uploadEduAttachment': 'uploadArchiveFile',
  '/api/admin/archive/deleteEduAttachment': 'deleteArchiveFile',
  '/api/admin/archive/updateStatus': 'archiveArchive',
  '/api/admin/archive/updateLock': 'lockArchive',
  // Archive sections.
  '/api/admin/fs/family/saveFamily': 'saveArchiveFamily',
  '/api/admin/fs/family/deleteArchivesFamily': 'deleteArchiveRecord',
  '/api/admin/fs/family/deleteArchivesFamilyDetail': 'deleteArchiveRecord',
  '/api/admin/fs/others/saveOthers': 'saveArchiveOthers',
  '/api/admin/fs/others/saveList': 'saveArchiveOthers',
  '/api/admin/fs/others/deleteById': 'deleteArchiveRecord',
  '/api/admin/eventRewards/saveList': 'saveArchiveAwards',
  '/api/admin/eventRewards/saveFileList': 'saveArchiveAwards',
  '/api/admin/eventRewards/deleteEventRewards': 'deleteArchiveRecord',
  '/api/admin/eventRewards/deleteEventFile': 'deleteArchiveFile',
  '/api/admin/eventRewards/uploadAttachment': 'uploadArchiveFile',
  '/api/admin/eventRewards/deleteAttachment': 'deleteArchiveFile',
  '/api/admin/studentMultiMedia/saveList': 'saveArchiveMultimedia',
  '/api/admin/studentMultiMedia/delStudentMultiMediaById': 'deleteArchiveRecord',
  '/api/admin/studentMultiMedia/uploadAttachment': 'uploadArchiveFile',
  '/api/admin/studentSurvey/save': 'saveArchiveSurvey',
  '/api/admin/variousExam/saveList': 'saveArchiveVariousExams',
  '/api/admin/applyInformation/saveList': 'saveArchiveApplyInformation',
  // Schools.
  '/api/admin/school/save': 'createSchool',
  '/api/admin/school/geography/save': 'saveSchoolGeography',
  '/api/admin/school/daily/save': 'saveSchoolDaily',
  '/api/admin/school/recruit/save': 'saveSchoolRecruit',
  '/api/admin/school/teaching/save': 'saveSchoolTeaching',
  '/api/admin/school/resource/save': 'saveSchoolResource',
  '/api/admin/school/sequence/save': 'saveSchoolSequence',
  '/api/admin/school/importData': 'importSchools',
  '/api/admin/school/importSportsData': 'importSchoolSports',
  '/api/admin/school/uploadBadge': 'uploadSchoolBadge',
  '/api/admin/school/badge': PUBLIC,
  '/api/admin/school/deleteById': 'deleteSchool',
  // Applications.
  '/api/admin/application/progress/updateInterview': 'updateApplicationInterview',
  '/api/admin/application/progress/updateInterviewBatch': 'updateApplicationInterviewBatch',
  '/api/admin/application/progress/updateInquiry': 'updateApplicationInquiry',
  '/api/admin/application/progress/updateInquiryBatch': 'updateApplicationInquiryBatch',
  '/api/admin/application/progress/updateThirdInterview': 'updateApplicationThirdInterview',
  '/api/admin/application/progress/updateThirdInterviewBatch': 'updateApplicationThirdInterviewBatch',
  '/api/admin/application/progress/updateSubmitResult': 'updateApplicationSubmitResult',
  '/api/admin/application/progress/updateSubmitResultBatch': 'updateApplicationSubmitResultBatch',
  '/api/admin/application/progress/updateBoard': 'updateApplicationBoard',
  '/api/admin/application/progress/updateGrade': 'updateApplicationGrade',
  '/api/admin/application/progress/updateCommonApplication': 'updateApplicationPlatform',
  '/api/admin/application/progress/updateDocState': 'updateApplicationDocState',
  '/api/admin/application/progress/updateDeadline': 'updateApplicationDeadline',
  '/api/admin/application/progress/updateOrderNum': 'updateApplicationOrderNum',
  '/api/admin/application/progress/updateState': 'updateApplicationState',
  '/api/admin/application/progress/updateApplyState': 'updateApplicationDocumentsState',
  '/api/admin/application/progress/lock': 'lockApplication',
  '/api/admin/application/progress/unlock': 'unlockApplication',
  '/api/admin/application/progress/save': 'createApplication',
  '/api/admin/application/progress/addOrUpdate': 'updateApplication',
  '/api/admin/application/progress/list/student/process': SIGNED_IN,
  '/api/admin/application/doc/save': 'saveApplicationDocument',
  '/api/admin/application/doc/saveBatch': 'saveApplicationDocument',
  '/api/admin/sao/doc/save': 'saveSaoDocument',
  '/api/admin/progress/track/save': 'saveProgressTrack',
  // Courses: reads named like writes (each caller sees the lessons the course rules show them).
  '/api/admin/work/daily/scheduleCourseEvents': SIGNED_IN,
  '/api/admin/work/daily/scheduleCourseEventsS': SIGNED_IN,
  '/api/admin/user/course/scheduleUserCourseEvents': SIGNED_IN,
};

/**
 * Rows whose service looks the object up before the permission: a caller without the permission
 * is answered the not-found message for an object that does not exist (which says nothing about
 * it). Derived from the GraphQL table's LOOKUP_FIRST (the verification rows of an archive module).
 */
export const LEGACY_LOOKUP_FIRST = new Set(Object.keys(LEGACY_RULES).filter((p) => LOOKUP_FIRST.has(LEGACY_RULES[p]!)));

/**
 * Reads named like writes (the fuzzer's rule takes every path whose last segment is not a read):
 * a refusal of a read leaves no operation-log row, only the writes' refusals are logged.
 */
export const READS = new Set([
  '/api/admin/project/member/image',
  '/api/admin/archive/backup',
  '/api/admin/school/badge',
  '/api/admin/work/daily/workDailyReminder',
  '/api/admin/work/daily/generateIcs',
  '/api/admin/sys/time/zone/transform',
  '/api/admin/application/progress/list/student/process',
  '/api/admin/work/daily/scheduleCourseEvents',
  '/api/admin/work/daily/scheduleCourseEventsS',
  '/api/admin/user/course/scheduleUserCourseEvents',
]);

/** What a row's call needs: an archive the caller sees, a fresh token to refresh. */
type Fixtures = { archive: number; freshToken: () => Promise<string> };
type Body = { json?: unknown; text?: string; query?: Record<string, string | number> };

/**
 * Rows whose smallest call is not an empty body. The archive rows look the archive up (what the
 * caller sees) before the permission, as on the GraphQL door: they name an archive the caller
 * sees (a role that sees none is answered the not-found message, which says nothing about any
 * archive). The verification rows name a verification that does not exist (LEGACY_LOOKUP_FIRST).
 * The refresh row sends a token to refresh: the path is public, the token is its input.
 */
export const BODIES: Record<string, (f: Fixtures) => Body | Promise<Body>> = {
  '/api/access/token/refresh': async (f) => ({ text: await f.freshToken() }),
  '/api/admin/py/archives/updateStatus': (f) => ({ json: { id: f.archive } }),
  '/api/admin/archive/updateStatus': (f) => ({ query: { id: f.archive } }),
  '/api/admin/archive/examine/save': (f) => ({ json: { archivesId: f.archive } }),
  '/api/admin/archive/backup': (f) => ({ json: { id: f.archive } }),
  '/api/admin/archive/examine/module/verify': () => ({ json: { id: 999_999 } }),
  '/api/admin/archive/examine/module/reverify': () => ({ json: { id: 999_999 } }),
};

/**
 * A second call for the rows whose handler reads one parameter before calling the service: a
 * caller without the right who sends it malformed is still refused for rights, not told what is
 * wrong with it (made by the roles the policy refuses only). An event's edit reads its times before the service.
 */
export const ODD_BODIES: Record<string, Body> = {
  '/api/admin/work/task/change/complete': { json: { state: 9 } },
  '/api/admin/cycle/work/daily/save': { json: { id: 1, beginTime: 'garbage' } },
  '/api/admin/work/daily/do_update': { json: { id: 1, beginTime: 'garbage' } },
  '/api/admin/work/daily/editWorkDaily': { json: { id: 1, beginTime: 'garbage' } },
  '/api/admin/fs/others/deleteById': { json: { type: 'nope', id: 1 } },
  '/api/admin/fs/others/saveList': { json: { type: 'nope' } },
  '/api/admin/archive/updateLock': { query: { lock: 'maybe' } },
};

/** Archive rows: a role that sees no archive is refused with the not-found message. */
const NAMES_ARCHIVE = new Set(['/api/admin/py/archives/updateStatus', '/api/admin/archive/updateStatus', '/api/admin/archive/examine/save', '/api/admin/archive/backup']);

/** The rule a row stands for: its mutation's in the GraphQL table, or the row's own. */
export const ruleOf = (legacyPath: string): string => {
  const named = LEGACY_RULES[legacyPath]!;
  return RULES[named] ?? named;
};

/** Every legacy write of the route table (the fuzzer's derivation), with its methods. */
export const LEGACY_WRITES = new Map(modules.flatMap((m) => m.routes.filter((r) => isLegacyWrite(r.path)).map((r) => [r.path, r.methods] as const)));

/** The module matrices' text: a legacy write they call (`'<path>.htm'`, with or without a query) needs no row here. */
const moduleText = readdirSync(path.join(root, 'tests/server'), { withFileTypes: true })
  .filter((d) => d.isDirectory() && existsSync(path.join(root, 'tests/server', d.name, 'authz-matrix.test.ts')))
  .map((d) => readFileSync(path.join(root, 'tests/server', d.name, 'authz-matrix.test.ts'), 'utf8'))
  .join('\n');
export const inModuleMatrix = (legacyPath: string): boolean => new RegExp(`['"\`]${legacyPath.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.htm['"\`?]`).test(moduleText);

const ROLES = ['admin', 'manager', 'consultant', 'lecturer', 'sales', 'partner', 'parent.demo', 'student.demo'] as const;
type Role = (typeof ROLES)[number];
const STAFF_ROLES: Role[] = ['admin', 'manager', 'consultant', 'lecturer', 'sales', 'partner'];

const FORBIDDEN = '没有权限执行该操作';
const NOT_FOUND = '数据不存在';

/** The coverage check: every legacy write has a row (here or in a module matrix), every row a path and a rule of the policy. */
export function describeCoverage(): void {
  describe('every legacy write has a row of the matrix', () => {
    it('in this table or in a module matrix', () => {
      const missing = [...LEGACY_WRITES.keys()].filter((p) => !LEGACY_RULES[p] && !inModuleMatrix(p));
      expect(missing).toEqual([]);
    });
    it('and every row names a legacy write of the route table and a mutation or permission of the policy', () => {
      expect(Object.keys(LEGACY_RULES).filter((p) => !LEGACY_WRITES.has(p))).toEqual([]);
      const kinds = new Set([SIGNED_IN, STAFF, PUBLIC]);
      expect(Object.keys(LEGACY_RULES).filter((p) => !kinds.has(ruleOf(p)) && !isPermission(ruleOf(p)))).toEqual([]);
      // The rows' bodies and kinds name rows.
      expect([...Object.keys(BODIES), ...Object.keys(ODD_BODIES), ...READS, ...NAMES_ARCHIVE].filter((p) => !LEGACY_RULES[p])).toEqual([]);
    });
  });
}

type Answer = { status: string; message: string };

/** Calls one half of the rows as every demo role and anonymously. */
export function describeLegacyShard(shard: number, shards: number): void {
  const rows = Object.keys(LEGACY_RULES).filter((_, i) => i % shards === shard);
  let t: TestApp;
  let pool: pg.Pool;
  let counter: RowCounter;
  const tokens = {} as Record<Role, string>;
  const userIds = {} as Record<Role, number>;
  const holds = {} as Record<Role, Record<string, boolean>>;
  /** An archive each role sees (0: none). */
  const visible = {} as Record<Role, number>;

  beforeAll(async () => {
    t = await createTestApp();
    pool = new pg.Pool({ connectionString: t.url, max: 2 });
    counter = new RowCounter(pool);
    await counter.init();
    const permissions = [...new Set(rows.map(ruleOf).filter((r) => isPermission(r)))];
    for (const role of ROLES) {
      tokens[role] = await loginRest(t, { account: role, password: role === 'admin' ? 'Admin#2026' : 'Staff#2026' });
      userIds[role] = (await t.db.user.findUniqueOrThrow({ where: { account: role } })).id;
      const seen = await gql<{ archives: { edges: Array<{ node: { databaseId: number } }> } }>(t, '{ archives(first: 1) { edges { node { databaseId } } } }', {}, { token: tokens[role] });
      visible[role] = seen.body.data?.archives.edges[0]?.node.databaseId ?? 0;
      holds[role] = {};
      for (const right of permissions) {
        const res = await gql<{ viewer: { can: boolean } }>(t, 'query($r: String!) { viewer { can(right: $r) } }', { r: right }, { token: tokens[role] });
        holds[role][right] = res.body.data!.viewer.can;
      }
    }
  });
  afterAll(async () => {
    await pool?.end();
    await t?.close();
  });

  /** The smallest call: a POST with an empty JSON object, or a GET with no query, unless the row names its body. */
  async function call(legacyPath: string, role: Role | 'anonymous', odd?: Body): Promise<Answer> {
    const methods = LEGACY_WRITES.get(legacyPath)!;
    const token = role === 'anonymous' ? '' : tokens[role];
    const fixtures: Fixtures = {
      archive: (role !== 'anonymous' && visible[role]) || 999_999,
      freshToken: () => loginRest(t, { account: 'admin', password: 'Admin#2026' }),
    };
    const body = odd ?? (BODIES[legacyPath] ? await BODIES[legacyPath](fixtures) : {});
    const query = body.query ? `?${new URLSearchParams(Object.entries(body.query).map(([k, v]) => [k, String(v)]))}` : '';
    const url = `${legacyPath}.htm${query}`;
    const res = !methods.includes('POST') ? await rest(t, url, { method: 'GET', token }) : body.text !== undefined ? await rest(t, url, { text: body.text, token }) : await rest(t, url, { json: body.json ?? {}, token });
    return { status: res.body.status, message: res.body.message };
  }

  describe.each(rows)('%s', (legacyPath) => {
    const rule = ruleOf(legacyPath);
    it(`anonymous and every demo role as the policy says (${LEGACY_RULES[legacyPath]})`, async () => {
      const anonymous = await call(legacyPath, 'anonymous');
      if (rule === PUBLIC) expect(anonymous.status, 'anonymous').not.toBe('needUserLogin');
      else expect(anonymous, 'anonymous').toMatchObject({ status: 'needUserLogin' });

      const expected: Record<string, string> = {};
      const actual: Record<string, string> = {};
      const seen: Record<string, Answer> = {};
      const wrote: Record<string, string[]> = {};
      for (const role of ROLES) {
        const before = await counter.snapshot();
        const answer = await call(legacyPath, role);
        seen[role] = answer;
        const allowed = rule === PUBLIC || rule === SIGNED_IN ? true : rule === STAFF ? STAFF_ROLES.includes(role) : holds[role][rule]!;
        // Refused without saying whether the object exists: the service looks the object up first, or the role sees no archive.
        const unseen = LEGACY_LOOKUP_FIRST.has(legacyPath) || (NAMES_ARCHIVE.has(legacyPath) && !visible[role]);
        const refused = answer.status === 'error' && (answer.message === FORBIDDEN || (answer.message === NOT_FOUND && unseen && !allowed));
        const what = answer.status === 'needUserLogin' || answer.status === 'tokenExpire' ? 'not logged in' : refused ? 'refused' : 'passes the gate';
        if (rule === STAFF && allowed) {
          // Staff rows: whether this staff member may act on a given object is the module tests'; never "not logged in".
          expected[role] = 'signed in';
          actual[role] = what === 'not logged in' ? what : 'signed in';
        } else {
          expected[role] = allowed ? 'passes the gate' : 'refused';
          actual[role] = what;
        }
        if (what === 'refused') {
          // A refusal writes nothing but its FAILURE row in the operation log.
          const changes = await counter.changesSince(before, await counter.snapshot());
          if (changes.length) wrote[role] = changes;
          if (answer.message === FORBIDDEN && !READS.has(legacyPath)) {
            const log = await t.db.operationLog.findFirst({ where: { userId: userIds[role], id: { gt: BigInt(before.lastLog) } }, orderBy: { id: 'desc' } });
            if (!log || log.outcome !== 'FAILURE' || log.errorCode !== 'FORBIDDEN' || log.door !== 'REST')
              wrote[role] = [...(wrote[role] ?? []), `operation log: ${JSON.stringify(log && { outcome: log.outcome, errorCode: log.errorCode, door: log.door })}`];
          }
        }
      }
      const odd = ODD_BODIES[legacyPath];
      if (odd) {
        for (const role of ROLES.filter((r) => expected[r] === 'refused')) {
          const before = await counter.snapshot();
          const answer = await call(legacyPath, role, odd);
          seen[`${role}, odd input`] = answer;
          expected[`${role}, odd input`] = 'refused';
          actual[`${role}, odd input`] = answer.status === 'error' && answer.message === FORBIDDEN ? 'refused' : 'answered';
          const changes = await counter.changesSince(before, await counter.snapshot());
          if (changes.length) wrote[`${role}, odd input`] = changes;
        }
      }
      expect(actual, JSON.stringify(seen)).toEqual(expected);
      expect(wrote).toEqual({});
    }, 60_000);
  });
}
