import { defineErrors } from '../../errors.ts';

/**
 * Every error code the departments module throws, with the catalogue keys of its messages
 * (departments.messages.ts): `rule` the refusals, made with `departmentsErrors.rule(code, key)`, `input` the
 * codes of its ValidationErrors. tests/unit/error-codes.test.ts fails on a code thrown here
 * that this list does not hold.
 */
export const departmentsErrors = defineErrors({
  rule: {
    DEPARTMENT_HAS_CHILDREN: ['org.departmentHasChildren'],
    DEPARTMENT_HAS_STAFF: ['org.departmentHasStaff'],
    DEPARTMENT_IN_USE: ['org.departmentReferenced'],
  },
  input: {
    DEPARTMENT_CYCLE: ['org.departmentCycle'],
    DEPARTMENT_UNKNOWN: ['org.departmentUnknown'],
    MANAGER_INVALID: ['org.departmentManagerInvalid'],
  },
});
