/**
 * The archive list by verification state (issue 18: the list's filters include verification):
 * never submitted, open and not looked at, open and sent back, all verified. Every archive is in
 * exactly one, and the export follows the same filter.
 */
import { describe, expect, it } from 'vitest';
import { gql } from '../../helpers/app.ts';
import { admin, t, useSuite } from '../../helpers/suite.ts';

useSuite('admin');

const LIST = `query($f: ArchiveFilter) { archives(first: 500, filter: $f) { totalCount edges { node { databaseId } } } }`;
const ids = async (f: Record<string, unknown>) => {
  const res = await gql<{ archives: { totalCount: number; edges: Array<{ node: { databaseId: number } }> } }>(t, LIST, { f }, { token: admin });
  expect(res.body.errors).toBeUndefined();
  return new Set(res.body.data!.archives.edges.map((e) => e.node.databaseId));
};

describe('the archive list by verification', () => {
  it('answers never submitted, not looked at, sent back and verified, each archive in one', async () => {
    const created = [];
    for (const [i, n] of ['无', '待审', '退回', '已审'].entries()) {
      const student = await t.db.user.create({ data: { type: 3, name: `审核筛选${n}`, state: 1 } });
      created.push(await t.db.archive.create({ data: { studentId: student.id, name: `审核筛选${n}`, searchName: `审核筛选${n} shenhe${i}` } }));
    }
    const [none, open, back, done] = created.map((a) => a.id) as [number, number, number, number];
    const task = (archiveId: number, status: number, n: number) => t.db.archiveExamine.create({ data: { archiveId, status, number: `VF-${archiveId}-${n}`, title: '审核' } });
    await task(open, 0, 1);
    await task(back, 2, 1); // an earlier task, verified
    await task(back, 1, 2); // the open one, sent back
    await task(done, 2, 1);
    const by = {
      NONE: await ids({ verification: 'NONE' }),
      UNVERIFIED: await ids({ verification: 'UNVERIFIED' }),
      VERIFYING: await ids({ verification: 'VERIFYING' }),
      VERIFIED: await ids({ verification: 'VERIFIED' }),
    };
    const where = (id: number) =>
      Object.entries(by)
        .filter(([, set]) => set.has(id))
        .map(([k]) => k);
    expect([where(none), where(open), where(back), where(done)]).toEqual([['NONE'], ['UNVERIFIED'], ['VERIFYING'], ['VERIFIED']]);
    const all = await ids({});
    expect(by.NONE.size + by.UNVERIFIED.size + by.VERIFYING.size + by.VERIFIED.size).toBe(all.size);
    // With another condition too.
    expect([...(await ids({ verification: 'VERIFYING', search: '审核筛选' }))]).toEqual([back]);
  });

  it('refuses an unknown state as bad input', async () => {
    const res = await gql(t, LIST, { f: { verification: 'MAYBE' } }, { token: admin });
    expect(res.body.errors?.[0]?.message).toMatch(/MAYBE/);
  });
});
