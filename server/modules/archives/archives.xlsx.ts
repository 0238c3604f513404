import type { ServiceContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import type { ExportJob } from '../../generated/prisma/client.ts';
import { defineExport, exportBytes, exportNow, queueExport } from '../../jobs/exports.ts';
import { ValidationError } from '../../errors.ts';
import { translate, type Lang, type MessageKey } from '../../i18n/catalogue.ts';
import { formatDateTime } from '../../lib/wall-time.ts';
import { STAFF_STATES, USER_TYPES } from '../../lib/codes.ts';
import { dataRows, labelledHeaderColumns, readFirstWorksheet, rowErrors, writeSheet, XlsxRowsError, type ImportRowError } from '../../lib/xlsx.ts';
import { authorize } from '../../policy.ts';
import { runWrite } from '../../write.ts';
import { isEmail, parseDay, type RowValues } from './archives.fields.ts';
import { archiveOrderBy, archivesWhere, type ArchiveListFilter, type ArchiveOrder } from './service/lists.ts';
import { createArchiveIn } from './service/overview.ts';
import { hasRequiredName } from './service/names.ts';
import { FAMILY_KIND } from '../../../shared/archive-sections.ts';
import { archivesErrors } from './archives.errors.ts';

/**
 * Import of archives from the .xlsx template and export of a filtered list. The import is all
 * or nothing: every row is checked first (each error names its row and column, as Excel
 * numbers them), and only a file without errors is written, in one transaction.
 */
const COLUMNS = [
  { key: 'surName', label: 'archive.xlsx.surName', max: 50, width: 10 },
  { key: 'name', label: 'archive.xlsx.name', max: 50, width: 12 },
  { key: 'surNamePy', label: 'archive.xlsx.surNamePy', max: 50, width: 12 },
  { key: 'namePy', label: 'archive.xlsx.namePy', max: 50, width: 14 },
  { key: 'enName', label: 'archive.xlsx.enName', max: 100, width: 14 },
  { key: 'sex', label: 'archive.xlsx.sex', max: 10, width: 8 },
  { key: 'birthday', label: 'archive.xlsx.birthday', max: 30, width: 14 },
  { key: 'grade', label: 'archive.xlsx.grade', max: 5, width: 8 },
  { key: 'year', label: 'archive.xlsx.year', max: 10, width: 10 },
  { key: 'sale', label: 'archive.xlsx.sale', max: 20, width: 10 },
  { key: 'consultant', label: 'archive.xlsx.consultant', max: 50, width: 16 },
  { key: 'sales', label: 'archive.xlsx.sales', max: 50, width: 16 },
  { key: 'email', label: 'archive.xlsx.email', max: 200, width: 24 },
  { key: 'phone', label: 'archive.xlsx.phone', max: 30, width: 16 },
  { key: 'parentName', label: 'archive.xlsx.parentName', max: 100, width: 12 },
  { key: 'relation', label: 'archive.xlsx.relation', max: 20, width: 12 },
  { key: 'parentPhone', label: 'archive.xlsx.parentPhone', max: 30, width: 16 },
  { key: 'parentEmail', label: 'archive.xlsx.parentEmail', max: 200, width: 24 },
  { key: 'remark', label: 'archive.xlsx.remark', max: 2000, width: 30 },
] as const satisfies ReadonlyArray<{ key: string; label: MessageKey; max: number; width: number }>;
type ColumnKey = (typeof COLUMNS)[number]['key'];

export const MAX_IMPORT_ROWS = 2000;
export const MAX_EXPORT_ROWS = 20000;

export type { ImportRowError };

/** Row-level failures of an import; nothing was written (GraphQL `ArchiveImportError`). */
export class ArchiveImportError extends XlsxRowsError {
  constructor(rows: ImportRowError[]) {
    super('archive.import.rowErrors', rows);
  }
}

const SEX: Record<string, number> = { 男: 1, 女: 2, 未知: 0, male: 1, female: 2, m: 1, f: 2, unknown: 0, '0': 0, '1': 1, '2': 2 };
const SALE: Record<string, number> = { 申请: 1, 单项: 2, application: 1, retail: 2, '1': 1, '2': 2 };
/**
 * Relation names in both languages, read once on first use: the texts are registered by the
 * module's index.ts after this file is evaluated, so they cannot be read at import time.
 */
let relations: Record<string, number> | null = null;
function relationCodes(): Record<string, number> {
  if (relations) return relations;
  const out: Record<string, number> = {};
  for (let i = 1; i <= 7; i++) {
    out[String(i)] = i;
    out[translate('zh', `archive.relation.${i}` as MessageKey).toLowerCase()] = i;
    out[translate('en', `archive.relation.${i}` as MessageKey).toLowerCase()] = i;
  }
  return (relations = out);
}

/** The template in the caller's language: the header and two example rows. */
export async function importTemplate(lang: Lang): Promise<Buffer> {
  const tr = (k: MessageKey) => translate(lang, k);
  return writeSheet(
    tr('archive.xlsx.sheet'),
    COLUMNS.map((c) => ({ key: c.key, header: tr(c.label), width: c.width, text: c.key === 'phone' || c.key === 'parentPhone' || c.key === 'year' })),
    [
      {
        surName: '张',
        name: '小明',
        surNamePy: 'Zhang',
        namePy: 'Xiaoming',
        enName: 'Kevin',
        sex: tr('archive.sex.1'),
        birthday: '2012-05-18',
        grade: 8,
        year: '2027',
        sale: tr('archive.sale.1'),
        consultant: 'consultant',
        sales: 'sales',
        email: 'kevin.zhang@example.net',
        phone: '',
        parentName: '张伟',
        relation: tr('archive.relation.1'),
        parentPhone: '13800000000',
        parentEmail: 'zhang.wei@example.net',
        remark: '',
      },
      {
        surName: '',
        name: '',
        surNamePy: 'Li',
        namePy: 'Na',
        enName: 'Nina',
        sex: tr('archive.sex.2'),
        birthday: '2011-11-02',
        grade: 9,
        year: '2027',
        sale: tr('archive.sale.2'),
        consultant: '',
        sales: '',
        email: '',
        phone: '',
        parentName: '',
        relation: '',
        parentPhone: '',
        parentEmail: '',
        remark: '',
      },
    ],
  );
}

type ParsedImportRow = { rowNumber: number; bio: RowValues; grade: number | null; year: number | null; sale: number; consultant: string | null; sales: string | null; parent: RowValues | null; remark: string | null };

/**
 * Imports archives from the template (right `archive.import`). Any row error refuses the
 * whole file with every error listed; consultant and salesperson accounts must be active
 * staff holding the role.
 */
export async function importArchives(ctx: ServiceContext, file: File | null | undefined): Promise<{ ids: number[] }> {
  return runWrite(ctx, { operation: 'archive.import', targetType: 'Archive' }, async (tx) => {
    const actor = authorize(ctx, 'archive.import');
    const ws = await readFirstWorksheet(file, {
      notXlsx: () => archivesErrors.rule('NOT_XLSX', 'archive.import.notXlsx'),
      noSheet: () => archivesErrors.rule('IMPORT_NO_SHEET', 'archive.import.noSheet'),
    });
    const columns = labelledHeaderColumns<ColumnKey>(ws, COLUMNS);
    if (!(columns.has('surName') && columns.has('name')) && !(columns.has('surNamePy') && columns.has('namePy'))) {
      throw archivesErrors.rule('IMPORT_HEADER', 'archive.import.header');
    }
    if (ws.actualRowCount - 1 > MAX_IMPORT_ROWS) throw archivesErrors.rule('IMPORT_TOO_MANY_ROWS', 'archive.import.tooManyRows', { max: MAX_IMPORT_ROWS });

    const { list: errors, fail } = rowErrors<ColumnKey>(ctx.lang, COLUMNS);
    const rows: ParsedImportRow[] = [];

    for (const { rowNumber, values: v } of dataRows<ColumnKey>(
      ws,
      columns,
      COLUMNS.map((c) => c.key),
    )) {
      const before = errors.length;
      for (const c of COLUMNS) if (v[c.key].length > c.max) fail(rowNumber, c.key, 'archive.import.tooLong', { max: c.max });
      const bio: RowValues = {
        surName: v.surName || null,
        name: v.name || null,
        surNamePy: v.surNamePy || null,
        namePy: v.namePy || null,
        enName: v.enName || null,
        email: v.email || null,
        phone: v.phone || null,
      };
      if (!hasRequiredName(bio as Record<string, string | null>)) fail(rowNumber, 'surName', 'archive.nameRequired');
      if (v.sex) {
        const sex = SEX[v.sex.toLowerCase()];
        if (sex === undefined) fail(rowNumber, 'sex', 'archive.import.invalid');
        else bio.sex = sex;
      }
      if (v.birthday) {
        try {
          bio.birthday = parseDay(v.birthday.replace(/\//g, '-'), 'birthday') ?? null;
        } catch {
          fail(rowNumber, 'birthday', 'archive.import.invalid');
        }
      }
      let grade: number | null = null;
      if (v.grade) {
        const n = Number(v.grade);
        if (!Number.isInteger(n) || n < 1 || n > 13) fail(rowNumber, 'grade', 'archive.gradeInvalid');
        else grade = n;
      }
      let year: number | null = null;
      if (v.year) {
        const n = Number(v.year);
        if (!/^\d{4}$/.test(v.year) || n < 2000 || n > 2100) fail(rowNumber, 'year', 'archive.yearInvalid');
        else year = n;
      }
      let sale = 1;
      if (v.sale) {
        const s = SALE[v.sale.toLowerCase()];
        if (!s) fail(rowNumber, 'sale', 'archive.import.invalid');
        else sale = s;
      }
      if (v.email && !isEmail(v.email)) fail(rowNumber, 'email', 'archive.emailInvalid');
      let parent: RowValues | null = null;
      if (v.parentName || v.parentPhone || v.parentEmail || v.relation) {
        const relation = v.relation ? relationCodes()[v.relation.toLowerCase()] : undefined;
        if (!v.relation) fail(rowNumber, 'relation', 'archive.relationRequired');
        else if (!relation) fail(rowNumber, 'relation', 'archive.import.invalid');
        if (v.parentEmail && !isEmail(v.parentEmail)) fail(rowNumber, 'parentEmail', 'archive.emailInvalid');
        parent = { kind: FAMILY_KIND.PRIMARY_PARENT, sort: 1, name: v.parentName || null, relation: relation ?? null, phone: v.parentPhone || null, email: v.parentEmail || null };
      }
      if (errors.length === before) {
        rows.push({ rowNumber, bio, grade, year, sale, consultant: v.consultant || null, sales: v.sales || null, parent, remark: v.remark || null });
      }
    }

    // Accounts, looked up once for the whole file.
    const accounts = [
      ...new Set(
        rows
          .flatMap((r) => [r.consultant, r.sales])
          .filter((a): a is string => !!a)
          .map((a) => a.toLowerCase()),
      ),
    ];
    const staff = accounts.length
      ? await tx.user.findMany({
          where: { account: { in: accounts }, type: USER_TYPES.STAFF, state: { not: STAFF_STATES.DEACTIVATED } },
          select: { id: true, account: true, roles: { select: { role: { select: { code: true } } } } },
        })
      : [];
    const byAccount = new Map(staff.map((s) => [s.account as string, { id: s.id, roles: s.roles.map((r) => r.role.code) }]));
    const staffId = (account: string | null, roles: string[]): number | null | false => {
      if (!account) return null;
      const s = byAccount.get(account.toLowerCase());
      return s && s.roles.some((r) => roles.includes(r)) ? s.id : false;
    };
    const resolved = rows.map((r) => {
      const consultantId = staffId(r.consultant, ['consultant', 'manager']);
      const salesId = staffId(r.sales, ['sales', 'manager']);
      if (consultantId === false) fail(r.rowNumber, 'consultant', 'archive.import.accountUnknown');
      if (salesId === false) fail(r.rowNumber, 'sales', 'archive.import.accountUnknown');
      return { ...r, consultantId: consultantId || null, salesId: salesId || null };
    });
    if (errors.length) throw new ArchiveImportError(errors);
    if (!resolved.length) throw archivesErrors.rule('IMPORT_EMPTY', 'archive.import.empty');

    const ids: number[] = [];
    for (const r of resolved) {
      const created = await createArchiveIn(ctx, tx, actor.id, actor.roleCodes, {
        studentId: null,
        consultantId: r.consultantId,
        actingConsultantId: null,
        salesId: r.salesId,
        parentId: null,
        grade: r.grade,
        year: r.year,
        sale: r.sale,
        remark: r.remark,
        bio: r.bio,
      });
      if (r.parent) await tx.archiveFamilyMember.create({ data: { archiveId: created.id, ...(r.parent as { kind: number }) } });
      ids.push(created.id);
    }
    return { result: { ids }, targetIds: ids };
  });
}

const EXPORT_SELECT = {
  id: true,
  name: true,
  userName: true,
  grade: true,
  year: true,
  status: true,
  applyingStatus: true,
  sale: true,
  locked: true,
  createdAt: true,
  remark: true,
  consultant: { select: { name: true } },
  actingConsultant: { select: { name: true } },
  sales: { select: { name: true } },
} as const;

/** The export's columns: overview columns only, no sensitive field. */
function exportColumns(lang: Lang) {
  const tr = (k: string) => translate(lang, k as MessageKey);
  return [
    { key: 'id', header: tr('archive.xlsx.id'), width: 10 },
    { key: 'name', header: tr('archive.xlsx.fullName'), width: 14 },
    { key: 'userName', header: tr('archive.xlsx.enName'), width: 18 },
    { key: 'grade', header: tr('archive.xlsx.grade'), width: 8 },
    { key: 'year', header: tr('archive.xlsx.year'), width: 10 },
    { key: 'status', header: tr('archive.xlsx.status'), width: 10 },
    { key: 'applyingStatus', header: tr('archive.xlsx.applyingStatus'), width: 10 },
    { key: 'locked', header: tr('archive.xlsx.locked'), width: 8 },
    { key: 'sale', header: tr('archive.xlsx.sale'), width: 10 },
    { key: 'consultant', header: tr('archive.xlsx.consultantName'), width: 12 },
    { key: 'actingConsultant', header: tr('archive.xlsx.actingConsultantName'), width: 12 },
    { key: 'sales', header: tr('archive.xlsx.salesName'), width: 12 },
    { key: 'createdAt', header: tr('archive.xlsx.createdAt'), width: 20 },
    { key: 'remark', header: tr('archive.xlsx.remark'), width: 30 },
  ];
}

/** The rows of these archives, in the order of `ids`. */
async function exportRows(db: Db, ids: readonly number[], lang: Lang, zone: string): Promise<Array<Record<string, unknown>>> {
  const tr = (k: string) => translate(lang, k as MessageKey);
  const found = await db.archive.findMany({ where: { id: { in: [...ids] } }, select: EXPORT_SELECT });
  const byId = new Map(found.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    if (!r) return [];
    return [
      {
        id: r.id,
        name: r.name,
        userName: r.userName ?? '',
        grade: r.grade ?? '',
        year: r.year ?? '',
        status: tr(`archive.status.${r.status}`),
        applyingStatus: tr(`archive.applying.${r.applyingStatus}`),
        locked: tr(r.locked ? 'archive.locked.yes' : 'archive.locked.no'),
        sale: tr(`archive.sale.${r.sale}`),
        consultant: r.consultant?.name ?? '',
        actingConsultant: r.actingConsultant?.name ?? '',
        sales: r.sales?.name ?? '',
        createdAt: formatDateTime(r.createdAt, zone) ?? '',
        remark: r.remark ?? '',
      },
    ];
  });
}

defineExport('archives', { sheetName: (lang) => translate(lang, 'archive.xlsx.sheet'), columns: exportColumns, rows: exportRows });

/**
 * Queues the filtered list as .xlsx (right `archive.export`; docs/jobs.md): the archives the
 * caller sees now, in the list's order, at most MAX_EXPORT_ROWS; a job writes the workbook.
 */
export async function startArchiveExport(ctx: ServiceContext, filter: ArchiveListFilter, order?: ArchiveOrder | null): Promise<ExportJob> {
  authorize(ctx, 'archive.export');
  const where = await archivesWhere(ctx, filter);
  const rows = await ctx.db.archive.findMany({ where, orderBy: archiveOrderBy(order), select: { id: true }, take: MAX_EXPORT_ROWS + 1 });
  if (rows.length > MAX_EXPORT_ROWS) throw new ValidationError('archive.export.tooMany', { max: MAX_EXPORT_ROWS }, 'EXPORT_TOO_MANY');
  return queueExport(ctx, 'archives', { rowIds: rows.map((r) => r.id), fileName: `archives-${new Date().toISOString().slice(0, 10)}.xlsx`, operation: 'archive.export' });
}

/** The same export answered at once (the legacy door and the old GraphQL field): queued, then waited for. */
export async function exportArchives(ctx: ServiceContext, filter: ArchiveListFilter, order?: ArchiveOrder | null): Promise<{ bytes: Buffer; fileName: string; count: number; job: ExportJob & { fileKey: string } }> {
  const job = await exportNow(ctx, await startArchiveExport(ctx, filter, order));
  return { bytes: await exportBytes(ctx, job), fileName: job.fileName, count: job.total, job };
}
