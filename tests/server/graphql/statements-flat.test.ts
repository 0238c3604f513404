/**
 * Issue 34: the first page of every main GraphQL list makes the same SQL statements whatever
 * the size of its tables. Each list is read at the seeded size, then every table it reads is
 * grown to about ten times its rows (copies made in SQL: tests/helpers/grow.ts), and read again.
 * The lists whose tables grow without bound (operation log, tasks, letters) also have a test past
 * the count's cap: tests/server/system/operation-log-sql.test.ts, tests/server/tasks/tasks-count-sql.test.ts,
 * tests/server/letters/letters-count-sql.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { DEMO } from '../../helpers/app.ts';
import { copyOf, grow } from '../../helpers/grow.ts';
import { useStatementCounter, type Counted } from '../../helpers/statements.ts';

const counter = useStatementCounter(DEMO.admin);
const TIMES = 9; // nine copies: ten times the rows

/** The first page of each list, with the relations its screen shows. */
const LISTS: Record<string, { query: string; rows: (data: any) => unknown[]; variables?: Record<string, unknown> }> = {
  archives: {
    query: `{ archives(first: 20) { totalCount edges { node { id name userName grade year status locked consultant { id name } actingConsultant { id name } salesperson { id name } } } } }`,
    rows: (d) => d.archives.edges,
  },
  applications: {
    query: `{ applications(first: 20) { totalCount edges { node { id state progress year school { id name } student { id name } archive { id name } } } } }`,
    rows: (d) => d.applications.edges,
  },
  overallProgress: {
    query: `{ overallProgress(first: 20) { totalCount edges { node { archiveId name progress consultant { name } applications { id state school { name } } } } } }`,
    rows: (d) => d.overallProgress.edges,
  },
  schools: {
    query: `{ schools(first: 20) { totalCount edges { node { id name chineseName country city rankings { year } platforms { platform } } } } }`,
    rows: (d) => d.schools.edges,
  },
  tasks: {
    query: `{ tasks(first: 20) { totalCount totalCountCapped edges { node { id title } } pageInfo { hasNextPage } } }`,
    rows: (d) => d.tasks.edges,
  },
  people: {
    query: `{ people(first: 20, filter: { type: STAFF }) { totalCount edges { node { id name isOnline department { name } roles { code } } } } }`,
    rows: (d) => d.people.edges,
  },
  users: {
    query: `{ users(first: 20) { edges { node { id name department { name } roles { code } } } } }`,
    rows: (d) => d.users.edges,
  },
  projects: {
    query: `{ projects(first: 20) { totalCount edges { node { id name state isFocused manager { name } members(first: 5) { totalCount edges { node { duty } } } } } } }`,
    rows: (d) => d.projects.edges,
  },
  calendarMonth: {
    query: `{ calendar(from: "2026-09-01T00:00:00Z", to: "2026-10-01T00:00:00Z") { occurrences { databaseId title startAt endAt participantIds } scheduleEntries { databaseId } } }`,
    rows: (d) => d.calendar.occurrences,
  },
  calendarEvents: {
    query: `{ calendar(from: "2026-09-01T00:00:00Z", to: "2026-10-01T00:00:00Z") { events { id title startAt endAt } } }`,
    rows: (d) => d.calendar.events,
  },
  workEvents: {
    query: `{ workEvents(first: 20) { edges { node { id title startAt } } } }`,
    rows: (d) => d.workEvents.edges,
  },
  operationLogs: {
    query: `{ operationLogs(first: 20) { edges { node { id operation outcome createdAt } } pageInfo { hasNextPage } } }`,
    rows: (d) => d.operationLogs.edges,
  },
  myLetters: {
    query: `{ myLetters(first: 20) { totalCount totalCountCapped edges { node { id title } } } }`,
    rows: (d) => d.myLetters.edges,
  },
  sentLetters: {
    query: `{ sentLetters(first: 20) { totalCount totalCountCapped edges { node { id title } } } }`,
    rows: (d) => d.sentLetters.edges,
  },
  courses: {
    query: `{ courses(first: 20) { totalCount edges { node { id name no type studentCount lecturers { name } } } } }`,
    rows: (d) => d.courses.edges,
  },
  lessons: {
    query: `{ lessons(first: 20) { totalCount edges { node { id title startAt endAt classroomName attendanceCounts { taken } course { name } } } } }`,
    rows: (d) => d.lessons.edges,
  },
};

/** The seeded tables the lists read, grown to ten times their rows. */
async function growAll(): Promise<Record<string, number>> {
  const db = counter.t.db;
  const added: Record<string, number> = {};
  // Users first: the archive's copy g belongs to its student's copy g, a lesson's to its event's.
  added.users = await grow(db, 'users', TIMES, { keepIds: true, set: { account: `coalesce(t.account, 'u') || '~' || g || '~' || t.id` } });
  added.archives = await grow(db, 'archives', TIMES, { keepIds: true, set: { student_id: copyOf('users', 't.student_id') } });
  added.applications = await grow(db, 'applications', TIMES, { set: { archive_id: copyOf('archives', 't.archive_id') } });
  added.schools = await grow(db, 'schools', TIMES);
  added.work_tasks = await grow(db, 'work_tasks', TIMES);
  added.projects = await grow(db, 'projects', TIMES);
  added.work_events = await grow(db, 'work_events', TIMES, { keepIds: true, set: { series_id: 'NULL', original_start: 'NULL' } });
  added.operation_logs = await grow(db, 'operation_logs', TIMES);
  added.letters = await grow(db, 'letters', TIMES, { keepIds: true });
  added.letter_deliveries = await grow(db, 'letter_deliveries', TIMES, { set: { letter_id: copyOf('letters', 't.letter_id'), recipient_id: 't.recipient_id' } });
  added.courses = await grow(db, 'courses', TIMES);
  added.course_lessons = await grow(db, 'course_lessons', TIMES, { set: { event_id: copyOf('work_events', 't.event_id') } });
  for (const [table, n] of Object.entries(added)) expect(n, `${table} grew`).toBeGreaterThan(0);
  return added;
}

describe('SQL statements of each list’s first page do not depend on the size of its tables', () => {
  it('the same statements at the seeded size and at ten times the rows', async () => {
    await counter.authStatements(); // the first request of a session may refresh last-active
    const small: Record<string, Counted> = {};
    for (const [name, list] of Object.entries(LISTS)) small[name] = await counter.count(list.query, list.variables);

    await growAll();
    await counter.t.db.$executeRawUnsafe('ANALYZE');

    const report: string[] = [];
    for (const [name, list] of Object.entries(LISTS)) {
      const large = await counter.count(list.query, list.variables);
      const rowsSmall = list.rows(small[name]!.data).length;
      const rowsLarge = list.rows(large.data).length;
      report.push(`${name}: ${small[name]!.n} -> ${large.n} statements, ${rowsSmall} -> ${rowsLarge} rows`);
      // A page that was not full holds more rows now: the list read the grown tables.
      expect(rowsLarge, `${name} rows`).toBeGreaterThan(Math.min(rowsSmall, 19));
      expect(large.n, `${name}: statements at 10× (${large.statements.join('\n')})`).toBe(small[name]!.n);
    }
    if (process.env.PRINT_STATEMENTS) console.log(report.join('\n'));
  }, 240_000);
});
