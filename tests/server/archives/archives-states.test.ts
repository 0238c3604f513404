/**
 * Archive states through GraphQL and the legacy door: every transition of the archive status
 * and the applying status, every refused one, lock and unlock, a locked archive refusing
 * edits, and the operation log recording refusals.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app.ts';
import { call, gqlTokens, newArchive, restTokens, run } from './support.ts';

let t: TestApp;
let g: Record<string, string>;
let r: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  g = await gqlTokens(t, 'admin', 'manager', 'consultant', 'sales', 'partner');
  r = await restTokens(t, 'admin', 'manager', 'consultant', 'sales');
});
afterAll(async () => {
  await t.close();
});

const RESULT = `__typename ... on ArchivePayload { archive { databaseId status locked applyingStatus } } ... on Error { code message }`;
const act = async (token: string, name: string, id: string) => (await run<Record<string, any>>(t, token, `mutation($id: ID!) { ${name}(input: {id: $id}) { ${RESULT} } }`, { id }))[name];

describe('archive status transitions (GraphQL)', () => {
  it('walks unpublished → published → suspended → published → archived → published', async () => {
    const a = await newArchive(t, g.admin!);
    expect((await act(g.manager!, 'publishArchive', a.gid)).archive).toMatchObject({ status: 'PUBLISHED' });
    expect((await act(g.manager!, 'suspendArchive', a.gid)).archive).toMatchObject({ status: 'SUSPENDED' });
    expect((await act(g.manager!, 'resumeArchive', a.gid)).archive).toMatchObject({ status: 'PUBLISHED' });
    expect((await act(g.manager!, 'archiveArchive', a.gid)).archive).toMatchObject({ status: 'ARCHIVED' });
    expect((await act(g.manager!, 'reopenArchive', a.gid)).archive).toMatchObject({ status: 'PUBLISHED' });
    expect((await t.db.archive.findUniqueOrThrow({ where: { id: a.id } })).status).toBe(2);
  });

  it('archives a suspended archive directly', async () => {
    const a = await newArchive(t, g.admin!);
    await act(g.admin!, 'publishArchive', a.gid);
    await act(g.admin!, 'suspendArchive', a.gid);
    expect((await act(g.admin!, 'archiveArchive', a.gid)).archive).toMatchObject({ status: 'ARCHIVED' });
  });

  it('refuses each transition from a state it does not start from, with its own message', async () => {
    const a = await newArchive(t, g.admin!);
    expect(await act(g.admin!, 'suspendArchive', a.gid)).toMatchObject({ code: 'INVALID_TRANSITION', message: '只有已发布的档案才能暂停' });
    expect(await act(g.admin!, 'resumeArchive', a.gid)).toMatchObject({ code: 'INVALID_TRANSITION', message: '只有已暂停的档案才能恢复' });
    expect(await act(g.admin!, 'archiveArchive', a.gid)).toMatchObject({ code: 'INVALID_TRANSITION', message: '只有已发布或已暂停的档案才能归档' });
    expect(await act(g.admin!, 'reopenArchive', a.gid)).toMatchObject({ code: 'INVALID_TRANSITION', message: '只有已归档的档案才能重新打开' });
    await act(g.admin!, 'publishArchive', a.gid);
    expect(await act(g.admin!, 'publishArchive', a.gid)).toMatchObject({ code: 'INVALID_TRANSITION', message: '只有未发布的档案才能发布' });
    expect(await act(g.partner!, 'publishArchive', a.gid)).toMatchObject({ __typename: 'RuleError', code: 'NOT_FOUND' });
    expect((await t.db.archive.findUniqueOrThrow({ where: { id: a.id } })).status).toBe(2);
  });

  it('says the refusals in English to a user whose language is English', async () => {
    const a = await newArchive(t, g.admin!);
    await t.db.user.update({ where: { account: 'admin' }, data: { language: 1 } });
    try {
      expect(await act(g.admin!, 'suspendArchive', a.gid)).toMatchObject({ message: 'Only a published archive can be suspended' });
      expect(await act(g.admin!, 'reopenArchive', a.gid)).toMatchObject({ message: 'Only an archived archive can be reopened' });
    } finally {
      await t.db.user.update({ where: { account: 'admin' }, data: { language: 0 } });
    }
  });

  it('moves the applying status through every transition and refuses the others', async () => {
    const a = await newArchive(t, g.admin!);
    expect(await act(g.manager!, 'resumeArchiveApplying', a.gid)).toMatchObject({ message: '只有暂停申请的档案才能恢复申请' });
    expect(await act(g.manager!, 'restartArchiveApplying', a.gid)).toMatchObject({ message: '只有已终止的申请才能重新开始' });
    expect((await act(g.manager!, 'suspendArchiveApplying', a.gid)).archive).toMatchObject({ applyingStatus: 'SUSPENDED' });
    expect(await act(g.manager!, 'suspendArchiveApplying', a.gid)).toMatchObject({ message: '只有申请中的档案才能暂停申请' });
    expect((await act(g.manager!, 'resumeArchiveApplying', a.gid)).archive).toMatchObject({ applyingStatus: 'IN_PROGRESS' });
    expect((await act(g.manager!, 'stopArchiveApplying', a.gid)).archive).toMatchObject({ applyingStatus: 'STOPPED' });
    expect(await act(g.manager!, 'stopArchiveApplying', a.gid)).toMatchObject({ message: '申请已经终止' });
    expect((await act(g.manager!, 'restartArchiveApplying', a.gid)).archive).toMatchObject({ applyingStatus: 'IN_PROGRESS' });
  });

  it('needs the right to change status (sales hold none)', async () => {
    const a = await newArchive(t, g.admin!, { salespersonId: Buffer.from(`User:${(await t.db.user.findUniqueOrThrow({ where: { account: 'sales' } })).id}`).toString('base64') });
    expect(await act(g.sales!, 'publishArchive', a.gid)).toMatchObject({ code: 'FORBIDDEN', message: '没有权限执行该操作' });
    const failures = await t.db.operationLog.count({ where: { operation: 'archive.publish', outcome: 'FAILURE', errorCode: 'FORBIDDEN' } });
    expect(failures).toBeGreaterThan(0);
  });
});

describe('lock', () => {
  it('locks, refuses edits and transitions with a clear message, and unlocks', async () => {
    const a = await newArchive(t, g.admin!);
    expect((await act(g.manager!, 'lockArchive', a.gid)).archive).toMatchObject({ locked: true });
    expect(await act(g.manager!, 'lockArchive', a.gid)).toMatchObject({ message: '档案已经是锁定状态' });
    expect(await act(g.manager!, 'publishArchive', a.gid)).toMatchObject({ code: 'ARCHIVE_LOCKED', message: '档案已锁定，不能修改' });
    const save = await run(t, g.manager!, `mutation($a: ID!) { saveArchiveBio(input: {archiveId: $a, enName: "Leo"}) { __typename ... on Error { code message } } }`, { a: a.gid });
    expect(save.saveArchiveBio).toMatchObject({ code: 'ARCHIVE_LOCKED', message: '档案已锁定，不能修改' });
    const rows = await run(t, g.manager!, `mutation($a: ID!) { saveArchiveEducations(input: {archiveId: $a, rows: [{school: "X"}]}) { __typename ... on Error { code } } }`, { a: a.gid });
    expect(rows.saveArchiveEducations).toMatchObject({ code: 'ARCHIVE_LOCKED' });
    const del = await run(t, g.admin!, `mutation($a: ID!) { deleteArchive(input: {id: $a}) { __typename ... on Error { code message } } }`, { a: a.gid });
    expect(del.deleteArchive).toMatchObject({ message: '档案已锁定，不能删除' });
    expect(await t.db.archiveEducation.count({ where: { archiveId: a.id } })).toBe(0);
    expect((await act(g.manager!, 'unlockArchive', a.gid)).archive).toMatchObject({ locked: false });
    expect(await act(g.manager!, 'unlockArchive', a.gid)).toMatchObject({ message: '档案未锁定' });
    const again = await run(t, g.manager!, `mutation($a: ID!) { saveArchiveBio(input: {archiveId: $a, enName: "Leo"}) { __typename } }`, { a: a.gid });
    expect(again.saveArchiveBio.__typename).toBe('SaveArchiveSectionPayload');
  });

  it('is for holders of archive.lock only (consultants are refused)', async () => {
    const consultantId = (await t.db.user.findUniqueOrThrow({ where: { account: 'consultant' } })).id;
    const a = await newArchive(t, g.admin!, { consultantId: Buffer.from(`User:${consultantId}`).toString('base64') });
    expect(await act(g.consultant!, 'lockArchive', a.gid)).toMatchObject({ code: 'FORBIDDEN' });
    expect((await act(g.consultant!, 'publishArchive', a.gid)).archive).toMatchObject({ status: 'PUBLISHED' });
  });
});

describe('legacy door', () => {
  it('archive/updateStatus takes the target status and refuses impossible moves', async () => {
    const a = await newArchive(t, g.admin!);
    expect(await call(t, r.manager!, '/archive/updateStatus', { query: { id: a.id, status: 2 } })).toMatchObject({ status: 'success', data: { id: a.id, status: 2 } });
    expect(await call(t, r.manager!, '/archive/updateStatus', { query: { id: a.id, status: 3 } })).toMatchObject({ status: 'success' });
    expect(await call(t, r.manager!, '/archive/updateStatus', { query: { id: a.id, status: 2 } })).toMatchObject({ status: 'success' });
    expect(await call(t, r.manager!, '/archive/updateStatus', { query: { id: a.id, status: 2 } })).toMatchObject({ status: 'error', message: '只有未发布的档案才能发布' });
    expect(await call(t, r.manager!, '/archive/updateStatus', { query: { id: a.id, status: 1 } })).toMatchObject({ status: 'error', message: '档案状态错误' });
    await t.db.user.update({ where: { account: 'manager' }, data: { language: 1 } });
    try {
      expect(await call(t, r.manager!, '/archive/updateStatus', { query: { id: a.id, status: 9 } })).toMatchObject({ status: 'error', message: 'Invalid archive status' });
    } finally {
      await t.db.user.update({ where: { account: 'manager' }, data: { language: 0 } });
    }
    expect(await call(t, r.manager!, '/py/archives/updateStatus', { json: { id: a.id, status: 4 } })).toMatchObject({ status: 'success', data: { status: 4 } });
    expect((await t.db.archive.findUniqueOrThrow({ where: { id: a.id } })).status).toBe(4);
  });

  it('archive/updateLock locks and unlocks; a locked archive refuses legacy saves', async () => {
    const a = await newArchive(t, g.admin!);
    expect(await call(t, r.manager!, '/archive/updateLock', { query: { id: a.id, lock: 1 } })).toMatchObject({ status: 'success', data: { lock: 1 } });
    const save = await call(t, r.manager!, '/archive/save', { json: { id: a.id, grade: 9 } });
    expect(save).toMatchObject({ status: 'error', message: '档案已锁定，不能修改' });
    const family = await call(t, r.manager!, '/fs/family/saveFamily', { json: { archivesId: a.id, list: [{ kind: 1, name: '王', relation: 1 }] } });
    expect(family).toMatchObject({ status: 'error', message: '档案已锁定，不能修改' });
    expect(await call(t, r.manager!, '/archive/updateLock', { query: { id: a.id, lock: 0 } })).toMatchObject({ status: 'success', data: { lock: 0 } });
    expect(await call(t, r.manager!, '/archive/save', { json: { id: a.id, grade: 9 } })).toMatchObject({ status: 'success', data: { grade: 9 } });
    expect(await call(t, r.consultant!, '/archive/updateLock', { query: { id: a.id, lock: 1 } })).toMatchObject({ status: 'error' });
  });

  it('answers needUserLogin without a token', async () => {
    const res = await call(t, '', '/archive/updateStatus', { query: { id: 1, status: 2 } });
    expect(res.status).toBe('needUserLogin');
  });
});
