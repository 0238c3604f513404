/**
 * Notices and the dictionary on the legacy door: rich text sanitised, bad input on every
 * write answered with a translated message (Chinese by default, English for users who
 * chose it) and nothing written.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, DEMO, gql, loginRest, rest, type TestApp } from '../helpers/app.ts';

let t: TestApp;
let manager: string;
let english: string;

beforeAll(async () => {
  t = await createTestApp();
  manager = await loginRest(t, DEMO.manager);
  await t.db.user.update({ where: { account: 'admin' }, data: { language: 1 } });
  english = await loginRest(t, DEMO.admin);
});
afterAll(async () => {
  await t?.close();
});

describe('notices', () => {
  test('a published notice is sanitised, listed first and readable in detail', async () => {
    const res = await rest<{ id: number }>(t, '/api/admin/sns/notice/save.htm', {
      json: { title: '放假通知', content: '<p onclick="x()">周五<b>放假</b><img src="javascript:alert(1)"><a href="javascript:alert(1)">链接</a></p><script>steal()</script>' },
      token: manager,
    });
    expect(res.body.status).toBe('success');
    const list = await rest<{ resultList: Array<{ id: number; title: string; content?: string; publisherName: string }> }>(t, '/api/admin/sns/notice/listSnsNoticeByPage.htm', { json: {}, token: manager });
    expect(list.body.data.resultList[0]).toMatchObject({ id: res.body.data.id, title: '放假通知', publisherName: expect.any(String) });
    expect(list.body.data.resultList[0]!.content).toBeUndefined();
    const detail = await rest<{ content: string }>(t, '/api/admin/sns/notice/detail.htm', { json: { id: res.body.data.id }, token: manager });
    expect(detail.body.data.content).toBe('<p>周五<b>放假</b><a>链接</a></p>');
    const consultant = await loginRest(t, DEMO.consultant);
    const g = await gql<{ notices: { totalCount: number; edges: Array<{ node: { title: string; content: string } }> } }>(t, '{ notices(first: 1) { totalCount edges { node { title content } } } }', {}, { token: consultant });
    expect(g.body.data?.notices.edges[0]?.node).toEqual({ title: '放假通知', content: '<p>周五<b>放假</b><a>链接</a></p>' });
  });

  test('bad input is refused in the caller\'s language and nothing is published', async () => {
    const before = await t.db.notice.count();
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ content: '<p>x</p>' }, '请填写标题', 'Please enter a title'],
      [{ title: 'T' }, '请输入内容。', 'Please enter the content.'],
      [{ title: 'T', content: '<script>x</script>' }, '请输入内容。', 'Please enter the content.'],
      [{ title: 'x'.repeat(101), content: '<p>x</p>' }, 'title不能超过100个字符', 'title must be at most 100 characters'],
      [{ title: 'T', content: `<p>${'a'.repeat(10_001)}</p>` }, '内容不能超过10000个字符', 'The content must be at most 10000 characters'],
    ];
    for (const [json, zh, en] of cases) {
      expect((await rest(t, '/api/admin/sns/notice/save.htm', { json, token: manager })).body).toMatchObject({ status: 'error', message: zh });
      expect((await rest(t, '/api/admin/sns/notice/save.htm', { json, token: english })).body).toMatchObject({ status: 'error', message: en });
    }
    expect((await rest(t, '/api/admin/sns/notice/detail.htm', { json: { id: 999999 }, token: manager })).body).toMatchObject({ status: 'error', message: '通知不存在' });
    expect(await t.db.notice.count()).toBe(before);
  });
});

describe('dictionary', () => {
  test('dictionaries and items: save, edit, list, listWithCodes, delete', async () => {
    const d = await rest<{ id: number }>(t, '/api/admin/sys/dict/saveDict.htm', { json: { code: 'school_type', name: '学校类型', nameEn: 'School type' }, token: manager });
    const dictId = d.body.data.id;
    const a = await rest<{ id: number }>(t, '/api/admin/sys/dict/item/save.htm', { json: { dictId, code: 'BOARDING', label: '寄宿', labelEn: 'Boarding', sort: 2 }, token: manager });
    await rest(t, '/api/admin/sys/dict/item/save.htm', { json: { dictId, code: 'DAY', label: '走读', sort: 1, status: 0 }, token: manager });
    expect((await rest(t, '/api/admin/sys/dict/item/save.htm', { json: { id: a.body.data.id, label: '全寄宿' }, token: manager })).body.status).toBe('success');
    const items = await rest<Array<{ code: string; label: string; enabled: boolean }>>(t, '/api/admin/sys/dict/item/listByDictId.htm', { json: { dictId }, token: manager });
    expect(items.body.data.map((i) => [i.code, i.label, i.enabled])).toEqual([['DAY', '走读', false], ['BOARDING', '全寄宿', true]]);
    const codes = await rest<Record<string, Array<{ code: string }>>>(t, '/api/admin/sys/dict/item/listWithCodes.htm?codes=school_type', { token: manager });
    expect(codes.body.data.school_type!.map((i) => i.code)).toEqual(['BOARDING']);
    const g = await gql<{ dictionariesByCodes: Array<{ code: string; items: { edges: Array<{ node: { localizedLabel: string } }> } }> }>(
      t, '{ dictionariesByCodes(codes: ["school_type"]) { code items(first: 10, enabledOnly: true) { edges { node { localizedLabel } } } } }', {}, { token: english },
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
