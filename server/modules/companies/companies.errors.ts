import { defineErrors } from '../../errors.ts';

/**
 * Every error code the companies module throws, with the catalogue keys of its messages
 * (the catalogue): `rule` the refusals, made with `companiesErrors.rule(code, key)`, `input` the
 * codes of its ValidationErrors. tests/unit/error-codes.test.ts fails on a code thrown here
 * that this list does not hold.
 */
export const companiesErrors = defineErrors({
  rule: {},
});
