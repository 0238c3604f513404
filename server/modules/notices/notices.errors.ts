import { defineErrors } from '../../errors.ts';

/**
 * Every error code the notices module throws, with the catalogue keys of its messages
 * (notices.messages.ts): `rule` the refusals, made with `noticesErrors.rule(code, key)`, `input` the
 * codes of its ValidationErrors. tests/unit/error-codes.test.ts fails on a code thrown here
 * that this list does not hold.
 */
export const noticesErrors = defineErrors({
  rule: {
    NOT_FOUND: ['notice.notFound'],
  },
  input: {
    CONTENT_REQUIRED: ['letter.contentRequired'],
    CONTENT_TOO_LONG: ['letter.contentTooLong'],
    TITLE_REQUIRED: ['letter.titleRequired'],
  },
});
