/**
 * Homework: a lesson's fixed task (text and files) and custom tasks for one student set it
 * (none → to be submitted); the student's answer submits it; the lecturer accepts it or asks
 * for a revision, after which it is submitted again (HOMEWORK_TRANSITIONS). Files are checked
 * by content and size and kept in the upload store; they are served only to the student,
 * their family, the course's lecturers and managers, and the student's consultant.
 */
import type { Actor, ServiceContext } from '../../../context.ts';
import type { Tx } from '../../../db/client.ts';
import { DomainError, ForbiddenError, ValidationError } from '../../../errors.ts';
import type { Prisma } from '../../../generated/prisma/client.ts';
import { cleanRichText } from '../../../lib/html-clean.ts';
import { USER_TYPES } from '../../../lib/codes.ts';
import { checkUpload, IMAGE_TYPES, OFFICE_TYPES, removeUpload, storeUpload, type StoredUpload, type UploadPolicy } from '../../../lib/upload.ts';
import { dbId, inputOf, parseInput, z, type Parsed } from '../../../lib/validate.ts';
import { authorize } from '../../../policy.ts';
import { runWrite } from '../../../write.ts';
import { canManageCourse, canReadEnrollment, visibleEnrollmentsWhere } from '../courses.policy.ts';
import { loadAttendance, loadLesson, loadManagedCourse, loadManagedLesson, loadVisibleCourse } from './access.ts';
import { FILE_KINDS, HOMEWORK_STATES, HOMEWORK_TRANSITIONS, type HomeworkTransition } from './rules.ts';
import { coursesErrors } from '../courses.errors.ts';

const MB = 1024 * 1024;
/** Course files: office documents, PDF, images and plain text, up to 20 MB. */
export const COURSE_FILE_POLICY: UploadPolicy = { dir: 'course-files', types: [...OFFICE_TYPES, ...IMAGE_TYPES], maxBytes: 20 * MB, text: true };

export const courseFilePath = (id: number) => `/api/admin/user/course/task/downloadAnswer.htm?fileId=${id}`;

/**
 * A write that stores an upload: the caller's checks run first inside the transaction, then
 * the file is checked by content and size and stored, then its row is written; a refused or
 * failed write removes the stored bytes (and is logged like every write).
 */
async function writeWithFile<T>(
  ctx: ServiceContext,
  spec: { operation: string; targetType: string },
  file: File | null | undefined,
  write: (tx: Tx, actor: Actor, store: () => Promise<StoredUpload>) => Promise<{ result: T; targetIds: number[] }>,
): Promise<T> {
  let stored: StoredUpload | null = null;
  try {
    return await runWrite(ctx, spec, async (tx) => {
      const actor = authorize(ctx, 'course.read');
      return write(tx, actor, async () => {
        stored = await storeUpload(ctx, await checkUpload(file, COURSE_FILE_POLICY), COURSE_FILE_POLICY);
        return stored;
      });
    });
  } catch (err) {
    if (stored) await removeUpload(ctx, (stored as StoredUpload).key).catch(() => {});
    throw err;
  }
}

const fileRow = (stored: StoredUpload, actor: Actor) => ({ fileName: stored.fileName, storageKey: stored.key, mimeType: stored.mime, size: stored.size, uploadedById: actor.id });

/** Gives every student of the lesson homework to submit (one statement); homework already under way stays. */
async function assignLessonHomework(tx: Tx, lessonId: number, dueAt: Date | null) {
  await tx.$executeRawUnsafe(
    `INSERT INTO homework (attendance_id, state, due_at, updated_at)
     SELECT a.id, ${HOMEWORK_STATES.TO_SUBMIT}, $2::timestamptz, now() FROM lesson_attendances a WHERE a.lesson_id = $1
     ON CONFLICT (attendance_id) DO UPDATE SET state = ${HOMEWORK_STATES.TO_SUBMIT}, updated_at = now() WHERE homework.state = ${HOMEWORK_STATES.NONE}`,
    lessonId,
    dueAt ? dueAt.toISOString() : null,
  );
}

export const setLessonTaskInput = z.object({ lessonId: dbId(), content: z.string().max(200_000).optional(), dueAt: z.date().nullable().optional() });

/** Sets a lesson's fixed task and due time (course managers and lecturers); every student of the lesson then has homework to submit. */
export async function setLessonTask(ctx: ServiceContext, parsed: Parsed<z.output<typeof setLessonTaskInput>>): Promise<{ lessonId: number }> {
  return runWrite(ctx, { operation: 'course.homework.setTask', targetType: 'CourseLesson' }, async (tx) => {
    const actor = authorize(ctx, 'course.read');
    const input = inputOf(parsed);
    const lesson = await loadManagedLesson(tx, actor, input.lessonId);
    const content = input.content !== undefined ? await cleanRichText(input.content) : lesson.taskContent;
    const dueAt = input.dueAt !== undefined ? input.dueAt : lesson.taskDueAt;
    await tx.courseLesson.update({ where: { eventId: lesson.eventId }, data: { taskContent: content, taskDueAt: dueAt } });
    const files = await tx.courseFile.count({ where: { lessonId: lesson.eventId, kind: FILE_KINDS.FIXED_TASK } });
    if (content || files) await assignLessonHomework(tx, lesson.eventId, dueAt);
    return { result: { lessonId: lesson.eventId }, targetIds: [lesson.eventId] };
  });
}

/**
 * A course file upload (legacy course/uploadAttachment with objectType 1 = the course, 2 = a
 * lesson's fixed task; user/course/uploadTask): course managers and lecturers.
 */
export async function uploadCourseFile(ctx: ServiceContext, raw: unknown, file: File | null | undefined): Promise<{ fileId: number }> {
  return writeWithFile(ctx, { operation: 'course.file.upload', targetType: 'CourseFile' }, file, async (tx, actor, store) => {
    const body = (raw ?? {}) as Record<string, unknown>;
    const kind = Number(body.objectType ?? 1);
    if (kind !== FILE_KINDS.ATTACHMENT && kind !== FILE_KINDS.FIXED_TASK) throw new ValidationError('course.objectTypeInvalid', undefined, 'OBJECT_TYPE_INVALID');
    const { objectId } = parseInput(z.object({ objectId: dbId() }), { objectId: body.objectId });
    let courseId = objectId;
    let lessonId: number | null = null;
    if (kind === FILE_KINDS.FIXED_TASK) {
      const lesson = await loadManagedLesson(tx, actor, objectId);
      courseId = lesson.courseId;
      lessonId = lesson.eventId;
    } else {
      await loadManagedCourse(tx, actor, objectId);
    }
    const stored = await store();
    const row = await tx.courseFile.create({ data: { ...fileRow(stored, actor), courseId, kind, lessonId }, select: { id: true, lesson: { select: { taskDueAt: true } } } });
    if (lessonId) await assignLessonHomework(tx, lessonId, row.lesson?.taskDueAt ?? null);
    return { result: { fileId: row.id }, targetIds: [row.id] };
  });
}

/** The student's homework for a lesson, created to be submitted when a task is set for them. */
async function homeworkOf(tx: Tx, attendanceId: number, dueAt: Date | null) {
  return tx.homework.upsert({ where: { attendanceId }, update: {}, create: { attendanceId, state: HOMEWORK_STATES.TO_SUBMIT, dueAt } });
}

/** Uploads a custom task for one student (course managers and lecturers); their homework is then to be submitted. */
/** The attendance a homework file or a due date is for. */
export const homeworkAttendanceInput = z.object({ attendanceId: dbId() });

export async function uploadCustomTask(ctx: ServiceContext, parsed: Parsed<z.output<typeof homeworkAttendanceInput>>, file: File | null | undefined): Promise<{ fileId: number; homeworkId: number }> {
  return writeWithFile(ctx, { operation: 'course.homework.customTask', targetType: 'Homework' }, file, async (tx, actor, store) => {
    const { attendanceId } = inputOf(parsed);
    const a = await loadAttendance(tx, actor, attendanceId);
    if (!canManageCourse(actor, a.course)) throw new ForbiddenError();
    const stored = await store();
    const hw = await homeworkOf(tx, a.id, a.lesson.taskDueAt);
    if (hw.state === HOMEWORK_STATES.NONE) await tx.homework.update({ where: { id: hw.id }, data: { state: HOMEWORK_STATES.TO_SUBMIT } });
    const row = await tx.courseFile.create({ data: { ...fileRow(stored, actor), courseId: a.course.id, kind: FILE_KINDS.CUSTOM_TASK, lessonId: a.lessonId, homeworkId: hw.id }, select: { id: true } });
    return { result: { fileId: row.id, homeworkId: hw.id }, targetIds: [hw.id] };
  });
}

/** Loads the homework of an attendance for a transition, checking who may make it. */
async function homeworkForTransition(tx: Tx, actor: Actor, attendanceId: number, transition: HomeworkTransition) {
  const a = await loadAttendance(tx, actor, attendanceId);
  const rule = HOMEWORK_TRANSITIONS[transition];
  const manager = canManageCourse(actor, a.course);
  const own = actor.type === USER_TYPES.STUDENT && a.student.id === actor.id;
  if (rule.who === 'reviewer' ? !manager : !(manager || own)) throw new ForbiddenError();
  if (!a.homework) throw coursesErrors.rule('NO_HOMEWORK', 'course.homework.noTask');
  if (!rule.from.includes(a.homework.state)) throw new DomainError('WRONG_STATE', rule.refusal);
  return { a, homework: a.homework, rule };
}

/** The student's answer (an upload) submits the homework: to be submitted or revision required → submitted. */
export async function submitHomework(ctx: ServiceContext, parsed: Parsed<z.output<typeof homeworkAttendanceInput>>, file: File | null | undefined): Promise<{ homeworkId: number; fileId: number }> {
  return writeWithFile(ctx, { operation: 'course.homework.submit', targetType: 'Homework' }, file, async (tx, actor, store) => {
    const { attendanceId } = inputOf(parsed);
    const { a, homework, rule } = await homeworkForTransition(tx, actor, attendanceId, 'submit');
    const stored = await store();
    const changed = await tx.homework.updateMany({ where: { id: homework.id, state: { in: [...rule.from] } }, data: { state: rule.to, submittedAt: new Date() } });
    if (!changed.count) throw new DomainError('WRONG_STATE', rule.refusal);
    const row = await tx.courseFile.create({ data: { ...fileRow(stored, actor), courseId: a.course.id, kind: FILE_KINDS.ANSWER, lessonId: a.lessonId, homeworkId: homework.id }, select: { id: true } });
    return { result: { homeworkId: homework.id, fileId: row.id }, targetIds: [homework.id] };
  });
}

/** The lecturer's review: accept, or ask for a revision (a comment is required then). */
export const reviewHomeworkInput = z.object({ attendanceId: dbId(), comment: z.string().trim().max(2000).optional() });

export async function reviewHomework(ctx: ServiceContext, transition: 'accept' | 'requestRevision', parsed: Parsed<z.output<typeof reviewHomeworkInput>>): Promise<{ homeworkId: number }> {
  return runWrite(ctx, { operation: `course.homework.${transition}`, targetType: 'Homework' }, async (tx) => {
    const actor = authorize(ctx, 'course.read');
    const input = inputOf(parsed);
    if (transition === 'requestRevision' && !input.comment) throw new ValidationError('course.homework.commentRequired', undefined, 'COMMENT_REQUIRED');
    const { homework, rule } = await homeworkForTransition(tx, actor, input.attendanceId, transition);
    const changed = await tx.homework.updateMany({
      where: { id: homework.id, state: { in: [...rule.from] } },
      data: { state: rule.to, comment: input.comment ?? '', reviewedAt: new Date(), reviewedById: actor.id },
    });
    if (!changed.count) throw new DomainError('WRONG_STATE', rule.refusal);
    return { result: { homeworkId: homework.id }, targetIds: [homework.id] };
  });
}

/** Moves a student's homework end date (course managers and lecturers). */
export const setHomeworkDueDateInput = z.object({ attendanceId: dbId(), dueAt: z.date().nullable() });

export async function setHomeworkDueDate(ctx: ServiceContext, parsed: Parsed<z.output<typeof setHomeworkDueDateInput>>): Promise<{ homeworkId: number }> {
  return runWrite(ctx, { operation: 'course.homework.dueDate', targetType: 'Homework' }, async (tx) => {
    const actor = authorize(ctx, 'course.read');
    const input = inputOf(parsed);
    const a = await loadAttendance(tx, actor, input.attendanceId);
    if (!canManageCourse(actor, a.course)) throw new ForbiddenError();
    const hw = a.homework ?? (await homeworkOf(tx, a.id, null));
    await tx.homework.update({ where: { id: hw.id }, data: { dueAt: input.dueAt } });
    return { result: { homeworkId: hw.id }, targetIds: [hw.id] };
  });
}

/**
 * A course file for download: attachments to whoever sees the course; a lesson's fixed task
 * to the course's people (managers, lecturers, enrolled families and their consultants);
 * custom tasks and answers to the student, their family, their consultant and the course's
 * managers and lecturers. Others: "not found".
 */
/** A course file to download or delete. */
export const courseFileIdInput = z.object({ fileId: dbId() });

export async function fileForDownload(ctx: ServiceContext, parsed: Parsed<z.output<typeof courseFileIdInput>>) {
  const actor = authorize(ctx, 'course.read');
  const { fileId } = inputOf(parsed);
  const file = await ctx.db.courseFile.findUnique({
    where: { id: fileId },
    include: { homework: { include: { attendance: { include: { enrollment: { include: { student: { select: { id: true, parentId: true, consultantId: true } } } } } } } } },
  });
  const missing = () => coursesErrors.rule('NOT_FOUND', 'course.fileNotFound');
  if (!file) throw missing();
  try {
    if (file.kind === FILE_KINDS.ATTACHMENT) {
      await loadVisibleCourse(ctx.db, actor, file.courseId);
    } else if (file.kind === FILE_KINDS.FIXED_TASK) {
      const lesson = await loadLesson(ctx.db, actor, file.lessonId ?? 0);
      const readable = canManageCourse(actor, lesson.course) || (await ctx.db.attendance.count({ where: { lessonId: lesson.eventId, enrollment: visibleEnrollmentsWhere(actor) } })) > 0;
      if (!readable) throw missing();
    } else {
      const hw = file.homework;
      const course = await ctx.db.course.findUniqueOrThrow({ where: { id: file.courseId }, select: { id: true, lecturers: { select: { userId: true } } } });
      if (!hw || !canReadEnrollment(actor, { id: course.id, lecturerIds: course.lecturers.map((l) => l.userId) }, hw.attendance.enrollment.student)) throw missing();
    }
  } catch {
    throw missing();
  }
  return { storageKey: file.storageKey, fileName: file.fileName, mimeType: file.mimeType };
}

/** Deletes a course file: course managers and lecturers (any kind), the student their own answer until it is accepted. */
export async function deleteCourseFile(ctx: ServiceContext, parsed: Parsed<z.output<typeof courseFileIdInput>>): Promise<{ fileId: number }> {
  const result = await runWrite(ctx, { operation: 'course.file.delete', targetType: 'CourseFile' }, async (tx) => {
    const actor = authorize(ctx, 'course.read');
    const { fileId } = inputOf(parsed);
    const file = await tx.courseFile.findUnique({ where: { id: fileId }, include: { homework: true } });
    if (!file) throw coursesErrors.rule('NOT_FOUND', 'course.fileNotFound');
    const course = await loadVisibleCourse(tx, actor, file.courseId).catch(() => {
      throw coursesErrors.rule('NOT_FOUND', 'course.fileNotFound');
    });
    const ownAnswer = file.kind === FILE_KINDS.ANSWER && file.uploadedById === actor.id && file.homework?.state !== HOMEWORK_STATES.ACCEPTED;
    if (!canManageCourse(actor, course) && !ownAnswer) throw new ForbiddenError();
    await tx.courseFile.delete({ where: { id: file.id } });
    return { result: { fileId: file.id, key: file.storageKey }, targetIds: [file.id] };
  });
  await removeUpload(ctx, result.key).catch(() => {});
  return { fileId: result.fileId };
}

// ── reads ──

export type HomeworkFilter = { courseId?: number | null; lessonId?: number | null; studentId?: number | null; state?: number | null };

export function homeworkWhere(actor: Actor, f: HomeworkFilter = {}): Prisma.HomeworkWhereInput {
  const and: Prisma.HomeworkWhereInput[] = [{ attendance: { enrollment: visibleEnrollmentsWhere(actor) } }];
  if (f.courseId) and.push({ attendance: { lesson: { courseId: f.courseId } } });
  if (f.lessonId) and.push({ attendance: { lessonId: f.lessonId } });
  if (f.studentId) and.push({ attendance: { enrollment: { studentId: f.studentId } } });
  if (f.state !== undefined && f.state !== null) and.push({ state: f.state });
  return { AND: and };
}
