import { builder } from '../../graphql/builder.ts';
import { dictionariesWhere, DICTIONARY_ORDER, ITEM_ORDER } from './dictionary.service.ts';

export const DictionaryNode = builder.prismaNode('Dictionary', {
  nullable: true,
  id: { field: 'id' },
  description: 'A data dictionary (wordbook): a named list of coded choices.',
  authScopes: { permission: 'dictionary.read' },
  fields: (t) => ({
    databaseId: t.exposeInt('id'),
    code: t.exposeString('code'),
    name: t.exposeString('name'),
    nameEn: t.exposeString('nameEn', { nullable: true }),
    remark: t.exposeString('remark', { nullable: true }),
    sort: t.exposeInt('sort'),
    items: t.relatedConnection('items', {
      cursor: 'id',
      totalCount: true,
      maxSize: 1000,
      args: { enabledOnly: t.arg.boolean() },
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
    databaseId: t.exposeInt('id'),
    dictionary: t.relation('dictionary'),
    code: t.exposeString('code'),
    label: t.exposeString('label'),
    labelEn: t.exposeString('labelEn', { nullable: true }),
    localizedLabel: t.string({ resolve: (i, _a, ctx) => (ctx.lang === 'en' ? (i.labelEn ?? i.label) : i.label) }),
    sort: t.exposeInt('sort'),
    enabled: t.exposeBoolean('enabled'),
    remark: t.exposeString('remark', { nullable: true }),
  }),
});

builder.queryFields((t) => ({
  dictionaries: t.prismaConnection({
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
    args: { codes: t.arg.stringList({ required: true }) },
    resolve: async (query, _r, args, ctx) => {
      const codes = args.codes.slice(0, 100);
      const rows = await ctx.db.dictionary.findMany({ ...query, where: { AND: [dictionariesWhere(ctx), { code: { in: codes } }] } });
      return codes.map((c) => rows.find((r) => r.code === c)).filter((r) => !!r);
    },
  }),
}));

// ── mutations ──
