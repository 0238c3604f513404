/**
 * The fuzz suites of `npm test` (not a test file): a fixed seed and a few dozen inputs per
 * operation, as admin (writes reach validation) and a few as an unprivileged role. Each test
 * file takes one shard of the operations and its own database, so the files run in parallel.
 * `npm run fuzz` (scripts/fuzz.ts) runs the same operations with 1,000+ inputs each.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '../../server/graphql/schema.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { graphqlOperations, legacyOperations, type Operation, type Protect } from './inputs.ts';
import { fuzzOperation, RowCounter, type FuzzTarget } from './runner.ts';
import { ACCOUNTS, protectedUserIds, sessionOf } from './session.ts';

/** Inputs per operation in `npm test` (fixed seed), as admin and as the unprivileged role. */
export const TEST_RUNS = { admin: 18, consultant: 6 };
export const TEST_SEED = 20261125;

/** The operations of a door; the protected ids only narrow what is generated, not which operations exist. */
export function operationsOf(door: 'GraphQL' | 'legacy', protect: Protect = { userIds: [] }): Operation[] {
  return door === 'GraphQL' ? graphqlOperations(schema, protect) : legacyOperations(protect);
}

export function describeFuzzShard(door: 'GraphQL' | 'legacy', shard: number, shards: number): void {
  const names = operationsOf(door)
    .map((o) => o.name)
    .filter((_, i) => i % shards === shard);
  let t: TestApp;
  let pool: pg.Pool;
  let counter: RowCounter;
  const byName = new Map<string, Operation>();
  const targets = {} as Record<keyof typeof ACCOUNTS, FuzzTarget>;

  beforeAll(async () => {
    t = await createTestApp({ trustProxy: true });
    pool = new pg.Pool({ connectionString: t.url, max: 2 });
    counter = new RowCounter(pool);
    await counter.init();
    const protect = { userIds: await protectedUserIds(pool) };
    for (const op of operationsOf(door, protect)) byName.set(op.name, op);
    const fetch = (r: Request) => t.app.fetch(r);
    for (const role of Object.keys(ACCOUNTS) as Array<keyof typeof ACCOUNTS>) {
      const session = sessionOf(pool, fetch, ACCOUNTS[role]);
      targets[role] = { fetch, pool, relogin: session.relogin, token: await session.login() };
    }
  });
  afterAll(async () => {
    await pool?.end();
    await t?.close();
  });

  describe(`${door} fuzz, shard ${shard + 1} of ${shards}`, () => {
    it.each(names)('%s: no 5xx, no internals, no half-write', async (name) => {
      const op = byName.get(name)!;
      for (const role of ['admin', 'consultant'] as const) {
        const { stats, violations } = await fuzzOperation(targets[role], counter, op, { numRuns: TEST_RUNS[role], seed: TEST_SEED });
        expect(violations, `${role}: ${JSON.stringify(violations, null, 1).slice(0, 3000)}`).toEqual([]);
        expect(stats.inputs).toBe(TEST_RUNS[role]);
      }
    });
  });
}
