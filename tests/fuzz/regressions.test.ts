/**
 * What `npm run fuzz` found, each answered now as any bad input is (docs/fuzzing.md): a clear
 * refusal, nothing written, nothing of the server's insides shown.
 */
import { describe, expect, it } from 'vitest';
import { gql, rest } from '../helpers/app.ts';
import { globalId } from './inputs.ts';
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

  // A classroom without a number is numbered R + its id; when another room already had that
  // number the unique key failed (INTERNAL_SERVER_ERROR). Now the next free R<id>-<n> is taken.
  it('createClassroom without a number takes a free one when R<id> is already used', async () => {
    const create = (input: Record<string, unknown>) =>
      gql<{ r: { __typename: string; classroom?: { no: string }; code?: string } }>(
        t,
        'mutation($input: CreateClassroomInput!) { r: createClassroom(input: $input) { __typename ... on ClassroomPayload { classroom { no } } ... on Error { code } } }',
        { input },
        { token: admin },
      );
    await create({ name: '甲', no: 'FUZZ-A' });
    const a = (await t.db.classroom.findUniqueOrThrow({ where: { no: 'FUZZ-A' } })).id;
    const taken = `R${String(a + 2).padStart(3, '0')}`;
    await t.db.classroom.update({ where: { id: a }, data: { no: taken } });
    expect((await create({ name: '乙' })).body.data?.r.classroom?.no).toBe(`R${String(a + 1).padStart(3, '0')}`);
    const third = await create({ name: '丙' });
    expect(third.body.errors).toBeUndefined();
    expect(third.body.data?.r).toEqual({ __typename: 'ClassroomPayload', classroom: { no: `${taken}-2` } });
  });

  // An archive module that archive verifications checked could not be deleted (a foreign key),
  // answered as an internal error; now a rule refuses it and nothing changes.
  it('deleteArchiveModule refuses a module that verifications used', async () => {
    const module = await t.db.archiveModule.create({ data: { code: 'fuzz-leaf', name: '叶', nameEn: 'Leaf' } });
    const archive = await t.db.archive.findFirstOrThrow({ select: { id: true } });
    const examine = await t.db.archiveExamine.create({ data: { archiveId: archive.id, number: 'FUZZ-1', title: '审核' } });
    await t.db.archiveExamineModule.create({ data: { examineId: examine.id, moduleId: module.id } });
    const res = await gql<{ r: { __typename: string; code?: string; message?: string } }>(
      t,
      'mutation($input: DeleteArchiveModuleInput!) { r: deleteArchiveModule(input: $input) { __typename ... on Error { code message } } }',
      { input: { moduleId: globalId('ArchiveModule', module.id) } },
      { token: admin },
    );
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data?.r).toEqual({ __typename: 'RuleError', code: 'MODULE_IN_USE', message: '模块“叶”已用于档案审核记录，无法删除' });
    expect(await t.db.archiveModule.count({ where: { id: module.id } })).toBe(1);
  });
});
