/**
 * What `npm run fuzz` found, each answered now as any bad input is (docs/fuzzing.md): a clear
 * refusal, nothing written, nothing of the server's insides shown.
 */
import { describe, expect, it } from 'vitest';
import { rest } from '../helpers/app.ts';
import { admin, t, useSuite } from '../helpers/suite.ts';
import { findLeak } from './runner.ts';

useSuite('admin');

describe('fuzz findings', () => {
  // The legacy person form looked the person's type up by any number it was given as an id:
  // 2^53 or -1e291 reached Prisma, which threw (HTTP 500, 服务异常).
  it.each([9007199254740992, -1.1664556501146785e291, 2147483648, 1.5])('legacy saveUser with id %s is refused as bad input, not a crash', async (id) => {
    const before = await t.db.user.count();
    const res = await rest(t, '/api/admin/user/saveUser.htm', { json: { id, name: '测试' }, token: admin });
    expect(res.status).toBeLessThan(500);
    expect(res.body.status).toBe('error');
    expect(res.body.message).not.toBe('服务异常，请稍后再试');
    expect(findLeak(JSON.stringify(res.body), [])).toBeNull();
    expect(await t.db.user.count()).toBe(before);
  });

  // The students' lesson calendar put any `userId` (a flag, a list) into its query (HTTP 500).
  it.each([true, [1, 2], 9007199254740992, 'abc'])('legacy scheduleUserCourseEvents with userId %j is refused as bad input', async (userId) => {
    const res = await rest(t, '/api/admin/user/course/scheduleUserCourseEvents.htm', { json: { userId }, token: admin });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ status: 'error', message: 'userId格式错误', data: null });
  });
});
