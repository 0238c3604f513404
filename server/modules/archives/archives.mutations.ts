import { encodeGlobalID } from '@pothos/plugin-relay';
import { builder } from '../../graphql/builder.ts';
import { localId } from '../../graphql/ids.ts';
import { mutationErrors } from '../../graphql/errors.ts';
import { DomainError, ValidationError } from '../../errors.ts';
import { atDoor } from '../../lib/validate.ts';
import { createVerification, createVerificationInput, reverifyModule, reverifyModuleInput, verifyModule, verifyModuleInput, type ExamineStepResult } from './service/verification.ts';
import { arrangeArchiveFiles, arrangeArchiveFilesInput, archiveFileIdInput, deleteArchiveFile, uploadArchiveFile, uploadArchiveFileInput, type ArchiveFileRow } from './service/files.ts';
import { ArchiveFileRef, ArchiveNode, VerificationModuleNode, VerificationNode } from './archives.node.ts';
import { sectionKeyOfRecord } from './service/read.ts';
import { SECTIONS, SECTIONS_BY_TYPE, type FieldDef, type SectionDef } from '../../../shared/archive-sections.ts';
import { assignArchives, assignArchivesInput, createArchive, createArchiveInput, deleteArchive, deleteArchiveInput, updateArchive, updateArchiveInput } from './service/overview.ts';
import { deleteSectionRow, deleteSectionRowInput, saveSectionInput, saveSectionRows, saveSingleSection } from './service/sections.ts';
import { archiveIdInput, setArchiveLock, transitionArchive, type Transition } from './service/states.ts';
import { ArchiveImportError, importArchives, startArchiveExport } from './archives.xlsx.ts';
import { ExportJobNode } from '../../graphql/export-job.ts';
import { ArchiveFilterInput, ArchiveOrderEnum, filterFrom, type ArchiveFilterArg } from './archives.node.ts';
import type { ArchiveOrder } from './service/lists.ts';
import { ErrorInterface } from '../../graphql/errors.ts';
import { erasePersonalData, erasePersonalDataInput, privacyArchiveInput, setLegalHold, startPersonalDataExport } from './service/privacy.ts';

type Gid = { typename: string; id: string } | null | undefined;

const cap = (s: string) => (s[0] as string).toUpperCase() + s.slice(1);

// ── payloads ──

const ArchivePayload = builder.objectRef<{ id: number }>('ArchivePayload').implement({
  description: 'The changed archive (its sections included, so a Relay client needs no refetch).',
  fields: (t) => ({
    archive: t.prismaField({ description: 'The archive after the change.', type: 'Archive', resolve: (query, p, _a, ctx) => ctx.db.archive.findUniqueOrThrow({ ...query, where: { id: p.id } }) }),
  }),
});

const ArchivesPayload = builder.objectRef<{ ids: number[] }>('ArchivesPayload').implement({
  description: 'The archives changed.',
  fields: (t) => ({
    archives: t.prismaField({
      description: 'The archives after the change, by id.',
      type: ['Archive'],
      resolve: (query, p, _a, ctx) => ctx.db.archive.findMany({ ...query, where: { id: { in: p.ids } }, orderBy: { id: 'asc' } }),
    }),
  }),
});

const DeleteArchivePayload = builder
  .objectRef<{ id: number }>('DeleteArchivePayload')
  .implement({ description: 'The archive deleted.', fields: (t) => ({ deletedArchiveId: t.id({ description: 'For @deleteRecord.', resolve: (p) => encodeGlobalID('Archive', p.id) }) }) });

type SavedRows = { archiveId: number; ids: number[]; type: string };
const SaveSectionPayload = builder.objectRef<SavedRows>('SaveArchiveSectionPayload').implement({
  description: 'The archive (with the saved section) and the global ids of the rows saved, in order.',
  fields: (t) => ({
    archive: t.prismaField({ description: 'The archive after the save.', type: 'Archive', resolve: (query, p, _a, ctx) => ctx.db.archive.findUniqueOrThrow({ ...query, where: { id: p.archiveId } }) }),
    savedIds: t.idList({ description: 'Global ids of the rows saved, in the order sent (new rows included).', resolve: (p) => p.ids.map((id) => encodeGlobalID(p.type, id)) }),
  }),
});

const DeleteRecordPayload = builder.objectRef<{ archiveId: number; id: number; type: string }>('DeleteArchiveRecordPayload').implement({
  description: 'The row deleted and its archive.',
  fields: (t) => ({
    archive: t.prismaField({ description: 'The archive after the delete.', type: 'Archive', resolve: (query, p, _a, ctx) => ctx.db.archive.findUniqueOrThrow({ ...query, where: { id: p.archiveId } }) }),
    deletedId: t.id({ description: 'For @deleteRecord.', resolve: (p) => encodeGlobalID(p.type, p.id) }),
  }),
});

const FilePayload = builder.objectRef<ArchiveFileRow>('ArchiveFilePayload').implement({
  description: 'The file uploaded and its archive.',
  fields: (t) => ({
    file: t.field({ description: 'The new attachment.', type: ArchiveFileRef, resolve: (f) => f }),
    archive: t.prismaField({ description: 'The archive it belongs to.', type: 'Archive', resolve: (query, f, _a, ctx) => ctx.db.archive.findUniqueOrThrow({ ...query, where: { id: f.archiveId } }) }),
  }),
});

const DeleteFilePayload = builder.objectRef<{ id: number; archiveId: number }>('DeleteArchiveFilePayload').implement({
  description: 'The file deleted and its archive.',
  fields: (t) => ({
    deletedFileId: t.id({ description: 'Global id of the deleted ArchiveFile (for @deleteRecord).', resolve: (p) => encodeGlobalID('ArchiveFile', p.id) }),
    archive: t.prismaField({ description: 'The archive it belonged to.', type: 'Archive', resolve: (query, p, _a, ctx) => ctx.db.archive.findUniqueOrThrow({ ...query, where: { id: p.archiveId } }) }),
  }),
});

const ArrangeFilesPayload = builder.objectRef<{ archiveId: number; ids: number[] }>('ArrangeArchiveFilesPayload').implement({
  description: "The row's attachments after renaming and reordering, and their archive.",
  fields: (t) => ({
    archive: t.prismaField({ description: 'The archive they belong to.', type: 'Archive', resolve: (query, p, _a, ctx) => ctx.db.archive.findUniqueOrThrow({ ...query, where: { id: p.archiveId } }) }),
  }),
});

const ArrangeFileInput = builder.inputType('ArrangeArchiveFileInput', {
  description: 'One attachment in its new place.',
  fields: (t) => ({
    id: t.globalID({ required: true, description: 'The ArchiveFile.' }),
    fileName: t.string({ description: 'A new name (1-150 characters; the extension is kept); left out, the name stays.' }),
  }),
});

const VerificationPayload = builder.objectRef<{ id: number; archiveId: number }>('ArchiveVerificationPayload').implement({
  description: 'The verification task opened and its archive.',
  fields: (t) => ({
    verification: t.prismaField({ description: 'The new task.', type: 'ArchiveExamine', resolve: (query, p, _a, ctx) => ctx.db.archiveExamine.findUniqueOrThrow({ ...query, where: { id: p.id } }) }),
    archive: t.prismaField({ description: 'The archive it verifies.', type: 'Archive', resolve: (query, p, _a, ctx) => ctx.db.archive.findUniqueOrThrow({ ...query, where: { id: p.archiveId } }) }),
  }),
});

const VerificationStepPayload = builder.objectRef<ExamineStepResult>('ArchiveVerificationStepPayload').implement({
  description: 'The module, its task (status recomputed) and the record written.',
  fields: (t) => ({
    module: t.prismaField({
      description: 'The module after the step.',
      type: 'ArchiveExamineModule',
      resolve: (query, p, _a, ctx) => ctx.db.archiveExamineModule.findUniqueOrThrow({ ...query, where: { id: p.examineModuleId } }),
    }),
    verification: t.prismaField({
      description: 'Its task, with the status recomputed.',
      type: 'ArchiveExamine',
      resolve: (query, p, _a, ctx) => ctx.db.archiveExamine.findUniqueOrThrow({ ...query, where: { id: p.examineId } }),
    }),
    record: t.prismaField({ description: 'The record written.', type: 'ArchiveExamineRecord', resolve: (query, p, _a, ctx) => ctx.db.archiveExamineRecord.findUniqueOrThrow({ ...query, where: { id: p.recordId } }) }),
  }),
});

const ImportRowErrorRef = builder.objectRef<{ row: number; column: string; message: string }>('ArchiveImportRowError').implement({
  description: 'One refused cell of an import file.',
  fields: (t) => ({
    row: t.exposeInt('row', { description: 'Row number as Excel shows it.' }),
    column: t.exposeString('column', { description: 'The column (its header).' }),
    message: t.exposeString('message', { description: "What is wrong, in the caller's language." }),
  }),
});

builder.objectType(ArchiveImportError, {
  name: 'ArchiveImportError',
  description: 'Rows of the file failed the checks; nothing was imported.',
  interfaces: [ErrorInterface],
  isTypeOf: (v) => v instanceof ArchiveImportError,
  fields: (t) => ({ rows: t.field({ description: 'Every refused cell (row, column, message).', type: [ImportRowErrorRef], resolve: (e) => e.rows }) }),
});

// ── inputs ──

type InputBuilder = { field: (o: Record<string, unknown>) => unknown; globalID: (o: Record<string, unknown>) => unknown; int: (o?: Record<string, unknown>) => unknown };

function inputField(t: InputBuilder, f: FieldDef) {
  const description = f.description;
  switch (f.kind) {
    case 'int':
    case 'code':
      return t.field({ type: 'Int', description });
    case 'float':
      return t.field({ type: 'Float', description });
    case 'bool':
      return t.field({ type: 'Boolean', description });
    case 'date':
      return t.field({ type: 'Date', description });
    default:
      return t.field({ type: 'String', description: f.max ? `${description} At most ${f.max} characters.` : description });
  }
}

const ROW_INPUTS = new Map<string, ReturnType<typeof builder.inputType>>();
for (const [type, sections] of SECTIONS_BY_TYPE) {
  const section = sections[0] as SectionDef;
  if (section.single) continue;
  ROW_INPUTS.set(
    type,
    builder.inputType(`${type}Input`, {
      description: `One ${section.title.toLowerCase()} row: with id it updates that row (fields left out keep their value), without id it adds one.`,
      fields: (t) => {
        const fields: Record<string, unknown> = { id: t.globalID({ description: `A ${type} id.` }), sort: t.int({ description: "Position among the section's rows (smaller first)." }) };
        for (const f of section.fields) fields[f.name] = inputField(t as unknown as InputBuilder, f);
        return fields as never;
      },
    }),
  );
}

function rowFromInput(type: string, section: SectionDef, row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...row, id: localId(row.id as Gid, type) ?? undefined };
  for (const f of section.fields) if (out[f.name] === undefined) delete out[f.name];
  return out;
}

const archiveIdArg = (t: { globalID: (o: Record<string, unknown>) => unknown }) => t.globalID({ required: true, for: [ArchiveNode], description: 'The Archive.' });

// ── section saves: one mutation per section ──

builder.mutationFields((t) => {
  const fields: Record<string, unknown> = {};
  for (const section of SECTIONS) {
    const name = `saveArchive${cap(section.key)}`;
    if (section.single) {
      const input = builder.inputType(`SaveArchive${cap(section.key)}Input`, {
        description: `${section.title}: fields left out keep their value; null clears.`,
        fields: (it) => {
          const f: Record<string, unknown> = { archiveId: archiveIdArg(it as never) };
          for (const fd of section.fields) f[fd.name] = inputField(it as unknown as InputBuilder, fd);
          return f as never;
        },
      });
      fields[name] = t.field({
        type: SaveSectionPayload,
        errors: mutationErrors,
        description: `Saves the ${section.title.toLowerCase()}. Rights: edit permission on module ${section.module} for the archive's status. Saving a verified module sends it back to verifying. Errors: NOT_FOUND (missing or not visible), ARCHIVE_LOCKED, FORBIDDEN, INVALID_INPUT and the field checks of the section.`,
        args: { input: t.arg({ description: "The archive and the section's fields.", type: input, required: true }) },
        resolve: async (_r, { input: i }, ctx) => {
          const raw = { ...(i as Record<string, unknown>), archiveId: (i as unknown as { archiveId: { id: string } }).archiveId.id };
          const r = await saveSingleSection(ctx, section.key, atDoor(saveSectionInput, raw));
          return { ...r, type: section.type };
        },
      });
    } else {
      const rowInput = ROW_INPUTS.get(section.type);
      const input = builder.inputType(`SaveArchive${cap(section.key)}Input`, {
        description: 'Rows of a section to add or update.',
        fields: (it) => ({ archiveId: archiveIdArg(it as never) as never, rows: it.field({ type: [rowInput as never], required: true, description: 'Rows to add (no id) or update (id); at most 500.' }) }),
      });
      fields[name] = t.field({
        type: SaveSectionPayload,
        errors: mutationErrors,
        description: `Adds or updates ${section.title.toLowerCase()} rows; rows not sent stay (deleteArchiveRecord removes one). Rights: edit permission on module ${section.module} for the archive's status. Errors: NOT_FOUND, ARCHIVE_LOCKED, FORBIDDEN, TOO_MANY_ROWS, INVALID_INPUT and the field checks of the section.`,
        args: { input: t.arg({ description: 'The archive and the rows.', type: input, required: true }) },
        resolve: async (_r, { input: i }, ctx) => {
          const v = i as unknown as { archiveId: { id: string }; rows: Array<Record<string, unknown>> };
          const r = await saveSectionRows(ctx, section.key, atDoor(saveSectionInput, { archiveId: v.archiveId.id, rows: v.rows.map((row) => rowFromInput(section.type, section, row)) }));
          return { ...r, type: section.type };
        },
      });
    }
  }
  return fields as never;
});

// ── the archive ──

const CreateArchiveInput = builder.inputType('CreateArchiveInput', {
  description: 'Without studentId a student is created from the names. The name rule: surname and given name, or pinyin surname and pinyin given name.',
  fields: (t) => ({
    studentId: t.globalID({ description: 'An existing student (User) without an archive.' }),
    surName: t.string({ description: 'Surname (Chinese). With `name`, or give the pinyin names.' }),
    name: t.string({ description: 'Given name.' }),
    surNamePy: t.string({ description: 'Surname in pinyin.' }),
    namePy: t.string({ description: 'Given name in pinyin.' }),
    enName: t.string({ description: 'English name.' }),
    sex: t.int({ description: '0 unknown, 1 male, 2 female.' }),
    birthday: t.field({ description: 'Date of birth (yyyy-MM-dd).', type: 'Date' }),
    grade: t.int({ description: 'School grade 1-12, 13 post-graduate.' }),
    year: t.int({ description: 'Apply year.' }),
    applicationType: t.int({ description: '1 application, 2 retail.' }),
    consultantId: t.globalID({ description: 'The consultant (a staff User); by default the caller when they are a consultant.' }),
    actingConsultantId: t.globalID({ description: 'Who acts for the consultant (a staff User, not the consultant).' }),
    salespersonId: t.globalID({ description: 'The salesperson (a staff User); by default the caller when they are a salesperson.' }),
    parentId: t.globalID({ description: 'The parent account (a User of type parent) not linked to another archive.' }),
    remark: t.string({ description: 'A free remark.' }),
  }),
});

const UpdateArchiveInput = builder.inputType('UpdateArchiveInput', {
  description: 'The overview (module profile); fields left out keep their value.',
  fields: (t) => ({
    id: t.globalID({ description: 'The Archive to change.', required: true, for: [ArchiveNode] }),
    grade: t.int({ description: 'School grade 1-12, 13 post-graduate; null clears.' }),
    year: t.int({ description: 'Apply year, e.g. 2027; null clears.' }),
    applicationType: t.int({ description: '1 application, 2 retail.' }),
    remark: t.string({ description: 'A free remark.' }),
  }),
});

const AssignArchiveStaffInput = builder.inputType('AssignArchiveStaffInput', {
  description: 'Sets links of one or more archives (legacy addConsultant); fields left out keep their value, null clears.',
  fields: (t) => ({
    ids: t.globalIDList({ description: 'The Archives to change (all or none).', required: true, for: [ArchiveNode] }),
    consultantId: t.globalID({ description: 'The consultant (a staff User); null clears.' }),
    actingConsultantId: t.globalID({ description: 'Who acts for the consultant; null clears.' }),
    salespersonId: t.globalID({ description: 'The salesperson; null clears.' }),
    parentId: t.globalID({ description: 'The parent account; null clears.' }),
  }),
});

const ArchiveIdInput = builder.inputType('ArchiveIdInput', { description: 'An archive to act on.', fields: (t) => ({ id: t.globalID({ description: 'The Archive.', required: true, for: [ArchiveNode] }) }) });

const TRANSITION_MUTATIONS: Array<[string, Transition, string]> = [
  ['publishArchive', 'publish', 'Publishes an archive: UNPUBLISHED → PUBLISHED. Rights: archive.changeStatus. Errors: NOT_FOUND, FORBIDDEN, ARCHIVE_LOCKED, INVALID_TRANSITION.'],
  ['suspendArchive', 'suspend', 'Suspends an archive: PUBLISHED → SUSPENDED. Rights: archive.changeStatus. Errors: NOT_FOUND, FORBIDDEN, ARCHIVE_LOCKED, INVALID_TRANSITION.'],
  ['resumeArchive', 'resume', 'Resumes an archive: SUSPENDED → PUBLISHED. Rights: archive.changeStatus. Errors: NOT_FOUND, FORBIDDEN, ARCHIVE_LOCKED, INVALID_TRANSITION.'],
  [
    'archiveArchive',
    'archive',
    'Files an archive: PUBLISHED or SUSPENDED → ARCHIVED; filed archives follow the filed module permissions. Rights: archive.changeStatus. Errors: NOT_FOUND, FORBIDDEN, ARCHIVE_LOCKED, INVALID_TRANSITION.',
  ],
  ['reopenArchive', 'reopen', 'Reopens a filed archive: ARCHIVED → PUBLISHED. Rights: archive.changeStatus. Errors: NOT_FOUND, FORBIDDEN, ARCHIVE_LOCKED, INVALID_TRANSITION.'],
  ['suspendArchiveApplying', 'suspendApplying', 'Suspends applying: applyingStatus IN_PROGRESS → SUSPENDED. Rights: archive.changeStatus. Errors: NOT_FOUND, FORBIDDEN, ARCHIVE_LOCKED, INVALID_TRANSITION.'],
  ['resumeArchiveApplying', 'resumeApplying', 'Resumes applying: applyingStatus SUSPENDED → IN_PROGRESS. Rights: archive.changeStatus. Errors: NOT_FOUND, FORBIDDEN, ARCHIVE_LOCKED, INVALID_TRANSITION.'],
  ['stopArchiveApplying', 'stopApplying', 'Stops applying: applyingStatus IN_PROGRESS or SUSPENDED → STOPPED. Rights: archive.changeStatus. Errors: NOT_FOUND, FORBIDDEN, ARCHIVE_LOCKED, INVALID_TRANSITION.'],
  ['restartArchiveApplying', 'restartApplying', 'Restarts applying: applyingStatus STOPPED → IN_PROGRESS. Rights: archive.changeStatus. Errors: NOT_FOUND, FORBIDDEN, ARCHIVE_LOCKED, INVALID_TRANSITION.'],
];

builder.mutationFields((t) => ({
  createArchive: t.field({
    description:
      'Creates an archive (status UNPUBLISHED, applying IN_PROGRESS) for an existing student or, from the names, for a new student account. Rights: archive.create (managers, consultants, sales). Errors: NAME_REQUIRED, STUDENT_INVALID, STUDENT_HAS_ARCHIVE, PARENT_INVALID, PARENT_TAKEN, ACTING_SAME, GRADE_INVALID, YEAR_INVALID, SALE_INVALID, FORBIDDEN, INVALID_INPUT.',
    type: ArchivePayload,
    errors: mutationErrors,
    args: { input: t.arg({ description: 'The student and the overview.', type: CreateArchiveInput, required: true }) },
    resolve: (_r, { input: i }, ctx) =>
      createArchive(
        ctx,
        atDoor(createArchiveInput, {
          studentId: localId(i.studentId, 'User'),
          surName: i.surName,
          name: i.name,
          surNamePy: i.surNamePy,
          namePy: i.namePy,
          enName: i.enName,
          sex: i.sex,
          birthday: i.birthday,
          grade: i.grade,
          year: i.year,
          sale: i.applicationType,
          consultantId: localId(i.consultantId, 'User'),
          actingConsultantId: localId(i.actingConsultantId, 'User'),
          salesId: localId(i.salespersonId, 'User'),
          parentId: localId(i.parentId, 'User'),
          remark: i.remark,
        }),
      ),
  }),
  updateArchive: t.field({
    description:
      "Edits the overview (module profile: grade, year, type, remark). Rights: archive.read and edit permission on module profile for the archive's status. Errors: NOT_FOUND (missing or not visible), ARCHIVE_LOCKED, FORBIDDEN, GRADE_INVALID, YEAR_INVALID, SALE_INVALID, INVALID_INPUT.",
    type: ArchivePayload,
    errors: mutationErrors,
    args: { input: t.arg({ description: 'The archive and the fields to change.', type: UpdateArchiveInput, required: true }) },
    resolve: (_r, { input: i }, ctx) => updateArchive(ctx, atDoor(updateArchiveInput, { id: i.id.id, grade: i.grade, year: i.year, sale: i.applicationType, remark: i.remark })),
  }),
  assignArchiveStaff: t.field({
    description:
      'Sets the consultant, acting consultant, salesperson and parent of archives (legacy addConsultant); all or none. Rights: archive.assign (managers). Errors: NOT_FOUND, ARCHIVE_LOCKED, FORBIDDEN, ACTING_SAME, PARENT_INVALID, PARENT_TAKEN, INVALID_INPUT.',
    type: ArchivesPayload,
    errors: mutationErrors,
    args: { input: t.arg({ description: 'The archives and their people.', type: AssignArchiveStaffInput, required: true }) },
    resolve: (_r, { input: i }, ctx) =>
      assignArchives(
        ctx,
        atDoor(assignArchivesInput, {
          ids: i.ids.map((g) => g.id),
          consultantId: localId(i.consultantId, 'User'),
          actingConsultantId: localId(i.actingConsultantId, 'User'),
          salesId: localId(i.salespersonId, 'User'),
          parentId: localId(i.parentId, 'User'),
        }),
      ),
  }),
  deleteArchive: t.field({
    description: 'Deletes an archive (kept hidden, as applications may point at it). Rights: archive.delete (managers). Errors: NOT_FOUND, ARCHIVE_LOCKED, FORBIDDEN.',
    type: DeleteArchivePayload,
    errors: mutationErrors,
    args: { input: t.arg({ description: 'The archive to delete.', type: ArchiveIdInput, required: true }) },
    resolve: (_r, { input: i }, ctx) => deleteArchive(ctx, atDoor(deleteArchiveInput, { id: i.id.id })),
  }),
  lockArchive: t.field({
    type: ArchivePayload,
    errors: mutationErrors,
    description: 'Locks an archive: every change but unlocking is refused (ARCHIVE_LOCKED, 档案已锁定，不能修改); verification still works. Rights: archive.lock (managers). Errors: NOT_FOUND, FORBIDDEN.',
    args: { input: t.arg({ description: 'The archive to lock.', type: ArchiveIdInput, required: true }) },
    resolve: (_r, { input: i }, ctx) => setArchiveLock(ctx, atDoor(archiveIdInput, { id: i.id.id }), true),
  }),
  unlockArchive: t.field({
    description: 'Unlocks a locked archive. Rights: archive.lock (managers). Errors: NOT_FOUND, FORBIDDEN.',
    type: ArchivePayload,
    errors: mutationErrors,
    args: { input: t.arg({ description: 'The archive to unlock.', type: ArchiveIdInput, required: true }) },
    resolve: (_r, { input: i }, ctx) => setArchiveLock(ctx, atDoor(archiveIdInput, { id: i.id.id }), false),
  }),
  ...Object.fromEntries(
    TRANSITION_MUTATIONS.map(([name, transition, description]) => [
      name,
      t.field({
        type: ArchivePayload,
        errors: mutationErrors,
        description,
        args: { input: t.arg({ description: 'The archive to change.', type: ArchiveIdInput, required: true }) },
        resolve: (_r, { input: i }, ctx) => transitionArchive(ctx, atDoor(archiveIdInput, { id: i.id.id }), transition),
      }),
    ]),
  ),
}));

// ── records, files, import, verification ──

const RecordIdInput = builder.inputType('DeleteArchiveRecordInput', {
  description: 'A section row to delete.',
  fields: (t) => ({ id: t.id({ required: true, description: 'Global id of a section row (ArchiveEducation, ArchiveAward, ...).' }) }),
});

const UploadArchiveFileInput = builder.inputType('UploadArchiveFileInput', {
  description: 'A file to attach to a section row.',
  fields: (t) => ({
    objectId: t.globalID({ required: true, description: 'The row the file belongs to: an ArchiveEducation, ArchiveAward or ArchiveMultimedia id.' }),
    file: t.field({ description: 'The file (multipart upload); its type is recognised from the content.', type: 'File', required: true }),
    sort: t.int({ description: "Position among the row's files." }),
  }),
});

const FILE_KIND_OF_TYPE: Record<string, number> = Object.fromEntries(SECTIONS.filter((s) => s.fileKind).map((s) => [s.type, s.fileKind as number]));

const CreateVerificationInput = builder.inputType('CreateArchiveVerificationInput', {
  description: 'A verification task to open.',
  fields: (t) => ({
    archiveId: t.globalID({ description: 'The Archive to verify (one open task per archive).', required: true, for: [ArchiveNode] }),
    title: t.string({ description: "The task's title." }),
    content: t.string({ description: 'What to verify, free text.' }),
    moduleCodes: t.stringList({ description: 'Archive module codes; default every top-level module.' }),
  }),
});

const VerificationStepInput = builder.inputType('ArchiveVerificationStepInput', {
  description: 'A module of a verification task.',
  fields: (t) => ({ id: t.globalID({ description: 'The ArchiveVerificationModule.', required: true, for: [VerificationModuleNode] }), note: t.string({ description: 'Required when sending back for re-verification.' }) }),
});

void VerificationNode;

function decodeAny(id: string): { typename: string; id: string } | null {
  try {
    const text = Buffer.from(id, 'base64').toString('utf8');
    const at = text.indexOf(':');
    return at > 0 ? { typename: text.slice(0, at), id: text.slice(at + 1) } : null;
  } catch {
    return null;
  }
}

builder.mutationFields((t) => ({
  deleteArchiveRecord: t.field({
    type: DeleteRecordPayload,
    errors: mutationErrors,
    description:
      "Deletes one section row and its attachments. Rights: edit permission on the row's module; not on a locked archive. Errors: NOT_FOUND (also for an id that is not a section row), ARCHIVE_LOCKED, FORBIDDEN.",
    args: { input: t.arg({ description: 'The row to delete.', type: RecordIdInput, required: true }) },
    resolve: async (_r, { input: i }, ctx) => {
      const g = decodeAny(String(i.id));
      const type = g && SECTIONS_BY_TYPE.has(g.typename) ? g.typename : null;
      const key = type && /^\d{1,10}$/.test(g!.id) ? await sectionKeyOfRecord(ctx, type, Number(g!.id)) : null;
      const r = await deleteSectionRow(ctx, key ?? 'others', atDoor(deleteSectionRowInput, { id: key ? g!.id : 'invalid' }));
      return { archiveId: r.archiveId, id: r.id, type: type as string };
    },
  }),
  uploadArchiveFile: t.field({
    type: FilePayload,
    errors: mutationErrors,
    description:
      "Attaches a file to an education entry (pdf, Word, images; 10 MB), award (pdf, images; 10 MB) or multimedia activity (video, audio, images, pdf; 20 MB). The type is checked by content. Rights: edit permission on the row's module; not on a locked archive. Errors: NOT_FOUND, ARCHIVE_LOCKED, FORBIDDEN, FILE_KIND_INVALID (not such a row), FILE_OBJECT_INVALID, and the upload checks (type, size, empty file).",
    args: { input: t.arg({ description: 'The row and the file.', type: UploadArchiveFileInput, required: true }) },
    resolve: (_r, { input: i }, ctx) => uploadArchiveFile(ctx, FILE_KIND_OF_TYPE[i.objectId.typename] ?? 0, atDoor(uploadArchiveFileInput, { objectId: i.objectId.id, sort: i.sort }), i.file),
  }),
  deleteArchiveFile: t.field({
    description: "Removes an attachment. Rights: edit permission on the file's module; not on a locked archive. Errors: NOT_FOUND, ARCHIVE_LOCKED, FORBIDDEN.",
    type: DeleteFilePayload,
    errors: mutationErrors,
    args: {
      input: t.arg({
        description: 'The file to delete.',
        type: builder.inputType('DeleteArchiveFileInput', { description: 'An attachment to delete.', fields: (it) => ({ id: it.globalID({ required: true, description: 'The ArchiveFile.' }) }) }),
        required: true,
      }),
    },
    resolve: (_r, { input: i }, ctx) => deleteArchiveFile(ctx, atDoor(archiveFileIdInput, { fileId: localId(i.id, 'ArchiveFile') })),
  }),
  arrangeArchiveFiles: t.field({
    type: ArrangeFilesPayload,
    errors: mutationErrors,
    description:
      "Renames and reorders the attachments of one education entry, award or multimedia activity (legacy eventRewards/saveFileList for awards): the files given come first in the order given, the row's other files after them as they were. Rights: edit permission on the row's module; not on a locked archive. Errors: NOT_FOUND, ARCHIVE_LOCKED, FORBIDDEN, FILE_LIST_MIXED (files of different rows), FILE_LIST_REPEATED, INVALID_INPUT.",
    args: {
      input: t.arg({
        description: "The row's files in their new order.",
        type: builder.inputType('ArrangeArchiveFilesInput', {
          description: 'Attachments of one row, in their new order.',
          fields: (it) => ({ files: it.field({ type: [ArrangeFileInput], required: true, description: 'The files, first to last (1 to 500).' }) }),
        }),
        required: true,
      }),
    },
    resolve: (_r, { input: i }, ctx) => arrangeArchiveFiles(ctx, atDoor(arrangeArchiveFilesInput, { files: i.files.map((f) => ({ id: localId(f.id, 'ArchiveFile'), fileName: f.fileName })) })),
  }),
  importArchives: t.field({
    type: ArchivesPayload,
    errors: { types: [ArchiveImportError, ValidationError, DomainError] },
    description:
      'Imports archives from the .xlsx template; any bad row refuses the whole file (nothing is imported). Rights: archive.import (managers). Errors: ArchiveImportError (the refused cells), NOT_XLSX, IMPORT_EMPTY, IMPORT_HEADER, IMPORT_NO_SHEET, IMPORT_TOO_MANY_ROWS, FORBIDDEN.',
    args: {
      input: t.arg({
        description: 'The .xlsx file.',
        type: builder.inputType('ImportArchivesInput', {
          description: 'An .xlsx file of archives (the import template).',
          fields: (it) => ({ file: it.field({ type: 'File', required: true, description: 'The .xlsx file (multipart upload).' }) }),
        }),
        required: true,
      }),
    },
    resolve: (_r, { input: i }, ctx) => importArchives(ctx, i.file),
  }),
  createArchiveVerification: t.field({
    description:
      'Opens a verification task for an archive (the consultant submits it), covering the given modules or every top-level module. Rights: archive.changeStatus. Errors: NOT_FOUND, VERIFICATION_OPEN (one is already open), MODULES_REQUIRED, MODULE_UNKNOWN, FORBIDDEN.',
    type: VerificationPayload,
    errors: mutationErrors,
    args: { input: t.arg({ description: 'The archive and the modules.', type: CreateVerificationInput, required: true }) },
    resolve: async (_r, { input: i }, ctx) => createVerification(ctx, atDoor(createVerificationInput, { archiveId: i.archiveId.id, title: i.title, content: i.content, moduleCodes: i.moduleCodes })),
  }),
  verifyArchiveModule: t.field({
    type: VerificationStepPayload,
    errors: mutationErrors,
    description: "Verifies one module of a verification task (record VERIFIED); the task's status is recomputed. Rights: archive.verify (managers). Errors: NOT_FOUND, FORBIDDEN, INVALID_TRANSITION (already verified).",
    args: { input: t.arg({ description: 'The module to verify and a note.', type: VerificationStepInput, required: true }) },
    resolve: (_r, { input: i }, ctx) => verifyModule(ctx, atDoor(verifyModuleInput, { id: i.id.id, note: i.note })),
  }),
  reverifyArchiveModule: t.field({
    type: VerificationStepPayload,
    errors: mutationErrors,
    description:
      'Sends a verified module back for re-verification (record REVERIFY); the reason is required. Rights: archive.verify (managers). Errors: NOT_FOUND, FORBIDDEN, NOTE_REQUIRED, INVALID_TRANSITION (not verified).',
    args: { input: t.arg({ description: 'The module to send back and the reason.', type: VerificationStepInput, required: true }) },
    resolve: (_r, { input: i }, ctx) => reverifyModule(ctx, atDoor(reverifyModuleInput, { id: i.id.id, note: i.note })),
  }),
}));

builder.mutationFields((t) => ({
  startArchiveExport: t.field({
    type: ExportJobNode,
    nullable: false,
    errors: mutationErrors,
    description:
      'Starts an .xlsx export of the filtered archive list (the rows the caller sees now, in the list order; overview columns only) as a background job; poll the answered ExportJob with `node(id:)` and download it from `downloadUrl` when DONE. Rights: archive.export. Errors: FORBIDDEN, EXPORT_TOO_MANY (more than 20,000 rows: narrow the filter).',
    args: {
      filter: t.arg({ description: 'The same conditions as `archives`.', type: ArchiveFilterInput }),
      order: t.arg({ description: 'The rows in the order of `archives` (default NEWEST).', type: ArchiveOrderEnum }),
    },
    resolve: (_r, args, ctx) => startArchiveExport(ctx, filterFrom(args.filter as ArchiveFilterArg), args.order as ArchiveOrder | null),
  }),
}));

// ── privacy requests (docs/security.md, "Privacy requests") ──

const EraseArchivePersonalDataInput = builder.inputType('EraseArchivePersonalDataInput', {
  description: 'The archive whose person is erased, and its name typed again as the confirmation.',
  fields: (t) => ({
    id: t.globalID({ description: 'The Archive.', required: true, for: [ArchiveNode] }),
    confirmName: t.string({ description: "The archive's name (the student's), exactly as shown: a safeguard against erasing the wrong person.", required: true }),
  }),
});

builder.mutationFields((t) => ({
  startArchivePersonalDataExport: t.field({
    type: ExportJobNode,
    nullable: false,
    errors: mutationErrors,
    description:
      "Starts the export of everything held about the archive's person (the archive and its sections, applications and their logs, attachments, the student's and parents' accounts, reads and changes, operation-log rows naming them) as one .zip, written as a background job; poll the ExportJob with `node(id:)` and download from `downloadUrl` when DONE (the requester only). Logged as archive.privacy.export. Rights: archive.privacy (administrators). Errors: NOT_FOUND, FORBIDDEN, PRIVACY_ERASED.",
    args: { input: t.arg({ description: 'The archive.', type: ArchiveIdInput, required: true }) },
    resolve: (_r, { input: i }, ctx) => startPersonalDataExport(ctx, atDoor(privacyArchiveInput, { id: i.id.id })),
  }),
  setArchiveLegalHold: t.field({
    type: ArchivePayload,
    errors: mutationErrors,
    description: 'Sets a legal hold on the archive: its person cannot be erased until it is cleared. Logged. Rights: archive.privacy (administrators). Errors: NOT_FOUND, FORBIDDEN, INVALID_TRANSITION (already held).',
    args: { input: t.arg({ description: 'The archive.', type: ArchiveIdInput, required: true }) },
    resolve: (_r, { input: i }, ctx) => setLegalHold(ctx, atDoor(privacyArchiveInput, { id: i.id.id }), true),
  }),
  clearArchiveLegalHold: t.field({
    type: ArchivePayload,
    errors: mutationErrors,
    description: 'Clears the legal hold of the archive. Logged. Rights: archive.privacy (administrators). Errors: NOT_FOUND, FORBIDDEN, INVALID_TRANSITION (not held).',
    args: { input: t.arg({ description: 'The archive.', type: ArchiveIdInput, required: true }) },
    resolve: (_r, { input: i }, ctx) => setLegalHold(ctx, atDoor(privacyArchiveInput, { id: i.id.id }), false),
  }),
  eraseArchivePersonalData: t.field({
    type: ArchivePayload,
    errors: mutationErrors,
    description:
      "Erases the archive's person (a student who has left, and their family): every personal value is replaced in one transaction (sections deleted; names, contacts, accounts, free text and the audit trail's values removed from the rows kept; copies elsewhere replaced by ***) and the attachments leave the file store; the archive row, its applications and the counts stay, and the archive shows as erased. Logged as archive.privacy.erase. Rights: archive.privacy (administrators). Errors: NOT_FOUND, FORBIDDEN, PRIVACY_APPLICATION_OPEN (an application is still applying), PRIVACY_LEGAL_HOLD, PRIVACY_CONFIRMATION (the name typed differs), PRIVACY_ERASED (already erased).",
    args: { input: t.arg({ description: 'The archive and the confirmation.', type: EraseArchivePersonalDataInput, required: true }) },
    resolve: (_r, { input: i }, ctx) => erasePersonalData(ctx, atDoor(erasePersonalDataInput, { id: i.id.id, confirmName: i.confirmName })),
  }),
}));
