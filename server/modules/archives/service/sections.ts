import type { ServiceContext } from '../../../context.ts';
import type { Tx } from '../../../db/client.ts';
import { ValidationError } from '../../../errors.ts';
import { dbId, inputOf, parseInput, z, type Parsed } from '../../../lib/validate.ts';
import { authorize, requireActor } from '../../../policy.ts';
import { diffFields, recordChanges, runWrite } from '../../../write.ts';
import { removeUpload } from '../../../lib/upload.ts';
import { parseField, parseRow, shapeRow, type RowValues, type ShapedRow } from '../archives.fields.ts';
import { canSeeSensitive } from '../archives.policy.ts';
import { FAMILY_KIND, sectionOf, type SectionDef } from '../../../../shared/archive-sections.ts';
import { type ArchiveFacts, type Db, assertModuleEdit, assertModuleRead, canEditModule, findVisibleArchive, idSchema, logReveal } from './access.ts';
import { type NameForms, displayName, hasRequiredName, latinName, searchNameOf } from './names.ts';
import { resetVerificationOnEdit } from './verification.ts';
import { archivesErrors } from '../archives.errors.ts';

/**
 * Sections of an archive: reading (masked, logged), saving rows and single sections with
 * their rules, deleting rows. Every write calls resetVerificationOnEdit explicitly: a changed
 * section is no longer what its verification saw. Reads never reset.
 */
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

/** Rows of a section, masked for callers without the right; unmasked sensitive reads are logged. */
export async function readSection(ctx: ServiceContext, archive: ArchiveFacts, key: string, stored?: (section: SectionDef) => Promise<Array<Record<string, unknown>>>): Promise<ShapedRow[]> {
  const section = sectionOf(key);
  await assertModuleRead(ctx, archive, section.module);
  const rows = stored
    ? await stored(section)
    : await delegateOf(ctx.db, section).findMany({
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

export const MAX_ROWS_PER_SAVE = 200;

type RowRule = (tx: Tx, archive: ArchiveFacts, row: RowValues, existingId: number | null) => Promise<void> | void;

const dateOrder =
  (from: string, to: string): RowRule =>
  (_tx, _a, row) => {
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

/** The audit trail's changes of one row of a section (before null: added; after null: deleted). */
export function sectionChanges(section: SectionDef, archiveId: number, rowId: number, before: Record<string, unknown> | null, after: Record<string, unknown> | null) {
  const masks = new Map(section.fields.map((f) => [f.name, f.mask ?? null]));
  const fields = section.fields.map((f) => f.name).filter((n) => !after || before === null || n in after);
  return diffFields(before, after, fields, (field) => ({ entity: section.key, entityId: rowId, archiveId, module: section.module, labelKey: `archivesUi.f.${field}`, mask: masks.get(field) ?? null }));
}

export function rowsOf(raw: unknown): Array<Record<string, unknown>> {
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
      if (!existing) throw archivesErrors.rule('NOT_FOUND', 'archive.recordNotFound');
    }
    const merged = { ...(existing ?? {}), ...values } as RowValues;
    for (const rule of SECTION_RULES[key] ?? []) await rule(tx, archive, merged, id);
    const data = { ...values, ...(typeof sort === 'number' ? { sort } : {}) };
    if (existing) {
      await delegate.update({ where: { id }, data });
      ids.push(id as number);
      recordChanges(tx, sectionChanges(section, archive.id, id as number, existing, values));
    } else {
      const created = await delegate.create({ data: { archiveId: archive.id, ...(section.fixed ?? {}), sort: nextSort++, ...data } });
      ids.push(created.id as number);
      recordChanges(tx, sectionChanges(section, archive.id, created.id as number, null, values));
    }
  }
  // A changed section is no longer what its verification saw.
  await resetVerificationOnEdit(tx, archive.id, section.module, actor.id);
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
  recordChanges(tx, sectionChanges(section, archive.id, row.id as number, existing, values));
  if (key === 'bio') await syncNames(tx, archive, merged);
  // A changed section is no longer what its verification saw.
  await resetVerificationOnEdit(tx, archive.id, section.module, actor.id);
  return row.id as number;
}

/**
 * The archive of a section save, and the rest of the body as sent: the rows (`rows`, `list`,
 * `data`) and a single section's fields are read by rowsOf and parseRow after the module's
 * edit right is checked, under their own codes (TOO_MANY_ROWS, the field checks).
 */
export const saveSectionInput = z.looseObject({ archiveId: dbId() });

/**
 * Saves rows of a list section: a row with an id updates that row (it must belong to the
 * archive and section), one without adds a row. Rows not sent stay (deletes are explicit).
 */
export async function saveSectionRows(ctx: ServiceContext, key: string, parsed: Parsed<z.output<typeof saveSectionInput>>): Promise<SaveRowsResult> {
  sectionOf(key);
  return runWrite(ctx, { operation: `archive.${key}.save`, targetType: 'Archive' }, async (tx) => {
    authorize(ctx, 'archive.read');
    const input = inputOf(parsed);
    const archive = await findVisibleArchive(ctx, tx, input.archiveId);
    const ids = await saveRowsIn(ctx, tx, archive, key, rowsOf(input));
    return { result: { archiveId: archive.id, ids }, targetIds: [archive.id] };
  });
}

/** Saves a single section (bio, family, survey): fields left out keep their value. */
export async function saveSingleSection(ctx: ServiceContext, key: string, parsed: Parsed<z.output<typeof saveSectionInput>>): Promise<SaveRowsResult> {
  sectionOf(key);
  return runWrite(ctx, { operation: `archive.${key}.save`, targetType: 'Archive' }, async (tx) => {
    authorize(ctx, 'archive.read');
    const input = inputOf(parsed);
    const archive = await findVisibleArchive(ctx, tx, input.archiveId);
    const id = await saveSingleIn(ctx, tx, archive, key, input);
    return { result: { archiveId: archive.id, ids: [id] }, targetIds: [archive.id] };
  });
}

export const deleteSectionRowInput = idSchema;

/** Deletes one row of a section (a list row with its attachments; the family record with its members). */
export async function deleteSectionRow(ctx: ServiceContext, key: string, parsed: Parsed<z.output<typeof deleteSectionRowInput>>): Promise<{ archiveId: number; id: number }> {
  const section = sectionOf(key);
  const result = await runWrite(ctx, { operation: `archive.${key}.delete`, targetType: 'Archive' }, async (tx) => {
    const actor = authorize(ctx, 'archive.read');
    const { id } = inputOf(parsed);
    const delegate = delegateOf(tx, section);
    const row = await delegate.findFirst({ where: { id, ...(section.fixed ?? {}) } });
    if (!row) throw archivesErrors.rule('NOT_FOUND', 'archive.recordNotFound');
    const archive = await findVisibleArchive(ctx, tx, row.archiveId as number).catch(() => {
      throw archivesErrors.rule('NOT_FOUND', 'archive.recordNotFound');
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
    recordChanges(tx, sectionChanges(section, archive.id, id, row, null));
    // A changed section is no longer what its verification saw.
    await resetVerificationOnEdit(tx, archive.id, section.module, actor.id);
    return { result: { archiveId: archive.id, id, keys }, targetIds: [archive.id] };
  });
  // The bytes go once the rows are gone for good.
  for (const k of result.keys) await removeUpload(ctx, k).catch(() => {});
  return { archiveId: result.archiveId, id: result.id };
}
