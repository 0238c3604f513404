import type { ServiceContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { DomainError, NotFoundError, ValidationError } from '../../errors.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import type { MessageKey } from '../../i18n/catalogue.ts';
import { searchText } from '../../lib/text.ts';
import { dbId, parseInput, z } from '../../lib/validate.ts';
import { authorize, requireActor, type Permission } from '../../policy.ts';
import { runWrite } from '../../write.ts';
import { removeUpload } from '../../lib/upload.ts';
import { isEmail, parseField, shapeRow, type RowValues, type ShapedRow } from './archives.fields.ts';
import {
  APPLYING_STATUS,
  ARCHIVE_STATUS,
  archiveScope,
  canSeeSensitive,
  isFiled,
  modulePermissions,
  permissionOf,
  visibleArchivesWhere,
} from './archives.policy.ts';
import { FAMILY_KIND, GRADE_MAX, GRADE_MIN, sectionOf, SECTIONS, type FieldDef, type SectionDef } from './archives.sections.ts';
import { parseRow } from './archives.fields.ts';

type Db = ServiceContext['db'] | Tx;

// ── facts about one archive ──

export const FACTS_SELECT = {
  id: true,
  studentId: true,
  name: true,
  status: true,
  locked: true,
  applyingStatus: true,
  consultantId: true,
  actingConsultantId: true,
  salesId: true,
  parentId: true,
} satisfies Prisma.ArchiveSelect;
export type ArchiveFacts = Prisma.ArchiveGetPayload<{ select: typeof FACTS_SELECT }>;

const idSchema = z.object({ id: dbId() });

/** The archive if the caller may see it; a hidden archive is answered as missing. */
export async function findVisibleArchive(ctx: ServiceContext, db: Db, id: number): Promise<ArchiveFacts> {
  // An id that is not a number must never reach findFirst (it would match any row).
  if (!Number.isInteger(id)) throw new NotFoundError();
  const scope = await archiveScope(ctx);
  const row = await db.archive.findFirst({ where: { id, AND: [visibleArchivesWhere(scope)] }, select: FACTS_SELECT });
  if (!row) throw new NotFoundError();
  return row;
}

/** Reads `id` from raw input and the visible archive behind it. */
export async function archiveFromInput(ctx: ServiceContext, db: Db, raw: unknown, field = 'id'): Promise<ArchiveFacts> {
  const value = raw && typeof raw === 'object' ? (raw as Record<string, unknown>)[field] : raw;
  const parsed = parseInput(z.object({ [field]: dbId() }), { [field]: value }) as Record<string, number>;
  return findVisibleArchive(ctx, db, parsed[field] as number);
}

async function moduleName(ctx: ServiceContext, code: string): Promise<string> {
  const m = await ctx.db.archiveModule.findUnique({ where: { code }, select: { name: true, nameEn: true } });
  return (ctx.lang === 'en' ? m?.nameEn : m?.name) ?? code;
}

export async function canReadModule(ctx: ServiceContext, archive: Pick<ArchiveFacts, 'status'>, module: string): Promise<boolean> {
  return permissionOf(await modulePermissions(ctx, isFiled(archive.status)), module).read;
}

export async function canEditModule(ctx: ServiceContext, archive: Pick<ArchiveFacts, 'status'>, module: string): Promise<boolean> {
  return permissionOf(await modulePermissions(ctx, isFiled(archive.status)), module).edit;
}

export async function assertModuleRead(ctx: ServiceContext, archive: ArchiveFacts, module: string): Promise<void> {
  if (!(await canReadModule(ctx, archive, module))) {
    throw new DomainError('FORBIDDEN', 'archive.moduleReadForbidden', { module: await moduleName(ctx, module) });
  }
}

/** A section may be changed: the archive is not locked and the caller may edit the module in the archive's state. */
export async function assertModuleEdit(ctx: ServiceContext, archive: ArchiveFacts, module: string): Promise<void> {
  if (archive.locked) throw new DomainError('ARCHIVE_LOCKED', 'archive.locked');
  if (!(await canEditModule(ctx, archive, module))) {
    throw new DomainError('FORBIDDEN', 'archive.moduleEditForbidden', { module: await moduleName(ctx, module) });
  }
}

// ── the access log of sensitive reads ──

const logged = new WeakMap<ServiceContext, Set<string>>();

/** Records that the caller saw sensitive fields of an archive in clear (once per request and section). */
export async function logReveal(ctx: ServiceContext, archiveId: number, section: string, fields: string[]): Promise<void> {
  if (!fields.length || !ctx.actor) return;
  let seen = logged.get(ctx);
  if (!seen) {
    seen = new Set();
    logged.set(ctx, seen);
  }
  const key = `${archiveId}:${section}:${[...new Set(fields)].sort().join(',')}`;
  if (seen.has(key)) return;
  seen.add(key);
  await ctx.db.archiveAccessLog.create({
    data: { archiveId, userId: ctx.actor.id, account: ctx.actor.account, section, fields: [...new Set(fields)], door: ctx.door, address: ctx.address },
  });
}

// ── names ──

export type NameForms = { surName?: string | null; name?: string | null; surNamePy?: string | null; namePy?: string | null; enName?: string | null };

/** The spec's rule: surname and given name, or pinyin surname and pinyin given name. */
export function hasRequiredName(n: NameForms): boolean {
  return !!((n.surName && n.name) || (n.surNamePy && n.namePy));
}

export function displayName(n: NameForms): string {
  if (n.surName && n.name) return `${n.surName}${n.name}`;
  return [n.namePy, n.surNamePy].filter(Boolean).join(' ');
}

export function latinName(n: NameForms): string | null {
  if (n.enName) return n.surNamePy ? `${n.enName} ${n.surNamePy}` : n.enName;
  if (n.surNamePy && n.namePy) return `${n.namePy} ${n.surNamePy}`;
  return null;
}

/** Every form of the name a user may type, lower case: 张三, zhangsan, sanzhang, zhang san, ethan... */
export function searchNameOf(n: NameForms): string {
  const forms = new Set<string>();
  const add = (s: string | null | undefined) => {
    const v = s?.trim().toLowerCase();
    if (v) forms.add(v);
  };
  add(n.surName && n.name ? `${n.surName}${n.name}` : null);
  add(n.name);
  add(n.surName);
  if (n.surNamePy || n.namePy) {
    const s = n.surNamePy ?? '';
    const g = n.namePy ?? '';
    for (const f of [`${s}${g}`, `${g}${s}`, `${s} ${g}`, `${g} ${s}`]) add(f);
  }
  add(n.enName);
  if (n.enName && n.surNamePy) add(`${n.enName} ${n.surNamePy}`);
  return [...forms].join('|');
}

/** Splits a Chinese full name into surname and given name (first character; compound surnames by list). */
const COMPOUND = ['欧阳', '司马', '上官', '诸葛', '东方', '皇甫', '令狐', '慕容', '尉迟', '公孙', '端木', '司徒', '夏侯'];
export function splitChineseName(full: string): { surName: string; name: string } | null {
  const s = full.trim();
  if (!/^[\p{Script=Han}·]{2,}$/u.test(s)) return null;
  const compound = COMPOUND.find((c) => s.startsWith(c) && s.length > c.length);
  const cut = compound ? compound.length : 1;
  return { surName: s.slice(0, cut), name: s.slice(cut) };
}

// ── the archive overview ──

const optionalId = z.union([dbId(), z.literal('').transform(() => null), z.null()]).optional();
const yearField = z.union([z.number(), z.string().trim()]).optional().nullable();
const gradeField = z.union([z.number(), z.string().trim()]).optional().nullable();

function parseYear(raw: unknown): number | null | undefined {
  if (raw === undefined) return undefined;
  if (raw === null || raw === '') return null;
  const n = typeof raw === 'number' ? raw : /^\d{4}$/.test(String(raw).trim()) ? Number(raw) : Number.NaN;
  if (!Number.isInteger(n) || n < 2000 || n > 2100) throw new ValidationError('archive.yearInvalid', undefined, 'YEAR_INVALID');
  return n;
}

function parseGrade(raw: unknown): number | null | undefined {
  if (raw === undefined) return undefined;
  if (raw === null || raw === '') return null;
  const n = typeof raw === 'number' ? raw : /^\d{1,2}$/.test(String(raw).trim()) ? Number(raw) : Number.NaN;
  if (!Number.isInteger(n) || n < GRADE_MIN || n > GRADE_MAX) throw new ValidationError('archive.gradeInvalid', undefined, 'GRADE_INVALID');
  return n;
}

function parseSale(raw: unknown): number | undefined {
  if (raw === undefined || raw === null || raw === '') return undefined;
  const n = Number(raw);
  if (n !== 1 && n !== 2) throw new ValidationError('archive.saleInvalid', undefined, 'SALE_INVALID');
  return n;
}

/** Checks a staff link: active staff holding one of the roles. */
async function assertStaffWithRole(tx: Tx, id: number, roles: string[], message: MessageKey, code: string): Promise<void> {
  const ok = await tx.user.count({ where: { id, type: 1, state: { not: 3 }, roles: { some: { role: { code: { in: roles } } } } } });
  if (!ok) throw new ValidationError(message, undefined, code);
}

async function assertParent(tx: Tx, id: number): Promise<void> {
  if (!(await tx.user.count({ where: { id, type: 2 } }))) throw new ValidationError('archive.parentInvalid', undefined, 'PARENT_INVALID');
}

export type LinkInput = { consultantId?: number | null; actingConsultantId?: number | null; salesId?: number | null; parentId?: number | null };

async function checkLinks(tx: Tx, links: LinkInput, current?: LinkInput): Promise<void> {
  if (links.consultantId) await assertStaffWithRole(tx, links.consultantId, ['consultant', 'manager'], 'archive.consultantInvalid', 'CONSULTANT_INVALID');
  if (links.actingConsultantId) await assertStaffWithRole(tx, links.actingConsultantId, ['consultant', 'manager'], 'archive.actingConsultantInvalid', 'CONSULTANT_INVALID');
  if (links.salesId) await assertStaffWithRole(tx, links.salesId, ['sales', 'manager'], 'archive.salesInvalid', 'SALES_INVALID');
  if (links.parentId) await assertParent(tx, links.parentId);
  const consultant = links.consultantId !== undefined ? links.consultantId : current?.consultantId;
  const acting = links.actingConsultantId !== undefined ? links.actingConsultantId : current?.actingConsultantId;
  if (consultant && acting && consultant === acting) throw new ValidationError('archive.actingSameAsConsultant', undefined, 'ACTING_SAME');
}

const createSchema = z.object({
  studentId: optionalId,
  userId: optionalId,
  consultantId: optionalId,
  actingConsultantId: optionalId,
  salesId: optionalId,
  projectId: optionalId,
  parentId: optionalId,
  grade: gradeField,
  year: yearField,
  sale: z.unknown().optional(),
  remark: z.string().trim().max(2000).optional().nullable(),
});

export type CreateArchiveResult = { id: number; studentId: number };

/**
 * Creates an archive. With `studentId` (legacy `userId`) the archive belongs to that
 * student; without it a student (user type 3, no login) is created from the bio's names.
 * The name rule applies either way. A consultant or salesperson creating an archive without
 * naming one becomes it, so that they keep seeing the archive they made.
 */
export async function createArchive(ctx: ServiceContext, raw: unknown, opts: { operation?: string } = {}): Promise<CreateArchiveResult> {
  return runWrite(ctx, { operation: opts.operation ?? 'archive.create', targetType: 'Archive' }, async (tx) => {
    const actor = authorize(ctx, 'archive.create');
    const body = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
    const input = parseInput(createSchema, body);
    const bioSection = sectionOf('bio');
    const bio = parseRow(bioSection, (body.bio && typeof body.bio === 'object' ? body.bio : body) as Record<string, unknown>);
    const result = await createArchiveIn(ctx, tx, actor.id, actor.roleCodes, {
      studentId: input.studentId ?? input.userId ?? null,
      consultantId: input.consultantId ?? null,
      actingConsultantId: input.actingConsultantId ?? null,
      salesId: input.salesId ?? input.projectId ?? null,
      parentId: input.parentId ?? null,
      grade: parseGrade(input.grade) ?? null,
      year: parseYear(input.year) ?? null,
      sale: parseSale(input.sale) ?? 1,
      remark: input.remark || null,
      bio,
    });
    return { result, targetIds: [result.id] };
  });
}

export type NewArchive = {
  studentId: number | null;
  consultantId: number | null;
  actingConsultantId: number | null;
  salesId: number | null;
  parentId: number | null;
  grade: number | null;
  year: number | null;
  sale: number;
  remark: string | null;
  bio: RowValues;
  status?: number;
};

/** The body of createArchive, also used row by row by the import (one transaction for the file). */
export async function createArchiveIn(ctx: ServiceContext, tx: Tx, actorId: number, roleCodes: string[], a: NewArchive): Promise<CreateArchiveResult> {
  let bio = a.bio as NameForms & RowValues;
  let studentId = a.studentId;
  if (studentId) {
    const student = await tx.user.findUnique({ where: { id: studentId }, select: { type: true, name: true, nameEn: true, gender: true, birthday: true, parentId: true, archive: { select: { id: true } } } });
    if (!student || student.type !== 3) throw new ValidationError('archive.studentInvalid', undefined, 'STUDENT_INVALID');
    if (student.archive) throw new DomainError('STUDENT_HAS_ARCHIVE', 'archive.studentHasArchive');
    if (!hasRequiredName(bio)) {
      const split = splitChineseName(student.name);
      bio = { ...bio, ...(split ?? {}), enName: bio.enName ?? student.nameEn?.split(' ')[0] ?? null };
      if (student.nameEn && !bio.surNamePy) {
        const parts = student.nameEn.trim().split(/\s+/);
        if (parts.length >= 2) bio = { ...bio, surNamePy: parts[parts.length - 1] as string };
      }
    }
    if (bio.sex === undefined) bio = { ...bio, sex: student.gender };
    if (bio.birthday === undefined && student.birthday) bio = { ...bio, birthday: student.birthday };
    if (!a.parentId && student.parentId) a = { ...a, parentId: student.parentId };
  }
  if (!hasRequiredName(bio)) throw new ValidationError('archive.nameRequired', undefined, 'NAME_REQUIRED');
  const links: LinkInput = {
    consultantId: a.consultantId ?? (roleCodes.includes('consultant') ? actorId : null),
    actingConsultantId: a.actingConsultantId,
    salesId: a.salesId ?? (roleCodes.includes('sales') ? actorId : null),
    parentId: a.parentId,
  };
  await checkLinks(tx, links);
  if (!studentId) {
    const student = await tx.user.create({
      data: {
        type: 3,
        name: displayName(bio),
        nameEn: latinName(bio),
        gender: typeof bio.sex === 'number' ? bio.sex : 0,
        birthday: bio.birthday instanceof Date ? bio.birthday : null,
        parentId: links.parentId ?? null,
        consultantId: links.consultantId ?? null,
        state: 1,
      },
      select: { id: true },
    });
    const role = await tx.role.findUnique({ where: { code: 'student' }, select: { id: true } });
    if (role) await tx.userRole.create({ data: { userId: student.id, roleId: role.id } });
    studentId = student.id;
  } else if (links.consultantId) {
    await tx.user.update({ where: { id: studentId }, data: { consultantId: links.consultantId } });
  }
  const archive = await tx.archive.create({
    data: {
      studentId,
      name: displayName(bio),
      userName: latinName(bio),
      searchName: searchNameOf(bio),
      consultantId: links.consultantId ?? null,
      actingConsultantId: links.actingConsultantId ?? null,
      salesId: links.salesId ?? null,
      parentId: links.parentId ?? null,
      grade: a.grade,
      year: a.year,
      sale: a.sale,
      remark: a.remark,
      status: a.status ?? ARCHIVE_STATUS.UNPUBLISHED,
      createdById: actorId,
      bio: { create: bio as Prisma.ArchiveBioCreateWithoutArchiveInput },
    },
    select: { id: true },
  });
  return { id: archive.id, studentId };
}

const updateSchema = z.object({
  id: dbId(),
  grade: gradeField,
  year: yearField,
  sale: z.unknown().optional(),
  remark: z.string().trim().max(2000).optional().nullable(),
});

/** Edits the overview (grade, apply year, application type, remarks): module `profile`. */
export async function updateArchive(ctx: ServiceContext, raw: unknown): Promise<{ id: number }> {
  return runWrite(ctx, { operation: 'archive.update', targetType: 'Archive' }, async (tx) => {
    authorize(ctx, 'archive.read');
    const input = parseInput(updateSchema, raw ?? {});
    const archive = await findVisibleArchive(ctx, tx, input.id);
    await assertModuleEdit(ctx, archive, 'profile');
    await tx.archive.update({ where: { id: archive.id }, data: parseOverview(input) });
    return { result: { id: archive.id }, targetIds: [archive.id] };
  });
}

/** Overview fields of a legacy or GraphQL body (grade, apply year, application type, remarks). */
export function parseOverview(body: Record<string, unknown>): { grade?: number | null; year?: number | null; sale?: number; remark?: string | null } {
  const out: { grade?: number | null; year?: number | null; sale?: number; remark?: string | null } = {};
  const grade = parseGrade(body.grade);
  const year = parseYear(body.year);
  const sale = parseSale(body.sale);
  if (grade !== undefined) out.grade = grade;
  if (year !== undefined) out.year = year;
  if (sale !== undefined) out.sale = sale;
  if (body.remark !== undefined) {
    const r = parseInput(z.object({ remark: z.string().trim().max(2000).nullable() }), { remark: body.remark }).remark;
    out.remark = r || null;
  }
  return out;
}

export function linksForCreate(l: { consultantId?: number | null; actingConsultantId?: number | null; salesId?: number | null; projectId?: number | null; parentId?: number | null }) {
  return { consultantId: l.consultantId ?? null, actingConsultantId: l.actingConsultantId ?? null, salesId: l.salesId ?? l.projectId ?? null, parentId: l.parentId ?? null };
}

/** Sets links of one archive after checking them; the student's consultant and parent follow. */
export async function applyLinks(tx: Tx, archive: ArchiveFacts, links: LinkInput): Promise<void> {
  if (archive.locked) throw new DomainError('ARCHIVE_LOCKED', 'archive.locked');
  await checkLinks(tx, links, archive);
  await tx.archive.update({ where: { id: archive.id }, data: links });
  const userData: Prisma.UserUncheckedUpdateInput = {};
  if (links.consultantId !== undefined) userData.consultantId = links.consultantId;
  if (links.parentId !== undefined) userData.parentId = links.parentId;
  if (Object.keys(userData).length) await tx.user.update({ where: { id: archive.studentId }, data: userData });
}

const assignSchema = z.object({
  ids: z.array(dbId()).min(1).max(500),
  consultantId: optionalId,
  actingConsultantId: optionalId,
  salesId: optionalId,
  parentId: optionalId,
});

/**
 * Sets the consultant, acting consultant, salesperson and parent of one or more archives
 * (legacy addConsultant). Fields left out keep their value; null clears. The student's own
 * consultant and parent follow the archive.
 */
export async function assignArchives(ctx: ServiceContext, raw: unknown): Promise<{ ids: number[] }> {
  return runWrite(ctx, { operation: 'archive.assign', targetType: 'Archive' }, async (tx) => {
    authorize(ctx, 'archive.assign');
    const input = parseInput(assignSchema, raw ?? {});
    const ids = [...new Set(input.ids)];
    const links: LinkInput = { consultantId: input.consultantId, actingConsultantId: input.actingConsultantId, salesId: input.salesId, parentId: input.parentId };
    for (const id of ids) await applyLinks(tx, await findVisibleArchive(ctx, tx, id), links);
    return { result: { ids }, targetIds: ids };
  });
}

/** Deletes an archive (kept hidden: applications may point at it). Locked archives are refused. */
export async function deleteArchive(ctx: ServiceContext, raw: unknown): Promise<{ id: number }> {
  return runWrite(ctx, { operation: 'archive.delete', targetType: 'Archive' }, async (tx) => {
    authorize(ctx, 'archive.delete');
    const archive = await archiveFromInput(ctx, tx, raw);
    if (archive.locked) throw new DomainError('ARCHIVE_LOCKED', 'archive.deleteLocked');
    await tx.archive.update({ where: { id: archive.id }, data: { deletedAt: new Date() } });
    return { result: { id: archive.id }, targetIds: [archive.id] };
  });
}

// ── states ──

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
  if (archive.locked) throw new DomainError('ARCHIVE_LOCKED', 'archive.locked');
  if (!tr.from.includes(archive[tr.field])) throw new DomainError('INVALID_TRANSITION', tr.message);
  // Conditional update: a concurrent change of the same archive makes this one fail cleanly.
  const { count } = await tx.archive.updateMany({ where: { id: archive.id, [tr.field]: archive[tr.field], locked: false }, data: { [tr.field]: tr.to } });
  if (count !== 1) throw new DomainError('INVALID_TRANSITION', tr.message);
}

/** Takes one transition. A locked archive refuses every change but unlocking. */
export async function transitionArchive(ctx: ServiceContext, raw: unknown, name: Transition): Promise<{ id: number }> {
  return runWrite(ctx, { operation: `archive.${name}`, targetType: 'Archive' }, async (tx) => {
    authorize(ctx, 'archive.read');
    const archive = await archiveFromInput(ctx, tx, raw);
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

/** Legacy updateStatus / py updateStatus: `{id, status}` with the target status (1-4). */
export async function setArchiveStatus(ctx: ServiceContext, raw: unknown): Promise<{ id: number; status: number }> {
  return runWrite(ctx, { operation: 'archive.updateStatus', targetType: 'Archive' }, async (tx) => {
    authorize(ctx, 'archive.read');
    const body = (raw ?? {}) as Record<string, unknown>;
    const archive = await archiveFromInput(ctx, tx, body);
    const target = Number(body.status ?? body.state);
    if (![1, 2, 3, 4].includes(target)) throw new ValidationError('archive.statusInvalid', undefined, 'STATUS_INVALID');
    const name = transitionTo(archive.status, target) ?? (archive.status === 3 && target === 2 ? 'resume' : REFUSAL_BY_TARGET[target]);
    if (!name) {
      authorize(ctx, 'archive.changeStatus');
      throw new DomainError('INVALID_TRANSITION', 'archive.statusInvalid');
    }
    await applyTransition(ctx, tx, archive, name);
    return { result: { id: archive.id, status: target }, targetIds: [archive.id] };
  });
}

/** Locks or unlocks an archive (right `archive.lock`). */
export async function setArchiveLock(ctx: ServiceContext, raw: unknown, lock: boolean): Promise<{ id: number }> {
  return runWrite(ctx, { operation: lock ? 'archive.lock' : 'archive.unlock', targetType: 'Archive' }, async (tx) => {
    authorize(ctx, 'archive.read');
    const archive = await archiveFromInput(ctx, tx, raw);
    authorize(ctx, 'archive.lock');
    if (lock && archive.locked) throw new DomainError('INVALID_TRANSITION', 'archive.alreadyLocked');
    if (!lock && !archive.locked) throw new DomainError('INVALID_TRANSITION', 'archive.notLocked');
    await tx.archive.update({ where: { id: archive.id }, data: { locked: lock } });
    return { result: { id: archive.id }, targetIds: [archive.id] };
  });
}

// ── lists ──

export type ArchiveListFilter = {
  status?: number | null;
  consultantId?: number | null;
  salesId?: number | null;
  year?: unknown;
  grade?: unknown;
  search?: string | null;
  locked?: boolean | null;
  applyingStatus?: number | null;
  sale?: number | null;
  ids?: number[] | null;
};

/** Visible, live archives matching a filter (both doors). The apply year must be numeric. */
export async function archivesWhere(ctx: ServiceContext, f: ArchiveListFilter = {}): Promise<Prisma.ArchiveWhereInput> {
  authorize(ctx, 'archive.read');
  const scope = await archiveScope(ctx);
  const and: Prisma.ArchiveWhereInput[] = [visibleArchivesWhere(scope)];
  const year = parseYear(f.year);
  const grade = parseGrade(f.grade);
  if (f.status) and.push({ status: f.status });
  if (f.consultantId) and.push({ OR: [{ consultantId: f.consultantId }, { actingConsultantId: f.consultantId }] });
  if (f.salesId) and.push({ salesId: f.salesId });
  if (year) and.push({ year });
  if (grade) and.push({ grade });
  if (f.locked !== undefined && f.locked !== null) and.push({ locked: f.locked });
  if (f.applyingStatus) and.push({ applyingStatus: f.applyingStatus });
  if (f.sale) and.push({ sale: f.sale });
  if (f.ids) and.push({ id: { in: f.ids } });
  const q = searchText(f.search);
  if (q) and.push({ searchName: { contains: q.toLowerCase() } });
  return { AND: and };
}

export const ARCHIVE_ORDER: Prisma.ArchiveOrderByWithRelationInput[] = [{ id: 'desc' }];

// ── sections ──

type Delegate = {
  findMany: (args: unknown) => Promise<Array<Record<string, unknown>>>;
  findFirst: (args: unknown) => Promise<Record<string, unknown> | null>;
  create: (args: unknown) => Promise<Record<string, unknown>>;
  update: (args: unknown) => Promise<Record<string, unknown>>;
  upsert: (args: unknown) => Promise<Record<string, unknown>>;
  delete: (args: unknown) => Promise<Record<string, unknown>>;
  deleteMany: (args: unknown) => Promise<{ count: number }>;
  aggregate: (args: unknown) => Promise<{ _max: { sort: number | null } }>;
};

export function delegateOf(db: Db, section: SectionDef): Delegate {
  return (db as unknown as Record<string, Delegate>)[section.model] as Delegate;
}

export type SectionRead = { rows: ShapedRow[]; single: boolean };

/** Rows of a section, masked for callers without the right; unmasked sensitive reads are logged. */
export async function readSection(ctx: ServiceContext, archive: ArchiveFacts, key: string): Promise<ShapedRow[]> {
  const section = sectionOf(key);
  await assertModuleRead(ctx, archive, section.module);
  const rows = await delegateOf(ctx.db, section).findMany({
    where: { archiveId: archive.id, ...(section.fixed ?? {}) },
    orderBy: section.single ? undefined : [...(section.model === 'archiveFamilyMember' ? [{ kind: 'asc' }] : []), { sort: 'asc' }, { id: 'asc' }],
  });
  const unmasked = canSeeSensitive(ctx);
  const revealed: string[] = [];
  const shaped = rows.map((r) => {
    const s = shapeRow(section, r, unmasked);
    revealed.push(...s.revealed);
    return { ...s.row, _type: section.type } as ShapedRow;
  });
  if (key === 'awards' && !(await canEditModule(ctx, archive, 'awards'))) for (const r of shaped) r.score = null;
  await logReveal(ctx, archive.id, key, revealed);
  return shaped;
}

/** A section by archive id (both doors); `null` rows for a single section without data. */
export async function getSection(ctx: ServiceContext, rawArchiveId: unknown, key: string): Promise<ShapedRow[]> {
  authorize(ctx, 'archive.read');
  const archive = await archiveFromInput(ctx, ctx.db, { id: rawArchiveId });
  return readSection(ctx, archive, key);
}

export const MAX_ROWS_PER_SAVE = 200;

type RowRule = (tx: Tx, archive: ArchiveFacts, row: RowValues, existingId: number | null) => Promise<void> | void;

const dateOrder = (from: string, to: string): RowRule => (_tx, _a, row) => {
  const a = row[from];
  const b = row[to];
  if (a instanceof Date && b instanceof Date && b < a) throw new ValidationError('archive.dateRange', undefined, 'DATE_RANGE');
};

/** Rules of a section beyond its field kinds, checked on the merged row (stored values plus the change). */
const SECTION_RULES: Record<string, RowRule[]> = {
  bio: [
    (_tx, _a, row) => {
      if (!hasRequiredName(row as NameForms)) throw new ValidationError('archive.nameRequired', undefined, 'NAME_REQUIRED');
    },
  ],
  educations: [dateOrder('beginDate', 'endDate')],
  familyMembers: [
    async (tx, archive, row, existingId) => {
      if (!row.kind) throw new ValidationError('archive.familyKindInvalid', undefined, 'FAMILY_KIND_REQUIRED');
      if (row.kind !== FAMILY_KIND.SIBLING && !row.relation) throw new ValidationError('archive.relationRequired', undefined, 'RELATION_REQUIRED');
      if (row.kind !== FAMILY_KIND.SIBLING) {
        const other = await tx.archiveFamilyMember.count({ where: { archiveId: archive.id, kind: row.kind as number, ...(existingId ? { id: { not: existingId } } : {}) } });
        if (other) throw new ValidationError('archive.familyParentTaken', undefined, 'PARENT_TAKEN');
      }
    },
  ],
  rewardProjects: [
    (_tx, _a, row) => {
      if (!row.name) throw new ValidationError('archive.rewardProjectNameRequired', undefined, 'NAME_REQUIRED');
    },
  ],
  awards: [
    dateOrder('beginDate', 'endDate'),
    (_tx, _a, row) => {
      if (row.yearMonth && !/^\d{4}-(0[1-9]|1[0-2])$/.test(String(row.yearMonth))) throw new ValidationError('archive.yearMonthInvalid', undefined, 'YEAR_MONTH_INVALID');
    },
    async (tx, archive, row) => {
      if (row.projectId && !(await tx.archiveRewardProject.count({ where: { id: row.projectId as number, archiveId: archive.id } }))) {
        throw new ValidationError('archive.rewardProjectInvalid', undefined, 'REWARD_PROJECT_INVALID');
      }
    },
  ],
  cards: [
    (_tx, _a, row) => {
      if (row.last4 && !/^\d{4}$/.test(String(row.last4))) throw new ValidationError('archive.cardLast4', undefined, 'CARD_LAST4');
      if (row.expiry && !/^(0[1-9]|1[0-2])\/\d{2}$/.test(String(row.expiry))) throw new ValidationError('archive.expiryInvalid', undefined, 'EXPIRY_INVALID');
    },
  ],
  recommenders: [
    (_tx, _a, row) => {
      if (!row.type) throw new ValidationError('archive.recommenderTypeRequired', undefined, 'RECOMMENDER_TYPE_REQUIRED');
    },
  ],
  multimedia: [
    (_tx, _a, row) => {
      if (row.url && !/^https?:\/\/\S+$/i.test(String(row.url))) throw new ValidationError('archive.urlInvalid', undefined, 'URL_INVALID');
    },
  ],
  applicationAccounts: [
    (_tx, _a, row) => {
      if (row.url && !/^https?:\/\/\S+$/i.test(String(row.url))) throw new ValidationError('archive.urlInvalid', undefined, 'URL_INVALID');
    },
  ],
};

/** Archive names follow the bio; the student's own record too (one person, one name). */
async function syncNames(tx: Tx, archive: ArchiveFacts, bio: RowValues): Promise<void> {
  const n = bio as NameForms;
  await tx.archive.update({ where: { id: archive.id }, data: { name: displayName(n), userName: latinName(n), searchName: searchNameOf(n) } });
  await tx.user.update({
    where: { id: archive.studentId },
    data: {
      name: displayName(n),
      nameEn: latinName(n),
      ...(typeof bio.sex === 'number' ? { gender: bio.sex } : {}),
      ...(bio.birthday !== undefined ? { birthday: bio.birthday as Date | null } : {}),
    },
  });
}

/** Any verified module of the archive's open verification goes back to unverified when its section changes. */
export type VerificationReset = (tx: Tx, archiveId: number, module: string, actorId: number) => Promise<void>;
let onSectionChanged: VerificationReset | null = null;
export function setVerificationReset(fn: VerificationReset): void {
  onSectionChanged = fn;
}

function rowsOf(raw: unknown): Array<Record<string, unknown>> {
  const body = (raw ?? {}) as Record<string, unknown>;
  const list = body.rows ?? body.list ?? body.data;
  if (list === undefined || list === null) return [];
  if (!Array.isArray(list)) throw new ValidationError('validation.invalid', { field: 'rows' });
  if (list.length > MAX_ROWS_PER_SAVE) throw new ValidationError('archive.tooManyRows', { max: MAX_ROWS_PER_SAVE }, 'TOO_MANY_ROWS');
  return list.map((r) => {
    if (!r || typeof r !== 'object' || Array.isArray(r)) throw new ValidationError('validation.invalid', { field: 'rows' });
    return r as Record<string, unknown>;
  });
}

export type SaveRowsResult = { archiveId: number; ids: number[] };

/** Saves rows of a list section inside a write whose archive is checked (module edit, not locked). */
export async function saveRowsIn(ctx: ServiceContext, tx: Tx, archive: ArchiveFacts, key: string, rows: Array<Record<string, unknown>>): Promise<number[]> {
  const section = sectionOf(key);
  const actor = requireActor(ctx);
  await assertModuleEdit(ctx, archive, section.module);
  const delegate = delegateOf(tx, section);
  const ids: number[] = [];
  let nextSort = ((await delegate.aggregate({ where: { archiveId: archive.id, ...(section.fixed ?? {}) }, _max: { sort: true } }))._max.sort ?? 0) + 1;
  for (const rawRow of rows) {
    const values = parseRow(section, rawRow);
    const sort = parseField({ name: 'sort', kind: 'int', min: 0, max: 1_000_000, description: '' }, rawRow.sort);
    const id = rawRow.id === undefined || rawRow.id === null || rawRow.id === '' ? null : parseInput(z.object({ id: dbId() }), { id: rawRow.id }).id;
    let existing: Record<string, unknown> | null = null;
    if (id) {
      existing = await delegate.findFirst({ where: { id, archiveId: archive.id, ...(section.fixed ?? {}) } });
      if (!existing) throw new DomainError('NOT_FOUND', 'archive.recordNotFound');
    }
    const merged = { ...(existing ?? {}), ...values } as RowValues;
    for (const rule of SECTION_RULES[key] ?? []) await rule(tx, archive, merged, id);
    const data = { ...values, ...(typeof sort === 'number' ? { sort } : {}) };
    if (existing) {
      await delegate.update({ where: { id }, data });
      ids.push(id as number);
    } else {
      const created = await delegate.create({ data: { archiveId: archive.id, ...(section.fixed ?? {}), sort: nextSort++, ...data } });
      ids.push(created.id as number);
    }
  }
  if (onSectionChanged) await onSectionChanged(tx, archive.id, section.module, actor.id);
  return ids;
}

/** Saves a single section (bio, family, survey) inside a checked write: fields left out keep their value. */
export async function saveSingleIn(ctx: ServiceContext, tx: Tx, archive: ArchiveFacts, key: string, raw: Record<string, unknown>): Promise<number> {
  const section = sectionOf(key);
  const actor = requireActor(ctx);
  await assertModuleEdit(ctx, archive, section.module);
  const values = parseRow(section, raw);
  const delegate = delegateOf(tx, section);
  const existing = await delegate.findFirst({ where: { archiveId: archive.id } });
  const merged = { ...(existing ?? {}), ...values } as RowValues;
  for (const rule of SECTION_RULES[key] ?? []) await rule(tx, archive, merged, (existing?.id as number | undefined) ?? null);
  const row = await delegate.upsert({ where: { archiveId: archive.id }, create: { archiveId: archive.id, ...values }, update: values });
  if (key === 'bio') await syncNames(tx, archive, merged);
  if (onSectionChanged) await onSectionChanged(tx, archive.id, section.module, actor.id);
  return row.id as number;
}

/**
 * Saves rows of a list section: a row with an id updates that row (it must belong to the
 * archive and section), one without adds a row. Rows not sent stay (deletes are explicit).
 */
export async function saveSectionRows(ctx: ServiceContext, key: string, raw: unknown): Promise<SaveRowsResult> {
  sectionOf(key);
  return runWrite(ctx, { operation: `archive.${key}.save`, targetType: 'Archive' }, async (tx) => {
    authorize(ctx, 'archive.read');
    const archive = await archiveFromInput(ctx, tx, raw, 'archiveId');
    const ids = await saveRowsIn(ctx, tx, archive, key, rowsOf(raw));
    return { result: { archiveId: archive.id, ids }, targetIds: [archive.id] };
  });
}

/** Saves a single section (bio, family, survey): fields left out keep their value. */
export async function saveSingleSection(ctx: ServiceContext, key: string, raw: unknown): Promise<SaveRowsResult> {
  sectionOf(key);
  return runWrite(ctx, { operation: `archive.${key}.save`, targetType: 'Archive' }, async (tx) => {
    authorize(ctx, 'archive.read');
    const archive = await archiveFromInput(ctx, tx, raw, 'archiveId');
    const id = await saveSingleIn(ctx, tx, archive, key, (raw ?? {}) as Record<string, unknown>);
    return { result: { archiveId: archive.id, ids: [id] }, targetIds: [archive.id] };
  });
}

/** Deletes one row of a section (a list row with its attachments; the family record with its members). */
export async function deleteSectionRow(ctx: ServiceContext, key: string, raw: unknown): Promise<{ archiveId: number; id: number }> {
  const section = sectionOf(key);
  const result = await runWrite(ctx, { operation: `archive.${key}.delete`, targetType: 'Archive' }, async (tx) => {
    const actor = authorize(ctx, 'archive.read');
    const { id } = parseInput(idSchema, raw ?? {});
    const delegate = delegateOf(tx, section);
    const row = await delegate.findFirst({ where: { id, ...(section.fixed ?? {}) }, select: { id: true, archiveId: true } });
    if (!row) throw new DomainError('NOT_FOUND', 'archive.recordNotFound');
    const archive = await findVisibleArchive(ctx, tx, row.archiveId as number).catch(() => {
      throw new DomainError('NOT_FOUND', 'archive.recordNotFound');
    });
    await assertModuleEdit(ctx, archive, section.module);
    let keys: string[] = [];
    if (section.fileKind) {
      const files = await tx.archiveFile.findMany({ where: { archiveId: archive.id, kind: section.fileKind, objectId: id }, select: { storageKey: true } });
      keys = files.map((f) => f.storageKey);
      await tx.archiveFile.deleteMany({ where: { archiveId: archive.id, kind: section.fileKind, objectId: id } });
    }
    if (section.single && key === 'family') await tx.archiveFamilyMember.deleteMany({ where: { archiveId: archive.id } });
    await delegate.delete({ where: { id } });
    if (onSectionChanged) await onSectionChanged(tx, archive.id, section.module, actor.id);
    return { result: { archiveId: archive.id, id, keys }, targetIds: [archive.id] };
  });
  // The bytes go once the rows are gone for good.
  for (const k of result.keys) await removeUpload(ctx.config, k).catch(() => {});
  return { archiveId: result.archiveId, id: result.id };
}

export { rowsOf };

/** Which section a field definition list belongs to, for callers outside the registry. */
export const sectionKeys = SECTIONS.map((s) => s.key);

export function fieldOf(section: SectionDef, name: string): FieldDef | undefined {
  return section.fields.find((f) => f.name === name);
}

/** Light check used by the light archive's parent e-mail (the same message as everywhere). */
export function assertEmail(value: string | null | undefined): void {
  if (value && !isEmail(value)) throw new ValidationError('archive.emailInvalid', undefined, 'EMAIL_INVALID');
}

export const requireActorOf = requireActor;
