import { defineErrors } from '../../errors.ts';

/**
 * Every error code the roles module throws, with the catalogue keys of its messages
 * (roles.messages.ts): `rule` the refusals, made with `rolesErrors.rule(code, key)`, `input` the
 * codes of its ValidationErrors. tests/unit/error-codes.test.ts fails on a code thrown here
 * that this list does not hold.
 */
export const rolesErrors = defineErrors({
  rule: {
    ADMIN_ROLE_FIXED: ['org.adminRoleFixed'],
    LAST_ADMIN: ['org.lastAdmin'],
    RIGHT_NOT_HELD: ['org.rightNotHeld'],
    ROLE_BUILT_IN: ['org.roleBuiltIn'],
    ROLE_IN_USE: ['org.roleInUse', 'org.roleReferenced'],
  },
  input: {
    REQUIRED: ['org.roleCodeRequired'],
    RIGHT_UNKNOWN: ['org.rightUnknown'],
    ROLE_CODE_INVALID: ['org.roleCodeInvalid'],
    ROLE_CODE_TAKEN: ['org.roleCodeTaken'],
  },
});
