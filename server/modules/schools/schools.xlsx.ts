import type { ServiceContext } from '../../context.ts';
import { DomainError, ValidationError } from '../../errors.ts';
import type { Db } from '../../db/client.ts';
import type { ExportJob, Prisma } from '../../generated/prisma/client.ts';
import { defineExport, exportBytes, exportNow, queueExport } from '../../jobs/exports.ts';
import { translate, type Lang, type MessageKey } from '../../i18n/catalogue.ts';
import { cellText, headerColumns, readFirstWorksheet, type SheetColumn } from '../../lib/xlsx.ts';
import { authorize } from '../../policy.ts';
import { runWrite } from '../../write.ts';
import { parseFieldValue, SCHOOL_FIELDS, schoolGradeSpan, schoolSearchName, type FieldDef } from './schools.fields.ts';
import { SCHOOL_ORDER, schoolsWhere, type schoolFilterSchema } from './schools.service.ts';
import type { Parsed, z } from '../../lib/validate.ts';
import { schoolsErrors } from './schools.errors.ts';

/**
 * Import of schools and of sports data from .xlsx, and export of the filtered list. Imports
 * are all or nothing: every row is checked first; any error refuses the whole file with the
 * list of errors (row as Excel numbers it, column title, message), and nothing is written.
 * The workbook is checked by server/lib/xlsx.ts (size, zip-bomb guard, type by content).
 * The import reads the export's columns, so an exported file can be edited and imported back.
 */

export const MAX_IMPORT_ROWS = 2000;
export const MAX_EXPORT_ROWS = 20000;

export type ImportRowError = { row: number; column: string; message: string };

/** Row-level failures of an import; nothing was written. */
export class SchoolImportError extends DomainError {
  readonly rows: ImportRowError[];
  constructor(rows: ImportRowError[]) {
    const first = rows[0] as ImportRowError;
    super('IMPORT_ROWS_INVALID', 'school.import.rowErrors', { count: rows.length, row: first.row, column: first.column, message: first.message });
    this.rows = rows;
  }
}

const xlsxErrors = {
  notXlsx: () => schoolsErrors.rule('NOT_XLSX', 'school.import.notXlsx'),
  noSheet: () => schoolsErrors.rule('IMPORT_NO_SHEET', 'school.import.noSheet'),
};

const label = (key: string) => `school.xlsx.${key}` as MessageKey;
const titles = (key: string) => [translate('zh', label(key)), translate('en', label(key)), key];

const PLATFORM_NAMES: Record<string, number> = { sao: 1, gateway: 2, ravenna: 3, school: 4, 学校: 4, 学校官网申请: 4, "the school's own application": 4, own: 4 };
const CODE_LABELS: Record<string, string> = { sex: 'school.sex', setting: 'school.setting', dressCode: 'school.dressCode' };

/** Codes may be written as their number or their label in either language. */
function codeFromLabel(key: string, value: string): string {
  const prefix = CODE_LABELS[key];
  if (!prefix) return value;
  for (const n of [1, 2, 3]) {
    const k = `${prefix}.${n}` as MessageKey;
    if ([translate('zh', k), translate('en', k)].some((t) => t.toLowerCase() === value.toLowerCase())) return String(n);
  }
  return value;
}

function cellValueFor(lang: Lang, def: FieldDef, value: unknown): unknown {
  if (value === null || value === undefined) return '';
  if (def.kind.type === 'bool') return translate(lang, value ? 'school.yes' : 'school.no');
  if (def.kind.type === 'code' && CODE_LABELS[def.key]) return translate(lang, `${CODE_LABELS[def.key]}.${value}` as MessageKey);
  return value;
}

type ParsedSchoolRow = { rowNumber: number; id: number | null; values: Record<string, string | number | boolean | null>; platforms: number[] | null };

/** Imports schools: a row with an ID (or the name of an existing school in the same country) updates it, else creates one. */
export async function importSchools(ctx: ServiceContext, file: File | null | undefined): Promise<{ created: number; updated: number; ids: number[] }> {
  return runWrite(ctx, { operation: 'school.import', targetType: 'School' }, async (tx) => {
    authorize(ctx, 'school.import');
    const ws = await readFirstWorksheet(file, xlsxErrors);
    const keys = ['id', ...SCHOOL_FIELDS.map((f) => f.key), 'platforms'];
    const columns = headerColumns(
      ws,
      keys.map((k) => ({ key: k, titles: titles(k) })),
    );
    if (!columns.has('name') || !columns.has('country')) throw schoolsErrors.rule('IMPORT_HEADER', 'school.import.header');
    if (ws.actualRowCount - 1 > MAX_IMPORT_ROWS) throw schoolsErrors.rule('IMPORT_TOO_MANY_ROWS', 'school.import.tooManyRows', { max: MAX_IMPORT_ROWS });

    const lang = ctx.lang;
    const errors: ImportRowError[] = [];
    const fail = (row: number, key: string, message: MessageKey, params?: Record<string, string | number>) => errors.push({ row, column: translate(lang, label(key)), message: translate(lang, message, params) });
    const rows: ParsedSchoolRow[] = [];
    const seenNames = new Map<string, number>();

    ws.eachRow({ includeEmpty: false }, (row, rowNumber) => {
      if (rowNumber === 1) return;
      const text: Record<string, string> = {};
      for (const k of keys) {
        const col = columns.get(k);
        text[k] = col ? cellText(row.getCell(col)) : '';
      }
      if (keys.every((k) => text[k] === '')) return;
      const before = errors.length;
      let id: number | null = null;
      if (text.id) {
        const n = Number(text.id);
        if (!Number.isInteger(n) || n < 1 || n > 2_147_483_647) fail(rowNumber, 'id', 'school.import.invalid');
        else id = n;
      }
      const values: ParsedSchoolRow['values'] = {};
      for (const def of SCHOOL_FIELDS) {
        if (!columns.has(def.key)) continue;
        const raw = codeFromLabel(def.key, text[def.key] ?? '');
        try {
          const v = parseFieldValue(def, raw);
          if (v !== undefined) values[def.key] = v;
        } catch (err) {
          if (!(err instanceof ValidationError)) throw err;
          const key = err.messageKey === 'validation.required' ? 'school.import.required' : err.messageKey === 'validation.tooLong' ? 'school.import.tooLong' : 'school.import.invalid';
          fail(rowNumber, def.key, key, err.params?.max !== undefined ? { max: err.params.max } : undefined);
        }
      }
      let platforms: number[] | null = null;
      if (columns.has('platforms') && text.platforms) {
        platforms = [];
        for (const part of text.platforms
          .split(/[,，;；/、]/)
          .map((p) => p.trim().toLowerCase())
          .filter(Boolean)) {
          const p = PLATFORM_NAMES[part] ?? (/^[1-4]$/.test(part) ? Number(part) : undefined);
          if (!p) fail(rowNumber, 'platforms', 'school.import.invalid');
          else if (!platforms.includes(p)) platforms.push(p);
        }
      }
      if (typeof values.name === 'string') {
        const key = `${String(values.country ?? '')}/${values.name.toLowerCase()}`;
        const other = seenNames.get(key);
        if (other) fail(rowNumber, 'name', 'school.import.duplicate', { other });
        else seenNames.set(key, rowNumber);
      }
      if (errors.length === before) rows.push({ rowNumber, id, values, platforms });
    });

    // Existing schools, looked up once for the whole file: by id, else by name and country.
    const byId = new Set((await tx.school.findMany({ where: { id: { in: rows.flatMap((r) => (r.id ? [r.id] : [])) } }, select: { id: true } })).map((s) => s.id));
    const named = await tx.school.findMany({ where: { name: { in: rows.map((r) => String(r.values.name)), mode: 'insensitive' } }, select: { id: true, name: true, country: true } });
    const targets = rows.map((r) => {
      if (r.id) {
        if (!byId.has(r.id)) fail(r.rowNumber, 'id', 'school.import.unknownSchool');
        return r.id;
      }
      const match = named.find((s) => s.name.toLowerCase() === String(r.values.name).toLowerCase() && s.country === r.values.country);
      return match?.id ?? null;
    });
    if (errors.length) {
      errors.sort((a, b) => a.row - b.row);
      throw new SchoolImportError(errors.slice(0, 500));
    }
    if (!rows.length) throw schoolsErrors.rule('IMPORT_EMPTY', 'school.import.empty');

    let created = 0;
    let updated = 0;
    const ids: number[] = [];
    for (const [i, r] of rows.entries()) {
      const target = targets[i] ?? null;
      let id: number;
      // An empty cell clears a field, but AP is a yes/no column that cannot be empty: an empty
      // AP cell keeps the school's value (a new school: no AP). Before, a new school from the
      // export's columns with an empty AP cell failed with 服务异常 (found by the school screens).
      if (r.values.ap === null) delete r.values.ap;
      if (target) {
        await tx.school.update({ where: { id: target }, data: r.values });
        id = target;
        updated += 1;
      } else {
        id = (await tx.school.create({ data: r.values as unknown as Prisma.SchoolUncheckedCreateInput, select: { id: true } })).id;
        created += 1;
      }
      const s = await tx.school.findUniqueOrThrow({ where: { id }, select: { name: true, abbreviation: true, chineseName: true, dayGrades: true, boardingGrades: true } });
      await tx.school.update({ where: { id }, data: { searchName: schoolSearchName(s), ...schoolGradeSpan(s.dayGrades, s.boardingGrades) } });
      if (r.platforms) {
        await tx.schoolPlatform.deleteMany({ where: { schoolId: id, platform: { notIn: r.platforms } } });
        await tx.schoolPlatform.createMany({ data: r.platforms.map((platform) => ({ schoolId: id, platform })), skipDuplicates: true });
      }
      ids.push(id);
    }
    return { result: { created, updated, ids }, targetIds: ids };
  });
}

const GENDER_WORDS: Record<string, number> = { '1': 1, '2': 2, '3': 3, boys: 1, boy: 1, male: 1, 男: 1, 男子: 1, girls: 2, girl: 2, female: 2, 女: 2, 女子: 2, both: 3, 'boys and girls': 3, 男女: 3, coed: 3 };
const SEASON_WORDS: Record<string, number> = { '1': 1, '2': 2, '3': 3, fall: 1, autumn: 1, 秋: 1, 秋季: 1, winter: 2, 冬: 2, 冬季: 2, spring: 3, 春: 3, 春季: 3 };

/**
 * Imports sports: one row per school, gender, season and sport. Each school named in the
 * file gets exactly the sports listed for it (its other sports are removed); schools not in
 * the file keep theirs. A school is named by its ID or its name.
 */
export async function importSports(ctx: ServiceContext, file: File | null | undefined): Promise<{ schools: number; sports: number }> {
  return runWrite(ctx, { operation: 'school.importSports', targetType: 'School' }, async (tx) => {
    authorize(ctx, 'school.import');
    const ws = await readFirstWorksheet(file, xlsxErrors);
    const keys = ['id', 'name', 'sportGender', 'season', 'sport'] as const;
    const columns = headerColumns(
      ws,
      keys.map((k) => ({ key: k, titles: titles(k) })),
    );
    if ((!columns.has('id') && !columns.has('name')) || !columns.has('sportGender') || !columns.has('season') || !columns.has('sport')) {
      throw schoolsErrors.rule('IMPORT_HEADER', 'school.import.header');
    }
    if (ws.actualRowCount - 1 > MAX_IMPORT_ROWS * 10) throw schoolsErrors.rule('IMPORT_TOO_MANY_ROWS', 'school.import.tooManyRows', { max: MAX_IMPORT_ROWS * 10 });
    const lang = ctx.lang;
    const errors: ImportRowError[] = [];
    const fail = (row: number, key: string, message: MessageKey, params?: Record<string, string | number>) => errors.push({ row, column: translate(lang, label(key)), message: translate(lang, message, params) });
    const rows: Array<{ rowNumber: number; id: number | null; name: string; gender: number; season: number; sport: string }> = [];
    ws.eachRow({ includeEmpty: false }, (row, rowNumber) => {
      if (rowNumber === 1) return;
      const t: Record<string, string> = {};
      for (const k of keys) {
        const col = columns.get(k);
        t[k] = col ? cellText(row.getCell(col)) : '';
      }
      if (keys.every((k) => t[k] === '')) return;
      const before = errors.length;
      let id: number | null = null;
      if (t.id) {
        const n = Number(t.id);
        if (!Number.isInteger(n) || n < 1 || n > 2_147_483_647) fail(rowNumber, 'id', 'school.import.invalid');
        else id = n;
      } else if (!t.name) fail(rowNumber, 'name', 'school.import.required');
      const gender = GENDER_WORDS[(t.sportGender ?? '').toLowerCase()];
      if (!t.sportGender) fail(rowNumber, 'sportGender', 'school.import.required');
      else if (!gender) fail(rowNumber, 'sportGender', 'school.import.invalid');
      const season = SEASON_WORDS[(t.season ?? '').toLowerCase()];
      if (!t.season) fail(rowNumber, 'season', 'school.import.required');
      else if (!season) fail(rowNumber, 'season', 'school.import.invalid');
      if (!t.sport) fail(rowNumber, 'sport', 'school.import.required');
      else if ((t.sport ?? '').length > 100) fail(rowNumber, 'sport', 'school.import.tooLong', { max: 100 });
      if (errors.length === before) rows.push({ rowNumber, id, name: t.name ?? '', gender: gender as number, season: season as number, sport: t.sport as string });
    });
    const schools = await tx.school.findMany({
      where: { OR: [{ id: { in: rows.flatMap((r) => (r.id ? [r.id] : [])) } }, { name: { in: rows.filter((r) => !r.id).map((r) => r.name), mode: 'insensitive' } }] },
      select: { id: true, name: true },
    });
    const resolved = rows.map((r) => {
      const matches = r.id ? schools.filter((s) => s.id === r.id) : schools.filter((s) => s.name.toLowerCase() === r.name.toLowerCase());
      if (matches.length !== 1) fail(r.rowNumber, r.id ? 'id' : 'name', 'school.import.unknownSchool');
      return { ...r, schoolId: matches.length === 1 ? (matches[0] as { id: number }).id : 0 };
    });
    const seen = new Map<string, number>();
    for (const r of resolved) {
      if (!r.schoolId) continue;
      const key = `${r.schoolId}/${r.gender}/${r.season}/${r.sport.toLowerCase()}`;
      const other = seen.get(key);
      if (other) fail(r.rowNumber, 'sport', 'school.import.duplicate', { other });
      else seen.set(key, r.rowNumber);
    }
    if (errors.length) {
      errors.sort((a, b) => a.row - b.row);
      throw new SchoolImportError(errors.slice(0, 500));
    }
    if (!resolved.length) throw schoolsErrors.rule('IMPORT_EMPTY', 'school.import.empty');
    const schoolIds = [...new Set(resolved.map((r) => r.schoolId))];
    await tx.schoolSport.deleteMany({ where: { schoolId: { in: schoolIds } } });
    await tx.schoolSport.createMany({ data: resolved.map((r, i) => ({ schoolId: r.schoolId, gender: r.gender, season: r.season, name: r.sport, sort: i })) });
    return { result: { schools: schoolIds.length, sports: resolved.length }, targetIds: schoolIds };
  });
}

/** The export's columns: every field (platforms as names); the import reads them back. */
function exportColumns(lang: Lang): SheetColumn[] {
  return [
    { key: 'id', header: translate(lang, label('id')), width: 8 },
    ...SCHOOL_FIELDS.map((f) => ({ key: f.key, header: translate(lang, label(f.key)), width: f.kind.type === 'text' && f.kind.max > 200 ? 30 : 14 })),
    { key: 'platforms', header: translate(lang, label('platforms')), width: 20 },
  ];
}

/** The rows of these schools, in the order of `ids` (schools removed since are skipped). */
async function exportRows(db: Db, ids: readonly number[], lang: Lang): Promise<Array<Record<string, unknown>>> {
  const found = await db.school.findMany({ where: { id: { in: [...ids] } }, include: { platforms: { select: { platform: true }, orderBy: { platform: 'asc' } } } });
  const byId = new Map(found.map((s) => [s.id, s]));
  return ids.flatMap((id) => {
    const s = byId.get(id);
    if (!s) return [];
    const out: Record<string, unknown> = { id: s.id };
    for (const f of SCHOOL_FIELDS) out[f.key] = cellValueFor(lang, f, (s as unknown as Record<string, unknown>)[f.key]);
    out.country = s.country === 'GB' ? 'UK' : s.country;
    out.platforms = s.platforms.map((p) => translate('en', `school.platform.${p.platform}` as MessageKey).replace("The school's own application", 'School')).join(', ');
    return [out];
  });
}

defineExport('schools', { sheetName: (lang) => translate(lang, 'school.xlsx.sheet'), columns: exportColumns, rows: exportRows });

/**
 * Queues the filtered list as .xlsx (right `school.read`; docs/jobs.md): the schools of the
 * filter in the list's order, at most MAX_EXPORT_ROWS; a job writes the workbook.
 */
export async function startSchoolExport(ctx: ServiceContext, filter: Parsed<z.output<typeof schoolFilterSchema>>): Promise<ExportJob> {
  authorize(ctx, 'school.read');
  const rows = await ctx.db.school.findMany({ where: schoolsWhere(filter), orderBy: SCHOOL_ORDER, select: { id: true }, take: MAX_EXPORT_ROWS + 1 });
  if (rows.length > MAX_EXPORT_ROWS) throw new ValidationError('school.export.tooMany', { max: MAX_EXPORT_ROWS }, 'EXPORT_TOO_MANY');
  return queueExport(ctx, 'schools', { rowIds: rows.map((r) => r.id), fileName: `schools-${new Date().toISOString().slice(0, 10)}.xlsx`, operation: 'school.export' });
}

/** The same export answered at once (the legacy door and the old GraphQL field): queued, then waited for. */
export async function exportSchools(ctx: ServiceContext, filter: Parsed<z.output<typeof schoolFilterSchema>>): Promise<{ bytes: Buffer; fileName: string; count: number; job: ExportJob & { fileKey: string } }> {
  const job = await exportNow(ctx, await startSchoolExport(ctx, filter));
  return { bytes: await exportBytes(ctx, job), fileName: job.fileName, count: job.total, job };
}
