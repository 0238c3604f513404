import { builder } from '../../graphql/builder.ts';
import { localId, localIds } from '../../graphql/ids.ts';
import { ErrorInterface, mutationErrors } from '../../graphql/errors.ts';
import { ValidationError, DomainError } from '../../errors.ts';
import { deleteDictionaries, deleteDictionaryItems, dictionaryInput, idsInput, importDictionaryItems, importItemsInput, itemInput, saveDictionary, saveDictionaryItem } from './dictionary.service.ts';
import { atDoor } from '../../lib/validate.ts';
import { ImportRowsError, type ImportRowError } from './dictionary.xlsx.ts';
import { DictionaryNode, DictionaryItemNode } from './dictionary.node.ts';

const ImportRowErrorRef = builder.objectRef<ImportRowError>('DictionaryImportRowError').implement({
  description: 'One problem in an imported file.',
  fields: (t) => ({
    row: t.exposeInt('row', { description: 'Row number as the spreadsheet shows it.' }),
    column: t.exposeString('column', { description: "Column title, in the caller's language." }),
    message: t.exposeString('message', { description: "What is wrong, in the caller's language." }),
  }),
});

builder.objectType(ImportRowsError, {
  name: 'DictionaryImportError',
  description: 'Rows of the file failed the checks; nothing was imported.',
  interfaces: [ErrorInterface],
  isTypeOf: (v) => v instanceof ImportRowsError,
  fields: (t) => ({ rows: t.field({ description: 'Every problem found (row, column, message).', type: [ImportRowErrorRef], resolve: (e) => e.rows }) }),
});

const SaveDictionaryInput = builder.inputType('SaveDictionaryInput', {
  description: 'Without dictionaryId a dictionary is created (code and name required); with it, fields left out stay.',
  fields: (t) => ({
    dictionaryId: t.globalID({ description: 'The Dictionary to edit; leave out to create one.', for: [DictionaryNode] }),
    code: t.string({ description: 'The code (required when creating; unique).' }),
    name: t.string({ description: 'The Chinese name (required when creating).' }),
    nameEn: t.string({ description: 'The English name.' }),
    remark: t.string({ description: 'A free remark.' }),
    sort: t.int({ description: 'Position in the list.' }),
  }),
});

const SaveDictionaryItemInput = builder.inputType('SaveDictionaryItemInput', {
  description: 'Without itemId an item is added to dictionaryId (code and label required); with it, fields left out stay.',
  fields: (t) => ({
    itemId: t.globalID({ description: 'The DictionaryItem to edit; leave out to add one.', for: [DictionaryItemNode] }),
    dictionaryId: t.globalID({ description: 'The Dictionary to add to (required when adding).', for: [DictionaryNode] }),
    code: t.string({ description: 'The stored value (required when adding; unique in the dictionary).' }),
    label: t.string({ description: 'The Chinese label (required when adding).' }),
    labelEn: t.string({ description: 'The English label.' }),
    sort: t.int({ description: 'Position in the dictionary.' }),
    enabled: t.boolean({ description: 'Offered in choice lists.' }),
    remark: t.string({ description: 'A free remark.' }),
  }),
});

const DictionaryPayload = builder.objectRef<{ id: number }>('DictionaryPayload').implement({
  description: 'The dictionary saved.',
  fields: (t) => ({
    dictionary: t.prismaField({ description: 'The dictionary after the save.', type: 'Dictionary', resolve: (query, p, _a, ctx) => ctx.db.dictionary.findUniqueOrThrow({ ...query, where: { id: p.id } }) }),
  }),
});

const DictionaryItemPayload = builder.objectRef<{ id: number; dictionaryId: number }>('DictionaryItemPayload').implement({
  description: 'The choice saved and its dictionary.',
  fields: (t) => ({
    item: t.prismaField({ description: 'The choice after the save.', type: 'DictionaryItem', resolve: (query, p, _a, ctx) => ctx.db.dictionaryItem.findUniqueOrThrow({ ...query, where: { id: p.id } }) }),
    dictionary: t.prismaField({ description: 'The dictionary it belongs to.', type: 'Dictionary', resolve: (query, p, _a, ctx) => ctx.db.dictionary.findUniqueOrThrow({ ...query, where: { id: p.dictionaryId } }) }),
  }),
});

const DeletedIdsPayload = (name: string, typename: string) =>
  builder.objectRef<{ ids: number[] }>(name).implement({
    description: 'What was deleted.',
    fields: (t) => ({ deletedIds: t.idList({ description: 'Global ids of the deleted nodes (for @deleteRecord).', resolve: (p) => p.ids.map((id) => Buffer.from(`${typename}:${id}`).toString('base64')) }) }),
  });

const ImportPayload = builder.objectRef<{ dictionaryId: number; created: number; updated: number }>('ImportDictionaryItemsPayload').implement({
  description: 'What the import wrote.',
  fields: (t) => ({
    created: t.exposeInt('created', { description: 'Choices added.' }),
    updated: t.exposeInt('updated', { description: 'Choices changed (matched by code).' }),
    dictionary: t.prismaField({ description: 'The dictionary after the import.', type: 'Dictionary', resolve: (query, p, _a, ctx) => ctx.db.dictionary.findUniqueOrThrow({ ...query, where: { id: p.dictionaryId } }) }),
  }),
});

builder.mutationFields((t) => ({
  saveDictionary: t.field({
    description: 'Creates or edits a dictionary. Rights: dictionary.manage (managers). Errors: DICTIONARY_CODE_TAKEN, NOT_FOUND, FORBIDDEN, INVALID_INPUT.',
    type: DictionaryPayload,
    errors: mutationErrors,
    args: { input: t.arg({ description: 'The dictionary.', type: SaveDictionaryInput, required: true }) },
    resolve: (_r, { input }, ctx) => saveDictionary(ctx, atDoor(dictionaryInput, { ...input, id: localId(input.dictionaryId, 'Dictionary') ?? undefined, dictionaryId: undefined })),
  }),
  deleteDictionaries: t.field({
    type: DeletedIdsPayload('DeleteDictionariesPayload', 'Dictionary'),
    errors: mutationErrors,
    description: 'Deletes dictionaries with their items, all or none. Rights: dictionary.manage (managers). Errors: NOT_FOUND, FORBIDDEN.',
    args: {
      input: t.arg({
        description: 'The dictionaries to delete.',
        type: builder.inputType('DeleteDictionariesInput', {
          description: 'Dictionaries to delete.',
          fields: (f) => ({ dictionaryIds: f.globalIDList({ description: 'Dictionary ids (all or none).', required: true, for: [DictionaryNode] }) }),
        }),
        required: true,
      }),
    },
    resolve: (_r, { input }, ctx) => deleteDictionaries(ctx, atDoor(idsInput, { ids: localIds(input.dictionaryIds, 'Dictionary') })),
  }),
  saveDictionaryItem: t.field({
    description: 'Adds a choice to a dictionary or edits one. Rights: dictionary.manage (managers). Errors: DICTIONARY_ITEM_CODE_TAKEN, NOT_FOUND, FORBIDDEN, INVALID_INPUT.',
    type: DictionaryItemPayload,
    errors: mutationErrors,
    args: { input: t.arg({ description: 'The choice.', type: SaveDictionaryItemInput, required: true }) },
    resolve: (_r, { input }, ctx) =>
      saveDictionaryItem(ctx, atDoor(itemInput, { ...input, id: localId(input.itemId, 'DictionaryItem') ?? undefined, dictionaryId: localId(input.dictionaryId, 'Dictionary') ?? undefined, itemId: undefined })),
  }),
  deleteDictionaryItems: t.field({
    description: 'Deletes choices, all or none. Rights: dictionary.manage. Errors: NOT_FOUND, FORBIDDEN.',
    type: DeletedIdsPayload('DeleteDictionaryItemsPayload', 'DictionaryItem'),
    errors: mutationErrors,
    args: {
      input: t.arg({
        description: 'The choices to delete.',
        type: builder.inputType('DeleteDictionaryItemsInput', {
          description: 'Choices to delete.',
          fields: (f) => ({ itemIds: f.globalIDList({ description: 'DictionaryItem ids (all or none).', required: true, for: [DictionaryItemNode] }) }),
        }),
        required: true,
      }),
    },
    resolve: (_r, { input }, ctx) => deleteDictionaryItems(ctx, atDoor(idsInput, { ids: localIds(input.itemIds, 'DictionaryItem') })),
  }),
  importDictionaryItems: t.field({
    type: ImportPayload,
    errors: { types: [ImportRowsError, ValidationError, DomainError] },
    description:
      'Imports choices from the .xlsx template (GET /api/admin/template/downloadTemplate.htm): a row whose code exists updates it, others are added; all rows or none. Rights: dictionary.manage. Errors: DictionaryImportError (the refused rows), NOT_XLSX, IMPORT_EMPTY, IMPORT_NO_SHEET, IMPORT_HEADER, IMPORT_TOO_MANY_ROWS, NOT_FOUND, FORBIDDEN.',
    args: {
      input: t.arg({
        description: 'The dictionary and the file.',
        type: builder.inputType('ImportDictionaryItemsInput', {
          description: 'An .xlsx file of choices for a dictionary.',
          fields: (f) => ({
            dictionaryId: f.globalID({ description: 'The Dictionary.', required: true, for: [DictionaryNode] }),
            file: f.field({ description: "The .xlsx file (multipart upload), in the template's columns.", type: 'File', required: true }),
          }),
        }),
        required: true,
      }),
    },
    resolve: (_r, { input }, ctx) => importDictionaryItems(ctx, atDoor(importItemsInput, { dictionaryId: localId(input.dictionaryId, 'Dictionary') }), input.file),
  }),
}));
