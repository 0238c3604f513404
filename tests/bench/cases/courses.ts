import { encodeGlobalID } from '@pothos/plugin-relay';
import pg from 'pg';
import type { BenchCaseFile } from '../env.ts';

/**
 * Bench cases of the courses area: scheduling a 40-lesson course for 20 students (the
 * conflict check of the lecturer, the room and every student on every occurrence included,
 * not forced: each run takes a free weekly slot), a lecturer's month of lessons, the
 * course-hour record list; each beside raw SQL for the same rows.
 */
const cases: BenchCaseFile = async ({ db, url, gql, login, onClose }) => {
  const manager = await login('manager', 'Staff#2026');
  const lecturer = await db.user.findUniqueOrThrow({ where: { account: 'hu.wei' }, select: { id: true } });
  const students = (await db.user.findMany({ where: { type: 3, state: 1 }, orderBy: { id: 'desc' }, take: 20, select: { id: true } })).map((s) => s.id);
  const room = await db.classroom.create({ data: { no: 'BENCH', name: 'Bench room', capacity: 40 } });
  const course = await db.course.create({ data: { no: 'BENCH-1', name: 'Bench course', classroomId: room.id, lecturers: { create: { userId: lecturer.id } } } });
  await db.enrollment.createMany({ data: students.map((studentId) => ({ courseId: course.id, studentId, totalHours: 100, remainingHours: 100 })) });
  // A month of lessons for the lecturer and hour records to list (set-based, outside the timing).
  await db.$executeRawUnsafe(
    `WITH e AS (
       INSERT INTO work_events (title, start_at, end_at, time_zone, type, published, place_id, creator_id, updated_at)
       SELECT 'bench lesson ' || g, timestamptz '2031-03-01 10:00:00+00' + g * interval '1 day', timestamptz '2031-03-01 11:30:00+00' + g * interval '1 day', 'Asia/Shanghai', 3, true, $1, $2, now()
       FROM generate_series(0, 29) AS g RETURNING id)
     INSERT INTO course_lessons (event_id, course_id) SELECT id, $3 FROM e`,
    room.id,
    lecturer.id,
    course.id,
  );
  await db.$executeRawUnsafe(
    `INSERT INTO event_participants (event_id, user_id, start_at, end_at) SELECT l.event_id, $1, w.start_at, w.end_at FROM course_lessons l JOIN work_events w ON w.id = l.event_id WHERE l.course_id = $2`,
    lecturer.id,
    course.id,
  );
  await db.$executeRawUnsafe(
    `INSERT INTO course_hour_records (enrollment_id, kind, change, before, after, reason, created_by_name, created_at)
     SELECT e.id, 3, -1, 100 - g, 99 - g, 'bench', 'bench', now() - g * interval '1 hour' FROM enrollments e CROSS JOIN generate_series(0, 49) AS g WHERE e.course_id = $1`,
    course.id,
  );

  let run = 0;
  const scheduleDoc = `mutation($input: ScheduleLessonsInput!) { scheduleLessons(input: $input) { __typename ... on LessonsPayload { lessons { databaseId } } ... on Error { message } } }`;
  const schedule = async () => {
    // Each run a free weekly slot: 7 days × 8 two-hour slots of 2032, 40 weeks each.
    const k = run++;
    const start = new Date(Date.UTC(2032, 0, 5 + (k % 7), 1 + 2 * Math.floor(k / 7)));
    const c = await db.course.create({ data: { no: `BENCH-S${k}-${Date.now()}`, name: 'Bench series', lecturers: { create: { userId: lecturer.id } } } });
    await db.enrollment.createMany({ data: students.map((studentId) => ({ courseId: c.id, studentId })) });
    const res = await gql(manager, scheduleDoc, {
      input: {
        courseId: encodeGlobalID('Course', c.id),
        startAt: start.toISOString(),
        endAt: new Date(start.getTime() + 90 * 60_000).toISOString(),
        timeZone: 'UTC',
        recurrence: { freq: 'WEEKLY', count: 40 },
        classroomId: encodeGlobalID('Classroom', room.id),
      },
    });
    const body = (await res.clone().json()) as { data?: { scheduleLessons: { __typename: string; message?: string } } };
    if (body.data?.scheduleLessons.__typename !== 'LessonsPayload') throw new Error(`schedule refused: ${JSON.stringify(body)}`);
    return res;
  };
  const monthDoc = `query($lecturerId: ID!) { lessons(first: 100, filter: { lecturerId: $lecturerId, from: "2031-03-01T00:00:00Z", to: "2031-04-01T00:00:00Z" }) { totalCount edges { node { databaseId title startAt endAt classroomName attendanceCounts { taken } } } } }`;
  const recordsDoc = `query($courseId: ID!) { courseHourRecords(first: 100, filter: { courseId: $courseId }) { totalCount edges { node { kind change before after reason createdAt enrollment { student { name } } } } } }`;

  const raw = new pg.Client({ connectionString: url });
  await raw.connect();
  raw.on('error', () => {});
  onClose(() => raw.end());
  const starts = Array.from({ length: 40 }, (_, w) => new Date(Date.UTC(2033, 0, 3) + w * 7 * 86_400_000).toISOString());
  const ends = starts.map((s) => new Date(Date.parse(s) + 90 * 60_000).toISOString());
  const rawConflict = `WITH occ AS (SELECT o.n, o.s, o.e FROM unnest($1::text[]::timestamptz[], $2::text[]::timestamptz[]) WITH ORDINALITY AS o(s, e, n))
    SELECT occ.n, p.user_id, p.event_id FROM occ JOIN event_participants p
      ON p.user_id = ANY($3::int[]) AND p.start_at < occ.e AND p.end_at > occ.s AND p.start_at >= occ.s - interval '31 days'
    UNION ALL
    SELECT occ.n, NULL, w.id FROM occ JOIN work_events w ON w.place_id = $4 AND w.start_at < occ.e AND w.end_at > occ.s AND w.start_at >= occ.s - interval '31 days'`;
  const rawMonth = `SELECT w.id, w.title, w.start_at, w.end_at, c.name AS room,
      (SELECT count(*) FROM lesson_attendances a WHERE a.lesson_id = l.event_id AND a.state = 1) AS taken
    FROM course_lessons l JOIN work_events w ON w.id = l.event_id LEFT JOIN classrooms c ON c.id = w.place_id
    WHERE EXISTS (SELECT 1 FROM course_lecturers cl WHERE cl.course_id = l.course_id AND cl.user_id = $1)
      AND w.end_at > '2031-03-01' AND w.start_at < '2031-04-01' ORDER BY w.start_at LIMIT 100`;
  const rawRecords = `SELECT r.kind, r.change, r.before, r.after, r.reason, r.created_at, u.name FROM course_hour_records r JOIN enrollments e ON e.id = r.enrollment_id JOIN users u ON u.id = e.student_id
    WHERE e.course_id = $1 ORDER BY r.created_at DESC, r.id DESC LIMIT 100`;

  return [
    { name: 'GraphQL scheduleLessons: 40 weekly lessons, 20 students + lecturer + room checked', iterations: 40, run: schedule },
    { name: 'raw SQL: the same conflict statement (40 occurrences, 21 people, room)', run: () => raw.query(rawConflict, [starts, ends, [lecturer.id, ...students], room.id]) },
    { name: "GraphQL lessons: a lecturer's month (30 lessons, rooms, counts)", run: () => gql(manager, monthDoc, { lecturerId: encodeGlobalID('User', lecturer.id) }) },
    { name: 'raw SQL: the same month of lessons', run: () => raw.query(rawMonth, [lecturer.id]) },
    { name: 'GraphQL courseHourRecords: first 100 of a course (1,000 records)', run: () => gql(manager, recordsDoc, { courseId: encodeGlobalID('Course', course.id) }) },
    { name: 'raw SQL: the same records', run: () => raw.query(rawRecords, [course.id]) },
  ];
};

export default cases;
