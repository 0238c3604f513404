import { encodeGlobalID } from '@pothos/plugin-relay';
import { builder } from '../../graphql/builder.ts';
import { localId, localIds, type GlobalIdInput } from '../../graphql/ids.ts';
import { ErrorInterface, mutationErrors } from '../../graphql/errors.ts';
import { DomainError, ValidationError } from '../../errors.ts';
import { sectionFields, type Section } from './schools.fields.ts';
import { deleteSchool, saveSchool, saveSchoolSection, uploadBadge } from './schools.service.ts';
import { importSchools, importSports, SchoolImportError, type ImportRowError } from './schools.xlsx.ts';
import { addSchoolsToSelection, createSelectionList, deleteSelectionList, publishSelectionList, removeSelectionEntries, rescoreSelectionList, type SelectionWrite } from './selection.service.ts';
import { DeadlineKindEnum, ENUM_FIELDS, PlatformEnum, SchoolNode, SeasonEnum, SelectionEntryNode, SelectionListNode, SportGenderEnum } from './schools.node.ts';

type FieldBuilder = Parameters<Parameters<typeof builder.inputType>[1]['fields']>[0];

/** The typed input fields of a section, from the one field table. */
function sectionInputFields(t: FieldBuilder, section: Section) {
  const out: Record<string, unknown> = {};
  for (const f of sectionFields(section)) {
    const enumType = ENUM_FIELDS[f.key as keyof typeof ENUM_FIELDS];
    const k = f.kind.type;
    out[f.key] = enumType
      ? t.field({ type: enumType })
      : k === 'int'
        ? t.int()
        : k === 'float'
          ? t.float()
          : k === 'bool'
            ? t.boolean()
            : t.string({ description: k === 'country' ? 'ISO alpha-2 (US, GB; UK is read as GB).' : k === 'text' ? `At most ${f.kind.max} characters.` : undefined });
  }
  return out as Record<string, never>;
}

const SportInput = builder.inputType('SchoolSportInput', {
  fields: (t) => ({ gender: t.field({ type: SportGenderEnum, required: true }), season: t.field({ type: SeasonEnum, required: true }), name: t.string({ required: true }) }),
});
const PlatformInput = builder.inputType('SchoolPlatformInput', {
  fields: (t) => ({ platform: t.field({ type: PlatformEnum, required: true }), url: t.string(), note: t.string() }),
});
const DeadlineInput = builder.inputType('SchoolDeadlineInput', {
  fields: (t) => ({ kind: t.field({ type: DeadlineKindEnum, required: true }), platform: t.field({ type: PlatformEnum }), deadline: t.field({ type: 'Date', required: true }), note: t.string() }),
});
const RankingInput = builder.inputType('SchoolRankingInput', {
  fields: (t) => ({ source: t.string({ required: true }), year: t.int({ required: true }), rank: t.int({ required: true }) }),
});

const CreateSchoolInput = builder.inputType('CreateSchoolInput', {
  description: 'The main form; name and country are required.',
  fields: (t) => sectionInputFields(t, 'basic'),
});
const UpdateSchoolInput = builder.inputType('UpdateSchoolInput', {
  description: 'The main form; fields left out keep their value, null clears.',
  fields: (t) => ({ id: t.globalID({ required: true, for: [SchoolNode] }), ...sectionInputFields(t, 'basic') }),
});

const SECTION_INPUTS = {
  geography: builder.inputType('SaveSchoolGeographyInput', { fields: (t) => ({ id: t.globalID({ required: true, for: [SchoolNode] }), ...sectionInputFields(t, 'geography') }) }),
  daily: builder.inputType('SaveSchoolDailyInput', {
    fields: (t) => ({ id: t.globalID({ required: true, for: [SchoolNode] }), ...sectionInputFields(t, 'daily'), sports: t.field({ type: [SportInput], description: 'Replaces every sport when given.' }) }),
  }),
  recruit: builder.inputType('SaveSchoolRecruitInput', {
    fields: (t) => ({
      id: t.globalID({ required: true, for: [SchoolNode] }),
      ...sectionInputFields(t, 'recruit'),
      platforms: t.field({ type: [PlatformInput], description: 'Replaces the accepted platforms when given.' }),
      deadlines: t.field({ type: [DeadlineInput], description: 'Replaces the deadlines when given.' }),
    }),
  }),
  teaching: builder.inputType('SaveSchoolTeachingInput', { fields: (t) => ({ id: t.globalID({ required: true, for: [SchoolNode] }), ...sectionInputFields(t, 'teaching') }) }),
  resource: builder.inputType('SaveSchoolResourceInput', { fields: (t) => ({ id: t.globalID({ required: true, for: [SchoolNode] }), ...sectionInputFields(t, 'resource') }) }),
  sequence: builder.inputType('SaveSchoolSequenceInput', {
    fields: (t) => ({ id: t.globalID({ required: true, for: [SchoolNode] }), rankings: t.field({ type: [RankingInput], description: 'Replaces the rankings when given.' }) }),
  }),
} as const;

const SchoolPayload = builder.objectRef<{ schoolId: number }>('SchoolPayload').implement({
  fields: (t) => ({ school: t.prismaField({ type: 'School', resolve: (query, p, _a, ctx) => ctx.db.school.findUniqueOrThrow({ ...query, where: { id: p.schoolId } }) }) }),
});

const ImportRowErrorRef = builder.objectRef<ImportRowError>('SchoolImportRowError').implement({
  fields: (t) => ({ row: t.exposeInt('row', { description: 'Row number as Excel shows it.' }), column: t.exposeString('column'), message: t.exposeString('message') }),
});
builder.objectType(SchoolImportError, {
  name: 'SchoolImportRowsError',
  description: 'Rows of the file were refused; nothing was imported.',
  interfaces: [ErrorInterface],
  isTypeOf: (v) => v instanceof SchoolImportError,
  fields: (t) => ({ rows: t.field({ type: [ImportRowErrorRef], resolve: (e) => e.rows }) }),
});
const importErrors = { types: [SchoolImportError, ValidationError, DomainError] };

/** Section inputs arrive as GraphQL values; the service reads the same keys as the legacy door. */
function sectionBody(input: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(input)) if (k !== 'id' && v !== undefined) out[k] = v;
  out.id = localId(input.id as GlobalIdInput, 'School') ?? undefined;
  return out;
}

const SelectionListPayload = builder.objectRef<SelectionWrite>('SelectionListPayload').implement({
  description: 'The list and the entries the change added.',
  fields: (t) => ({
    selectionList: t.prismaField({ type: 'SelectionList', resolve: (query, p, _a, ctx) => ctx.db.selectionList.findUniqueOrThrow({ ...query, where: { id: p.listId } }) }),
    addedEntries: t.prismaField({
      type: ['SelectionEntry'],
      resolve: (query, p, _a, ctx) => ctx.db.selectionEntry.findMany({ ...query, where: { id: { in: p.entryIds } }, orderBy: [{ sort: 'asc' }, { id: 'asc' }] }),
    }),
  }),
});

const listIdField = (t: FieldBuilder) => ({ listId: t.globalID({ required: true, for: [SelectionListNode] }) });

builder.mutationFields((t) => ({
  createSchool: t.field({
    type: SchoolPayload,
    errors: mutationErrors,
    description: 'Adds a school (right school.manage).',
    args: { input: t.arg({ type: CreateSchoolInput, required: true }) },
    resolve: (_r, { input }, ctx) => saveSchool(ctx, Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined))),
  }),
  updateSchool: t.field({
    type: SchoolPayload,
    errors: mutationErrors,
    description: 'Edits the main form of a school.',
    args: { input: t.arg({ type: UpdateSchoolInput, required: true }) },
    resolve: (_r, { input }, ctx) => saveSchool(ctx, sectionBody(input as Record<string, unknown>)),
  }),
  ...(Object.fromEntries(
    (Object.keys(SECTION_INPUTS) as Array<keyof typeof SECTION_INPUTS>).map((section) => [
      `saveSchool${section[0]?.toUpperCase()}${section.slice(1)}`,
      t.field({
        type: SchoolPayload,
        errors: mutationErrors,
        description: `Saves the ${section} sub-record of a school (right school.manage).`,
        args: { input: t.arg({ type: SECTION_INPUTS[section] as never, required: true }) },
        resolve: (_r, args, ctx) => saveSchoolSection(ctx, section, sectionBody(args.input as Record<string, unknown>)),
      }),
    ]),
  ) as Record<string, never>),
  deleteSchool: t.field({
    type: builder.objectRef<{ schoolId: number }>('DeleteSchoolPayload').implement({
      fields: (f) => ({ deletedSchoolId: f.id({ resolve: (p) => encodeGlobalID('School', p.schoolId) }) }),
    }),
    errors: mutationErrors,
    description: 'Deletes a school no list or application uses.',
    args: { input: t.arg({ type: builder.inputType('DeleteSchoolInput', { fields: (f) => ({ id: f.globalID({ required: true, for: [SchoolNode] }) }) }), required: true }) },
    resolve: (_r, { input }, ctx) => deleteSchool(ctx, { id: input.id.id }),
  }),
  uploadSchoolBadge: t.field({
    type: SchoolPayload,
    errors: mutationErrors,
    description: 'Replaces the badge: images only (png, jpg, gif, webp by content), at most 2 MB.',
    args: {
      input: t.arg({
        type: builder.inputType('UploadSchoolBadgeInput', { fields: (f) => ({ id: f.globalID({ required: true, for: [SchoolNode] }), file: f.field({ type: 'File', required: true }) }) }),
        required: true,
      }),
    },
    resolve: (_r, { input }, ctx) => uploadBadge(ctx, { id: input.id.id }, input.file),
  }),
  importSchools: t.field({
    type: builder.objectRef<{ created: number; updated: number; ids: number[] }>('ImportSchoolsPayload').implement({
      fields: (f) => ({
        created: f.exposeInt('created'),
        updated: f.exposeInt('updated'),
        schools: f.prismaField({ type: ['School'], resolve: (query, p, _a, ctx) => ctx.db.school.findMany({ ...query, where: { id: { in: p.ids } }, orderBy: { id: 'asc' } }) }),
      }),
    }),
    errors: importErrors,
    description: "Imports schools from .xlsx (the export's columns); all rows or none.",
    args: { input: t.arg({ type: builder.inputType('ImportSchoolsInput', { fields: (f) => ({ file: f.field({ type: 'File', required: true }) }) }), required: true }) },
    resolve: (_r, { input }, ctx) => importSchools(ctx, input.file),
  }),
  importSchoolSports: t.field({
    type: builder.objectRef<{ schools: number; sports: number }>('ImportSchoolSportsPayload').implement({
      fields: (f) => ({ schools: f.exposeInt('schools'), sports: f.exposeInt('sports') }),
    }),
    errors: importErrors,
    description: 'Imports sports from .xlsx (school, gender, season, sport); each school named gets exactly its rows; all or none.',
    args: { input: t.arg({ type: builder.inputType('ImportSchoolSportsInput', { fields: (f) => ({ file: f.field({ type: 'File', required: true }) }) }), required: true }) },
    resolve: (_r, { input }, ctx) => importSports(ctx, input.file),
  }),

  // ── selection lists ──
  createSelectionList: t.field({
    type: SelectionListPayload,
    errors: mutationErrors,
    description: 'Starts a draft selection list for a student, optionally with schools (scored at once).',
    args: {
      input: t.arg({
        type: builder.inputType('CreateSelectionListInput', {
          fields: (f) => ({ archiveId: f.globalID({ required: true, description: 'An Archive id.' }), name: f.string(), note: f.string(), schoolIds: f.globalIDList({ for: [SchoolNode] }) }),
        }),
        required: true,
      }),
    },
    resolve: (_r, { input }, ctx) =>
      createSelectionList(ctx, { archiveId: localId(input.archiveId, 'Archive'), name: input.name ?? undefined, note: input.note, schoolIds: input.schoolIds ? localIds(input.schoolIds, 'School') : undefined }),
  }),
  addSchoolsToSelectionList: t.field({
    type: SelectionListPayload,
    errors: mutationErrors,
    description: 'Adds schools to a draft list; refused once published.',
    args: {
      input: t.arg({
        type: builder.inputType('AddSchoolsToSelectionListInput', { fields: (f) => ({ ...listIdField(f), schoolIds: f.globalIDList({ required: true, for: [SchoolNode] }) }) }),
        required: true,
      }),
    },
    resolve: (_r, { input }, ctx) => addSchoolsToSelection(ctx, { listId: localId(input.listId, 'SelectionList'), schoolIds: localIds(input.schoolIds, 'School') }),
  }),
  removeSelectionEntries: t.field({
    type: builder.objectRef<SelectionWrite & { removedIds: number[] }>('RemoveSelectionEntriesPayload').implement({
      fields: (f) => ({
        selectionList: f.prismaField({ type: 'SelectionList', resolve: (query, p, _a, ctx) => ctx.db.selectionList.findUniqueOrThrow({ ...query, where: { id: p.listId } }) }),
        removedEntryIds: f.idList({ resolve: (p) => p.removedIds.map((id) => encodeGlobalID('SelectionEntry', id)) }),
      }),
    }),
    errors: mutationErrors,
    description: 'Removes entries from a draft list; refused once published.',
    args: {
      input: t.arg({
        type: builder.inputType('RemoveSelectionEntriesInput', { fields: (f) => ({ ...listIdField(f), entryIds: f.globalIDList({ required: true, for: [SelectionEntryNode] }) }) }),
        required: true,
      }),
    },
    resolve: (_r, { input }, ctx) => removeSelectionEntries(ctx, { listId: localId(input.listId, 'SelectionList'), entryIds: localIds(input.entryIds, 'SelectionEntry') }),
  }),
  rescoreSelectionList: t.field({
    type: SelectionListPayload,
    errors: mutationErrors,
    description: 'Scores a draft list again from the current archive and schools; refused once published.',
    args: { input: t.arg({ type: builder.inputType('RescoreSelectionListInput', { fields: (f) => listIdField(f) }), required: true }) },
    resolve: (_r, { input }, ctx) => rescoreSelectionList(ctx, { listId: localId(input.listId, 'SelectionList') }),
  }),
  publishSelectionList: t.field({
    type: SelectionListPayload,
    errors: mutationErrors,
    description: 'Shows the list to the family. Irreversible: there is no unpublish, and the list is frozen.',
    args: { input: t.arg({ type: builder.inputType('PublishSelectionListInput', { fields: (f) => listIdField(f) }), required: true }) },
    resolve: (_r, { input }, ctx) => publishSelectionList(ctx, { listId: localId(input.listId, 'SelectionList') }),
  }),
  deleteSelectionList: t.field({
    type: builder.objectRef<{ listId: number }>('DeleteSelectionListPayload').implement({
      fields: (f) => ({ deletedSelectionListId: f.id({ resolve: (p) => encodeGlobalID('SelectionList', p.listId) }) }),
    }),
    errors: mutationErrors,
    description: 'Deletes a draft list; a published list is kept for good.',
    args: { input: t.arg({ type: builder.inputType('DeleteSelectionListInput', { fields: (f) => listIdField(f) }), required: true }) },
    resolve: (_r, { input }, ctx) => deleteSelectionList(ctx, { listId: localId(input.listId, 'SelectionList') }),
  }),
}));
