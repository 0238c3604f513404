/**
 * The bars of the summary tab's charts (docs/courses-ui.md, "Summary charts beyond 12"): the
 * first 12 rows by name (the server's order: most hours first) and, when there are more, one
 * bar for the rest, summed: hours added, rates pooled (taken over places, done over set).
 */
export const CHART_BARS = 12;

/** A whole percentage; 0 when there is nothing to count. */
export const pct = (a: number, b: number) => (b ? Math.round((a / b) * 100) : 0);

const sum = <R>(rows: readonly R[], f: (r: R) => number) => rows.reduce((n, r) => n + f(r), 0);
const tenth = (n: number) => Math.round(n * 10) / 10;

export type LecturerRow = { name: string; hours: number };
export type CourseRow = { name: string; taken: number; places: number; homeworkDone: number; homeworkSet: number };

/** Hours taught per lecturer; `others(n)` names the bar of the n others. */
export function lecturerBars(rows: readonly LecturerRow[], others: (count: number) => string): Array<{ name: string; hours: number }> {
  const rest = rows.slice(CHART_BARS);
  return [...rows.slice(0, CHART_BARS).map((l) => ({ name: l.name, hours: tenth(l.hours) })), ...(rest.length ? [{ name: others(rest.length), hours: tenth(sum(rest, (l) => l.hours)) }] : [])];
}

/** Attendance and homework rates per course (long names cut); `others(n)` names the bar of the n others. */
export function courseBars(rows: readonly CourseRow[], others: (count: number) => string): Array<{ name: string; attendance: number; homework: number }> {
  const rest = rows.slice(CHART_BARS);
  const bar = (name: string, r: readonly CourseRow[]) => ({
    name,
    attendance: pct(
      sum(r, (c) => c.taken),
      sum(r, (c) => c.places),
    ),
    homework: pct(
      sum(r, (c) => c.homeworkDone),
      sum(r, (c) => c.homeworkSet),
    ),
  });
  return [...rows.slice(0, CHART_BARS).map((c) => bar(c.name.length > 14 ? `${c.name.slice(0, 13)}…` : c.name, [c])), ...(rest.length ? [bar(others(rest.length), rest)] : [])];
}
