import { defineErrors } from '../../errors.ts';

/**
 * Every error code the schools module throws, with the catalogue keys of its messages
 * (schools.messages.ts): `rule` the refusals, made with `schoolsErrors.rule(code, key)`, `input` the
 * codes of its ValidationErrors. tests/unit/error-codes.test.ts fails on a code thrown here
 * that this list does not hold.
 */
export const schoolsErrors = defineErrors({
  rule: {
    DUPLICATE: ['school.sportDuplicate', 'school.platformDuplicate', 'school.rankingDuplicate', 'selection.schoolTwice', 'selection.schoolInList'],
    IMPORT_EMPTY: ['school.import.empty'],
    IMPORT_HEADER: ['school.import.header'],
    IMPORT_NO_SHEET: ['school.import.noSheet'],
    IMPORT_ROWS_INVALID: ['school.import.rowErrors'],
    IMPORT_TOO_MANY_ROWS: ['school.import.tooManyRows'],
    IN_USE: ['school.inUse'],
    NOT_FOUND: ['school.notFound', 'school.badgeMissing'],
    NOT_XLSX: ['school.import.notXlsx'],
    SELECTION_EMPTY: ['selection.empty'],
    SELECTION_ORDER: ['selection.orderMismatch'],
    SELECTION_PUBLISHED: ['selection.published', 'selection.alreadyPublished'],
  },
  input: {
    EXPORT_TOO_MANY: ['school.export.tooMany'],
    WRONG_TYPE: ['validation.invalid'],
  },
});
