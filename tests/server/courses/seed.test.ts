/**
 * The courses demo as a newcomer meets it on the pinned today (2026-09-01): classrooms, a
 * dozen courses of both types and sites, the demo lecturer teaching this week (on the
 * calendar), the demo student enrolled with hours whose records add up, attendance in each
 * state, feedback released and not, homework in every state, with task PDFs and answers stored
 * in the file store.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app.ts';
import { call, login } from './support.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('courses demo data', () => {
  it('has classrooms and a dozen courses of both types and sites, most with lessons', async () => {
    expect(await t.db.classroom.count()).toBe(8);
    expect(await t.db.classroom.count({ where: { state: 2 } })).toBe(1);
    const courses = await t.db.course.findMany({ include: { _count: { select: { lessons: true, enrollments: true } } } });
    expect(courses).toHaveLength(12);
    expect(new Set(courses.map((c) => `${c.type}-${c.site}`))).toEqual(new Set(['1-1', '1-2', '2-1', '2-2']));
    expect(courses.filter((c) => c._count.lessons > 0)).toHaveLength(11);
  });

  it('the demo lecturer has lessons this week, on the calendar', async () => {
    const lecturer = await login(t, 'lecturer');
    const week = await call<{ calendar: { events: Array<{ title: string; lesson: { course: { name: string } } | null }> } }>(
      t,
      lecturer,
      `query { calendar(from: "2026-08-30T16:00:00Z", to: "2026-09-06T16:00:00Z") { events { title lesson { course { name } } } } }`,
    );
    const lessons = week.calendar.events.filter((e) => e.lesson);
    expect(lessons.map((e) => e.lesson!.course.name)).toEqual(expect.arrayContaining(['TOEFL Junior 晚班', 'SSAT 冲刺班（周末）']));
  });

  it('the demo student is enrolled with hours whose records add up, and sees only their released feedback', async () => {
    const student = await login(t, 'student.demo');
    const mine = await call<{ enrollments: { edges: Array<{ node: { remainingHours: number; totalHours: number; hourRecords: { edges: Array<{ node: { change: number; after: number } }> } } }> } }>(
      t,
      student,
      `{ enrollments(first: 10) { edges { node { totalHours remainingHours hourRecords(first: 30) { edges { node { change after } } } } } } }`,
    );
    expect(mine.enrollments.edges.length).toBeGreaterThanOrEqual(4);
    for (const { node } of mine.enrollments.edges) {
      const records = node.hourRecords.edges.map((e) => e.node);
      expect(records.reduce((s, r) => s + r.change, 0)).toBeCloseTo(node.remainingHours, 5);
      if (records.length) expect(records[0]!.after).toBeCloseTo(node.remainingHours, 5);
      expect(node.remainingHours).toBeGreaterThanOrEqual(0);
    }
    const places = await call<{ attendances: { edges: Array<{ node: { feedback: string | null; feedbackReleasedAt: string | null } }> } }>(
      t,
      student,
      `{ attendances(first: 500) { edges { node { feedback feedbackReleasedAt } } } }`,
    );
    for (const { node } of places.attendances.edges) if (!node.feedbackReleasedAt) expect(node.feedback).toBeNull();
  });

  it('attendance in each state and homework in every state', async () => {
    const attendance = await t.db.attendance.groupBy({ by: ['state'], _count: { _all: true } });
    expect(attendance.map((a) => a.state).sort()).toEqual([0, 1, 2]);
    const homework = await t.db.homework.groupBy({ by: ['state'], _count: { _all: true } });
    expect(homework.map((h) => h.state).sort()).toEqual([1, 2, 3, 4]);
    expect(await t.db.attendance.count({ where: { feedbackReleasedAt: { not: null } } })).toBeGreaterThan(0);
    expect(await t.db.attendance.count({ where: { feedback: { not: '' }, feedbackReleasedAt: null } })).toBeGreaterThan(0);
    const demoHomework = await t.db.homework.findMany({ where: { attendance: { enrollment: { student: { account: 'student.demo' } } } }, select: { state: true } });
    expect(new Set(demoHomework.map((h) => h.state)).size).toBeGreaterThanOrEqual(3);
  });

  it('homework has files in the store: the demo student downloads a task PDF and their own answer', async () => {
    const student = await login(t, 'student.demo');
    const mine = { lesson: { attendances: { some: { enrollment: { student: { account: 'student.demo' } } } } } };
    const task = await t.db.courseFile.findFirstOrThrow({ where: { kind: 2, ...mine }, orderBy: { id: 'asc' } });
    const answer = await t.db.courseFile.findFirstOrThrow({ where: { kind: 4, homework: { attendance: { enrollment: { student: { account: 'student.demo' } } } } }, orderBy: { id: 'asc' } });
    const get = (id: number) => t.app.fetch(new Request(`http://test.local/api/admin/course/downloadFile.htm?fileId=${id}`, { headers: { 'x-token': student } }));
    const pdf = await get(task.id);
    expect(pdf.status).toBe(200);
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    const text = await get(answer.id);
    expect(text.status).toBe(200);
    expect(await text.text()).toContain('My answer');
    // Every course with a task has one task file; answers only on submitted or reviewed homework.
    const courses = await t.db.courseLesson.groupBy({ by: ['courseId'], where: { taskContent: { not: '' } } });
    expect(await t.db.courseFile.count({ where: { kind: 2 } })).toBe(courses.length);
    expect(await t.db.courseFile.count({ where: { kind: 4, homework: { state: 3 } } })).toBe(0);
  });
});
