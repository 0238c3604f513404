/**
 * The one reading of Relay global ids in mutation inputs (Pothos' `t.globalID` arguments
 * arrive decoded as `{ typename, id }`).
 *
 * A global id of the expected type answers its database id. One of another type, or one
 * whose id is not a database id, answers `INVALID_ID`: the service's validation refuses it
 * inside its write, so the refusal is answered like any bad input and logged. `null` stays
 * `null` (the input clears the value) and `undefined` stays `undefined` (not given).
 */
export type GlobalIdInput = { typename: string; id: string } | null | undefined;

/** What a mistyped or forged global id becomes: a value every id validation refuses. */
export const INVALID_ID = 'invalid';

const DB_ID = /^[1-9]\d{0,9}$/;

export function localId(value: { typename: string; id: string }, typename: string): number | typeof INVALID_ID;
export function localId(value: GlobalIdInput, typename: string): number | typeof INVALID_ID | null | undefined;
export function localId(value: GlobalIdInput, typename: string): number | typeof INVALID_ID | null | undefined {
  if (value === undefined || value === null) return value;
  if (value.typename !== typename || !DB_ID.test(value.id)) return INVALID_ID;
  return Number(value.id);
}

/** `localId` of each element; `null`/`undefined` lists stay as they are. */
export function localIds(list: readonly GlobalIdInput[] | null | undefined, typename: string): Array<number | typeof INVALID_ID | null | undefined> | null | undefined {
  return list ? list.map((g) => localId(g, typename)) : list;
}
