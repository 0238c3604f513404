/**
 * The archive list makes the same number of SQL statements whatever the page size: the
 * people of each archive (consultant, acting consultant, salesperson) are read with the list,
 * never once per row.
 */
import { describe, expect, it } from 'vitest';
import { DEMO } from '../../helpers/app.ts';
import { useStatementCounter } from '../../helpers/statements.ts';

const counter = useStatementCounter(DEMO.admin);
const LIST = `query($n: Int!) { archives(first: $n) { totalCount edges { node {
  id databaseId name userName grade year status locked applyingStatus applicationType createdAt
  consultant { id name } actingConsultant { id name } salesperson { id name }
} } } }`;

describe('SQL statements per archive list', () => {
  it('the same statements for 3 rows as for 30, with their people', async () => {
    await counter.authStatements();
    const small = await counter.count(LIST, { n: 3 });
    const large = await counter.count(LIST, { n: 30 });
    expect(small.data.archives.edges).toHaveLength(3);
    expect(large.data.archives.edges.length).toBeGreaterThanOrEqual(10);
    expect(large.data.archives.edges.some((e: any) => e.node.consultant !== null)).toBe(true);
    expect(large.n).toBe(small.n);
  });
});
