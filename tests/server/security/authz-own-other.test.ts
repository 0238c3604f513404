/**
 * The own / other object matrix of the `staff` rows of the policy table (issue 15). The
 * permission matrix (authz-matrix.test.ts) only checks that parents and students are refused the
 * rows marked `staff` (tasks and archive sections): which staff member may act on which object is
 * decided by the object rules of tasks.policy.ts (assigner, executor, project manager) and of
 * archives.policy.ts (the archive's people, then the archive module's rights by state). Here every
 * `staff` row of the shared table (policy-table.ts) is called as each staff demo role on:
 *
 * - an object of its own, made for the call: a task the role assigned to itself in a project it
 *   belongs to (the relation that grants every task action), an addition it wrote; an archive the
 *   role is linked to as the archive policy reads it (consultant, salesperson, the student's
 *   lecturer; for partners, named as consultant, which the policy does not honour), not filed,
 *   not locked. Expected: never refused for rights (FORBIDDEN, NOT_FOUND, UNAUTHENTICATED), unless
 *   the role's archive module rights for open archives (role_archive_modules, the server's own
 *   table) do not give edit on the row's module: then refused, and nothing written;
 * - someone else's object: a task of two other people in a project the role is not in, an
 *   archive consulted and sold by other people. Expected: refused as not visible or FORBIDDEN and
 *   nothing written (the object's rows compared before and after), except for administrators,
 *   who see every task and archive;
 * - tasks also as executor only and as the project's manager only (the participant, reassign,
 *   edit and author rules of tasks.policy.ts), lists with one own and one other id (refused as a
 *   whole), and list-section saves naming the own archive and another archive's row (refused for
 *   everyone).
 *
 * The input is the smallest the schema accepts plus its ID fields (required or not), the id types
 * learnt from the schema's own refusals ("ID … is not of type: Task") or, for plain IDs, named by
 * the fixture; every ID of an object type of the fixture carries the real id of the fresh object
 * for both cases (asserted, so "other" cannot pass by pointing at a missing id). A `staff` row
 * without a fixture fails the first test: a new staff-rule mutation cannot be added without one.
 * The legacy door is called the same way on every path that calls the same service functions
 * (the task writes of /api/admin/work/task; the archive section saves, record, family and
 * attachment deletes and attachment uploads), each with the archive module it reaches.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { buildSchema, getNamedType, isEnumType, isInputObjectType, isListType, isNonNullType, isScalarType, type GraphQLField, type GraphQLInputType } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate, type MessageKey } from '../../../server/i18n/catalogue.ts';
import { USER_TYPES } from '../../../server/lib/codes.ts';
import { OTHER_SECTIONS } from '../../../server/modules/archives/rest/others.ts';
import { SECTIONS, type SectionDef } from '../../../shared/archive-sections.ts';
import { createTestApp, gql, loginRest, rest, type Envelope, type TestApp } from '../../helpers/app.ts';
import { gqlUpload, PNG } from '../uploads.ts';
import { RULES, STAFF } from './policy-table.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const schema = buildSchema(readFileSync(path.join(root, 'schema.graphql'), 'utf8'));
const MUTATIONS = schema.getMutationType()!.getFields();

/** The rows of the policy table whose answer depends on the object. */
const STAFF_ROWS = Object.keys(RULES)
  .filter((name) => RULES[name] === STAFF)
  .sort();

const ROLES = ['admin', 'manager', 'consultant', 'lecturer', 'sales', 'partner'] as const;
type Role = (typeof ROLES)[number];
/**
 * own: the role's object; other: someone else's it has no relation to. Tasks have two more: the
 * role executes someone else's task (executor), or manages the project of someone else's task
 * (projectManager); lists of ids take one own and one other id at once (mixed); a list section's
 * save names the role's own archive and a row of someone else's (crossed).
 */
type Side = 'own' | 'other' | 'executor' | 'projectManager' | 'mixed' | 'crossed';
const SIDES: Side[] = ['own', 'other', 'executor', 'projectManager'];

const gid = (type: string, id: number) => Buffer.from(`${type}:${id}`).toString('base64');
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

// ── the fixtures: what "own" and "other" mean for each staff row ──

/** Ids of the fresh objects of one call, by GraphQL type name. */
type Objects = Record<string, number>;
type Made = { objects: Objects; snapshot: () => Promise<unknown> };
/** Who may act on a task besides the assigner (tasks.policy.ts): whoever sees it, the project's manager too, or the addition's author only. */
type TaskRule = 'participant' | 'reassigner' | 'editor' | 'author';
/** A legacy request; `module` when the path reaches another archive module than the GraphQL row; `upload` sends a PNG as multipart. */
type LegacyCall = { path: string; json?: Record<string, unknown>; query?: Record<string, number>; method?: 'GET' | 'POST'; module?: string; upload?: boolean };
type LegacyBuilder = (o: Objects, roleId: number) => LegacyCall;

type Fixture = {
  /** The object types under test: every ID of the input of these types carries the fresh object's id. */
  objectTypes: string[];
  /** Makes the object for the role (own), for strangers (other), or for strangers with the role as executor or project manager (tasks). */
  make: (role: Role, side: Exclude<Side, 'mixed' | 'crossed'>) => Promise<Made>;
  /** Tasks: who besides the assigner may act (the executor and project-manager sides). */
  task?: TaskRule;
  /** Lists of ids: the input path of the list and the legacy call for one own and one other object at once. */
  mixed?: { path?: string; legacy?: (own: Objects, other: Objects) => LegacyCall };
  /** A row type inside the object (list sections): also called with the own archive and another archive's row. */
  crossed?: string;
  /** The archive module whose rights by state decide (archives); none for tasks. */
  module?: string;
  /** Types of the ID fields the schema does not type (plain ID, global id for any type), by input path. */
  untyped?: Record<string, string>;
  /** Fields sent so that the call reaches the object (a check that comes before the lookup). */
  extra?: Record<string, unknown>;
  /** The code the service answers for an object the caller may not see, when it is not NOT_FOUND. */
  notVisible?: string;
  /** The legacy paths calling the same service function, with their parameters for the objects (the first one also takes the mixed and crossed sides). */
  legacy?: LegacyBuilder[];
};

let t: TestApp;
const userId = {} as Record<Role, number>;
const gqlToken = {} as Record<Role, string>;
const restToken = {} as Record<Role, string>;
/** Archive modules each role may edit on archives that are not filed (role_archive_modules). */
const editable = {} as Record<Role, Set<string>>;
let strangerA = 0;
let strangerB = 0;
/** A project every demo staff role belongs to; one of strangers only, managed by a stranger; one managed by each role. */
let memberProject = 0;
let strangerProject = 0;
const managedProject = {} as Record<Role, number>;

const suffix = () => randomBytes(4).toString('hex');

// Tasks.

async function makeTask(role: Role, side: Exclude<Side, 'mixed' | 'crossed'>, state: number): Promise<{ id: number }> {
  const mine = side === 'own';
  return t.db.workTask.create({
    data: {
      title: `authz ${side} ${suffix()}`,
      projectId: mine ? memberProject : side === 'projectManager' ? managedProject[role] : strangerProject,
      assignerId: mine ? userId[role] : strangerA,
      executorId: mine || side === 'executor' ? userId[role] : strangerB,
      state,
      completedAt: state === 2 ? new Date() : null,
    },
    select: { id: true },
  });
}

const taskSnapshot = (taskId: number) => async () =>
  Promise.all([
    t.db.workTask.findUnique({ where: { id: taskId } }),
    t.db.taskLog.findMany({ where: { taskId }, orderBy: { id: 'asc' } }),
    t.db.taskAddition.findMany({ where: { taskId }, orderBy: { id: 'asc' } }),
    t.db.taskDailyReport.findMany({ where: { taskId }, orderBy: { id: 'asc' } }),
    t.db.taskComplaint.findMany({ where: { taskId }, orderBy: { id: 'asc' } }),
  ]);

/** A task in `state`; the caller's project and the caller as new executor are offered where the input has such ids. */
function task(state: number, rule: TaskRule, options: Pick<Fixture, 'extra' | 'notVisible' | 'legacy' | 'untyped' | 'mixed'> = {}): Fixture {
  return {
    objectTypes: ['Task'],
    task: rule,
    ...options,
    make: async (role, side) => {
      const { id } = await makeTask(role, side, state);
      return { objects: { Task: id, User: userId[role], Project: memberProject }, snapshot: taskSnapshot(id) };
    },
  };
}

/** An addition on a task; written by the role only on its own task. */
function taskAddition(options: Pick<Fixture, 'extra' | 'legacy'>): Fixture {
  return {
    objectTypes: ['TaskAddition'],
    task: 'author',
    ...options,
    make: async (role, side) => {
      const { id: taskId } = await makeTask(role, side, 1);
      const addition = await t.db.taskAddition.create({ data: { taskId, content: '<p>written before</p>', userId: side === 'own' ? userId[role] : strangerB }, select: { id: true } });
      return { objects: { TaskAddition: addition.id, Task: taskId }, snapshot: taskSnapshot(taskId) };
    },
  };
}

const TASK_STATE = { INCOMPLETE: 1, COMPLETE: 2, PAUSED: 4, WAITING: 5 } as const;
const TASK = '/api/admin/work/task';
const changeState = (state: number) => [(o: Objects) => ({ path: `${TASK}/change/state.htm`, json: { condition: { id: o.Task, state } } })];

// Archives.

/** How the archive policy links each role to an archive of its own. */
async function makeArchive(role: Role, side: Exclude<Side, 'mixed' | 'crossed'>): Promise<number> {
  const mine = side === 'own';
  const student = await t.db.user.create({
    data: { type: USER_TYPES.STUDENT, name: `authz ${side} ${suffix()}`, lecturerId: mine && role === 'lecturer' ? userId.lecturer : mine ? null : strangerB },
    select: { id: true },
  });
  const links = !mine ? { consultantId: strangerA, salesId: strangerB } : role === 'sales' ? { salesId: userId.sales } : role === 'lecturer' ? {} : { consultantId: userId[role] };
  const archive = await t.db.archive.create({ data: { studentId: student.id, name: `authz ${side}`, status: 1, ...links }, select: { id: true } });
  return archive.id;
}

/** Columns a section row cannot be stored without. */
const REQUIRED_COLUMNS: Record<string, Record<string, unknown>> = { archiveFamilyMember: { kind: 3 }, archiveRewardProject: { name: 'authz' }, archiveRecommender: { type: 1 } };

async function makeRow(section: SectionDef, archiveId: number): Promise<number> {
  const delegate = (t.db as unknown as Record<string, { create: (a: unknown) => Promise<{ id: number }> }>)[section.model]!;
  const row = await delegate.create({ data: { archiveId, ...(section.fixed ?? {}), ...(REQUIRED_COLUMNS[section.model] ?? {}) } });
  return row.id;
}

/** The archive, its student, its files, its bio and the rows of the sections involved, to compare before and after. */
function archiveSnapshot(archiveId: number, sections: SectionDef[] = []) {
  return async () => {
    const archive = await t.db.archive.findUnique({ where: { id: archiveId } });
    const rows = [];
    for (const model of new Set(sections.map((s) => s.model))) {
      rows.push(await (t.db as unknown as Record<string, { findMany: (a: unknown) => Promise<unknown[]> }>)[model]!.findMany({ where: { archiveId }, orderBy: { id: 'asc' } }));
    }
    return [
      archive,
      rows,
      await t.db.user.findUnique({ where: { id: archive!.studentId } }),
      await t.db.archiveFile.findMany({ where: { archiveId }, orderBy: { id: 'asc' } }),
      await t.db.archiveBio.findUnique({ where: { archiveId } }),
    ];
  };
}

const ARCHIVE = '/api/admin';
/** Sections the legacy fs/others/saveList saves (its `type` names the section): the route's own table. */
const OTHERS_SAVE_LIST = new Set<string>(OTHER_SECTIONS);

const section = (key: string) => SECTIONS.find((s) => s.key === key)!;

/** The legacy saves of a section: fs/others/saveList for the list sections, and each resource's own path. */
function legacySaves(sec: SectionDef): LegacyBuilder[] {
  const out: LegacyBuilder[] = [];
  if (OTHERS_SAVE_LIST.has(sec.key)) out.push((o) => ({ path: `${ARCHIVE}/fs/others/saveList.htm`, json: { archivesId: o.Archive, type: sec.key, list: [{ id: o[sec.type] }] } }));
  const own: Record<string, LegacyBuilder[]> = {
    survey: [(o) => ({ path: `${ARCHIVE}/studentSurvey/save.htm`, json: { archivesId: o.Archive } })],
    family: [(o) => ({ path: `${ARCHIVE}/fs/family/saveFamily.htm`, json: { archivesId: o.Archive } })],
    familyMembers: [(o) => ({ path: `${ARCHIVE}/fs/family/saveFamily.htm`, json: { archivesId: o.Archive, list: [{ id: o[sec.type], name: '权限' }] } })],
    bio: [(o) => ({ path: `${ARCHIVE}/archive/save.htm`, json: { id: o.Archive, surName: '权', name: '限' } }), (o) => ({ path: `${ARCHIVE}/py/archives/save.htm`, json: { id: o.Archive, surName: '权', name: '限' } })],
    educations: [(o) => ({ path: `${ARCHIVE}/archive/save.htm`, json: { id: o.Archive, eduList: [{ id: o[sec.type], school: '权限' }] } })],
    awards: [(o) => ({ path: `${ARCHIVE}/eventRewards/saveList.htm`, json: { archivesId: o.Archive, list: [{ id: o[sec.type] }] } })],
    variousExams: [(o) => ({ path: `${ARCHIVE}/variousExam/saveList.htm`, json: { archivesId: o.Archive, list: [{ id: o[sec.type] }] } })],
    applyInformation: [(o) => ({ path: `${ARCHIVE}/applyInformation/saveList.htm`, json: { archivesId: o.Archive, list: [{ id: o[sec.type] }] } })],
    multimedia: [(o) => ({ path: `${ARCHIVE}/studentMultiMedia/saveList.htm`, json: { archivesId: o.Archive, list: [{ id: o[sec.type] }] } })],
    others: [(o) => ({ path: `${ARCHIVE}/fs/others/saveOthers.htm`, json: { archivesId: o.Archive, id: o[sec.type] } })],
  };
  return [...out, ...(own[sec.key] ?? [])];
}

/** A section save: the archive, and for list sections one of its rows updated by id. */
function sectionSave(sec: SectionDef): Fixture {
  return {
    objectTypes: sec.single ? ['Archive'] : ['Archive', sec.type],
    module: sec.module,
    crossed: sec.single ? undefined : sec.type,
    untyped: sec.single ? {} : { 'input.rows.0.id': sec.type },
    legacy: legacySaves(sec),
    make: async (role, side) => {
      const archive = await makeArchive(role, side);
      const objects: Objects = { Archive: archive };
      if (!sec.single) objects[sec.type] = await makeRow(sec, archive);
      return { objects, snapshot: archiveSnapshot(archive, [sec]) };
    },
  };
}

const EDUCATIONS = section('educations');
/** Sections whose rows carry files, and the one-row sections the legacy door deletes by id. */
const FILE_SECTIONS = SECTIONS.filter((s) => s.fileKind);
const DELETED_SECTIONS = [...FILE_SECTIONS, section('familyMembers'), section('family')];

/**
 * Rows of several sections in one archive (GraphQL acts on the education row; the legacy door's
 * paths on the row of their own section), and a file on each file-carrying row: objects by
 * section key (`awards`) and file (`file:awards`).
 */
function archiveRows(objectType: string, sections: SectionDef[], options: Pick<Fixture, 'untyped' | 'legacy'>): Fixture {
  return {
    objectTypes: [objectType],
    module: EDUCATIONS.module,
    ...options,
    make: async (role, side) => {
      const archive = await makeArchive(role, side);
      const objects: Objects = { Archive: archive };
      for (const sec of sections) {
        objects[sec.key] = await makeRow(sec, archive);
        if (sec.key === 'educations') objects[sec.type] = objects[sec.key]!;
        if (sec.fileKind) {
          const file = await t.db.archiveFile.create({
            data: { archiveId: archive, kind: sec.fileKind, objectId: objects[sec.key]!, fileName: 'authz.png', storageKey: `authz/${suffix()}${suffix()}.png`, mimeType: 'image/png', size: PNG.length },
            select: { id: true },
          });
          objects[`file:${sec.key}`] = file.id;
          if (sec.key === 'educations') objects.ArchiveFile = file.id;
        }
      }
      return { objects, snapshot: archiveSnapshot(archive, sections) };
    },
  };
}

/** The own / other fixture of every `staff` row. */
const FIXTURES: Record<string, Fixture> = {
  abandonTask: task(TASK_STATE.INCOMPLETE, 'editor', { legacy: changeState(3) }),
  addTaskAddition: task(TASK_STATE.INCOMPLETE, 'participant', {
    extra: { content: '<p>added</p>' },
    notVisible: 'TASK_INVALID',
    legacy: [(o) => ({ path: `${TASK}/addition/saveWorkTaskAddition.htm`, json: { workTaskId: o.Task, contentAddition: '<p>added</p>' } })],
  }),
  assignTask: task(TASK_STATE.INCOMPLETE, 'reassigner', {
    untyped: { 'input.executorId': 'User' },
    legacy: [(o, me) => ({ path: `${TASK}/assign.htm`, json: { id: o.Task, designeeId: me } })],
  }),
  changeTaskPriority: task(TASK_STATE.INCOMPLETE, 'reassigner', { legacy: [(o) => ({ path: `${TASK}/change/priority.htm`, json: { id: o.Task, priority: 1 } })] }),
  completeTask: task(TASK_STATE.INCOMPLETE, 'participant', {
    legacy: [(o) => ({ path: `${TASK}/change/complete.htm`, json: { selIds: String(o.Task), condition: { state: 2 } } })],
    mixed: { legacy: (own, other) => ({ path: `${TASK}/change/complete.htm`, json: { selIds: `${own.Task},${other.Task}`, condition: { state: 2 } } }) },
  }),
  deleteTasks: task(TASK_STATE.INCOMPLETE, 'editor', {
    legacy: [(o) => ({ path: `${TASK}/del.htm`, json: { selIds: String(o.Task) } })],
    mixed: { path: 'input.ids', legacy: (own, other) => ({ path: `${TASK}/del.htm`, json: { selIds: `${own.Task},${other.Task}` } }) },
  }),
  pauseTask: task(TASK_STATE.INCOMPLETE, 'participant', { legacy: changeState(4) }),
  reportTaskDaily: task(TASK_STATE.INCOMPLETE, 'participant', { extra: { content: 'reported' }, legacy: [(o) => ({ path: `${TASK}/save.htm`, json: { id: o.Task, reportDaily: 'reported' } })] }),
  resumeTask: task(TASK_STATE.PAUSED, 'participant', { legacy: changeState(1) }),
  stopWaitingTask: task(TASK_STATE.WAITING, 'participant', { legacy: changeState(1) }),
  undoCompleteTask: task(TASK_STATE.COMPLETE, 'participant', {
    legacy: [(o) => ({ path: `${TASK}/change/complete.htm`, json: { selIds: String(o.Task), condition: { state: 1 } } })],
    mixed: { legacy: (own, other) => ({ path: `${TASK}/change/complete.htm`, json: { selIds: `${own.Task},${other.Task}`, condition: { state: 1 } } }) },
  }),
  updateTask: task(TASK_STATE.INCOMPLETE, 'editor', {
    untyped: { 'input.executorId': 'User', 'input.projectId': 'Project' },
    legacy: [(o) => ({ path: `${TASK}/save.htm`, json: { id: o.Task, taskTitle: 'renamed' } })],
  }),
  updateTaskAddition: taskAddition({
    extra: { content: '<p>edited</p>' },
    legacy: [(o) => ({ path: `${TASK}/addition/saveWorkTaskAddition.htm`, json: { id: o.TaskAddition, contentAddition: '<p>edited</p>' } })],
  }),
  updateTaskProgress: task(TASK_STATE.INCOMPLETE, 'participant', { legacy: [(o) => ({ path: `${TASK}/updateProgress.htm`, json: { id: o.Task, progress: 50 } })] }),
  waitTask: task(TASK_STATE.INCOMPLETE, 'participant', { legacy: changeState(5) }),
  updateArchive: {
    objectTypes: ['Archive'],
    module: 'profile',
    legacy: [(o) => ({ path: `${ARCHIVE}/archive/save.htm`, json: { id: o.Archive, grade: 9 } }), (o) => ({ path: `${ARCHIVE}/py/archives/save.htm`, json: { id: o.Archive, grade: 9 } })],
    make: async (role, side) => {
      const archive = await makeArchive(role, side);
      return { objects: { Archive: archive }, snapshot: archiveSnapshot(archive) };
    },
  },
  uploadArchiveFile: archiveRows(EDUCATIONS.type, FILE_SECTIONS, {
    untyped: { 'input.objectId': EDUCATIONS.type },
    legacy: [
      (o) => ({ path: `${ARCHIVE}/archive/uploadEduAttachment.htm`, query: { objectId: o.educations! }, upload: true }),
      (o) => ({ path: `${ARCHIVE}/eventRewards/uploadAttachment.htm`, query: { objectId: o.awards! }, upload: true, module: 'awards' }),
      (o) => ({ path: `${ARCHIVE}/studentMultiMedia/uploadAttachment.htm`, query: { objectId: o.multimedia! }, upload: true, module: 'multimedia' }),
    ],
  }),
  deleteArchiveFile: archiveRows('ArchiveFile', FILE_SECTIONS, {
    untyped: { 'input.id': 'ArchiveFile' },
    legacy: [
      (o) => ({ path: `${ARCHIVE}/archive/deleteEduAttachment.htm`, method: 'GET', query: { fileId: o['file:educations']! } }),
      (o) => ({ path: `${ARCHIVE}/eventRewards/deleteEventFile.htm`, json: { id: o['file:awards'] }, module: 'awards' }),
      (o) => ({ path: `${ARCHIVE}/eventRewards/deleteAttachment.htm`, method: 'GET', query: { fileId: o['file:awards']! }, module: 'awards' }),
    ],
  }),
  arrangeArchiveFiles: archiveRows('ArchiveFile', FILE_SECTIONS, {
    untyped: { 'input.files.0.id': 'ArchiveFile' },
    // The legacy eventRewards/saveFileList is checked as saveArchiveAwards (legacy-matrix.ts).
    legacy: [],
  }),
  deleteArchiveRecord: archiveRows(EDUCATIONS.type, DELETED_SECTIONS, {
    untyped: { 'input.id': EDUCATIONS.type },
    legacy: [
      (o) => ({ path: `${ARCHIVE}/fs/others/deleteById.htm`, json: { id: o.educations, type: 'educations' } }),
      (o) => ({ path: `${ARCHIVE}/eventRewards/deleteEventRewards.htm`, json: { id: o.awards }, module: 'awards' }),
      (o) => ({ path: `${ARCHIVE}/studentMultiMedia/delStudentMultiMediaById.htm`, json: { id: o.multimedia }, module: 'multimedia' }),
      (o) => ({ path: `${ARCHIVE}/fs/family/deleteArchivesFamilyDetail.htm`, json: { id: o.familyMembers }, module: 'family' }),
      (o) => ({ path: `${ARCHIVE}/fs/family/deleteArchivesFamily.htm`, json: { id: o.family }, module: 'family' }),
    ],
  }),
  ...Object.fromEntries(SECTIONS.map((s) => [`saveArchive${cap(s.key)}`, sectionSave(s)])),
};

// ── calling a mutation ──

/** Learnt id types per mutation, by input path ("input.id", "input.rows.0.id"). */
const learnt = new Map<string, Map<string, string>>();

type Slot = { path: string; type: string | null; value: string; real: boolean };

/** The smallest input the schema accepts, with every ID field (required or not) present. */
function build(type: GraphQLInputType, at: string, fill: (path: string) => string, depth = 0): unknown {
  if (isNonNullType(type)) return build(type.ofType, at, fill, depth);
  if (isListType(type)) return [build(type.ofType, `${at}.0`, fill, depth + 1)];
  if (isEnumType(type)) return type.getValues()[0]!.name;
  if (isScalarType(type)) {
    if (type.name === 'ID') return fill(at);
    return { Int: 1, Float: 1, Boolean: false, Date: '2026-09-01', DateTime: '2026-09-01T10:00:00Z', File: null }[type.name] ?? 'x';
  }
  if (isInputObjectType(type)) {
    const out: Record<string, unknown> = {};
    for (const f of Object.values(type.getFields())) {
      if ((isNonNullType(f.type) || getNamedType(f.type).name === 'ID') && depth < 5) out[f.name] = build(f.type, `${at}.${f.name}`, fill, depth + 1);
    }
    return out;
  }
  return null;
}

function documentOf(field: GraphQLField<unknown, unknown>): string {
  const decl = field.args.map((a) => `$${a.name}: ${a.type.toString()}`).join(', ');
  const args = field.args.map((a) => `${a.name}: $${a.name}`).join(', ');
  return `mutation OwnOther(${decl}) { r: ${field.name}(${args}) { __typename ... on Error { code message } } }`;
}

const hasFile = (type: GraphQLInputType): boolean => {
  const named = getNamedType(type);
  return isInputObjectType(named) && Object.values(named.getFields()).some((f) => getNamedType(f.type).name === 'File');
};

/** Calls the mutation as the role with the objects' ids; answers the code (OK, the typed error's, or GraphQL's) and the ID slots sent. */
async function callGql(name: string, role: Role, objects: Objects, list?: { path: string; ids: string[] }): Promise<{ code: string; message: string; slots: Slot[] }> {
  const field = MUTATIONS[name]!;
  const fixture = FIXTURES[name]!;
  let types = learnt.get(name);
  if (!types) {
    types = new Map(Object.entries(fixture.untyped ?? {}));
    learnt.set(name, types);
  }
  for (let attempt = 0; attempt < 8; attempt++) {
    const slots: Slot[] = [];
    const fill = (at: string) => {
      const type = types.get(at) ?? null;
      const real = type !== null && objects[type] !== undefined;
      const value = real ? gid(type, objects[type]!) : gid(type ?? 'Unknown', 900_000 + slots.length);
      slots.push({ path: at, type, value, real });
      return value;
    };
    const variables: Record<string, unknown> = {};
    for (const a of field.args) variables[a.name] = build(a.type, a.name, fill);
    if (fixture.extra) variables.input = { ...(variables.input as object), ...fixture.extra };
    if (list) {
      const keys = list.path.split('.');
      const parent = keys.slice(0, -1).reduce((o, k) => (o as Record<string, unknown>)[k], variables as unknown) as Record<string, unknown>;
      parent[keys.at(-1)!] = list.ids;
    }
    const query = documentOf(field);
    const upload = field.args.some((a) => a.name === 'input' && hasFile(a.type));
    const res = upload
      ? await gqlUpload<{ r: { __typename: string; code?: string; message?: string } }>(t, gqlToken[role], query, variables.input as Record<string, unknown>, { bytes: PNG, name: 'own-other.png', type: 'image/png' })
      : await gql<{ r: { __typename: string; code?: string; message?: string } }>(t, query, variables, { token: gqlToken[role] });
    const error = res.body.errors?.[0];
    if (!error) return { code: res.body.data?.r?.code ?? 'OK', message: res.body.data?.r?.message ?? '', slots };
    // "ID: <id> is not of type: <Type>": learn the slot's type and ask again.
    const wrongType = /ID: (\S+) is not of type: (\w+)/.exec(error.message);
    const slot = wrongType && slots.find((s) => s.value === wrongType[1]);
    if (slot && wrongType && types.get(slot.path) !== wrongType[2]) {
      types.set(slot.path, wrongType[2]!);
      continue;
    }
    return { code: String(error.extensions?.code ?? 'GRAPHQL_ERROR'), message: error.message, slots };
  }
  throw new Error(`${name}: the id types could not be learnt`);
}

/** Codes that refuse a caller for the object: not visible (answered as missing) or not allowed. */
const refusalCodes = (fixture: Fixture) => new Set(['FORBIDDEN', 'NOT_FOUND', ...(fixture.notVisible ? [fixture.notVisible] : [])]);

/** Whether the policy lets the role act on the object of this side. */
function allowed(fixture: Fixture, role: Role, side: Side, module = fixture.module): boolean {
  if (side === 'crossed') return false; // a row is changed through its own archive only, whoever the caller
  if (role === 'admin') return true; // administrators see every task and archive, and hold every module right
  if (side === 'own') return module === undefined || editable[role].has(module);
  if (side === 'executor') return fixture.task === 'participant';
  if (side === 'projectManager') return fixture.task === 'participant' || fixture.task === 'reassigner';
  return false; // another's object, or a list holding one
}

/** The sides a fixture is called on, per door. */
function sidesOf(fixture: Fixture, door: 'gql' | 'legacy'): Side[] {
  const sides: Side[] = fixture.task ? SIDES : ['own', 'other'];
  const mixed = door === 'gql' ? fixture.mixed?.path : fixture.mixed?.legacy;
  return [...sides, ...(mixed ? (['mixed'] as const) : []), ...(fixture.crossed ? (['crossed'] as const) : [])];
}

/** The objects of a side; for a mixed list, the own one's ids (the list gets both) and a snapshot of both. */
async function makeSide(fixture: Fixture, role: Role, side: Side): Promise<Made & { other?: Objects }> {
  if (side !== 'mixed' && side !== 'crossed') return fixture.make(role, side);
  const own = await fixture.make(role, 'own');
  const other = await fixture.make(role, 'other');
  const snapshot = async () => [await own.snapshot(), await other.snapshot()];
  if (side === 'crossed') return { objects: { ...own.objects, [fixture.crossed!]: other.objects[fixture.crossed!]! }, snapshot };
  return { objects: own.objects, other: other.objects, snapshot };
}

// ── the legacy door ──

const zh = (key: string) => translate('zh', key as MessageKey);
/** The legacy door's answers to a caller refused for the object (not visible, or not allowed). */
const LEGACY_REFUSALS = new Set(['error.forbidden', 'error.notFound', 'task.editForbidden', 'task.additionTaskRequired', 'task.additionEditForbidden', 'archive.recordNotFound', 'archive.fileNotFound'].map(zh));
const MODULE_REFUSAL = new RegExp(
  `^${translate('zh', 'archive.moduleEditForbidden', { module: '\u0000' })
    .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    .replace('\u0000', '.+')}$`,
);
const legacyRefused = (e: Envelope) => e.status !== 'success' && (LEGACY_REFUSALS.has(e.message) || MODULE_REFUSAL.test(e.message));

async function callLegacy(call: LegacyCall, role: Role): Promise<Envelope> {
  const query = call.query ? `?${new URLSearchParams(Object.entries(call.query).map(([k, v]) => [k, String(v)])).toString()}` : '';
  const form = new FormData();
  if (call.upload) form.set('file', new File([PNG as Uint8Array<ArrayBuffer>], 'own-other.png', { type: 'image/png' }));
  const res = await rest(t, `${call.path}${query}`, { token: restToken[role], method: call.method ?? 'POST', ...(call.upload ? { raw: form } : call.json ? { json: call.json } : {}) });
  return res.body;
}

// ── setup ──

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ROLES) {
    const user = await t.db.user.findUniqueOrThrow({ where: { account: role }, select: { id: true, roles: { select: { roleId: true } } } });
    userId[role] = user.id;
    const rights = await t.db.roleArchiveModule.findMany({ where: { roleId: { in: user.roles.map((r) => r.roleId) }, archiveFiled: false, canEdit: true }, select: { module: { select: { code: true } } } });
    editable[role] = new Set(rights.map((r) => r.module.code));
    const who = { account: role, password: role === 'admin' ? 'Admin#2026' : 'Staff#2026' };
    gqlToken[role] = await loginRest(t, who);
    restToken[role] = await loginRest(t, who);
  }
  // Two staff members none of the demo roles is related to (no department, no role).
  strangerA = (await t.db.user.create({ data: { type: USER_TYPES.STAFF, name: 'Stranger A', account: `stranger.a.${suffix()}` }, select: { id: true } })).id;
  strangerB = (await t.db.user.create({ data: { type: USER_TYPES.STAFF, name: 'Stranger B', account: `stranger.b.${suffix()}` }, select: { id: true } })).id;
  memberProject = (await t.db.project.create({ data: { name: 'Own tasks', code: `AUTHZ-OWN-${suffix()}`, stateCode: 2 }, select: { id: true } })).id;
  strangerProject = (await t.db.project.create({ data: { name: 'Other tasks', code: `AUTHZ-OTHER-${suffix()}`, stateCode: 2, managerId: strangerA }, select: { id: true } })).id;
  for (const role of ROLES) {
    managedProject[role] = (await t.db.project.create({ data: { name: `Managed by ${role}`, code: `AUTHZ-PM-${role}-${suffix()}`, stateCode: 2, managerId: userId[role] }, select: { id: true } })).id;
  }
  await t.db.projectMember.createMany({ data: ROLES.map((role) => ({ projectId: memberProject, userId: userId[role] })) });
  await t.db.projectMember.createMany({ data: [strangerA, strangerB].map((id) => ({ projectId: strangerProject, userId: id })) });
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('every staff row of the policy table has an own / other fixture', () => {
  it('and every fixture names a staff row of the table', () => {
    expect(STAFF_ROWS.filter((name) => !FIXTURES[name])).toEqual([]);
    expect(Object.keys(FIXTURES).filter((name) => RULES[name] !== STAFF)).toEqual([]);
  });
});

describe.each(STAFF_ROWS)('%s', (name) => {
  const fixture = FIXTURES[name];

  it("GraphQL: each staff role may act on its own object (as its rights by state say) and is refused on another's, which stays unchanged", async () => {
    expect(fixture, `${name} has no own / other fixture`).toBeDefined();
    const expected: Record<string, string> = {};
    const actual: Record<string, string> = {};
    for (const role of ROLES) {
      for (const side of sidesOf(fixture!, 'gql')) {
        const made = await makeSide(fixture!, role, side);
        const before = JSON.stringify(await made.snapshot());
        const list =
          made.other && fixture!.mixed?.path
            ? { path: fixture!.mixed.path, ids: [gid(fixture!.objectTypes[0]!, made.objects[fixture!.objectTypes[0]!]!), gid(fixture!.objectTypes[0]!, made.other[fixture!.objectTypes[0]!]!)] }
            : undefined;
        const r = await callGql(name, role, made.objects, list);
        // Every ID of an object type of the fixture carries the fresh object's id; no ID is of an unknown type.
        expect(
          r.slots.filter((s) => s.type === null).map((s) => s.path),
          `${name}: ID fields of unknown type`,
        ).toEqual([]);
        for (const type of fixture!.objectTypes) expect(r.slots.filter((s) => s.type === type && s.real).length, `${name}: no ${type} id sent`).toBeGreaterThan(0);
        expect(r.slots.filter((s) => s.type !== null && made.objects[s.type] !== undefined && !s.real)).toEqual([]);
        const key = `${role} ${side}`;
        const pass = allowed(fixture!, role, side);
        const refused = refusalCodes(fixture!).has(r.code) || r.code === 'UNAUTHENTICATED';
        const unchanged = JSON.stringify(await made.snapshot()) === before;
        expected[key] = pass ? 'passes the gate' : 'refused, nothing written';
        const seen = refused ? (unchanged ? 'refused, nothing written' : 'refused, but written') : 'passes the gate';
        actual[key] = seen === expected[key] ? seen : `${seen} (${r.code}: ${r.message}${unchanged ? '' : '; written'})`;
      }
    }
    expect(actual).toEqual(expected);
  }, 120_000);

  if (fixture?.legacy?.length) {
    it('legacy door: the same answers on each path calling the same service', async () => {
      const expected: Record<string, string> = {};
      const actual: Record<string, string> = {};
      for (const [index, builder] of fixture.legacy!.entries()) {
        for (const role of ROLES) {
          for (const side of sidesOf(fixture, 'legacy')) {
            // Lists of own and other ids, and rows of another archive, go to the first path only.
            if ((side === 'mixed' || side === 'crossed') && index > 0) continue;
            const made = await makeSide(fixture, role, side);
            const before = JSON.stringify(await made.snapshot());
            const call = made.other ? fixture.mixed!.legacy!(made.objects, made.other) : builder(made.objects, userId[role]);
            // Every id the path is given is a real object's (no parameter left out for a missing id).
            expect(
              JSON.stringify({ json: call.json ?? {}, query: call.query ?? {} }, (_k, v: unknown) => (v === undefined ? 'MISSING' : v)),
              call.path,
            ).not.toContain('MISSING');
            const e = await callLegacy(call, role);
            const key = `${call.path.replace(/^\/api\/admin\//, '')} ${role} ${side}`;
            const pass = allowed(fixture, role, side, call.module ?? fixture.module);
            const refused = legacyRefused(e) || e.status === 'needUserLogin';
            const unchanged = JSON.stringify(await made.snapshot()) === before;
            expected[key] = pass ? 'passes the gate' : 'refused, nothing written';
            const seen = refused ? (unchanged ? 'refused, nothing written' : 'refused, but written') : 'passes the gate';
            actual[key] = seen === expected[key] ? seen : `${seen} (${e.status}: ${e.message}${unchanged ? '' : '; written'})`;
          }
        }
      }
      expect(actual).toEqual(expected);
    }, 180_000);
  }
});
