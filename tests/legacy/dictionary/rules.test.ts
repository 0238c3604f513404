/**
 * The dictionary on the legacy door: dictionaries and items saved, listed and deleted; bad
 * input on every write answered with a translated message and nothing written.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { DEMO, gql, loginRest, rest } from '../../helpers/app.ts';
import { manager, t, useSuite } from '../../helpers/suite.ts';

useSuite('manager');
let english: string;
beforeAll(async () => {
  await t.db.user.update({ where: { account: 'admin' }, data: { language: 1 } });
  english = await loginRest(t, DEMO.admin);
});

describe('dictionary', () => {
  test('dictionaries and items: save, edit, list, listWithCodes, delete', async () => {
    const d = await rest<{ id: number }>(t, '/api/admin/sys/dict/saveDict.htm', { json: { code: 'school_type', name: '学校类型', nameEn: 'School type' }, token: manager });
    const dictId = d.body.data.id;
    const a = await rest<{ id: number }>(t, '/api/admin/sys/dict/item/save.htm', { json: { dictId, code: 'BOARDING', label: '寄宿', labelEn: 'Boarding', sort: 2 }, token: manager });
    await rest(t, '/api/admin/sys/dict/item/save.htm', { json: { dictId, code: 'DAY', label: '走读', sort: 1, status: 0 }, token: manager });
    expect((await rest(t, '/api/admin/sys/dict/item/save.htm', { json: { id: a.body.data.id, label: '全寄宿' }, token: manager })).body.status).toBe('success');
    const items = await rest<Array<{ code: string; label: string; enabled: boolean }>>(t, '/api/admin/sys/dict/item/listByDictId.htm', { json: { dictId }, token: manager });
    expect(items.body.data.map((i) => [i.code, i.label, i.enabled])).toEqual([
      ['DAY', '走读', false],
      ['BOARDING', '全寄宿', true],
    ]);
    const codes = await rest<Record<string, Array<{ code: string }>>>(t, '/api/admin/sys/dict/item/listWithCodes.htm?codes=school_type', { token: manager });
    expect(codes.body.data.school_type!.map((i) => i.code)).toEqual(['BOARDING']);
    const g = await gql<{ dictionariesByCodes: Array<{ code: string; items: { edges: Array<{ node: { localizedLabel: string } }> } }> }>(
      t,
      '{ dictionariesByCodes(codes: ["school_type"]) { code items(first: 10, enabledOnly: true) { edges { node { localizedLabel } } } } }',
      {},
      { token: english },
    );
    expect(g.body.data?.dictionariesByCodes[0]?.items.edges.map((e) => e.node.localizedLabel)).toEqual(['Boarding']);
    expect((await rest(t, '/api/admin/sys/dict/del.htm', { json: { ids: [dictId] }, token: manager })).body).toMatchObject({ status: 'success', message: '删除成功' });
    expect(await t.db.dictionaryItem.count({ where: { dictionaryId: dictId } })).toBe(0);
  });

  test('bad input on every dictionary write is refused and changes nothing', async () => {
    const dictId = (await t.db.dictionary.findUniqueOrThrow({ where: { code: 'country' } })).id;
    const counts = async () => [await t.db.dictionary.count(), await t.db.dictionaryItem.count()];
    const before = await counts();
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['/api/admin/sys/dict/saveDict.htm', { name: '无编码' }, 'code不能为空'],
      ['/api/admin/sys/dict/saveDict.htm', { code: 'x1' }, 'name不能为空'],
      ['/api/admin/sys/dict/saveDict.htm', { code: 'country', name: '重复' }, '字典编码已存在'],
      ['/api/admin/sys/dict/saveDict.htm', { code: 'has space', name: 'x' }, 'code格式错误'],
      ['/api/admin/sys/dict/saveDict.htm', { code: 'y'.repeat(51), name: 'x' }, 'code不能超过50个字符'],
      ['/api/admin/sys/dict/saveDict.htm', { id: 999999, name: 'x' }, '字典不存在'],
      ['/api/admin/sys/dict/item/save.htm', { dictId, code: 'US', label: '美国2' }, '字典项编码已存在'],
      ['/api/admin/sys/dict/item/save.htm', { dictId, label: '无编码' }, 'code不能为空'],
      ['/api/admin/sys/dict/item/save.htm', { code: 'ZZ', label: 'x' }, 'dictId不能为空'],
      ['/api/admin/sys/dict/item/save.htm', { dictId: 999999, code: 'ZZ', label: 'x' }, '字典不存在'],
      ['/api/admin/sys/dict/item/save.htm', { dictId, code: 'ZZ', label: 'x', sort: 'first' }, 'sort格式错误'],
      ['/api/admin/sys/dict/del.htm', { ids: [999999] }, '字典不存在'],
      ['/api/admin/sys/dict/del.htm', {}, 'ids不能为空'],
      ['/api/admin/sys/dict/item/del.htm', { ids: 'a,b' }, 'ids.0格式错误'],
    ];
    for (const [p, json, message] of cases) {
      const res = await rest(t, p, { json, token: manager });
      expect(res.body, `${p} ${JSON.stringify(json)}`).toMatchObject({ status: 'error', message });
    }
    expect((await rest(t, '/api/admin/sys/dict/item/listWithCodes.htm', { token: manager })).body).toMatchObject({ status: 'error', message: 'codes不能为空' });
    expect(await counts()).toEqual(before);
  });
});
