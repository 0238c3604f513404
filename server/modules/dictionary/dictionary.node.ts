import { builder } from '../../graphql/builder.ts';
import { dictionariesWhere, DICTIONARY_ORDER, ITEM_ORDER } from './dictionary.service.ts';

export const DictionaryNode = builder.prismaNode('Dictionary', {
  nullable: true,
  id: { field: 'id' },
  description: 'A data dictionary (wordbook): a named list of coded choices.',
  authScopes: { permission: 'dictionary.read' },
  fields: (t) => ({
    databaseId: t.exposeInt('id', { description: 'The legacy numeric id (dictId on the legacy door).' }),
    code: t.exposeString('code', { description: 'Stable code other areas look the dictionary up by (unique).' }),
    name: t.exposeString('name', { description: 'The Chinese name.' }),
    nameEn: t.exposeString('nameEn', { description: 'The English name.', nullable: true }),
    remark: t.exposeString('remark', { description: 'A free remark.', nullable: true }),
    sort: t.exposeInt('sort', { description: 'Position in the list (smaller first).' }),
    items: t.relatedConnection('items', {
      description: 'The choices, in order (up to 1000 a page).',
      cursor: 'id',
      totalCount: true,
      maxSize: 1000,
      args: { enabledOnly: t.arg.boolean({ description: 'Only enabled choices.' }) },
      query: (args) => ({ where: args.enabledOnly ? { enabled: true } : {}, orderBy: ITEM_ORDER }),
    }),
  }),
});

export const DictionaryItemNode = builder.prismaNode('DictionaryItem', {
  nullable: true,
  id: { field: 'id' },
  description: 'One choice of a dictionary.',
  authScopes: { permission: 'dictionary.read' },
  fields: (t) => ({
    databaseId: t.exposeInt('id', { description: 'The legacy numeric id.' }),
    dictionary: t.relation('dictionary', { description: 'The dictionary it belongs to.' }),
    code: t.exposeString('code', { description: 'The stored value (unique within its dictionary).' }),
    label: t.exposeString('label', { description: 'The Chinese label.' }),
    labelEn: t.exposeString('labelEn', { description: 'The English label.', nullable: true }),
    localizedLabel: t.string({ description: "The label in the caller's language.", resolve: (i, _a, ctx) => (ctx.lang === 'en' ? (i.labelEn ?? i.label) : i.label) }),
    sort: t.exposeInt('sort', { description: 'Position in the dictionary (smaller first).' }),
    enabled: t.exposeBoolean('enabled', { description: 'Offered in choice lists (disabled choices stay readable on old rows).' }),
    remark: t.exposeString('remark', { description: 'A free remark.', nullable: true }),
  }),
});

builder.queryFields((t) => ({
  dictionaries: t.prismaConnection({
    description: 'Dictionaries, by sort. Rights: dictionary.read (staff).',
    type: 'Dictionary',
    cursor: 'id',
    maxSize: 500,
    authScopes: { permission: 'dictionary.read' },
    args: { search: t.arg.string({ description: 'Matches code, name or English name, literally.' }) },
    totalCount: (_r, args, ctx) => ctx.db.dictionary.count({ where: dictionariesWhere(ctx, args) }),
    resolve: (query, _r, args, ctx) => ctx.db.dictionary.findMany({ ...query, where: dictionariesWhere(ctx, args), orderBy: DICTIONARY_ORDER }),
  }),
  dictionariesByCodes: t.prismaField({
    type: ['Dictionary'],
    authScopes: { permission: 'dictionary.read' },
    description: 'Dictionaries by code, in the order asked (unknown codes are left out); the legacy listWithCodes.',
    args: { codes: t.arg.stringList({ description: 'Dictionary codes (at most 100 are read).', required: true }) },
    resolve: async (query, _r, args, ctx) => {
      const codes = args.codes.slice(0, 100);
      const rows = await ctx.db.dictionary.findMany({ ...query, where: { AND: [dictionariesWhere(ctx), { code: { in: codes } }] } });
      return codes.map((c) => rows.find((r) => r.code === c)).filter((r) => !!r);
    },
  }),
}));

// ── mutations ──
