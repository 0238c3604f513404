/** Pure checks of the task forms (unit tested in tests/client/editor-rules.test.ts). */
import type { TaskPriorityCode, TaskStateCode } from '../../../components/task/codes.ts';

export type TaskRole = 'ASSIGNED_TO_ME' | 'ASSIGNED_BY_ME';
export type ListFilters = {
  role: TaskRole;
  state: TaskStateCode | '';
  priority: TaskPriorityCode | '';
  project: { id: string; name: string; nameEn: string | null } | null;
  search: string;
};
export type NewTask = { state: TaskStateCode; priority: TaskPriorityCode; projectId: string; title: string };
export type Problem = 'project' | 'title' | 'executor';

/** Spec section 5, task save: project, then title, then the assigned person. */
export function firstProblem(form: { project: unknown; title: string; executor: unknown }): Problem | null {
  if (!form.project) return 'project';
  if (!form.title.trim()) return 'title';
  if (!form.executor) return 'executor';
  return null;
}

/** True when rich HTML shows nothing (no text, no image): the server's own rule, checked first here. */
export function isBlankHtml(html: string): boolean {
  if (/<img\b/i.test(html)) return false;
  const text = html.replace(/<[^>]*>/g, '').replace(/&nbsp;|&#160;|\u00a0/g, ' ');
  return text.trim() === '';
}

/** The first schedule row without hours (请填写工时), or -1. Hours are sent as a float. */
export function rowMissingHours(rows: ReadonlyArray<{ hours: string }>): number {
  return rows.findIndex((r) => !r.hours.trim() || Number.isNaN(Number.parseFloat(r.hours)));
}

/** Whether a task the viewer just created belongs in the list shown (so it is added there). */
export function newTaskFits(filter: ListFilters, task: NewTask): boolean {
  if (filter.role !== 'ASSIGNED_BY_ME') return false;
  if (filter.state && filter.state !== task.state) return false;
  if (filter.priority && filter.priority !== task.priority) return false;
  if (filter.project && filter.project.id !== task.projectId) return false;
  if (filter.search && !task.title.toLowerCase().includes(filter.search.toLowerCase())) return false;
  return true;
}

/** Today as yyyy-MM-dd in a time zone. */
export function todayIn(zone: string | undefined): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
}
