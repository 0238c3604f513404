/**
 * The GraphQL door as an integrator's Relay tooling uses it, on the demo data:
 * - every connection pages forward (`first`/`after`) and backward (`last`/`before`, and `last`
 *   alone, which the Relay connection specification allows) over the same items, in the same
 *   order, without a gap or a repeat; the list of connections is read from the schema, so a new
 *   one is covered (or fails here until it is given its arguments);
 * - `node(id:)` of an ArchiveFile answers exactly the attachments `Archive.files` shows the
 *   same caller (the one visibility rule).
 */
import { getNamedType, isNonNullType, isObjectType, type GraphQLField, type GraphQLObjectType } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '../../../server/graphql/schema.ts';
import { createTestApp, DEMO, gql, loginGql, type TestApp } from '../../helpers/app.ts';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginGql(t, DEMO.admin);
  // The people list puts online users first: make the admin's own position settle first.
  await gql(t, '{ viewer { databaseId } }', {}, { token: admin });
});
afterAll(async () => {
  await t.close();
});

const gid = (type: string, id: number) => Buffer.from(`${type}:${id}`).toString('base64');

type PageInfo = { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string | null; endCursor: string | null };
type Page = { ids: Array<string | number>; pageInfo: PageInfo };

/** The field of a node that identifies it: `id`, else its first ID field (StudentProgress.archiveId). */
function keyField(connection: GraphQLObjectType): string {
  const edge = getNamedType(connection.getFields().edges!.type) as GraphQLObjectType;
  const node = getNamedType(edge.getFields().node!.type) as GraphQLObjectType;
  const fields = node.getFields();
  if (fields.id) return 'id';
  const idField = Object.values(fields).find((f) => getNamedType(f.type).name === 'ID');
  if (idField) return idField.name;
  if (fields.databaseId) return 'databaseId';
  throw new Error(`${node.name} has no field to tell its items apart`);
}

const isConnection = (f: GraphQLField<unknown, unknown>) => getNamedType(f.type).name.endsWith('Connection') && f.args.some((a) => a.name === 'last');

/** A GraphQL literal of a JSON value (input objects have bare keys). */
function literal(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(literal).join(', ')}]`;
  if (v && typeof v === 'object')
    return `{ ${Object.entries(v)
      .map(([k, x]) => `${k}: ${literal(x)}`)
      .join(', ')} }`;
  return JSON.stringify(v);
}

/**
 * Reads one page. `select` wraps the connection selection (a root field, or a nested field
 * under `node(id:)`); `path` finds the connection in the answer.
 */
async function page(select: (args: string, inner: string) => string, path: string[], key: string, args: Record<string, unknown>): Promise<Page> {
  const argText = Object.entries(args)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}: ${literal(v)}`)
    .join(', ');
  const query = `{ ${select(argText, `edges { cursor node { ${key} } } pageInfo { hasNextPage hasPreviousPage startCursor endCursor }`)} }`;
  const res = await gql<Record<string, unknown>>(t, query, {}, { token: admin });
  expect(res.body.errors, `${query}\n${JSON.stringify(res.body.errors)}`).toBeUndefined();
  let conn = res.body.data as unknown;
  for (const p of path) conn = (conn as Record<string, unknown>)[p];
  const c = conn as { edges: Array<{ cursor: string; node: Record<string, string | number> }>; pageInfo: PageInfo };
  return { ids: c.edges.map((e) => e.node[key]!), pageInfo: c.pageInfo };
}

/**
 * Walks a connection forward with `first`/`after` and backward with `last` alone then
 * `last`/`before`, and checks both walks give the whole list, in one order, each item once.
 */
async function checkPaging(name: string, select: (args: string, inner: string) => string, path: string[], key: string, extra: Record<string, unknown> = {}) {
  // The whole list, in pages of 100 (the default maximum page size).
  const all: Array<string | number> = [];
  let after: string | undefined;
  for (let i = 0; ; i++) {
    const p = await page(select, path, key, { ...extra, first: 100, after });
    all.push(...p.ids);
    if (!p.pageInfo.hasNextPage) break;
    after = p.pageInfo.endCursor ?? undefined;
    expect(i, `${name}: more than 5000 items`).toBeLessThan(50);
  }
  expect(new Set(all).size, `${name}: an item appears twice`).toBe(all.length);
  // At least three pages when there are at least three items.
  const size = Math.max(1, Math.min(100, Math.ceil(all.length / 3)));

  const forward: Array<string | number> = [];
  after = undefined;
  for (let i = 0; ; i++) {
    const p = await page(select, path, key, { ...extra, first: size, after });
    if (i === 0) expect(p.pageInfo.hasPreviousPage, `${name}: the first page has nothing before it`).toBe(false);
    forward.push(...p.ids);
    if (!p.pageInfo.hasNextPage) break;
    expect(p.ids.length, `${name}: a page that says more follow is full`).toBe(size);
    after = p.pageInfo.endCursor ?? undefined;
    expect(i, `${name}: forward walk does not end`).toBeLessThan(10);
  }
  expect(forward, `${name}: first/after pages`).toEqual(all);

  const backward: Array<Array<string | number>> = [];
  let before: string | undefined;
  for (let i = 0; ; i++) {
    // The first backward page is `last` without `before`: the end of the list.
    const p = await page(select, path, key, { ...extra, last: size, before });
    if (i === 0) expect(p.pageInfo.hasNextPage, `${name}: the last page has nothing after it`).toBe(false);
    backward.unshift(p.ids);
    if (!p.pageInfo.hasPreviousPage) break;
    expect(p.ids.length, `${name}: a page that says more precede is full`).toBe(size);
    before = p.pageInfo.startCursor ?? undefined;
    expect(i, `${name}: backward walk does not end`).toBeLessThan(10);
  }
  expect(backward.flat(), `${name}: last/before pages`).toEqual(all);
  return all.length;
}

async function mutate(query: string, variables: Record<string, unknown>) {
  const res = await gql<Record<string, { __typename: string; message?: string }>>(t, query, variables, { token: admin });
  expect(res.body.errors).toBeUndefined();
  for (const answer of Object.values(res.body.data ?? {})) expect(answer.message, query).toBeUndefined();
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/**
 * What a root connection needs before it can be paged as the admin: the arguments it cannot
 * do without, or items the demo data does not give the admin (written through the mutations).
 */
const rootSetup: Record<string, () => Promise<Record<string, unknown>>> = {
  focusedProjects: async () => {
    const projects = await t.db.project.findMany({ where: { deletedAt: null }, orderBy: { id: 'asc' }, take: 7, select: { id: true } });
    for (const p of projects) await mutate('mutation($id: ID!) { focusProject(input: { projectId: $id }) { __typename ... on Error { message } } }', { id: gid('Project', p.id) });
    return {};
  },
  scheduleEntries: async () => {
    const project = await t.db.project.findFirstOrThrow({ where: { deletedAt: null }, orderBy: { id: 'asc' } });
    const rows = Array.from({ length: 7 }, (_, i) => ({ workDate: day(-i - 1), projectId: gid('Project', project.id), hours: 2, content: `Conformance ${i + 1}` }));
    await mutate('mutation($rows: [ScheduleRowInput!]!) { saveScheduleEntries(input: { rows: $rows }) { __typename ... on Error { message } } }', { rows });
    return { filter: { from: day(-30), to: day(0) } };
  },
  selectionLists: async () => ({ archiveId: await busiest('Archive', 'archives', 'selection_lists', 'archive_id', 'p.deleted_at IS NULL') }),
};

const rootConnections = Object.values(schema.getQueryType()!.getFields()).filter(isConnection);

describe('every root connection pages both ways without gaps (admin, demo data)', () => {
  it('finds the connections in the schema', () => {
    expect(rootConnections.map((f) => f.name)).toEqual(expect.arrayContaining(['tasks', 'archives', 'applications', 'workEvents', 'people', 'overallProgress', 'scheduleEntries']));
  });

  it.each(rootConnections.map((f) => [f.name, f] as const))('%s', async (name, field) => {
    const required = field.args.filter((a) => isNonNullType(a.type)).map((a) => a.name);
    const find = rootSetup[name];
    if (required.length) expect(find, `${name} needs ${required.join(', ')}: add them to rootSetup`).toBeDefined();
    const extra = find ? await find() : {};
    const key = keyField(getNamedType(field.type) as GraphQLObjectType);
    const count = await checkPaging(name, (args, inner) => `${name}${args ? `(${args})` : ''} { ${inner} }`, [name], key, extra);
    expect(count, `${name}: the demo data has items to page`).toBeGreaterThan(0);
  });
});

/** The global id of the parent row with the most children (parents without any count as 0). */
async function busiest(type: string, parents: string, children: string, key: string, where = 'true', parentKey = 'id'): Promise<string> {
  const rows = await t.db.$queryRawUnsafe<Array<{ id: number }>>(
    `SELECT p.${parentKey} AS id FROM ${parents} p LEFT JOIN ${children} c ON c.${key} = p.${parentKey} WHERE ${where} GROUP BY p.${parentKey} ORDER BY count(c.${key}) DESC, p.${parentKey} LIMIT 1`,
  );
  if (!rows[0]) throw new Error(`the demo data has no ${type}`);
  return gid(type, rows[0].id);
}

/** For each connection field of a node type: the parent in the demo data with the most items. */
const nestedParents: Record<string, () => Promise<string>> = {
  'Archive.verifications': () => busiest('Archive', 'archives', 'archive_examines', 'archive_id', 'p.deleted_at IS NULL'),
  'ArchiveVerification.records': () => busiest('ArchiveVerification', 'archive_examines', 'archive_examine_records', 'examine_id'),
  'Dictionary.items': () => busiest('Dictionary', 'dictionaries', 'dictionary_items', 'dictionary_id'),
  'Project.members': () => busiest('Project', 'projects', 'project_members', 'project_id', 'p.deleted_at IS NULL'),
  'Project.files': () => busiest('Project', 'projects', 'project_files', 'project_id', 'p.deleted_at IS NULL'),
  'ProjectMember.timeline': () => busiest('ProjectMember', 'project_members', 'project_timeline_entries', 'member_id'),
  'Task.logs': () => busiest('Task', 'work_tasks', 'task_logs', 'task_id'),
  'Course.enrollments': () => busiest('Course', 'courses', 'enrollments', 'course_id'),
  'Course.lessons': () => busiest('Course', 'courses', 'course_lessons', 'course_id'),
  'Enrollment.attendances': () => busiest('Enrollment', 'enrollments', 'lesson_attendances', 'enrollment_id'),
  'Enrollment.hourRecords': () => busiest('Enrollment', 'enrollments', 'course_hour_records', 'enrollment_id'),
  'Lesson.attendances': () => busiest('Lesson', 'course_lessons', 'lesson_attendances', 'lesson_id', 'true', 'event_id'),
};

const nestedConnections = Object.values(schema.getTypeMap())
  .filter((type): type is GraphQLObjectType => isObjectType(type) && type.getInterfaces().some((i) => i.name === 'Node'))
  .flatMap((type) =>
    Object.values(type.getFields())
      .filter(isConnection)
      .map((field) => [`${type.name}.${field.name}`, type, field] as const),
  );

describe('every connection of a node pages both ways without gaps (admin, demo data)', () => {
  it.each(nestedConnections)('%s', async (name, type, field) => {
    const find = nestedParents[name];
    expect(find, `${name}: add how to find a parent to nestedParents`).toBeDefined();
    const parent = await find!();
    const key = keyField(getNamedType(field.type) as GraphQLObjectType);
    await checkPaging(name, (args, inner) => `node(id: ${JSON.stringify(parent)}) { ... on ${type.name} { ${field.name}${args ? `(${args})` : ''} { ${inner} } } }`, ['node', field.name], key);
  });
});

describe('node(id:) of an ArchiveFile goes through the same rule as Archive.files', () => {
  let archiveGid: string;
  let fileGid: string;

  beforeAll(async () => {
    // An attachment of an education entry of the demo consultant's student.
    const consultant = await t.db.user.findUniqueOrThrow({ where: { account: DEMO.consultant.account } });
    const archive = await t.db.archive.findFirstOrThrow({ where: { consultantId: consultant.id, deletedAt: null }, orderBy: { id: 'asc' } });
    const education = await t.db.archiveEducation.create({ data: { archiveId: archive.id, school: 'Conformance school' } });
    const file = await t.db.archiveFile.create({
      data: { archiveId: archive.id, kind: 1, objectId: education.id, fileName: 'transcript.pdf', storageKey: `archive-education/conformance/${education.id}.pdf`, mimeType: 'application/pdf', size: 1234 },
    });
    archiveGid = gid('Archive', archive.id);
    fileGid = gid('ArchiveFile', file.id);
  });

  const FIELDS = 'id databaseId kind objectId fileName mimeType size downloadUrl';

  it.each(['admin', 'manager', 'consultant', 'lecturer', 'sales', 'partner'] as const)('as %s', async (who) => {
    const token = who === 'admin' ? admin : await loginGql(t, DEMO[who]);
    const list = await gql<{ node: { files: Array<Record<string, unknown>> } | null }>(t, `{ node(id: ${JSON.stringify(archiveGid)}) { ... on Archive { files { ${FIELDS} } } } }`, {}, { token });
    expect(list.body.errors).toBeUndefined();
    const listed = list.body.data?.node?.files.find((f) => f.id === fileGid) ?? null;
    const one = await gql<{ node: Record<string, unknown> | null }>(t, `{ node(id: ${JSON.stringify(fileGid)}) { __typename ... on ArchiveFile { ${FIELDS} } } }`, {}, { token });
    expect(one.body.errors).toBeUndefined();
    if (listed) expect(one.body.data?.node).toEqual({ __typename: 'ArchiveFile', ...listed });
    else expect(one.body.data?.node).toBeNull();
    if (who === 'admin') expect(listed, 'the administrator sees the attachment').not.toBeNull();
    if (who === 'partner') expect(listed, 'partners see no archive').toBeNull();
  });

  it('answers null for an id that names no attachment; an id that is no global id is an error', async () => {
    for (const id of [gid('ArchiveFile', 2_000_000_000), gid('ArchiveFile', 0), gid('ArchiveFile', Number.NaN)]) {
      const res = await gql<{ node: unknown }>(t, `{ node(id: ${JSON.stringify(id)}) { id } }`, {}, { token: admin });
      expect(res.body.errors, `${id}: ${JSON.stringify(res.body.errors)}`).toBeUndefined();
      expect(res.body.data?.node).toBeNull();
    }
    for (const id of ['not an id', Buffer.from('ArchiveFile').toString('base64'), Buffer.from('NoSuchType:1').toString('base64')]) {
      const res = await gql<{ node: unknown }>(t, `{ node(id: ${JSON.stringify(id)}) { id } }`, {}, { token: admin });
      expect(res.body.errors?.[0]?.message, id).toEqual(expect.any(String));
      expect(res.body.data?.node ?? null).toBeNull();
    }
  });

  it('nodes(ids:) reads an attachment next to other nodes', async () => {
    const res = await gql<{ nodes: Array<{ __typename: string; id: string } | null> }>(t, `{ nodes(ids: [${JSON.stringify(fileGid)}, ${JSON.stringify(archiveGid)}]) { __typename id } }`, {}, { token: admin });
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data?.nodes).toEqual([
      { __typename: 'ArchiveFile', id: fileGid },
      { __typename: 'Archive', id: archiveGid },
    ]);
  });
});
