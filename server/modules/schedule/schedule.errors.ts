import { defineErrors, DomainError } from '../../errors.ts';
import type { Conflict } from './conflicts.ts';

/** A save refused because of clashes; carries them so the client can offer "save anyway". */
export class ConflictError extends DomainError {
  readonly conflicts: Conflict[];
  readonly total: number;
  constructor(total: number, conflicts: Conflict[]) {
    super('SCHEDULE_CONFLICT', 'schedule.conflict', { count: total });
    this.conflicts = conflicts;
    this.total = total;
  }
}

/**
 * Every error code the schedule module throws, with the catalogue keys of its messages
 * (schedule.messages.ts): `rule` the refusals, made with `scheduleErrors.rule(code, key)`, `input` the
 * codes of its ValidationErrors. tests/unit/error-codes.test.ts fails on a code thrown here
 * that this list does not hold.
 */
export const scheduleErrors = defineErrors({
  rule: {
    ALREADY_JOINED: ['schedule.alreadyJoined'],
    LESSON_OF_COURSE: ['schedule.lessonOfCourse'],
    NOT_OPEN: ['schedule.notOpen'],
    NOT_PARTICIPANT: ['schedule.notParticipant'],
    SCHEDULE_CONFLICT: ['schedule.conflict'],
    TOO_MANY_OCCURRENCES: ['schedule.tooManyOccurrences'],
  },
  input: {
    EMPTY_RULE: ['schedule.ruleEmpty'],
    END_BEFORE_START: ['schedule.endBeforeStart'],
    INVALID_RULE: ['schedule.ruleInvalid'],
    NO_PARTICIPANT: ['schedule.participantUnknown'],
    UNKNOWN_PARTICIPANT: ['schedule.participantUnknown'],
    UNKNOWN_PROJECT: ['schedule.projectUnknown'],
  },
});
