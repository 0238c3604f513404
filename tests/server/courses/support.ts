/** Helpers of the courses suites (not a test file): logins, GraphQL calls and fixtures made through the services. */
import { encodeGlobalID } from '@pothos/plugin-relay';
import { expect } from 'vitest';
import { buildContext, type ServiceContext } from '../../../server/context.ts';
import { atDoor } from '../../../server/lib/validate.ts';
import { buyHours, createCourse, enrollStudents, scheduleLessons, scheduleLessonsInput } from '../../../server/modules/courses/courses.service.ts';
import { gql, loginRest, uniqueAddress, type TestApp } from '../../helpers/app.ts';

export const gid = (type: string, id: number) => encodeGlobalID(type, id);
export const PASSWORD = 'Staff#2026';
export const login = (t: TestApp, account: string) => loginRest(t, { account, password: account === 'admin' ? 'Admin#2026' : PASSWORD });

export async function userId(t: TestApp, account: string): Promise<number> {
  return (await t.db.user.findUniqueOrThrow({ where: { account }, select: { id: true } })).id;
}

/** A service context for a token, as a request on the GraphQL door would build it. */
export async function serviceContext(t: TestApp, token: string): Promise<ServiceContext> {
  const request = new Request('http://test.local/graphql', { headers: { 'x-token': token } });
  return buildContext({ db: t.db, config: t.config }, request, 'GRAPHQL', uniqueAddress());
}

/** Runs a GraphQL document; fails on GraphQL errors. */
export async function call<T = any>(t: TestApp, token: string, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const res = await gql<T>(t, query, variables, { token });
  expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
  return res.body.data as T;
}

/** A mutation `name(input:)` answering its payload or error (`__typename`, `code`, `message`, and `selection`). */
export async function mutate<T = any>(t: TestApp, token: string, name: string, inputType: string, input: Record<string, unknown>, selection = ''): Promise<T & { __typename: string; code?: string; message?: string }> {
  const conflicts = CONFLICT_MUTATIONS.has(name) ? '... on ScheduleConflictError { total conflicts { occurrence kind userName title } }' : '';
  const doc = `mutation($input: ${inputType}!) { r: ${name}(input: $input) { __typename ... on Error { code message } ${conflicts} ${selection} } }`;
  return (await call<{ r: T & { __typename: string } }>(t, token, doc, { input })).r;
}

/** Mutations that may answer ScheduleConflictError. */
const CONFLICT_MUTATIONS = new Set(['scheduleLessons', 'updateLessons', 'moveLessons', 'enrollStudents', 'updateCourse', 'buyCourseHours']);

let slot = 0;
/**
 * A course with lessons and students, made through the services as `token`'s user (an
 * administrator): weekly lessons on a day of 2028 (each fixture its own hour, far from the
 * demo's rows), lecturers by account, students by id, hours bought.
 */
export async function newCourse(
  t: TestApp,
  token: string,
  opts: { lecturers?: string[]; students?: number[]; lessons?: number; hours?: number; lessonHours?: number; start?: Date; minutes?: number; name?: string } = {},
) {
  const ctx = await serviceContext(t, token);
  const lecturerIds = await Promise.all((opts.lecturers ?? ['lecturer']).map((a) => userId(t, a)));
  const n = ++slot;
  const course = await createCourse(ctx, { name: opts.name ?? `测试课程 ${n}-${Date.now() % 100000}`, lecturerIds, lessonHours: opts.lessonHours ?? 1, studentCount: 0 });
  const start = opts.start ?? new Date(Date.UTC(2028, 0, 3 + (n % 300), 0 + (n % 12), 0));
  const minutes = opts.minutes ?? 60;
  const saved = await scheduleLessons(
    ctx,
    atDoor(scheduleLessonsInput, {
      courseId: course.id,
      startAt: start,
      endAt: new Date(start.getTime() + minutes * 60_000),
      timeZone: 'Asia/Shanghai',
      recurrence: opts.lessons && opts.lessons > 1 ? `FREQ=WEEKLY;COUNT=${opts.lessons}` : undefined,
      force: true,
    }),
  );
  let enrollmentIds: number[] = [];
  if (opts.students?.length) {
    enrollmentIds = (await enrollStudents(ctx, { courseId: course.id, studentIds: opts.students, force: true })).enrollmentIds;
    if (opts.hours) for (const enrollmentId of enrollmentIds) await buyHours(ctx, { enrollmentId, hours: opts.hours });
  }
  const attendances = await t.db.attendance.findMany({ where: { lessonId: { in: saved.eventIds } }, orderBy: [{ lessonId: 'asc' }, { id: 'asc' }], include: { enrollment: { select: { studentId: true } } } });
  return { courseId: course.id, lessonIds: saved.eventIds, seriesId: saved.seriesId, enrollmentIds, attendances: attendances.map((a) => ({ id: a.id, lessonId: a.lessonId, studentId: a.enrollment.studentId })) };
}

/** Students without a login (not the demo accounts), by id order from the end. */
export async function someStudents(t: TestApp, count: number, skip = 0): Promise<number[]> {
  return (await t.db.user.findMany({ where: { type: 3, account: null, state: 1 }, orderBy: { id: 'desc' }, skip, take: count, select: { id: true } })).map((s) => s.id);
}

/** Moves a lesson (a test fixture) so it is over, or under way, now. */
export async function moveLesson(t: TestApp, lessonId: number, start: Date, minutes = 60) {
  await t.db.workEvent.update({ where: { id: lessonId }, data: { startAt: start, endAt: new Date(start.getTime() + minutes * 60_000) } });
}
