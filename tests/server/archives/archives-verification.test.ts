/**
 * Verification (archive examine): opening a task, verifying modules, sending one back with a
 * reason, the task's state following its modules, records, edits resetting a verified module,
 * the lists of both doors and the rights.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app.ts';
import { call, gid, gqlTokens, idOf, newArchive, restTokens, run } from './support.ts';

let t: TestApp;
let g: Record<string, string>;
let r: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  g = await gqlTokens(t, 'admin', 'manager', 'consultant');
  r = await restTokens(t, 'admin', 'manager', 'consultant', 'sales');
});
afterAll(async () => {
  await t.close();
});

const TASK = `verification { id databaseId number status statusLabel modules { id moduleCode status note verifier { account } } }`;
const OUT = (payload: string) => `__typename ... on ${payload} { ${TASK} } ... on Error { code message }`;

async function open(archiveGid: string, moduleCodes?: string[]) {
  const res = await run(t, g.consultant!, `mutation($input: CreateArchiveVerificationInput!) { createArchiveVerification(input: $input) { ${OUT('ArchiveVerificationPayload')} } }`, {
    input: { archiveId: archiveGid, ...(moduleCodes ? { moduleCodes } : {}) },
  });
  return res.createArchiveVerification;
}

const step = async (token: string, name: 'verifyArchiveModule' | 'reverifyArchiveModule', id: string, note?: string) =>
  (
    await run(
      t,
      token,
      `mutation($input: ArchiveVerificationStepInput!) { ${name}(input: $input) { __typename ... on ArchiveVerificationStepPayload { module { status } ${TASK} record { action status note verifier { account } } } ... on Error { code message } } }`,
      { input: { id, note } },
    )
  )[name];

describe('verification tasks', () => {
  it('goes unverified → verifying → verified, with a record per step', async () => {
    const a = await newArchive(t, g.admin!, { consultantId: gid('User', await idOf(t, 'consultant')) });
    const task = await open(a.gid, ['bio', 'education']);
    expect(task.verification).toMatchObject({ status: 'UNVERIFIED', statusLabel: '未审核', number: expect.stringMatching(/^AV\d{4}-\d{5}$/) });
    const [bio, education] = task.verification.modules;
    expect([bio.moduleCode, education.moduleCode]).toEqual(['bio', 'education']);

    const first = await step(g.manager!, 'verifyArchiveModule', bio.id, '信息与护照一致');
    expect(first).toMatchObject({ module: { status: 'VERIFIED' }, verification: { status: 'VERIFYING' }, record: { action: 'VERIFIED', status: 'VERIFIED', note: '信息与护照一致', verifier: { account: 'manager' } } });
    expect(await step(g.manager!, 'verifyArchiveModule', bio.id)).toMatchObject({ code: 'INVALID_TRANSITION', message: '该模块已审核' });
    const second = await step(g.manager!, 'verifyArchiveModule', education.id);
    expect(second.verification).toMatchObject({ status: 'VERIFIED' });

    expect(await step(g.manager!, 'reverifyArchiveModule', education.id)).toMatchObject({ message: '请填写重新审核的原因' });
    const back = await step(g.manager!, 'reverifyArchiveModule', education.id, '成绩单缺少盖章');
    expect(back).toMatchObject({ module: { status: 'VERIFYING' }, verification: { status: 'VERIFYING' }, record: { action: 'REVERIFY', note: '成绩单缺少盖章' } });
    expect(await step(g.manager!, 'reverifyArchiveModule', education.id, '再次')).toMatchObject({ message: '该模块尚未审核，不能重新审核' });
    expect((await step(g.manager!, 'verifyArchiveModule', education.id)).verification.status).toBe('VERIFIED');

    const records = await call(t, r.manager!, '/archive/examine/record/listArchivesExamineRecordByPage', { json: { condition: { archivesExamineId: task.verification.databaseId } } });
    expect(records.data.rows).toBe(4);
    expect(records.data.resultList.map((x: { action: number }) => x.action)).toEqual([1, 2, 1, 1]);
    expect(records.data.resultList[1]).toMatchObject({ note: '成绩单缺少盖章', verifierName: expect.any(String), moduleCode: 'education' });
  });

  it('one open task per archive; consultants submit, only verifiers verify', async () => {
    const a = await newArchive(t, g.admin!, { consultantId: gid('User', await idOf(t, 'consultant')) });
    const task = await open(a.gid);
    expect(task.verification.modules.length).toBe(await t.db.archiveModule.count({ where: { parentId: null } }));
    expect(await open(a.gid)).toMatchObject({ code: 'VERIFICATION_OPEN', message: '该档案已有未完成的审核任务' });
    expect(await open(a.gid, ['no.such.module'])).toMatchObject({ message: '该档案已有未完成的审核任务' });
    expect(await step(g.consultant!, 'verifyArchiveModule', task.verification.modules[0].id)).toMatchObject({ code: 'FORBIDDEN' });
    const b = await newArchive(t, g.admin!, { consultantId: gid('User', await idOf(t, 'consultant')) });
    expect(await open(b.gid, ['no.such.module'])).toMatchObject({ message: '审核模块不存在' });
  });

  it('an edit of a verified section sends its module back (record "reset by edit")', async () => {
    const a = await newArchive(t, g.admin!, { consultantId: gid('User', await idOf(t, 'consultant')) });
    const task = await open(a.gid, ['bio']);
    const bio = task.verification.modules[0];
    expect((await step(g.manager!, 'verifyArchiveModule', bio.id)).verification.status).toBe('VERIFIED');
    await run(t, g.consultant!, `mutation($a: ID!) { saveArchiveBio(input: {archiveId: $a, passport: "E99990000"}) { __typename } }`, { a: a.gid });
    const after = await run(t, g.consultant!, `query($id: ID!) { node(id: $id) { ... on ArchiveVerification { status modules { status } records(first: 5) { edges { node { action } } } } } }`, {
      id: task.verification.id,
    });
    expect(after.node).toMatchObject({ status: 'VERIFYING', modules: [{ status: 'VERIFYING' }] });
    expect(after.node.records.edges[0].node.action).toBe('RESET_BY_EDIT');
  });

  it('reads never reset a verified module; each section save does, once per save (explicit reset call)', async () => {
    const a = await newArchive(t, g.admin!, { consultantId: gid('User', await idOf(t, 'consultant')) });
    const task = await open(a.gid, ['bio']);
    const bio = task.verification.modules[0];
    expect((await step(g.manager!, 'verifyArchiveModule', bio.id)).verification.status).toBe('VERIFIED');
    const state = async () => {
      const q = await run(t, g.consultant!, `query($id: ID!) { node(id: $id) { ... on ArchiveVerification { status modules { status } records(first: 20) { edges { node { action } } } } } }`, {
        id: task.verification.id,
      });
      return { status: q.node.status, module: q.node.modules[0].status, resets: q.node.records.edges.filter((e: { node: { action: string } }) => e.node.action === 'RESET_BY_EDIT').length };
    };

    // Reads of the section on both doors, by its editor and by a verifier: nothing changes.
    await run(t, g.consultant!, `query($id: ID!) { node(id: $id) { ... on Archive { bio { passport } } } }`, { id: a.gid });
    await run(t, g.manager!, `query($id: ID!) { node(id: $id) { ... on Archive { bio { passport } } } }`, { id: a.gid });
    await call(t, r.consultant!, '/archive/getArchiveAndStudentDetail', { query: { archivesId: a.id } });
    expect(await state()).toEqual({ status: 'VERIFIED', module: 'VERIFIED', resets: 0 });

    // A save resets it, with one record.
    await run(t, g.consultant!, `mutation($a: ID!) { saveArchiveBio(input: {archiveId: $a, passport: "E12340000"}) { __typename } }`, { a: a.gid });
    expect(await state()).toEqual({ status: 'VERIFYING', module: 'VERIFYING', resets: 1 });

    // Verified again: reading still leaves it verified; the next save resets it again.
    expect((await step(g.manager!, 'verifyArchiveModule', bio.id)).verification.status).toBe('VERIFIED');
    await run(t, g.consultant!, `query($id: ID!) { node(id: $id) { ... on Archive { bio { passport } } } }`, { id: a.gid });
    expect(await state()).toEqual({ status: 'VERIFIED', module: 'VERIFIED', resets: 1 });
    await run(t, g.consultant!, `mutation($a: ID!) { saveArchiveBio(input: {archiveId: $a, passport: "E12340001"}) { __typename } }`, { a: a.gid });
    expect(await state()).toEqual({ status: 'VERIFYING', module: 'VERIFYING', resets: 2 });
  });
});

describe('lists', () => {
  it('lists tasks, their modules and the archives not yet verified on both doors', async () => {
    const page = await call(t, r.manager!, '/archive/examine/listArchivesExamineByPage', { json: { condition: { status: 2 }, pageResult: { currentPage: 1, pageSize: 100 } } });
    expect(page.status).toBe('success');
    expect(page.data.rows).toBeGreaterThan(0);
    for (const row of page.data.resultList) expect(row).toMatchObject({ status: 2, statusName: '已审核' });
    const gq = await run(t, g.manager!, `{ archiveVerifications(first: 100, filter: {status: VERIFIED}) { totalCount } }`);
    expect(gq.archiveVerifications.totalCount).toBe(page.data.rows);

    const examineId = page.data.resultList[0].id;
    const modules = await call(t, r.manager!, '/archive/examine/module/listArchivesExamineModuleByExamineId', { query: { archivesExamineId: examineId } });
    expect(modules.data.length).toBeGreaterThan(0);
    expect(modules.data.every((m: { status: number }) => m.status === 2)).toBe(true);
    const byArchive = await call(t, r.manager!, '/archive/examine/module/listArchivesExamineModuleByArchivesId', { query: { archivesId: page.data.resultList[0].archivesId } });
    expect(byArchive.data.map((m: { id: number }) => m.id)).toEqual(modules.data.map((m: { id: number }) => m.id));

    const not = await call(t, r.manager!, '/archive/examine/listArchivesExamineByNot', { json: { pageResult: { currentPage: 1, pageSize: 500 } } });
    const verifiedArchives = new Set((await t.db.archiveExamine.findMany({ where: { status: 2 }, select: { archiveId: true } })).map((e) => e.archiveId));
    expect(not.data.resultList.length).toBeGreaterThan(0);
    for (const row of not.data.resultList) expect(verifiedArchives.has(row.id)).toBe(false);
    const unverified = await run(t, g.manager!, `{ unverifiedArchives(first: 1) { totalCount } }`);
    expect(unverified.unverifiedArchives.totalCount).toBe(not.data.rows);
  });

  it("verification writes on the legacy door; others' tasks stay hidden", async () => {
    const a = await newArchive(t, g.admin!, { consultantId: gid('User', await idOf(t, 'consultant')) });
    const made = await call(t, r.consultant!, '/archive/examine/save', { json: { archivesId: a.id, moduleCodes: ['survey'] } });
    expect(made.status).toBe('success');
    const mod = await t.db.archiveExamineModule.findFirstOrThrow({ where: { examineId: made.data.id } });
    expect(await call(t, r.consultant!, '/archive/examine/module/verify', { json: { id: mod.id } })).toMatchObject({ status: 'error', message: '没有权限执行该操作' });
    expect(await call(t, r.manager!, '/archive/examine/module/verify', { json: { id: mod.id, note: 'ok' } })).toMatchObject({ status: 'success' });
    expect(await call(t, r.manager!, '/archive/examine/module/reverify', { json: { id: mod.id } })).toMatchObject({ status: 'error', message: '请填写重新审核的原因' });
    expect(await call(t, r.sales!, '/archive/examine/module/listArchivesExamineModuleByExamineId', { query: { archivesExamineId: made.data.id } })).toMatchObject({ status: 'error', message: '数据不存在' });
  });
});
