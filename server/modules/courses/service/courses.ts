/** Courses: list, detail, save (create or edit), delete; their lecturers follow onto future lessons. */
import type { Actor, ServiceContext } from '../../../context.ts';
import type { Tx } from '../../../db/client.ts';
import { NotFoundError, ValidationError } from '../../../errors.ts';
import type { Prisma } from '../../../generated/prisma/client.ts';
import { translate } from '../../../i18n/catalogue.ts';
import { STAFF_STATES, USER_TYPES } from '../../../lib/codes.ts';
import { cleanRichText } from '../../../lib/html-clean.ts';
import { searchText } from '../../../lib/text.ts';
import { removeUpload } from '../../../lib/upload.ts';
import { dbId, dbIdList, inputOf, parseInput, z, type Parsed } from '../../../lib/validate.ts';
import { authorize, can } from '../../../policy.ts';
import { runWrite } from '../../../write.ts';
import { ConflictError, findConflicts, insertParticipants } from '../../schedule/index.ts';
import { visibleCoursesWhere } from '../courses.policy.ts';
import { loadManagedCourse } from './access.ts';
import { checkClassroom } from './classrooms.ts';
import { COURSE_SITES, COURSE_TYPES, ENROLLMENT_STATES } from './rules.ts';
import { coursesErrors } from '../courses.errors.ts';

const oneDecimal = (n: number) => Math.round(n * 10) === n * 10;
const count = () => z.coerce.number().int().min(0).max(100_000);

export const courseSchema = z.object({
  id: dbId().optional(),
  no: z.string().trim().max(50).nullish(),
  name: z.string().trim().min(1).max(200).optional(),
  type: z.coerce
    .number()
    .int()
    .refine((n) => n === COURSE_TYPES.APPLICATION || n === COURSE_TYPES.RETAIL)
    .optional(),
  site: z.coerce
    .number()
    .int()
    .refine((n) => n === COURSE_SITES.ONLINE || n === COURSE_SITES.OFFLINE)
    .optional(),
  place: z.string().trim().max(500).optional(),
  classroomId: dbId().nullable().optional(),
  studentCount: count().optional(),
  parentCount: count().optional(),
  teacherCount: count().optional(),
  consultantCount: count().optional(),
  durationMin: z.coerce.number().int().min(5).max(1440).optional(),
  totalNumber: z.coerce.number().int().min(0).max(1000).optional(),
  everyWeekNumber: z.coerce.number().int().min(1).max(21).optional(),
  lessonHours: z.coerce.number().min(0).max(100).refine(oneDecimal).optional(),
  beforeWork: z.string().max(200_000).optional(),
  afterWork: z.string().max(200_000).optional(),
  lecturerIds: z.array(dbId()).max(20).optional(),
  projectId: dbId().nullable().optional(),
  force: z.boolean().optional(),
});

export type CourseFilter = {
  search?: string | null;
  type?: number | null;
  site?: number | null;
  lecturerId?: number | null;
  projectId?: number | null;
  classroomId?: number | null;
  /** Where the course stands by its lessons' times (now: `at`, default the present). */
  progress?: CourseProgress | null;
  at?: Date;
};

/**
 * A course's progress, from its lessons: not started (no lesson has begun, or none planned),
 * in progress (a lesson has begun and one has not ended yet), finished (lessons, all ended).
 */
export type CourseProgress = 'NOT_STARTED' | 'IN_PROGRESS' | 'FINISHED';

function progressWhere(progress: CourseProgress, at: Date): Prisma.CourseWhereInput {
  const begun: Prisma.CourseLessonWhereInput = { event: { startAt: { lte: at } } };
  const open: Prisma.CourseLessonWhereInput = { event: { endAt: { gt: at } } };
  if (progress === 'NOT_STARTED') return { lessons: { none: begun } };
  if (progress === 'FINISHED') return { AND: [{ lessons: { some: {} } }, { lessons: { none: open } }] };
  return { AND: [{ lessons: { some: begun } }, { lessons: { some: open } }] };
}

/** The courses the caller sees, narrowed by the filter. */
export function coursesWhere(actor: Actor, f: CourseFilter = {}): Prisma.CourseWhereInput {
  const and: Prisma.CourseWhereInput[] = [visibleCoursesWhere(actor)];
  const s = searchText(f.search);
  if (s) and.push({ OR: [{ name: { contains: s, mode: 'insensitive' } }, { no: { contains: s, mode: 'insensitive' } }] });
  if (f.type) and.push({ type: f.type });
  if (f.site) and.push({ site: f.site });
  if (f.lecturerId) and.push({ lecturers: { some: { userId: f.lecturerId } } });
  if (f.projectId) and.push({ projectId: f.projectId });
  if (f.classroomId) and.push({ classroomId: f.classroomId });
  if (f.progress) and.push(progressWhere(f.progress, f.at ?? new Date()));
  return { AND: and };
}

export const COURSE_ORDER: Prisma.CourseOrderByWithRelationInput[] = [{ createdAt: 'desc' }, { id: 'desc' }];

export const courseListInclude = {
  lecturers: { include: { user: { select: { id: true, name: true, nameEn: true } } }, orderBy: { userId: 'asc' } },
  classroom: { select: { id: true, name: true, no: true } },
  project: { select: { id: true, name: true } },
  _count: { select: { lessons: true, enrollments: { where: { state: ENROLLMENT_STATES.ENROLLED } } } },
} as const satisfies Prisma.CourseInclude;

export type CourseRow = Prisma.CourseGetPayload<{ include: typeof courseListInclude }>;

export async function listCoursesPage(ctx: ServiceContext, filter: CourseFilter, page: { currentPage: number; pageSize: number }) {
  const actor = authorize(ctx, 'course.read');
  const where = coursesWhere(actor, filter);
  const [rows, total] = await Promise.all([
    ctx.db.course.findMany({ where, include: courseListInclude, orderBy: COURSE_ORDER, skip: (page.currentPage - 1) * page.pageSize, take: page.pageSize }),
    ctx.db.course.count({ where }),
  ]);
  return { rows, total };
}

/** Courses matching a search, without paging (at most 50: a picker). */
export async function searchCourses(ctx: ServiceContext, filter: CourseFilter) {
  const actor = authorize(ctx, 'course.read');
  return ctx.db.course.findMany({ where: coursesWhere(actor, filter), include: courseListInclude, orderBy: COURSE_ORDER, take: 50 });
}

export const courseIdInput = z.object({ id: dbId() });

export async function getCourse(ctx: ServiceContext, parsed: Parsed<z.output<typeof courseIdInput>>) {
  const actor = authorize(ctx, 'course.read');
  const { id } = inputOf(parsed);
  const row = await ctx.db.course.findFirst({ where: { AND: [{ id }, visibleCoursesWhere(actor)] }, include: courseListInclude });
  if (!row) throw new NotFoundError();
  return row;
}

async function checkLecturers(tx: Tx, ids: number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  if (!unique.length) return unique;
  const found = await tx.user.count({ where: { id: { in: unique }, type: USER_TYPES.STAFF, state: { not: STAFF_STATES.DEACTIVATED } } });
  if (found !== unique.length) throw new ValidationError('course.lecturerInvalid', undefined, 'LECTURER_INVALID');
  return unique.sort((a, b) => a - b);
}

async function checkProject(tx: Tx, projectId: number | null | undefined) {
  if (!projectId) return;
  if (!(await tx.project.count({ where: { id: projectId, deletedAt: null } }))) throw new ValidationError('course.projectUnknown', undefined, 'UNKNOWN_PROJECT');
}

async function checkNo(tx: Tx, no: string, id: number | undefined) {
  const other = await tx.course.findUnique({ where: { no }, select: { id: true } });
  if (other && other.id !== id) throw new ValidationError('course.noTaken', { no }, 'COURSE_NO_TAKEN');
}

/** Future lessons of a course (what a change of people applies to): ids and ranges, by start. */
export async function futureLessons(tx: Tx, courseId: number, from = new Date()) {
  const rows = await tx.courseLesson.findMany({
    where: { courseId, event: { startAt: { gte: from } } },
    select: { eventId: true, event: { select: { startAt: true, endAt: true } } },
    orderBy: { event: { startAt: 'asc' } },
  });
  return rows.map((r) => ({ id: r.eventId, start: r.event.startAt, end: r.event.endAt }));
}

/** New lecturers take part in the future lessons (their clashes checked unless forced); removed ones leave them. */
async function applyLecturerChange(tx: Tx, actor: Actor, courseId: number, before: number[], after: number[], force: boolean | undefined) {
  const added = after.filter((id) => !before.includes(id));
  const removed = before.filter((id) => !after.includes(id));
  if (!added.length && !removed.length) return;
  const lessons = await futureLessons(tx, courseId);
  if (!lessons.length) return;
  const ids = lessons.map((l) => l.id);
  if (added.length && !force) {
    const found = await findConflicts(tx, actor, { occurrences: lessons, userIds: added, placeId: null, excludeIds: ids });
    if (found.total) throw new ConflictError(found.total, found.conflicts);
  }
  if (removed.length) await tx.eventParticipant.deleteMany({ where: { eventId: { in: ids }, userId: { in: removed } } });
  await insertParticipants(tx, ids, added);
}

type CourseInput = z.output<typeof courseSchema>;

async function courseData(input: CourseInput): Promise<Prisma.CourseUncheckedUpdateInput> {
  const data: Prisma.CourseUncheckedUpdateInput = {};
  for (const key of [
    'name',
    'type',
    'site',
    'place',
    'classroomId',
    'studentCount',
    'parentCount',
    'teacherCount',
    'consultantCount',
    'durationMin',
    'totalNumber',
    'everyWeekNumber',
    'lessonHours',
    'projectId',
  ] as const) {
    if (input[key] !== undefined) (data as Record<string, unknown>)[key] = input[key];
  }
  if (input.beforeWork !== undefined) data.beforeWork = await cleanRichText(input.beforeWork, 'beforeWork');
  if (input.afterWork !== undefined) data.afterWork = await cleanRichText(input.afterWork, 'afterWork');
  if (input.no) data.no = input.no;
  return data;
}

function requireName(raw: unknown, creating: boolean) {
  const name = (raw as { name?: unknown } | null)?.name;
  if ((creating && (name === undefined || name === null)) || (typeof name === 'string' && !name.trim())) throw new ValidationError('course.nameRequired', undefined, 'NAME_REQUIRED');
}

/** Creates a course (`course.manage`); the number defaults to C + the id. Answers the id. */
export async function createCourse(ctx: ServiceContext, raw: unknown): Promise<{ id: number }> {
  return runWrite(ctx, { operation: 'course.create', targetType: 'Course' }, async (tx) => {
    const actor = authorize(ctx, 'course.manage');
    requireName(raw, true);
    const input = parseInput(courseSchema, raw);
    if (input.no) await checkNo(tx, input.no, undefined);
    if (input.classroomId) await checkClassroom(tx, input.classroomId, 0);
    await checkProject(tx, input.projectId);
    const lecturerIds = await checkLecturers(tx, input.lecturerIds ?? []);
    const data = (await courseData(input)) as Prisma.CourseUncheckedCreateInput;
    const created = await tx.course.create({
      data: { ...data, name: input.name!, no: input.no || `tmp-${Date.now()}-${Math.random()}`, createdById: actor.id, lecturers: { create: lecturerIds.map((userId) => ({ userId })) } },
      select: { id: true },
    });
    if (!input.no) await tx.course.update({ where: { id: created.id }, data: { no: `C${String(created.id).padStart(5, '0')}` } });
    return { result: { id: created.id }, targetIds: [created.id] };
  });
}

/**
 * Edits a course: its managers (`course.manage`) or its lecturers; changing who teaches it
 * needs `course.manage`. New lecturers join the future lessons (their clashes checked).
 */
export async function updateCourse(ctx: ServiceContext, raw: unknown): Promise<{ id: number }> {
  return runWrite(ctx, { operation: 'course.update', targetType: 'Course' }, async (tx) => {
    const actor = authorize(ctx, 'course.read');
    requireName(raw, false);
    const input = parseInput(courseSchema.extend({ id: dbId() }), raw);
    const course = await loadManagedCourse(tx, actor, input.id);
    if (input.no) await checkNo(tx, input.no, course.id);
    if (input.classroomId) await checkClassroom(tx, input.classroomId, 0);
    if (input.projectId !== undefined) await checkProject(tx, input.projectId);
    if (input.lecturerIds) {
      if (!can(actor, 'course.manage')) throw coursesErrors.rule('FORBIDDEN', 'error.forbidden');
      const lecturerIds = await checkLecturers(tx, input.lecturerIds);
      await applyLecturerChange(tx, actor, course.id, course.lecturerIds, lecturerIds, input.force);
      await tx.courseLecturer.deleteMany({ where: { courseId: course.id, userId: { notIn: lecturerIds } } });
      await tx.courseLecturer.createMany({ data: lecturerIds.map((userId) => ({ courseId: course.id, userId })), skipDuplicates: true });
    }
    await tx.course.update({ where: { id: course.id }, data: await courseData(input) });
    return { result: { id: course.id }, targetIds: [course.id] };
  });
}

/**
 * Deletes courses (`course.manage`), all or nothing: refused, naming the course, while
 * lessons or course hours hold it. Enrolments without hours go with it.
 */
export const deleteCoursesInput = z.object({ ids: dbIdList });

export async function deleteCourses(ctx: ServiceContext, parsed: Parsed<z.output<typeof deleteCoursesInput>>): Promise<{ ids: number[] }> {
  const result = await runWrite(ctx, { operation: 'course.delete', targetType: 'Course' }, async (tx) => {
    const actor = authorize(ctx, 'course.manage');
    const { ids } = inputOf(parsed);
    const unique = [...new Set(ids)];
    const courses = await tx.course.findMany({
      where: { id: { in: unique } },
      select: {
        id: true,
        name: true,
        files: { select: { storageKey: true } },
        _count: { select: { lessons: true, enrollments: { where: { OR: [{ totalHours: { gt: 0 } }, { hourRecords: { some: {} } }] } } } },
      },
    });
    if (courses.length !== unique.length) throw new NotFoundError();
    for (const c of courses) {
      const held: string[] = [];
      if (c._count.lessons) held.push(translate(ctx.lang, 'course.held.lessons', { count: c._count.lessons }));
      if (c._count.enrollments) held.push(translate(ctx.lang, 'course.held.enrollments', { count: c._count.enrollments }));
      if (held.length) throw coursesErrors.rule('COURSE_HELD', 'course.deleteHeld', { name: c.name, what: held.join(translate(ctx.lang, 'org.ref.separator')) });
    }
    await tx.enrollment.deleteMany({ where: { courseId: { in: unique } } });
    await tx.course.deleteMany({ where: { id: { in: unique } } });
    void actor;
    return { result: { ids: unique, keys: courses.flatMap((c) => c.files.map((f) => f.storageKey)) }, targetIds: unique };
  });
  for (const key of result.keys) await removeUpload(ctx, key).catch(() => {});
  return { ids: result.ids };
}
