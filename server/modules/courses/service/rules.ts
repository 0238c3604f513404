/** Codes and state tables of the courses area (stored numbers: docs/courses.md). */
import type { MessageKey } from '../../../i18n/catalogue.ts';

export const COURSE_TYPES = { APPLICATION: 1, RETAIL: 2 } as const;
export const COURSE_SITES = { ONLINE: 1, OFFLINE: 2 } as const;
export const CLASSROOM_STATES = { IN_USE: 1, DISABLED: 2 } as const;
export const ENROLLMENT_STATES = { ENROLLED: 1, LEFT: 2 } as const;
/** 4: a sign-in undone (its hours given back); 5: the unused hours refunded when the student left the course. */
export const HOUR_RECORD_KINDS = { BOUGHT: 1, ADJUSTED: 2, SPENT: 3, SIGN_IN_UNDONE: 4, REFUNDED: 5 } as const;
export const ATTENDANCE_STATES = { UNTAKEN: 0, TAKEN: 1, LEAVE: 2 } as const;
/** Homework states in the order of the spec's list: none, accepted, revision required, to be submitted, submitted. */
export const HOMEWORK_STATES = { NONE: 0, ACCEPTED: 1, REVISION: 2, TO_SUBMIT: 3, SUBMITTED: 4 } as const;
export const FILE_KINDS = { ATTACHMENT: 1, FIXED_TASK: 2, CUSTOM_TASK: 3, ANSWER: 4 } as const;

/** Event type of a lesson on the calendar (work events are type 1). */
export const LESSON_EVENT_TYPE = 3;

/** A student may sign in themself from this many minutes before the lesson until its end. */
export const SELF_SIGN_IN_MINUTES_BEFORE = 30;

/** Staff signing a student in earlier than this many minutes before the lesson must confirm it (`force`) with a reason. */
export const EARLY_SIGN_IN_MINUTES = 30;

export type HomeworkTransition = 'submit' | 'accept' | 'requestRevision';

type HomeworkRule = {
  from: readonly number[];
  to: number;
  /** Who may: the student (or staff managing the course on their behalf), or the course's managers. */
  who: 'student' | 'reviewer';
  refusal: MessageKey;
};

/**
 * The homework state machine: none → to be submitted (a task is set) → submitted → accepted
 * or revision required → submitted again. Setting a task (the lesson's fixed task or a custom
 * task) moves none to to-be-submitted outside this table; everything else goes through it.
 */
export const HOMEWORK_TRANSITIONS: Record<HomeworkTransition, HomeworkRule> = {
  submit: { from: [HOMEWORK_STATES.TO_SUBMIT, HOMEWORK_STATES.REVISION], to: HOMEWORK_STATES.SUBMITTED, who: 'student', refusal: 'course.homework.cannotSubmit' },
  accept: { from: [HOMEWORK_STATES.SUBMITTED], to: HOMEWORK_STATES.ACCEPTED, who: 'reviewer', refusal: 'course.homework.cannotReview' },
  requestRevision: { from: [HOMEWORK_STATES.SUBMITTED], to: HOMEWORK_STATES.REVISION, who: 'reviewer', refusal: 'course.homework.cannotReview' },
};

type AttendanceRule = { from: readonly number[]; to: number; refusal: MessageKey };

/** Attendance: untaken → taken (sign-in, spends the lesson's hours) or leave (before the lesson); leave → taken (came after all); taken → untaken or leave (a sign-in undone, its hours given back). */
export const ATTENDANCE_TRANSITIONS: Record<'signIn' | 'askForLeave' | 'undoSignIn', AttendanceRule> = {
  signIn: { from: [ATTENDANCE_STATES.UNTAKEN, ATTENDANCE_STATES.LEAVE], to: ATTENDANCE_STATES.TAKEN, refusal: 'course.attendance.alreadySigned' },
  askForLeave: { from: [ATTENDANCE_STATES.UNTAKEN], to: ATTENDANCE_STATES.LEAVE, refusal: 'course.attendance.cannotLeave' },
  /** Back to untaken, or to leave when a leave had been asked before the sign-in (undoSignIn picks which). */
  undoSignIn: { from: [ATTENDANCE_STATES.TAKEN], to: ATTENDANCE_STATES.UNTAKEN, refusal: 'course.attendance.notSignedIn' },
};

/** Hours as a number with one decimal (Prisma answers Decimal). */
export const hours = (v: { toString(): string } | number | null | undefined): number => (v === null || v === undefined ? 0 : Math.round(Number(v.toString()) * 10) / 10);
