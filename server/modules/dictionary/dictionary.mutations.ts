import { builder } from '../../graphql/builder.ts';
import { localId, localIds } from '../../graphql/ids.ts';
import { ErrorInterface, mutationErrors } from '../../graphql/errors.ts';
import { ValidationError, DomainError } from '../../errors.ts';
import { deleteDictionaries, deleteDictionaryItems, importDictionaryItems, saveDictionary, saveDictionaryItem } from './dictionary.service.ts';
import { ImportRowsError, type ImportRowError } from './dictionary.xlsx.ts';
import { DictionaryNode, DictionaryItemNode } from './dictionary.node.ts';

const ImportRowErrorRef = builder.objectRef<ImportRowError>('DictionaryImportRowError').implement({
  description: 'One problem in an imported file.',
  fields: (t) => ({
    row: t.exposeInt('row', { description: 'Row number as the spreadsheet shows it.' }),
    column: t.exposeString('column', { description: "Column title, in the caller's language." }),
    message: t.exposeString('message'),
  }),
});

builder.objectType(ImportRowsError, {
  name: 'DictionaryImportError',
  description: 'Rows of the file failed the checks; nothing was imported.',
  interfaces: [ErrorInterface],
  isTypeOf: (v) => v instanceof ImportRowsError,
  fields: (t) => ({ rows: t.field({ type: [ImportRowErrorRef], resolve: (e) => e.rows }) }),
});

const SaveDictionaryInput = builder.inputType('SaveDictionaryInput', {
  description: 'Without dictionaryId a dictionary is created (code and name required); with it, fields left out stay.',
  fields: (t) => ({
    dictionaryId: t.globalID({ for: [DictionaryNode] }),
    code: t.string(),
    name: t.string(),
    nameEn: t.string(),
    remark: t.string(),
    sort: t.int(),
  }),
});

const SaveDictionaryItemInput = builder.inputType('SaveDictionaryItemInput', {
  description: 'Without itemId an item is added to dictionaryId (code and label required); with it, fields left out stay.',
  fields: (t) => ({
    itemId: t.globalID({ for: [DictionaryItemNode] }),
    dictionaryId: t.globalID({ for: [DictionaryNode] }),
    code: t.string(),
    label: t.string(),
    labelEn: t.string(),
    sort: t.int(),
    enabled: t.boolean(),
    remark: t.string(),
  }),
});

const DictionaryPayload = builder.objectRef<{ id: number }>('DictionaryPayload').implement({
  fields: (t) => ({
    dictionary: t.prismaField({ type: 'Dictionary', resolve: (query, p, _a, ctx) => ctx.db.dictionary.findUniqueOrThrow({ ...query, where: { id: p.id } }) }),
  }),
});

const DictionaryItemPayload = builder.objectRef<{ id: number; dictionaryId: number }>('DictionaryItemPayload').implement({
  fields: (t) => ({
    item: t.prismaField({ type: 'DictionaryItem', resolve: (query, p, _a, ctx) => ctx.db.dictionaryItem.findUniqueOrThrow({ ...query, where: { id: p.id } }) }),
    dictionary: t.prismaField({ type: 'Dictionary', resolve: (query, p, _a, ctx) => ctx.db.dictionary.findUniqueOrThrow({ ...query, where: { id: p.dictionaryId } }) }),
  }),
});

const DeletedIdsPayload = (name: string, typename: string) =>
  builder.objectRef<{ ids: number[] }>(name).implement({
    fields: (t) => ({ deletedIds: t.idList({ resolve: (p) => p.ids.map((id) => Buffer.from(`${typename}:${id}`).toString('base64')) }) }),
  });

const ImportPayload = builder.objectRef<{ dictionaryId: number; created: number; updated: number }>('ImportDictionaryItemsPayload').implement({
  fields: (t) => ({
    created: t.exposeInt('created'),
    updated: t.exposeInt('updated'),
    dictionary: t.prismaField({ type: 'Dictionary', resolve: (query, p, _a, ctx) => ctx.db.dictionary.findUniqueOrThrow({ ...query, where: { id: p.dictionaryId } }) }),
  }),
});

builder.mutationFields((t) => ({
  saveDictionary: t.field({
    type: DictionaryPayload,
    errors: mutationErrors,
    args: { input: t.arg({ type: SaveDictionaryInput, required: true }) },
    resolve: (_r, { input }, ctx) => saveDictionary(ctx, { ...input, id: localId(input.dictionaryId, 'Dictionary') ?? undefined, dictionaryId: undefined }),
  }),
  deleteDictionaries: t.field({
    type: DeletedIdsPayload('DeleteDictionariesPayload', 'Dictionary'),
    errors: mutationErrors,
    description: 'Deletes dictionaries with their items.',
    args: {
      input: t.arg({
        type: builder.inputType('DeleteDictionariesInput', { fields: (f) => ({ dictionaryIds: f.globalIDList({ required: true, for: [DictionaryNode] }) }) }),
        required: true,
      }),
    },
    resolve: (_r, { input }, ctx) => deleteDictionaries(ctx, { ids: localIds(input.dictionaryIds, 'Dictionary') }),
  }),
  saveDictionaryItem: t.field({
    type: DictionaryItemPayload,
    errors: mutationErrors,
    args: { input: t.arg({ type: SaveDictionaryItemInput, required: true }) },
    resolve: (_r, { input }, ctx) =>
      saveDictionaryItem(ctx, { ...input, id: localId(input.itemId, 'DictionaryItem') ?? undefined, dictionaryId: localId(input.dictionaryId, 'Dictionary') ?? undefined, itemId: undefined }),
  }),
  deleteDictionaryItems: t.field({
    type: DeletedIdsPayload('DeleteDictionaryItemsPayload', 'DictionaryItem'),
    errors: mutationErrors,
    args: {
      input: t.arg({
        type: builder.inputType('DeleteDictionaryItemsInput', { fields: (f) => ({ itemIds: f.globalIDList({ required: true, for: [DictionaryItemNode] }) }) }),
        required: true,
      }),
    },
    resolve: (_r, { input }, ctx) => deleteDictionaryItems(ctx, { ids: localIds(input.itemIds, 'DictionaryItem') }),
  }),
  importDictionaryItems: t.field({
    type: ImportPayload,
    errors: { types: [ImportRowsError, ValidationError, DomainError] },
    description: 'Imports items from the .xlsx template (GET /api/admin/template/downloadTemplate.htm); all rows or none.',
    args: {
      input: t.arg({
        type: builder.inputType('ImportDictionaryItemsInput', {
          fields: (f) => ({ dictionaryId: f.globalID({ required: true, for: [DictionaryNode] }), file: f.field({ type: 'File', required: true }) }),
        }),
        required: true,
      }),
    },
    resolve: (_r, { input }, ctx) => importDictionaryItems(ctx, { dictionaryId: localId(input.dictionaryId, 'Dictionary') }, input.file),
  }),
}));
