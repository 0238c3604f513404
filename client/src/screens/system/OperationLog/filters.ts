import { DateTime } from 'luxon';

/** The operation log's URL state (useUrlState) and the filter it means. */
export const LOG_DEFAULTS = { who: '', operation: '', target: '', outcome: '', from: '', to: '' };
export type LogState = { readonly [K in keyof typeof LOG_DEFAULTS]: string };

export type LogFilterInput = { userName?: string; operation?: string; targetType?: string; outcome?: 'SUCCESS' | 'FAILURE'; from?: string; to?: string };

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Days are the viewer's days: `from` is the start of the first, `to` the end of the last, in `zone`. */
export function logFilterOf(s: LogState, zone: string): LogFilterInput {
  const f: LogFilterInput = {};
  if (s.who.trim()) f.userName = s.who.trim();
  if (s.operation.trim()) f.operation = s.operation.trim();
  if (s.target.trim()) f.targetType = s.target.trim();
  if (s.outcome === 'SUCCESS' || s.outcome === 'FAILURE') f.outcome = s.outcome;
  const day = (v: string) => (DAY.test(v) ? DateTime.fromISO(v, { zone }) : null);
  const from = day(s.from);
  const to = day(s.to);
  if (from?.isValid) f.from = from.startOf('day').toUTC().toISO()!;
  if (to?.isValid) f.to = to.endOf('day').toUTC().toISO()!;
  return f;
}
