import { DateTime } from 'luxon';

/** Pure rules of the work summary: periods, buckets and the days without a work log. */
export type Granularity = 'day' | 'week' | 'month';

export type Entry = { workDate: string; workHours: number; personId: string; personName: string; projectId: string | null; projectName: string };

/** The period a day falls in: the day itself, the Monday of its week, or its month (yyyy-MM). */
export function periodOf(day: string, g: Granularity): string {
  if (g === 'day') return day;
  const d = DateTime.fromISO(day);
  return g === 'week' ? d.startOf('week').toISODate()! : d.toFormat('yyyy-MM');
}

/** Every period from `from` to `to`, in order (the table's columns, the chart's bars). */
export function periodsBetween(from: string, to: string, g: Granularity): string[] {
  const out: string[] = [];
  let d = DateTime.fromISO(from);
  const end = DateTime.fromISO(to);
  while (d <= end && out.length < 400) {
    const p = periodOf(d.toISODate()!, g);
    if (out[out.length - 1] !== p) out.push(p);
    d = d.plus({ days: 1 });
  }
  return out;
}

/** Weekdays (Monday to Friday) from `from` to the earlier of `to` and `today`. */
export function workdaysBetween(from: string, to: string, today: string): string[] {
  const out: string[] = [];
  const last = to < today ? to : today;
  for (let d = DateTime.fromISO(from); d.toISODate()! <= last && out.length < 400; d = d.plus({ days: 1 })) if (d.weekday <= 5) out.push(d.toISODate()!);
  return out;
}

export type SummaryRow = { key: string; name: string; byPeriod: Record<string, number>; total: number; days: Set<string> };

/** Hours by row (person or project) and period; rows with the most hours first. */
export function summarise(entries: Entry[], rowsBy: 'person' | 'project', g: Granularity): SummaryRow[] {
  const rows = new Map<string, SummaryRow>();
  for (const e of entries) {
    const key = rowsBy === 'person' ? e.personId : (e.projectId ?? '');
    const name = rowsBy === 'person' ? e.personName : e.projectName;
    let row = rows.get(key);
    if (!row) rows.set(key, (row = { key, name, byPeriod: {}, total: 0, days: new Set() }));
    const p = periodOf(e.workDate, g);
    row.byPeriod[p] = round((row.byPeriod[p] ?? 0) + e.workHours);
    row.total = round(row.total + e.workHours);
    row.days.add(e.workDate);
  }
  return [...rows.values()].sort((a, b) => b.total - a.total || a.name.localeCompare(b.name));
}

export const round = (n: number) => Math.round(n * 100) / 100;

/** The days of a person (their entries' days) that are workdays without any entry. */
export function missingDays(days: Set<string>, from: string, to: string, today: string): string[] {
  return workdaysBetween(from, to, today).filter((d) => !days.has(d));
}
