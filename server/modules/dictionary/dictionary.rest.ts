import type { ServiceContext } from '../../context.ts';
import { translate } from '../../i18n/catalogue.ts';
import { bytesResponse } from '../../lib/upload.ts';
import { authorize, requireActor } from '../../policy.ts';
import { BOTH, type RestRoute } from '../../rest/adapter.ts';
import { envelope, readPage } from '../../rest/envelope.ts';
import { first, flag, withCondition } from '../../rest/params.ts';
import { formatDateTime } from '../../lib/wall-time.ts';
import { uploadedFile } from '../../lib/upload.ts';
import {
  deleteDictionaries,
  deleteDictionaryItems,
  dictionaryInput,
  idsInput,
  importDictionaryItems,
  importItemsInput,
  itemInput,
  itemsByCodes,
  itemsByCodesInput,
  listDictionaries,
  listDictionariesInput,
  listItems,
  listItemsInput,
  saveDictionary,
  saveDictionaryItem,
  type DictionaryRow,
} from './dictionary.service.ts';
import { atDoor } from '../../lib/validate.ts';
import { ImportRowsError, itemTemplate } from './dictionary.xlsx.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import { XLSX_MIME } from '../../lib/xlsx.ts';
import { dictionaryErrors } from './dictionary.errors.ts';

function dictJson(ctx: ServiceContext, d: DictionaryRow) {
  return {
    id: d.id,
    code: d.code,
    name: d.name,
    nameEn: d.nameEn,
    remark: d.remark,
    sort: d.sort,
    itemCount: d._count.items,
    createTime: formatDateTime(d.createdAt, requireActor(ctx).timeZone),
  };
}

function itemJson(i: Prisma.DictionaryItemGetPayload<object>) {
  return { id: i.id, dictId: i.dictionaryId, code: i.code, value: i.code, label: i.label, name: i.label, labelEn: i.labelEn, sort: i.sort, enabled: i.enabled, status: i.enabled ? 1 : 0, remark: i.remark };
}

/** `/sys/dict/*`, `/sys/dict/item/*` and the template download. */
export const dictionaryRoutes: RestRoute[] = [
  {
    path: '/api/admin/sys/dict/list',
    methods: BOTH,
    handler: async (ctx, req) => {
      const c = withCondition(req.params);
      const rows = (await listDictionaries(ctx, atDoor(listDictionariesInput, { search: first(c.searchKey, c.name, c.code) }))).map((d) => dictJson(ctx, d));
      if (!req.params.pageResult) return { data: rows };
      const page = readPage(req.params);
      return { data: { currentPage: page.currentPage, pageSize: page.pageSize, rows: rows.length, resultList: rows.slice((page.currentPage - 1) * page.pageSize, page.currentPage * page.pageSize) } };
    },
  },
  {
    path: '/api/admin/sys/dict/saveDict',
    methods: BOTH,
    handler: async (ctx, req) => {
      const p = req.params;
      const saved = await saveDictionary(ctx, atDoor(dictionaryInput, { id: first(p.id), code: p.code, name: p.name, nameEn: p.nameEn, remark: p.remark, sort: first(p.sort) }));
      return { data: saved, message: String(saved.id) };
    },
  },
  {
    path: '/api/admin/sys/dict/del',
    methods: BOTH,
    handler: async (ctx, req) => ({ data: await deleteDictionaries(ctx, atDoor(idsInput, { ids: first(req.params.ids, req.params.id) })), message: translate(ctx.lang, 'toast.deleted') }),
  },
  {
    path: '/api/admin/sys/dict/item/listByDictId',
    methods: BOTH,
    handler: async (ctx, req) => {
      const c = withCondition(req.params);
      const input = atDoor(listItemsInput, { dictionaryId: first(c.dictId, c.dictionaryId, c.id), search: first(c.searchKey, c.label), enabled: flag(first(c.enabled, c.status)) });
      if (!req.params.pageResult) return { data: (await listItems(ctx, input)).rows.map(itemJson) };
      const page = readPage(req.params);
      const { rows, total } = await listItems(ctx, input, page);
      return { data: { currentPage: page.currentPage, pageSize: page.pageSize, rows: total, resultList: rows.map(itemJson) } };
    },
  },
  {
    path: '/api/admin/sys/dict/item/save',
    methods: BOTH,
    handler: async (ctx, req) => {
      const p = req.params;
      const saved = await saveDictionaryItem(
        ctx,
        atDoor(itemInput, {
          id: first(p.id),
          dictionaryId: first(p.dictId, p.dictionaryId),
          code: first(p.code, p.value),
          label: first(p.label, p.name),
          labelEn: p.labelEn,
          sort: first(p.sort),
          enabled: flag(first(p.enabled, p.status)),
          remark: p.remark,
        }),
      );
      return { data: saved, message: String(saved.id) };
    },
  },
  {
    path: '/api/admin/sys/dict/item/del',
    methods: BOTH,
    handler: async (ctx, req) => ({ data: await deleteDictionaryItems(ctx, atDoor(idsInput, { ids: first(req.params.ids, req.params.id) })), message: translate(ctx.lang, 'toast.deleted') }),
  },
  {
    path: '/api/admin/sys/dict/item/listWithCodes',
    methods: ['GET'],
    handler: async (ctx, req) => {
      const byCode = await itemsByCodes(ctx, atDoor(itemsByCodesInput, { codes: first(req.params.codes, req.params.code) }));
      return { data: Object.fromEntries(Object.entries(byCode).map(([code, items]) => [code, items.map(itemJson)])) };
    },
  },
  {
    path: '/api/admin/sys/dict/item/importData',
    methods: ['POST'],
    handler: async (ctx, req) => {
      try {
        const result = await importDictionaryItems(ctx, atDoor(importItemsInput, { dictionaryId: first(req.params.dictId, req.params.dictionaryId, req.params.id) }), uploadedFile(req));
        return { data: result, message: translate(ctx.lang, 'dict.import.done', { created: result.created, updated: result.updated }) };
      } catch (err) {
        // Row errors travel in `data` so the client can list them.
        if (err instanceof ImportRowsError) return envelope('error', translate(ctx.lang, err.messageKey, err.params), { errors: err.rows });
        throw err;
      }
    },
  },
  {
    path: '/api/admin/template/downloadTemplate',
    methods: ['GET'],
    handler: async (ctx, req) => {
      // The only template so far is the dictionary items' one (type dictItem, the default).
      authorize(ctx, 'dictionary.read');
      const type = first(req.params.type, req.params.templateType, req.params.name) ?? 'dictItem';
      if (type !== 'dictItem' && type !== 'dict') throw dictionaryErrors.rule('NOT_FOUND', 'dict.template.unknown');
      const name = ctx.lang === 'en' ? 'dictionary-items-template.xlsx' : '字典项导入模板.xlsx';
      return bytesResponse(await itemTemplate(ctx.lang), name, XLSX_MIME);
    },
  },
];
