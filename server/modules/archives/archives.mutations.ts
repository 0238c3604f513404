import { encodeGlobalID } from '@pothos/plugin-relay';
import { builder } from '../../graphql/builder.ts';
import { localId } from '../../graphql/ids.ts';
import { mutationErrors } from '../../graphql/errors.ts';
import { DomainError, ValidationError } from '../../errors.ts';
import { createVerification, reverifyModule, verifyModule, type ExamineStepResult } from './service/verification.ts';
import { deleteArchiveFile, uploadArchiveFile, type ArchiveFileRow } from './service/files.ts';
import { ArchiveFileRef, ArchiveNode, VerificationModuleNode, VerificationNode } from './archives.node.ts';
import { sectionKeyOfRecord } from './service/read.ts';
import { SECTIONS, SECTIONS_BY_TYPE, type FieldDef, type SectionDef } from './archives.sections.ts';
import { assignArchives, createArchive, deleteArchive, updateArchive } from './service/overview.ts';
import { deleteSectionRow, saveSectionRows, saveSingleSection } from './service/sections.ts';
import { setArchiveLock, transitionArchive, type Transition } from './service/states.ts';
import { ArchiveImportError, importArchives } from './archives.xlsx.ts';
import { ErrorInterface } from '../../graphql/errors.ts';

type Gid = { typename: string; id: string } | null | undefined;

const cap = (s: string) => (s[0] as string).toUpperCase() + s.slice(1);

// ── payloads ──

const ArchivePayload = builder.objectRef<{ id: number }>('ArchivePayload').implement({
  description: 'The changed archive (its sections included, so a Relay client needs no refetch).',
  fields: (t) => ({
    archive: t.prismaField({ type: 'Archive', resolve: (query, p, _a, ctx) => ctx.db.archive.findUniqueOrThrow({ ...query, where: { id: p.id } }) }),
  }),
});

const ArchivesPayload = builder.objectRef<{ ids: number[] }>('ArchivesPayload').implement({
  fields: (t) => ({
    archives: t.prismaField({
      type: ['Archive'],
      resolve: (query, p, _a, ctx) => ctx.db.archive.findMany({ ...query, where: { id: { in: p.ids } }, orderBy: { id: 'asc' } }),
    }),
  }),
});

const DeleteArchivePayload = builder.objectRef<{ id: number }>('DeleteArchivePayload').implement({
  fields: (t) => ({ deletedArchiveId: t.id({ description: 'For @deleteRecord.', resolve: (p) => encodeGlobalID('Archive', p.id) }) }),
});

type SavedRows = { archiveId: number; ids: number[]; type: string };
const SaveSectionPayload = builder.objectRef<SavedRows>('SaveArchiveSectionPayload').implement({
  description: 'The archive (with the saved section) and the global ids of the rows saved, in order.',
  fields: (t) => ({
    archive: t.prismaField({ type: 'Archive', resolve: (query, p, _a, ctx) => ctx.db.archive.findUniqueOrThrow({ ...query, where: { id: p.archiveId } }) }),
    savedIds: t.idList({ resolve: (p) => p.ids.map((id) => encodeGlobalID(p.type, id)) }),
  }),
});

const DeleteRecordPayload = builder.objectRef<{ archiveId: number; id: number; type: string }>('DeleteArchiveRecordPayload').implement({
  fields: (t) => ({
    archive: t.prismaField({ type: 'Archive', resolve: (query, p, _a, ctx) => ctx.db.archive.findUniqueOrThrow({ ...query, where: { id: p.archiveId } }) }),
    deletedId: t.id({ description: 'For @deleteRecord.', resolve: (p) => encodeGlobalID(p.type, p.id) }),
  }),
});

const FilePayload = builder.objectRef<ArchiveFileRow>('ArchiveFilePayload').implement({
  fields: (t) => ({
    file: t.field({ type: ArchiveFileRef, resolve: (f) => f }),
    archive: t.prismaField({ type: 'Archive', resolve: (query, f, _a, ctx) => ctx.db.archive.findUniqueOrThrow({ ...query, where: { id: f.archiveId } }) }),
  }),
});

const DeleteFilePayload = builder.objectRef<{ id: number; archiveId: number }>('DeleteArchiveFilePayload').implement({
  fields: (t) => ({
    deletedFileId: t.id({ resolve: (p) => encodeGlobalID('ArchiveFile', p.id) }),
    archive: t.prismaField({ type: 'Archive', resolve: (query, p, _a, ctx) => ctx.db.archive.findUniqueOrThrow({ ...query, where: { id: p.archiveId } }) }),
  }),
});

const VerificationPayload = builder.objectRef<{ id: number; archiveId: number }>('ArchiveVerificationPayload').implement({
  fields: (t) => ({
    verification: t.prismaField({ type: 'ArchiveExamine', resolve: (query, p, _a, ctx) => ctx.db.archiveExamine.findUniqueOrThrow({ ...query, where: { id: p.id } }) }),
    archive: t.prismaField({ type: 'Archive', resolve: (query, p, _a, ctx) => ctx.db.archive.findUniqueOrThrow({ ...query, where: { id: p.archiveId } }) }),
  }),
});

const VerificationStepPayload = builder.objectRef<ExamineStepResult>('ArchiveVerificationStepPayload').implement({
  description: 'The module, its task (status recomputed) and the record written.',
  fields: (t) => ({
    module: t.prismaField({ type: 'ArchiveExamineModule', resolve: (query, p, _a, ctx) => ctx.db.archiveExamineModule.findUniqueOrThrow({ ...query, where: { id: p.examineModuleId } }) }),
    verification: t.prismaField({ type: 'ArchiveExamine', resolve: (query, p, _a, ctx) => ctx.db.archiveExamine.findUniqueOrThrow({ ...query, where: { id: p.examineId } }) }),
    record: t.prismaField({ type: 'ArchiveExamineRecord', resolve: (query, p, _a, ctx) => ctx.db.archiveExamineRecord.findUniqueOrThrow({ ...query, where: { id: p.recordId } }) }),
  }),
});

const ImportRowErrorRef = builder.objectRef<{ row: number; column: string; message: string }>('ArchiveImportRowError').implement({
  fields: (t) => ({ row: t.exposeInt('row', { description: 'Row number as Excel shows it.' }), column: t.exposeString('column'), message: t.exposeString('message') }),
});

builder.objectType(ArchiveImportError, {
  name: 'ArchiveImportError',
  description: 'Rows of the file failed the checks; nothing was imported.',
  interfaces: [ErrorInterface],
  isTypeOf: (v) => v instanceof ArchiveImportError,
  fields: (t) => ({ rows: t.field({ type: [ImportRowErrorRef], resolve: (e) => e.rows }) }),
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
        const fields: Record<string, unknown> = { id: t.globalID({ description: `A ${type} id.` }), sort: t.int() };
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

const archiveIdArg = (t: { globalID: (o: Record<string, unknown>) => unknown }) => t.globalID({ required: true, for: [ArchiveNode] });

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
        description: `Saves the ${section.title.toLowerCase()} (module ${section.module}; refused on a locked archive).`,
        args: { input: t.arg({ type: input, required: true }) },
        resolve: async (_r, { input: i }, ctx) => {
          const raw = { ...(i as Record<string, unknown>), archiveId: (i as unknown as { archiveId: { id: string } }).archiveId.id };
          const r = await saveSingleSection(ctx, section.key, raw);
          return { ...r, type: section.type };
        },
      });
    } else {
      const rowInput = ROW_INPUTS.get(section.type);
      const input = builder.inputType(`SaveArchive${cap(section.key)}Input`, {
        fields: (it) => ({ archiveId: archiveIdArg(it as never) as never, rows: it.field({ type: [rowInput as never], required: true }) }),
      });
      fields[name] = t.field({
        type: SaveSectionPayload,
        errors: mutationErrors,
        description: `Adds or updates ${section.title.toLowerCase()} rows (module ${section.module}; refused on a locked archive). Rows not sent stay.`,
        args: { input: t.arg({ type: input, required: true }) },
        resolve: async (_r, { input: i }, ctx) => {
          const v = i as unknown as { archiveId: { id: string }; rows: Array<Record<string, unknown>> };
          const r = await saveSectionRows(ctx, section.key, { archiveId: v.archiveId.id, rows: v.rows.map((row) => rowFromInput(section.type, section, row)) });
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
    surName: t.string(),
    name: t.string({ description: 'Given name.' }),
    surNamePy: t.string(),
    namePy: t.string(),
    enName: t.string(),
    sex: t.int({ description: '0 unknown, 1 male, 2 female.' }),
    birthday: t.field({ type: 'Date' }),
    grade: t.int(),
    year: t.int({ description: 'Apply year.' }),
    applicationType: t.int({ description: '1 application, 2 retail.' }),
    consultantId: t.globalID(),
    actingConsultantId: t.globalID(),
    salespersonId: t.globalID(),
    parentId: t.globalID(),
    remark: t.string(),
  }),
});

const UpdateArchiveInput = builder.inputType('UpdateArchiveInput', {
  description: 'The overview (module profile); fields left out keep their value.',
  fields: (t) => ({ id: t.globalID({ required: true, for: [ArchiveNode] }), grade: t.int(), year: t.int(), applicationType: t.int(), remark: t.string() }),
});

const AssignArchiveStaffInput = builder.inputType('AssignArchiveStaffInput', {
  description: 'Sets links of one or more archives (legacy addConsultant); fields left out keep their value, null clears.',
  fields: (t) => ({
    ids: t.globalIDList({ required: true, for: [ArchiveNode] }),
    consultantId: t.globalID(),
    actingConsultantId: t.globalID(),
    salespersonId: t.globalID(),
    parentId: t.globalID(),
  }),
});

const ArchiveIdInput = builder.inputType('ArchiveIdInput', { fields: (t) => ({ id: t.globalID({ required: true, for: [ArchiveNode] }) }) });

const TRANSITION_MUTATIONS: Array<[string, Transition, string]> = [
  ['publishArchive', 'publish', 'Publishes an unpublished archive (1→2).'],
  ['suspendArchive', 'suspend', 'Suspends a published archive (2→3).'],
  ['resumeArchive', 'resume', 'Resumes a suspended archive (3→2).'],
  ['archiveArchive', 'archive', 'Files a published or suspended archive (→4); filed archives follow the filed module permissions.'],
  ['reopenArchive', 'reopen', 'Reopens a filed archive (4→2).'],
  ['suspendArchiveApplying', 'suspendApplying', 'Suspends the application (in progress→suspended).'],
  ['resumeArchiveApplying', 'resumeApplying', 'Resumes a suspended application.'],
  ['stopArchiveApplying', 'stopApplying', 'Stops the application (in progress or suspended→stopped).'],
  ['restartArchiveApplying', 'restartApplying', 'Restarts a stopped application.'],
];

builder.mutationFields((t) => ({
  createArchive: t.field({
    type: ArchivePayload,
    errors: mutationErrors,
    args: { input: t.arg({ type: CreateArchiveInput, required: true }) },
    resolve: (_r, { input: i }, ctx) =>
      createArchive(ctx, {
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
  }),
  updateArchive: t.field({
    type: ArchivePayload,
    errors: mutationErrors,
    args: { input: t.arg({ type: UpdateArchiveInput, required: true }) },
    resolve: (_r, { input: i }, ctx) => updateArchive(ctx, { id: i.id.id, grade: i.grade, year: i.year, sale: i.applicationType, remark: i.remark }),
  }),
  assignArchiveStaff: t.field({
    type: ArchivesPayload,
    errors: mutationErrors,
    args: { input: t.arg({ type: AssignArchiveStaffInput, required: true }) },
    resolve: (_r, { input: i }, ctx) =>
      assignArchives(ctx, {
        ids: i.ids.map((g) => g.id),
        consultantId: localId(i.consultantId, 'User'),
        actingConsultantId: localId(i.actingConsultantId, 'User'),
        salesId: localId(i.salespersonId, 'User'),
        parentId: localId(i.parentId, 'User'),
      }),
  }),
  deleteArchive: t.field({
    type: DeleteArchivePayload,
    errors: mutationErrors,
    args: { input: t.arg({ type: ArchiveIdInput, required: true }) },
    resolve: (_r, { input: i }, ctx) => deleteArchive(ctx, { id: i.id.id }),
  }),
  lockArchive: t.field({
    type: ArchivePayload,
    errors: mutationErrors,
    description: 'Locks an archive: every change but unlocking is refused (档案已锁定，不能修改).',
    args: { input: t.arg({ type: ArchiveIdInput, required: true }) },
    resolve: (_r, { input: i }, ctx) => setArchiveLock(ctx, { id: i.id.id }, true),
  }),
  unlockArchive: t.field({
    type: ArchivePayload,
    errors: mutationErrors,
    args: { input: t.arg({ type: ArchiveIdInput, required: true }) },
    resolve: (_r, { input: i }, ctx) => setArchiveLock(ctx, { id: i.id.id }, false),
  }),
  ...Object.fromEntries(
    TRANSITION_MUTATIONS.map(([name, transition, description]) => [
      name,
      t.field({
        type: ArchivePayload,
        errors: mutationErrors,
        description,
        args: { input: t.arg({ type: ArchiveIdInput, required: true }) },
        resolve: (_r, { input: i }, ctx) => transitionArchive(ctx, { id: i.id.id }, transition),
      }),
    ]),
  ),
}));

// ── records, files, import, verification ──

const RecordIdInput = builder.inputType('DeleteArchiveRecordInput', {
  fields: (t) => ({ id: t.id({ required: true, description: 'Global id of a section row (ArchiveEducation, ArchiveAward, ...).' }) }),
});

const UploadArchiveFileInput = builder.inputType('UploadArchiveFileInput', {
  fields: (t) => ({
    objectId: t.globalID({ required: true, description: 'The row the file belongs to: an ArchiveEducation, ArchiveAward or ArchiveMultimedia id.' }),
    file: t.field({ type: 'File', required: true }),
    sort: t.int(),
  }),
});

const FILE_KIND_OF_TYPE: Record<string, number> = Object.fromEntries(SECTIONS.filter((s) => s.fileKind).map((s) => [s.type, s.fileKind as number]));

const CreateVerificationInput = builder.inputType('CreateArchiveVerificationInput', {
  fields: (t) => ({
    archiveId: t.globalID({ required: true, for: [ArchiveNode] }),
    title: t.string(),
    content: t.string(),
    moduleCodes: t.stringList({ description: 'Archive module codes; default every top-level module.' }),
  }),
});

const VerificationStepInput = builder.inputType('ArchiveVerificationStepInput', {
  fields: (t) => ({ id: t.globalID({ required: true, for: [VerificationModuleNode] }), note: t.string({ description: 'Required when sending back for re-verification.' }) }),
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
    description: 'Deletes one section row (and its attachments); module edit permission, not on a locked archive.',
    args: { input: t.arg({ type: RecordIdInput, required: true }) },
    resolve: async (_r, { input: i }, ctx) => {
      const g = decodeAny(String(i.id));
      const type = g && SECTIONS_BY_TYPE.has(g.typename) ? g.typename : null;
      const key = type && /^\d{1,10}$/.test(g!.id) ? await sectionKeyOfRecord(ctx, type, Number(g!.id)) : null;
      const r = await deleteSectionRow(ctx, key ?? 'others', { id: key ? g!.id : 'invalid' });
      return { archiveId: r.archiveId, id: r.id, type: type as string };
    },
  }),
  uploadArchiveFile: t.field({
    type: FilePayload,
    errors: mutationErrors,
    description: 'Attaches a file to an education entry (pdf, Word, images; 10 MB), award (pdf, images; 10 MB) or multimedia activity (video, audio, images, pdf; 20 MB). The type is checked by content.',
    args: { input: t.arg({ type: UploadArchiveFileInput, required: true }) },
    resolve: (_r, { input: i }, ctx) => uploadArchiveFile(ctx, FILE_KIND_OF_TYPE[i.objectId.typename] ?? 0, { objectId: i.objectId.id, sort: i.sort }, i.file),
  }),
  deleteArchiveFile: t.field({
    type: DeleteFilePayload,
    errors: mutationErrors,
    args: { input: t.arg({ type: builder.inputType('DeleteArchiveFileInput', { fields: (it) => ({ id: it.globalID({ required: true }) }) }), required: true }) },
    resolve: (_r, { input: i }, ctx) => deleteArchiveFile(ctx, localId(i.id, 'ArchiveFile')),
  }),
  importArchives: t.field({
    type: ArchivesPayload,
    errors: { types: [ArchiveImportError, ValidationError, DomainError] },
    description: 'Imports archives from the .xlsx template (right archive.import); any bad row refuses the whole file.',
    args: { input: t.arg({ type: builder.inputType('ImportArchivesInput', { fields: (it) => ({ file: it.field({ type: 'File', required: true }) }) }), required: true }) },
    resolve: (_r, { input: i }, ctx) => importArchives(ctx, i.file),
  }),
  createArchiveVerification: t.field({
    type: VerificationPayload,
    errors: mutationErrors,
    args: { input: t.arg({ type: CreateVerificationInput, required: true }) },
    resolve: async (_r, { input: i }, ctx) => createVerification(ctx, { archiveId: i.archiveId.id, title: i.title, content: i.content, moduleCodes: i.moduleCodes }),
  }),
  verifyArchiveModule: t.field({
    type: VerificationStepPayload,
    errors: mutationErrors,
    description: 'Verifies one module of a verification task (right archive.verify).',
    args: { input: t.arg({ type: VerificationStepInput, required: true }) },
    resolve: (_r, { input: i }, ctx) => verifyModule(ctx, { id: i.id.id, note: i.note }),
  }),
  reverifyArchiveModule: t.field({
    type: VerificationStepPayload,
    errors: mutationErrors,
    description: 'Sends a verified module back for re-verification; the reason is required.',
    args: { input: t.arg({ type: VerificationStepInput, required: true }) },
    resolve: (_r, { input: i }, ctx) => reverifyModule(ctx, { id: i.id.id, note: i.note }),
  }),
}));
