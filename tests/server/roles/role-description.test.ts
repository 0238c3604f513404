/**
 * A role's description in each language (issue 32 item 13): the seed keeps Chinese and English
 * apart, `localizedDescription` answers in the caller's language, and saveRole keeps both.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, gql, loginRest, type TestApp } from '../../helpers/app.ts';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginRest(t, DEMO.admin);
});
afterAll(async () => {
  await t.close();
});

type Role = { id: string; code: string; description: string | null; descriptionEn: string | null; localizedDescription: string | null };
const ROLES = '{ roleList(type: STAFF, first: 50) { edges { node { id code description descriptionEn localizedDescription } } } }';

async function roles(headers: Record<string, string> = {}): Promise<Role[]> {
  const res = await gql<{ roleList: { edges: Array<{ node: Role }> } }>(t, ROLES, {}, { token: admin, headers });
  expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
  return res.body.data!.roleList.edges.map((e) => e.node);
}

describe('role descriptions', () => {
  it('are kept per language and shown in the caller’s', async () => {
    const zh = (await roles()).find((r) => r.code === 'consultant')!;
    expect(zh).toMatchObject({ description: '负责学员档案、选校与申请进度', descriptionEn: 'Student archives, school lists and application progress', localizedDescription: '负责学员档案、选校与申请进度' });
    await t.db.user.update({ where: { account: 'admin' }, data: { language: 1 } });
    try {
      const en = (await roles()).find((r) => r.code === 'consultant')!;
      expect(en.localizedDescription).toBe('Student archives, school lists and application progress');
    } finally {
      await t.db.user.update({ where: { account: 'admin' }, data: { language: 0 } });
    }
  });

  it('saveRole stores the English description; a role without one shows the Chinese to everyone', async () => {
    const save = async (input: Record<string, unknown>) =>
      (
        await gql<{ saveRole: { __typename: string; role?: Role } }>(
          t,
          'mutation($i: SaveRoleInput!) { saveRole(input: $i) { __typename ... on RolePayload { role { id code description descriptionEn localizedDescription } } } }',
          { i: input },
          { token: admin },
        )
      ).body.data!.saveRole;
    const made = await save({ name: '测试说明', code: `desc.${Date.now()}`, description: '只有中文' });
    expect(made.role).toMatchObject({ description: '只有中文', descriptionEn: null });
    const edited = await save({ roleId: made.role!.id, name: '测试说明', code: made.role!.code, description: '中文说明', descriptionEn: 'English text' });
    expect(edited.role).toMatchObject({ description: '中文说明', descriptionEn: 'English text', localizedDescription: '中文说明' });
  });
});
