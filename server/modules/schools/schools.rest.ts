import type { ServiceContext } from '../../context.ts';
import { translate } from '../../i18n/catalogue.ts';
import { bytesResponse, downloadResponse, uploadedFile } from '../../lib/upload.ts';
import { authorize } from '../../policy.ts';
import type { RestRoute } from '../../rest/adapter.ts';
import type { ParsedRequest } from '../../rest/body.ts';
import { envelope, readPage, type Page } from '../../rest/envelope.ts';
import { formatDate } from '../../lib/wall-time.ts';
import { atDoor } from '../../lib/validate.ts';
import { first, pick, withCondition } from '../../rest/params.ts';
import { NotFoundError } from '../../errors.ts';
import { PUBLIC_FIELDS, SCHOOL_FIELDS, sectionFields, type Section } from './schools.fields.ts';
import {
  badgeOf,
  badgePath,
  deleteSchool,
  enabledPlatforms,
  platformsInput,
  getPublicSchool,
  getSchool,
  saveSchool,
  saveSchoolSection,
  SCHOOL_ORDER,
  schoolFormChoices,
  schoolIdInput,
  schoolFilterSchema,
  schoolsWhere,
  uploadBadge,
  type SchoolDetail,
} from './schools.service.ts';
import { exportSchools, importSchools, importSports, SchoolImportError } from './schools.xlsx.ts';
import { notInListsInput, schoolsNotInStudentLists, selectionEntries, selectionEntriesInput, studentChosenInput, studentChosenSchools, type EntryRow } from './selection.service.ts';
import { XLSX_MIME } from '../../lib/xlsx.ts';

/**
 * Legacy paths of spec section 7 "Schools" (`/api/admin/school/*`). Each one parses, calls
 * the same service function as GraphQL, and shapes the legacy answer: the school's fields by
 * their names (plus `year` for the founding year and `badge` for the badge's address).
 */
const S = '/api/admin/school';

function scalarFields(s: SchoolDetail, fields = SCHOOL_FIELDS) {
  const out: Record<string, unknown> = {};
  for (const f of fields) out[f.key] = (s as unknown as Record<string, unknown>)[f.key] ?? null;
  return out;
}

function rowsOf(s: SchoolDetail) {
  return {
    sports: s.sports.map((x) => ({ id: x.id, gender: x.gender, season: x.season, name: x.name })),
    platforms: s.platforms.map((x) => ({ id: x.id, platform: x.platform, url: x.url, note: x.note })),
    deadlines: s.deadlines.map((x) => ({ id: x.id, kind: x.kind, platform: x.platform, deadline: formatDate(x.deadline), note: x.note })),
    rankings: s.rankings.map((x) => ({ id: x.id, source: x.source, year: x.year, rank: x.rank })),
  };
}

/** The whole school as the legacy detail shows it. */
export function schoolJson(s: SchoolDetail, options: { publicPage?: boolean } = {}) {
  return {
    id: s.id,
    ...scalarFields(s, options.publicPage ? PUBLIC_FIELDS : SCHOOL_FIELDS),
    year: s.foundedYear,
    gradeFrom: s.gradeFrom,
    gradeTo: s.gradeTo,
    badge: s.badgeKey ? badgePath(s.id) : null,
    ...rowsOf(s),
    updateTime: formatDate(s.updatedAt),
  };
}

type ListRow = Awaited<ReturnType<typeof listRows>>[number];
function listRows(ctx: ServiceContext, where: ReturnType<typeof schoolsWhere>, page?: { skip: number; take: number }) {
  return ctx.db.school.findMany({
    where,
    orderBy: SCHOOL_ORDER,
    ...(page ?? {}),
    select: {
      id: true,
      name: true,
      abbreviation: true,
      chineseName: true,
      country: true,
      province: true,
      city: true,
      sex: true,
      foundedYear: true,
      dayGrades: true,
      boardingGrades: true,
      studentCount: true,
      boarderRatio: true,
      overseasRatio: true,
      toeflAverage: true,
      ssatAverage: true,
      ap: true,
      badgeKey: true,
      platforms: { select: { platform: true }, orderBy: { platform: 'asc' } },
      rankings: { select: { source: true, year: true, rank: true }, orderBy: [{ year: 'desc' }, { rank: 'asc' }], take: 3 },
    },
  });
}
const listRow = (s: ListRow) => ({
  ...s,
  year: s.foundedYear,
  badgeKey: undefined,
  badge: s.badgeKey ? badgePath(s.id) : null,
  platforms: s.platforms.map((p) => p.platform),
});

function sectionJson(s: SchoolDetail, section: Section | 'sequence') {
  const rows = rowsOf(s);
  const base = { id: s.id, schoolId: s.id, name: s.name };
  if (section === 'sequence') return { ...base, rankings: rows.rankings };
  const fields = scalarFields(s, sectionFields(section));
  if (section === 'daily') return { ...base, ...fields, sports: rows.sports };
  if (section === 'recruit') return { ...base, ...fields, platforms: rows.platforms, deadlines: rows.deadlines };
  return { ...base, ...fields };
}

export function entryJson(e: EntryRow) {
  return {
    id: e.id,
    selectionId: e.listId,
    selectionName: e.list.name,
    archiveId: e.list.archiveId,
    published: !!e.list.publishedAt,
    schoolId: e.schoolId,
    schoolName: e.school.name,
    chineseName: e.school.chineseName,
    country: e.school.country,
    province: e.school.province,
    sort: e.sort,
    genderScore: e.genderScore,
    gradeScore: e.gradeScore,
    regionScore: e.regionScore,
    scaleScore: e.scaleScore,
    rankScore: e.rankScore,
    activityScore: e.activityScore,
    totalScore: e.totalScore,
    explanation: e.explanation,
    note: e.note,
  };
}

const SECTIONS_WITH_READERS: Array<[Section | 'sequence', string]> = [
  ['geography', 'getSchoolGeographyBySchoolId'],
  ['daily', 'getSchoolDailyBySchoolId'],
  ['recruit', 'getSchoolRecruitBySchoolId'],
  ['teaching', 'getSchoolTeachingBySchoolId'],
  ['resource', 'getSchoolResourceBySchoolId'],
  ['sequence', 'getSchoolSequenceBySchoolId'],
];

async function withImportErrors<T>(ctx: ServiceContext, run: () => Promise<T>, message: (r: T) => string) {
  try {
    const result = await run();
    return { data: result, message: message(result) };
  } catch (err) {
    // Row errors travel in `data` so the client can list them.
    if (err instanceof SchoolImportError) return envelope('error', translate(ctx.lang, err.messageKey, err.params), { errors: err.rows });
    throw err;
  }
}

const schoolIdParam = (req: ParsedRequest) => ({ id: first(req.params.schoolId, req.params.id) });

export const schoolRoutes: RestRoute[] = [
  {
    path: `${S}/listByPage`,
    methods: ['POST'],
    handler: async (ctx, req) => {
      authorize(ctx, 'school.read');
      const { currentPage, pageSize } = readPage(req.params);
      const where = schoolsWhere(atDoor(schoolFilterSchema, withCondition(req.params)));
      const [rows, total] = await Promise.all([listRows(ctx, where, { skip: (currentPage - 1) * pageSize, take: pageSize }), ctx.db.school.count({ where })]);
      const page: Page<ReturnType<typeof listRow>> = { currentPage, pageSize, rows: total, resultList: rows.map(listRow) };
      return { data: page };
    },
  },
  {
    path: `${S}/listAllSchool`,
    methods: ['POST'],
    handler: async (ctx, req) => {
      authorize(ctx, 'school.read');
      const rows = await ctx.db.school.findMany({
        where: schoolsWhere(atDoor(schoolFilterSchema, withCondition(req.params))),
        orderBy: SCHOOL_ORDER,
        select: { id: true, name: true, chineseName: true, abbreviation: true, country: true, province: true },
      });
      return { data: rows };
    },
  },
  {
    path: `${S}/save`,
    methods: ['POST'],
    handler: async (ctx, req) => {
      const r = await saveSchool(ctx, req.params);
      return { data: { id: r.schoolId }, message: String(r.schoolId) };
    },
  },
  {
    path: `${S}/getSchoolPostData`,
    methods: ['POST'],
    handler: async (ctx) => {
      authorize(ctx, 'school.read');
      const choices = schoolFormChoices();
      const labelled = Object.fromEntries(Object.entries(choices).map(([k, values]) => [k, values.map((v) => ({ value: v, label: translate(ctx.lang, `school.${k}.${v}` as Parameters<typeof translate>[1]) }))]));
      return { data: labelled };
    },
  },
  ...(['geography', 'daily', 'recruit', 'teaching', 'resource', 'sequence'] as const).map((section): RestRoute => ({
    path: `${S}/${section}/save`,
    methods: ['POST'],
    handler: async (ctx, req) => {
      const r = await saveSchoolSection(ctx, section, req.params);
      return { data: sectionJson(await getSchool(ctx, atDoor(schoolIdInput, { id: r.schoolId })), section) };
    },
  })),
  ...SECTIONS_WITH_READERS.map(([section, reader]): RestRoute => ({
    path: `${S}/${section}/${reader}`,
    methods: ['GET'],
    handler: async (ctx, req) => ({ data: sectionJson(await getSchool(ctx, atDoor(schoolIdInput, { id: pick(req.params, 'schoolId', 'id') })), section) }),
  })),
  {
    path: `${S}/recruit/getSchoolEnableApplicationPlatform`,
    methods: ['GET'],
    handler: async (ctx, req) => {
      const rows = await enabledPlatforms(ctx, atDoor(platformsInput, { schoolId: pick(req.params, 'schoolId', 'id') }));
      return { data: rows.map((p) => ({ ...p, name: translate(ctx.lang, `school.platform.${p.platform}` as Parameters<typeof translate>[1]) })) };
    },
  },
  {
    path: `${S}/exportData`,
    methods: ['POST'],
    handler: async (ctx, req) => {
      const { bytes, fileName } = await exportSchools(ctx, atDoor(schoolFilterSchema, withCondition(req.params)));
      return bytesResponse(bytes, fileName, XLSX_MIME);
    },
  },
  {
    path: `${S}/importData`,
    methods: ['POST'],
    handler: (ctx, req) =>
      withImportErrors(
        ctx,
        () => importSchools(ctx, uploadedFile(req)),
        (r) => translate(ctx.lang, 'school.import.done', { created: r.created, updated: r.updated }),
      ),
  },
  {
    path: `${S}/importSportsData`,
    methods: ['POST'],
    handler: (ctx, req) =>
      withImportErrors(
        ctx,
        () => importSports(ctx, uploadedFile(req)),
        (r) => translate(ctx.lang, 'school.import.sportsDone', { schools: r.schools, sports: r.sports }),
      ),
  },
  {
    path: `${S}/uploadBadge`,
    methods: ['POST'],
    handler: async (ctx, req) => {
      const r = await uploadBadge(ctx, atDoor(schoolIdInput, schoolIdParam(req)), uploadedFile(req));
      return { data: { id: r.schoolId, badge: badgePath(r.schoolId) } };
    },
  },
  {
    // Not in the spec's list: serves the badge image (public, like /school-details).
    path: `${S}/badge`,
    anonymous: true,
    methods: ['GET'],
    handler: async (ctx, req) => {
      const b = await badgeOf(ctx, atDoor(schoolIdInput, { id: req.params.id }));
      const res = await downloadResponse(ctx, b.key, { fileName: b.fileName, mime: b.mime, inline: true });
      if (!res) throw new NotFoundError();
      return res;
    },
  },
  {
    path: `${S}/getById`,
    methods: ['GET'],
    handler: async (ctx, req) => ({ data: schoolJson(await getSchool(ctx, atDoor(schoolIdInput, { id: req.params.id }))) }),
  },
  {
    // The /school-details page: public, read-only, no login.
    path: `${S}/getSchoolInfoById`,
    anonymous: true,
    methods: ['GET'],
    handler: async (ctx, req) => ({ data: schoolJson(await getPublicSchool(ctx, atDoor(schoolIdInput, { id: req.params.id })), { publicPage: true }) }),
  },
  {
    path: `${S}/deleteById`,
    methods: ['GET'],
    handler: async (ctx, req) => {
      await deleteSchool(ctx, atDoor(schoolIdInput, { id: req.params.id }));
      return { data: null, message: translate(ctx.lang, 'toast.deleted') };
    },
  },
  {
    path: `${S}/listStudentChooseSchool`,
    methods: ['GET'],
    handler: async (ctx, req) => ({ data: (await studentChosenSchools(ctx, atDoor(studentChosenInput, { archivesId: pick(req.params, 'archivesId', 'archiveId') }))).map(entryJson) }),
  },
  {
    path: `${S}/listSelectionSchool`,
    methods: ['GET'],
    handler: async (ctx, req) => ({ data: (await selectionEntries(ctx, atDoor(selectionEntriesInput, { selectionId: req.params.selectionId }))).map(entryJson) }),
  },
  {
    path: `${S}/listSelectionSchoolNotInArchives`,
    methods: ['GET'],
    handler: async (ctx, req) => ({ data: await schoolsNotInStudentLists(ctx, atDoor(notInListsInput, { archiveId: pick(req.params, 'archiveId', 'archivesId') })) }),
  },
];
