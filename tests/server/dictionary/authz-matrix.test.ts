/** The authorisation matrix of the dictionary module's writes, on both doors (see ../content-matrix.ts). */
import { describeContentMatrix, gid, m, newDictionary, newItem, next, POLICY, xlsx, type Case } from '../content-matrix.ts';

const CASES: Case[] = [
  {
    name: 'save a dictionary',
    allowed: POLICY['dictionary.manage'],
    gql: async () => ({ query: m('saveDictionary', 'SaveDictionaryInput'), variables: { input: { code: `d_${next()}`, name: '字典' } } }),
    rest: async () => ({ path: '/api/admin/sys/dict/saveDict.htm', json: { code: `d_${next()}`, name: '字典' } }),
  },
  {
    name: 'delete dictionaries',
    allowed: POLICY['dictionary.manage'],
    gql: async () => ({ query: m('deleteDictionaries', 'DeleteDictionariesInput'), variables: { input: { dictionaryIds: [gid('Dictionary', await newDictionary())] } } }),
    rest: async () => ({ path: '/api/admin/sys/dict/del.htm', json: { ids: [await newDictionary()] } }),
  },
  {
    name: 'save a dictionary item',
    allowed: POLICY['dictionary.manage'],
    gql: async () => ({ query: m('saveDictionaryItem', 'SaveDictionaryItemInput'), variables: { input: { dictionaryId: gid('Dictionary', await newDictionary()), code: 'A', label: '甲' } } }),
    rest: async () => ({ path: '/api/admin/sys/dict/item/save.htm', json: { dictId: await newDictionary(), code: 'A', label: '甲' } }),
  },
  {
    name: 'delete dictionary items',
    allowed: POLICY['dictionary.manage'],
    gql: async () => ({ query: m('deleteDictionaryItems', 'DeleteDictionaryItemsInput'), variables: { input: { itemIds: [gid('DictionaryItem', await newItem())] } } }),
    rest: async () => ({ path: '/api/admin/sys/dict/item/del.htm', json: { ids: [await newItem()] } }),
  },
  {
    name: 'import dictionary items',
    allowed: POLICY['dictionary.manage'],
    gql: async () => ({
      query: m('importDictionaryItems', 'ImportDictionaryItemsInput'),
      variables: { dictionaryId: gid('Dictionary', await newDictionary()) },
      upload: { bytes: await xlsx(), name: 'i.xlsx', type: 'application/octet-stream' },
    }),
    rest: async () => ({ path: '/api/admin/sys/dict/item/importData.htm', form: { fields: { dictId: await newDictionary() }, file: { bytes: await xlsx(), name: 'i.xlsx', type: 'application/octet-stream' } } }),
  },
];

describeContentMatrix('dictionary', CASES);
