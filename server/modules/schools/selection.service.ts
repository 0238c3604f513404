import type { ServiceContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { NotFoundError } from '../../errors.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import { dbId, inputOf, z, type Parsed } from '../../lib/validate.ts';
import { authorize, requireActor } from '../../policy.ts';
import { runWrite } from '../../write.ts';
import { archiveForWrite, isFamily, readableArchivesWhere } from '../archives/index.ts';
import { matchScores, type MatchResult, type SchoolFacts, type StudentFacts } from './match.ts';
import { SCHOOL_ORDER } from './schools.service.ts';
import { schoolsErrors } from './schools.errors.ts';

/**
 * Selection lists: a consultant proposes schools for a student; each entry carries match
 * scores computed by the rule in match.ts from the archive and the school. Publishing shows
 * the list to the family and can never be withdrawn: a published list is frozen.
 */

const TSV_EXAM = { TOEFL: 3, SSAT: 4 } as const;

/** Lists the caller may read: staff by the archives' visibility; families their own published lists. */
export async function selectionListsWhere(ctx: ServiceContext): Promise<Prisma.SelectionListWhereInput> {
  authorize(ctx, 'selection.read');
  const archive = await readableArchivesWhere(ctx);
  return isFamily(ctx) ? { archive, publishedAt: { not: null } } : { archive };
}

/** What the match rule needs to know about a student, read from the archive. */
export async function studentFacts(db: ServiceContext['db'] | Tx, archiveId: number): Promise<StudentFacts> {
  const a = await db.archive.findUniqueOrThrow({
    where: { id: archiveId },
    select: {
      grade: true,
      bio: { select: { sex: true, submitGrade: true } },
      survey: { select: { targetRegion: true, preferredSchoolSize: true, coed: true } },
      exams: { where: { kind: { in: [TSV_EXAM.TOEFL, TSV_EXAM.SSAT] } }, select: { kind: true, total: true, percentile: true } },
      awards: { select: { certificateLevel: true } },
    },
  });
  const best = (values: Array<number | null>) => {
    const v = values.filter((x): x is number => x !== null && Number.isFinite(x));
    return v.length ? Math.max(...v) : null;
  };
  return {
    sex: a.bio?.sex ?? 0,
    targetGrade: a.bio?.submitGrade ?? (a.grade !== null ? Math.min(a.grade + 1, 13) : null),
    targetRegion: a.survey?.targetRegion ?? null,
    preferredSize: a.survey?.preferredSchoolSize ?? null,
    coedPreference: a.survey?.coed ?? null,
    ssatPercentile: best(a.exams.filter((e) => e.kind === TSV_EXAM.SSAT).map((e) => e.percentile)),
    toeflTotal: best(a.exams.filter((e) => e.kind === TSV_EXAM.TOEFL).map((e) => e.total)),
    awardLevels: a.awards.map((w) => w.certificateLevel),
  };
}

export const SCHOOL_FACTS_SELECT = { id: true, sex: true, gradeFrom: true, gradeTo: true, country: true, studentCount: true, ssatAverage: true, toeflAverage: true } satisfies Prisma.SchoolSelect;

function entryScores(m: MatchResult) {
  return {
    genderScore: m.gender.score,
    gradeScore: m.grade.score,
    regionScore: m.region.score,
    scaleScore: m.scale.score,
    rankScore: m.rank.score,
    activityScore: m.activity.score,
    totalScore: m.total.score,
    explanation: m as unknown as Prisma.InputJsonValue,
  };
}

export type SelectionWrite = { listId: number; entryIds: number[] };

/** The service's input schemas: each door parses with them (`atDoor`), the service reads the result. */
export const selectionListIdInput = z.object({ listId: dbId() });
export const addSchoolsInput = selectionListIdInput.extend({ schoolIds: z.array(dbId()).min(1).max(200) });
export const removeEntriesInput = selectionListIdInput.extend({ entryIds: z.array(dbId()).min(1).max(200) });
export const reorderEntriesInput = selectionListIdInput.extend({ entryIds: z.array(dbId()).min(1).max(500) });
export const selectionEntriesInput = z.object({ selectionId: dbId() });
export const studentChosenInput = z.object({ archivesId: dbId() });
export const notInListsInput = z.object({ archiveId: dbId() });
type In<S extends z.ZodType> = Parsed<z.output<S>>;

async function listForWrite(ctx: ServiceContext, tx: Tx, listId: number, permission: 'selection.write' | 'selection.publish') {
  authorize(ctx, permission);
  await tx.$queryRaw`SELECT id FROM selection_lists WHERE id = ${listId} FOR UPDATE`;
  const list = await tx.selectionList.findUnique({ where: { id: listId }, select: { id: true, archiveId: true, publishedAt: true } });
  if (!list) throw new NotFoundError();
  // The archive must be one the caller may change; otherwise the list "does not exist".
  await archiveForWrite(ctx, tx, list.archiveId, permission);
  return list;
}

const refusePublished = (list: { publishedAt: Date | null }) => {
  if (list.publishedAt) throw schoolsErrors.rule('SELECTION_PUBLISHED', 'selection.published');
};

export const createSelectionInput = z.object({
  archiveId: dbId(),
  name: z.string().trim().min(1).max(100).optional(),
  note: z.string().max(2000).nullish(),
  schoolIds: z.array(dbId()).max(200).optional(),
});

/** Creates a draft list for a student, optionally with its first schools. */
export async function createSelectionList(ctx: ServiceContext, parsed: In<typeof createSelectionInput>): Promise<SelectionWrite> {
  return runWrite(ctx, { operation: 'selection.create', targetType: 'SelectionList' }, async (tx) => {
    authorize(ctx, 'selection.write');
    const input = inputOf(parsed);
    const archive = await archiveForWrite(ctx, tx, input.archiveId, 'selection.write');
    const actor = requireActor(ctx);
    const count = await tx.selectionList.count({ where: { archiveId: archive.id } });
    const list = await tx.selectionList.create({
      data: { archiveId: archive.id, name: input.name ?? `${archive.name} #${count + 1}`, note: input.note ?? null, createdById: actor.id, createdByName: actor.name },
      select: { id: true },
    });
    const entryIds = input.schoolIds?.length ? await addEntries(tx, list.id, archive.id, input.schoolIds) : [];
    return { result: { listId: list.id, entryIds }, targetIds: [list.id] };
  });
}

async function addEntries(tx: Tx, listId: number, archiveId: number, schoolIds: number[]): Promise<number[]> {
  if (new Set(schoolIds).size !== schoolIds.length) throw schoolsErrors.rule('DUPLICATE', 'selection.schoolTwice');
  const schools = await tx.school.findMany({ where: { id: { in: schoolIds } }, select: { ...SCHOOL_FACTS_SELECT, name: true } });
  const missing = schoolIds.find((id) => !schools.some((s) => s.id === id));
  if (missing !== undefined) throw schoolsErrors.rule('NOT_FOUND', 'school.notFound');
  const already = await tx.selectionEntry.findFirst({ where: { listId, schoolId: { in: schoolIds } }, select: { school: { select: { name: true } } } });
  if (already) throw schoolsErrors.rule('DUPLICATE', 'selection.schoolInList', { name: already.school.name });
  const facts = await studentFacts(tx, archiveId);
  const last = await tx.selectionEntry.aggregate({ where: { listId }, _max: { sort: true } });
  let sort = (last._max.sort ?? 0) + 1;
  const ids: number[] = [];
  for (const schoolId of schoolIds) {
    const school = schools.find((s) => s.id === schoolId) as SchoolFacts & { id: number };
    const entry = await tx.selectionEntry.create({ data: { listId, schoolId, sort: sort++, ...entryScores(matchScores(facts, school)) }, select: { id: true } });
    ids.push(entry.id);
  }
  await tx.selectionList.update({ where: { id: listId }, data: { updatedAt: new Date() } });
  return ids;
}

/** Adds schools to a draft list (refused once published). */
export async function addSchoolsToSelection(ctx: ServiceContext, parsed: In<typeof addSchoolsInput>): Promise<SelectionWrite> {
  return runWrite(ctx, { operation: 'selection.addSchools', targetType: 'SelectionList' }, async (tx) => {
    authorize(ctx, 'selection.write');
    const input = inputOf(parsed);
    const list = await listForWrite(ctx, tx, input.listId, 'selection.write');
    refusePublished(list);
    const entryIds = await addEntries(tx, list.id, list.archiveId, input.schoolIds);
    return { result: { listId: list.id, entryIds }, targetIds: [list.id] };
  });
}

/** Removes entries from a draft list (refused once published). */
export async function removeSelectionEntries(ctx: ServiceContext, parsed: In<typeof removeEntriesInput>): Promise<SelectionWrite & { removedIds: number[] }> {
  return runWrite(ctx, { operation: 'selection.removeSchools', targetType: 'SelectionList' }, async (tx) => {
    authorize(ctx, 'selection.write');
    const input = inputOf(parsed);
    const list = await listForWrite(ctx, tx, input.listId, 'selection.write');
    refusePublished(list);
    const removed = await tx.selectionEntry.deleteMany({ where: { listId: list.id, id: { in: input.entryIds } } });
    if (removed.count !== new Set(input.entryIds).size) throw new NotFoundError();
    await tx.selectionList.update({ where: { id: list.id }, data: { updatedAt: new Date() } });
    return { result: { listId: list.id, entryIds: [], removedIds: input.entryIds }, targetIds: [list.id] };
  });
}

/** Scores every entry of a draft list again from the current archive and schools. */
export async function rescoreSelectionList(ctx: ServiceContext, parsed: In<typeof selectionListIdInput>): Promise<SelectionWrite> {
  return runWrite(ctx, { operation: 'selection.rescore', targetType: 'SelectionList' }, async (tx) => {
    authorize(ctx, 'selection.write');
    const input = inputOf(parsed);
    const list = await listForWrite(ctx, tx, input.listId, 'selection.write');
    refusePublished(list);
    const facts = await studentFacts(tx, list.archiveId);
    const entries = await tx.selectionEntry.findMany({ where: { listId: list.id }, select: { id: true, school: { select: SCHOOL_FACTS_SELECT } } });
    for (const e of entries) await tx.selectionEntry.update({ where: { id: e.id }, data: entryScores(matchScores(facts, e.school)) });
    return { result: { listId: list.id, entryIds: entries.map((e) => e.id) }, targetIds: [list.id] };
  });
}

/**
 * Puts the entries of a draft list in the given order (refused once published). The order
 * names every entry of the list exactly once, so a stale screen (an entry added or removed
 * elsewhere meanwhile) is refused instead of half-applied.
 */
export async function reorderSelectionList(ctx: ServiceContext, parsed: In<typeof reorderEntriesInput>): Promise<SelectionWrite> {
  return runWrite(ctx, { operation: 'selection.reorder', targetType: 'SelectionList' }, async (tx) => {
    authorize(ctx, 'selection.write');
    const input = inputOf(parsed);
    const list = await listForWrite(ctx, tx, input.listId, 'selection.write');
    refusePublished(list);
    const entries = await tx.selectionEntry.findMany({ where: { listId: list.id }, select: { id: true } });
    const have = new Set(entries.map((e) => e.id));
    const given = new Set(input.entryIds);
    if (given.size !== input.entryIds.length || given.size !== have.size || input.entryIds.some((id) => !have.has(id))) throw schoolsErrors.rule('SELECTION_ORDER', 'selection.orderMismatch');
    for (const [i, id] of input.entryIds.entries()) await tx.selectionEntry.update({ where: { id }, data: { sort: i + 1 } });
    await tx.selectionList.update({ where: { id: list.id }, data: { updatedAt: new Date() } });
    return { result: { listId: list.id, entryIds: [] }, targetIds: [list.id] };
  });
}

/** Publishes a list to the family. Irreversible: there is no unpublish, and the list is frozen. */
export async function publishSelectionList(ctx: ServiceContext, parsed: In<typeof selectionListIdInput>): Promise<SelectionWrite> {
  return runWrite(ctx, { operation: 'selection.publish', targetType: 'SelectionList' }, async (tx) => {
    authorize(ctx, 'selection.publish');
    const input = inputOf(parsed);
    const list = await listForWrite(ctx, tx, input.listId, 'selection.publish');
    if (list.publishedAt) throw schoolsErrors.rule('SELECTION_PUBLISHED', 'selection.alreadyPublished');
    const count = await tx.selectionEntry.count({ where: { listId: list.id } });
    if (!count) throw schoolsErrors.rule('SELECTION_EMPTY', 'selection.empty');
    const actor = requireActor(ctx);
    await tx.selectionList.update({ where: { id: list.id }, data: { publishedAt: new Date(), publishedById: actor.id, publishedByName: actor.name } });
    return { result: { listId: list.id, entryIds: [] }, targetIds: [list.id] };
  });
}

/** Deletes a draft list (a published one is kept for good). */
export async function deleteSelectionList(ctx: ServiceContext, parsed: In<typeof selectionListIdInput>): Promise<{ listId: number }> {
  return runWrite(ctx, { operation: 'selection.delete', targetType: 'SelectionList' }, async (tx) => {
    authorize(ctx, 'selection.write');
    const input = inputOf(parsed);
    const list = await listForWrite(ctx, tx, input.listId, 'selection.write');
    refusePublished(list);
    await tx.selectionList.delete({ where: { id: list.id } });
    return { result: { listId: list.id }, targetIds: [list.id] };
  });
}

// ── reads ──

export const ENTRY_INCLUDE = { school: true, list: { select: { id: true, name: true, archiveId: true, publishedAt: true } } } satisfies Prisma.SelectionEntryInclude;
export type EntryRow = Prisma.SelectionEntryGetPayload<{ include: typeof ENTRY_INCLUDE }>;

/** Entries of one list (listSelectionSchool?selectionId). */
export async function selectionEntries(ctx: ServiceContext, parsed: In<typeof selectionEntriesInput>): Promise<EntryRow[]> {
  authorize(ctx, 'selection.read');
  const { selectionId } = inputOf(parsed);
  const where = await selectionListsWhere(ctx);
  const list = await ctx.db.selectionList.findFirst({ where: { id: selectionId, AND: [where] }, select: { id: true } });
  if (!list) throw new NotFoundError();
  return ctx.db.selectionEntry.findMany({ where: { listId: list.id }, include: ENTRY_INCLUDE, orderBy: [{ sort: 'asc' }, { id: 'asc' }] });
}

/** Schools chosen for a student: entries of the archive's lists the caller may read (listStudentChooseSchool). */
export async function studentChosenSchools(ctx: ServiceContext, parsed: In<typeof studentChosenInput>): Promise<EntryRow[]> {
  authorize(ctx, 'selection.read');
  const { archivesId } = inputOf(parsed);
  const where = await selectionListsWhere(ctx);
  const archive = await ctx.db.archive.findFirst({ where: { id: archivesId, AND: [await readableArchivesWhere(ctx)] }, select: { id: true } });
  if (!archive) throw new NotFoundError();
  return ctx.db.selectionEntry.findMany({
    where: { list: { archiveId: archive.id, AND: [where] } },
    include: ENTRY_INCLUDE,
    orderBy: [{ list: { createdAt: 'desc' } }, { sort: 'asc' }, { id: 'asc' }],
  });
}

/**
 * Schools not yet on any of the student's selection lists (listSelectionSchoolNotInArchives):
 * the choices offered when adding to a list. Staff only.
 */
export async function schoolsNotInStudentLists(ctx: ServiceContext, parsed: In<typeof notInListsInput>) {
  authorize(ctx, 'school.read');
  const { archiveId } = inputOf(parsed);
  const archive = await ctx.db.archive.findFirst({ where: { id: archiveId, AND: [await readableArchivesWhere(ctx)] }, select: { id: true } });
  if (!archive) throw new NotFoundError();
  return ctx.db.school.findMany({
    where: { selectionEntries: { none: { list: { archiveId: archive.id } } } },
    select: { id: true, name: true, chineseName: true, abbreviation: true, country: true, province: true },
    orderBy: SCHOOL_ORDER,
    take: 5000,
  });
}
