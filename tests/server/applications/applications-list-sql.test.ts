/**
 * The application list makes the same number of SQL statements whatever the page size: each
 * application's school, archive and student are read with the list, never once per row.
 */
import { describe, expect, it } from 'vitest';
import { DEMO } from '../../helpers/app.ts';
import { useStatementCounter } from '../../helpers/statements.ts';

const counter = useStatementCounter(DEMO.admin);
const LIST = `query($n: Int!) { applications(first: $n) { edges { node {
  id databaseId year state stateLabel progress inquiry interview deadline createdAt
  school { id name chineseName } archive { id name } student { id name }
} } } }`;

describe('SQL statements per application list', () => {
  it('the same statements for 3 applications as for 30, with their schools, archives and students', async () => {
    await counter.authStatements();
    const small = await counter.count(LIST, { n: 3 });
    const large = await counter.count(LIST, { n: 30 });
    expect(small.data.applications.edges).toHaveLength(3);
    expect(large.data.applications.edges.length).toBeGreaterThanOrEqual(10);
    expect(large.data.applications.edges.every((e: any) => e.node.school.name)).toBe(true);
    expect(large.n).toBe(small.n);
  });
});
