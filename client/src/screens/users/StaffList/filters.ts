/** The staff list's URL state (useUrlState) and the `people` filter it means. */
export const STAFF_DEFAULTS = { q: '', state: '', dept: '' };
export type StaffState = { readonly [K in keyof typeof STAFF_DEFAULTS]: string };

export type StaffFilterInput = { type: 'STAFF'; search?: string; state?: 'FULL_TIME' | 'PART_TIME' | 'DEACTIVATED'; departmentId?: number };

export function staffFilterOf(s: StaffState): StaffFilterInput {
  const f: StaffFilterInput = { type: 'STAFF' };
  if (s.q.trim()) f.search = s.q.trim();
  if (['FULL_TIME', 'PART_TIME', 'DEACTIVATED'].includes(s.state)) f.state = s.state as StaffFilterInput['state'];
  if (/^\d{1,9}$/.test(s.dept)) f.departmentId = Number(s.dept);
  return f;
}
