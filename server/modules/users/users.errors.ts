import { defineErrors } from '../../errors.ts';

/**
 * Every error code the users module throws, with the catalogue keys of its messages
 * (users.messages.ts): `rule` the refusals, made with `usersErrors.rule(code, key)`, `input` the
 * codes of its ValidationErrors. tests/unit/error-codes.test.ts fails on a code thrown here
 * that this list does not hold.
 */
export const usersErrors = defineErrors({
  rule: {
    CANNOT_DEACTIVATE_SELF: ['org.cannotDeactivateSelf'],
    CANNOT_DELETE_SELF: ['org.cannotDeleteSelf'],
    HANDOVER_TARGET_INACTIVE: ['org.handoverTargetInactive'],
    NOT_PARENT_OR_STUDENT: ['org.notParentOrStudent'],
    NOT_STAFF: ['org.notStaff'],
    PASSWORD_SET_FORBIDDEN: ['org.passwordSetForbidden'],
    STAFF_NOT_DELETABLE: ['org.staffNotDeletable'],
    USER_IN_USE: ['org.userReferenced', 'org.userInUse'],
  },
  input: {
    ACCOUNT_TAKEN: ['org.accountTaken'],
    DEPARTMENT_UNKNOWN: ['org.departmentUnknown'],
    HANDOVER_SAME: ['org.handoverSame'],
    MOBILE_TAKEN: ['org.mobileTaken'],
    NO_ACCOUNT: ['org.accountRequired'],
    NO_EMAIL: ['org.passwordMailNoEmail'],
    PASSWORD_RULES: [],
    RELATION_INVALID: ['org.relationOnlyStudents'],
    ROLE_TYPE_MISMATCH: ['org.roleTypeMismatch'],
    ROLE_UNKNOWN: ['org.roleUnknown'],
    UNKNOWN_TIME_ZONE: ['org.timeZoneUnknown'],
  },
});
