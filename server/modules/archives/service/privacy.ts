/**
 * Privacy requests (PIPL/GDPR; docs/security.md, "Privacy requests"): for one person (a
 * student's archive and its family) the holder of `archive.privacy` (administrators by default)
 *
 * - exports everything held about them as one zip, written by the job queue (`privacy` export:
 *   server/jobs/exports.ts) and downloaded by the requester only;
 * - sets or clears a legal hold on the archive;
 * - erases them: refused while an application is open or a legal hold is set, otherwise every
 *   personal value is replaced in one transaction (the archive row, its applications and the
 *   counts stay), and their files leave the file store.
 */
import type { AppDeps, ServiceContext } from '../../../context.ts';
import type { Tx } from '../../../db/client.ts';
import type { ExportJob } from '../../../generated/prisma/client.ts';
import { translate } from '../../../i18n/catalogue.ts';
import { defineExport, queueExport } from '../../../jobs/exports.ts';
import { fileStore, streamSource } from '../../../lib/files.ts';
import { inputOf, z, dbId, type Parsed } from '../../../lib/validate.ts';
import { zipStream, type ZipEntry } from '../../../lib/zip.ts';
import { logger } from '../../../logger.ts';
import { authorize } from '../../../policy.ts';
import { runWrite } from '../../../write.ts';
import { archivesErrors } from '../archives.errors.ts';
import { findVisibleArchive, updateArchiveAudited, type Db } from './access.ts';

/** Application state 1: applying (open). An erase waits until every application has an outcome. */
const APPLICATION_OPEN = 1;

/**
 * Section tables whose rows are wholly the person's: deleted by an erase. Every other table
 * with an `archive_id` keeps its rows (applications, verification tasks, selection lists, the
 * read log, the audit trail) with their personal values removed, so that counts stay.
 */
const SECTION_TABLES = [
  'archive_bios',
  'archive_educations',
  'archive_families',
  'archive_family_members',
  'archive_awards',
  'archive_reward_projects',
  'archive_exams',
  'archive_application_accounts',
  'archive_cards',
  'archive_recommenders',
  'archive_multimedia',
  'archive_relatives',
  'archive_essays',
  'archive_surveys',
  'archive_apply_information',
  'archive_others',
  'archive_writings',
] as const;

/** Shorter values are not searched for elsewhere (a two-letter value would hit other people's rows). */
const MIN_SWEEP_LENGTH = 3;
/** What a personal value copied into another row becomes. */
const ERASED = '***';

/** The archive of a legal hold or a personal-data export. */
export const privacyArchiveInput = z.object({ id: dbId() });
/** The archive and the name typed again; the name stays unparsed here, checked under its own code (PRIVACY_CONFIRMATION) after the other refusals. */
export const erasePersonalDataInput = privacyArchiveInput.extend({ confirmName: z.unknown().optional() });

/** The archive a privacy request names: visible to the caller (else "not found"), then the right. */
async function privacyArchive(ctx: ServiceContext, db: Db, parsed: Parsed<z.output<typeof privacyArchiveInput>>) {
  authorize(ctx, 'archive.read');
  const { id } = inputOf(parsed);
  const facts = await findVisibleArchive(ctx, db, id);
  authorize(ctx, 'archive.privacy');
  const archive = await db.archive.findUniqueOrThrow({ where: { id: facts.id }, select: { id: true, name: true, studentId: true, parentId: true, legalHold: true, erasedAt: true } });
  return archive;
}

// ── legal hold ──

/** Sets (`hold`) or clears the archive's legal hold; logged as `archive.privacy.hold` / `.release`. */
export async function setLegalHold(ctx: ServiceContext, parsed: Parsed<z.output<typeof privacyArchiveInput>>, hold: boolean): Promise<{ id: number }> {
  return runWrite(ctx, { operation: hold ? 'archive.privacy.hold' : 'archive.privacy.release', targetType: 'Archive' }, async (tx) => {
    const archive = await privacyArchive(ctx, tx, parsed);
    if (archive.legalHold === hold) throw archivesErrors.rule('INVALID_TRANSITION', hold ? 'archive.privacy.alreadyHeld' : 'archive.privacy.notHeld');
    await updateArchiveAudited(tx, archive.id, { legalHold: hold });
    return { result: { id: archive.id }, targetIds: [archive.id] };
  });
}

// ── export ──

/** Queues the export of everything held about the archive's person (one zip); logged as `archive.privacy.export`. */
export async function startPersonalDataExport(ctx: ServiceContext, parsed: Parsed<z.output<typeof privacyArchiveInput>>): Promise<ExportJob> {
  const archive = await privacyArchive(ctx, ctx.db, parsed);
  if (archive.erasedAt) throw archivesErrors.rule('PRIVACY_ERASED', 'archive.privacy.erased');
  return queueExport(ctx, 'privacy', {
    rowIds: [archive.id],
    fileName: `personal-data-${archive.id}-${new Date().toISOString().slice(0, 10)}.zip`,
    operation: 'archive.privacy.export',
    target: { type: 'Archive', ids: [archive.id] },
  });
}

type Column = { table: string; column: string; type: string; nullable: boolean };

/** Text, JSON and text-array columns of every table of the application's schema. */
async function textColumns(db: Db): Promise<Column[]> {
  const rows = await db.$queryRawUnsafe<Array<{ table_name: string; column_name: string; data_type: string; udt_name: string; is_nullable: string }>>(
    `SELECT c.table_name, c.column_name, c.data_type, c.udt_name, c.is_nullable
       FROM information_schema.columns c
       JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
      WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE' AND c.table_name <> '_prisma_migrations'
        AND (c.data_type IN ('text', 'character varying', 'json', 'jsonb') OR (c.data_type = 'ARRAY' AND c.udt_name IN ('_text', '_varchar')))
      ORDER BY c.table_name, c.ordinal_position`,
  );
  return rows.map((r) => ({ table: r.table_name, column: r.column_name, type: r.data_type === 'ARRAY' ? 'array' : r.data_type, nullable: r.is_nullable === 'YES' }));
}

/** Tables of the schema that have a column of this name. */
async function tablesWith(db: Db, column: string): Promise<string[]> {
  const rows = await db.$queryRawUnsafe<Array<{ table_name: string }>>(
    `SELECT c.table_name FROM information_schema.columns c JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
      WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE' AND c.column_name = $1 ORDER BY c.table_name`,
    column,
  );
  return rows.map((r) => r.table_name);
}

const q = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Rows of a table as JSON (secrets left out), read by Postgres so that every type has its JSON form. */
async function rowsAsJson(db: Db, table: string, where: string, params: unknown[]): Promise<unknown[]> {
  const rows = await db.$queryRawUnsafe<Array<{ rows: unknown[] }>>(
    `SELECT coalesce(json_agg(to_jsonb(t) - 'password_hash' - 'token_hash' ORDER BY t.id), '[]'::json) AS rows FROM ${q(table)} t WHERE ${where}`,
    ...params,
  );
  return rows[0]?.rows ?? [];
}

const json = (value: unknown) => new TextEncoder().encode(`${JSON.stringify(value, null, 2)}\n`);

/** The zip of one person: README, the archive's tables, applications, users, logs, the files. */
async function* personalDataEntries(deps: AppDeps, job: ExportJob, progress: (written: number, total: number) => Promise<void>): AsyncIterable<ZipEntry> {
  const archiveId = job.rowIds[0] as number;
  const lang = job.lang === 'en' ? 'en' : 'zh';
  const db = deps.db;
  const archive = await db.archive.findUniqueOrThrow({ where: { id: archiveId }, select: { studentId: true, parentId: true } });
  const withArchive = (await tablesWith(db, 'archive_id')).filter((t) => t !== 'archives');
  const applicationIds = (await db.application.findMany({ where: { archiveId }, select: { id: true } })).map((a) => a.id);
  const withApplication = await tablesWith(db, 'application_id');
  const files = await db.archiveFile.findMany({ where: { archiveId }, orderBy: { id: 'asc' }, select: { id: true, fileName: true, storageKey: true } });
  const userIds = [archive.studentId, ...(archive.parentId ? [archive.parentId] : [])];
  const total = 4 + withArchive.length + withApplication.length + files.length;
  let written = 0;
  const step = async () => progress(++written, total);

  yield { name: 'README.txt', body: new TextEncoder().encode(`${translate(lang, 'archive.privacy.readme', { id: archiveId, at: new Date().toISOString() })}\n`) };
  yield { name: 'archive.json', body: json(await rowsAsJson(db, 'archives', 't.id = $1', [archiveId])) };
  await step();
  for (const table of withArchive) {
    yield { name: `archive/${table}.json`, body: json(await rowsAsJson(db, table, 't.archive_id = $1', [archiveId])) };
    await step();
  }
  for (const table of withApplication) {
    yield { name: `applications/${table}.json`, body: json(await rowsAsJson(db, table, 't.application_id = ANY($1::int[])', [applicationIds])) };
    await step();
  }
  const documentIds = (await db.applicationDocument.findMany({ where: { applicationId: { in: applicationIds } }, select: { id: true } })).map((d) => d.id);
  yield { name: 'applications/application_document_logs.json', body: json(await rowsAsJson(db, 'application_document_logs', 't.document_id = ANY($1::int[])', [documentIds])) };
  const saoIds = (await db.saoDocument.findMany({ where: { archiveId }, select: { id: true } })).map((d) => d.id);
  yield { name: 'applications/sao_document_logs.json', body: json(await rowsAsJson(db, 'sao_document_logs', 't.sao_document_id = ANY($1::int[])', [saoIds])) };
  await step();
  yield { name: 'people/users.json', body: json(await rowsAsJson(db, 'users', 't.id = ANY($1::int[])', [userIds])) };
  await step();
  // The operation log rows that name the archive, its applications or its people, and theirs.
  yield {
    name: 'logs/operation_logs.json',
    body: json(
      await rowsAsJson(
        db,
        'operation_logs',
        `(t.target_type = 'Archive' AND $1::text = ANY(t.target_ids)) OR (t.target_type = 'Application' AND t.target_ids && $2::text[]) OR t.user_id = ANY($3::int[]) OR (t.target_type = 'User' AND t.target_ids && $4::text[])`,
        [String(archiveId), applicationIds.map(String), userIds, userIds.map(String)],
      ),
    ),
  };
  await step();
  for (const f of files) {
    const found = await fileStore(deps).get(f.storageKey);
    const safe = f.fileName.replace(/[/\\\0]/g, '_');
    if (found) yield { name: `files/${f.id}-${safe}`, body: streamSource(found.body) };
    await step();
  }
}

defineExport('privacy', {
  extension: 'zip',
  mime: 'application/zip',
  write: (deps, job, progress) => zipStream(personalDataEntries(deps, job, progress)),
});

// ── erase ──

function regexEscape(value: string): string {
  return value.replace(/[\\^$.|?*+()[\]{}]/g, '\\$&');
}

/** The identifying values of the person, searched for in every text column after the erase. */
function identifyingValues(values: Array<string | null | undefined>): string[] {
  const set = new Set<string>();
  for (const v of values) {
    const t = v?.trim();
    if (t && t.length >= MIN_SWEEP_LENGTH && !t.includes('"') && !t.includes('\\')) set.add(t);
  }
  return [...set].sort((a, b) => b.length - a.length);
}

/** Replaces every copy of the values (case-insensitive) in every text, JSON and text-array column of the schema. */
async function sweep(tx: Tx, values: string[]): Promise<number> {
  if (values.length === 0) return 0;
  const pattern = values.map(regexEscape).join('|');
  const byTable = new Map<string, Column[]>();
  for (const c of await textColumns(tx)) byTable.set(c.table, [...(byTable.get(c.table) ?? []), c]);
  let changed = 0;
  for (const [table, columns] of byTable) {
    const asText = (c: Column) => (c.type === 'array' ? `array_to_string(${q(c.column)}, E'\\x1f')` : c.type === 'json' || c.type === 'jsonb' ? `${q(c.column)}::text` : q(c.column));
    const replaced = (c: Column) => {
      const col = q(c.column);
      if (c.type === 'array') return `ARRAY(SELECT regexp_replace(x, $1, '${ERASED}', 'gi') FROM unnest(${col}) x)`;
      if (c.type === 'json' || c.type === 'jsonb') return `regexp_replace(${col}::text, $1, '${ERASED}', 'gi')::${c.type}`;
      return `regexp_replace(${col}, $1, '${ERASED}', 'gi')`;
    };
    const sets = columns.map((c) => `${q(c.column)} = CASE WHEN ${asText(c)} ~* $1 THEN ${replaced(c)} ELSE ${q(c.column)} END`).join(', ');
    const where = columns.map((c) => `${asText(c)} ~* $1`).join(' OR ');
    changed += await tx.$executeRawUnsafe(`UPDATE ${q(table)} SET ${sets} WHERE ${where}`, pattern);
  }
  return changed;
}

/** A person's user row made anonymous: no name, contact, login or sessions. */
async function anonymiseUser(tx: Tx, userId: number, label: string): Promise<void> {
  await tx.user.update({
    where: { id: userId },
    data: { name: label, nameEn: null, email: null, mobile: null, code: null, account: null, passwordHash: null, birthday: null, gender: 0, state: 3, sendMail: false },
  });
  await tx.accessToken.deleteMany({ where: { userId } });
}

/**
 * Erases the archive's person (student and family): refused while an application is open
 * (PRIVACY_APPLICATION_OPEN) or a legal hold is set (PRIVACY_LEGAL_HOLD), and unless
 * `confirmName` repeats the archive's name. One transaction; then the files leave the store.
 */
export async function erasePersonalData(ctx: ServiceContext, parsed: Parsed<z.output<typeof erasePersonalDataInput>>): Promise<{ id: number }> {
  const keys: string[] = [];
  const result = await runWrite(ctx, { operation: 'archive.privacy.erase', targetType: 'Archive' }, async (tx) => {
    const archive = await privacyArchive(ctx, tx, parsed);
    const { confirmName } = inputOf(parsed);
    if (archive.erasedAt) throw archivesErrors.rule('PRIVACY_ERASED', 'archive.privacy.erased');
    if (archive.legalHold) throw archivesErrors.rule('PRIVACY_LEGAL_HOLD', 'archive.privacy.legalHold');
    const open = await tx.application.count({ where: { archiveId: archive.id, state: APPLICATION_OPEN } });
    if (open > 0) throw archivesErrors.rule('PRIVACY_APPLICATION_OPEN', 'archive.privacy.applicationOpen', { count: open });
    if (typeof confirmName !== 'string' || confirmName.trim() !== archive.name.trim()) throw archivesErrors.rule('PRIVACY_CONFIRMATION', 'archive.privacy.confirmation');
    const id = archive.id;
    const label = `#${id}`;

    // The values that identify the person and their family, for the sweep at the end.
    const full = await tx.archive.findUniqueOrThrow({
      where: { id },
      include: {
        bio: true,
        familyMembers: true,
        recommenders: true,
        applicationAccounts: true,
        cards: true,
        relatives: true,
        student: true,
        parent: { include: { children: { select: { id: true } }, archivesAsParent: { select: { id: true, erasedAt: true } } } },
      },
    });
    const parent = full.parent;
    // A parent stays when another live archive is theirs (a sibling): the family rows of this archive still go.
    const parentShared = !!parent && (parent.archivesAsParent.some((a) => a.id !== id && !a.erasedAt) || parent.children.some((c) => c.id !== full.studentId));
    const bio = full.bio;
    const values = identifyingValues([
      full.name,
      full.userName,
      full.student.name,
      full.student.nameEn,
      full.student.email,
      full.student.mobile,
      full.student.account,
      ...(parent && !parentShared ? [parent.name, parent.nameEn, parent.email, parent.mobile, parent.account] : []),
      ...(bio
        ? [bio.surName && bio.name ? `${bio.surName}${bio.name}` : null, bio.surNamePy && bio.namePy ? `${bio.surNamePy} ${bio.namePy}` : null, bio.namePy && bio.surNamePy ? `${bio.namePy} ${bio.surNamePy}` : null]
        : []),
      ...(bio ? [bio.enName, bio.passport, bio.secondPassport, bio.homeAddress, bio.phone, bio.tel, bio.email] : []),
      ...full.familyMembers.flatMap((m) => [m.name, m.nameEn, m.phone, m.email, m.companyPhone, m.companyAddress]),
      ...full.recommenders.flatMap((r) => [r.name, r.email, r.phone, r.account]),
      ...full.applicationAccounts.flatMap((a) => [a.account, a.email, a.password]),
      ...full.cards.flatMap((c) => [c.holderName, c.billingAddress]),
      ...full.relatives.map((r) => r.name),
    ]);

    // Files: rows go now, bytes after the commit.
    keys.push(...(await tx.archiveFile.findMany({ where: { archiveId: id }, select: { storageKey: true } })).map((f) => f.storageKey));
    await tx.archiveFile.deleteMany({ where: { archiveId: id } });
    // Exports that held the person (list exports with the archive, earlier privacy exports).
    const exports = await tx.exportJob.findMany({ where: { rowIds: { has: id }, kind: { in: ['archives', 'privacy'] } }, select: { id: true, fileKey: true } });
    keys.push(...exports.flatMap((e) => (e.fileKey ? [e.fileKey] : [])));
    await tx.exportJob.deleteMany({ where: { id: { in: exports.map((e) => e.id) } } });

    for (const table of SECTION_TABLES) await tx.$executeRawUnsafe(`DELETE FROM ${q(table)} WHERE archive_id = $1`, id);

    // Kept rows, their free text removed.
    const applicationIds = (await tx.application.findMany({ where: { archiveId: id }, select: { id: true } })).map((a) => a.id);
    await tx.application.updateMany({ where: { archiveId: id }, data: { note: null, rejectReason: null, lockedByName: null } });
    await tx.applicationLog.updateMany({ where: { applicationId: { in: applicationIds } }, data: { note: null, fromValue: null, toValue: null } });
    await tx.applicationDocument.updateMany({ where: { applicationId: { in: applicationIds } }, data: { note: null } });
    await tx.applicationDocumentLog.updateMany({ where: { document: { applicationId: { in: applicationIds } } }, data: { note: null } });
    await tx.progressTrack.updateMany({ where: { applicationId: { in: applicationIds } }, data: { content: '' } });
    await tx.saoDocument.updateMany({ where: { archiveId: id }, data: { note: null } });
    await tx.saoDocumentLog.updateMany({ where: { saoDocument: { archiveId: id } }, data: { note: null } });
    await tx.$executeRawUnsafe(`UPDATE archive_examines SET title = number, content = NULL, note = NULL WHERE archive_id = $1`, id);
    await tx.archiveExamineModule.updateMany({ where: { examine: { archiveId: id } }, data: { note: null } });
    await tx.archiveExamineRecord.updateMany({ where: { examine: { archiveId: id } }, data: { note: null } });
    await tx.selectionList.updateMany({ where: { archiveId: id }, data: { note: null } });
    // The audit trail keeps which field changed, when and by whom; not the values.
    await tx.operationChange.updateMany({ where: { archiveId: id }, data: { before: null, after: null } });
    await tx.operationChange.updateMany({ where: { entity: 'User', entityId: { in: [full.studentId, ...(parent && !parentShared ? [parent.id] : [])].map(String) } }, data: { before: null, after: null } });

    await tx.archive.update({ where: { id }, data: { name: label, userName: null, searchName: '', remark: null, erasedAt: new Date(), ...(parentShared ? {} : { parentId: null }) } });
    await anonymiseUser(tx, full.studentId, label);
    if (parent && !parentShared) await anonymiseUser(tx, parent.id, `${label}-P`);

    // Any copy elsewhere (a task title, a letter, a login attempt, the search column...).
    await sweep(tx, values);
    return { result: { id }, targetIds: [id] };
  });
  for (const key of keys) {
    await fileStore(ctx)
      .remove(key)
      .catch((err: unknown) => logger.error('erased file not removed', { error: err instanceof Error ? err.message : String(err) }));
  }
  return result;
}
