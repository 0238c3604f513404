import { DateTime } from 'luxon';
import type { RouteQuery } from '../../../relay/routeQuery.ts';
import query, { type WorkSummaryQuery } from './__generated__/WorkSummaryQuery.graphql.ts';

/** yyyy-MM-dd days of a zone: today and its month. */
export function defaults(zone?: string) {
  const now = DateTime.now().setZone(zone);
  return { from: now.startOf('month').toISODate()!, to: now.endOf('month').toISODate()!, today: now.toISODate()! };
}

export const rangeOf = (p: URLSearchParams, d: { from: string; to: string }) => ({ from: p.get('from') || d.from, to: p.get('to') || d.to });

export function summaryVariables(v: { from: string; to: string; userIds: string[] | null; projectId: string | null }): WorkSummaryQuery['variables'] {
  return { ...v, filter: { from: v.from, to: v.to, ...(v.userIds ? { employeeIds: v.userIds } : {}), ...(v.projectId ? { projectId: v.projectId } : {}) } };
}

/** /mission/summary starts with the URL's range (default: this month), the team or one's own hours as the server decides. */
export const workSummaryRoute: RouteQuery<WorkSummaryQuery> = {
  query,
  variables: () => {
    const p = new URLSearchParams(window.location.hash.split('?')[1] ?? '');
    const { from, to } = rangeOf(p, defaults());
    return summaryVariables({ from, to, userIds: null, projectId: p.get('project') });
  },
};
