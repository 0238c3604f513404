import { ValidationError } from '../../errors.ts';
import { z } from '../../lib/validate.ts';
import type { FieldDef, MaskKind, SectionDef } from '../../../shared/archive-sections.ts';

/**
 * Reading section rows from either door and shaping them back: one set of rules per field
 * kind, driven by the section registry. Text is trimmed and an empty value means "none";
 * numbers may arrive as numeric strings (the old client sends form values); dates are
 * `yyyy-MM-dd` (a date-time's day part is accepted).
 */

export type Value = string | number | boolean | Date | null;
export type RowValues = Record<string, Value>;

const DAY = /^(\d{4})-(\d{2})-(\d{2})(?:[ T]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

export function parseDay(raw: unknown, field: string): Date | null | undefined {
  if (raw === undefined) return undefined;
  if (raw === null || raw === '') return null;
  if (typeof raw !== 'string') throw new ValidationError('validation.invalid', { field });
  const m = DAY.exec(raw.trim());
  if (!m) throw new ValidationError('validation.invalid', { field });
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  if (d.getUTCFullYear() !== Number(m[1]) || d.getUTCMonth() !== Number(m[2]) - 1 || d.getUTCDate() !== Number(m[3])) {
    throw new ValidationError('validation.invalid', { field });
  }
  if (d.getUTCFullYear() < 1900 || d.getUTCFullYear() > 2100) throw new ValidationError('validation.invalid', { field });
  return d;
}

export const isEmail = (v: string) => z.email().safeParse(v).success;

function parseNumber(raw: unknown, field: string, integer: boolean): number | null | undefined {
  if (raw === undefined) return undefined;
  if (raw === null || raw === '') return null;
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isFinite(n) || (integer && !Number.isInteger(n))) throw new ValidationError('validation.invalid', { field });
  return n;
}

/** One field's value from the request; undefined when the caller did not send it. */
export function parseField(f: FieldDef, raw: unknown): Value | undefined {
  switch (f.kind) {
    case 'text':
    case 'longText': {
      if (raw === undefined) return undefined;
      if (raw === null) return null;
      if (typeof raw !== 'string' && typeof raw !== 'number') throw new ValidationError('validation.invalid', { field: f.name });
      const v = String(raw).trim();
      if (!v) return null;
      if (f.max && v.length > f.max) throw new ValidationError('validation.tooLong', { field: f.name, max: f.max });
      if (f.email && !isEmail(v)) throw new ValidationError('archive.emailInvalid', undefined, 'EMAIL_INVALID');
      return v;
    }
    case 'int':
    case 'code':
    case 'float': {
      const n = parseNumber(raw, f.name, f.kind !== 'float');
      if (n === undefined || n === null) return n;
      if (f.codes && !f.codes.includes(n)) throw new ValidationError('validation.invalid', { field: f.name });
      if ((f.min !== undefined && n < f.min) || (f.max !== undefined && n > f.max)) throw new ValidationError('validation.invalid', { field: f.name });
      return n;
    }
    case 'bool': {
      if (raw === undefined) return undefined;
      if (raw === null || raw === '') return null;
      if (raw === true || raw === 1 || raw === '1' || raw === 'true') return true;
      if (raw === false || raw === 0 || raw === '0' || raw === 'false') return false;
      throw new ValidationError('validation.invalid', { field: f.name });
    }
    case 'date':
      return parseDay(raw, f.name);
  }
}

/** The given fields of one row (absent fields are left out, so updates keep them). */
export function parseRow(section: SectionDef, raw: Record<string, unknown>): RowValues {
  const out: RowValues = {};
  for (const f of section.fields) {
    let value = raw[f.name];
    if (value === undefined && f.aliases) for (const a of f.aliases) if (raw[a] !== undefined) value = raw[a];
    const parsed = parseField(f, value);
    if (parsed !== undefined) out[f.name] = parsed;
  }
  return out;
}

// ── masking ──

export function maskValue(kind: MaskKind, value: string): string {
  switch (kind) {
    case 'phone': {
      const digits = value.replace(/\s/g, '');
      return digits.length >= 7 ? `${digits.slice(0, 3)}${'*'.repeat(digits.length - 5)}${digits.slice(-2)}` : '****';
    }
    case 'email': {
      const at = value.lastIndexOf('@');
      return at > 0 ? `${value[0]}***${value.slice(at)}` : '****';
    }
    case 'document':
      return value.length > 4 ? `${value[0]}****${value.slice(-2)}` : '****';
    case 'date':
      return `${value.slice(0, 4)}-**-**`;
    case 'address':
      return `${[...value].slice(0, 6).join('')}****`;
    case 'secret':
      return '******';
  }
}

export const dayText = (d: Date | null | undefined): string | null => (d ? d.toISOString().slice(0, 10) : null);

export type ShapedRow = Record<string, unknown> & { id: number };

/**
 * A stored row as both doors show it: dates as `yyyy-MM-dd`, sensitive values masked when
 * `unmasked` is false. Answers the names of sensitive fields shown in clear (for the access log).
 */
export function shapeRow(section: SectionDef, row: Record<string, unknown>, unmasked: boolean): { row: ShapedRow; revealed: string[] } {
  const out: ShapedRow = { id: row.id as number, archiveId: row.archiveId, sort: row.sort ?? 0 };
  const revealed: string[] = [];
  for (const f of section.fields) {
    let v = row[f.name] as Value | undefined;
    if (v instanceof Date) v = dayText(v);
    if (v === undefined) v = null;
    if (f.mask && v !== null && v !== '') {
      if (unmasked) revealed.push(f.name);
      else v = maskValue(f.mask, String(v));
    }
    out[f.name] = v;
  }
  if (row.updatedAt instanceof Date) out.updatedAt = row.updatedAt;
  if (row.createdAt instanceof Date) out.createdAt = row.createdAt;
  return { row: out, revealed };
}
