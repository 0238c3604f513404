/** The archive-modules module's bad input through the legacy door: a clear message, nothing written. */
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
      ['/api/admin/fs/role/module/save.htm', { roleId: 3, state: 'maybe', modules: [] }, '档案状态错误'],
      ['/api/admin/fs/archive/module/save.htm', { name: '' }, 'name不能为空'],
    ],
  );
});
