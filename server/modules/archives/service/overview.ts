import type { ServiceContext } from '../../../context.ts';
import type { Tx } from '../../../db/client.ts';
import { ValidationError } from '../../../errors.ts';
import type { Prisma } from '../../../generated/prisma/client.ts';
import type { MessageKey } from '../../../i18n/catalogue.ts';
import { STAFF_STATES, USER_TYPES } from '../../../lib/codes.ts';
import { dbId, inputOf, parseInput, z, type Parsed } from '../../../lib/validate.ts';
import { authorize } from '../../../policy.ts';
import { runWrite } from '../../../write.ts';
import { parseRow, type RowValues } from '../archives.fields.ts';
import { ARCHIVE_STATUS } from '../archives.policy.ts';
import { GRADE_MAX, GRADE_MIN, sectionOf } from '../../../../shared/archive-sections.ts';
import { type ArchiveFacts, assertModuleEdit, findVisibleArchive, idSchema, updateArchiveAudited } from './access.ts';
import { type NameForms, displayName, hasRequiredName, latinName, searchNameOf, splitChineseName } from './names.ts';
import { archivesErrors } from '../archives.errors.ts';

/** The archive overview: creating, editing, linking staff and parents, assigning, deleting. */
const optionalId = z.union([dbId(), z.literal('').transform(() => null), z.null()]).optional();
const yearField = z.union([z.number(), z.string().trim()]).optional().nullable();
const gradeField = z.union([z.number(), z.string().trim()]).optional().nullable();

export function parseYear(raw: unknown): number | null | undefined {
  if (raw === undefined) return undefined;
  if (raw === null || raw === '') return null;
  const n = typeof raw === 'number' ? raw : /^\d{4}$/.test(String(raw).trim()) ? Number(raw) : Number.NaN;
  if (!Number.isInteger(n) || n < 2000 || n > 2100) throw new ValidationError('archive.yearInvalid', undefined, 'YEAR_INVALID');
  return n;
}

export function parseGrade(raw: unknown): number | null | undefined {
  if (raw === undefined) return undefined;
  if (raw === null || raw === '') return null;
  const n = typeof raw === 'number' ? raw : /^\d{1,2}$/.test(String(raw).trim()) ? Number(raw) : Number.NaN;
  if (!Number.isInteger(n) || n < GRADE_MIN || n > GRADE_MAX) throw new ValidationError('archive.gradeInvalid', undefined, 'GRADE_INVALID');
  return n;
}

export function parseSale(raw: unknown): number | undefined {
  if (raw === undefined || raw === null || raw === '') return undefined;
  const n = Number(raw);
  if (n !== 1 && n !== 2) throw new ValidationError('archive.saleInvalid', undefined, 'SALE_INVALID');
  return n;
}

/** Checks a staff link: active staff holding one of the roles. */
async function assertStaffWithRole(tx: Tx, id: number, roles: string[], message: MessageKey, code: string): Promise<void> {
  const ok = await tx.user.count({ where: { id, type: USER_TYPES.STAFF, state: { not: STAFF_STATES.DEACTIVATED }, roles: { some: { role: { code: { in: roles } } } } } });
  if (!ok) throw new ValidationError(message, undefined, code);
}

async function assertParent(tx: Tx, id: number): Promise<void> {
  if (!(await tx.user.count({ where: { id, type: USER_TYPES.PARENT } }))) throw new ValidationError('archive.parentInvalid', undefined, 'PARENT_INVALID');
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

/** The overview fields, and the bio's fields (flat or under `bio`) passed through as sent: parseRow reads them. */
export const createArchiveInput = createSchema.loose();

export type CreateArchiveResult = { id: number; studentId: number };

/**
 * Creates an archive. With `studentId` (legacy `userId`) the archive belongs to that
 * student; without it a student (user type 3, no login) is created from the bio's names.
 * The name rule applies either way. A consultant or salesperson creating an archive without
 * naming one becomes it, so that they keep seeing the archive they made.
 */
export async function createArchive(ctx: ServiceContext, parsed: Parsed<z.output<typeof createArchiveInput>>, opts: { operation?: string } = {}): Promise<CreateArchiveResult> {
  return runWrite(ctx, { operation: opts.operation ?? 'archive.create', targetType: 'Archive' }, async (tx) => {
    const actor = authorize(ctx, 'archive.create');
    const input = inputOf(parsed);
    const bioSection = sectionOf('bio');
    const bio = parseRow(bioSection, (input.bio && typeof input.bio === 'object' ? input.bio : input) as Record<string, unknown>);
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
    if (!student || student.type !== USER_TYPES.STUDENT) throw new ValidationError('archive.studentInvalid', undefined, 'STUDENT_INVALID');
    if (student.archive) throw archivesErrors.rule('STUDENT_HAS_ARCHIVE', 'archive.studentHasArchive');
    if (!hasRequiredName(bio)) {
      const split = splitChineseName(student.name);
      bio = { ...bio, ...(split ?? {}), enName: bio.enName ?? student.nameEn?.split(' ')[0] ?? null };
      if (student.nameEn && !bio.surNamePy) {
        const parts = student.nameEn.trim().split(/\s+/);
        if (parts.length >= 2) bio = { ...bio, surNamePy: parts[parts.length - 1] as string };
      }
    }
    if (bio.sex == null) bio = { ...bio, sex: student.gender };
    if (bio.birthday === undefined && student.birthday) bio = { ...bio, birthday: student.birthday };
    if (!a.parentId && student.parentId) a = { ...a, parentId: student.parentId };
  }
  if (!hasRequiredName(bio)) throw new ValidationError('archive.nameRequired', undefined, 'NAME_REQUIRED');
  // A cleared sex (null from a form) is "unknown", as the column's default says.
  if (bio.sex == null) bio = { ...bio, sex: 0 };
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
        type: USER_TYPES.STUDENT,
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

export const updateArchiveInput = z.object({
  id: dbId(),
  grade: gradeField,
  year: yearField,
  sale: z.unknown().optional(),
  remark: z.string().trim().max(2000).optional().nullable(),
});

/** Edits the overview (grade, apply year, application type, remarks): module `profile`. */
export async function updateArchive(ctx: ServiceContext, parsed: Parsed<z.output<typeof updateArchiveInput>>): Promise<{ id: number }> {
  return runWrite(ctx, { operation: 'archive.update', targetType: 'Archive' }, async (tx) => {
    authorize(ctx, 'archive.read');
    const input = inputOf(parsed);
    const archive = await findVisibleArchive(ctx, tx, input.id);
    await assertModuleEdit(ctx, archive, 'profile');
    await updateArchiveAudited(tx, archive.id, parseOverview(input));
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
  if (archive.locked) throw archivesErrors.rule('ARCHIVE_LOCKED', 'archive.locked');
  await checkLinks(tx, links, archive);
  await updateArchiveAudited(tx, archive.id, links);
  const userData: Prisma.UserUncheckedUpdateInput = {};
  if (links.consultantId !== undefined) userData.consultantId = links.consultantId;
  if (links.parentId !== undefined) userData.parentId = links.parentId;
  if (Object.keys(userData).length) await tx.user.update({ where: { id: archive.studentId }, data: userData });
}

export const assignArchivesInput = z.object({
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
export async function assignArchives(ctx: ServiceContext, parsed: Parsed<z.output<typeof assignArchivesInput>>): Promise<{ ids: number[] }> {
  return runWrite(ctx, { operation: 'archive.assign', targetType: 'Archive' }, async (tx) => {
    authorize(ctx, 'archive.assign');
    const input = inputOf(parsed);
    const ids = [...new Set(input.ids)];
    const links: LinkInput = { consultantId: input.consultantId, actingConsultantId: input.actingConsultantId, salesId: input.salesId, parentId: input.parentId };
    for (const id of ids) await applyLinks(tx, await findVisibleArchive(ctx, tx, id), links);
    return { result: { ids }, targetIds: ids };
  });
}

export const deleteArchiveInput = idSchema;

/** Deletes an archive (kept hidden: applications may point at it). Locked archives are refused. */
export async function deleteArchive(ctx: ServiceContext, parsed: Parsed<z.output<typeof deleteArchiveInput>>): Promise<{ id: number }> {
  return runWrite(ctx, { operation: 'archive.delete', targetType: 'Archive' }, async (tx) => {
    authorize(ctx, 'archive.delete');
    const archive = await findVisibleArchive(ctx, tx, inputOf(parsed).id);
    if (archive.locked) throw archivesErrors.rule('ARCHIVE_LOCKED', 'archive.deleteLocked');
    await updateArchiveAudited(tx, archive.id, { deletedAt: new Date() });
    return { result: { id: archive.id }, targetIds: [archive.id] };
  });
}
