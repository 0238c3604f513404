import { defineErrors } from '../../errors.ts';

/**
 * Every error code the archives module throws, with the catalogue keys of its messages
 * (archives.messages.ts): `rule` the refusals, made with `archivesErrors.rule(code, key)`, `input` the
 * codes of its ValidationErrors. tests/unit/error-codes.test.ts fails on a code thrown here
 * that this list does not hold.
 */
export const archivesErrors = defineErrors({
  rule: {
    ARCHIVE_LOCKED: ['archive.locked', 'archive.deleteLocked'],
    FORBIDDEN: ['archive.moduleReadForbidden', 'archive.moduleEditForbidden'],
    IMPORT_EMPTY: ['archive.import.empty'],
    IMPORT_HEADER: ['archive.import.header'],
    IMPORT_NO_SHEET: ['archive.import.noSheet'],
    IMPORT_TOO_MANY_ROWS: ['archive.import.tooManyRows'],
    INVALID_INPUT: ['validation.invalid', 'validation.required'],
    INVALID_TRANSITION: ['archive.statusInvalid', 'archive.alreadyLocked', 'archive.notLocked', 'archive.examine.alreadyVerified', 'archive.examine.notVerified', 'archive.privacy.alreadyHeld', 'archive.privacy.notHeld'], // and the message of each transition (`tr.message`, service/states.ts)
    NOT_FOUND: ['archive.fileNotFound', 'archive.recordNotFound'],
    NOT_XLSX: ['archive.import.notXlsx'],
    PRIVACY_APPLICATION_OPEN: ['archive.privacy.applicationOpen'],
    PRIVACY_CONFIRMATION: ['archive.privacy.confirmation'],
    PRIVACY_ERASED: ['archive.privacy.erased'],
    PRIVACY_LEGAL_HOLD: ['archive.privacy.legalHold'],
    STUDENT_HAS_ARCHIVE: ['archive.studentHasArchive'],
    VERIFICATION_OPEN: ['archive.examine.open'],
  },
  input: {
    ACTING_SAME: ['archive.actingSameAsConsultant'],
    CARD_LAST4: ['archive.cardLast4'],
    DATE_RANGE: ['archive.dateRange'],
    EMAIL_INVALID: ['archive.emailInvalid'],
    EXPIRY_INVALID: ['archive.expiryInvalid'],
    EXPORT_TOO_MANY: ['archive.export.tooMany'],
    FAMILY_KIND_REQUIRED: ['archive.familyKindInvalid'],
    FILE_KIND_INVALID: ['archive.fileKindInvalid'],
    FILE_LIST_MIXED: ['archive.fileListMixed'],
    FILE_LIST_REPEATED: ['archive.fileListRepeated'],
    FILE_OBJECT_INVALID: ['archive.fileObjectInvalid'],
    GRADE_INVALID: ['archive.gradeInvalid'],
    MODULES_REQUIRED: ['archive.examine.modulesRequired'],
    MODULE_UNKNOWN: ['archive.examine.moduleUnknown'],
    NAME_REQUIRED: ['archive.nameRequired', 'archive.rewardProjectNameRequired'],
    NOTE_REQUIRED: ['archive.examine.noteRequired'],
    PARENT_INVALID: ['archive.parentInvalid'],
    PARENT_TAKEN: ['archive.familyParentTaken'],
    RECOMMENDER_TYPE_REQUIRED: ['archive.recommenderTypeRequired'],
    RELATION_REQUIRED: ['archive.relationRequired'],
    REWARD_PROJECT_INVALID: ['archive.rewardProjectInvalid'],
    SALE_INVALID: ['archive.saleInvalid'],
    STATUS_INVALID: ['archive.statusInvalid'],
    STUDENT_INVALID: ['archive.studentInvalid'],
    TOO_MANY_ROWS: ['archive.tooManyRows'],
    URL_INVALID: ['archive.urlInvalid'],
    YEAR_INVALID: ['archive.yearInvalid'],
    YEAR_MONTH_INVALID: ['archive.yearMonthInvalid'],
  },
});
