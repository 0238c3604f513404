/**
 * What the section forms need from the one description of the archive's sections
 * (shared/archive-sections.ts, a plain table the server derives its validation,
 * masking and GraphQL types from): which fields a section shows, how each is labelled, shown,
 * checked and sent. The server checks everything again; these checks only say it earlier.
 */
import { SECTIONS, type FieldDef, type SectionDef } from '../../../../../shared/archive-sections.ts';

export type { FieldDef, SectionDef };
export type Values = Record<string, string | boolean>;
type T = (key: string, params?: Record<string, unknown>) => string;

/** The sections in the order the detail shows them. */
export const DETAIL_SECTIONS: readonly SectionDef[] = SECTIONS;

/** Each exam shows the scores it has (one table stores them all). */
const EXAM_FIELDS: Record<string, readonly string[]> = {
  vericant: ['examDate', 'interviewType', 'listening', 'reading', 'speaking', 'writing', 'total', 'percentile', 'prepType', 'note'],
  toeflJunior: ['examDate', 'listening', 'languageForm', 'reading', 'total', 'percentile', 'prepType', 'note'],
  toefl: ['examDate', 'listening', 'reading', 'speaking', 'writing', 'total', 'percentile', 'prepType', 'note'],
  ssat: ['examDate', 'verbal', 'quantitative', 'reading', 'total', 'percentile', 'prepType', 'note'],
  variousExams: ['examName', 'examDate', 'total', 'percentile', 'prepType', 'note'],
};

export function fieldsOf(section: SectionDef, opts: { showScore: boolean }): FieldDef[] {
  const only = EXAM_FIELDS[section.key];
  return section.fields.filter((f) => (only ? only.includes(f.name) : true) && (f.name !== 'score' || opts.showScore));
}

const isExam = (key: string) => key in EXAM_FIELDS;
export const codeKey = (section: SectionDef, field: FieldDef) => `archivesUi.c.${isExam(section.key) ? 'exam' : section.key}.${field.name}`;
export const wide = (f: FieldDef) => f.kind === 'longText' || (f.kind === 'text' && (f.max ?? 0) >= 300);

/** A field the viewer sees masked (no right to personal data): shown, never edited nor sent. */
export const isMasked = (f: FieldDef, sensitive: boolean) => !!f.mask && !sensitive;

/** A field's label: the section's own word where one name means two things (bio `name` is the given name). */
export function labelOf(section: SectionDef, f: FieldDef, t: (key: string, options?: Record<string, unknown>) => string): string {
  return t(`archivesUi.f.${section.key}.${f.name}`, { defaultValue: t(`archivesUi.f.${f.name}`) });
}

/** A stored value as text for reading. */
export function display(section: SectionDef, f: FieldDef, value: unknown, t: T): string {
  if (value === null || value === undefined || value === '') return '';
  if (f.kind === 'bool') return t(value ? 'archivesUi.detail.yes' : 'archivesUi.detail.no');
  if (f.kind === 'code') return t(`${codeKey(section, f)}.${String(value)}`);
  return String(value);
}

/** A stored row as form values (strings, booleans for yes/no). */
export function toValues(fields: readonly FieldDef[], row: Record<string, unknown> | null | undefined): Values {
  const out: Values = {};
  for (const f of fields) {
    const v = row?.[f.name];
    out[f.name] = f.kind === 'bool' ? v === true : v === null || v === undefined ? '' : String(v);
  }
  return out;
}

/** Form values as the save's input: masked fields left out (they keep their value), '' as null. */
export function toInput(fields: readonly FieldDef[], values: Values, sensitive: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    if (isMasked(f, sensitive)) continue;
    const v = values[f.name];
    if (f.kind === 'bool') out[f.name] = v === true;
    else if (typeof v !== 'string' || v.trim() === '') out[f.name] = null;
    else if (f.kind === 'int' || f.kind === 'code') out[f.name] = Number.parseInt(v, 10);
    else if (f.kind === 'float') out[f.name] = Number.parseFloat(v);
    else out[f.name] = v.trim();
  }
  return out;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Problems by field name, in the catalogue's words (the server's own checks, said earlier). */
export function problemsOf(section: SectionDef, fields: readonly FieldDef[], values: Values, sensitive: boolean, t: T): Record<string, string> {
  const out: Record<string, string> = {};
  const text = (name: string) => (typeof values[name] === 'string' ? (values[name] as string).trim() : '');
  for (const f of fields) {
    if (isMasked(f, sensitive)) continue;
    const v = text(f.name);
    if (!v) continue;
    if ((f.kind === 'text' || f.kind === 'longText') && f.max && v.length > f.max) out[f.name] = t('archivesUi.v.tooLong', { max: f.max });
    else if (f.email && !EMAIL.test(v)) out[f.name] = t('archive.emailInvalid');
    else if ((f.kind === 'int' && !/^-?\d+$/.test(v)) || (f.kind === 'float' && !/^-?\d+(\.\d+)?$/.test(v))) out[f.name] = t('archivesUi.v.number', { min: f.min ?? 0, max: f.max ?? '' });
    else if ((f.kind === 'int' || f.kind === 'float') && ((f.min !== undefined && Number(v) < f.min) || (f.max !== undefined && Number(v) > f.max)))
      out[f.name] = t('archivesUi.v.number', { min: f.min ?? 0, max: f.max ?? '' });
    else if (f.kind === 'date' && !/^\d{4}-\d{2}-\d{2}$/.test(v)) out[f.name] = t('archivesUi.v.date');
  }
  if (text('beginDate') && text('endDate') && text('endDate') < text('beginDate')) out.endDate = t('archive.dateRange');
  // The server's rule (a Chinese or a pinyin name, both parts): each empty part of both is marked, so the form shows where.
  if (section.key === 'bio' && fields.some((f) => f.name === 'surName') && !((text('surName') && text('name')) || (text('surNamePy') && text('namePy')))) {
    for (const n of ['surName', 'name', 'surNamePy', 'namePy']) if (!text(n) && fields.some((f) => f.name === n && !isMasked(f, sensitive))) out[n] = t('archive.nameRequired');
  }
  if (section.key === 'familyMembers') {
    if (!text('kind')) out.kind = t('archivesUi.v.required');
    else if (text('kind') !== '3' && !text('relation')) out.relation = t('archive.relationRequired');
  }
  if (section.key === 'recommenders' && !text('type')) out.type = t('archive.recommenderTypeRequired');
  if (section.key === 'rewardProjects' && !text('name')) out.name = t('archive.rewardProjectNameRequired');
  if (section.key === 'cards' && !out.last4 && text('last4') && !/^\d{4}$/.test(text('last4'))) out.last4 = t('archive.cardLast4');
  if (section.key === 'cards' && text('expiry') && !/^(0[1-9]|1[0-2])\/\d{2}$/.test(text('expiry'))) out.expiry = t('archive.expiryInvalid');
  if ((section.key === 'multimedia' || section.key === 'applicationAccounts') && text('url') && !/^https?:\/\/\S+$/i.test(text('url'))) out.url = t('archive.urlInvalid');
  if (section.key === 'awards' && text('yearMonth') && !/^\d{4}-(0[1-9]|1[0-2])$/.test(text('yearMonth'))) out.yearMonth = t('archive.yearMonthInvalid');
  return out;
}

const TITLE_FIELDS = ['school', 'performName', 'name', 'title', 'examName', 'schoolName', 'holderName', 'topic', 'category', 'examDate'];

/** A row's name in lists and dialog titles. */
export function rowTitle(section: SectionDef, row: Record<string, unknown>, t: T, index: number): string {
  for (const name of TITLE_FIELDS) {
    const f = section.fields.find((x) => x.name === name);
    if (f && row[name]) return display(section, f, row[name], t);
  }
  const codeField = section.fields.find((f) => f.kind === 'code');
  if (codeField && row[codeField.name] != null) return display(section, codeField, row[codeField.name], t);
  return `${t(`archivesUi.s.${section.key}`)} ${index + 1}`;
}
