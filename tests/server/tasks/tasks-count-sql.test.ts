/**
 * Tasks accumulate without bound: the task list reads a page with `LIMIT n+1` and counts only up
 * to COUNT_CAP, on both doors, so a page costs the same statements whatever the table's size.
 */
import { describe, expect, it } from 'vitest';
import { COUNT_CAP } from '../../../server/lib/counting.ts';
import { expectBounded, PAST_CAP } from '../../helpers/counting.ts';
import { useStatementCounter } from '../../helpers/statements.ts';
import { who } from './support.ts';

const counter = useStatementCounter(who('admin'));
const PAGE = '/api/admin/work/task/list/page.htm';
const FIRST = `{ tasks(first: 20) { totalCount totalCountCapped edges { node { id title } } pageInfo { hasNextPage } } }`;

describe('SQL statements per task page and its total', () => {
  it('are the same for the demo tasks and for more than the cap, each read bounded; the total says 10,000+', async () => {
    await counter.authStatements();
    const gqlSmall = await counter.count(FIRST);
    const restSmall = await counter.countRest(PAGE, { pageResult: { currentPage: 1, pageSize: 20 } });
    const demo = await counter.t.db.workTask.count();
    expect(gqlSmall.data.tasks).toMatchObject({ totalCount: demo, totalCountCapped: false });
    expect(restSmall.data.rows).toBe(demo);

    const project = await counter.t.db.project.findFirstOrThrow({ select: { id: true } });
    const admin = await counter.t.db.user.findUniqueOrThrow({ where: { account: 'admin' }, select: { id: true } });
    await counter.t.db.$executeRaw`INSERT INTO work_tasks (title, project_id, assigner_id) SELECT 'bulk ' || i, ${project.id}, ${admin.id} FROM generate_series(1, ${PAST_CAP}) AS i`;

    const gqlLarge = await counter.count(FIRST);
    const restLarge = await counter.countRest(PAGE, { pageResult: { currentPage: 1, pageSize: 20 } });
    expect(gqlLarge.n).toBe(gqlSmall.n);
    expect(restLarge.n).toBe(restSmall.n);
    expectBounded(gqlLarge.statements, 'work_tasks');
    expectBounded(restLarge.statements, 'work_tasks');
    expect(gqlLarge.data.tasks).toMatchObject({ totalCount: COUNT_CAP, totalCountCapped: true, pageInfo: { hasNextPage: true } });
    expect(restLarge.data.rows).toBe(COUNT_CAP + 1);
    expect(restLarge.data.resultList).toHaveLength(20);
  }, 120_000);
});
