import { DateTime } from 'luxon';
import { sessionUser } from '../../../state/session.ts';
import type { RouteQuery } from '../../../relay/routeQuery.ts';
import query, { type ProjectCostQuery } from './__generated__/ProjectCostQuery.graphql.ts';

/** The default span's first and last day (six months to the end of this one), in the viewer's zone. */
export function defaultSpan(): { from: string; to: string } {
  const month = DateTime.now().setZone(sessionUser.get()?.timeZone).startOf('month');
  return { from: month.minus({ months: 5 }).toISODate()!, to: month.endOf('month').toISODate()! };
}

/** /project/cost: the projects to choose from and which have hours (the hours load per month once one is chosen). */
export const projectCostRoute: RouteQuery<ProjectCostQuery> = { query, variables: () => defaultSpan() };
