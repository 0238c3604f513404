/**
 * Colours of My Calendar: the fill by project (a fixed palette, cycled by project id; no
 * project: slate), the left edge by event type; unpublished events are striped and faded;
 * schedule entries are green (regular) or orange (overtime) with a dotted edge.
 */
const PROJECT_FILL = ['#2563eb', '#7c3aed', '#0891b2', '#db2777', '#65a30d', '#c2410c', '#4f46e5', '#0d9488', '#9333ea', '#b45309'];
const NO_PROJECT = '#475569';
export const TYPE_EDGE: Record<number, string> = { 1: '#1e3a8a', 2: '#facc15', 3: '#f97316', 4: '#22c55e', 5: '#e5e7eb' };
export const EVENT_TYPES = [1, 2, 3, 4, 5] as const;
export const ENTRY_REGULAR = '#15803d';
export const ENTRY_OVERTIME = '#ea580c';

export function projectColour(projectId: number | null | undefined): string {
  if (!projectId) return NO_PROJECT;
  return PROJECT_FILL[projectId % PROJECT_FILL.length]!;
}

export function typeEdge(type: number): string {
  return TYPE_EDGE[type] ?? '#94a3b8';
}

const STRIPES = 'repeating-linear-gradient(135deg, rgba(255,255,255,0.0) 0 6px, rgba(255,255,255,0.35) 6px 12px)';

/** Inline style of one work event on the grid. */
export function eventStyle(e: { projectId: number | null; type: number; published: boolean }): React.CSSProperties {
  const fill = projectColour(e.projectId);
  return {
    backgroundColor: fill,
    backgroundImage: e.published ? undefined : STRIPES,
    opacity: e.published ? 1 : 0.8,
    borderLeft: `4px solid ${typeEdge(e.type)}`,
    borderStyle: e.published ? 'solid' : 'dashed',
    color: '#fff',
  };
}

/** Inline style of one schedule entry on the grid. */
export function entryStyle(overtime: boolean): React.CSSProperties {
  const fill = overtime ? ENTRY_OVERTIME : ENTRY_REGULAR;
  return { backgroundColor: '#f0fdf4', color: '#14532d', border: `1px dotted ${fill}`, borderLeft: `4px solid ${fill}` };
}
