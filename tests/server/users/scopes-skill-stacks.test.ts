/**
 * Issue 20's remaining gaps on the server: the user-manage list's consultant and lecturer scopes
 * (`UserFilter.consultantId` / `lecturerId` / `parentId`, both doors), the skill-stack view's data
 * (`skillStacks`, `skillStack(databaseId:)` with the projects using it) and the operation log's
 * request id.
 */
import { describe, expect, it } from 'vitest';
import { DEMO, gql, rest } from '../../helpers/app.ts';
import { admin, lecturer, t, useSuite } from '../../helpers/suite.ts';
import { globalId } from '../support.ts';

useSuite('admin', 'lecturer');

const PEOPLE = `query($filter: UserFilter) { people(filter: $filter, first: 500) { totalCount edges { node { databaseId type } } } }`;

async function ids(filter: Record<string, unknown>, token = admin): Promise<number[]> {
  const r = await gql<{ people: { edges: Array<{ node: { databaseId: number } }> } }>(t, PEOPLE, { filter }, { token });
  expect(r.body.errors).toBeUndefined();
  return r.body.data!.people.edges.map((e) => e.node.databaseId).sort((a, b) => a - b);
}

describe('user list scopes: the students of a consultant, of a lecturer, the children of a parent', () => {
  it('narrows students to those whose consultant / lecturer / parent is the given person', async () => {
    const student = await t.db.user.findFirstOrThrow({ where: { type: 3, consultantId: { not: null }, lecturerId: { not: null }, parentId: { not: null } }, orderBy: { id: 'asc' } });
    const ofConsultant = (await t.db.user.findMany({ where: { type: 3, consultantId: student.consultantId }, select: { id: true } })).map((u) => u.id).sort((a, b) => a - b);
    const ofLecturer = (await t.db.user.findMany({ where: { type: 3, lecturerId: student.lecturerId }, select: { id: true } })).map((u) => u.id).sort((a, b) => a - b);
    const allStudents = await t.db.user.count({ where: { type: 3 } });
    expect(ofConsultant.length).toBeLessThan(allStudents);

    expect(await ids({ type: 'STUDENT', consultantId: student.consultantId })).toEqual(ofConsultant);
    expect(await ids({ type: 'STUDENT', lecturerId: student.lecturerId })).toEqual(ofLecturer);
    const both = await ids({ type: 'STUDENT', consultantId: student.consultantId, lecturerId: student.lecturerId });
    expect(both).toContain(student.id);
    expect(both.every((id) => ofConsultant.includes(id) && ofLecturer.includes(id))).toBe(true);
    expect(await ids({ parentId: student.parentId })).toContain(student.id);

    // The legacy list takes the same scopes.
    const legacy = await rest<{ rows: number; resultList: Array<{ id: number }> }>(t, '/api/admin/user/listUserByPage', {
      json: { type: 3, consultantId: student.consultantId, currentPage: 1, pageSize: 20 },
      token: admin,
    });
    expect(legacy.body.status).toBe('success');
    expect(legacy.body.data.rows).toBe(ofConsultant.length);
    const legacyRows = legacy.body.data.resultList;
    expect(legacyRows.every((r) => ofConsultant.includes(r.id))).toBe(true);
  });

  it('refuses an id that is not a database id', async () => {
    const r = await gql(t, PEOPLE, { filter: { consultantId: -4 } }, { token: admin });
    expect(r.body.errors?.[0]?.message).toBeTruthy();
  });
});

const STACK = `query($id: Int!) { skillStack(databaseId: $id) { databaseId name taskCount projects { addedAt taskCount project { name code manager { name } } } } }`;

describe('the skill-stack view', () => {
  it('lists the stacks and, for one, the live projects whose tasks use it, with code, manager, first use and count', async () => {
    const list = await gql<{ skillStacks: Array<{ databaseId: number; name: string; taskCount: number }> }>(t, `{ skillStacks { databaseId name taskCount } }`, {}, { token: admin });
    expect(list.body.errors).toBeUndefined();
    const stacks = list.body.data!.skillStacks;
    expect(stacks.length).toBeGreaterThan(0);
    const used = stacks.find((s) => s.taskCount > 0)!;
    expect(used).toBeTruthy();

    const tasks = await t.db.workTask.findMany({ where: { skillStackId: used.databaseId, project: { deletedAt: null } }, select: { projectId: true, createdAt: true } });
    expect(used.taskCount).toBe(tasks.length);
    const r = await gql<{ skillStack: { name: string; projects: Array<{ addedAt: string; taskCount: number; project: { code: string; manager: { name: string } | null } }> } }>(
      t,
      STACK,
      { id: used.databaseId },
      { token: admin },
    );
    expect(r.body.errors).toBeUndefined();
    const projects = r.body.data!.skillStack.projects;
    expect(projects.length).toBe(new Set(tasks.map((x) => x.projectId)).size);
    expect(projects.reduce((n, p) => n + p.taskCount, 0)).toBe(tasks.length);
    const firstProjectId = tasks.reduce((a, b) => (a.createdAt <= b.createdAt ? a : b)).projectId;
    const first = await t.db.project.findUniqueOrThrow({ where: { id: firstProjectId } });
    expect(projects[0]!.project.code).toBe(first.code);
    const earliest = Math.min(...tasks.filter((x) => x.projectId === firstProjectId).map((x) => x.createdAt.getTime()));
    expect(new Date(projects[0]!.addedAt).getTime()).toBe(earliest);

    const none = await gql<{ skillStack: null }>(t, STACK, { id: 999999 }, { token: admin });
    expect(none.body.data!.skillStack).toBeNull();
  });

  it('counts only the tasks the caller may see', async () => {
    const me = await t.db.user.findFirstOrThrow({ where: { account: DEMO.lecturer.account } });
    const stacks = await t.db.skillStack.findMany({ select: { id: true } });
    for (const s of stacks) {
      const visible = await t.db.workTask.count({
        where: { skillStackId: s.id, project: { deletedAt: null }, OR: [{ assignerId: me.id }, { executorId: me.id }, { project: { managerId: me.id } }] },
      });
      const r = await gql<{ skillStack: { taskCount: number } }>(t, `query($id: Int!) { skillStack(databaseId: $id) { taskCount } }`, { id: s.id }, { token: lecturer });
      expect(r.body.errors).toBeUndefined();
      expect(r.body.data!.skillStack.taskCount).toBe(visible);
    }
  });
});

describe('the operation log keeps the request id of each write', () => {
  it('answers requestId, the X-Request-Id the write came with', async () => {
    const requestId = `og-${Date.now()}`;
    const headers = { 'x-request-id': requestId };
    const w = await gql(t, `mutation { setLanguage(input: { language: EN }) { __typename } }`, {}, { token: admin, headers });
    expect(w.status).toBe(200);
    const r = await gql<{ operationLogs: { edges: Array<{ node: { requestId: string | null } }> } }>(t, `{ operationLogs(first: 5) { edges { node { requestId } } } }`, {}, { token: admin });
    expect(r.body.errors).toBeUndefined();
    expect(r.body.data!.operationLogs.edges.map((e) => e.node.requestId)).toContain(requestId);
  });
});

describe('the project detail says whether the viewer is a member, whatever page of members is shown', () => {
  it('answers viewerIsMember from the membership itself', async () => {
    const me = await t.db.user.findFirstOrThrow({ where: { account: DEMO.admin.account } });
    const project = await t.db.project.findFirstOrThrow({ where: { deletedAt: null }, orderBy: { id: 'asc' } });
    const Q = `query($id: ID!) { node(id: $id) { ... on Project { viewerIsMember } } }`;
    const id = globalId('Project', project.id);
    await t.db.projectMember.deleteMany({ where: { projectId: project.id, userId: me.id } });
    const before = await gql<{ node: { viewerIsMember: boolean } }>(t, Q, { id }, { token: admin });
    expect(before.body.errors).toBeUndefined();
    expect(before.body.data!.node.viewerIsMember).toBe(false);
    await t.db.projectMember.create({ data: { projectId: project.id, userId: me.id } });
    const after = await gql<{ node: { viewerIsMember: boolean } }>(t, Q, { id }, { token: admin });
    expect(after.body.data!.node.viewerIsMember).toBe(true);
  });
});
