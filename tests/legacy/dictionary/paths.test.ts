/** Every legacy path of the dictionary module (content area of spec section 7) answers with the envelope. */
import { expect, it } from 'vitest';
import { rest } from '../../helpers/app.ts';
import { describeContentPaths } from '../paths.ts';

describeContentPaths(
  'dictionary',
  9,
  async (t) => {
    const dictId = (await t.db.dictionary.findUniqueOrThrow({ where: { code: 'country' } })).id;
    return {
      '/api/admin/sys/dict/list.htm': {},
      '/api/admin/sys/dict/item/listByDictId.htm': { dictId },
      '/api/admin/sys/dict/item/listWithCodes.htm': { codes: 'country,grade' },
    };
  },
  (app) => {
    it('the shape old clients read: listWithCodes answers every code asked, unknown ones empty', async () => {
      const { t, admin } = app();
      const codes = await rest<Record<string, Array<{ code: string; label: string }>>>(t, '/api/admin/sys/dict/item/listWithCodes.htm?codes=country,nope', { token: admin });
      expect(codes.body.data.country!.map((i) => i.code)).toEqual(['US', 'UK', 'CA', 'CN']);
      expect(codes.body.data.nope).toEqual([]);
    });
  },
);
