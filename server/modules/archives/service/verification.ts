import type { ServiceContext } from '../../../context.ts';
import type { Tx } from '../../../db/client.ts';
import { NotFoundError, ValidationError } from '../../../errors.ts';
import type { Prisma } from '../../../generated/prisma/client.ts';
import { translate } from '../../../i18n/catalogue.ts';
import { dbId, inputOf, parseInput, z, type Parsed } from '../../../lib/validate.ts';
import { authorize } from '../../../policy.ts';
import { runWrite } from '../../../write.ts';
import { requiredText } from '../../users/index.ts';
import { archiveScope, visibleArchivesWhere } from '../archives.policy.ts';
import { findVisibleArchive, idSchema } from './access.ts';
import { archivesErrors } from '../archives.errors.ts';

/**
 * Verification of archives (the legacy "archive examine"). A verification task covers some
 * archive modules; each module is verified by someone holding `archive.verify`, or sent back
 * for re-verification with a reason. The task is unverified while no module has been
 * looked at, verifying in between, verified when every module is. Every step leaves a record
 * (verifier, time, note). Editing a section after its module was verified sends that module
 * back (record action 3), so a verified archive is always what was verified.
 */
export const EXAMINE_STATUS = { UNVERIFIED: 0, VERIFYING: 1, VERIFIED: 2 } as const;
export const RECORD_ACTION = { VERIFIED: 1, REVERIFY: 2, RESET_BY_EDIT: 3 } as const;

async function recompute(tx: Tx, examineId: number, actorId: number | null): Promise<number> {
  const modules = await tx.archiveExamineModule.findMany({ where: { examineId }, select: { status: true } });
  const all = modules.length > 0 && modules.every((m) => m.status === EXAMINE_STATUS.VERIFIED);
  const none = modules.every((m) => m.status === EXAMINE_STATUS.UNVERIFIED);
  const status = all ? EXAMINE_STATUS.VERIFIED : none ? EXAMINE_STATUS.UNVERIFIED : EXAMINE_STATUS.VERIFYING;
  await tx.archiveExamine.update({
    where: { id: examineId },
    data: { status, ...(all ? { verifiedAt: new Date(), verifierId: actorId } : { verifiedAt: null }) },
  });
  return status;
}

export const createVerificationInput = z.object({
  archiveId: dbId(),
  title: z.string().trim().max(200).optional().nullable(),
  content: z.string().trim().max(2000).optional().nullable(),
  moduleCodes: z.array(z.string().trim().min(1).max(60)).max(100).optional().nullable(),
});

/**
 * Opens a verification task for an archive (right `archive.changeStatus`: the consultant
 * submits it). Without module codes it covers every top-level module. One open task per archive.
 */
export async function createVerification(ctx: ServiceContext, parsed: Parsed<z.output<typeof createVerificationInput>>): Promise<{ id: number; archiveId: number }> {
  return runWrite(ctx, { operation: 'archive.examine.create', targetType: 'ArchiveExamine' }, async (tx) => {
    const actor = authorize(ctx, 'archive.read');
    const input = inputOf(parsed);
    const archive = await findVisibleArchive(ctx, tx, input.archiveId);
    authorize(ctx, 'archive.changeStatus');
    const open = await tx.archiveExamine.count({ where: { archiveId: archive.id, status: { not: EXAMINE_STATUS.VERIFIED } } });
    if (open) throw archivesErrors.rule('VERIFICATION_OPEN', 'archive.examine.open');
    const modules = input.moduleCodes?.length
      ? await tx.archiveModule.findMany({ where: { code: { in: input.moduleCodes } }, select: { id: true, code: true } })
      : await tx.archiveModule.findMany({ where: { parentId: null }, select: { id: true, code: true } });
    if (input.moduleCodes?.length && modules.length !== new Set(input.moduleCodes).size) throw new ValidationError('archive.examine.moduleUnknown', undefined, 'MODULE_UNKNOWN');
    if (!modules.length) throw new ValidationError('archive.examine.modulesRequired', undefined, 'MODULES_REQUIRED');
    const row = await tx.archiveExamine.create({
      data: {
        archiveId: archive.id,
        number: `pending-${actor.id}-${Date.now()}-${Math.random().toString(36).slice(2)}`,
        title: input.title || translate(ctx.lang, 'archive.examine.defaultTitle', { name: archive.name }),
        content: input.content || null,
        createdById: actor.id,
        modules: { create: modules.map((m) => ({ moduleId: m.id })) },
      },
      select: { id: true, createdAt: true },
    });
    await tx.archiveExamine.update({ where: { id: row.id }, data: { number: `AV${row.createdAt.getUTCFullYear()}-${String(row.id).padStart(5, '0')}` } });
    return { result: { id: row.id, archiveId: archive.id }, targetIds: [row.id] };
  });
}

export const verifyModuleInput = z.object({ id: dbId(), note: z.string().trim().max(1000).optional().nullable() });

async function moduleOfTask(ctx: ServiceContext, tx: Tx, id: number) {
  const m = await tx.archiveExamineModule.findUnique({ where: { id }, select: { id: true, status: true, examineId: true, examine: { select: { archiveId: true } } } });
  if (!m) throw new NotFoundError();
  await findVisibleArchive(ctx, tx, m.examine.archiveId);
  return m;
}

export type ExamineStepResult = { examineId: number; examineModuleId: number; recordId: number; archiveId: number };

/** Verifies one module of a task (right `archive.verify`). */
export async function verifyModule(ctx: ServiceContext, parsed: Parsed<z.output<typeof verifyModuleInput>>): Promise<ExamineStepResult> {
  return runWrite(ctx, { operation: 'archive.examine.verify', targetType: 'ArchiveExamineModule' }, async (tx) => {
    const actor = authorize(ctx, 'archive.read');
    const input = inputOf(parsed);
    const m = await moduleOfTask(ctx, tx, input.id);
    authorize(ctx, 'archive.verify');
    if (m.status === EXAMINE_STATUS.VERIFIED) throw archivesErrors.rule('INVALID_TRANSITION', 'archive.examine.alreadyVerified');
    const now = new Date();
    await tx.archiveExamineModule.update({ where: { id: m.id }, data: { status: EXAMINE_STATUS.VERIFIED, verifierId: actor.id, verifiedAt: now, note: input.note || null } });
    const record = await tx.archiveExamineRecord.create({
      data: { examineId: m.examineId, examineModuleId: m.id, action: RECORD_ACTION.VERIFIED, status: EXAMINE_STATUS.VERIFIED, verifierId: actor.id, note: input.note || null },
      select: { id: true },
    });
    await tx.archiveExamine.update({ where: { id: m.examineId }, data: { verifierId: actor.id, note: input.note || undefined } });
    await recompute(tx, m.examineId, actor.id);
    return { result: { examineId: m.examineId, examineModuleId: m.id, recordId: record.id, archiveId: m.examine.archiveId }, targetIds: [m.id] };
  });
}

/** The module and the reason; the reason stays unparsed here, checked under its own code (NOTE_REQUIRED) after the rights check. */
export const reverifyModuleInput = z.object({ id: dbId(), note: z.unknown().optional() });

/** Sends a verified module back for re-verification, with the reason (right `archive.verify`). */
export async function reverifyModule(ctx: ServiceContext, parsed: Parsed<z.output<typeof reverifyModuleInput>>): Promise<ExamineStepResult> {
  return runWrite(ctx, { operation: 'archive.examine.reverify', targetType: 'ArchiveExamineModule' }, async (tx) => {
    const actor = authorize(ctx, 'archive.read');
    const input = inputOf(parsed);
    const m = await moduleOfTask(ctx, tx, input.id);
    authorize(ctx, 'archive.verify');
    if (m.status !== EXAMINE_STATUS.VERIFIED) throw archivesErrors.rule('INVALID_TRANSITION', 'archive.examine.notVerified');
    const noteResult = requiredText(1000).safeParse(input.note);
    if (!noteResult.success) throw new ValidationError('archive.examine.noteRequired', undefined, 'NOTE_REQUIRED');
    const note = noteResult.data;
    await tx.archiveExamineModule.update({ where: { id: m.id }, data: { status: EXAMINE_STATUS.VERIFYING, verifierId: actor.id, verifiedAt: null, note } });
    const record = await tx.archiveExamineRecord.create({
      data: { examineId: m.examineId, examineModuleId: m.id, action: RECORD_ACTION.REVERIFY, status: EXAMINE_STATUS.VERIFYING, verifierId: actor.id, note },
      select: { id: true },
    });
    await recompute(tx, m.examineId, actor.id);
    return { result: { examineId: m.examineId, examineModuleId: m.id, recordId: record.id, archiveId: m.examine.archiveId }, targetIds: [m.id] };
  });
}

/**
 * A section changed: its verified module (or the top-level module holding it) goes back to
 * verifying, with a record (action 3). Called explicitly by every section write
 * (service/sections.ts); reads never call it.
 */
export async function resetVerificationOnEdit(tx: Tx, archiveId: number, module: string, actorId: number): Promise<void> {
  const top = module.split('.')[0] as string;
  const modules = await tx.archiveExamineModule.findMany({
    where: { status: EXAMINE_STATUS.VERIFIED, module: { code: { in: [module, top] } }, examine: { archiveId } },
    select: { id: true, examineId: true },
  });
  for (const m of modules) {
    await tx.archiveExamineModule.update({ where: { id: m.id }, data: { status: EXAMINE_STATUS.VERIFYING, verifiedAt: null } });
    await tx.archiveExamineRecord.create({
      data: { examineId: m.examineId, examineModuleId: m.id, action: RECORD_ACTION.RESET_BY_EDIT, status: EXAMINE_STATUS.VERIFYING, verifierId: actorId },
    });
    await recompute(tx, m.examineId, null);
  }
}

// ── reads ──

/** A verification filter; the legacy door passes its values as read (rest/params.ts), checked here. */
export type ExamineFilter = { status?: unknown; archiveId?: unknown };

export async function examinesWhere(ctx: ServiceContext, raw: ExamineFilter = {}): Promise<Prisma.ArchiveExamineWhereInput> {
  authorize(ctx, 'archive.read');
  const f = parseInput(z.object({ status: z.number().int().nullish(), archiveId: z.number().int().nullish() }), { status: raw.status, archiveId: raw.archiveId });
  const scope = await archiveScope(ctx);
  return {
    archive: visibleArchivesWhere(scope),
    ...(f.status !== undefined && f.status !== null ? { status: f.status } : {}),
    ...(f.archiveId ? { archiveId: f.archiveId } : {}),
  };
}

/** Visible archives with no verified verification task (legacy listArchivesExamineByNot). */
export async function unverifiedArchivesWhere(ctx: ServiceContext): Promise<Prisma.ArchiveWhereInput> {
  authorize(ctx, 'archive.read');
  const scope = await archiveScope(ctx);
  return { AND: [visibleArchivesWhere(scope), { examines: { none: { status: EXAMINE_STATUS.VERIFIED } } }] };
}

export const visibleExamineInput = z.object({ archivesExamineId: dbId() });

export async function visibleExamine(ctx: ServiceContext, parsed: Parsed<z.output<typeof visibleExamineInput>>): Promise<{ id: number; archiveId: number }> {
  authorize(ctx, 'archive.read');
  const { archivesExamineId: id } = inputOf(parsed);
  const row = await ctx.db.archiveExamine.findFirst({ where: { id, ...(await examinesWhere(ctx)) }, select: { id: true, archiveId: true } });
  if (!row) throw new NotFoundError();
  return row;
}

export const latestExamineOfInput = idSchema;

/** The archive's newest verification task, if any. */
export async function latestExamineOf(ctx: ServiceContext, parsed: Parsed<z.output<typeof latestExamineOfInput>>): Promise<{ id: number; archiveId: number } | null> {
  const archive = await findVisibleArchive(ctx, ctx.db, inputOf(parsed).id);
  return ctx.db.archiveExamine.findFirst({ where: { archiveId: archive.id }, orderBy: { id: 'desc' }, select: { id: true, archiveId: true } });
}
