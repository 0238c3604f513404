/**
 * Helpers of the count tests (docs/performance.md, "Counts"): a list whose table grows without
 * bound makes the same statements for a small table and for one past the count's cap, and every
 * statement that reads its table stops at a LIMIT.
 */
import { expect } from 'vitest';
import { COUNT_CAP } from '../../server/lib/counting.ts';

/** More rows than the cap, so the count must stop at it. */
export const PAST_CAP = COUNT_CAP + 40;

/** Every statement that reads `table` carries a LIMIT (the page's n+1 or the count's cap + 1). */
export function expectBounded(statements: string[], table: string): void {
  const reading = statements.filter((q) => q.includes(`"${table}"`) && /^\s*SELECT/i.test(q));
  expect(reading.length).toBeGreaterThan(0);
  for (const q of reading) expect(q, q).toMatch(/\bLIMIT\b/i);
}
