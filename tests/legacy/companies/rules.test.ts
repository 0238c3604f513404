/** The companies module's bad input through the legacy door: a clear message, nothing written. */
import { afterAll, beforeAll, describe } from 'vitest';
import { createTestApp, DEMO, loginRest, type TestApp } from '../../helpers/app.ts';
import { itRefusesBadInput } from '../bad-input.ts';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginRest(t, DEMO.admin);
});

afterAll(async () => {
  await t?.close();
});

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
