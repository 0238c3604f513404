/**
 * The course list's project and progress filters (issue 21: "list with filters (type, site,
 * lecturer, project, state)"): a course's progress comes from its lessons' times (not started,
 * in progress, finished); the project narrows to the project's courses. Both combine with the
 * other conditions and the caller's visibility.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app.ts';
import { call, gid, login, moveLesson, newCourse } from './support.ts';

let t: TestApp;
let admin: string;
const ids: Record<'future' | 'running' | 'over' | 'empty', number> = { future: 0, running: 0, over: 0, empty: 0 };
let projectId = 0;
const HOUR = 3_600_000;

const LIST = `query($filter: CourseFilter) { courses(first: 500, filter: $filter) { totalCount edges { node { databaseId } } } }`;
const listed = async (filter: Record<string, unknown>, token = admin) =>
  new Set((await call<{ courses: { edges: Array<{ node: { databaseId: number } }> } }>(t, token, LIST, { filter })).courses.edges.map((e) => e.node.databaseId));

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t, 'admin');
  const now = Date.now();
  // Two weekly lessons each: both ahead, one over and one ahead, both over; and no lesson at all.
  const future = await newCourse(t, admin, { lessons: 2, name: '筛选-未开始' });
  ids.future = future.courseId;
  const running = await newCourse(t, admin, { lessons: 2, name: '筛选-进行中' });
  ids.running = running.courseId;
  await moveLesson(t, running.lessonIds[0]!, new Date(now - 48 * HOUR));
  const over = await newCourse(t, admin, { lessons: 2, name: '筛选-已结课' });
  ids.over = over.courseId;
  await moveLesson(t, over.lessonIds[0]!, new Date(now - 72 * HOUR));
  await moveLesson(t, over.lessonIds[1]!, new Date(now - 48 * HOUR));
  const empty = await newCourse(t, admin, { lessons: 1, name: '筛选-无课次' });
  ids.empty = empty.courseId;
  await t.db.workEvent.deleteMany({ where: { id: { in: empty.lessonIds } } });
  projectId = (await t.db.project.create({ data: { name: '筛选项目', code: `FLT-${now}`, stateCode: 2 } })).id;
  await t.db.course.updateMany({ where: { id: { in: [ids.running, ids.over] } }, data: { projectId } });
});

afterAll(async () => {
  await t?.close();
});

describe('the course list by progress', () => {
  it('answers courses not started (lessons ahead, or none), in progress, and finished', async () => {
    const notStarted = await listed({ progress: 'NOT_STARTED' });
    const inProgress = await listed({ progress: 'IN_PROGRESS' });
    const finished = await listed({ progress: 'FINISHED' });
    expect([notStarted.has(ids.future), notStarted.has(ids.empty), notStarted.has(ids.running), notStarted.has(ids.over)]).toEqual([true, true, false, false]);
    expect([inProgress.has(ids.running), inProgress.has(ids.future), inProgress.has(ids.over), inProgress.has(ids.empty)]).toEqual([true, false, false, false]);
    expect([finished.has(ids.over), finished.has(ids.future), finished.has(ids.running), finished.has(ids.empty)]).toEqual([true, false, false, false]);
    // Every course is in exactly one of the three.
    const all = await listed({});
    expect(notStarted.size + inProgress.size + finished.size).toBe(all.size);
  });
});

describe('the course list by project', () => {
  it('answers the project’s courses, and combines with the progress', async () => {
    expect([...(await listed({ projectId: gid('Project', projectId) }))].sort()).toEqual([ids.running, ids.over].sort());
    expect([...(await listed({ projectId: gid('Project', projectId), progress: 'FINISHED' }))]).toEqual([ids.over]);
  });

  it('refuses an id of another type, and an unknown progress, as bad input', async () => {
    const wrong = await t.app.fetch(
      new Request('http://test.local/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-token': admin, 'x-forwarded-for': '127.0.0.1' },
        body: JSON.stringify({ query: LIST, variables: { filter: { progress: 'SOMETIME' } } }),
      }),
    );
    const body = (await wrong.json()) as { errors?: Array<{ message: string }> };
    expect(body.errors?.[0]?.message).toMatch(/SOMETIME/);
    // A Task's id names no project: no course.
    expect((await listed({ projectId: gid('Task', projectId) })).size).toBe(0);
  });
});
