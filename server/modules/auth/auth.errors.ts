import { defineErrors } from '../../errors.ts';

/**
 * Every error code the auth module throws, with the catalogue keys of its messages
 * (auth.messages.ts): `rule` the refusals, made with `authErrors.rule(code, key)`, `input` the
 * codes of its ValidationErrors. tests/unit/error-codes.test.ts fails on a code thrown here
 * that this list does not hold.
 */
export const authErrors = defineErrors({
  rule: {
    ACCOUNT_DEACTIVATED: ['auth.deactivated'],
    BAD_CREDENTIALS: ['auth.badCredentials'],
    CANNOT_REVOKE_CURRENT: ['auth.cannotRevokeCurrent'],
    LOGIN_THROTTLED: ['auth.throttled'],
    NOT_FOUND: ['auth.sessionNotFound'],
    SESSION_ENDED: ['auth.sessionEnded'],
    TOKEN_INVALID: ['auth.refreshInvalid', 'status.needLogin'],
    TOKEN_REUSED: ['auth.refreshInvalid'],
    WRONG_PASSWORD: ['password.oldWrong'],
  },
  input: {
    INVALID_LANGUAGE: ['error.languageInvalid'],
    PASSWORD_MISMATCH: ['password.mismatch'],
    PASSWORD_RULES: ['password.length', 'password.sameAsOld'],
    REQUIRED: ['password.oldRequired'],
    UNKNOWN_TIME_ZONE: ['error.timeZoneUnknown'],
  },
});
