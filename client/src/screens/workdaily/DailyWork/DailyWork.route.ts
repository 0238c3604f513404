import { DateTime } from 'luxon';
import type { RouteQuery } from '../../../relay/routeQuery.ts';
import { sessionUser } from '../../../state/session.ts';
import query, { type DailyWorkQuery } from './__generated__/DailyWorkQuery.graphql.ts';

/**
 * The viewer's own entries only (a manager's list would otherwise hold everyone's): the week of
 * the day shown (the missing-days banner asks the server for its days).
 */
export function dailyVariables(day: string): DailyWorkQuery['variables'] {
  const me = sessionUser.get()?.databaseId;
  const employeeIds = me ? [btoa(`User:${me}`)] : [];
  const d = DateTime.fromISO(day);
  return {
    day,
    week: { from: d.startOf('week').toISODate()!, to: d.endOf('week').toISODate()!, employeeIds },
  };
}

/** /mission/daily-work starts with the URL's day (default today). */
export const dailyWorkRoute: RouteQuery<DailyWorkQuery> = {
  query,
  variables: () => {
    const today = DateTime.now()
      .setZone(sessionUser.get()?.timeZone ?? undefined)
      .toISODate()!;
    const day = new URLSearchParams(window.location.hash.split('?')[1] ?? '').get('day');
    return dailyVariables(day && /^\d{4}-\d{2}-\d{2}$/.test(day) ? day : today);
  },
};
