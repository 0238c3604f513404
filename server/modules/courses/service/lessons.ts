/**
 * Lessons: a course's sessions are work events of the schedule (a recurring series or single
 * events) with a course_lessons row each; the lecturers and the enrolled students take part
 * and the classroom is the place. Scheduling, edits and deletes with a scope go through the
 * schedule's own functions in this transaction (conflicts of every person and the room on
 * every occurrence in one statement; docs/schedule.md), with the course's rights and a guard
 * that keeps lessons holding attendance or homework from being deleted or remade.
 */
import type { Actor, ServiceContext } from '../../../context.ts';
import type { Tx } from '../../../db/client.ts';
import { ValidationError } from '../../../errors.ts';
import { atDoor, dbId, inputOf, parseInput, z, type Parsed } from '../../../lib/validate.ts';
import { authorize, requireActor } from '../../../policy.ts';
import { runWrite } from '../../../write.ts';
import { checkConflicts, checkConflictsInput, createEventIn, deleteEventIn, updateEventIn, type EditOptions, type SaveResult } from '../../schedule/index.ts';
import { loadManagedCourse } from './access.ts';
import { checkClassroom } from './classrooms.ts';
import { ENROLLMENT_STATES, LESSON_EVENT_TYPE } from './rules.ts';
import { coursesErrors } from '../courses.errors.ts';

const SCOPES = ['THIS', 'FOLLOWING', 'ALL'] as const;

export type LessonSaveResult = SaveResult & { courseId: number };

/** Active enrolments of a course: their ids and students. */
export async function enrolledOf(tx: Tx, courseId: number) {
  return tx.enrollment.findMany({ where: { courseId, state: ENROLLMENT_STATES.ENROLLED }, select: { id: true, studentId: true }, orderBy: { id: 'asc' } });
}

/** Links new events to the course (one statement) and gives every enrolled student a place in them (one more). */
async function linkLessons(tx: Tx, courseId: number, eventIds: number[]) {
  if (!eventIds.length) return;
  await tx.$executeRawUnsafe(`INSERT INTO course_lessons (event_id, course_id) SELECT unnest($1::int[]), $2 ON CONFLICT DO NOTHING`, eventIds, courseId);
  await tx.$executeRawUnsafe(
    `INSERT INTO lesson_attendances (lesson_id, enrollment_id, updated_at)
     SELECT l, e.id, now() FROM unnest($1::int[]) AS l CROSS JOIN enrollments e WHERE e.course_id = $2 AND e.state = ${ENROLLMENT_STATES.ENROLLED}
     ON CONFLICT DO NOTHING`,
    eventIds,
    courseId,
  );
}

/**
 * Refuses to delete or remake lessons that hold records: a sign-in or leave, feedback, a
 * homework row, task files or a fixed task (they would be lost with the rows). One statement.
 */
export async function guardLessonRecords(tx: Tx, ids: number[]): Promise<void> {
  if (!ids.length) return;
  const [row] = await tx.$queryRawUnsafe<Array<{ n: number }>>(
    `SELECT count(*)::int AS n FROM course_lessons l
     WHERE l.event_id = ANY($1::int[])
       AND (l.task_content <> '' OR EXISTS (SELECT 1 FROM course_files f WHERE f.lesson_id = l.event_id)
            OR EXISTS (SELECT 1 FROM lesson_attendances a WHERE a.lesson_id = l.event_id
                        AND (a.state <> 0 OR a.feedback <> '' OR EXISTS (SELECT 1 FROM homework h WHERE h.attendance_id = a.id))))`,
    ids,
  );
  if (row && row.n > 0) throw coursesErrors.rule('LESSON_HOLDS_RECORDS', 'course.lesson.holdsRecords', { count: row.n });
}

const timing = {
  startAt: z.date(),
  endAt: z.date(),
  timeZone: z.string().max(64).nullish(),
  recurrence: z.unknown().optional(),
};

export const scheduleLessonsInput = z.object({
  courseId: dbId(),
  ...timing,
  classroomId: dbId().nullable().optional(),
  title: z.string().trim().max(200).optional(),
  content: z.string().max(200_000).optional(),
  address: z.string().trim().max(500).optional(),
  force: z.boolean().optional(),
});

async function lessonPeople(tx: Tx, course: { id: number; lecturerIds: number[] }) {
  const enrolled = await enrolledOf(tx, course.id);
  if (!course.lecturerIds.length) throw new ValidationError('course.lecturerInvalid', undefined, 'NO_LECTURER');
  return { enrolled, participantIds: [...new Set([...course.lecturerIds, ...enrolled.map((e) => e.studentId)])] };
}

/**
 * Schedules lessons of a course: one lesson, or a recurring series (`recurrence`, as the
 * schedule takes it). Checked: the caller manages the course, the course has a lecturer, the
 * classroom (default the course's) is in use and seats the students, the lecturers, the room
 * and every enrolled student are free on every occurrence (unless `force`), and the course's
 * planned number of lessons is not exceeded.
 */
export async function scheduleLessons(ctx: ServiceContext, parsed: Parsed<z.output<typeof scheduleLessonsInput>>): Promise<LessonSaveResult> {
  return runWrite(ctx, { operation: 'course.lesson.schedule', targetType: 'WorkEvent' }, async (tx) => {
    const actor = authorize(ctx, 'course.read');
    const input = inputOf(parsed);
    const course = await loadManagedCourse(tx, actor, input.courseId);
    const { enrolled, participantIds } = await lessonPeople(tx, course);
    const classroomId = input.classroomId === undefined ? course.classroomId : input.classroomId;
    const room = classroomId ? await checkClassroom(tx, classroomId, enrolled.length) : null;
    const saved = await createEventIn(tx, actor, {
      title: input.title || course.name,
      content: input.content ?? '',
      address: input.address ?? room?.address ?? course.place,
      startAt: input.startAt,
      endAt: input.endAt,
      timeZone: input.timeZone,
      recurrence: input.recurrence,
      participantIds,
      placeId: classroomId ?? null,
      projectId: course.projectId,
      published: true,
      type: LESSON_EVENT_TYPE,
      force: input.force,
    });
    if (course.totalNumber > 0) {
      const scheduled = await tx.courseLesson.count({ where: { courseId: course.id } });
      if (scheduled + saved.eventIds.length > course.totalNumber) {
        throw coursesErrors.rule('TOO_MANY_LESSONS', 'course.lesson.tooMany', { name: course.name, total: course.totalNumber, scheduled, adding: saved.eventIds.length });
      }
    }
    await linkLessons(tx, course.id, saved.eventIds);
    return { result: { ...saved, courseId: course.id }, targetIds: saved.eventIds };
  });
}

/** The course's rights and the records guard, for the schedule's edit and delete functions. */
function lessonOptions(actor: Actor, seen: { courseId: number | null }): EditOptions {
  return {
    authorize: async (event) => {
      if (!event.lesson) throw coursesErrors.rule('NOT_FOUND', 'course.lesson.notLesson');
      seen.courseId = event.lesson.courseId;
    },
    beforeRemove: guardLessonRecords,
  };
}

export const updateLessonsInput = z.object({
  id: dbId(),
  scope: z.enum(SCOPES).optional(),
  startAt: z.date().optional(),
  endAt: z.date().optional(),
  timeZone: z.string().max(64).nullish(),
  recurrence: z.unknown().optional(),
  classroomId: dbId().nullable().optional(),
  title: z.string().trim().max(200).optional(),
  content: z.string().max(200_000).optional(),
  address: z.string().trim().max(500).optional(),
  force: z.boolean().optional(),
});

/** Loads the lesson's course for a write and checks the caller manages it. */
async function managedCourseOfLesson(tx: Tx, actor: Actor, eventId: number) {
  const lesson = await tx.courseLesson.findUnique({ where: { eventId }, select: { courseId: true } });
  if (!lesson) throw coursesErrors.rule('NOT_FOUND', 'course.lesson.notLesson');
  return loadManagedCourse(tx, actor, lesson.courseId);
}

/**
 * Edits lessons with a scope (THIS / FOLLOWING / ALL) through the schedule's scope functions:
 * time, rule, classroom (checked again), title, content. People stay the course's. Rows the
 * edit would remake must hold no records. New rows of a remade part are linked to the course.
 */
export async function updateLessons(ctx: ServiceContext, parsed: Parsed<z.output<typeof updateLessonsInput>>): Promise<LessonSaveResult> {
  return runWrite(ctx, { operation: 'course.lesson.update', targetType: 'WorkEvent' }, async (tx) => {
    const actor = authorize(ctx, 'course.read');
    const input = inputOf(parsed);
    const course = await managedCourseOfLesson(tx, actor, input.id);
    const enrolled = await enrolledOf(tx, course.id);
    const room = input.classroomId ? await checkClassroom(tx, input.classroomId, enrolled.length) : null;
    const seen = { courseId: null as number | null };
    const saved = await updateEventIn(
      tx,
      actor,
      {
        id: input.id,
        scope: input.scope ?? 'THIS',
        ...(input.startAt ? { startAt: input.startAt } : {}),
        ...(input.endAt ? { endAt: input.endAt } : {}),
        ...(input.timeZone ? { timeZone: input.timeZone } : {}),
        ...(input.recurrence !== undefined ? { recurrence: input.recurrence } : {}),
        ...(input.title ? { title: input.title } : {}),
        ...(input.content !== undefined ? { content: input.content } : {}),
        ...(input.classroomId !== undefined ? { placeId: input.classroomId } : {}),
        ...(input.address !== undefined ? { address: input.address } : room ? { address: room.address } : {}),
        force: input.force,
      },
      lessonOptions(actor, seen),
    );
    await linkLessons(tx, course.id, saved.eventIds);
    return { result: { ...saved, courseId: course.id }, targetIds: saved.eventIds };
  });
}

/** Moves lessons to another classroom (legacy updateClassRoom); the room is checked again on every moved lesson. */
export async function moveLessons(ctx: ServiceContext, raw: unknown): Promise<LessonSaveResult> {
  // Who asks comes before what is asked: an anonymous caller is refused as such, whatever the input.
  requireActor(ctx);
  const body = (raw ?? {}) as Record<string, unknown>;
  if (body.classroomId === undefined || body.classroomId === null || body.classroomId === '') throw new ValidationError('validation.required', { field: 'classRoomId' });
  const input = parseInput(z.object({ id: dbId(), classroomId: dbId(), scope: z.enum(SCOPES).optional(), force: z.boolean().optional() }), raw);
  // updateLessons reads the move as a lesson update, inside its own write (as its own door's input).
  return updateLessons(ctx, atDoor(updateLessonsInput, input));
}

/** Deletes lessons with a scope through the schedule's delete; lessons holding records are refused. */
export const deleteLessonsInput = z.object({ id: dbId(), scope: z.enum(SCOPES).optional() });

export async function deleteLessons(ctx: ServiceContext, parsed: Parsed<z.output<typeof deleteLessonsInput>>) {
  return runWrite(ctx, { operation: 'course.lesson.delete', targetType: 'WorkEvent' }, async (tx) => {
    const actor = authorize(ctx, 'course.read');
    const input = inputOf(parsed);
    const course = await managedCourseOfLesson(tx, actor, input.id);
    const result = await deleteEventIn(tx, actor, { id: input.id, scope: input.scope ?? 'THIS' }, lessonOptions(actor, { courseId: null }));
    return { result: { ...result, courseId: course.id }, targetIds: result.deletedIds };
  });
}

export const checkLessonConflictsInput = z.object({
  courseId: dbId(),
  lessonId: dbId().optional(),
  scope: z.enum(SCOPES).optional(),
  ...timing,
  classroomId: dbId().nullable().optional(),
});

/**
 * What scheduling (or, with `lessonId`, moving) lessons would clash with: the course's
 * lecturers, its enrolled students and the classroom (default the course's) on every
 * occurrence, in the schedule's one statement; nothing is written.
 */
export async function checkLessonConflicts(ctx: ServiceContext, parsed: Parsed<z.output<typeof checkLessonConflictsInput>>) {
  const actor = authorize(ctx, 'course.read');
  const input = inputOf(parsed);
  const course = await loadManagedCourse(ctx.db, actor, input.courseId);
  const enrolled = await enrolledOf(ctx.db as unknown as Tx, course.id);
  const classroomId = input.classroomId === undefined ? course.classroomId : input.classroomId;
  return checkConflicts(
    ctx,
    atDoor(checkConflictsInput, {
      id: input.lessonId,
      scope: input.scope ?? 'THIS',
      startAt: input.startAt,
      endAt: input.endAt,
      timeZone: input.timeZone,
      participantIds: [...new Set([...course.lecturerIds, ...enrolled.map((e) => e.studentId)])],
      placeId: classroomId ?? undefined,
      recurrence: input.recurrence,
    }),
  );
}
