/** The archive-modules module's bad input through the legacy door: a clear message, nothing written. */
import { describe } from 'vitest';
import { admin, t, useSuite } from '../../helpers/suite.ts';
import { itRefusesBadInput } from '../bad-input.ts';

useSuite('admin');

describe('bad input on writes', () => {
  itRefusesBadInput(
    () => ({ t, token: admin }),
    [
      ['/api/admin/fs/role/module/save.htm', { roleId: 3, state: 'maybe', modules: [] }, '档案状态错误'],
      ['/api/admin/fs/archive/module/save.htm', { name: '' }, 'name不能为空'],
    ],
  );
});
