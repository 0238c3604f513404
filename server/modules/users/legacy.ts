import type { Params } from '../../rest/body.ts';

/**
 * Reading the old client's parameters: values may sit at the top level or under
 * `condition`; ids arrive as `id`, `ids`, `selIds` (arrays or comma lists); booleans and
 * numbers arrive as strings from query strings and form posts. Values that cannot be read
 * are passed through unchanged so that the service's validation names them.
 */
export function legacyParams(params: Params): Record<string, unknown> {
  const condition = params.condition && typeof params.condition === 'object' && !Array.isArray(params.condition) ? (params.condition as Params) : {};
  return { ...condition, ...params };
}

const blank = (v: unknown) => v === undefined || v === null || v === '';

/** The first given value among the names. */
export function pick(p: Record<string, unknown>, ...names: string[]): unknown {
  for (const n of names) if (!blank(p[n])) return p[n];
  return undefined;
}

/** A number from a number or a numeric string; other values unchanged (validation names them). */
export function num(v: unknown): unknown {
  if (typeof v === 'string' && /^-?\d+$/.test(v.trim())) return Number(v.trim());
  return blank(v) ? undefined : v;
}

export function bool(v: unknown): unknown {
  if (v === 'true' || v === '1' || v === 1) return true;
  if (v === 'false' || v === '0' || v === 0) return false;
  return blank(v) ? undefined : v;
}

/** A list of ids from an array, a comma list or a single value. */
export function idList(v: unknown): unknown {
  if (blank(v)) return undefined;
  if (Array.isArray(v)) return v.map(num);
  if (typeof v === 'string') return v.split(',').map((s) => s.trim()).filter(Boolean).map(num);
  return [num(v)];
}

export function pageJson<T>(page: { currentPage: number; pageSize: number }, total: number, resultList: T[]) {
  return { currentPage: page.currentPage, pageSize: page.pageSize, rows: total, resultList };
}
