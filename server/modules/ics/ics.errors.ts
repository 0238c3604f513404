import { defineErrors } from '../../errors.ts';

/**
 * Every error code the ics module throws, with the catalogue keys of its messages
 * (ics.messages.ts): `rule` the refusals, made with `icsErrors.rule(code, key)`, `input` the
 * codes of its ValidationErrors. tests/unit/error-codes.test.ts fails on a code thrown here
 * that this list does not hold.
 */
export const icsErrors = defineErrors({
  rule: {
    ICS_ALREADY_OPEN: ['ics.alreadyOpen'],
    ICS_NOT_OPEN: ['ics.notOpen'],
    ICS_NOT_OPENED: ['ics.notOpened'],
    ICS_NOT_PAUSED: ['ics.notPaused'],
  },
  input: {
    ICS_INVALID: ['ics.eventInvalid', 'ics.eventTooLong', 'ics.tooManyEvents', 'ics.seriesTooLong'],
  },
});
