/** The user list's URL state (useUrlState) and the `people` filter it means. */
export const USER_DEFAULTS = { q: '', kind: 'STUDENT', state: '' };
export type UserListState = { readonly [K in keyof typeof USER_DEFAULTS]: string };

export type UserFilterInput = { type: 'STUDENT' | 'PARENT'; search?: string; state?: 'FULL_TIME' | 'DEACTIVATED' };

export function userFilterOf(s: UserListState): UserFilterInput {
  const f: UserFilterInput = { type: s.kind === 'PARENT' ? 'PARENT' : 'STUDENT' };
  if (s.q.trim()) f.search = s.q.trim();
  if (s.state === 'ACTIVE') f.state = 'FULL_TIME';
  if (s.state === 'DEACTIVATED') f.state = 'DEACTIVATED';
  return f;
}
