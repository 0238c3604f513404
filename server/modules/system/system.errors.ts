import { defineErrors } from '../../errors.ts';

/**
 * Every error code the system module throws, with the catalogue keys of its messages
 * (the catalogue): `rule` the refusals, made with `systemErrors.rule(code, key)`, `input` the
 * codes of its ValidationErrors. tests/unit/error-codes.test.ts fails on a code thrown here
 * that this list does not hold.
 */
export const systemErrors = defineErrors({
  rule: {},
  input: {
    NO_EMAIL: ['org.mailNoAddress'],
  },
});
