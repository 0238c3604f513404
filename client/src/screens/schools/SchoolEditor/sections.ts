import { DRESS_CODES, SETTINGS, SEXES } from '../shared/codes.ts';

/** One scalar field of a school form: how it is typed and how the input value is read. */
export type FieldSpec = {
  key: string;
  kind: 'text' | 'textarea' | 'int' | 'float' | 'select' | 'bool';
  /** select: the enum values (labels are `schoolsUi.<prefix>.<value>`). */
  options?: readonly string[];
  prefix?: string;
  required?: boolean;
};

export type SectionKey = 'basic' | 'geography' | 'daily' | 'recruit' | 'teaching' | 'resource' | 'sequence' | 'badge';

/** The sub-record forms of docs/schools.md, each saved by its own mutation. */
export const SECTION_FIELDS: Record<Exclude<SectionKey, 'badge'>, FieldSpec[]> = {
  basic: [
    { key: 'name', kind: 'text', required: true },
    { key: 'chineseName', kind: 'text' },
    { key: 'abbreviation', kind: 'text' },
    { key: 'country', kind: 'text', required: true },
    { key: 'province', kind: 'text' },
    { key: 'sex', kind: 'select', options: SEXES, prefix: 'sex', required: true },
    { key: 'url', kind: 'text' },
    { key: 'foundedYear', kind: 'int' },
    { key: 'dayGrades', kind: 'text' },
    { key: 'boardingGrades', kind: 'text' },
    { key: 'studentCount', kind: 'int' },
    { key: 'boarderRatio', kind: 'float' },
    { key: 'overseasRatio', kind: 'float' },
    { key: 'motto', kind: 'text' },
    { key: 'summary', kind: 'textarea' },
    { key: 'remark', kind: 'textarea' },
  ],
  geography: [
    { key: 'city', kind: 'text' },
    { key: 'address', kind: 'text' },
    { key: 'latitude', kind: 'float' },
    { key: 'longitude', kind: 'float' },
    { key: 'setting', kind: 'select', options: SETTINGS, prefix: 'setting' },
    { key: 'nearestAirport', kind: 'text' },
    { key: 'airportDistance', kind: 'float' },
  ],
  daily: [
    { key: 'dressCode', kind: 'select', options: DRESS_CODES, prefix: 'dress' },
    { key: 'clubs', kind: 'textarea' },
    { key: 'arts', kind: 'textarea' },
    { key: 'dormitory', kind: 'textarea' },
    { key: 'dining', kind: 'textarea' },
    { key: 'weekendActivities', kind: 'textarea' },
  ],
  recruit: [
    { key: 'toeflAverage', kind: 'float' },
    { key: 'ssatAverage', kind: 'float' },
    { key: 'acceptanceRate', kind: 'float' },
    { key: 'interviewRequired', kind: 'bool' },
    { key: 'applicationFee', kind: 'int' },
    { key: 'tuition', kind: 'int' },
    { key: 'tuitionDay', kind: 'int' },
    { key: 'currency', kind: 'text' },
  ],
  teaching: [
    { key: 'ap', kind: 'bool' },
    { key: 'apCourseCount', kind: 'int' },
    { key: 'honorsCourseCount', kind: 'int' },
    { key: 'courseCount', kind: 'int' },
    { key: 'studentTeacherRatio', kind: 'float' },
    { key: 'averageClassSize', kind: 'float' },
    { key: 'advancedDegreeRatio', kind: 'float' },
    { key: 'curriculumNote', kind: 'textarea' },
  ],
  resource: [
    { key: 'fund', kind: 'float' },
    { key: 'landAcres', kind: 'float' },
    { key: 'libraryVolumes', kind: 'int' },
    { key: 'facilities', kind: 'textarea' },
    { key: 'summerProgram', kind: 'textarea' },
  ],
  sequence: [],
};

export type Values = Record<string, string>;

/** A stored value as the form's text ('' for none; booleans as yes/no). */
export function textOf(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'boolean') return v ? 'yes' : 'no';
  return String(v);
}

/**
 * The form's texts as the mutation input: '' clears (null), numbers are read, a field that is
 * not a number is a problem named by its key. Only fields of the section are sent.
 */
export function inputOf(fields: FieldSpec[], values: Values): { input: Record<string, unknown>; problems: Record<string, 'required' | 'number'> } {
  const input: Record<string, unknown> = {};
  const problems: Record<string, 'required' | 'number'> = {};
  for (const f of fields) {
    const raw = (values[f.key] ?? '').trim();
    if (!raw) {
      if (f.required) problems[f.key] = 'required';
      input[f.key] = f.key === 'ap' ? false : null;
      continue;
    }
    if (f.kind === 'int' || f.kind === 'float') {
      const ok = f.kind === 'int' ? /^-?\d+$/.test(raw) : /^-?\d+(\.\d+)?$/.test(raw);
      if (!ok) problems[f.key] = 'number';
      else input[f.key] = Number(raw);
    } else if (f.kind === 'bool') input[f.key] = raw === 'yes';
    else input[f.key] = raw;
  }
  return { input, problems };
}
