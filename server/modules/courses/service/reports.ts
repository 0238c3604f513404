/**
 * Reads across lessons: the course work log (lessons with their attendance counts, paged and
 * as xlsx), the course events of the calendar, a student's lessons; all through the course
 * visibility rule.
 */
import type { Actor, ServiceContext } from '../../../context.ts';
import type { Prisma } from '../../../generated/prisma/client.ts';
import { translate } from '../../../i18n/catalogue.ts';
import { wallText } from '../../../lib/wall-time.ts';
import { writeSheet, writeSheets } from '../../../lib/xlsx.ts';
import { authorize } from '../../../policy.ts';
import { visibleCoursesWhere, visibleEnrollmentsWhere } from '../courses.policy.ts';
import { ATTENDANCE_STATES, HOMEWORK_STATES } from './rules.ts';
import { coursesErrors } from '../courses.errors.ts';

export type LessonFilter = {
  courseId?: number | null;
  courseIds?: number[] | null;
  lecturerId?: number | null;
  studentId?: number | null;
  classroomId?: number | null;
  from?: Date | null;
  to?: Date | null;
};

/** Lessons the caller sees (their course is visible; a family sees only their students' lessons). */
export function lessonsWhere(actor: Actor, f: LessonFilter = {}): Prisma.CourseLessonWhereInput {
  const and: Prisma.CourseLessonWhereInput[] = [{ course: visibleCoursesWhere(actor) }];
  if (actor.type !== 1) and.push({ attendances: { some: { enrollment: visibleEnrollmentsWhere(actor) } } });
  if (f.courseId) and.push({ courseId: f.courseId });
  if (f.courseIds?.length) and.push({ courseId: { in: f.courseIds } });
  if (f.lecturerId) and.push({ course: { lecturers: { some: { userId: f.lecturerId } } } });
  if (f.studentId) and.push({ attendances: { some: { enrollment: { studentId: f.studentId } } } });
  if (f.classroomId) and.push({ event: { placeId: f.classroomId } });
  if (f.from) and.push({ event: { endAt: { gt: f.from } } });
  if (f.to) and.push({ event: { startAt: { lt: f.to } } });
  return { AND: and };
}

export const LESSON_ORDER: Prisma.CourseLessonOrderByWithRelationInput[] = [{ event: { startAt: 'asc' } }, { eventId: 'asc' }];

export const lessonInclude = {
  event: { select: { id: true, title: true, startAt: true, endAt: true, placeId: true, address: true, timeZone: true, seriesId: true } },
  course: { select: { id: true, name: true, no: true, lecturers: { select: { user: { select: { id: true, name: true, nameEn: true } } } } } },
} as const satisfies Prisma.CourseLessonInclude;

export type LessonRow = Prisma.CourseLessonGetPayload<{ include: typeof lessonInclude }>;
export type AttendanceCounts = { taken: number; leave: number; untaken: number; total: number };

/** Attendance counts per lesson (one statement for any number of lessons). */
export async function attendanceCounts(ctx: ServiceContext, lessonIds: number[]): Promise<Map<number, AttendanceCounts>> {
  const out = new Map<number, AttendanceCounts>();
  if (!lessonIds.length) return out;
  const groups = await ctx.db.attendance.groupBy({ by: ['lessonId', 'state'], where: { lessonId: { in: lessonIds } }, _count: { _all: true } });
  for (const g of groups) {
    const c = out.get(g.lessonId) ?? { taken: 0, leave: 0, untaken: 0, total: 0 };
    const n = g._count._all;
    if (g.state === ATTENDANCE_STATES.TAKEN) c.taken += n;
    else if (g.state === ATTENDANCE_STATES.LEAVE) c.leave += n;
    else c.untaken += n;
    c.total += n;
    out.set(g.lessonId, c);
  }
  return out;
}

/** A page of the course work log: lessons by start with their attendance counts. */
export async function listLessonsPage(ctx: ServiceContext, filter: LessonFilter, page: { currentPage: number; pageSize: number }) {
  const actor = authorize(ctx, 'course.read');
  const where = lessonsWhere(actor, filter);
  const [rows, total] = await Promise.all([
    ctx.db.courseLesson.findMany({ where, include: lessonInclude, orderBy: LESSON_ORDER, skip: (page.currentPage - 1) * page.pageSize, take: page.pageSize }),
    ctx.db.courseLesson.count({ where }),
  ]);
  return {
    rows,
    total,
    counts: await attendanceCounts(
      ctx,
      rows.map((r) => r.eventId),
    ),
  };
}

/** Lessons of a range (at most 2,000), for calendars and lists that are not paged. */
export async function listLessons(ctx: ServiceContext, filter: LessonFilter) {
  const actor = authorize(ctx, 'course.read');
  const rows = await ctx.db.courseLesson.findMany({ where: lessonsWhere(actor, filter), include: lessonInclude, orderBy: LESSON_ORDER, take: 2000 });
  return {
    rows,
    counts: await attendanceCounts(
      ctx,
      rows.map((r) => r.eventId),
    ),
  };
}

/** The course work log as an xlsx file (at most 2,000 lessons), in the caller's language and zone. */
export async function courseLogXlsx(ctx: ServiceContext, filter: LessonFilter, zone: string): Promise<Buffer> {
  const { rows, counts } = await listLessons(ctx, filter);
  const rooms = new Map((await ctx.db.classroom.findMany({ select: { id: true, name: true } })).map((r) => [r.id, r.name]));
  const t = (k: Parameters<typeof translate>[1]) => translate(ctx.lang, k);
  const columns = [
    { key: 'course', header: t('course.report.course'), width: 28 },
    { key: 'date', header: t('course.report.date'), width: 12, text: true },
    { key: 'time', header: t('course.report.time'), width: 14, text: true },
    { key: 'classroom', header: t('course.report.classroom'), width: 16 },
    { key: 'lecturers', header: t('course.report.lecturers'), width: 20 },
    { key: 'students', header: t('course.report.students'), width: 10 },
    { key: 'taken', header: t('course.report.taken'), width: 10 },
    { key: 'leave', header: t('course.report.leave'), width: 10 },
    { key: 'untaken', header: t('course.report.untaken'), width: 10 },
  ];
  const data = rows.map((r) => {
    const begin = wallText(r.event.startAt, zone);
    const end = wallText(r.event.endAt, zone);
    const c = counts.get(r.eventId) ?? { taken: 0, leave: 0, untaken: 0, total: 0 };
    return {
      course: r.course.name,
      date: begin.slice(0, 10),
      time: `${begin.slice(11, 16)}-${end.slice(11, 16)}`,
      classroom: r.event.placeId ? (rooms.get(r.event.placeId) ?? '') : '',
      lecturers: r.course.lecturers.map((l) => (ctx.lang === 'en' ? (l.user.nameEn ?? l.user.name) : l.user.name)).join(', '),
      students: c.total,
      taken: c.taken,
      leave: c.leave,
      untaken: c.untaken,
    };
  });
  return writeSheet(t('course.report.sheet'), columns, data);
}

/** Requires a course id for the per-course reads. */
export function requireCourseId(id: number | null | undefined): number {
  if (!id) throw coursesErrors.rule('COURSE_REQUIRED', 'course.courseRequired');
  return id;
}

export type SummaryCourse = {
  courseId: number;
  name: string;
  no: string;
  lessons: number;
  hoursTaught: number;
  places: number;
  taken: number;
  leave: number;
  homeworkSet: number;
  homeworkDone: number;
};
export type SummaryLecturer = { userId: number; name: string; nameEn: string | null; lessons: number; hoursTaught: number };
export type CourseSummary = { lessons: number; hoursTaught: number; places: number; taken: number; leave: number; homeworkSet: number; homeworkDone: number; byCourse: SummaryCourse[]; byLecturer: SummaryLecturer[] };

const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * The summary of a period's lessons, computed by the database: hours taught (the lessons'
 * lengths) per course and per lecturer (a lesson with two lecturers counts for both), places,
 * attendance (taken, leave) and homework (set: any state but none; done: submitted or accepted)
 * per course. The lessons are the ones `lessons` answers for the same filter (the same
 * `lessonsWhere`, so the same rights); their ids are read once and the two sums are one
 * statement each, whatever the number of lessons.
 */
export async function courseSummary(ctx: ServiceContext, filter: LessonFilter): Promise<CourseSummary> {
  const actor = authorize(ctx, 'course.read');
  const ids = (await ctx.db.courseLesson.findMany({ where: lessonsWhere(actor, filter), select: { eventId: true } })).map((l) => l.eventId);
  const empty: CourseSummary = { lessons: 0, hoursTaught: 0, places: 0, taken: 0, leave: 0, homeworkSet: 0, homeworkDone: 0, byCourse: [], byLecturer: [] };
  if (!ids.length) return empty;
  const lessons = `SELECT cl.event_id, cl.course_id, EXTRACT(EPOCH FROM (e.end_at - e.start_at)) / 3600.0 AS h
                   FROM course_lessons cl JOIN work_events e ON e.id = cl.event_id WHERE cl.event_id = ANY($1::int[])`;
  const [courses, lecturers] = await Promise.all([
    ctx.db.$queryRawUnsafe<Array<Record<string, string | number | null>>>(
      `WITH l AS (${lessons}),
            a AS (SELECT la.lesson_id, count(*) AS places,
                         count(*) FILTER (WHERE la.state = ${ATTENDANCE_STATES.TAKEN}) AS taken,
                         count(*) FILTER (WHERE la.state = ${ATTENDANCE_STATES.LEAVE}) AS leave,
                         count(h.id) FILTER (WHERE h.state <> ${HOMEWORK_STATES.NONE}) AS hw_set,
                         count(h.id) FILTER (WHERE h.state IN (${HOMEWORK_STATES.SUBMITTED}, ${HOMEWORK_STATES.ACCEPTED})) AS hw_done
                  FROM lesson_attendances la LEFT JOIN homework h ON h.attendance_id = la.id
                  WHERE la.lesson_id = ANY($1::int[]) GROUP BY la.lesson_id)
       SELECT c.id AS course_id, c.name, c.no, count(*)::int AS lessons, sum(l.h)::float8 AS hours,
              coalesce(sum(a.places), 0)::int AS places, coalesce(sum(a.taken), 0)::int AS taken, coalesce(sum(a.leave), 0)::int AS leave,
              coalesce(sum(a.hw_set), 0)::int AS hw_set, coalesce(sum(a.hw_done), 0)::int AS hw_done
       FROM l JOIN courses c ON c.id = l.course_id LEFT JOIN a ON a.lesson_id = l.event_id
       GROUP BY c.id, c.name, c.no ORDER BY hours DESC, c.id`,
      ids,
    ),
    ctx.db.$queryRawUnsafe<Array<Record<string, string | number | null>>>(
      `WITH l AS (${lessons})
       SELECT u.id AS user_id, u.name, u.name_en, count(*)::int AS lessons, sum(l.h)::float8 AS hours
       FROM l JOIN course_lecturers x ON x.course_id = l.course_id JOIN users u ON u.id = x.user_id
       GROUP BY u.id, u.name, u.name_en ORDER BY hours DESC, u.id`,
      ids,
    ),
  ]);
  const byCourse: SummaryCourse[] = courses.map((r) => ({
    courseId: Number(r.course_id),
    name: String(r.name),
    no: String(r.no ?? ''),
    lessons: Number(r.lessons),
    hoursTaught: round1(Number(r.hours)),
    places: Number(r.places),
    taken: Number(r.taken),
    leave: Number(r.leave),
    homeworkSet: Number(r.hw_set),
    homeworkDone: Number(r.hw_done),
  }));
  const byLecturer: SummaryLecturer[] = lecturers.map((r) => ({
    userId: Number(r.user_id),
    name: String(r.name),
    nameEn: (r.name_en as string | null) || null,
    lessons: Number(r.lessons),
    hoursTaught: round1(Number(r.hours)),
  }));
  const sum = (k: keyof SummaryCourse) => byCourse.reduce((n, c) => n + (c[k] as number), 0);
  return {
    lessons: ids.length,
    hoursTaught: round1(courses.reduce((n, r) => n + Number(r.hours), 0)),
    places: sum('places'),
    taken: sum('taken'),
    leave: sum('leave'),
    homeworkSet: sum('homeworkSet'),
    homeworkDone: sum('homeworkDone'),
    byCourse,
    byLecturer,
  };
}

/**
 * What the summary tab shows, as an xlsx file in the caller's language: a sheet per course
 * (lessons, hours taught, places, taken, leave, attendance rate, homework set and done, their
 * rate; a bold total row last, as the tab's table) and a sheet per lecturer (lessons, hours
 * taught: every lecturer, where the chart shows 12 bars). The same `courseSummary` (filter,
 * rights, sums); a rate without places or homework is left empty (the tab shows "—").
 */
export async function courseSummaryXlsx(ctx: ServiceContext, filter: LessonFilter): Promise<{ bytes: Buffer; fileName: string; count: number }> {
  const s = await courseSummary(ctx, filter);
  const t = (k: Parameters<typeof translate>[1]) => translate(ctx.lang, k);
  const rate = (a: number, b: number) => (b ? Math.round((a / b) * 1000) / 1000 : null);
  const courseColumns = [
    { key: 'name', header: t('course.report.course'), width: 28 },
    { key: 'no', header: t('course.summary.no'), width: 12, text: true },
    { key: 'lessons', header: t('course.summary.lessons'), width: 10 },
    { key: 'hoursTaught', header: t('course.summary.hoursTaught'), width: 14, numFmt: '0.0' },
    { key: 'places', header: t('course.summary.places'), width: 10 },
    { key: 'taken', header: t('course.report.taken'), width: 10 },
    { key: 'leave', header: t('course.report.leave'), width: 10 },
    { key: 'attendanceRate', header: t('course.summary.attendanceRate'), width: 10, numFmt: '0%' },
    { key: 'homeworkSet', header: t('course.summary.homeworkSet'), width: 12 },
    { key: 'homeworkDone', header: t('course.summary.homeworkDone'), width: 12 },
    { key: 'homeworkRate', header: t('course.summary.homeworkRate'), width: 14, numFmt: '0%' },
  ];
  const row = (name: string, no: string, c: Omit<SummaryCourse, 'courseId' | 'name' | 'no'>) => ({
    name,
    no,
    lessons: c.lessons,
    hoursTaught: c.hoursTaught,
    places: c.places,
    taken: c.taken,
    leave: c.leave,
    attendanceRate: rate(c.taken, c.places),
    homeworkSet: c.homeworkSet,
    homeworkDone: c.homeworkDone,
    homeworkRate: rate(c.homeworkDone, c.homeworkSet),
  });
  const courses = [...s.byCourse.map((c) => row(c.name, c.no, c)), row(t('course.summary.total'), '', s)];
  const lecturerColumns = [
    { key: 'name', header: t('course.summary.lecturer'), width: 20 },
    { key: 'lessons', header: t('course.summary.lessons'), width: 10 },
    { key: 'hoursTaught', header: t('course.summary.hoursTaught'), width: 14, numFmt: '0.0' },
  ];
  const lecturers = s.byLecturer.map((l) => ({ name: ctx.lang === 'en' ? (l.nameEn ?? l.name) : l.name, lessons: l.lessons, hoursTaught: l.hoursTaught }));
  const bytes = await writeSheets([
    { name: t('course.summary.sheetCourses'), columns: courseColumns, rows: courses, boldRows: [courses.length] },
    { name: t('course.summary.sheetLecturers'), columns: lecturerColumns, rows: lecturers },
  ]);
  return { bytes, fileName: `course-summary-${new Date().toISOString().slice(0, 10)}.xlsx`, count: s.lessons };
}
