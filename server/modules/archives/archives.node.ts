import { builder } from '../../graphql/builder.ts';
import { xlsxExportRef } from '../../graphql/xlsx-export.ts';
import { INVALID_ID, localId } from '../../graphql/ids.ts';
import { mutationErrors } from '../../graphql/errors.ts';
import { translate, type MessageKey } from '../../i18n/catalogue.ts';
import { can } from '../../policy.ts';
import type { ShapedRow } from './archives.fields.ts';
import { archiveFilePath, type ArchiveFileRow } from './service/files.ts';
import { examinesWhere, unverifiedArchivesWhere } from './service/verification.ts';
import { atDoor } from '../../lib/validate.ts';
import { archivePermissions, backupArchive, backupArchiveInput, filesOf, loadArchiveFile, loadRecord, primeVisible, sectionOrNull, type ModulePermissionRow } from './service/read.ts';
import { visibleArchivesWhere } from './archives.policy.ts';
import { SECTIONS, SECTIONS_BY_TYPE, type FieldDef, type SectionDef } from '../../../shared/archive-sections.ts';
import { ARCHIVE_ORDER, archivePage, archivesWhere, type ArchiveListFilter, type ArchiveOrder, type ArchiveVerificationState } from './service/lists.ts';
import { canEditModule } from './service/access.ts';
import { exportArchives } from './archives.xlsx.ts';
import { ArchiveChangeRef, archiveChanges } from './archives.history.ts';

// ── enums (legacy numbers in the descriptions) ──

export const ArchiveStatusEnum = builder.enumType('ArchiveStatus', {
  description: 'Legacy values: 1 unpublished, 2 published, 3 suspended, 4 archived (filed).',
  values: {
    UNPUBLISHED: { value: 1, description: '1: being prepared (the status of a new archive).' },
    PUBLISHED: { value: 2, description: '2: published: in service.' },
    SUSPENDED: { value: 3, description: '3: service suspended.' },
    ARCHIVED: { value: 4, description: '4: filed; the filed module permissions apply.' },
  } as const,
});

export const ApplyingStatusEnum = builder.enumType('ArchiveApplyingStatus', {
  description: 'Legacy values: 1 in progress, 2 suspended, 3 stopped.',
  values: {
    IN_PROGRESS: { value: 1, description: '1: applying (new applications allowed).' },
    SUSPENDED: { value: 2, description: '2: applying suspended.' },
    STOPPED: { value: 3, description: '3: applying stopped.' },
  } as const,
});

export const ApplicationTypeEnum = builder.enumType('ArchiveApplicationType', {
  description: 'The legacy `sale`: 1 application, 2 retail.',
  values: { APPLICATION: { value: 1, description: '1: the full application service.' }, RETAIL: { value: 2, description: '2: retail (single services).' } } as const,
});

export const VerificationStatusEnum = builder.enumType('VerificationStatus', {
  description: 'Legacy values: 0 unverified, 1 verifying, 2 verified.',
  values: {
    UNVERIFIED: { value: 0, description: '0: not looked at yet.' },
    VERIFYING: { value: 1, description: '1: sent back for re-verification (or partly verified).' },
    VERIFIED: { value: 2, description: '2: verified.' },
  } as const,
});

export const ArchiveFileKindEnum = builder.enumType('ArchiveFileKind', {
  description: 'Legacy values: 1 education entry, 2 award, 3 multimedia activity.',
  values: {
    EDUCATION: { value: 1, description: '1: a file of an education entry (ArchiveEducation).' },
    AWARD: { value: 2, description: '2: a file of an award (ArchiveAward).' },
    MULTIMEDIA: { value: 3, description: '3: a file of a multimedia activity (ArchiveMultimedia).' },
  } as const,
});

// ── section types, generated from the registry ──

type Row = ShapedRow & { _type?: string };
type FieldBuilder = { field: (options: Record<string, unknown>) => unknown };

function outputField(t: FieldBuilder, f: FieldDef) {
  const description = f.description;
  const resolve = (r: Row) => (r[f.name] ?? null) as never;
  switch (f.kind) {
    case 'int':
    case 'code':
      return t.field({ type: 'Int', nullable: true, description, resolve });
    case 'float':
      return t.field({ type: 'Float', nullable: true, description, resolve });
    case 'bool':
      return t.field({ type: 'Boolean', nullable: true, description, resolve });
    case 'date':
      // Masked days read like 2012-**-**, so maskable days are text.
      return f.mask ? t.field({ type: 'String', nullable: true, description: `${description} yyyy-MM-dd.`, resolve }) : t.field({ type: 'Date' as 'String', nullable: true, description, resolve });
    default:
      return t.field({ type: 'String', nullable: true, description, resolve });
  }
}

// A Node: `node(id:)` reads an attachment again through the same rule as `Archive.files`.
const ArchiveFileRef = builder.node(builder.objectRef<ArchiveFileRow>('ArchiveFile'), {
  description:
    'An attachment of an education entry, award or multimedia activity; downloaded from `downloadUrl` (send the token as a header), always as an attachment. Seen by callers who may read its section of the archive.',
  id: { resolve: (f) => f.id },
  isTypeOf: (v) => !!v && typeof v === 'object' && 'objectId' in v && 'mimeType' in v && 'kind' in v,
  loadOne: (id, ctx) => (/^\d{1,10}$/.test(String(id)) ? loadArchiveFile(ctx, Number(id)) : null),
  fields: (t) => ({
    databaseId: t.exposeInt('id', { description: 'The legacy numeric id of the file (fileId on the legacy door).' }),
    kind: t.field({ description: 'Which kind of row it belongs to.', type: ArchiveFileKindEnum, resolve: (f) => f.kind as 1 | 2 | 3 }),
    objectId: t.exposeInt('objectId', { description: 'Database id of the row the file belongs to.' }),
    sort: t.exposeInt('sort', { description: 'Position among the files of its row (smaller first).' }),
    fileName: t.exposeString('fileName', { description: 'The file name as uploaded (made safe).' }),
    mimeType: t.exposeString('mimeType', { description: 'The MIME type recognised from the content.' }),
    size: t.exposeInt('size', { description: 'Bytes.' }),
    createdAt: t.expose('createdAt', { description: 'When it was uploaded (instant).', type: 'DateTime' }),
    downloadUrl: t.string({ description: 'Path of the download (GET, with the token header); every download is written to the archive access log.', resolve: (f) => archiveFilePath(f.id) }),
  }),
});
export { ArchiveFileRef };

const FILE_KIND_OF_TYPE = new Map(SECTIONS.filter((s) => s.fileKind).map((s) => [s.type, s.fileKind as number]));

export const SECTION_REFS = new Map<string, ReturnType<typeof builder.objectRef<Row>>>();
for (const [type, sections] of SECTIONS_BY_TYPE) {
  const section = sections[0] as SectionDef;
  const ref = builder.objectRef<Row>(type);
  SECTION_REFS.set(type, ref);
  builder.node(ref, {
    description: `${sections.map((s) => s.title).join(', ')} (archive module ${sections.map((s) => s.module).join(', ')}). Sensitive fields are masked for callers without the right to see them.`,
    id: { resolve: (r) => r.id },
    isTypeOf: (v) => (v as Row)?._type === type,
    loadOne: (id, ctx) => (/^\d{1,10}$/.test(String(id)) ? loadRecord(ctx, type, Number(id)) : null),
    fields: (t) => {
      const fields: Record<string, unknown> = {
        databaseId: t.int({ description: 'The legacy numeric id of the row.', resolve: (r) => r.id }),
        sort: t.int({ description: 'Position among the rows of its section (smaller first).', resolve: (r) => Number(r.sort ?? 0) }),
      };
      for (const f of section.fields) fields[f.name] = outputField(t as unknown as FieldBuilder, f);
      if (FILE_KIND_OF_TYPE.has(type)) {
        fields.files = t.field({
          type: [ArchiveFileRef],
          description: 'Attachments of this row.',
          resolve: (r, _a, ctx) => filesOf(ctx, Number(r.archiveId), FILE_KIND_OF_TYPE.get(type), r.id),
        });
      }
      return fields as never;
    },
  });
}

const ModulePermissionRef = builder.objectRef<ModulePermissionRow>('ArchiveSectionPermission').implement({
  description: "The caller's permission on one archive module for the archive's state.",
  fields: (t) => ({
    code: t.exposeString('code', { description: 'The archive module code (for example profile, awards).' }),
    name: t.string({ description: "The module's name in the caller's language.", resolve: (m, _a, ctx) => (ctx.lang === 'en' ? m.nameEn : m.name) }),
    read: t.exposeBoolean('read', { description: "The caller may read the module's section." }),
    edit: t.exposeBoolean('edit', { description: 'The caller may edit it.' }),
  }),
});

const AccessLogRef = builder.objectRef<{ id: bigint; userId: number; account: string; section: string; fields: string[]; door: string; address: string | null; createdAt: Date }>('ArchiveAccessLogEntry').implement({
  description: 'One read of sensitive fields in clear, an attachment download or a backup.',
  fields: (t) => ({
    userDatabaseId: t.exposeInt('userId', { description: 'Database id of the reader.' }),
    account: t.exposeString('account', { description: "The reader's account." }),
    section: t.exposeString('section', { description: 'The section read (its key), or file / backup.' }),
    fields: t.exposeStringList('fields', { description: 'The sensitive fields returned in clear (or the files downloaded).' }),
    door: t.exposeString('door', { description: 'GRAPHQL or REST.' }),
    address: t.exposeString('address', { description: "The reader's network address, when known.", nullable: true }),
    createdAt: t.expose('createdAt', { description: 'When (instant).', type: 'DateTime' }),
  }),
});

// ── the archive ──

/** The list's visibility rule for node(id:) lookups. */
const visibleWhere = (ctx: { actor: Parameters<typeof can>[0] }) => (ctx.actor && can(ctx.actor, 'archive.read') ? visibleArchivesWhere({ actor: ctx.actor }) : { id: -1 });

export const ArchiveNode = builder.prismaNode('Archive', {
  nullable: true,
  id: { field: 'id' },
  description: "A student's archive (profile). Sections the caller may not read are null; sensitive fields are masked without the right.",
  authScopes: { permission: 'archive.read' },
  // node(id:) answers only archives the caller may see: the list's rule, in SQL.
  findUnique: (id, ctx) => ({ id: Number(id), AND: [visibleWhere(ctx)] }),
  fields: (t) => {
    const sectionFields: Record<string, unknown> = {};
    for (const s of SECTIONS) {
      const ref = SECTION_REFS.get(s.type);
      if (!ref) continue;
      sectionFields[s.key] = s.single
        ? t.field({
            type: ref,
            nullable: true,
            description: `${s.title}; null when empty or not readable (module ${s.module}).`,
            resolve: async (a, _x, ctx) => (await sectionOrNull(ctx, a.id, s.key))?.[0] ?? null,
          })
        : t.field({
            type: [ref],
            nullable: true,
            description: `${s.title} rows; null when not readable (module ${s.module}).`,
            resolve: (a, _x, ctx) => sectionOrNull(ctx, a.id, s.key),
          });
    }
    return {
      databaseId: t.exposeInt('id', { description: 'The legacy numeric id of the archive (archiveId on the legacy door).' }),
      name: t.exposeString('name', { description: "The student's name (Chinese, or pinyin)." }),
      userName: t.exposeString('userName', { nullable: true, description: 'English or pinyin name.' }),
      studentDatabaseId: t.exposeInt('studentId', { description: 'The student (the legacy userId); stable.' }),
      student: t.relation('student', { description: 'The student (User); null when the caller may not see the person.', nullable: true }),
      consultant: t.relation('consultant', { description: "The student's consultant.", nullable: true }),
      actingConsultant: t.relation('actingConsultant', { description: 'Who acts for the consultant (sees and edits like them).', nullable: true }),
      salesperson: t.relation('sales', { description: 'Who sold the contract.', nullable: true }),
      parent: t.relation('parent', { description: 'The parent account linked to the archive.', nullable: true }),
      createdBy: t.relation('createdBy', { description: 'Who created the archive.', nullable: true }),
      grade: t.exposeInt('grade', { nullable: true, description: 'School grade 1-12, 13 post-graduate.' }),
      year: t.exposeInt('year', { nullable: true, description: 'Apply year.' }),
      status: t.field({ description: 'Where the archive stands (publishArchive, suspendArchive, archiveArchive, reopenArchive change it).', type: ArchiveStatusEnum, resolve: (a) => a.status as 1 | 2 | 3 | 4 }),
      statusLabel: t.string({ description: "The status in the caller's language.", resolve: (a, _x, ctx) => translate(ctx.lang, `archive.status.${a.status}` as MessageKey) }),
      locked: t.exposeBoolean('locked', { description: 'Locked: every change but unlocking is refused.' }),
      legalHold: t.exposeBoolean('legalHold', { description: "A legal hold: the person's data cannot be erased while it is set (setArchiveLegalHold, clearArchiveLegalHold)." }),
      erasedAt: t.expose('erasedAt', { type: 'DateTime', nullable: true, description: "When the person's data was erased (eraseArchivePersonalData); null while it is held." }),
      canRequestPrivacy: t.boolean({ description: 'Whether the caller may export, hold and erase this person (right archive.privacy).', resolve: (_a, _args, ctx) => can(ctx.actor, 'archive.privacy') }),
      applyingStatus: t.field({ description: 'Whether the student is applying (a new application needs IN_PROGRESS).', type: ApplyingStatusEnum, resolve: (a) => a.applyingStatus as 1 | 2 | 3 }),
      applicationType: t.field({ description: 'Full application service or retail.', type: ApplicationTypeEnum, resolve: (a) => (a.sale === 2 ? 2 : 1) }),
      remark: t.exposeString('remark', { description: 'A free remark (module profile).', nullable: true }),
      createdAt: t.expose('createdAt', { description: 'When the archive was created (instant).', type: 'DateTime' }),
      updatedAt: t.expose('updatedAt', { description: 'When it last changed (instant).', type: 'DateTime' }),
      permissions: t.field({
        type: [ModulePermissionRef],
        description: "The caller's read/edit permission on each module in this archive's state.",
        resolve: (a, _x, ctx) => archivePermissions(ctx, a),
      }),
      isShowScore: t.boolean({ description: 'Award scores are shown to the caller (award editors).', resolve: (a, _x, ctx) => canEditModule(ctx, a, 'awards') }),
      files: t.field({
        type: [ArchiveFileRef],
        args: { kind: t.arg({ description: 'Only attachments of this kind.', type: ArchiveFileKindEnum }) },
        description: 'Attachments of the sections the caller may read.',
        resolve: (a, args, ctx) => filesOf(ctx, a.id, args.kind ?? undefined),
      }),
      accessLog: t.field({
        type: [AccessLogRef],
        nullable: true,
        description: 'Who read sensitive fields of this archive in clear, newest first; null unless the caller may read the operation log.',
        args: { first: t.arg.int({ description: 'How many entries, newest first (1 to 500; default 50).', defaultValue: 50 }) },
        resolve: (a, args, ctx) =>
          can(ctx.actor, 'operationLog.read') ? ctx.db.archiveAccessLog.findMany({ where: { archiveId: a.id }, orderBy: { id: 'desc' }, take: Math.min(Math.max(args.first ?? 50, 1), 500) }) : null,
      }),
      changes: t.field({
        type: [ArchiveChangeRef],
        description: 'The change history: fields changed by writes, newest first; a field the caller may not read is masked.',
        args: { first: t.arg.int({ description: 'How many changes, newest first (1 to 500; default 50).', defaultValue: 50 }) },
        resolve: (a, args, ctx) => archiveChanges(ctx, a.id, args.first ?? 50),
      }),
      verifications: t.relatedConnection('examines', { cursor: 'id', query: { orderBy: { id: 'desc' } }, description: 'Verification tasks, newest first.' }),
      ...(sectionFields as Record<string, never>),
    };
  },
});

// ── verification ──

export const VerificationNode = builder.prismaNode('ArchiveExamine', {
  name: 'ArchiveVerification',
  nullable: true,
  id: { field: 'id' },
  description: 'A verification task (archive examine) of one archive.',
  authScopes: { permission: 'archive.read' },
  findUnique: (id, ctx) => ({ id: Number(id), archive: visibleWhere(ctx) }),
  fields: (t) => ({
    databaseId: t.exposeInt('id', { description: 'The legacy numeric id of the task.' }),
    number: t.exposeString('number', { description: 'The task number, AV<year>-<id>.' }),
    title: t.exposeString('title', { description: "The task's title." }),
    content: t.exposeString('content', { description: 'What to verify, free text.', nullable: true }),
    status: t.field({ description: 'UNVERIFIED until a module is looked at, VERIFIED when all are, VERIFYING otherwise.', type: VerificationStatusEnum, resolve: (e) => e.status as 0 | 1 | 2 }),
    statusLabel: t.string({ description: "The status in the caller's language.", resolve: (e, _a, ctx) => translate(ctx.lang, `archive.examine.status.${e.status}` as MessageKey) }),
    verifier: t.relation('verifier', { description: 'Who verified last.', nullable: true }),
    verifiedAt: t.expose('verifiedAt', { description: 'When the task became verified (instant).', type: 'DateTime', nullable: true }),
    note: t.exposeString('note', { description: 'The last note.', nullable: true }),
    createdBy: t.relation('createdBy', { description: 'Who opened the task (submitted the archive).', nullable: true }),
    createdAt: t.expose('createdAt', { description: 'When it was opened (instant).', type: 'DateTime' }),
    archive: t.relation('archive', { description: 'The archive verified.' }),
    modules: t.relation('modules', { description: 'The modules to verify, in order.', query: { orderBy: { id: 'asc' } } }),
    records: t.relatedConnection('records', { cursor: 'id', query: { orderBy: { id: 'desc' } }, description: 'Newest first.' }),
  }),
});

export const VerificationModuleNode = builder.prismaNode('ArchiveExamineModule', {
  description: 'One archive module inside a verification task.',
  name: 'ArchiveVerificationModule',
  nullable: true,
  id: { field: 'id' },
  authScopes: { permission: 'archive.read' },
  findUnique: (id, ctx) => ({ id: Number(id), examine: { archive: visibleWhere(ctx) } }),
  fields: (t) => ({
    databaseId: t.exposeInt('id', { description: 'The legacy numeric id.' }),
    moduleCode: t.string({ description: 'The archive module code.', select: { module: { select: { code: true } } }, resolve: (m) => m.module.code }),
    moduleName: t.string({
      description: "The module's name in the caller's language.",
      select: { module: { select: { name: true, nameEn: true } } },
      resolve: (m, _a, ctx) => (ctx.lang === 'en' ? m.module.nameEn : m.module.name),
    }),
    status: t.field({ description: 'Verified, sent back (VERIFYING) or not looked at yet.', type: VerificationStatusEnum, resolve: (m) => m.status as 0 | 1 | 2 }),
    verifier: t.relation('verifier', { description: 'Who verified or sent it back.', nullable: true }),
    verifiedAt: t.expose('verifiedAt', { description: 'When (instant).', type: 'DateTime', nullable: true }),
    note: t.exposeString('note', { description: 'The note given (the reason, when sent back).', nullable: true }),
    verification: t.relation('examine', { description: 'The task it belongs to.' }),
  }),
});

export const VerificationRecordActionEnum = builder.enumType('VerificationRecordAction', {
  description: 'Legacy values: 1 verified, 2 re-verification asked, 3 reset by an edit of the section.',
  values: {
    VERIFIED: { value: 1, description: '1: the module was verified.' },
    REVERIFY: { value: 2, description: '2: the module was sent back for re-verification.' },
    RESET_BY_EDIT: { value: 3, description: '3: an edit of the section sent a verified module back.' },
  } as const,
});

builder.prismaObject('ArchiveExamineRecord', {
  description: 'One step of a verification task: a module verified, sent back, or reset by an edit.',
  name: 'ArchiveVerificationRecord',
  fields: (t) => ({
    databaseId: t.exposeInt('id', { description: 'The legacy numeric id.' }),
    action: t.field({ description: 'What happened.', type: VerificationRecordActionEnum, resolve: (r) => r.action as 1 | 2 | 3 }),
    status: t.field({ description: "The module's status after it.", type: VerificationStatusEnum, resolve: (r) => r.status as 0 | 1 | 2 }),
    module: t.relation('examineModule', { description: 'The module concerned.', nullable: true }),
    verifier: t.relation('verifier', { description: 'Who did it (null for a reset by an edit).', nullable: true }),
    note: t.exposeString('note', { description: 'The note given.', nullable: true }),
    createdAt: t.expose('createdAt', { description: 'When (instant).', type: 'DateTime' }),
  }),
});

// ── queries ──

const ArchiveVerificationStateEnum = builder.enumType('ArchiveVerificationState', {
  description: 'Where an archive’s verification stands (an archive has at most one open verification task).',
  values: {
    NONE: { value: 'NONE', description: 'Never submitted for verification.' },
    UNVERIFIED: { value: 'UNVERIFIED', description: 'Its open task has not been looked at yet.' },
    VERIFYING: { value: 'VERIFYING', description: 'Its open task was sent back or is partly verified.' },
    VERIFIED: { value: 'VERIFIED', description: 'Every task it had is verified.' },
  } as const,
});

export const ArchiveFilterInput = builder.inputType('ArchiveFilter', {
  description: 'Narrows `archives` (and `archiveExport`); every given condition must hold.',
  fields: (t) => ({
    status: t.field({ description: 'Only archives in this status.', type: ArchiveStatusEnum }),
    consultantId: t.globalID({ description: 'A User id: archives they consult or act for.' }),
    salespersonId: t.globalID({ description: 'A User id.' }),
    year: t.int({ description: 'Apply year (numeric).' }),
    grade: t.int({ description: 'Only students in this school grade (1-12, 13 = PG).' }),
    search: t.string({ description: 'Any form of the name: 张三, zhangsan, zhang san, san zhang, the English name; literal.' }),
    locked: t.boolean({ description: 'Only locked (true) or unlocked (false) archives.' }),
    applyingStatus: t.field({ description: 'Only archives with this applying status.', type: ApplyingStatusEnum }),
    applicationType: t.field({ description: 'Only full applications or only retail.', type: ApplicationTypeEnum }),
    verification: t.field({ description: 'Only archives whose verification stands here.', type: ArchiveVerificationStateEnum }),
  }),
});

export const ArchiveOrderEnum = builder.enumType('ArchiveOrder', {
  description: 'The order of `archives` (and `archiveExport`); ties are broken by the id, empty values come last.',
  values: {
    NEWEST: { description: 'Newest first (the default).' },
    OLDEST: { description: 'Oldest first.' },
    NAME: { description: 'By the pinyin or English name, A to Z, then the Chinese name.' },
    NAME_DESC: { description: 'By the pinyin or English name, Z to A, then the Chinese name.' },
    GRADE: { description: 'Lowest school grade first.' },
    GRADE_DESC: { description: 'Highest school grade first.' },
    YEAR: { description: 'Earliest apply year first.' },
    YEAR_DESC: { description: 'Latest apply year first.' },
    CONSULTANT: { description: "By the consultant's name, A to Z." },
    CONSULTANT_DESC: { description: "By the consultant's name, Z to A." },
    UPDATED: { description: 'Least recently changed first.' },
    UPDATED_DESC: { description: 'Most recently changed first.' },
    STATUS: { description: 'By the archive status in its life: unpublished, published, suspended, archived.' },
    STATUS_DESC: { description: 'By the archive status, the other way: archived first.' },
    SALESPERSON: { description: "By the salesperson's name, A to Z." },
    SALESPERSON_DESC: { description: "By the salesperson's name, Z to A." },
  } as const,
});

type Gid = { typename: string; id: string } | null | undefined;
/** A filter's id: one of another type, or no database id, matches nothing (-1). */
const filterId = (g: Gid, typename: string) => {
  const id = localId(g, typename);
  return id === INVALID_ID ? -1 : (id ?? null);
};

export type ArchiveFilterArg = {
  status?: number | null;
  consultantId?: Gid;
  salespersonId?: Gid;
  year?: number | null;
  grade?: number | null;
  search?: string | null;
  locked?: boolean | null;
  applyingStatus?: number | null;
  applicationType?: number | null;
  verification?: ArchiveVerificationState | null;
};

export function filterFrom(f: ArchiveFilterArg | null | undefined): ArchiveListFilter {
  if (!f) return {};
  return {
    status: f.status,
    consultantId: filterId(f.consultantId, 'User'),
    salesId: filterId(f.salespersonId, 'User'),
    year: f.year ?? undefined,
    grade: f.grade ?? undefined,
    search: f.search,
    locked: f.locked,
    applyingStatus: f.applyingStatus,
    sale: f.applicationType,
    verification: f.verification,
  };
}

const VerificationFilterInput = builder.inputType('ArchiveVerificationFilter', {
  description: 'Narrows `archiveVerifications`.',
  fields: (t) => ({ status: t.field({ description: 'Only tasks in this status.', type: VerificationStatusEnum }), archiveId: t.globalID({ description: 'Only tasks of this Archive.', for: [ArchiveNode] }) }),
});

const ArchiveExportRef = xlsxExportRef('ArchiveExport', {
  type: 'The filtered list as .xlsx.',
  fileName: 'A file name for the download, like archives-20260101.xlsx.',
  count: 'Archives in the file.',
});

const ArchiveBackupRef = builder.objectRef<{ json: string }>('ArchiveBackup').implement({
  description: 'A complete archive as JSON text (format archive-backup/1).',
  fields: (t) => ({ json: t.exposeString('json', { description: 'The backup, JSON text (format archive-backup/1).' }) }),
});

builder.queryFields((t) => ({
  archives: t.prismaConnection({
    type: 'Archive',
    cursor: 'id',
    defaultSize: 20,
    maxSize: 500,
    description:
      "Archives the caller sees, newest first unless `order` says otherwise: administrators all; managers those of their departments' staff (and unassigned ones); consultants those they consult or act for; sales those they sold; lecturers their students'. Rights: archive.read (staff; not parents or students).",
    authScopes: { permission: 'archive.read' },
    args: {
      filter: t.arg({ description: 'Conditions on status, people, year, grade, name, lock, applying status, type.', type: ArchiveFilterInput }),
      order: t.arg({ description: 'The order (default NEWEST).', type: ArchiveOrderEnum }),
    },
    totalCount: async (_p, args, ctx) => ctx.db.archive.count({ where: await archivesWhere(ctx, filterFrom(args.filter as ArchiveFilterArg)) }),
    resolve: async (query, _r, args, ctx) => {
      const where = await archivesWhere(ctx, filterFrom(args.filter as ArchiveFilterArg));
      const rows = await archivePage(ctx.db, query as never, where, args.order as ArchiveOrder | null);
      primeVisible(ctx, rows as never);
      return rows;
    },
  }),
  unverifiedArchives: t.prismaConnection({
    type: 'Archive',
    cursor: 'id',
    defaultSize: 20,
    maxSize: 500,
    description: 'Visible archives without a verified verification task (legacy listArchivesExamineByNot).',
    authScopes: { permission: 'archive.read' },
    totalCount: async (_p, _a, ctx) => ctx.db.archive.count({ where: await unverifiedArchivesWhere(ctx) }),
    resolve: async (query, _r, _a, ctx) => {
      const rows = await ctx.db.archive.findMany({ ...query, where: await unverifiedArchivesWhere(ctx), orderBy: ARCHIVE_ORDER });
      primeVisible(ctx, rows as never);
      return rows;
    },
  }),
  archiveVerifications: t.prismaConnection({
    type: 'ArchiveExamine',
    cursor: 'id',
    defaultSize: 20,
    maxSize: 500,
    description: 'Verification tasks of visible archives, newest first.',
    authScopes: { permission: 'archive.read' },
    args: { filter: t.arg({ description: 'Conditions on status and archive.', type: VerificationFilterInput }) },
    totalCount: async (_p, args, ctx) => ctx.db.archiveExamine.count({ where: await examinesWhere(ctx, verificationFilter(args.filter)) }),
    resolve: async (query, _r, args, ctx) => ctx.db.archiveExamine.findMany({ ...query, where: await examinesWhere(ctx, verificationFilter(args.filter)), orderBy: { id: 'desc' } }),
  }),
  archiveBackup: t.field({
    type: ArchiveBackupRef,
    description:
      'The complete archive with every section (regardless of module permissions), attachment metadata and verification tasks, as JSON text; logged. Rights: archive.backup (managers). Errors as data: NOT_FOUND, FORBIDDEN.',
    authScopes: { permission: 'archive.read' },
    errors: mutationErrors,
    args: { id: t.arg.globalID({ description: 'The Archive to back up.', required: true, for: [ArchiveNode] }) },
    resolve: async (_r, args, ctx) => ({ json: JSON.stringify(await backupArchive(ctx, atDoor(backupArchiveInput, { id: args.id.id }))) }),
  }),
  archiveExport: t.field({
    type: ArchiveExportRef,
    description:
      'The filtered archive list as .xlsx (base64), without sensitive fields: queued as `startArchiveExport` does, and answered when the job is done (at most two minutes). Rights: archive.export. Errors as data: FORBIDDEN, EXPORT_TOO_MANY (too many rows: narrow the filter), EXPORT_RUNNING, EXPORT_FAILED.',
    deprecationReason: 'Use `startArchiveExport`: it queues the export as a job, and the file is downloaded when the job is DONE, without holding a request open.',
    authScopes: { permission: 'archive.read' },
    errors: mutationErrors,
    args: {
      filter: t.arg({ description: 'The same conditions as `archives`.', type: ArchiveFilterInput }),
      order: t.arg({ description: 'The rows in the order of `archives` (default NEWEST).', type: ArchiveOrderEnum }),
    },
    resolve: (_r, args, ctx) => exportArchives(ctx, filterFrom(args.filter as ArchiveFilterArg), args.order as ArchiveOrder | null),
  }),
}));

function verificationFilter(f: { status?: number | null; archiveId?: { typename: string; id: string } | null } | null | undefined) {
  if (!f) return {};
  return { status: f.status ?? undefined, archiveId: f.archiveId ? filterId(f.archiveId, 'Archive') : undefined };
}

export { can };
