/** The user list's URL state (useUrlState) and the `people` filter it means. */
export const USER_DEFAULTS = { q: '', kind: 'STUDENT', state: '', consultant: '', lecturer: '' };
export type UserListState = { readonly [K in keyof typeof USER_DEFAULTS]: string };

export type UserFilterInput = { type: 'STUDENT' | 'PARENT'; search?: string; state?: 'FULL_TIME' | 'DEACTIVATED'; consultantId?: number; lecturerId?: number };

const dbId = (v: string): number | undefined => (/^[1-9]\d{0,9}$/.test(v) ? Number(v) : undefined);

export function userFilterOf(s: UserListState): UserFilterInput {
  const f: UserFilterInput = { type: s.kind === 'PARENT' ? 'PARENT' : 'STUDENT' };
  if (s.q.trim()) f.search = s.q.trim();
  if (s.state === 'ACTIVE') f.state = 'FULL_TIME';
  if (s.state === 'DEACTIVATED') f.state = 'DEACTIVATED';
  // The consultant and lecturer scopes (database ids in the URL) narrow students only.
  if (f.type === 'STUDENT') {
    const consultantId = dbId(s.consultant);
    const lecturerId = dbId(s.lecturer);
    if (consultantId) f.consultantId = consultantId;
    if (lecturerId) f.lecturerId = lecturerId;
  }
  return f;
}
