import type { ServiceContext } from '../../context.ts';
import { ValidationError } from '../../errors.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import { searchText } from '../../lib/text.ts';
import { dbId, dbIdList, inputOf, z, type Parsed } from '../../lib/validate.ts';
import { authorize } from '../../policy.ts';
import { runWrite } from '../../write.ts';
import { readItemRows, type ImportedItem } from './dictionary.xlsx.ts';
import { dictionaryErrors } from './dictionary.errors.ts';

const optionalText = (max: number) =>
  z
    .union([z.string(), z.null()])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === null ? null : v.trim() || null))
    .pipe(z.union([z.string().max(max), z.null(), z.undefined()]));

const sortInput = z.coerce.number().int().min(-1_000_000).max(1_000_000);
/** Codes: letters, digits and `_ - . :`, what clients put in option values. */
const codeInput = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .regex(/^[\p{L}\p{N}_\-.:]+$/u);

// ── reads ──

export function dictionariesWhere(ctx: ServiceContext, f: { search?: string | null } = {}): Prisma.DictionaryWhereInput {
  authorize(ctx, 'dictionary.read');
  const search = searchText(f.search);
  const like = (v: string) => ({ contains: v, mode: 'insensitive' as const });
  return search ? { OR: [{ code: like(search) }, { name: like(search) }, { nameEn: like(search) }] } : {};
}

export const DICTIONARY_ORDER: Prisma.DictionaryOrderByWithRelationInput[] = [{ sort: 'asc' }, { id: 'asc' }];
export const ITEM_ORDER: Prisma.DictionaryItemOrderByWithRelationInput[] = [{ sort: 'asc' }, { id: 'asc' }];

export type DictionaryRow = Prisma.DictionaryGetPayload<{ include: { _count: { select: { items: true } } } }>;

// The inputs of the doors' calls: each schema gives the type and the check (`atDoor`).
export const listDictionariesInput = z.object({ search: z.string().max(100).optional() });
export const listItemsInput = z.object({ dictionaryId: dbId(), search: z.string().max(100).optional(), enabled: z.boolean().optional() });
export const itemsByCodesInput = z.object({
  codes: z.preprocess(
    (v) =>
      typeof v === 'string'
        ? v
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)
        : v,
    z.array(z.string().trim().min(1).max(50)).min(1).max(100),
  ),
});
export const idsInput = z.object({ ids: dbIdList });
export const importItemsInput = z.object({ dictionaryId: dbId() });

export async function listDictionaries(ctx: ServiceContext, input: Parsed<z.output<typeof listDictionariesInput>>): Promise<DictionaryRow[]> {
  authorize(ctx, 'dictionary.read');
  const f = inputOf(input);
  return ctx.db.dictionary.findMany({ where: dictionariesWhere(ctx, f), include: { _count: { select: { items: true } } }, orderBy: DICTIONARY_ORDER, take: 2000 });
}

export function itemsWhere(ctx: ServiceContext, f: { dictionaryId: number; search?: string | null; enabled?: boolean | null }): Prisma.DictionaryItemWhereInput {
  authorize(ctx, 'dictionary.read');
  const search = searchText(f.search);
  const like = (v: string) => ({ contains: v, mode: 'insensitive' as const });
  return {
    dictionaryId: f.dictionaryId,
    ...(typeof f.enabled === 'boolean' ? { enabled: f.enabled } : {}),
    ...(search ? { OR: [{ code: like(search) }, { label: like(search) }, { labelEn: like(search) }] } : {}),
  };
}

export async function listItems(
  ctx: ServiceContext,
  input: Parsed<z.output<typeof listItemsInput>>,
  page?: { currentPage: number; pageSize: number },
): Promise<{ rows: Prisma.DictionaryItemGetPayload<object>[]; total: number }> {
  authorize(ctx, 'dictionary.read');
  const f = inputOf(input);
  const dict = await ctx.db.dictionary.findUnique({ where: { id: f.dictionaryId }, select: { id: true } });
  if (!dict) throw dictionaryErrors.rule('NOT_FOUND', 'dict.notFound');
  const where = itemsWhere(ctx, f);
  const [rows, total] = await Promise.all([
    ctx.db.dictionaryItem.findMany({ where, orderBy: ITEM_ORDER, skip: page ? (page.currentPage - 1) * page.pageSize : 0, take: page ? page.pageSize : 10_000 }),
    ctx.db.dictionaryItem.count({ where }),
  ]);
  return { rows, total };
}

/** Enabled items of the dictionaries with these codes, by code (form choices). Unknown codes answer an empty list. */
export async function itemsByCodes(ctx: ServiceContext, parsed: Parsed<z.output<typeof itemsByCodesInput>>): Promise<Record<string, Prisma.DictionaryItemGetPayload<object>[]>> {
  authorize(ctx, 'dictionary.read');
  const input = inputOf(parsed);
  const dicts = await ctx.db.dictionary.findMany({
    where: { code: { in: input.codes } },
    include: { items: { where: { enabled: true }, orderBy: ITEM_ORDER } },
  });
  const out: Record<string, Prisma.DictionaryItemGetPayload<object>[]> = {};
  for (const code of input.codes) out[code] = dicts.find((d) => d.code === code)?.items ?? [];
  return out;
}

// ── writes ──

export const dictionaryInput = z.object({
  id: dbId().optional(),
  code: codeInput(50).optional(),
  name: z.string().trim().min(1).max(100).optional(),
  nameEn: optionalText(100),
  remark: optionalText(500),
  sort: sortInput.optional(),
});

/** Creates a dictionary (code and name required) or edits one (fields left out stay). */
export async function saveDictionary(ctx: ServiceContext, parsed: Parsed<z.output<typeof dictionaryInput>>): Promise<{ id: number }> {
  return runWrite(ctx, { operation: 'dictionary.save', targetType: 'Dictionary' }, async (tx) => {
    authorize(ctx, 'dictionary.manage');
    const input = inputOf(parsed);
    if (!input.id) {
      if (!input.code) throw new ValidationError('validation.required', { field: 'code' });
      if (!input.name) throw new ValidationError('validation.required', { field: 'name' });
    } else if (!(await tx.dictionary.findUnique({ where: { id: input.id }, select: { id: true } }))) {
      throw dictionaryErrors.rule('NOT_FOUND', 'dict.notFound');
    }
    if (input.code) {
      const other = await tx.dictionary.findUnique({ where: { code: input.code }, select: { id: true } });
      if (other && other.id !== input.id) throw dictionaryErrors.rule('DICTIONARY_CODE_TAKEN', 'dict.codeTaken');
    }
    const data = { code: input.code, name: input.name, nameEn: input.nameEn, remark: input.remark, sort: input.sort };
    const row = input.id
      ? await tx.dictionary.update({ where: { id: input.id }, data, select: { id: true } })
      : await tx.dictionary.create({ data: { ...data, code: input.code as string, name: input.name as string }, select: { id: true } });
    return { result: row, targetIds: [row.id] };
  });
}

/** Deletes dictionaries with their items. */
export async function deleteDictionaries(ctx: ServiceContext, input: Parsed<z.output<typeof idsInput>>): Promise<{ ids: number[] }> {
  return runWrite(ctx, { operation: 'dictionary.delete', targetType: 'Dictionary' }, async (tx) => {
    authorize(ctx, 'dictionary.manage');
    const { ids } = inputOf(input);
    const unique = [...new Set(ids)];
    const deleted = await tx.dictionary.deleteMany({ where: { id: { in: unique } } });
    if (deleted.count !== unique.length) throw dictionaryErrors.rule('NOT_FOUND', 'dict.notFound');
    return { result: { ids: unique }, targetIds: unique };
  });
}

export const itemInput = z.object({
  id: dbId().optional(),
  dictionaryId: dbId().optional(),
  code: codeInput(50).optional(),
  label: z.string().trim().min(1).max(100).optional(),
  labelEn: optionalText(100),
  sort: sortInput.optional(),
  enabled: z.boolean().optional(),
  remark: optionalText(500),
});

export async function saveDictionaryItem(ctx: ServiceContext, parsed: Parsed<z.output<typeof itemInput>>): Promise<{ id: number; dictionaryId: number }> {
  return runWrite(ctx, { operation: 'dictionary.item.save', targetType: 'DictionaryItem' }, async (tx) => {
    authorize(ctx, 'dictionary.manage');
    const input = inputOf(parsed);
    let dictionaryId: number;
    if (input.id) {
      const existing = await tx.dictionaryItem.findUnique({ where: { id: input.id }, select: { dictionaryId: true } });
      if (!existing) throw dictionaryErrors.rule('NOT_FOUND', 'dict.itemNotFound');
      dictionaryId = existing.dictionaryId;
    } else {
      if (!input.dictionaryId) throw new ValidationError('validation.required', { field: 'dictId' });
      if (!input.code) throw new ValidationError('validation.required', { field: 'code' });
      if (!input.label) throw new ValidationError('validation.required', { field: 'label' });
      if (!(await tx.dictionary.findUnique({ where: { id: input.dictionaryId }, select: { id: true } }))) throw dictionaryErrors.rule('NOT_FOUND', 'dict.notFound');
      dictionaryId = input.dictionaryId;
    }
    if (input.code) {
      const other = await tx.dictionaryItem.findUnique({ where: { dictionaryId_code: { dictionaryId, code: input.code } }, select: { id: true } });
      if (other && other.id !== input.id) throw dictionaryErrors.rule('DICTIONARY_ITEM_CODE_TAKEN', 'dict.itemCodeTaken');
    }
    const data = { code: input.code, label: input.label, labelEn: input.labelEn, sort: input.sort, enabled: input.enabled, remark: input.remark };
    const row = input.id
      ? await tx.dictionaryItem.update({ where: { id: input.id }, data, select: { id: true, dictionaryId: true } })
      : await tx.dictionaryItem.create({
          data: { ...data, dictionaryId, code: input.code as string, label: input.label as string },
          select: { id: true, dictionaryId: true },
        });
    return { result: row, targetIds: [row.id] };
  });
}

export async function deleteDictionaryItems(ctx: ServiceContext, input: Parsed<z.output<typeof idsInput>>): Promise<{ ids: number[] }> {
  return runWrite(ctx, { operation: 'dictionary.item.delete', targetType: 'DictionaryItem' }, async (tx) => {
    authorize(ctx, 'dictionary.manage');
    const { ids } = inputOf(input);
    const unique = [...new Set(ids)];
    const deleted = await tx.dictionaryItem.deleteMany({ where: { id: { in: unique } } });
    if (deleted.count !== unique.length) throw dictionaryErrors.rule('NOT_FOUND', 'dict.itemNotFound');
    return { result: { ids: unique }, targetIds: unique };
  });
}

/**
 * Imports items from the .xlsx template into a dictionary: existing codes are updated, new
 * ones added. Every row is checked first; any row error refuses the whole file (nothing is
 * written) and the errors come back by row and column.
 */
export async function importDictionaryItems(ctx: ServiceContext, input: Parsed<z.output<typeof importItemsInput>>, file: File | null | undefined): Promise<{ dictionaryId: number; created: number; updated: number }> {
  return runWrite(ctx, { operation: 'dictionary.item.import', targetType: 'Dictionary' }, async (tx) => {
    authorize(ctx, 'dictionary.manage');
    const { dictionaryId } = inputOf(input);
    if (!(await tx.dictionary.findUnique({ where: { id: dictionaryId }, select: { id: true } }))) throw dictionaryErrors.rule('NOT_FOUND', 'dict.notFound');
    const rows: ImportedItem[] = await readItemRows(ctx.lang, file);
    const existing = await tx.dictionaryItem.findMany({ where: { dictionaryId, code: { in: rows.map((r) => r.code) } }, select: { id: true, code: true } });
    const byCode = new Map(existing.map((e) => [e.code, e.id]));
    const fresh = rows.filter((r) => !byCode.has(r.code));
    if (fresh.length) await tx.dictionaryItem.createMany({ data: fresh.map((r) => ({ dictionaryId, ...r })) });
    for (const r of rows) {
      const id = byCode.get(r.code);
      if (id) await tx.dictionaryItem.update({ where: { id }, data: r });
    }
    return { result: { dictionaryId, created: fresh.length, updated: rows.length - fresh.length }, targetIds: [dictionaryId] };
  });
}
