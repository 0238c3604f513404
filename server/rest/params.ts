/**
 * The one reading of the old client's parameters, used by every legacy REST file.
 *
 * The old client sends values at the top level or under `condition` (list filters), numbers
 * and flags as strings (query strings, form posts), and id lists as arrays, comma lists or a
 * single value. Each reader below turns what it can read into the value the service expects
 * and passes anything else through unchanged, so that the service's validation refuses it
 * naming the field (never a silent -1 or a guess). Blank (undefined, null, '') means "not given".
 */
import type { ServiceContext } from '../context.ts';
import { ValidationError } from '../errors.ts';
import { isDbId, LIMIT_EXCEEDED, MAX_LIST_ITEMS, WRONG_TYPE } from '../lib/validate.ts';
import { requireZone } from '../lib/zones.ts';
import { requireActor } from '../policy.ts';
import type { Params } from './body.ts';

export type { Params };

/** Blank: not given (undefined, null or the empty text forms send). */
export const isBlank = (v: unknown): v is undefined | null | '' => v === undefined || v === null || v === '';

/**
 * The parameters with the list condition merged in: `condition`'s values win over top-level
 * ones of the same name (lists send their filter there and paging at the top level).
 */
export function withCondition(params: Params): Params {
  const c = params.condition;
  return c && typeof c === 'object' && !Array.isArray(c) ? { ...params, ...(c as Params) } : params;
}

/** The first given (non-blank) value. */
export function first(...values: unknown[]): unknown {
  for (const v of values) if (!isBlank(v)) return v;
  return undefined;
}

/** The first given value among the named parameters. */
export function pick(params: Params, ...names: string[]): unknown {
  for (const n of names) if (!isBlank(params[n])) return params[n];
  return undefined;
}

/** A whole number from a number or a text of digits; blank is undefined; anything else unchanged. */
export function num(v: unknown): unknown {
  if (typeof v === 'string' && /^\s*-?\d+\s*$/.test(v)) return Number(v.trim());
  return isBlank(v) ? undefined : v;
}

/**
 * An optional database id, for reads that put it straight into a query: blank is undefined, a
 * number or text of digits in the id range is the id, anything else is refused naming `field`
 * (a flag or 2^53 must not reach the database: the fuzzer found them answered with HTTP 500).
 */
export function optionalId(v: unknown, field: string): number | undefined {
  const n = num(v);
  if (n === undefined) return undefined;
  if (isDbId(n)) return n;
  throw new ValidationError('validation.invalid', { field }, WRONG_TYPE);
}

/**
 * An optional whole-number code (a state, type, kind or site): blank is undefined, a number or
 * text of digits within PostgreSQL's integer range is the number, anything else is refused
 * naming `field`; the service checks the code's own range.
 */
export function optionalInt(v: unknown, field: string): number | undefined {
  const n = num(v);
  if (n === undefined) return undefined;
  if (typeof n === 'number' && Number.isInteger(n) && n >= -2147483648 && n <= 2147483647) return n;
  throw new ValidationError('validation.invalid', { field }, WRONG_TYPE);
}

/** A flag from true/false, 1/0 or their texts; blank is undefined; anything else unchanged. */
export function flag(v: unknown): unknown {
  if (v === true || v === 1 || v === '1' || v === 'true') return true;
  if (v === false || v === 0 || v === '0' || v === 'false') return false;
  return isBlank(v) ? undefined : v;
}

/**
 * Ids from an array, a comma list or a single value, each read by `num`; blank is undefined.
 * More than MAX_LIST_ITEMS ids are refused at once, naming `field`.
 */
export function idList(v: unknown, field = 'ids'): unknown {
  if (isBlank(v)) return undefined;
  let list: unknown[];
  if (Array.isArray(v)) list = v;
  else if (typeof v === 'string') {
    // Counted before splitting: a text of a million commas is refused without building the list.
    let commas = 0;
    for (let i = v.indexOf(','); i !== -1; i = v.indexOf(',', i + 1)) if (++commas >= MAX_LIST_ITEMS) throw tooMany(field);
    list = v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  } else list = [v];
  if (list.length > MAX_LIST_ITEMS) throw tooMany(field);
  return list.map(num);
}

/** Ids as `idList` reads them, each one checked as `optionalId` does: for reads that put them straight into a query. */
export function optionalIdList(v: unknown, field: string): number[] | undefined {
  const list = idList(v, field) as unknown[] | undefined;
  if (list === undefined) return undefined;
  for (const n of list) if (!isDbId(n)) throw new ValidationError('validation.invalid', { field }, WRONG_TYPE);
  return list as number[];
}

function tooMany(field: string): ValidationError {
  return new ValidationError('limit.listTooLong', { field, max: MAX_LIST_ITEMS }, LIMIT_EXCEEDED);
}

/** The text of a value given as text; blank is undefined; anything else unchanged. */
export function text(v: unknown): unknown {
  return isBlank(v) ? undefined : v;
}

/** The time zone a request's wall times are read in: `timeZone` when given (checked), else the caller's. */
export function zoneOf(ctx: ServiceContext, params: Params = {}): string {
  const z = params.timeZone;
  if (!isBlank(z)) return requireZone(String(z));
  return requireActor(ctx).timeZone;
}
