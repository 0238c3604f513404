/**
 * The task list makes the same small number of SQL statements whatever the page size: the
 * relations (assigner, executor, project, additions, last log line) are read in the list's
 * own statement, never once per row.
 */
import { describe, expect, it } from 'vitest';
import { useStatementCounter } from '../../helpers/statements.ts';
import { who } from './support.ts';

const counter = useStatementCounter(who('admin'));
const count = counter.count;

const LIST = `query($n: Int!) { tasks(first: $n) { edges { node {
  id title state assigner { name } executor { name } project { name } additions { content } lastLog { logNote logTime }
} } } }`;

describe('SQL statements per task list', () => {
  it('one statement for the list and its relations, on top of authentication, for 5 or 60 rows', async () => {
    const auth = await counter.authStatements();
    const small = await count(LIST, { n: 5 });
    const large = await count(LIST, { n: 60 });
    expect(small.data.tasks.edges).toHaveLength(5);
    expect(large.data.tasks.edges).toHaveLength(60);
    expect(large.data.tasks.edges.some((e: any) => e.node.additions.length > 0)).toBe(true);
    expect(large.data.tasks.edges.every((e: any) => e.node.lastLog !== null)).toBe(true);
    expect(small.n - auth).toBe(1);
    expect(large.n - auth).toBe(1);
  });
});
