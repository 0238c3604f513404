import { builder } from '../../graphql/builder.ts';
import { xlsxExportRef } from '../../graphql/xlsx-export.ts';
import { localId } from '../../graphql/ids.ts';
import { isStaff } from '../../lib/codes.ts';
import { mutationErrors } from '../../graphql/errors.ts';
import { DomainError } from '../../errors.ts';
import { translate, type MessageKey } from '../../i18n/catalogue.ts';
import { can } from '../../policy.ts';
import { archiveReadableCached, isFamily, primeReadable } from '../archives/index.ts';
import { selectionListReadableCached } from './schools.policy.ts';
import { DIMENSIONS, WEIGHTS, type MatchResult } from './match.ts';
import { SCHOOL_FIELDS } from './schools.fields.ts';
import { badgePath, getPublicSchool, SCHOOL_ORDER, schoolFilterSchema, schoolIdInput, schoolsWhere } from './schools.service.ts';
import { exportSchools } from './schools.xlsx.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import { notInListsInput, schoolsNotInStudentLists, selectionListsWhere } from './selection.service.ts';
import { atDoor } from '../../lib/validate.ts';

// ── enums (legacy numbers in the descriptions) ──

export const SchoolSexEnum = builder.enumType('SchoolSex', {
  description: 'Legacy values: 1 boys, 2 girls, 3 co-ed.',
  values: { BOYS: { value: 1, description: '1: boys only.' }, GIRLS: { value: 2, description: '2: girls only.' }, COED: { value: 3, description: '3: co-educational.' } } as const,
});
export const DressCodeEnum = builder.enumType('SchoolDressCode', {
  description: 'Legacy values: 1 formal, 2 semi-formal, 3 none.',
  values: { FORMAL: { value: 1, description: '1: formal.' }, SEMI_FORMAL: { value: 2, description: '2: semi-formal.' }, NONE: { value: 3, description: '3: no dress code.' } } as const,
});
export const SettingEnum = builder.enumType('SchoolSetting', {
  description: 'Legacy values: 1 rural, 2 suburban, 3 urban.',
  values: { RURAL: { value: 1, description: '1: rural.' }, SUBURBAN: { value: 2, description: '2: suburban.' }, URBAN: { value: 3, description: '3: urban.' } } as const,
});
export const PlatformEnum = builder.enumType('ApplicationPlatform', {
  description: "Legacy values: 1 SAO, 2 Gateway, 3 Ravenna, 4 the school's own application.",
  values: {
    SAO: { value: 1, description: '1: the Standard Application Online.' },
    GATEWAY: { value: 2, description: '2: Gateway to Prep Schools.' },
    RAVENNA: { value: 3, description: '3: Ravenna.' },
    SCHOOL: { value: 4, description: "4: the school's own application." },
  } as const,
});
export const SportSeasonEnum = builder.enumType('SportSeason', {
  description: 'Legacy values: 1 fall, 2 winter, 3 spring.',
  values: { FALL: { value: 1, description: '1: fall.' }, WINTER: { value: 2, description: '2: winter.' }, SPRING: { value: 3, description: '3: spring.' } } as const,
});
export const SportGenderEnum = builder.enumType('SportGender', {
  description: 'Legacy values: 1 boys, 2 girls, 3 both.',
  values: { BOYS: { value: 1, description: '1: boys.' }, GIRLS: { value: 2, description: '2: girls.' }, BOTH: { value: 3, description: '3: boys and girls.' } } as const,
});
export const DeadlineKindEnum = builder.enumType('SchoolDeadlineKind', {
  description: 'Legacy values: 1 application, 2 financial aid, 3 decision release, 4 reply to offer.',
  values: {
    APPLICATION: { value: 1, description: '1: applications due (the default deadline of a new application).' },
    FINANCIAL_AID: { value: 2, description: '2: financial aid applications due.' },
    DECISION: { value: 3, description: '3: decisions released.' },
    REPLY: { value: 4, description: '4: reply to an offer due.' },
  } as const,
});
export const MatchDimensionEnum = builder.enumType('MatchDimension', {
  description: 'A dimension of the match rule (docs/schools.md).',
  values: {
    GENDER: { description: "Weight 20 %: the school's sex against the student's sex and co-ed preference; 0 makes the total 0." },
    GRADE: { description: "Weight 20 %: the grade applied for against the school's grade range; 0 makes the total 0." },
    REGION: { description: "Weight 15 %: the school's country against the survey's target region." },
    SCALE: { description: "Weight 10 %: the school's number of students against the preferred size." },
    RANK: { description: "Weight 25 %: selectivity: the student's best SSAT percentile (else TOEFL total) against the school's average." },
    ACTIVITY: { description: "Weight 10 %: the certificate levels of the student's awards." },
    TOTAL: { description: 'The weighted sum, rounded; 0 when GENDER or GRADE is 0.' },
  } as const,
});

/** Fields whose codes GraphQL shows as enums. */
export const ENUM_FIELDS = { sex: SchoolSexEnum, dressCode: DressCodeEnum, setting: SettingEnum } as const;

// ── sub-record rows ──

builder.prismaObject('SchoolSport', {
  description: 'A sport the school offers.',
  fields: (t) => ({
    databaseId: t.exposeInt('id', { description: 'The legacy numeric id.' }),
    gender: t.field({ description: 'Boys, girls or both.', type: SportGenderEnum, resolve: (s) => s.gender as 1 | 2 | 3 }),
    season: t.field({ description: 'The season it is played in.', type: SportSeasonEnum, resolve: (s) => s.season as 1 | 2 | 3 }),
    name: t.exposeString('name', { description: "The sport's name." }),
  }),
});
builder.prismaObject('SchoolPlatform', {
  description: 'An application platform the school accepts.',
  fields: (t) => ({
    platform: t.field({ description: 'The platform.', type: PlatformEnum, resolve: (p) => p.platform as 1 | 2 | 3 | 4 }),
    url: t.exposeString('url', { description: "The school's page on the platform.", nullable: true }),
    note: t.exposeString('note', { description: 'A free note.', nullable: true }),
  }),
});
builder.prismaObject('SchoolDeadline', {
  description: 'A deadline of the school.',
  fields: (t) => ({
    kind: t.field({ description: 'What the deadline is for.', type: DeadlineKindEnum, resolve: (d) => d.kind as 1 | 2 | 3 | 4 }),
    platform: t.field({ description: 'The platform it applies to, when it differs by platform.', type: PlatformEnum, nullable: true, resolve: (d) => (d.platform as 1 | 2 | 3 | 4 | null) ?? null }),
    deadline: t.expose('deadline', { description: "The day (a calendar day, the school's local date).", type: 'Date' }),
    note: t.exposeString('note', { description: 'A free note.', nullable: true }),
  }),
});
builder.prismaObject('SchoolRanking', {
  description: 'A ranking of the school by a named source in a year.',
  fields: (t) => ({
    source: t.exposeString('source', { description: "Who ranks (for example a guide's name)." }),
    year: t.exposeInt('year', { description: 'The year of the ranking.' }),
    rank: t.exposeInt('rank', { description: 'The rank (1 is best).' }),
  }),
});

// ── the school ──

export const SchoolNode = builder.prismaNode('School', {
  nullable: true,
  id: { field: 'id' },
  description: 'A school of the school database. Its facts are public (the /school-details page); `remark` is for staff only.',
  fields: (t) => {
    const generated: Record<string, unknown> = {};
    for (const f of SCHOOL_FIELDS) {
      if (f.key in ENUM_FIELDS || f.internal) continue;
      const nullable = !f.required && f.key !== 'ap';
      const k = f.kind.type;
      const key = f.key as 'name';
      const description = f.description;
      generated[f.key] =
        k === 'int'
          ? t.exposeInt(key as never, { nullable, description })
          : k === 'float'
            ? t.exposeFloat(key as never, { nullable, description })
            : k === 'bool'
              ? t.exposeBoolean(key as never, { nullable, description })
              : t.exposeString(key, { nullable, description } as never);
    }
    return {
      databaseId: t.exposeInt('id', { description: 'The legacy numeric id of the school (schoolId on the legacy door).' }),
      ...(generated as Record<string, never>),
      sex: t.field({ description: 'Boys, girls or co-ed.', type: SchoolSexEnum, resolve: (s) => s.sex as 1 | 2 | 3 }),
      dressCode: t.field({ description: 'Dress code.', type: DressCodeEnum, nullable: true, resolve: (s) => (s.dressCode as 1 | 2 | 3 | null) ?? null }),
      setting: t.field({ description: 'Rural, suburban or urban.', type: SettingEnum, nullable: true, resolve: (s) => (s.setting as 1 | 2 | 3 | null) ?? null }),
      remark: t.string({ nullable: true, description: 'Staff-only note; null for anyone else.', resolve: (s, _a, ctx) => (ctx.actor && isStaff(ctx.actor) ? s.remark : null) }),
      gradeFrom: t.exposeInt('gradeFrom', { nullable: true, description: 'Lowest grade taught (13 = PG), read from the grade lists.' }),
      gradeTo: t.exposeInt('gradeTo', { description: 'Highest grade taught (13 = PG), read from the grade lists.', nullable: true }),
      badgeUrl: t.string({ nullable: true, description: 'Address of the badge image (public).', resolve: (s) => (s.badgeKey ? badgePath(s.id) : null) }),
      sports: t.relation('sports', { description: 'Sports offered, by gender, season and order.', query: { orderBy: [{ gender: 'asc' }, { season: 'asc' }, { sort: 'asc' }, { id: 'asc' }] } }),
      platforms: t.relation('platforms', { description: 'Application platforms accepted.', query: { orderBy: { platform: 'asc' } } }),
      deadlines: t.relation('deadlines', { description: 'Deadlines, soonest first.', query: { orderBy: [{ deadline: 'asc' }, { id: 'asc' }] } }),
      rankings: t.relation('rankings', { description: 'Rankings, newest year first.', query: { orderBy: [{ year: 'desc' }, { source: 'asc' }] } }),
      updatedAt: t.expose('updatedAt', { description: 'When the school last changed (instant).', type: 'DateTime' }),
    };
  },
});

// ── selection lists ──

type ExplainedScore = { dimension: string; score: number; weight: number | null; reasonCode: string; params: Record<string, string | number> };

const MatchScoreRef = builder.objectRef<ExplainedScore>('MatchScore').implement({
  description: 'One score of a selection entry and why it is what it is (docs/schools.md).',
  fields: (t) => ({
    dimension: t.field({ description: 'Which dimension (TOTAL for the weighted total).', type: MatchDimensionEnum, resolve: (s) => s.dimension.toUpperCase() as 'GENDER' }),
    label: t.string({ description: "The dimension's name in the caller's language.", resolve: (s, _a, ctx) => translate(ctx.lang, `match.dimension.${s.dimension}` as MessageKey) }),
    score: t.exposeInt('score', { description: '0 to 100.' }),
    weight: t.exposeInt('weight', { nullable: true, description: 'Percent of the total (null for the total itself).' }),
    reasonCode: t.exposeString('reasonCode', { description: 'Stable code of the rule that applied, e.g. grade.entryYear.' }),
    reason: t.string({ description: "The rule that applied, with the inputs it used, in the caller's language.", resolve: (s, _a, ctx) => translate(ctx.lang, `match.${s.reasonCode}` as MessageKey, s.params) }),
  }),
});

export function explainedScores(explanation: unknown): ExplainedScore[] {
  const m = explanation as MatchResult;
  return [...DIMENSIONS, 'total' as const].map((d) => ({
    dimension: d,
    score: m[d]?.score ?? 0,
    weight: d === 'total' ? null : WEIGHTS[d],
    reasonCode: m[d]?.reason.code ?? 'rank.unknown',
    params: m[d]?.reason.params ?? {},
  }));
}

export const SelectionEntryNode = builder.prismaNode('SelectionEntry', {
  nullable: true,
  id: { field: 'id' },
  description: 'A school on a selection list with its match scores.',
  authScopes: async (e, ctx) => can(ctx.actor, 'selection.read') && (await selectionListReadableCached(ctx, e.listId)),
  fields: (t) => ({
    databaseId: t.exposeInt('id', { description: 'The legacy numeric id of the entry.' }),
    school: t.relation('school', { description: 'The school.' }),
    sort: t.exposeInt('sort', { description: 'Position in the list (smaller first).' }),
    genderScore: t.exposeInt('genderScore', { description: 'Gender match, 0 to 100.' }),
    gradeScore: t.exposeInt('gradeScore', { description: 'Grade match, 0 to 100.' }),
    regionScore: t.exposeInt('regionScore', { description: 'Region match, 0 to 100.' }),
    scaleScore: t.exposeInt('scaleScore', { description: 'School size match, 0 to 100.' }),
    rankScore: t.exposeInt('rankScore', { description: 'Rank match, 0 to 100.' }),
    activityScore: t.exposeInt('activityScore', { description: 'Activities match, 0 to 100.' }),
    totalScore: t.exposeInt('totalScore', { description: 'Weighted total, 0 to 100.' }),
    scores: t.field({ type: [MatchScoreRef], description: 'Every score with its reason, the total last.', resolve: (e) => explainedScores(e.explanation) }),
    note: t.exposeString('note', { description: "The consultant's note on this school.", nullable: true }),
  }),
});

export const SelectionListNode = builder.prismaNode('SelectionList', {
  nullable: true,
  id: { field: 'id' },
  description: 'Schools proposed for a student. Publishing shows it to the family and is irreversible; a published list is frozen.',
  authScopes: async (l, ctx) => can(ctx.actor, 'selection.read') && (!isFamily(ctx) || !!l.publishedAt) && (await archiveReadableCached(ctx, l.archiveId)),
  fields: (t) => ({
    databaseId: t.exposeInt('id', { description: 'The legacy numeric id of the list.' }),
    name: t.exposeString('name', { description: "The list's name." }),
    note: t.exposeString('note', { description: 'A free note.', nullable: true }),
    archive: t.relation('archive', { nullable: true, description: 'The student (null when the caller may not open the archive itself).' }),
    archiveDatabaseId: t.exposeInt('archiveId', { description: "The legacy numeric id of the student's archive." }),
    published: t.boolean({ description: 'Shown to the family (irreversible; the list is frozen).', resolve: (l) => !!l.publishedAt }),
    publishedAt: t.expose('publishedAt', { description: 'When it was published (instant).', type: 'DateTime', nullable: true }),
    publishedByName: t.exposeString('publishedByName', { description: 'Who published it (the name at the time).', nullable: true }),
    createdByName: t.exposeString('createdByName', { description: 'Who created it (the name at the time).', nullable: true }),
    createdAt: t.expose('createdAt', { description: 'When it was created (instant).', type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { description: 'When it last changed (instant).', type: 'DateTime' }),
    entries: t.relation('entries', { query: { orderBy: [{ sort: 'asc' }, { id: 'asc' }] }, description: "The schools, in the consultant's order." }),
  }),
});

// ── queries ──

export const SchoolFilter = builder.inputType('SchoolFilter', {
  description: 'Narrows `schools` (and `startSchoolExport`); every given condition must hold.',
  fields: (t) => ({
    search: t.string({ description: 'Name, abbreviation or Chinese name; literal.' }),
    country: t.string({ description: 'ISO alpha-2 (US, GB; UK is read as GB).' }),
    province: t.string({ description: 'State or county.' }),
    sex: t.field({ description: "Only boys', girls' or co-ed schools.", type: SchoolSexEnum }),
    grade: t.int({ description: 'Schools teaching this grade (13 = PG).' }),
    boarderRatioMin: t.float({ description: 'Boarders at least this percent.' }),
    boarderRatioMax: t.float({ description: 'Boarders at most this percent.' }),
    rankMax: t.int({ description: 'Ranked at most this by rankingSource (any source when not given).' }),
    rankingSource: t.string({ description: 'The ranking source `rankMax` reads.' }),
    platform: t.field({ description: 'Only schools accepting this platform.', type: PlatformEnum }),
    toeflMin: t.float({ description: 'Average TOEFL at least this.' }),
    toeflMax: t.float({ description: 'Average TOEFL at most this.' }),
    ssatMin: t.float({ description: 'Average SSAT percentile at least this.' }),
    ssatMax: t.float({ description: 'Average SSAT percentile at most this.' }),
    ap: t.boolean({ description: 'Only schools with (true) or without (false) AP courses.' }),
  }),
});

const SchoolExportRef = xlsxExportRef('SchoolExport', {
  type: 'The filtered list as .xlsx (the import reads the same columns).',
  fileName: 'A file name for the download.',
  count: 'Schools in the file.',
});

const SchoolOrderEnum = builder.enumType('SchoolOrder', {
  description: 'The order of `schools`; ties are broken by name, then id. Schools without the value come last in either direction.',
  values: {
    NAME: { description: 'By name, A to Z (the default).' },
    NAME_DESC: { description: 'By name, Z to A.' },
    STUDENTS: { description: 'Fewest students first.' },
    STUDENTS_DESC: { description: 'Most students first.' },
    BOARDERS: { description: 'Lowest boarder ratio first.' },
    BOARDERS_DESC: { description: 'Highest boarder ratio first.' },
    TOEFL: { description: 'Lowest TOEFL average first.' },
    TOEFL_DESC: { description: 'Highest TOEFL average first.' },
    SSAT: { description: 'Lowest SSAT average first.' },
    SSAT_DESC: { description: 'Highest SSAT average first.' },
    RANK: { description: "By the school's best (lowest) rank over all its rankings (any source and year), best first." },
    RANK_DESC: { description: "By the school's best (lowest) rank over all its rankings, largest first." },
  } as const,
});

const by = (field: 'studentCount' | 'boarderRatio' | 'toeflAverage' | 'ssatAverage' | 'bestRank', sort: 'asc' | 'desc'): Prisma.SchoolOrderByWithRelationInput[] => [{ [field]: { sort, nulls: 'last' } }, ...SCHOOL_ORDER];
const SCHOOL_ORDERS: Record<string, Prisma.SchoolOrderByWithRelationInput[]> = {
  NAME: SCHOOL_ORDER,
  NAME_DESC: [{ name: 'desc' }, { id: 'desc' }],
  STUDENTS: by('studentCount', 'asc'),
  STUDENTS_DESC: by('studentCount', 'desc'),
  BOARDERS: by('boarderRatio', 'asc'),
  BOARDERS_DESC: by('boarderRatio', 'desc'),
  TOEFL: by('toeflAverage', 'asc'),
  TOEFL_DESC: by('toeflAverage', 'desc'),
  SSAT: by('ssatAverage', 'asc'),
  SSAT_DESC: by('ssatAverage', 'desc'),
  RANK: by('bestRank', 'asc'),
  RANK_DESC: by('bestRank', 'desc'),
};

export const cleanFilter = (f: Record<string, unknown> | null | undefined) => Object.fromEntries(Object.entries(f ?? {}).filter(([, v]) => v !== null && v !== undefined));

builder.queryFields((t) => ({
  schools: t.prismaConnection({
    type: 'School',
    cursor: 'id',
    defaultSize: 20,
    maxSize: 500,
    description: 'The school database, by name unless `order` says otherwise. Rights: school.read (staff).',
    authScopes: { permission: 'school.read' },
    args: {
      filter: t.arg({ description: 'Conditions on name, place, sex, grade, boarders, rank, platform, scores and AP.', type: SchoolFilter }),
      order: t.arg({ description: 'The order (default NAME); the cursors of a page hold for the same order only.', type: SchoolOrderEnum }),
    },
    totalCount: (_p, args, ctx) => ctx.db.school.count({ where: schoolsWhere(atDoor(schoolFilterSchema, cleanFilter(args.filter))) }),
    resolve: (query, _r, args, ctx) => ctx.db.school.findMany({ ...query, where: schoolsWhere(atDoor(schoolFilterSchema, cleanFilter(args.filter))), orderBy: SCHOOL_ORDERS[args.order ?? 'NAME'] ?? SCHOOL_ORDER }),
  }),
  publicSchool: t.prismaField({
    type: 'School',
    nullable: true,
    skipTypeScopes: true,
    description: 'One school for the public /school-details page: no login; null when it does not exist.',
    args: { id: t.arg.globalID({ description: 'The School (global id).', for: [SchoolNode] }), databaseId: t.arg.int({ description: 'Or its legacy numeric id.' }) },
    resolve: async (query, _r, args, ctx) => {
      const id = args.id ? Number(args.id.id) : args.databaseId;
      if (!id || !Number.isInteger(id) || id < 1 || id > 2_147_483_647) return null;
      try {
        await getPublicSchool(ctx, atDoor(schoolIdInput, { id }));
      } catch {
        return null;
      }
      return ctx.db.school.findUnique({ ...query, where: { id } });
    },
  }),
  schoolExport: t.field({
    description:
      'The filtered school list as .xlsx (base64; the import reads the same columns): queued as `startSchoolExport` does, and answered when the job is done (at most two minutes). Rights: school.read (staff). Errors as data: EXPORT_TOO_MANY (narrow the filter), FORBIDDEN, EXPORT_RUNNING, EXPORT_FAILED.',
    deprecationReason: 'Use `startSchoolExport`: it queues the export as a job, and the file is downloaded when the job is DONE, without holding a request open.',
    type: SchoolExportRef,
    errors: mutationErrors,
    authScopes: { permission: 'school.read' },
    args: { filter: t.arg({ description: 'The same conditions as `schools`.', type: SchoolFilter }) },
    resolve: (_r, args, ctx) => exportSchools(ctx, atDoor(schoolFilterSchema, cleanFilter(args.filter))),
  }),
  selectionLists: t.prismaConnection({
    type: 'SelectionList',
    cursor: 'id',
    defaultSize: 20,
    maxSize: 200,
    description: "A student's selection lists the caller may read (families: published ones), newest first.",
    authScopes: { permission: 'selection.read' },
    args: { archiveId: t.arg.globalID({ required: true, description: 'An Archive id.' }) },
    totalCount: async (_p, args, ctx) => ctx.db.selectionList.count({ where: { archiveId: Number(localId(args.archiveId, 'Archive')) || -1, AND: [await selectionListsWhere(ctx)] } }),
    resolve: async (query, _r, args, ctx) => {
      const rows = await ctx.db.selectionList.findMany({ ...query, where: { archiveId: Number(localId(args.archiveId, 'Archive')) || -1, AND: [await selectionListsWhere(ctx)] }, orderBy: { id: 'desc' } });
      primeReadable(
        ctx,
        rows.map((r) => r.archiveId),
      );
      return rows;
    },
  }),
  schoolsNotInStudentLists: t.prismaField({
    type: ['School'],
    nullable: true,
    description: "Schools not yet on any of the student's selection lists (legacy listSelectionSchoolNotInArchives); null when the archive is not visible.",
    authScopes: { permission: 'school.read' },
    args: { archiveId: t.arg.globalID({ description: "The student's Archive.", required: true }) },
    resolve: async (query, _r, args, ctx) => {
      const found = await schoolsNotInStudentLists(ctx, atDoor(notInListsInput, { archiveId: localId(args.archiveId, 'Archive') })).catch((err: unknown) => {
        if (err instanceof DomainError && err.code === 'NOT_FOUND') return null;
        throw err;
      });
      if (!found) return null;
      const ids = found.map((s) => s.id);
      return ctx.db.school.findMany({ ...query, where: { id: { in: ids } }, orderBy: SCHOOL_ORDER });
    },
  }),
}));
