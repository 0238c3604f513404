import { DateTime } from 'luxon';
import type { View } from 'react-big-calendar';
import type { RouteQuery } from '../../../relay/routeQuery.ts';
import query, { type TaskCalendarQuery } from './__generated__/TaskCalendarQuery.graphql.ts';

/** The days a view shows (month: whole weeks around the month; week; agenda: 30 days). */
export function rangeFor(view: View, date: Date): { from: string; to: string } {
  const d = DateTime.fromJSDate(date).startOf('day');
  if (view === 'month') return { from: d.startOf('month').startOf('week').toISODate()!, to: d.endOf('month').endOf('week').toISODate()! };
  if (view === 'week') return { from: d.startOf('week').toISODate()!, to: d.endOf('week').toISODate()! };
  return { from: d.toISODate()!, to: d.plus({ days: 29 }).toISODate()! };
}

/** /mission/calendar starts with this month; whose entries the server decides (one's own unless a manager asks for more). */
export const taskCalendarRoute: RouteQuery<TaskCalendarQuery> = { query, variables: () => ({ filter: rangeFor('month', new Date()) }) };
