import { encodeGlobalID } from '@pothos/plugin-relay';
import { builder } from '../../graphql/builder.ts';
import { localId, localIds, type GlobalIdInput } from '../../graphql/ids.ts';
import { ErrorInterface, mutationErrors } from '../../graphql/errors.ts';
import { DomainError, ValidationError } from '../../errors.ts';
import { atDoor } from '../../lib/validate.ts';
import { sectionFields, type Section } from './schools.fields.ts';
import { deleteSchool, saveSchool, saveSchoolSection, schoolFilterSchema, schoolIdInput, uploadBadge } from './schools.service.ts';
import { importSchools, importSports, SchoolImportError, startSchoolExport, type ImportRowError } from './schools.xlsx.ts';
import { ExportJobNode } from '../../graphql/export-job.ts';
import {
  addSchoolsInput,
  addSchoolsToSelection,
  createSelectionInput,
  createSelectionList,
  deleteSelectionList,
  publishSelectionList,
  removeEntriesInput,
  removeSelectionEntries,
  reorderEntriesInput,
  reorderSelectionList,
  rescoreSelectionList,
  selectionListIdInput,
  type SelectionWrite,
} from './selection.service.ts';
import { cleanFilter, DeadlineKindEnum, ENUM_FIELDS, PlatformEnum, SchoolFilter, SchoolNode, SportSeasonEnum, SelectionEntryNode, SelectionListNode, SportGenderEnum } from './schools.node.ts';

type FieldBuilder = Parameters<Parameters<typeof builder.inputType>[1]['fields']>[0];

/** The typed input fields of a section, from the one field table. */
function sectionInputFields(t: FieldBuilder, section: Section) {
  const out: Record<string, unknown> = {};
  for (const f of sectionFields(section)) {
    const enumType = ENUM_FIELDS[f.key as keyof typeof ENUM_FIELDS];
    const k = f.kind.type;
    // The accepted range, unless the description already gives it.
    const range = 'min' in f.kind && !/\d/.test(f.description) ? ` ${f.kind.min} to ${f.kind.max}.` : '';
    const description = f.description;
    out[f.key] = enumType
      ? t.field({ type: enumType, description })
      : k === 'int'
        ? t.int({ description: description + range })
        : k === 'float'
          ? t.float({ description: description + range })
          : k === 'bool'
            ? t.boolean({ description })
            : t.string({ description: k === 'country' ? 'Country, ISO alpha-2 (US, GB; UK is read as GB).' : k === 'text' ? `${description} At most ${f.kind.max} characters.` : description });
  }
  return out as Record<string, never>;
}

const SportInput = builder.inputType('SchoolSportInput', {
  description: 'A sport the school offers.',
  fields: (t) => ({
    gender: t.field({ description: 'Boys, girls or both.', type: SportGenderEnum, required: true }),
    season: t.field({ description: 'The season.', type: SportSeasonEnum, required: true }),
    name: t.string({ description: "The sport's name (unique per gender and season).", required: true }),
  }),
});
const PlatformInput = builder.inputType('SchoolPlatformInput', {
  description: 'An application platform the school accepts.',
  fields: (t) => ({
    platform: t.field({ description: 'The platform (each at most once).', type: PlatformEnum, required: true }),
    url: t.string({ description: "The school's page on the platform." }),
    note: t.string({ description: 'A free note.' }),
  }),
});
const DeadlineInput = builder.inputType('SchoolDeadlineInput', {
  description: 'A deadline of the school.',
  fields: (t) => ({
    kind: t.field({ description: 'What the deadline is for.', type: DeadlineKindEnum, required: true }),
    platform: t.field({ description: 'The platform it applies to, if it differs by platform.', type: PlatformEnum }),
    deadline: t.field({ description: 'The day (yyyy-MM-dd).', type: 'Date', required: true }),
    note: t.string({ description: 'A free note.' }),
  }),
});
const RankingInput = builder.inputType('SchoolRankingInput', {
  description: 'A ranking by a named source in a year.',
  fields: (t) => ({
    source: t.string({ description: 'Who ranks (unique per year).', required: true }),
    year: t.int({ description: 'The year.', required: true }),
    rank: t.int({ description: 'The rank (1 is best).', required: true }),
  }),
});

const CreateSchoolInput = builder.inputType('CreateSchoolInput', {
  description: 'The main form; name and country are required.',
  fields: (t) => sectionInputFields(t, 'basic'),
});
const UpdateSchoolInput = builder.inputType('UpdateSchoolInput', {
  description: 'The main form; fields left out keep their value, null clears.',
  fields: (t) => ({ id: t.globalID({ description: 'The School to edit.', required: true, for: [SchoolNode] }), ...sectionInputFields(t, 'basic') }),
});

const SECTION_INPUTS = {
  geography: builder.inputType('SaveSchoolGeographyInput', {
    description: 'The geography sub-record of a school: fields left out keep their value, null clears.',
    fields: (t) => ({ id: t.globalID({ description: 'The School.', required: true, for: [SchoolNode] }), ...sectionInputFields(t, 'geography') }),
  }),
  daily: builder.inputType('SaveSchoolDailyInput', {
    description: 'The daily-life sub-record of a school: fields left out keep their value, null clears.',
    fields: (t) => ({
      id: t.globalID({ description: 'The School.', required: true, for: [SchoolNode] }),
      ...sectionInputFields(t, 'daily'),
      sports: t.field({ type: [SportInput], description: 'Replaces every sport when given.' }),
    }),
  }),
  recruit: builder.inputType('SaveSchoolRecruitInput', {
    description: 'The admissions sub-record of a school: fields left out keep their value, null clears.',
    fields: (t) => ({
      id: t.globalID({ description: 'The School.', required: true, for: [SchoolNode] }),
      ...sectionInputFields(t, 'recruit'),
      platforms: t.field({ type: [PlatformInput], description: 'Replaces the accepted platforms when given.' }),
      deadlines: t.field({ type: [DeadlineInput], description: 'Replaces the deadlines when given.' }),
    }),
  }),
  teaching: builder.inputType('SaveSchoolTeachingInput', {
    description: 'The teaching sub-record of a school: fields left out keep their value, null clears.',
    fields: (t) => ({ id: t.globalID({ description: 'The School.', required: true, for: [SchoolNode] }), ...sectionInputFields(t, 'teaching') }),
  }),
  resource: builder.inputType('SaveSchoolResourceInput', {
    description: 'The resources sub-record of a school: fields left out keep their value, null clears.',
    fields: (t) => ({ id: t.globalID({ description: 'The School.', required: true, for: [SchoolNode] }), ...sectionInputFields(t, 'resource') }),
  }),
  sequence: builder.inputType('SaveSchoolSequenceInput', {
    description: 'The rankings of a school.',
    fields: (t) => ({ id: t.globalID({ description: 'The School.', required: true, for: [SchoolNode] }), rankings: t.field({ type: [RankingInput], description: 'Replaces the rankings when given.' }) }),
  }),
} as const;

const SchoolPayload = builder.objectRef<{ schoolId: number }>('SchoolPayload').implement({
  description: 'The school saved.',
  fields: (t) => ({ school: t.prismaField({ description: 'The school after the save.', type: 'School', resolve: (query, p, _a, ctx) => ctx.db.school.findUniqueOrThrow({ ...query, where: { id: p.schoolId } }) }) }),
});

const ImportRowErrorRef = builder.objectRef<ImportRowError>('SchoolImportRowError').implement({
  description: 'One refused cell of an import file.',
  fields: (t) => ({
    row: t.exposeInt('row', { description: 'Row number as Excel shows it.' }),
    column: t.exposeString('column', { description: 'The column (its header).' }),
    message: t.exposeString('message', { description: "What is wrong, in the caller's language." }),
  }),
});
builder.objectType(SchoolImportError, {
  name: 'SchoolImportRowsError',
  description: 'Rows of the file were refused; nothing was imported.',
  interfaces: [ErrorInterface],
  isTypeOf: (v) => v instanceof SchoolImportError,
  fields: (t) => ({ rows: t.field({ description: 'Every refused cell.', type: [ImportRowErrorRef], resolve: (e) => e.rows }) }),
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
    selectionList: t.prismaField({ description: 'The list after the change.', type: 'SelectionList', resolve: (query, p, _a, ctx) => ctx.db.selectionList.findUniqueOrThrow({ ...query, where: { id: p.listId } }) }),
    addedEntries: t.prismaField({
      description: 'The entries the change added (scored), in order.',
      type: ['SelectionEntry'],
      resolve: (query, p, _a, ctx) => ctx.db.selectionEntry.findMany({ ...query, where: { id: { in: p.entryIds } }, orderBy: [{ sort: 'asc' }, { id: 'asc' }] }),
    }),
  }),
});

const listIdField = (t: FieldBuilder) => ({ listId: t.globalID({ description: 'The SelectionList.', required: true, for: [SelectionListNode] }) });

builder.mutationFields((t) => ({
  createSchool: t.field({
    type: SchoolPayload,
    errors: mutationErrors,
    description: 'Adds a school (its main form). Rights: school.manage (managers). Errors: INVALID_INPUT (name and country required, field checks), FORBIDDEN.',
    args: { input: t.arg({ description: "The school's main form.", type: CreateSchoolInput, required: true }) },
    resolve: (_r, { input }, ctx) => saveSchool(ctx, Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined))),
  }),
  updateSchool: t.field({
    type: SchoolPayload,
    errors: mutationErrors,
    description: 'Edits the main form of a school. Rights: school.manage. Errors: NOT_FOUND, FORBIDDEN, INVALID_INPUT.',
    args: { input: t.arg({ description: 'The school and the fields to change.', type: UpdateSchoolInput, required: true }) },
    resolve: (_r, { input }, ctx) => saveSchool(ctx, sectionBody(input as Record<string, unknown>)),
  }),
  ...(Object.fromEntries(
    (Object.keys(SECTION_INPUTS) as Array<keyof typeof SECTION_INPUTS>).map((section) => [
      `saveSchool${section[0]?.toUpperCase()}${section.slice(1)}`,
      t.field({
        type: SchoolPayload,
        errors: mutationErrors,
        description: `Saves the ${section} sub-record of a school; lists given (sports, platforms, deadlines, rankings) replace the old ones. Rights: school.manage (managers). Errors: NOT_FOUND, FORBIDDEN, DUPLICATE (a sport, platform or ranking twice), INVALID_INPUT.`,
        args: { input: t.arg({ description: "The school and the sub-record's fields.", type: SECTION_INPUTS[section] as never, required: true }) },
        resolve: (_r, args, ctx) => saveSchoolSection(ctx, section, sectionBody(args.input as Record<string, unknown>)),
      }),
    ]),
  ) as Record<string, never>),
  deleteSchool: t.field({
    type: builder.objectRef<{ schoolId: number }>('DeleteSchoolPayload').implement({
      description: 'The school deleted.',
      fields: (f) => ({ deletedSchoolId: f.id({ description: 'Global id of the deleted School (for @deleteRecord).', resolve: (p) => encodeGlobalID('School', p.schoolId) }) }),
    }),
    errors: mutationErrors,
    description: 'Deletes a school no selection list or application uses. Rights: school.manage. Errors: IN_USE, NOT_FOUND, FORBIDDEN.',
    args: {
      input: t.arg({
        description: 'The school to delete.',
        type: builder.inputType('DeleteSchoolInput', { description: 'A school to delete.', fields: (f) => ({ id: f.globalID({ description: 'The School.', required: true, for: [SchoolNode] }) }) }),
        required: true,
      }),
    },
    resolve: (_r, { input }, ctx) => deleteSchool(ctx, atDoor(schoolIdInput, { id: input.id.id })),
  }),
  uploadSchoolBadge: t.field({
    type: SchoolPayload,
    errors: mutationErrors,
    description: 'Replaces the badge: images only (png, jpg, gif, webp by content), at most 2 MB. Rights: school.manage. Errors: NOT_FOUND, FORBIDDEN, and the upload checks (type, size, empty file).',
    args: {
      input: t.arg({
        description: 'The school and the image.',
        type: builder.inputType('UploadSchoolBadgeInput', {
          description: 'A badge image for a school.',
          fields: (f) => ({
            id: f.globalID({ description: 'The School.', required: true, for: [SchoolNode] }),
            file: f.field({ description: 'The image (multipart upload): png, jpg, gif or webp by content, at most 2 MB.', type: 'File', required: true }),
          }),
        }),
        required: true,
      }),
    },
    resolve: (_r, { input }, ctx) => uploadBadge(ctx, atDoor(schoolIdInput, { id: input.id.id }), input.file),
  }),
  importSchools: t.field({
    type: builder.objectRef<{ created: number; updated: number; ids: number[] }>('ImportSchoolsPayload').implement({
      description: 'What the import wrote.',
      fields: (f) => ({
        created: f.exposeInt('created', { description: 'Schools added.' }),
        updated: f.exposeInt('updated', { description: 'Schools changed (matched by name).' }),
        schools: f.prismaField({ description: 'Every school written.', type: ['School'], resolve: (query, p, _a, ctx) => ctx.db.school.findMany({ ...query, where: { id: { in: p.ids } }, orderBy: { id: 'asc' } }) }),
      }),
    }),
    errors: importErrors,
    description:
      "Imports schools from .xlsx (the export's columns): a row whose name and country match a school updates it, others are added; all rows or none. Rights: school.import (managers). Errors: SchoolImportRowsError (the refused cells), NOT_XLSX, IMPORT_EMPTY, IMPORT_HEADER, IMPORT_NO_SHEET, IMPORT_TOO_MANY_ROWS, FORBIDDEN.",
    args: {
      input: t.arg({
        description: 'The .xlsx file.',
        type: builder.inputType('ImportSchoolsInput', {
          description: 'An .xlsx file of schools.',
          fields: (f) => ({ file: f.field({ description: "The file (multipart upload), with the export's columns.", type: 'File', required: true }) }),
        }),
        required: true,
      }),
    },
    resolve: (_r, { input }, ctx) => importSchools(ctx, input.file),
  }),
  importSchoolSports: t.field({
    type: builder.objectRef<{ schools: number; sports: number }>('ImportSchoolSportsPayload').implement({
      description: 'What the import wrote.',
      fields: (f) => ({ schools: f.exposeInt('schools', { description: 'Schools whose sports were replaced.' }), sports: f.exposeInt('sports', { description: 'Sport rows written.' }) }),
    }),
    errors: importErrors,
    description:
      'Imports sports from .xlsx (school, gender, season, sport); each school named gets exactly its rows; all or none. Rights: school.import (managers). Errors: SchoolImportRowsError, NOT_XLSX, IMPORT_EMPTY, IMPORT_HEADER, IMPORT_NO_SHEET, IMPORT_TOO_MANY_ROWS, FORBIDDEN.',
    args: {
      input: t.arg({
        description: 'The .xlsx file.',
        type: builder.inputType('ImportSchoolSportsInput', {
          description: 'An .xlsx file of sports.',
          fields: (f) => ({ file: f.field({ description: 'The file (multipart upload): school, gender, season, sport.', type: 'File', required: true }) }),
        }),
        required: true,
      }),
    },
    resolve: (_r, { input }, ctx) => importSports(ctx, input.file),
  }),

  // ── selection lists ──
  createSelectionList: t.field({
    type: SelectionListPayload,
    errors: mutationErrors,
    description:
      'Starts a draft selection list for a student, optionally with schools (scored at once). Rights: selection.write (consultants, managers) on a visible archive. Errors: NOT_FOUND, FORBIDDEN, DUPLICATE (a school twice), INVALID_INPUT.',
    args: {
      input: t.arg({
        description: 'The student, the name and the first schools.',
        type: builder.inputType('CreateSelectionListInput', {
          description: 'A new selection list.',
          fields: (f) => ({
            archiveId: f.globalID({ required: true, description: 'An Archive id.' }),
            name: f.string({ description: "The list's name; default from the student and the date." }),
            note: f.string({ description: 'A free note.' }),
            schoolIds: f.globalIDList({ description: 'Schools to put on it at once (scored), in order.', for: [SchoolNode] }),
          }),
        }),
        required: true,
      }),
    },
    resolve: (_r, { input }, ctx) =>
      createSelectionList(
        ctx,
        atDoor(createSelectionInput, { archiveId: localId(input.archiveId, 'Archive'), name: input.name ?? undefined, note: input.note, schoolIds: input.schoolIds ? localIds(input.schoolIds, 'School') : undefined }),
      ),
  }),
  addSchoolsToSelectionList: t.field({
    type: SelectionListPayload,
    errors: mutationErrors,
    description: 'Adds schools to a draft list, scored. Rights: selection.write. Errors: SELECTION_PUBLISHED, DUPLICATE (already on the list), NOT_FOUND, FORBIDDEN.',
    args: {
      input: t.arg({
        description: 'The list and the schools.',
        type: builder.inputType('AddSchoolsToSelectionListInput', {
          description: 'Schools to add to a draft list.',
          fields: (f) => ({ ...listIdField(f), schoolIds: f.globalIDList({ description: 'Schools not yet on the list, in order.', required: true, for: [SchoolNode] }) }),
        }),
        required: true,
      }),
    },
    resolve: (_r, { input }, ctx) => addSchoolsToSelection(ctx, atDoor(addSchoolsInput, { listId: localId(input.listId, 'SelectionList'), schoolIds: localIds(input.schoolIds, 'School') })),
  }),
  removeSelectionEntries: t.field({
    type: builder.objectRef<SelectionWrite & { removedIds: number[] }>('RemoveSelectionEntriesPayload').implement({
      description: 'The list and the entries removed.',
      fields: (f) => ({
        selectionList: f.prismaField({ description: 'The list after the change.', type: 'SelectionList', resolve: (query, p, _a, ctx) => ctx.db.selectionList.findUniqueOrThrow({ ...query, where: { id: p.listId } }) }),
        removedEntryIds: f.idList({ description: 'Global ids of the removed SelectionEntries (for @deleteRecord).', resolve: (p) => p.removedIds.map((id) => encodeGlobalID('SelectionEntry', id)) }),
      }),
    }),
    errors: mutationErrors,
    description: 'Removes entries from a draft list. Rights: selection.write. Errors: SELECTION_PUBLISHED, NOT_FOUND, FORBIDDEN.',
    args: {
      input: t.arg({
        description: 'The list and the entries.',
        type: builder.inputType('RemoveSelectionEntriesInput', {
          description: 'Entries to remove from a draft list.',
          fields: (f) => ({ ...listIdField(f), entryIds: f.globalIDList({ description: 'SelectionEntry ids of this list.', required: true, for: [SelectionEntryNode] }) }),
        }),
        required: true,
      }),
    },
    resolve: (_r, { input }, ctx) => removeSelectionEntries(ctx, atDoor(removeEntriesInput, { listId: localId(input.listId, 'SelectionList'), entryIds: localIds(input.entryIds, 'SelectionEntry') })),
  }),
  rescoreSelectionList: t.field({
    type: SelectionListPayload,
    errors: mutationErrors,
    description: 'Scores a draft list again from the current archive and schools. Rights: selection.write. Errors: SELECTION_PUBLISHED, NOT_FOUND, FORBIDDEN.',
    args: { input: t.arg({ description: 'The list.', type: builder.inputType('RescoreSelectionListInput', { description: 'A draft list to score again.', fields: (f) => listIdField(f) }), required: true }) },
    resolve: (_r, { input }, ctx) => rescoreSelectionList(ctx, atDoor(selectionListIdInput, { listId: localId(input.listId, 'SelectionList') })),
  }),
  reorderSelectionList: t.field({
    type: SelectionListPayload,
    errors: mutationErrors,
    description:
      "Puts the entries of a draft list in the given order (every entry of the list, once each). Rights: selection.write. Errors: SELECTION_PUBLISHED, SELECTION_ORDER (the ids are not exactly the list's entries: reload), NOT_FOUND, FORBIDDEN, INVALID_INPUT.",
    args: {
      input: t.arg({
        description: 'The list and its new order.',
        type: builder.inputType('ReorderSelectionListInput', {
          description: 'A draft list and all of its entries in the new order.',
          fields: (f) => ({ ...listIdField(f), entryIds: f.globalIDList({ description: 'Every SelectionEntry of the list, first to last.', required: true, for: [SelectionEntryNode] }) }),
        }),
        required: true,
      }),
    },
    resolve: (_r, { input }, ctx) => reorderSelectionList(ctx, atDoor(reorderEntriesInput, { listId: localId(input.listId, 'SelectionList'), entryIds: localIds(input.entryIds, 'SelectionEntry') })),
  }),
  publishSelectionList: t.field({
    type: SelectionListPayload,
    errors: mutationErrors,
    description:
      'Shows the list to the family. Irreversible: there is no unpublish, and the list is frozen. Rights: selection.publish (consultants, managers). Errors: SELECTION_PUBLISHED (already), SELECTION_EMPTY, NOT_FOUND, FORBIDDEN.',
    args: { input: t.arg({ description: 'The list.', type: builder.inputType('PublishSelectionListInput', { description: 'A list to publish.', fields: (f) => listIdField(f) }), required: true }) },
    resolve: (_r, { input }, ctx) => publishSelectionList(ctx, atDoor(selectionListIdInput, { listId: localId(input.listId, 'SelectionList') })),
  }),
  deleteSelectionList: t.field({
    type: builder.objectRef<{ listId: number }>('DeleteSelectionListPayload').implement({
      description: 'The list deleted.',
      fields: (f) => ({ deletedSelectionListId: f.id({ description: 'Global id of the deleted SelectionList (for @deleteRecord).', resolve: (p) => encodeGlobalID('SelectionList', p.listId) }) }),
    }),
    errors: mutationErrors,
    description: 'Deletes a draft list; a published list is kept for good. Rights: selection.write. Errors: SELECTION_PUBLISHED, NOT_FOUND, FORBIDDEN.',
    args: { input: t.arg({ description: 'The list.', type: builder.inputType('DeleteSelectionListInput', { description: 'A draft list to delete.', fields: (f) => listIdField(f) }), required: true }) },
    resolve: (_r, { input }, ctx) => deleteSelectionList(ctx, atDoor(selectionListIdInput, { listId: localId(input.listId, 'SelectionList') })),
  }),
}));

builder.mutationFields((t) => ({
  startSchoolExport: t.field({
    type: ExportJobNode,
    nullable: false,
    errors: mutationErrors,
    description:
      'Starts an .xlsx export of the filtered school list (every field, in the list order; the import reads the same columns) as a background job; poll the answered ExportJob with `node(id:)` and download it from `downloadUrl` when DONE. Rights: school.read (staff). Errors: FORBIDDEN, EXPORT_TOO_MANY (more than 20,000 rows: narrow the filter).',
    args: { filter: t.arg({ description: 'The same conditions as `schools`.', type: SchoolFilter }) },
    resolve: (_r, args, ctx) => startSchoolExport(ctx, atDoor(schoolFilterSchema, cleanFilter(args.filter))),
  }),
}));
