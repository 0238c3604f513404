import { defineErrors } from '../../errors.ts';

/**
 * Every error code the dictionary module throws, with the catalogue keys of its messages
 * (dictionary.messages.ts): `rule` the refusals, made with `dictionaryErrors.rule(code, key)`, `input` the
 * codes of its ValidationErrors. tests/unit/error-codes.test.ts fails on a code thrown here
 * that this list does not hold.
 */
export const dictionaryErrors = defineErrors({
  rule: {
    DICTIONARY_CODE_TAKEN: ['dict.codeTaken'],
    DICTIONARY_ITEM_CODE_TAKEN: ['dict.itemCodeTaken'],
    IMPORT_EMPTY: ['dict.import.empty'],
    IMPORT_HEADER: ['dict.import.header'],
    IMPORT_NO_SHEET: ['dict.import.noSheet'],
    IMPORT_TOO_MANY_ROWS: ['dict.import.tooManyRows'],
    NOT_FOUND: ['dict.template.unknown', 'dict.notFound', 'dict.itemNotFound'],
    NOT_XLSX: ['dict.import.notXlsx'],
  },
});
