/** Codes of the archive screens: states, the acts each state allows, badge colours. */
export const STATUSES = ['UNPUBLISHED', 'PUBLISHED', 'SUSPENDED', 'ARCHIVED'] as const;
export const APPLYING = ['IN_PROGRESS', 'SUSPENDED', 'STOPPED'] as const;
export const GRADES = Array.from({ length: 13 }, (_, i) => i + 1);

export type StatusAct = 'publish' | 'suspend' | 'resume' | 'archive' | 'reopen';
export type ApplyingAct = 'suspendApplying' | 'resumeApplying' | 'stopApplying' | 'restartApplying';
export type LockAct = 'lock' | 'unlock';
export type Act = StatusAct | ApplyingAct | LockAct | 'delete';

/**
 * The transitions the server's state machine allows from each state (docs/archives.md, States).
 * The server decides; the screen offers only these so a click is never refused for the state.
 */
export const STATUS_ACTS: Record<string, StatusAct[]> = {
  UNPUBLISHED: ['publish'],
  PUBLISHED: ['suspend', 'archive'],
  SUSPENDED: ['resume', 'archive'],
  ARCHIVED: ['reopen'],
};
export const APPLYING_ACTS: Record<string, ApplyingAct[]> = {
  IN_PROGRESS: ['suspendApplying', 'stopApplying'],
  SUSPENDED: ['resumeApplying', 'stopApplying'],
  STOPPED: ['restartApplying'],
};

export const STATUS_PALETTE: Record<string, string> = { UNPUBLISHED: 'gray', PUBLISHED: 'green', SUSPENDED: 'orange', ARCHIVED: 'purple' };
export const APPLYING_PALETTE: Record<string, string> = { IN_PROGRESS: 'blue', SUSPENDED: 'orange', STOPPED: 'gray' };
export const VERIFICATION_PALETTE: Record<string, string> = { UNVERIFIED: 'gray', VERIFYING: 'orange', VERIFIED: 'green' };

/** What the viewer may do in the area (`viewer.can`, the policy's own answer). */
export type ArchiveRights = {
  readonly create: boolean;
  readonly changeStatus: boolean;
  readonly lock: boolean;
  readonly assign: boolean;
  readonly delete: boolean;
  readonly import: boolean;
  readonly export: boolean;
  readonly backup: boolean;
  readonly sensitive: boolean;
  readonly verify: boolean;
};

/** The acts of an archive's menu, given its state, its lock and the viewer's rights. */
export function actsFor(archive: { status: string; applyingStatus: string; locked: boolean }, rights: ArchiveRights): Act[] {
  const acts: Act[] = [];
  if (!archive.locked && rights.changeStatus) acts.push(...(STATUS_ACTS[archive.status] ?? []), ...(APPLYING_ACTS[archive.applyingStatus] ?? []));
  if (rights.lock) acts.push(archive.locked ? 'unlock' : 'lock');
  if (!archive.locked && rights.delete) acts.push('delete');
  return acts;
}

export function gradeLabel(grade: number | null | undefined, t: (key: string, params?: Record<string, unknown>) => string): string {
  if (grade == null) return '';
  return grade === 13 ? t('archivesUi.grade13') : t('archivesUi.grade', { grade });
}
