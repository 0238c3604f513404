import { DateTime } from 'luxon';
import type { TaskFilter, TaskOrder } from './__generated__/AllTasksQuery.graphql.ts';

/** The sortable columns and their direction, as the URL keeps them (`sort`, `dir`). */
export type Sort = { by: 'title' | 'priority' | 'state' | 'created'; dir: 'asc' | 'desc' };

/** The server's order for a column and direction (TaskOrder). */
export function orderOf(s: Sort): TaskOrder {
  if (s.by === 'title') return s.dir === 'asc' ? 'TITLE' : 'TITLE_DESC';
  if (s.by === 'priority') return s.dir === 'asc' ? 'PRIORITY' : 'PRIORITY_LOW';
  if (s.by === 'state') return 'STATE';
  return s.dir === 'asc' ? 'OLDEST' : 'NEWEST';
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The list's filter from the URL (`q`, `state`, `priority`, `type`, `project`, `assigner`,
 * `executor`, `from`, `to`): days are whole days in the viewer's zone.
 */
export function filterFromParams(p: URLSearchParams, zone?: string): TaskFilter {
  const f: { -readonly [K in keyof TaskFilter]: TaskFilter[K] } = {};
  const q = p.get('q')?.trim();
  if (q) f.search = q;
  if (p.get('state')) f.state = p.get('state') as TaskFilter['state'];
  if (p.get('priority')) f.priority = p.get('priority') as TaskFilter['priority'];
  if (p.get('type')) f.type = p.get('type') as TaskFilter['type'];
  if (p.get('project')) f.projectId = p.get('project');
  if (p.get('assigner')) f.assignerId = p.get('assigner');
  if (p.get('executor')) f.executorId = p.get('executor');
  const from = p.get('from');
  const to = p.get('to');
  if (from && DAY.test(from)) f.createdFrom = DateTime.fromISO(from, { zone }).startOf('day').toUTC().toISO();
  if (to && DAY.test(to)) f.createdTo = DateTime.fromISO(to, { zone }).endOf('day').toUTC().toISO();
  return f;
}
