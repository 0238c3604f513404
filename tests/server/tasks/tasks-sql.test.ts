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

  it('a list reads the additions as a count and the newest few: still one statement, and bounded whatever the number of additions', async () => {
    const RECENT = `query($n: Int!) { tasks(first: $n) { edges { node { id databaseId additionCount recentAdditions(first: 2) { databaseId content createdAt } } } } }`;
    const auth = await counter.authStatements();
    const busy = await counter.t.db.workTask.findFirstOrThrow({ orderBy: { id: 'desc' }, select: { id: true, assignerId: true } });
    await counter.t.db.$executeRaw`INSERT INTO task_additions (task_id, user_id, content, created_at)
      SELECT ${busy.id}, ${busy.assignerId}, 'note ' || i, timestamptz '2026-09-01 00:00:00+00' + make_interval(mins => i) FROM generate_series(1, 50) AS i`;
    const small = await count(RECENT, { n: 5 });
    const large = await count(RECENT, { n: 60 });
    expect(small.n - auth).toBe(1);
    expect(large.n - auth).toBe(1);
    const node = small.data.tasks.edges.find((e: any) => e.node.databaseId === busy.id).node;
    const all = await counter.t.db.taskAddition.findMany({ where: { taskId: busy.id }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], select: { id: true } });
    expect(node.additionCount).toBe(all.length);
    expect(node.recentAdditions.map((a: any) => a.databaseId)).toEqual(all.slice(0, 2).map((a) => a.id));
    for (const e of large.data.tasks.edges) expect(e.node.recentAdditions.length).toBeLessThanOrEqual(Math.min(2, e.node.additionCount));
  });
});
