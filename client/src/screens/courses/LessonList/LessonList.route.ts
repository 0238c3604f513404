import { DateTime } from 'luxon';
import type { RouteQuery } from '../../../relay/routeQuery.ts';
import { sessionUser } from '../../../state/session.ts';
import query, { type LessonListQuery } from './__generated__/LessonListQuery.graphql.ts';

const today = DateTime.now();

/** The lesson list's URL state: the view, the days (from a week ago to four weeks ahead) and the filters. */
export const LESSON_LIST_DEFAULTS = {
  view: 'list',
  from: today.minus({ days: 7 }).toISODate()!,
  to: today.plus({ days: 28 }).toISODate()!,
  course: '',
  classroom: '',
  lecturer: '',
  lecturerName: '',
};

const zone = () => sessionUser.get()?.timeZone || undefined;
const dayStart = (d: string) => DateTime.fromISO(d, { zone: zone() }).startOf('day').toUTC().toISO();

export function lessonFilterOf(s: Readonly<Record<keyof typeof LESSON_LIST_DEFAULTS, string>>): LessonListQuery['variables'] {
  const from = dayStart(s.from || LESSON_LIST_DEFAULTS.from);
  const to = DateTime.fromISO(s.to || LESSON_LIST_DEFAULTS.to, { zone: zone() })
    .plus({ days: 1 })
    .startOf('day')
    .toUTC()
    .toISO();
  return {
    filter: { from, to, ...(s.course ? { courseId: s.course } : {}), ...(s.classroom ? { classroomId: s.classroom } : {}), ...(s.lecturer ? { lecturerId: s.lecturer } : {}) },
    // The summary (summed by the server for the same filter) is asked only on its tab.
    summary: s.view === 'summary',
  };
}

/** The lesson list's query as the route starts it: the filters the URL names. */
export const lessonListRoute: RouteQuery<LessonListQuery> = {
  query,
  variables: (params) => lessonFilterOf(Object.fromEntries(Object.entries(LESSON_LIST_DEFAULTS).map(([k, v]) => [k, params[k] ?? v])) as typeof LESSON_LIST_DEFAULTS),
};
