/**
 * The audit trail answers "who changed what": a write records its changed fields, before and
 * after, beside its operation-log row. A consultant without the right to see personal data
 * sees an archive's sensitive change masked, as the archive screens mask it; the administrator
 * sees the values, in the archive's history and in the operation log, labelled in both languages.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app.ts';
import { gid, gqlTokens, idOf, run } from '../archives/support.ts';

let t: TestApp;
let g: Record<string, string>;
let archive: { id: number; gid: string };

const HISTORY = `query($id: ID!) { node(id: $id) { ... on Archive { changes(first: 50) { operation operationLabel field label before after masked who } } } }`;
type Change = { operation: string; operationLabel: string; field: string; label: string; before: string | null; after: string | null; masked: boolean; who: string | null };

beforeAll(async () => {
  t = await createTestApp();
  g = await gqlTokens(t, 'admin', 'consultant');
  const consultant = await idOf(t, 'consultant');
  const made = await run(t, g.admin!, `mutation($input: CreateArchiveInput!) { createArchive(input: $input) { ... on ArchivePayload { archive { id databaseId } } ... on Error { message } } }`, {
    input: { surName: '唐', name: '明轩', consultantId: gid('User', consultant), grade: 8, year: 2027 },
  });
  archive = { id: made.createArchive.archive.databaseId, gid: made.createArchive.archive.id };
  const bio = `mutation($input: SaveArchiveBioInput!) { saveArchiveBio(input: $input) { __typename ... on Error { message } } }`;
  expect((await run(t, g.admin!, bio, { input: { archiveId: archive.gid, phone: '13812345678', zip: '200120' } })).saveArchiveBio.__typename).toBe('SaveArchiveSectionPayload');
  expect((await run(t, g.admin!, bio, { input: { archiveId: archive.gid, phone: '13987654321', enName: 'Tommy' } })).saveArchiveBio.__typename).toBe('SaveArchiveSectionPayload');
  // The consultant's role loses the personal-data right ("see sensitive data").
  await t.db.roleRight.deleteMany({ where: { role: { code: 'consultant' }, right: { key: 'archive.sensitive' } } });
});
afterAll(() => t.close());

async function history(token: string): Promise<Change[]> {
  return (await run<{ node: { changes: Change[] } }>(t, token, HISTORY, { id: archive.gid })).node.changes;
}

describe('the audit trail of an archive', () => {
  it('shows the administrator the values before and after, with the field label', async () => {
    const changes = await history(g.admin!);
    const phone = changes.filter((c) => c.field === 'phone');
    expect(phone).toEqual([
      expect.objectContaining({ operation: 'archive.bio.save', operationLabel: '保存学员信息', label: '手机', before: '13812345678', after: '13987654321', masked: false }),
      expect.objectContaining({ before: null, after: '13812345678', masked: false }),
    ]);
    expect(changes.find((c) => c.field === 'enName')).toMatchObject({ before: null, after: 'Tommy', masked: false });
    expect(phone[0]!.who).toBeTruthy();
  });

  it('masks a sensitive change for a consultant without the right, as the archive screens mask', async () => {
    const changes = await history(g.consultant!);
    const phone = changes.filter((c) => c.field === 'phone');
    expect(phone[0]).toMatchObject({ label: '手机', before: '138******78', after: '139******21', masked: true });
    expect(JSON.stringify(changes)).not.toContain('13812345678');
    expect(JSON.stringify(changes)).not.toContain('13987654321');
    // A field that is not sensitive stays readable to them.
    expect(changes.find((c) => c.field === 'enName')).toMatchObject({ after: 'Tommy', masked: false });
  });

  it('puts the same changes in the operation log entry, in the caller’s language', async () => {
    const q = `{ operationLogs(first: 5, filter: { operation: "archive.bio" }) { edges { node { operationLabel targetLabel } } } }`;
    const zh = (await run<{ operationLogs: { edges: Array<{ node: { operationLabel: string; targetLabel: string } }> } }>(t, g.admin!, q)).operationLogs.edges[0]!.node;
    expect(zh).toEqual({ operationLabel: '保存学员信息', targetLabel: '唐明轩的档案' });
    await t.db.user.update({ where: { account: 'admin' }, data: { language: 1 } });
    const res = await t.app.fetch(
      new Request('http://test.local/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-token': g.admin!, 'x-forwarded-for': '127.0.0.1', cookie: 'lang=en' },
        body: JSON.stringify({ query: `{ operationLogs(first: 5, filter: { operation: "archive.bio" }) { edges { node { operationLabel targetLabel changes { field label before after masked } } } } }` }),
      }),
    );
    const body = (await res.json()) as { data: { operationLogs: { edges: Array<{ node: { operationLabel: string; targetLabel: string; changes: Array<Record<string, unknown>> } }> } } };
    const latest = body.data.operationLogs.edges[0]!.node;
    expect(latest.operationLabel).toBe('Saved Student bio');
    expect(latest.targetLabel).toBe("Tommy's archive");
    expect(latest.changes).toContainEqual({ field: 'phone', label: 'Mobile phone', before: '13812345678', after: '13987654321', masked: false });
    await t.db.user.update({ where: { account: 'admin' }, data: { language: 0 } });
  });

  it('records a role’s rights granted and taken away', async () => {
    const role = await t.db.role.findFirstOrThrow({ where: { code: 'sales' }, select: { id: true, rights: { select: { rightId: true } } } });
    const right = await t.db.right.findFirstOrThrow({ where: { key: 'archive.sensitive' }, select: { id: true } });
    const res = await run(t, g.admin!, `mutation($input: SaveRoleRightsInput!) { saveRoleRights(input: $input) { __typename ... on Error { message } } }`, {
      input: { roleId: gid('Role', role.id), rightIds: [...role.rights.map((r) => r.rightId), right.id] },
    });
    expect(res.saveRoleRights.__typename).not.toMatch(/Error/);
    const rows = await t.db.operationChange.findMany({ where: { entity: 'Role', entityId: String(role.id), field: 'right' } });
    expect(rows.map((r) => r.after)).toContain(JSON.stringify({ zh: '查看敏感信息', en: 'See sensitive data' }));
  });
});
