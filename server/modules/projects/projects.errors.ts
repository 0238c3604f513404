import { defineErrors } from '../../errors.ts';

/**
 * Every error code the projects module throws, with the catalogue keys of its messages
 * (projects.messages.ts): `rule` the refusals, made with `projectsErrors.rule(code, key)`, `input` the
 * codes of its ValidationErrors. tests/unit/error-codes.test.ts fails on a code thrown here
 * that this list does not hold.
 */
export const projectsErrors = defineErrors({
  rule: {
    INVALID_MEMBER: ['project.memberUserInvalid'],
    NOT_FOUND: ['project.fileNotFound', 'project.notFound', 'project.memberNotFound', 'project.timelineNotFound'],
    PROJECT_CODE_TAKEN: ['project.codeTaken'],
  },
  input: {
    INVALID_DATES: ['project.datesOrder'],
    NAME_REQUIRED: ['project.nameRequired'],
  },
});
