import { defineErrors } from '../../errors.ts';

/**
 * Every error code the archive-modules module throws, with the catalogue keys of its messages
 * (archive-modules.messages.ts): `rule` the refusals, made with `archiveModulesErrors.rule(code, key)`, `input` the
 * codes of its ValidationErrors. tests/unit/error-codes.test.ts fails on a code thrown here
 * that this list does not hold.
 */
export const archiveModulesErrors = defineErrors({
  rule: {
    MODULE_HAS_CHILDREN: ['org.archiveModuleHasChildren'],
    MODULE_IN_USE: ['org.archiveModuleInUse'],
  },
  input: {
    ARCHIVE_STATE_INVALID: ['org.archiveStateInvalid'],
    MODULE_CODE_TAKEN: ['org.archiveModuleCodeTaken'],
    MODULE_CYCLE: ['org.archiveModuleCycle'],
  },
});
