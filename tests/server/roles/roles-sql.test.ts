/**
 * Saving a role's rights makes the same small number of SQL statements whatever the number
 * of rights: the right tree is read once, the role's rights replaced by one delete and one
 * insert of all rows, never one statement per right.
 */
import { describe, expect, it } from 'vitest';
import { DEMO } from '../../helpers/app.ts';
import { useStatementCounter } from '../../helpers/statements.ts';
import { globalId } from '../support.ts';

const counter = useStatementCounter(DEMO.admin);
const count = counter.count;

const SAVE = `mutation($i: SaveRoleRightsInput!) { saveRoleRights(input: $i) {
  __typename ... on SaveRoleRightsPayload { role { rightIds } } ... on Error { code }
} }`;

describe("SQL statements per saving of a role's rights", () => {
  it('the same count for 2 or 40 rights', async () => {
    const role = await counter.t.db.role.create({ data: { name: '统计角色', code: `sql.count.${Date.now().toString(36)}` } });
    const leaves = await counter.t.db.right.findMany({ where: { showType: 1, children: { none: {} } }, select: { id: true }, orderBy: { id: 'asc' }, take: 40 });
    expect(leaves.length).toBe(40);
    const save = (rightIds: number[]) => count(SAVE, { i: { roleId: globalId('Role', role.id), rightIds, display: 'PC' } });
    const auth = await counter.authStatements();
    const few = await save(leaves.slice(0, 2).map((r) => r.id));
    const many = await save(leaves.map((r) => r.id));
    expect(few.data.saveRoleRights.__typename).toBe('SaveRoleRightsPayload');
    expect(many.data.saveRoleRights.role.rightIds.length).toBeGreaterThanOrEqual(40);
    expect(many.n).toBe(few.n);
    expect(few.n - auth).toBeLessThanOrEqual(11); // measured: 11 (the write, the rights before and the changed ones for the audit trail, its log row, the sessions it changed, the payload's role)
  });
});
