import { defineErrors } from '../../errors.ts';

/**
 * Every error code the workdaily module throws, with the catalogue keys of its messages
 * (workdaily.messages.ts): `rule` the refusals, made with `workdailyErrors.rule(code, key)`, `input` the
 * codes of its ValidationErrors. tests/unit/error-codes.test.ts fails on a code thrown here
 * that this list does not hold.
 */
export const workdailyErrors = defineErrors({
  rule: {},
  input: {
    TIME_INVALID: ['timeZone.timeInvalid'],
    TIME_ZONE_UNKNOWN: ['timeZone.unknownNamed'],
  },
});
