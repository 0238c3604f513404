/**
 * The legacy door of work events: wall times in the caller's zone, series, conflicts, scoped
 * deletes, publish, copy, join, confirm, lists; and both doors answering the same facts.
 */
import { encodeGlobalID } from '@pothos/plugin-relay';
import { beforeAll, describe, expect, it } from 'vitest';
import { gql, rest } from '../../helpers/app.ts';
import { consultant, lecturer, manager, sales, t, useSuite } from '../../helpers/suite.ts';

useSuite('manager', 'consultant', 'lecturer', 'sales');
const ids: Record<string, number> = {};
const P = '/api/admin/work/daily';

type LegacyEvent = {
  id: number;
  title: string;
  beginTime: string;
  endTime: string;
  workDate: string;
  state: number;
  periodic: number;
  seriesId: number | null;
  rrule: string | null;
  userIds: number[];
  timeZone: string;
  isOpen: number;
  isException: number;
  originalTime: string | null;
  participants: Array<{ userId: number; confirmed: number }>;
  confirmed: number;
};
type Saved = { id: number; ids: number[]; seriesId: number | null; count: number; list: LegacyEvent[] };
type ConflictRow = { occurrence: number; kind: string; userId: number | null; userName: string | null; title: string | null; beginTime: string; eventBeginTime: string };

beforeAll(async () => {
  for (const a of ['manager', 'consultant', 'lecturer', 'sales']) ids[a] = (await t.db.user.findUniqueOrThrow({ where: { account: a } })).id;
  await t.db.workEvent.deleteMany({ where: { participants: { some: { userId: { in: Object.values(ids) } } } } });
});

describe('saving', () => {
  it('a single event: wall times read and answered in the caller’s zone, or in the zone the request names', async () => {
    const res = await rest<Saved>(t, '/api/admin/cycle/work/daily/save.htm', {
      token: consultant,
      json: { title: '家长沟通', beginTime: '2026-10-12 10:00:00', endTime: '2026-10-12 11:30:00', userIds: [ids.consultant, ids.lecturer], address: '上海办公室' },
    });
    expect(res.body.status).toBe('success');
    expect(res.body.message).toBe('保存成功');
    const e = res.body.data.list[0]!;
    expect(e).toMatchObject({
      title: '家长沟通',
      beginTime: '2026-10-12 10:00:00',
      endTime: '2026-10-12 11:30:00',
      state: 0,
      periodic: 0,
      timeZone: 'Asia/Shanghai',
      userIds: [ids.consultant, ids.lecturer].sort((a, b) => a! - b!),
    });
    const row = await t.db.workEvent.findUniqueOrThrow({ where: { id: e.id } });
    expect(row.startAt.toISOString()).toBe('2026-10-12T02:00:00.000Z');
    const ny = await rest<LegacyEvent>(t, `${P}/detail.htm`, { token: consultant, json: { id: e.id, timeZone: 'America/New_York' } });
    expect(ny.body.data).toMatchObject({ beginTime: '2026-10-11 22:00:00', endTime: '2026-10-11 23:30:00', workDate: '2026-10-11' });
    // The lecturer (a participant) cannot see it before it is published.
    const hidden = await rest(t, `${P}/detail.htm`, { token: lecturer, json: { id: e.id } });
    expect(hidden.body).toEqual({ status: 'error', message: '数据不存在', data: null });
  });

  it('a weekly series from workDate and HH:mm times; editing through cycle save applies to the whole series', async () => {
    const res = await rest<Saved>(t, '/api/admin/cycle/work/daily/save.htm', {
      token: manager,
      json: { title: '周会', workDate: '2026-11-02', workTimeBegin: '09:00', workTimeEnd: '10:00', rrule: 'FREQ=WEEKLY;BYDAY=MO;COUNT=8', userIds: '' + ids.manager, state: 1 },
    });
    expect(res.body.status).toBe('success');
    expect(res.body.data.count).toBe(8);
    expect(res.body.data.list.map((e) => e.beginTime.slice(11))).toEqual(Array(8).fill('09:00:00'));
    expect(res.body.data.list[0]).toMatchObject({ periodic: 1, rrule: 'FREQ=WEEKLY;INTERVAL=1;BYDAY=MO;COUNT=8', state: 1 });
    const edit = await rest<Saved>(t, '/api/admin/cycle/work/daily/save.htm', { token: manager, json: { id: res.body.data.ids[2], title: '周会（改）' } });
    expect(edit.body.status).toBe('success');
    expect(new Set(edit.body.data.list.map((e) => e.title))).toEqual(new Set(['周会（改）']));
    expect(edit.body.data.count).toBe(8);
  });

  it('bad input answers clear messages and writes nothing', async () => {
    const before = await t.db.workEvent.count();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ title: 'x', beginTime: '2026-10-12 10:00:00', endTime: '2026-10-12 09:00:00' }, '结束时间不能早于开始时间'],
      [{ title: 'x', beginTime: '2026-10-12 10:00:00', endTime: '2026-10-12 11:00:00', timeZone: 'Nowhere/City' }, '未知的时区：Nowhere/City'],
      [{ title: 'x', beginTime: '2026-10-12 10:00:00', endTime: '2026-10-12 11:00:00', rrule: 'FREQ=DAILY;COUNT=1200' }, '重复日程最多1000次，请设置更早的结束日期或更少的次数'],
      [{ title: 'x', beginTime: 'yesterday', endTime: '2026-10-12 11:00:00' }, 'beginTime格式错误'],
      [{ beginTime: '2026-10-12 10:00:00', endTime: '2026-10-12 11:00:00' }, '请填写日程标题'],
    ];
    for (const [json, message] of cases) {
      const res = await rest(t, '/api/admin/cycle/work/daily/save.htm', { token: consultant, json });
      expect({ status: res.body.status, message: res.body.message }, JSON.stringify(json)).toEqual({ status: 'error', message });
    }
    expect(await t.db.workEvent.count()).toBe(before);
  });
});

describe('conflicts', () => {
  it('checkConflict lists the 30th occurrence; save refuses with the list; ignoreConflicts saves', async () => {
    await rest(t, '/api/admin/cycle/work/daily/save.htm', { token: sales, json: { title: '客户拜访', beginTime: '2027-01-30 10:00:00', endTime: '2027-01-30 11:00:00' } });
    const body = { title: '每日复盘', beginTime: '2027-01-01 10:30:00', endTime: '2027-01-01 11:00:00', userIds: [ids.manager, ids.sales], rrule: 'FREQ=DAILY;COUNT=40' };
    for (const path of ['/api/admin/cycle/work/daily/checkConflict.htm', `${P}/checkConflict.htm`]) {
      const check = await rest<{ conflict: boolean; total: number; occurrences: number; conflicts: ConflictRow[] }>(t, path, { token: manager, json: body });
      expect(check.body.status).toBe('success');
      expect(check.body.message).toBe('存在1处时间冲突');
      expect(check.body.data).toMatchObject({ conflict: true, total: 1, occurrences: 40 });
      expect(check.body.data.conflicts).toEqual([
        expect.objectContaining({ occurrence: 30, kind: 'PARTICIPANT', userId: ids.sales, userName: '赵磊', title: '客户拜访', beginTime: '2027-01-30 10:30:00', eventBeginTime: '2027-01-30 10:00:00' }),
      ]);
    }
    const refused = await rest<{ conflict: boolean; conflicts: ConflictRow[] }>(t, '/api/admin/cycle/work/daily/save.htm', { token: manager, json: body });
    expect(refused.body).toMatchObject({ status: 'error', message: '存在1处时间冲突', data: { conflict: true } });
    expect(refused.body.data.conflicts[0]!.occurrence).toBe(30);
    const saved = await rest<Saved>(t, '/api/admin/cycle/work/daily/save.htm', { token: manager, json: { ...body, ignoreConflicts: 1 } });
    expect(saved.body.data.count).toBe(40);
  });

  it('both doors report the same clashes', async () => {
    const body = { title: 'x', beginTime: '2027-01-25 10:45:00', endTime: '2027-01-25 12:00:00', userIds: [ids.manager], rrule: 'FREQ=DAILY;COUNT=3' };
    const viaRest = await rest<{ conflicts: ConflictRow[] }>(t, `${P}/checkConflict.htm`, { token: manager, json: body });
    const viaGql = await gql<{ conflicts: { conflicts: Array<{ occurrence: number; kind: string; user: { databaseId: number }; title: string; start: string }> } }>(
      t,
      'query($input: ConflictCheckInput!) { conflicts(input: $input) { conflicts { occurrence kind user { databaseId } title start } } }',
      { input: { startAt: '2027-01-25T02:45:00Z', endAt: '2027-01-25T04:00:00Z', participantIds: [encodeGlobalID('User', ids.manager!)], recurrence: { rrule: 'FREQ=DAILY;COUNT=3' } } },
      { token: manager },
    );
    const a = viaRest.body.data.conflicts.map((c) => [c.occurrence, c.kind, c.userId, c.title]);
    const b = viaGql.body.data!.conflicts.conflicts.map((c) => [c.occurrence, c.kind, c.user.databaseId, c.title]);
    expect(a).toEqual(b);
    expect(a).toEqual([
      [1, 'PARTICIPANT', ids.manager, '每日复盘'],
      [2, 'PARTICIPANT', ids.manager, '每日复盘'],
      [3, 'PARTICIPANT', ids.manager, '每日复盘'],
    ]);
  });
});

async function series(title: string): Promise<Saved> {
  const res = await rest<Saved>(t, '/api/admin/cycle/work/daily/save.htm', {
    token: consultant,
    json: { title, beginTime: '2027-03-01 14:00:00', endTime: '2027-03-01 15:00:00', rrule: 'FREQ=WEEKLY;BYDAY=MO;COUNT=6', state: 1, ignoreConflicts: true },
  });
  expect(res.body.status).toBe('success');
  return res.body.data;
}

describe('deleting', () => {
  it('delById removes one occurrence, delBySeries this and following, delBySeriesAll the rest', async () => {
    const s = await series('删除测试');
    const one = await rest<{ count: number }>(t, `${P}/delById.htm`, { token: consultant, json: { id: s.ids[1] } });
    expect(one.body).toMatchObject({ status: 'success', message: '删除成功', data: { count: 1 } });
    const list = async () => (await rest<{ rows: number; resultList: LegacyEvent[] }>(t, `${P}/listScheduleByCondition.htm`, { token: consultant, json: { condition: { seriesId: s.seriesId } } })).body.data;
    expect((await list()).rows).toBe(5);
    const tail = await rest<{ count: number }>(t, `${P}/delBySeries.htm`, { token: consultant, json: { id: s.ids[3] } });
    expect(tail.body.data.count).toBe(3);
    expect((await list()).resultList.map((e) => e.workDate)).toEqual(['2027-03-01', '2027-03-15']);
    const all = await rest<{ count: number; seriesDeleted: boolean }>(t, `${P}/delBySeriesAll.htm`, { token: consultant, json: { id: s.ids[0] } });
    expect(all.body.data).toMatchObject({ count: 2, seriesDeleted: true });
    expect((await list()).rows).toBe(0);
  });

  it('an occurrence edited with do_update (THIS) becomes an exception; the others are untouched', async () => {
    const s = await series('单次修改');
    const res = await rest<Saved>(t, `${P}/do_update.htm`, { token: consultant, json: { id: s.ids[2], beginTime: '2027-03-15 16:00:00', endTime: '2027-03-15 17:00:00' } });
    expect(res.body.data.list[0]).toMatchObject({ beginTime: '2027-03-15 16:00:00', isException: 1, originalTime: '2027-03-15 14:00:00' });
    const others = await t.db.workEvent.findMany({ where: { seriesId: s.seriesId, isException: false } });
    expect(others).toHaveLength(5);
  });
});

describe('publish, copy, join, confirm, lists', () => {
  it('batchActivation and updateStateById publish and unpublish; participants see only published ones', async () => {
    const a = await rest<Saved>(t, '/api/admin/cycle/work/daily/save.htm', {
      token: consultant,
      json: { title: '草稿A', beginTime: '2027-05-10 10:00:00', endTime: '2027-05-10 11:00:00', userIds: [ids.consultant, ids.lecturer] },
    });
    const b = await rest<Saved>(t, '/api/admin/cycle/work/daily/save.htm', {
      token: consultant,
      json: { title: '草稿B', beginTime: '2027-05-10 14:00:00', endTime: '2027-05-10 15:00:00', userIds: [ids.consultant, ids.lecturer] },
    });
    const lecturerSees = async () => (await rest<LegacyEvent[]>(t, `${P}/listWorkDailyByAppoint.htm`, { token: lecturer, json: { beginTime: '2027-05-10', endTime: '2027-05-10' } })).body.data.map((e) => e.title);
    expect(await lecturerSees()).toEqual([]);
    const batch = await rest<{ count: number }>(t, `${P}/batchActivation.htm`, { token: consultant, json: { ids: [a.body.data.id, b.body.data.id] } });
    expect(batch.body).toMatchObject({ status: 'success', message: '发布成功', data: { count: 2 } });
    expect(await lecturerSees()).toEqual(['草稿A', '草稿B']);
    const off = await rest(t, `${P}/updateStateById.htm?id=${b.body.data.id}&state=0`, { token: consultant });
    expect(off.body).toMatchObject({ status: 'success', message: '已取消发布' });
    expect(await lecturerSees()).toEqual(['草稿A']);
    const forbidden = await rest(t, `${P}/batchActivation.htm`, { token: lecturer, json: { ids: [a.body.data.id] } });
    expect(forbidden.body).toMatchObject({ status: 'error', message: '没有权限执行该操作' });
  });

  it('toCopy copies a day to another day at the same wall times, unpublished', async () => {
    const res = await rest<Saved>(t, `${P}/toCopy.htm`, { token: consultant, json: { fromDate: '2027-05-10', toDate: '2027-05-17' } });
    expect(res.body.status).toBe('success');
    expect(res.body.data.list.map((e) => [e.title, e.beginTime, e.state])).toEqual([
      ['草稿A', '2027-05-17 10:00:00', 0],
      ['草稿B', '2027-05-17 14:00:00', 0],
    ]);
    const missing = await rest(t, `${P}/toCopy.htm`, { token: consultant, json: { fromDate: '2027-05-10' } });
    expect(missing.body).toMatchObject({ status: 'error', message: '请选择复制到的日期' });
  });

  it('joinWorkDaily joins an open published event; change/confirm records the confirmation', async () => {
    const open = await rest<Saved>(t, '/api/admin/cycle/work/daily/save.htm', {
      token: lecturer,
      json: { title: '开放讲座', beginTime: '2027-06-01 14:00:00', endTime: '2027-06-01 16:00:00', isOpen: 1, state: 1 },
    });
    const closed = await rest<Saved>(t, '/api/admin/cycle/work/daily/save.htm', {
      token: lecturer,
      json: { title: '内部会议', beginTime: '2027-06-02 14:00:00', endTime: '2027-06-02 16:00:00', state: 1 },
    });
    const join = await rest<Saved>(t, `${P}/joinWorkDaily.htm`, { token: sales, json: { id: open.body.data.id } });
    expect(join.body.status).toBe('success');
    expect(join.body.data.list[0]!.userIds).toContain(ids.sales);
    const notOpen = await rest(t, `${P}/joinWorkDaily.htm`, { token: sales, json: { id: closed.body.data.id } });
    expect(notOpen.body).toMatchObject({ status: 'error', message: '数据不存在' });
    const confirm = await rest<LegacyEvent>(t, `${P}/change/confirm.htm`, { token: sales, json: { id: open.body.data.id } });
    expect(confirm.body.message).toBe('确认成功');
    expect(confirm.body.data.participants.find((p) => p.userId === ids.sales)).toEqual(expect.objectContaining({ confirmed: 1 }));
  });

  it('checkAlike finds the same title, people and day', async () => {
    const res = await rest<{ alike: boolean; list: LegacyEvent[] }>(t, `${P}/checkAlike.htm`, {
      token: consultant,
      json: { title: ' 草稿a ', beginTime: '2027-05-10 18:00:00', userIds: [ids.lecturer, ids.consultant] },
    });
    expect(res.body.data.alike).toBe(true);
    expect(res.body.data.list.map((e) => e.title)).toEqual(['草稿A']);
    const other = await rest<{ alike: boolean }>(t, `${P}/checkAlike.htm`, { token: consultant, json: { title: '草稿A', beginTime: '2027-05-11 10:00:00', userIds: [ids.lecturer, ids.consultant] } });
    expect(other.body.data.alike).toBe(false);
  });

  it('an event made on REST reads the same on GraphQL', async () => {
    const res = await rest<Saved>(t, '/api/admin/cycle/work/daily/save.htm', {
      token: manager,
      json: { title: 'Both doors', beginTime: '2027-07-01 09:00:00', endTime: '2027-07-01 10:00:00', timeZone: 'America/New_York', rrule: 'FREQ=DAILY;COUNT=2', state: 1 },
    });
    const g = await gql<{ node: { title: string; startAt: string; timeZone: string; startLocal: string; published: boolean; series: { rrule: string } } }>(
      t,
      'query($id: ID!) { node(id: $id) { ... on WorkEvent { title startAt timeZone startLocal(timeZone: "America/New_York") published series { rrule } } } }',
      { id: encodeGlobalID('WorkEvent', res.body.data.id) },
      { token: manager },
    );
    expect(g.body.data!.node).toEqual({
      title: 'Both doors',
      startAt: '2027-07-01T13:00:00.000Z',
      timeZone: 'America/New_York',
      startLocal: '2027-07-01T09:00:00',
      published: true,
      series: { rrule: 'FREQ=DAILY;INTERVAL=1;COUNT=2' },
    });
    expect(res.body.data.list[0]!.beginTime).toBe('2027-07-01 09:00:00');
  });
});
