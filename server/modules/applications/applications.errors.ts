import { defineErrors } from '../../errors.ts';

/**
 * Every error code the applications module throws, with the catalogue keys of its messages
 * (applications.messages.ts): `rule` the refusals, made with `applicationsErrors.rule(code, key)`, `input` the
 * codes of its ValidationErrors. tests/unit/error-codes.test.ts fails on a code thrown here
 * that this list does not hold.
 */
export const applicationsErrors = defineErrors({
  rule: {
    ALREADY_LOCKED: ['application.alreadyLocked', 'application.notLocked'],
    APPLICATION_CLOSED: ['application.closed'],
    APPLICATION_LOCKED: ['application.locked'],
    ARCHIVE_FIXED: ['application.archiveFixed'],
    ARCHIVE_NOT_APPLYING: ['application.archiveNotApplying'],
    NOT_FOUND: ['school.notFound'],
    NOT_LOCKED: ['application.alreadyLocked', 'application.notLocked'],
    PLATFORM_NOT_ACCEPTED: ['application.platformNotAccepted'],
    REASON_REQUIRED: ['application.reasonRequired'],
    SAME_SCHOOL_IN_PROGRESS: ['application.sameSchool'],
    SCHOOL_FIXED: ['application.schoolFixed'],
    STATE_TRANSITION_REFUSED: ['application.stateRefused'],
    STATE_UNCHANGED: ['application.stateUnchanged'],
  },
});
