import { builder } from '../../graphql/builder.ts';
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
import { badgePath, getPublicSchool, SCHOOL_ORDER, schoolsWhere } from './schools.service.ts';
import { exportSchools } from './schools.xlsx.ts';
import { schoolsNotInStudentLists, selectionListsWhere } from './selection.service.ts';

// ── enums (legacy numbers in the descriptions) ──

export const SchoolSexEnum = builder.enumType('SchoolSex', {
  description: 'Legacy values: 1 boys, 2 girls, 3 co-ed.',
  values: { BOYS: { value: 1 }, GIRLS: { value: 2 }, COED: { value: 3 } } as const,
});
export const DressCodeEnum = builder.enumType('SchoolDressCode', {
  description: 'Legacy values: 1 formal, 2 semi-formal, 3 none.',
  values: { FORMAL: { value: 1 }, SEMI_FORMAL: { value: 2 }, NONE: { value: 3 } } as const,
});
export const SettingEnum = builder.enumType('SchoolSetting', {
  description: 'Legacy values: 1 rural, 2 suburban, 3 urban.',
  values: { RURAL: { value: 1 }, SUBURBAN: { value: 2 }, URBAN: { value: 3 } } as const,
});
export const PlatformEnum = builder.enumType('ApplicationPlatform', {
  description: "Legacy values: 1 SAO, 2 Gateway, 3 Ravenna, 4 the school's own application.",
  values: { SAO: { value: 1 }, GATEWAY: { value: 2 }, RAVENNA: { value: 3 }, SCHOOL: { value: 4 } } as const,
});
export const SeasonEnum = builder.enumType('SportSeason', {
  description: 'Legacy values: 1 fall, 2 winter, 3 spring.',
  values: { FALL: { value: 1 }, WINTER: { value: 2 }, SPRING: { value: 3 } } as const,
});
export const SportGenderEnum = builder.enumType('SportGender', {
  description: 'Legacy values: 1 boys, 2 girls, 3 both.',
  values: { BOYS: { value: 1 }, GIRLS: { value: 2 }, BOTH: { value: 3 } } as const,
});
export const DeadlineKindEnum = builder.enumType('SchoolDeadlineKind', {
  description: 'Legacy values: 1 application, 2 financial aid, 3 decision release, 4 reply to offer.',
  values: { APPLICATION: { value: 1 }, FINANCIAL_AID: { value: 2 }, DECISION: { value: 3 }, REPLY: { value: 4 } } as const,
});
export const MatchDimensionEnum = builder.enumType('MatchDimension', {
  description: 'A dimension of the match rule (docs/schools.md).',
  values: ['GENDER', 'GRADE', 'REGION', 'SCALE', 'RANK', 'ACTIVITY', 'TOTAL'] as const,
});

/** Fields whose codes GraphQL shows as enums. */
export const ENUM_FIELDS = { sex: SchoolSexEnum, dressCode: DressCodeEnum, setting: SettingEnum } as const;

// ── sub-record rows ──

builder.prismaObject('SchoolSport', {
  fields: (t) => ({
    databaseId: t.exposeInt('id'),
    gender: t.field({ type: SportGenderEnum, resolve: (s) => s.gender as 1 | 2 | 3 }),
    season: t.field({ type: SeasonEnum, resolve: (s) => s.season as 1 | 2 | 3 }),
    name: t.exposeString('name'),
  }),
});
builder.prismaObject('SchoolPlatform', {
  fields: (t) => ({
    platform: t.field({ type: PlatformEnum, resolve: (p) => p.platform as 1 | 2 | 3 | 4 }),
    url: t.exposeString('url', { nullable: true }),
    note: t.exposeString('note', { nullable: true }),
  }),
});
builder.prismaObject('SchoolDeadline', {
  fields: (t) => ({
    kind: t.field({ type: DeadlineKindEnum, resolve: (d) => d.kind as 1 | 2 | 3 | 4 }),
    platform: t.field({ type: PlatformEnum, nullable: true, resolve: (d) => (d.platform as 1 | 2 | 3 | 4 | null) ?? null }),
    deadline: t.expose('deadline', { type: 'Date' }),
    note: t.exposeString('note', { nullable: true }),
  }),
});
builder.prismaObject('SchoolRanking', {
  fields: (t) => ({ source: t.exposeString('source'), year: t.exposeInt('year'), rank: t.exposeInt('rank') }),
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
      generated[f.key] =
        k === 'int'
          ? t.exposeInt(key as never, { nullable })
          : k === 'float'
            ? t.exposeFloat(key as never, { nullable })
            : k === 'bool'
              ? t.exposeBoolean(key as never, { nullable })
              : t.exposeString(key, { nullable } as never);
    }
    return {
      databaseId: t.exposeInt('id'),
      ...(generated as Record<string, never>),
      sex: t.field({ type: SchoolSexEnum, resolve: (s) => s.sex as 1 | 2 | 3 }),
      dressCode: t.field({ type: DressCodeEnum, nullable: true, resolve: (s) => (s.dressCode as 1 | 2 | 3 | null) ?? null }),
      setting: t.field({ type: SettingEnum, nullable: true, resolve: (s) => (s.setting as 1 | 2 | 3 | null) ?? null }),
      remark: t.string({ nullable: true, description: 'Staff-only note; null for anyone else.', resolve: (s, _a, ctx) => (ctx.actor && isStaff(ctx.actor) ? s.remark : null) }),
      gradeFrom: t.exposeInt('gradeFrom', { nullable: true, description: 'Lowest grade taught (13 = PG), read from the grade lists.' }),
      gradeTo: t.exposeInt('gradeTo', { nullable: true }),
      badgeUrl: t.string({ nullable: true, description: 'Address of the badge image (public).', resolve: (s) => (s.badgeKey ? badgePath(s.id) : null) }),
      sports: t.relation('sports', { query: { orderBy: [{ gender: 'asc' }, { season: 'asc' }, { sort: 'asc' }, { id: 'asc' }] } }),
      platforms: t.relation('platforms', { query: { orderBy: { platform: 'asc' } } }),
      deadlines: t.relation('deadlines', { query: { orderBy: [{ deadline: 'asc' }, { id: 'asc' }] } }),
      rankings: t.relation('rankings', { query: { orderBy: [{ year: 'desc' }, { source: 'asc' }] } }),
      updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
    };
  },
});

// ── selection lists ──

type ExplainedScore = { dimension: string; score: number; weight: number | null; reasonCode: string; params: Record<string, string | number> };

const MatchScoreRef = builder.objectRef<ExplainedScore>('MatchScore').implement({
  description: 'One score of a selection entry and why it is what it is (docs/schools.md).',
  fields: (t) => ({
    dimension: t.field({ type: MatchDimensionEnum, resolve: (s) => s.dimension.toUpperCase() as 'GENDER' }),
    label: t.string({ resolve: (s, _a, ctx) => translate(ctx.lang, `match.dimension.${s.dimension}` as MessageKey) }),
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
    databaseId: t.exposeInt('id'),
    school: t.relation('school'),
    sort: t.exposeInt('sort'),
    genderScore: t.exposeInt('genderScore'),
    gradeScore: t.exposeInt('gradeScore'),
    regionScore: t.exposeInt('regionScore'),
    scaleScore: t.exposeInt('scaleScore'),
    rankScore: t.exposeInt('rankScore'),
    activityScore: t.exposeInt('activityScore'),
    totalScore: t.exposeInt('totalScore'),
    scores: t.field({ type: [MatchScoreRef], description: 'Every score with its reason, the total last.', resolve: (e) => explainedScores(e.explanation) }),
    note: t.exposeString('note', { nullable: true }),
  }),
});

export const SelectionListNode = builder.prismaNode('SelectionList', {
  nullable: true,
  id: { field: 'id' },
  description: 'Schools proposed for a student. Publishing shows it to the family and is irreversible; a published list is frozen.',
  authScopes: async (l, ctx) => can(ctx.actor, 'selection.read') && (!isFamily(ctx) || !!l.publishedAt) && (await archiveReadableCached(ctx, l.archiveId)),
  fields: (t) => ({
    databaseId: t.exposeInt('id'),
    name: t.exposeString('name'),
    note: t.exposeString('note', { nullable: true }),
    archive: t.relation('archive', { nullable: true, description: 'The student (null when the caller may not open the archive itself).' }),
    archiveDatabaseId: t.exposeInt('archiveId'),
    published: t.boolean({ resolve: (l) => !!l.publishedAt }),
    publishedAt: t.expose('publishedAt', { type: 'DateTime', nullable: true }),
    publishedByName: t.exposeString('publishedByName', { nullable: true }),
    createdByName: t.exposeString('createdByName', { nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
    entries: t.relation('entries', { query: { orderBy: [{ sort: 'asc' }, { id: 'asc' }] }, description: "The schools, in the consultant's order." }),
  }),
});

// ── queries ──

const SchoolFilter = builder.inputType('SchoolFilter', {
  fields: (t) => ({
    search: t.string({ description: 'Name, abbreviation or Chinese name; literal.' }),
    country: t.string({ description: 'ISO alpha-2 (US, GB; UK is read as GB).' }),
    province: t.string({ description: 'State or county.' }),
    sex: t.field({ type: SchoolSexEnum }),
    grade: t.int({ description: 'Schools teaching this grade (13 = PG).' }),
    boarderRatioMin: t.float(),
    boarderRatioMax: t.float(),
    rankMax: t.int({ description: 'Ranked at most this by rankingSource (any source when not given).' }),
    rankingSource: t.string(),
    platform: t.field({ type: PlatformEnum }),
    toeflMin: t.float(),
    toeflMax: t.float(),
    ssatMin: t.float(),
    ssatMax: t.float(),
    ap: t.boolean(),
  }),
});

const SchoolExportRef = builder.objectRef<{ bytes: Buffer; fileName: string; count: number }>('SchoolExport').implement({
  description: 'The filtered list as .xlsx (the import reads the same columns).',
  fields: (t) => ({
    fileName: t.exposeString('fileName'),
    contentType: t.string({ resolve: () => 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }),
    count: t.exposeInt('count'),
    base64: t.string({ resolve: (e) => e.bytes.toString('base64') }),
  }),
});

const cleanFilter = (f: Record<string, unknown> | null | undefined) => Object.fromEntries(Object.entries(f ?? {}).filter(([, v]) => v !== null && v !== undefined));

builder.queryFields((t) => ({
  schools: t.prismaConnection({
    type: 'School',
    cursor: 'id',
    defaultSize: 20,
    maxSize: 500,
    description: 'The school database, by name.',
    authScopes: { permission: 'school.read' },
    args: { filter: t.arg({ type: SchoolFilter }) },
    totalCount: (_p, args, ctx) => ctx.db.school.count({ where: schoolsWhere(cleanFilter(args.filter)) }),
    resolve: (query, _r, args, ctx) => ctx.db.school.findMany({ ...query, where: schoolsWhere(cleanFilter(args.filter)), orderBy: SCHOOL_ORDER }),
  }),
  publicSchool: t.prismaField({
    type: 'School',
    nullable: true,
    skipTypeScopes: true,
    description: 'One school for the public /school-details page: no login; null when it does not exist.',
    args: { id: t.arg.globalID({ for: [SchoolNode] }), databaseId: t.arg.int() },
    resolve: async (query, _r, args, ctx) => {
      const id = args.id ? Number(args.id.id) : args.databaseId;
      if (!id || !Number.isInteger(id) || id < 1 || id > 2_147_483_647) return null;
      try {
        await getPublicSchool(ctx, { id });
      } catch {
        return null;
      }
      return ctx.db.school.findUnique({ ...query, where: { id } });
    },
  }),
  schoolExport: t.field({
    type: SchoolExportRef,
    errors: mutationErrors,
    authScopes: { permission: 'school.read' },
    args: { filter: t.arg({ type: SchoolFilter }) },
    resolve: (_r, args, ctx) => exportSchools(ctx, cleanFilter(args.filter)),
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
    args: { archiveId: t.arg.globalID({ required: true }) },
    resolve: async (query, _r, args, ctx) => {
      const found = await schoolsNotInStudentLists(ctx, { archiveId: localId(args.archiveId, 'Archive') }).catch((err: unknown) => {
        if (err instanceof DomainError && err.code === 'NOT_FOUND') return null;
        throw err;
      });
      if (!found) return null;
      const ids = found.map((s) => s.id);
      return ctx.db.school.findMany({ ...query, where: { id: { in: ids } }, orderBy: SCHOOL_ORDER });
    },
  }),
}));
