/**
 * The operation log grows without bound: both doors read a page with `LIMIT n+1` and count only
 * up to COUNT_CAP, so a page costs the same statements for a few rows and for more than the cap.
 */
import { describe, expect, it } from 'vitest';
import { COUNT_CAP } from '../../../server/lib/counting.ts';
import { DEMO } from '../../helpers/app.ts';
import { expectBounded, PAST_CAP } from '../../helpers/counting.ts';
import { useStatementCounter } from '../../helpers/statements.ts';

const counter = useStatementCounter(DEMO.admin);
const LOGS = '/api/admin/sys/operate/log/listSysOperateLogByPage.htm';
const FIRST = `{ operationLogs(first: 20) { edges { node { id operation outcome createdAt } } pageInfo { hasNextPage } } }`;

async function fill(n: number) {
  await counter.t.db.$executeRaw`INSERT INTO operation_logs (operation, outcome, door, account, target_ids, created_at)
    SELECT 'bulk.row' || (i - 1), 'SUCCESS', 'REST', 'bulk', '{}', timestamptz '2026-01-01 00:00:00+00' + make_interval(secs => i) FROM generate_series(1, ${n}) AS i`;
}

describe('SQL statements per operation-log page', () => {
  it('are the same for a small log and one past the count cap, on both doors, each read bounded', async () => {
    await counter.authStatements(); // the first request of a session may refresh last-active
    const gqlSmall = await counter.count(FIRST);
    const restSmall = await counter.countRest(LOGS, { pageResult: { currentPage: 1, pageSize: 20 } });
    expect(restSmall.data.rows).toBeLessThan(COUNT_CAP);
    expect(restSmall.data.rows).toBe(await counter.t.db.operationLog.count());

    await fill(PAST_CAP);
    const gqlLarge = await counter.count(FIRST);
    const restLarge = await counter.countRest(LOGS, { pageResult: { currentPage: 1, pageSize: 20 } });

    expect(gqlLarge.n).toBe(gqlSmall.n);
    expect(restLarge.n).toBe(restSmall.n);
    expectBounded(gqlLarge.statements, 'operation_logs');
    expectBounded(restLarge.statements, 'operation_logs');
    expect(gqlLarge.data.operationLogs.pageInfo.hasNextPage).toBe(true);
    // Past the cap the legacy `rows` says "more than 10,000" and still offers the next page.
    expect(restLarge.data.rows).toBe(COUNT_CAP + 1);
    expect(restLarge.data.resultList).toHaveLength(20);
  }, 120_000);

  it('keeps `rows` past the cap above the rows up to a deep page, and exact under a narrow filter', async () => {
    const deep = await counter.countRest(LOGS, { pageResult: { currentPage: 502, pageSize: 20 } });
    expect(deep.data.resultList).toHaveLength(20);
    expect(deep.data.rows).toBeGreaterThan(502 * 20);
    const narrow = await counter.countRest(LOGS, { pageResult: { currentPage: 1, pageSize: 20 }, condition: { operation: 'bulk.row1' } });
    // bulk.row1, bulk.row10…19, bulk.row100…199, bulk.row1000…1999, bulk.row10000…10039
    expect(narrow.data.rows).toBe(1 + 10 + 100 + 1000 + 40);
  });
});
