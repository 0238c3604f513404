import type { ServiceContext } from '../../../context.ts';
import type { Tx } from '../../../db/client.ts';
import { DomainError, ValidationError } from '../../../errors.ts';
import type { MessageKey } from '../../../i18n/catalogue.ts';
import { dbId, inputOf, z, type Parsed } from '../../../lib/validate.ts';
import { authorize, type Permission } from '../../../policy.ts';
import { recordChanges, runWrite } from '../../../write.ts';
import { APPLYING_STATUS, ARCHIVE_STATUS } from '../archives.policy.ts';
import { type ArchiveFacts, findVisibleArchive, idSchema, updateArchiveAudited } from './access.ts';
import { archivesErrors } from '../archives.errors.ts';

/** Archive status and applying status: the transitions, locking. */
type StatusTransition = { field: 'status' | 'applyingStatus'; from: number[]; to: number; message: MessageKey; permission: Permission };

/** Archive status and applying status: each transition, the states it starts from, and who may take it. */
export const TRANSITIONS = {
  publish: { field: 'status', from: [ARCHIVE_STATUS.UNPUBLISHED], to: ARCHIVE_STATUS.PUBLISHED, message: 'archive.cannotPublish', permission: 'archive.changeStatus' },
  suspend: { field: 'status', from: [ARCHIVE_STATUS.PUBLISHED], to: ARCHIVE_STATUS.SUSPENDED, message: 'archive.cannotSuspend', permission: 'archive.changeStatus' },
  resume: { field: 'status', from: [ARCHIVE_STATUS.SUSPENDED], to: ARCHIVE_STATUS.PUBLISHED, message: 'archive.cannotResume', permission: 'archive.changeStatus' },
  archive: { field: 'status', from: [ARCHIVE_STATUS.PUBLISHED, ARCHIVE_STATUS.SUSPENDED], to: ARCHIVE_STATUS.ARCHIVED, message: 'archive.cannotArchive', permission: 'archive.changeStatus' },
  reopen: { field: 'status', from: [ARCHIVE_STATUS.ARCHIVED], to: ARCHIVE_STATUS.PUBLISHED, message: 'archive.cannotReopen', permission: 'archive.changeStatus' },
  suspendApplying: { field: 'applyingStatus', from: [APPLYING_STATUS.IN_PROGRESS], to: APPLYING_STATUS.SUSPENDED, message: 'archive.cannotSuspendApplying', permission: 'archive.changeStatus' },
  resumeApplying: { field: 'applyingStatus', from: [APPLYING_STATUS.SUSPENDED], to: APPLYING_STATUS.IN_PROGRESS, message: 'archive.cannotResumeApplying', permission: 'archive.changeStatus' },
  stopApplying: { field: 'applyingStatus', from: [APPLYING_STATUS.IN_PROGRESS, APPLYING_STATUS.SUSPENDED], to: APPLYING_STATUS.STOPPED, message: 'archive.cannotStopApplying', permission: 'archive.changeStatus' },
  restartApplying: { field: 'applyingStatus', from: [APPLYING_STATUS.STOPPED], to: APPLYING_STATUS.IN_PROGRESS, message: 'archive.cannotRestartApplying', permission: 'archive.changeStatus' },
} as const satisfies Record<string, StatusTransition>;
export type Transition = keyof typeof TRANSITIONS;

async function applyTransition(ctx: ServiceContext, tx: Tx, archive: ArchiveFacts, name: Transition): Promise<void> {
  const tr: StatusTransition = TRANSITIONS[name];
  authorize(ctx, tr.permission);
  if (archive.locked) throw archivesErrors.rule('ARCHIVE_LOCKED', 'archive.locked');
  if (!tr.from.includes(archive[tr.field])) throw new DomainError('INVALID_TRANSITION', tr.message);
  // Conditional update: a concurrent change of the same archive makes this one fail cleanly.
  const { count } = await tx.archive.updateMany({ where: { id: archive.id, [tr.field]: archive[tr.field], locked: false }, data: { [tr.field]: tr.to } });
  if (count !== 1) throw new DomainError('INVALID_TRANSITION', tr.message);
  recordChanges(tx, [
    { entity: 'Archive', entityId: archive.id, archiveId: archive.id, module: 'profile', field: tr.field, labelKey: `opLog.field.archive.${tr.field}`, before: String(archive[tr.field]), after: String(tr.to) },
  ]);
}

/** The archive a transition or a lock names. */
export const archiveIdInput = idSchema;

/** Takes one transition. A locked archive refuses every change but unlocking. */
export async function transitionArchive(ctx: ServiceContext, parsed: Parsed<z.output<typeof archiveIdInput>>, name: Transition): Promise<{ id: number }> {
  return runWrite(ctx, { operation: `archive.${name}`, targetType: 'Archive' }, async (tx) => {
    authorize(ctx, 'archive.read');
    const archive = await findVisibleArchive(ctx, tx, inputOf(parsed).id);
    await applyTransition(ctx, tx, archive, name);
    return { result: { id: archive.id }, targetIds: [archive.id] };
  });
}

/** The legacy updateStatus: the target status names the transition. */
export function transitionTo(current: number, target: number): Transition | null {
  for (const [name, tr] of Object.entries(TRANSITIONS) as Array<[Transition, StatusTransition]>) {
    if (tr.field === 'status' && tr.to === target && tr.from.includes(current)) return name;
  }
  return null;
}

const REFUSAL_BY_TARGET: Record<number, Transition> = { 2: 'publish', 3: 'suspend', 4: 'archive' };

/** The archive and the target status; the status stays unparsed here, checked under its own code (STATUS_INVALID) after the rights check. */
export const setArchiveStatusInput = z.object({ id: dbId(), status: z.unknown().optional(), state: z.unknown().optional() });

/** Legacy updateStatus / py updateStatus: `{id, status}` with the target status (1-4). */
export async function setArchiveStatus(ctx: ServiceContext, parsed: Parsed<z.output<typeof setArchiveStatusInput>>): Promise<{ id: number; status: number }> {
  return runWrite(ctx, { operation: 'archive.updateStatus', targetType: 'Archive' }, async (tx) => {
    authorize(ctx, 'archive.read');
    const body = inputOf(parsed);
    const archive = await findVisibleArchive(ctx, tx, body.id);
    // Every status transition is archive.changeStatus's: refused before the target is read.
    authorize(ctx, 'archive.changeStatus');
    const target = Number(body.status ?? body.state);
    if (![1, 2, 3, 4].includes(target)) throw new ValidationError('archive.statusInvalid', undefined, 'STATUS_INVALID');
    const name = transitionTo(archive.status, target) ?? (archive.status === 3 && target === 2 ? 'resume' : REFUSAL_BY_TARGET[target]);
    if (!name) {
      authorize(ctx, 'archive.changeStatus');
      throw archivesErrors.rule('INVALID_TRANSITION', 'archive.statusInvalid');
    }
    await applyTransition(ctx, tx, archive, name);
    return { result: { id: archive.id, status: target }, targetIds: [archive.id] };
  });
}

/** Locks or unlocks an archive (right `archive.lock`). */
export async function setArchiveLock(ctx: ServiceContext, parsed: Parsed<z.output<typeof archiveIdInput>>, lock: boolean): Promise<{ id: number }> {
  return runWrite(ctx, { operation: lock ? 'archive.lock' : 'archive.unlock', targetType: 'Archive' }, async (tx) => {
    authorize(ctx, 'archive.read');
    const archive = await findVisibleArchive(ctx, tx, inputOf(parsed).id);
    authorize(ctx, 'archive.lock');
    if (lock && archive.locked) throw archivesErrors.rule('INVALID_TRANSITION', 'archive.alreadyLocked');
    if (!lock && !archive.locked) throw archivesErrors.rule('INVALID_TRANSITION', 'archive.notLocked');
    await updateArchiveAudited(tx, archive.id, { locked: lock });
    return { result: { id: archive.id }, targetIds: [archive.id] };
  });
}
