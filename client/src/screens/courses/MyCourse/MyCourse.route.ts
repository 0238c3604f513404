import { DateTime } from 'luxon';
import type { RouteQuery } from '../../../relay/routeQuery.ts';
import { sessionUser } from '../../../state/session.ts';
import query, { type MyCourseQuery } from './__generated__/MyCourseQuery.graphql.ts';

/** My courses: the viewer's places (a student) or lessons taught (a lecturer), two weeks back to four ahead. */
export const myCourseRoute: RouteQuery<MyCourseQuery> = {
  query,
  variables: () => {
    const me = sessionUser.get()?.databaseId;
    const day = DateTime.now().startOf('day');
    return { lecturerId: me ? btoa(`User:${me}`) : null, from: day.minus({ days: 14 }).toUTC().toISO()!, to: day.plus({ days: 29 }).toUTC().toISO()! };
  },
};
