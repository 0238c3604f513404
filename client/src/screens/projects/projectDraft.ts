/** The project screens' pure rules, without React or Relay (tests/client/projects-rules.test.ts). */

/** Project states in the legacy order (1 preparing ... 5 cancelled). */
export const PROJECT_STATES = ['PREPARING', 'IN_PROGRESS', 'PAUSED', 'FINISHED', 'CANCELLED'] as const;
export type ProjectStateCode = (typeof PROJECT_STATES)[number];
/** The closed states: the list leaves them out unless asked. */
export const CLOSED_STATES: ProjectStateCode[] = ['FINISHED', 'CANCELLED'];

/** A person chosen in the user selector (its Option). */
type Chosen = { id: string; label: string };

export type ProjectDraft = {
  name: string;
  nameEn: string;
  code: string;
  companyName: string;
  description: string;
  startDate: string;
  endDate: string;
  state: string;
  manager: Chosen | null;
};

export const EMPTY_PROJECT: ProjectDraft = { name: '', nameEn: '', code: '', companyName: '', description: '', startDate: '', endDate: '', state: 'PREPARING', manager: null };

export type ProjectProblems = Partial<Record<'name' | 'endDate', string>>;

/** The form's own checks (the server checks again): a name, an end not before the start. */
export function checkProject(d: ProjectDraft, t: (k: string) => string): ProjectProblems {
  const p: ProjectProblems = {};
  if (!d.name.trim()) p.name = t('contentUi.required');
  if (d.startDate && d.endDate && d.endDate < d.startDate) p.endDate = t('contentUi.project.endBeforeStart');
  return p;
}

/** The input of createProject / updateProject from the draft (empty text as null). */
export function projectInput(d: ProjectDraft) {
  const orNull = (s: string) => (s.trim() ? s.trim() : null);
  return {
    name: d.name.trim(),
    nameEn: orNull(d.nameEn),
    code: orNull(d.code),
    companyName: orNull(d.companyName),
    description: orNull(d.description),
    startDate: d.startDate || null,
    endDate: d.endDate || null,
    state: d.state as (typeof PROJECT_STATES)[number],
    managerId: d.manager?.id ?? null,
  };
}

/** A byte count as the reader expects it (KB, MB). */
export function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
