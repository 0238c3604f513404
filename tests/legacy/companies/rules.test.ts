/** The companies module's bad input through the legacy door: a clear message, nothing written. */
import { describe } from 'vitest';
import { admin, t, useSuite } from '../../helpers/suite.ts';
import { itRefusesBadInput } from '../bad-input.ts';

useSuite('admin');

describe('bad input on writes', () => {
  itRefusesBadInput(
    () => ({ t, token: admin }),
    [
      ['/api/admin/company/user/save.htm', { companyName: '', name: '甲' }, 'companyName不能为空'],
      ['/api/admin/company/user/save.htm', { companyName: '公司', name: '甲', mobile: '12' }, 'mobile格式错误'],
      ['/api/admin/company/user/del.htm', { ids: [999999] }, '数据不存在'],
    ],
  );
});
