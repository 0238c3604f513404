import { DateTime } from 'luxon';
import type { RouteQuery } from '../../../relay/routeQuery.ts';
import { sessionUser } from '../../../state/session.ts';
import query, { type HomeQuery } from './__generated__/HomeQuery.graphql.ts';

/** Today and this week (Monday to Sunday) in the viewer's zone: what the home page asks for. */
export function homeVariables(zone = sessionUser.get()?.timeZone): HomeQuery['variables'] {
  const now = DateTime.now().setZone(zone);
  const day = now.startOf('day');
  const week = now.startOf('week');
  return { from: day.toISO()!, to: day.plus({ days: 1 }).toISO()!, weekFrom: week.toISODate()!, weekTo: week.plus({ days: 6 }).toISODate()! };
}

export const homeRoute: RouteQuery<HomeQuery> = { query, variables: () => homeVariables() };
