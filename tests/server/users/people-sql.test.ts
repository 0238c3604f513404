/**
 * The people list makes the same number of SQL statements whatever the page size: each
 * person's department and roles are read with the list, never once per row.
 */
import { describe, expect, it } from 'vitest';
import { DEMO } from '../../helpers/app.ts';
import { useStatementCounter } from '../../helpers/statements.ts';

const counter = useStatementCounter(DEMO.admin);
const LIST = `query($n: Int!) { people(first: $n, filter: { type: STAFF }) { totalCount edges { node {
  id name isOnline department { name } roles { code }
} } } }`;

describe('SQL statements per people list', () => {
  it('the same statements for 3 people as for 30, with their departments and roles: the page and its rows', async () => {
    const auth = await counter.authStatements();
    const small = await counter.count(LIST, { n: 3 });
    const large = await counter.count(LIST, { n: 30 });
    expect(small.data.people.edges).toHaveLength(3);
    expect(large.data.people.edges.length).toBeGreaterThanOrEqual(10);
    expect(large.data.people.edges.some((e: any) => e.node.department !== null && e.node.roles.length > 0)).toBe(true);
    expect(large.n).toBe(small.n);
    // One statement for the page's ids and the total (online people first), one for their rows.
    expect(large.n - auth).toBe(2);
  });
});
