/**
 * Colours of My Calendar: the fill by project (a fixed palette, cycled by project id; no
 * project: slate), the left edge by event type; unpublished events are pale with a dashed edge;
 * schedule entries are a pale fill of their project's colour with a dotted edge, the left edge green
 * (regular) or orange (overtime).
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

/**
 * Inline style of one work event on the grid. Every border is given a width: react-big-calendar's
 * `border: none` leaves the others at `medium` (3 px) once a style is set, which made events
 * 6 px taller than the row the month view measures, so the last one in a busy cell was cut.
 * Unpublished events are a pale fill of the project's colour with a dashed edge and dark text
 * (readable; before: striped, faded, italic white text).
 */
export function eventStyle(e: { projectId: number | null; type: number; published: boolean }): React.CSSProperties {
  const fill = projectColour(e.projectId);
  if (e.published) return { backgroundColor: fill, borderWidth: '0 0 0 4px', borderStyle: 'solid', borderColor: typeEdge(e.type), color: '#fff' };
  return {
    backgroundColor: `color-mix(in srgb, ${fill} 14%, white)`,
    borderWidth: '1px 1px 1px 4px',
    borderStyle: 'dashed dashed dashed solid',
    borderColor: `${fill} ${fill} ${fill} ${typeEdge(e.type)}`,
    color: '#1f2937',
  };
}

/**
 * Inline style of one schedule entry on the grid: a pale fill and dotted edge of its project's
 * colour (as the legend says; before, every entry was the same green), the left edge green for
 * regular hours and orange for overtime. Without a project (the legend's swatch): pale green.
 */
export function entryStyle(overtime: boolean, projectId?: number | null): React.CSSProperties {
  const edge = overtime ? ENTRY_OVERTIME : ENTRY_REGULAR;
  const fill = projectId ? projectColour(projectId) : edge;
  return {
    backgroundColor: `color-mix(in srgb, ${fill} 12%, white)`,
    color: '#1f2937',
    borderWidth: '1px 1px 1px 4px',
    borderStyle: 'dotted dotted dotted solid',
    borderColor: `${fill} ${fill} ${fill} ${edge}`,
  };
}
