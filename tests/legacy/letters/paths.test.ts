/** Every legacy path of the letters module (content area of spec section 7) answers with the envelope. */
import { expect, it } from 'vitest';
import { rest } from '../../helpers/app.ts';
import { describeContentPaths } from '../paths.ts';

describeContentPaths(
  'letters',
  3,
  async (t) => {
    const adminId = (await t.db.user.findUniqueOrThrow({ where: { account: 'admin' } })).id;
    const letterId = (await t.db.letterDelivery.findFirstOrThrow({ where: { recipientId: adminId } })).id;
    return {
      '/api/admin/sns/letter/listMyLetterByPage.htm': { pageResult: { currentPage: 1, pageSize: 20 }, condition: { readState: 0 } },
      '/api/admin/sns/letter/detail.htm': { id: letterId },
    };
  },
  (app) => {
    it('the shape old clients read: a page with unreadMessageCount', async () => {
      const { t, admin } = app();
      const letters = await rest<{ rows: number; currentPage: number; resultList: Array<{ readState: number; title: string }>; unreadMessageCount: number }>(t, '/api/admin/sns/letter/listMyLetterByPage.htm', {
        json: { 'pageResult.currentPage': 1, 'pageResult.pageSize': 2, 'condition.readState': 0 },
        token: admin,
      });
      expect(letters.body.data).toMatchObject({ currentPage: 1, pageSize: 2, unreadMessageCount: letters.body.data.rows });
      expect(letters.body.data.resultList.length).toBeLessThanOrEqual(2);
      expect(letters.body.data.resultList.every((l) => l.readState === 0)).toBe(true);
    });
  },
);
