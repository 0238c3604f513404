import type { ServiceContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { ValidationError } from '../../errors.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import { searchText } from '../../lib/text.ts';
import { IMAGE_TYPES, removeUpload, saveUpload, type UploadPolicy } from '../../lib/upload.ts';
import { dbId, inputOf, parseInput, z, type Parsed } from '../../lib/validate.ts';
import { authorize } from '../../policy.ts';
import { runWrite } from '../../write.ts';
import { DEADLINE_KIND, PLATFORM, parseSection, schoolGradeSpan, schoolSearchName, SPORT_SEASON, SPORT_GENDER, type Section } from './schools.fields.ts';
import { isCalendarDay } from '../../lib/wall-time.ts';
import { schoolsErrors } from './schools.errors.ts';

/** Badges: images only (recognised from their bytes), at most 2 MB. */
export const BADGE_POLICY: UploadPolicy = { dir: 'school-badges', types: IMAGE_TYPES, maxBytes: 2 * 1024 * 1024 };

export const SCHOOL_ORDER: Prisma.SchoolOrderByWithRelationInput[] = [{ name: 'asc' }, { id: 'asc' }];

const optionalNumber = () => z.preprocess((v) => (v === '' || v === null ? undefined : v), z.coerce.number().finite().optional());
const optionalInt = () => z.preprocess((v) => (v === '' || v === null ? undefined : v), z.coerce.number().int().optional());
const optionalText = (max = 100) => z.preprocess((v) => (v === null || v === '' ? undefined : v), z.string().max(max).optional());
const optionalBool = () => z.preprocess((v) => (v === '' || v === null ? undefined : v === 'true' || v === '1' || v === 1 ? true : v === 'false' || v === '0' || v === 0 ? false : v), z.boolean().optional());

// ── list filters ──

export const schoolFilterSchema = z.object({
  search: optionalText(),
  country: optionalText(40),
  province: optionalText(100),
  /** 1 boys, 2 girls, 3 co-ed. */
  sex: optionalInt(),
  /** Schools that teach this grade (13 = PG). */
  grade: optionalInt(),
  boarderRatioMin: optionalNumber(),
  boarderRatioMax: optionalNumber(),
  /** Ranked at most this (in any year) by `rankingSource` (any source when not given). */
  rankMax: optionalInt(),
  rankingSource: optionalText(100),
  /** Accepts this platform: 1 SAO, 2 Gateway, 3 Ravenna, 4 the school's own. */
  platform: optionalInt(),
  toeflMin: optionalNumber(),
  toeflMax: optionalNumber(),
  ssatMin: optionalNumber(),
  ssatMax: optionalNumber(),
  ap: optionalBool(),
});

/** The list's WHERE for a filter (validated: bad values are refused naming the field). */
export function schoolsWhere(parsed: Parsed<z.output<typeof schoolFilterSchema>>): Prisma.SchoolWhereInput {
  const f = inputOf(parsed);
  const and: Prisma.SchoolWhereInput[] = [];
  const search = searchText(f.search);
  if (search) and.push({ searchName: { contains: search.toLowerCase() } });
  if (f.country) {
    const upper = f.country.trim().toUpperCase();
    and.push({ country: upper === 'UK' ? 'GB' : upper });
  }
  if (f.province) and.push({ province: { equals: f.province.trim(), mode: 'insensitive' } });
  if (f.sex !== undefined) and.push({ sex: f.sex });
  if (f.grade !== undefined) and.push({ gradeFrom: { lte: f.grade }, gradeTo: { gte: f.grade } });
  if (f.boarderRatioMin !== undefined) and.push({ boarderRatio: { gte: f.boarderRatioMin } });
  if (f.boarderRatioMax !== undefined) and.push({ boarderRatio: { lte: f.boarderRatioMax } });
  if (f.rankMax !== undefined) and.push({ rankings: { some: { rank: { lte: f.rankMax }, ...(f.rankingSource ? { source: f.rankingSource } : {}) } } });
  else if (f.rankingSource) and.push({ rankings: { some: { source: f.rankingSource } } });
  if (f.platform !== undefined) and.push({ platforms: { some: { platform: f.platform } } });
  if (f.toeflMin !== undefined) and.push({ toeflAverage: { gte: f.toeflMin } });
  if (f.toeflMax !== undefined) and.push({ toeflAverage: { lte: f.toeflMax } });
  if (f.ssatMin !== undefined) and.push({ ssatAverage: { gte: f.ssatMin } });
  if (f.ssatMax !== undefined) and.push({ ssatAverage: { lte: f.ssatMax } });
  if (f.ap !== undefined) and.push({ ap: f.ap });
  return and.length ? { AND: and } : {};
}

// ── reads ──

export const SCHOOL_DETAIL_INCLUDE = {
  sports: { orderBy: [{ gender: 'asc' }, { season: 'asc' }, { sort: 'asc' }, { id: 'asc' }] },
  platforms: { orderBy: { platform: 'asc' } },
  deadlines: { orderBy: [{ deadline: 'asc' }, { id: 'asc' }] },
  rankings: { orderBy: [{ year: 'desc' }, { source: 'asc' }] },
} satisfies Prisma.SchoolInclude;
export type SchoolDetail = Prisma.SchoolGetPayload<{ include: typeof SCHOOL_DETAIL_INCLUDE }>;

export function schoolIdFrom(raw: unknown, field = 'id'): number {
  const value = raw && typeof raw === 'object' ? (raw as Record<string, unknown>)[field] : raw;
  const parsed = parseInput(z.object({ [field]: dbId() }), { [field]: value }) as Record<string, number>;
  return parsed[field] as number;
}

/** One school by id: the input of the reads and writes of one school, parsed at the door. */
export const schoolIdInput = z.object({ id: dbId() });
/** The same, named `schoolId` as the legacy platform read names it (a refusal names that field). */
export const platformsInput = z.object({ schoolId: dbId() });
type SchoolId = Parsed<z.output<typeof schoolIdInput>>;

/** A school with its sub-records, for staff. */
export async function getSchool(ctx: ServiceContext, parsed: SchoolId): Promise<SchoolDetail> {
  authorize(ctx, 'school.read');
  const { id } = inputOf(parsed);
  const school = await ctx.db.school.findUnique({ where: { id }, include: SCHOOL_DETAIL_INCLUDE });
  if (!school) throw schoolsErrors.rule('NOT_FOUND', 'school.notFound');
  return school;
}

/** The public page (/school-details): no login; everything but staff-only notes. */
export async function getPublicSchool(ctx: ServiceContext, parsed: SchoolId): Promise<SchoolDetail> {
  const { id } = inputOf(parsed);
  const school = await ctx.db.school.findUnique({ where: { id }, include: SCHOOL_DETAIL_INCLUDE });
  if (!school) throw schoolsErrors.rule('NOT_FOUND', 'school.notFound');
  return { ...school, remark: null };
}

/** Platforms the school accepts (getSchoolEnableApplicationPlatform). */
export async function enabledPlatforms(ctx: ServiceContext, parsed: Parsed<z.output<typeof platformsInput>>): Promise<Array<{ platform: number; url: string | null }>> {
  authorize(ctx, 'school.read');
  const id = inputOf(parsed).schoolId;
  const school = await ctx.db.school.findUnique({ where: { id }, select: { platforms: { orderBy: { platform: 'asc' }, select: { platform: true, url: true } } } });
  if (!school) throw schoolsErrors.rule('NOT_FOUND', 'school.notFound');
  return school.platforms;
}

// ── writes: the main form and each sub-record ──

const ROW_LIMIT = 200;

const sportRow = z.object({
  gender: z.coerce
    .number()
    .int()
    .refine((v) => (Object.values(SPORT_GENDER) as number[]).includes(v)),
  season: z.coerce
    .number()
    .int()
    .refine((v) => (Object.values(SPORT_SEASON) as number[]).includes(v)),
  name: z.string().trim().min(1).max(100),
});
const platformRow = z.object({
  platform: z.coerce
    .number()
    .int()
    .refine((v) => (Object.values(PLATFORM) as number[]).includes(v)),
  url: z.preprocess(
    (v) => (v === '' ? null : v),
    z
      .url({ protocol: /^https?$/ })
      .max(500)
      .nullish(),
  ),
  note: z.string().max(500).nullish(),
});
const deadlineRow = z.object({
  kind: z.coerce
    .number()
    .int()
    .refine((v) => (Object.values(DEADLINE_KIND) as number[]).includes(v)),
  platform: z.preprocess(
    (v) => (v === '' ? null : v),
    z.coerce
      .number()
      .int()
      .refine((v) => (Object.values(PLATFORM) as number[]).includes(v))
      .nullish(),
  ),
  deadline: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .refine(isCalendarDay),
  note: z.string().max(500).nullish(),
});
const rankingRow = z.object({
  source: z.string().trim().min(1).max(100),
  year: z.coerce.number().int().min(1900).max(2100),
  rank: z.coerce.number().int().min(1).max(100000),
});

/** Rows of a sub-record; a bad row is refused naming it (e.g. `sports.2.season`). */
function rowsOf<S extends z.ZodType>(schema: S, raw: unknown, field: string): Array<z.output<S>> | undefined {
  if (raw === undefined) return undefined;
  if (raw === null) return [];
  return parseInput(z.object({ [field]: z.array(schema).max(ROW_LIMIT) }), { [field]: raw })[field] as Array<z.output<S>>;
}

type SchoolWrite = { schoolId: number };

async function lockSchool(tx: Tx, id: number): Promise<void> {
  const found = await tx.$queryRaw<Array<{ id: number }>>`SELECT id FROM schools WHERE id = ${id} FOR UPDATE`;
  if (!found.length) throw schoolsErrors.rule('NOT_FOUND', 'school.notFound');
}

/** Derived columns kept in step with the fields they come from. */
async function refreshDerived(tx: Tx, id: number): Promise<void> {
  const s = await tx.school.findUniqueOrThrow({ where: { id }, select: { name: true, abbreviation: true, chineseName: true, dayGrades: true, boardingGrades: true } });
  await tx.school.update({ where: { id }, data: { searchName: schoolSearchName(s), ...schoolGradeSpan(s.dayGrades, s.boardingGrades) } });
}

const bodyOf = (raw: unknown): Record<string, unknown> => {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw new ValidationError('validation.invalid', { field: 'input' });
  return raw as Record<string, unknown>;
};

/**
 * school/save: creates a school (no id; name and country required) or edits the main form of
 * one. Only the fields sent change; any other section's fields sent with it are ignored.
 */
export async function saveSchool(ctx: ServiceContext, raw: unknown): Promise<SchoolWrite & { created: boolean }> {
  return runWrite(ctx, { operation: 'school.save', targetType: 'School' }, async (tx) => {
    authorize(ctx, 'school.manage');
    const body = bodyOf(raw);
    const id = body.id === undefined || body.id === null || body.id === '' ? null : schoolIdFrom(body);
    const values = parseSection('basic', body, { requireAll: id === null });
    let schoolId: number;
    if (id === null) {
      const created = await tx.school.create({ data: { ...(values as unknown as Prisma.SchoolUncheckedCreateInput), createdAt: new Date() }, select: { id: true } });
      schoolId = created.id;
    } else {
      await lockSchool(tx, id);
      await tx.school.update({ where: { id }, data: values });
      schoolId = id;
    }
    await refreshDerived(tx, schoolId);
    return { result: { schoolId, created: id === null }, targetIds: [schoolId] };
  });
}

/**
 * Saves one sub-record form (geography, daily, recruit, teaching, resource, sequence). Its
 * scalar fields change when sent; its rows (sports; platforms and deadlines; rankings) are
 * replaced as a whole when sent.
 */
export async function saveSchoolSection(ctx: ServiceContext, section: Exclude<Section, 'basic'> | 'sequence', raw: unknown): Promise<SchoolWrite> {
  return runWrite(ctx, { operation: `school.${section}.save`, targetType: 'School' }, async (tx) => {
    authorize(ctx, 'school.manage');
    const body = bodyOf(raw);
    const id = schoolIdFrom(body, body.schoolId !== undefined && body.id === undefined ? 'schoolId' : 'id');
    const values = section === 'sequence' ? {} : parseSection(section, body);
    const sports = section === 'daily' ? rowsOf(sportRow, body.sports, 'sports') : undefined;
    const platforms = section === 'recruit' ? rowsOf(platformRow, body.platforms, 'platforms') : undefined;
    const deadlines = section === 'recruit' ? rowsOf(deadlineRow, body.deadlines, 'deadlines') : undefined;
    const rankings = section === 'sequence' ? rowsOf(rankingRow, body.rankings, 'rankings') : undefined;
    await lockSchool(tx, id);
    // AP is a yes/no column that is never empty: clearing it in the form means "no" (the fuzzer
    // found `ap: null` reaching the database as an internal error).
    if ((values as Record<string, unknown>).ap === null) (values as Record<string, unknown>).ap = false;
    if (Object.keys(values).length) await tx.school.update({ where: { id }, data: values });
    if (sports) {
      const seen = new Set<string>();
      for (const s of sports) {
        const key = `${s.gender}/${s.season}/${s.name.toLowerCase()}`;
        if (seen.has(key)) throw schoolsErrors.rule('DUPLICATE', 'school.sportDuplicate', { name: s.name });
        seen.add(key);
      }
      await tx.schoolSport.deleteMany({ where: { schoolId: id } });
      await tx.schoolSport.createMany({ data: sports.map((s, i) => ({ schoolId: id, gender: s.gender, season: s.season, name: s.name, sort: i })) });
    }
    if (platforms) {
      if (new Set(platforms.map((p) => p.platform)).size !== platforms.length) throw schoolsErrors.rule('DUPLICATE', 'school.platformDuplicate');
      await tx.schoolPlatform.deleteMany({ where: { schoolId: id } });
      await tx.schoolPlatform.createMany({ data: platforms.map((p) => ({ schoolId: id, platform: p.platform, url: p.url ?? null, note: p.note ?? null })) });
    }
    if (deadlines) {
      await tx.schoolDeadline.deleteMany({ where: { schoolId: id } });
      await tx.schoolDeadline.createMany({ data: deadlines.map((d) => ({ schoolId: id, kind: d.kind, platform: d.platform ?? null, deadline: new Date(`${d.deadline}T00:00:00Z`), note: d.note ?? null })) });
    }
    if (rankings) {
      if (new Set(rankings.map((r) => `${r.source.toLowerCase()}/${r.year}`)).size !== rankings.length) throw schoolsErrors.rule('DUPLICATE', 'school.rankingDuplicate');
      await tx.schoolRanking.deleteMany({ where: { schoolId: id } });
      await tx.schoolRanking.createMany({ data: rankings.map((r) => ({ schoolId: id, source: r.source, year: r.year, rank: r.rank })) });
    }
    // bestRank (the rank order's key) changes with the rankings, in the same transaction.
    const bestRank = rankings ? (rankings.length ? Math.min(...rankings.map((r) => r.rank)) : null) : undefined;
    await tx.school.update({ where: { id }, data: { updatedAt: new Date(), ...(bestRank !== undefined ? { bestRank } : {}) } });
    return { result: { schoolId: id }, targetIds: [id] };
  });
}

/** Deletes a school that no selection list and no application uses (else refused: school.inUse). */
export async function deleteSchool(ctx: ServiceContext, parsed: SchoolId): Promise<{ schoolId: number }> {
  let badge: string | null = null;
  const result = await runWrite(ctx, { operation: 'school.delete', targetType: 'School' }, async (tx) => {
    authorize(ctx, 'school.manage');
    const { id } = inputOf(parsed);
    await lockSchool(tx, id);
    const [entries, applications] = await Promise.all([tx.selectionEntry.count({ where: { schoolId: id } }), tx.application.count({ where: { schoolId: id } })]);
    if (entries || applications) throw schoolsErrors.rule('IN_USE', 'school.inUse', { lists: entries, applications });
    const gone = await tx.school.delete({ where: { id }, select: { badgeKey: true } });
    badge = gone.badgeKey;
    return { result: { schoolId: id }, targetIds: [id] };
  });
  await removeUpload(ctx, badge);
  return result;
}

/** Stores a new badge (images only, 2 MB) and replaces the old one. */
export async function uploadBadge(ctx: ServiceContext, parsed: SchoolId, file: File | null | undefined): Promise<SchoolWrite> {
  let oldKey: string | null = null;
  let newKey: string | null = null;
  try {
    const result = await runWrite(ctx, { operation: 'school.uploadBadge', targetType: 'School' }, async (tx) => {
      authorize(ctx, 'school.manage');
      const { id } = inputOf(parsed);
      await lockSchool(tx, id);
      const stored = await saveUpload(ctx, file, BADGE_POLICY);
      newKey = stored.key;
      const before = await tx.school.findUniqueOrThrow({ where: { id }, select: { badgeKey: true } });
      oldKey = before.badgeKey;
      await tx.school.update({ where: { id }, data: { badgeKey: stored.key, badgeMime: stored.mime, badgeFileName: stored.fileName } });
      return { result: { schoolId: id }, targetIds: [id] };
    });
    await removeUpload(ctx, oldKey);
    return result;
  } catch (err) {
    // The row was not changed: the new file must not stay behind.
    await removeUpload(ctx, newKey);
    throw err;
  }
}

/** The badge file of a school (public: the /school-details page shows it). */
export async function badgeOf(ctx: ServiceContext, parsed: SchoolId): Promise<{ key: string; mime: string; fileName: string }> {
  const { id } = inputOf(parsed);
  const s = await ctx.db.school.findUnique({ where: { id }, select: { badgeKey: true, badgeMime: true, badgeFileName: true } });
  if (!s?.badgeKey || !s.badgeMime) throw schoolsErrors.rule('NOT_FOUND', 'school.badgeMissing');
  return { key: s.badgeKey, mime: s.badgeMime, fileName: s.badgeFileName ?? 'badge' };
}

export const badgePath = (schoolId: number) => `/api/admin/school/badge.htm?id=${schoolId}`;

/** Choices of the school forms (getSchoolPostData): codes with zh/en labels. */
export function schoolFormChoices(): Record<string, number[]> {
  return {
    sex: [1, 2, 3],
    dressCode: [1, 2, 3],
    setting: [1, 2, 3],
    platform: [1, 2, 3, 4],
    season: [1, 2, 3],
    sportGender: [1, 2, 3],
    deadlineKind: [1, 2, 3, 4],
  };
}
