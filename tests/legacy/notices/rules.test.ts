/**
 * Notices on the legacy door: rich text sanitised, bad input answered with a translated
 * message (Chinese by default, English for users who chose it) and nothing written.
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
    const g = await gql<{ notices: { totalCount: number; edges: Array<{ node: { title: string; content: string } }> } }>(
      t,
      '{ notices(first: 1) { totalCount edges { node { title content } } } }',
      {},
      { token: consultant },
    );
    expect(g.body.data?.notices.edges[0]?.node).toEqual({ title: '放假通知', content: '<p>周五<b>放假</b><a>链接</a></p>' });
  });

  test("bad input is refused in the caller's language and nothing is published", async () => {
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
