import { defineErrors } from '../../errors.ts';

/**
 * Every error code the courses module throws, with the catalogue keys of its messages
 * (courses.messages.ts): `rule` the refusals, made with `coursesErrors.rule(code, key)`, `input` the
 * codes of its ValidationErrors. tests/unit/error-codes.test.ts fails on a code thrown here
 * that this list does not hold.
 */
export const coursesErrors = defineErrors({
  rule: {
    ALREADY_ENROLLED: ['course.enroll.already'],
    AUDIT_STATE_INVALID: ['course.homework.auditStateInvalid'],
    CLASSROOM_DISABLED: ['course.classroomDisabled'],
    CLASSROOM_HELD: ['classroom.deleteHeld'],
    CLASSROOM_TOO_SMALL: ['course.classroomTooSmall'],
    COURSE_FULL: ['course.enroll.full'],
    COURSE_HELD: ['course.deleteHeld'],
    COURSE_REQUIRED: ['course.courseRequired'],
    FEEDBACK_RELEASED: ['course.attendance.feedbackReleased'],
    FORBIDDEN: ['error.forbidden'],
    HOURS_NOT_ENOUGH: ['course.hours.negative'],
    LESSON_HOLDS_RECORDS: ['course.lesson.holdsRecords'],
    LESSON_NOT_OVER: ['course.attendance.feedbackTooEarly'],
    LESSON_STARTED: ['course.attendance.leaveTooLate'],
    NOT_ENROLLED: ['course.enroll.notEnrolled'],
    NOT_FOUND: ['course.fileNotFound', 'course.lesson.notLesson'],
    NO_FEEDBACK: ['course.attendance.noFeedback'],
    NO_HOMEWORK: ['course.homework.noTask'],
    REFUND_TOO_MANY: ['course.hours.refundTooMany'],
    SIGN_IN_TOO_EARLY: ['course.attendance.tooEarly'],
    SIGN_IN_WINDOW: ['course.attendance.selfSignInWindow'],
    TOO_MANY_LESSONS: ['course.lesson.tooMany'],
    WRONG_STATE: [], // with the refusal of its transition (`rule.refusal`, service/attendance.ts, service/homework.ts)
  },
  input: {
    CLASSROOM_NO_TAKEN: ['classroom.noTaken'],
    COMMENT_REQUIRED: ['course.homework.commentRequired'],
    COURSE_NO_TAKEN: ['course.noTaken'],
    COURSE_REQUIRED: ['course.courseRequired'],
    FEEDBACK_REQUIRED: ['course.attendance.feedbackRequired'],
    HOURS_INVALID: ['course.hours.invalid'],
    LECTURER_INVALID: ['course.lecturerInvalid'],
    NAME_REQUIRED: ['classroom.nameRequired', 'course.nameRequired'],
    NOT_STUDENT: ['course.enroll.notStudent'],
    NO_LECTURER: ['course.lecturerInvalid'],
    OBJECT_TYPE_INVALID: ['course.objectTypeInvalid'],
    REASON_REQUIRED: ['course.attendance.leaveReasonRequired', 'course.hours.reasonRequired', 'course.attendance.earlyReasonRequired'],
    REFUND_HOURS_WITHOUT_REFUND: ['course.hours.refundHoursWithoutRefund'],
    STATE_INVALID: ['classroom.stateInvalid'],
    STUDENT_INVALID: ['course.studentInvalid'],
    STUDENT_REQUIRED: ['course.studentRequired'],
    UNKNOWN_CLASSROOM: ['course.classroomUnknown'],
    UNKNOWN_PROJECT: ['course.projectUnknown'],
  },
});
