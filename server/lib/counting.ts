/**
 * Totals of lists whose tables grow without bound (docs/performance.md, "Counts"). A page knows
 * whether more rows follow from reading one row more than it shows (`LIMIT n+1`); its total is
 * counted only up to COUNT_CAP, so a count never reads more than COUNT_CAP + 1 index entries
 * whatever the table's size. Past the cap a screen shows "10,000+".
 */
export const COUNT_CAP = 10_000;

/** A total counted up to the cap: `capped` when there are more than `count` (= COUNT_CAP) rows. */
export type CappedCount = { count: number; capped: boolean };

/**
 * Counts with `count({ take })` (Prisma: `SELECT count(*) FROM (SELECT … LIMIT take)`), reading at
 * most `cap + 1` rows.
 */
export async function countUpTo(count: (take: number) => Promise<number>, cap = COUNT_CAP): Promise<CappedCount> {
  const n = await count(cap + 1);
  return n > cap ? { count: cap, capped: true } : { count: n, capped: false };
}

/**
 * Reads a page with `LIMIT n+1`: the page's rows and whether more follow.
 */
export async function readPagePlusOne<T>(read: (take: number) => Promise<T[]>, size: number): Promise<{ rows: T[]; hasMore: boolean }> {
  const rows = await read(size + 1);
  const hasMore = rows.length > size;
  if (hasMore) rows.length = size;
  return { rows, hasMore };
}

/**
 * The legacy envelope's `rows` (the total) from a capped count: the exact total up to the cap;
 * past it, at least the cap and always more than the rows up to this page when more follow, so
 * an old client's page count stays valid and offers the next page.
 */
export function legacyTotal(total: CappedCount, skip: number, shown: number, hasMore: boolean): number {
  if (!total.capped) return total.count;
  return Math.max(total.count + 1, skip + shown + (hasMore ? 1 : 0));
}

const rawCounts = new WeakMap<Promise<number>, Promise<CappedCount>>();

/**
 * A Pothos connection's `totalCount` callback counting up to the cap, once per connection field
 * (memoised on the field's `args`), and the resolver of its `totalCountCapped` field that reads
 * the same count: both fields cost one statement.
 */
export function cappedConnectionTotal<A extends object, C>(count: (args: A, ctx: C, take: number) => Promise<number>) {
  const memo = new WeakMap<object, Promise<number>>();
  const totalCount = (_parent: unknown, args: A, ctx: C): Promise<number> => {
    let shown = memo.get(args);
    if (!shown) {
      const total = countUpTo((take) => count(args, ctx, take));
      shown = total.then((t) => t.count);
      rawCounts.set(shown, total);
      memo.set(args, shown);
    }
    return shown;
  };
  return totalCount;
}

/** The `totalCountCapped` resolver: the connection object's `totalCount` is the memoised count. */
export async function connectionTotalCapped(connection: unknown): Promise<boolean> {
  const total = (connection as { totalCount?: () => Promise<number> }).totalCount?.();
  const raw = total && rawCounts.get(total);
  return raw ? (await raw).capped : false;
}
