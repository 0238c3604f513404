import { CLOSED_STATES, type ProjectStateCode } from '../projectDraft.ts';

export const PROJECT_LIST_DEFAULTS = { q: '', state: '', closed: '' } as const;
export type ProjectListState = Readonly<Record<keyof typeof PROJECT_LIST_DEFAULTS, string>>;

/** The URL's filters as the server's ProjectFilter: closed projects (finished, cancelled) are left out unless `closed` is on or a closed state is chosen. */
export function projectFilterOf(s: ProjectListState) {
  const state = s.state as ProjectStateCode | '';
  return {
    ...(s.q ? { search: s.q } : {}),
    ...(state ? { states: [state] } : s.closed ? {} : { excludeStates: CLOSED_STATES }),
  };
}
