import { defineErrors } from '../../errors.ts';

/**
 * Every error code the letters module throws, with the catalogue keys of its messages
 * (letters.messages.ts): `rule` the refusals, made with `lettersErrors.rule(code, key)`, `input` the
 * codes of its ValidationErrors. tests/unit/error-codes.test.ts fails on a code thrown here
 * that this list does not hold.
 */
export const lettersErrors = defineErrors({
  rule: {
    INVALID_RECIPIENT: ['letter.recipientInvalid'],
    NOT_FOUND: ['letter.notFound'],
  },
  input: {
    CONTENT_REQUIRED: ['letter.contentRequired'],
    CONTENT_TOO_LONG: ['letter.contentTooLong'],
    RECIPIENTS_REQUIRED: ['letter.recipientsRequired'],
    TITLE_REQUIRED: ['letter.titleRequired'],
  },
});
