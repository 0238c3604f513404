import { z } from 'zod';
import { ValidationError } from '../errors.ts';
import { containsNul } from './text.ts';

/** Code of a ValidationError for a value of the wrong type. */
export const WRONG_TYPE = 'WRONG_TYPE';

/**
 * Most items any list of a request may hold, on both doors (argument, input list, id list,
 * batch rows): what a back office sends at once is a page or a selection, never more
 * (docs/security.md). Services cap their own lists lower where the work per item is heavy.
 */
export const MAX_LIST_ITEMS = 1000;

/** Code of a refusal for a request over a limit (the legacy door answers it with HTTP 400). */
export const LIMIT_EXCEEDED = 'LIMIT_EXCEEDED';

/** Database ids are 32-bit: anything larger cannot exist. */
export const dbId = () => z.coerce.number().int().positive().max(2_147_483_647);

/** Whether a value is a database id as such (a whole number from 1 to 2^31 − 1), before any query uses it. */
export const isDbId = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v > 0 && v <= 2_147_483_647;

/** `[1, 2]`, `"1,2"` or `1`: a list of database ids (one to 500). */
export const dbIdList = z.preprocess(
  (v) =>
    Array.isArray(v)
      ? v
      : typeof v === 'number'
        ? [v]
        : typeof v === 'string'
          ? v
              .split(',')
              .map((s) => s.trim())
              .filter(Boolean)
          : v,
  z.array(dbId()).min(1).max(500),
);

/** Longest text any single-line field accepts unless a module says otherwise. */
export const MAX_LINE = 200;

/**
 * Parses service input with a zod schema; the first issue becomes a translated
 * ValidationError naming the field (its public name, never an internal one).
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  // PostgreSQL text cannot hold U+0000: refuse it for every service, naming no internals.
  if (containsNul(input)) throw new ValidationError('validation.invalid', { field: 'input' });
  const result = schema.safeParse(input, { reportInput: true });
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.map(String).join('.') || 'input';
  const given = (issue as { input?: unknown } | undefined)?.input;
  if (issue?.code === 'too_big' && (issue as { origin?: string }).origin === 'string') {
    throw new ValidationError('validation.tooLong', { field, max: Number((issue as { maximum?: number | bigint }).maximum ?? 0) });
  }
  if (issue?.code === 'invalid_type') {
    if (given === undefined || given === null) throw new ValidationError('validation.required', { field });
    // A value of the wrong type: the legacy door answers HTTP 400 for it (legacy-rest.md).
    throw new ValidationError('validation.invalid', { field }, WRONG_TYPE);
  }
  throw new ValidationError('validation.invalid', { field });
}

export { z };

/**
 * A service's input, parsed at the door with the service's schema (`atDoor`): the typed value,
 * or the refusal the parse gave. The service reads it with `inputOf` where it used to parse,
 * after its rights check and inside its write, so a caller without the right still hears
 * "forbidden" before "invalid", and a refused write keeps its operation-log row
 * (docs/decisions.md, "Typed service inputs").
 */
export type Parsed<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: unknown };

/** The door's half: parses `raw` with the service's schema (as `parseInput`), keeping a refusal for the service to raise. */
export function atDoor<S extends z.ZodType>(schema: S, raw: unknown): Parsed<z.output<S>> {
  try {
    return { ok: true, value: parseInput(schema, raw) };
  } catch (error) {
    return { ok: false, error };
  }
}

/** The service's half: the value, or the door's refusal thrown here. */
export function inputOf<T>(input: Parsed<T>): T {
  if (input.ok) return input.value;
  throw input.error;
}
