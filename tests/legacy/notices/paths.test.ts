/** Every legacy path of the notices module (content area of spec section 7) answers with the envelope. */
import { expect, it } from 'vitest';
import { rest } from '../../helpers/app.ts';
import { describeContentPaths } from '../paths.ts';

describeContentPaths(
  'notices',
  2,
  async (t) => {
    const noticeId = (await t.db.notice.findFirstOrThrow()).id;
    return {
      '/api/admin/sns/notice/listSnsNoticeByPage.htm': { pageResult: { currentPage: 1, pageSize: 20 } },
      '/api/admin/sns/notice/detail.htm': { id: noticeId },
    };
  },
  (app) => {
    it('the shape old clients read: a page of notices with their publish time', async () => {
      const { t, admin } = app();
      const notices = await rest<{ rows: number; resultList: Array<{ title: string; publishTime: string }> }>(t, '/api/admin/sns/notice/listSnsNoticeByPage.htm', { json: {}, token: admin });
      expect(notices.body.data.rows).toBeGreaterThanOrEqual(4);
      expect(notices.body.data.resultList[0]!.publishTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    });
  },
);
