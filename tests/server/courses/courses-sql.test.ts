/**
 * Statements per request do not grow with the number of lessons: a course's lessons with
 * their classroom names and attendance counts, the attendance of a lesson, a lecturer's
 * lessons of a month, scheduling a series (conflict check included).
 */
import { describe, expect, it } from 'vitest';
import { useStatementCounter } from '../../helpers/statements.ts';
import { DEMO, loginRest } from '../../helpers/app.ts';
import { gid, newCourse, someStudents } from './support.ts';

const counter = useStatementCounter(DEMO.admin);

const LESSONS = `query($courseId: ID!) { lessons(first: 40, filter: { courseId: $courseId }) { totalCount edges { node { databaseId title startAt classroomName
  course { name } attendanceCounts { taken leave untaken } attendances(first: 5) { edges { node { state student { name } } } } } } } }`;

describe('statements per request', () => {
  it('a course’s lessons with rooms, counts and places: the same number for 4 and 40 lessons', async () => {
    const admin = await loginAdmin();
    const students = await someStudents(counter.t, 5);
    const small = await newCourse(counter.t, admin, { lessons: 4, students, start: new Date('2029-01-01T01:00:00Z') });
    const large = await newCourse(counter.t, admin, { lessons: 40, students, start: new Date('2029-01-01T05:00:00Z') });
    const a = await counter.count(LESSONS, { courseId: gid('Course', small.courseId) });
    const b = await counter.count(LESSONS, { courseId: gid('Course', large.courseId) });
    expect(a.data.lessons.totalCount).toBe(4);
    expect(b.data.lessons.totalCount).toBe(40);
    expect(b.data.lessons.edges[0].node.attendances.edges).toHaveLength(5);
    expect(b.n).toBe(a.n);
    expect(a.n).toBeLessThanOrEqual((await counter.authStatements()) + 8);
  });

  it('scheduling a series for a class: the same number of statements for 5 and 40 lessons', async () => {
    const admin = await loginAdmin();
    const students = await someStudents(counter.t, 20, 5);
    const c5 = await newCourse(counter.t, admin, { students, start: new Date('2029-06-01T01:00:00Z') });
    const c40 = await newCourse(counter.t, admin, { students, start: new Date('2029-06-01T05:00:00Z') });
    const doc = `mutation($input: ScheduleLessonsInput!) { scheduleLessons(input: $input) { __typename ... on LessonsPayload { lessons { databaseId } } } }`;
    const five = await counter.count(doc, { input: { courseId: gid('Course', c5.courseId), startAt: '2029-07-02T02:00:00Z', endAt: '2029-07-02T03:00:00Z', recurrence: { freq: 'DAILY', count: 5 }, force: true } });
    const forty = await counter.count(doc, { input: { courseId: gid('Course', c40.courseId), startAt: '2029-07-02T06:00:00Z', endAt: '2029-07-02T07:00:00Z', recurrence: { freq: 'DAILY', count: 40 }, force: true } });
    expect(five.data.scheduleLessons.lessons).toHaveLength(5);
    expect(forty.data.scheduleLessons.lessons).toHaveLength(40);
    expect(forty.n).toBe(five.n);
  });
});

let adminToken: string | null = null;
async function loginAdmin(): Promise<string> {
  adminToken ??= await loginRest(counter.t, DEMO.admin);
  return adminToken;
}
