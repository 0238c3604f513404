import { ValidationError } from '../../errors.ts';
import { z } from '../../lib/validate.ts';

/**
 * The school's scalar fields as data: each belongs to the sub-record form that saves it
 * (spec: geography, daily, recruit, teaching, resource, sequence, badge; "basic" is the main
 * form of school/save). Validation, the legacy field names, the per-section save, the import
 * and the export are all driven by this one table.
 */

export const PLATFORM = { SAO: 1, GATEWAY: 2, RAVENNA: 3, SCHOOL: 4 } as const;
export const SPORT_SEASON = { FALL: 1, WINTER: 2, SPRING: 3 } as const;
export const SPORT_GENDER = { BOYS: 1, GIRLS: 2, BOTH: 3 } as const;
export const DEADLINE_KIND = { APPLICATION: 1, FINANCIAL_AID: 2, DECISION: 3, REPLY: 4 } as const;

export const SECTIONS = ['basic', 'geography', 'daily', 'recruit', 'teaching', 'resource'] as const;
export type Section = (typeof SECTIONS)[number];

export type FieldKind =
  | { type: 'text'; max: number }
  | { type: 'int'; min: number; max: number }
  | { type: 'float'; min: number; max: number }
  | { type: 'bool' }
  | { type: 'code'; values: readonly number[] }
  | { type: 'country' }
  | { type: 'url' };

export type FieldDef = {
  key: string;
  section: Section;
  kind: FieldKind;
  required?: boolean;
  /** Staff-only: never on the public page. */
  internal?: boolean;
  /** What the field holds (its unit), for the GraphQL schema. */
  description: string;
};

const text = (max: number): FieldKind => ({ type: 'text', max });
const int = (min: number, max: number): FieldKind => ({ type: 'int', min, max });
const float = (min: number, max: number): FieldKind => ({ type: 'float', min, max });
const percent = float(0, 100);
const bool: FieldKind = { type: 'bool' };
const code = (...values: number[]): FieldKind => ({ type: 'code', values });

export const SCHOOL_FIELDS: readonly FieldDef[] = [
  // basic (school/save)
  { key: 'name', section: 'basic', kind: text(200), required: true, description: "The school's own (English) name." },
  { key: 'abbreviation', section: 'basic', kind: text(50), description: 'Short name or acronym.' },
  { key: 'chineseName', section: 'basic', kind: text(200), description: 'Chinese name.' },
  { key: 'url', section: 'basic', kind: { type: 'url' }, description: 'Website address (http or https).' },
  { key: 'sex', section: 'basic', kind: code(1, 2, 3), description: 'Boys, girls or co-ed.' },
  { key: 'foundedYear', section: 'basic', kind: int(1000, 2100), description: 'Year founded.' },
  { key: 'motto', section: 'basic', kind: text(500), description: 'Motto.' },
  { key: 'summary', section: 'basic', kind: text(5000), description: 'Introduction, plain text.' },
  { key: 'dayGrades', section: 'basic', kind: text(50), description: 'Grades taught to day students, as written (e.g. "9-12, PG").' },
  { key: 'boardingGrades', section: 'basic', kind: text(50), description: 'Grades taught to boarders, as written (e.g. "9-12, PG").' },
  { key: 'studentCount', section: 'basic', kind: int(0, 100000), description: 'Number of students.' },
  { key: 'boarderRatio', section: 'basic', kind: percent, description: 'Boarders among the students, percent (0-100).' },
  { key: 'overseasRatio', section: 'basic', kind: percent, description: 'International students, percent (0-100).' },
  { key: 'country', section: 'basic', kind: { type: 'country' }, required: true, description: 'Country, ISO 3166 alpha-2 (US, GB, CA, ...).' },
  { key: 'province', section: 'basic', kind: text(100), description: 'State (US), county (UK) or province.' },
  { key: 'remark', section: 'basic', kind: text(2000), internal: true, description: 'Staff-only note.' },
  // geography
  { key: 'city', section: 'geography', kind: text(100), description: 'City or town.' },
  { key: 'address', section: 'geography', kind: text(500), description: 'Street address.' },
  { key: 'latitude', section: 'geography', kind: float(-90, 90), description: 'Latitude, degrees (-90 to 90).' },
  { key: 'longitude', section: 'geography', kind: float(-180, 180), description: 'Longitude, degrees (-180 to 180).' },
  { key: 'setting', section: 'geography', kind: code(1, 2, 3), description: 'Rural, suburban or urban.' },
  { key: 'nearestAirport', section: 'geography', kind: text(200), description: 'Nearest airport.' },
  { key: 'airportDistance', section: 'geography', kind: float(0, 100000), description: 'Kilometres to the nearest airport.' },
  // daily
  { key: 'dressCode', section: 'daily', kind: code(1, 2, 3), description: 'Dress code.' },
  { key: 'clubs', section: 'daily', kind: text(5000), description: 'Clubs, plain text.' },
  { key: 'arts', section: 'daily', kind: text(5000), description: 'Arts programmes, plain text.' },
  { key: 'dormitory', section: 'daily', kind: text(2000), description: 'Boarding houses, plain text.' },
  { key: 'dining', section: 'daily', kind: text(2000), description: 'Dining, plain text.' },
  { key: 'weekendActivities', section: 'daily', kind: text(2000), description: 'Weekend activities, plain text.' },
  // recruit
  { key: 'toeflAverage', section: 'recruit', kind: float(0, 120), description: 'Average TOEFL total of admitted students (0-120).' },
  { key: 'ssatAverage', section: 'recruit', kind: float(0, 100), description: 'Average SSAT percentile of admitted students (0-100).' },
  { key: 'acceptanceRate', section: 'recruit', kind: percent, description: 'Percent of applicants admitted (0-100).' },
  { key: 'interviewRequired', section: 'recruit', kind: bool, description: 'An interview is required to apply.' },
  { key: 'applicationFee', section: 'recruit', kind: int(0, 100000), description: 'Application fee, whole units of `currency`.' },
  { key: 'tuition', section: 'recruit', kind: int(0, 10000000), description: 'Yearly boarding tuition, whole units of `currency`.' },
  { key: 'tuitionDay', section: 'recruit', kind: int(0, 10000000), description: 'Yearly day tuition, whole units of `currency`.' },
  { key: 'currency', section: 'recruit', kind: text(3), description: 'ISO 4217 currency code of the money fields (USD, GBP, CAD, ...).' },
  // teaching
  { key: 'ap', section: 'teaching', kind: bool, description: 'Offers AP (Advanced Placement) courses.' },
  { key: 'apCourseCount', section: 'teaching', kind: int(0, 1000), description: 'Number of AP courses.' },
  { key: 'honorsCourseCount', section: 'teaching', kind: int(0, 1000), description: 'Number of honors courses.' },
  { key: 'courseCount', section: 'teaching', kind: int(0, 5000), description: 'Number of courses.' },
  { key: 'studentTeacherRatio', section: 'teaching', kind: float(0, 1000), description: 'Students per teacher (the legacy "1:5" is 5).' },
  { key: 'averageClassSize', section: 'teaching', kind: float(0, 1000), description: 'Average class size, students.' },
  { key: 'advancedDegreeRatio', section: 'teaching', kind: percent, description: 'Teachers with an advanced degree, percent (0-100).' },
  { key: 'curriculumNote', section: 'teaching', kind: text(5000), description: 'Curriculum, plain text.' },
  // resource
  { key: 'fund', section: 'resource', kind: float(0, 1000000), description: 'Endowment, millions of `currency`.' },
  { key: 'landAcres', section: 'resource', kind: float(0, 1000000), description: 'Campus area, acres.' },
  { key: 'libraryVolumes', section: 'resource', kind: int(0, 100000000), description: 'Library volumes.' },
  { key: 'facilities', section: 'resource', kind: text(5000), description: 'Facilities, plain text.' },
  { key: 'summerProgram', section: 'resource', kind: text(5000), description: 'Summer programme, plain text.' },
];

export const sectionFields = (section: Section) => SCHOOL_FIELDS.filter((f) => f.section === section);
/** Fields the public page shows (everything but staff-only notes). */
export const PUBLIC_FIELDS = SCHOOL_FIELDS.filter((f) => !f.internal);

/** Country codes accepted (ISO 3166 alpha-2); the legacy "UK" is read as GB. */
export function normaliseCountry(raw: string): string | null {
  const v = raw.trim().toUpperCase();
  const alias: Record<string, string> = {
    UK: 'GB',
    'UNITED KINGDOM': 'GB',
    ENGLAND: 'GB',
    SCOTLAND: 'GB',
    WALES: 'GB',
    USA: 'US',
    'UNITED STATES': 'US',
    美国: 'US',
    英国: 'GB',
    加拿大: 'CA',
    中国: 'CN',
    CANADA: 'CA',
    CHINA: 'CN',
  };
  const c = alias[v] ?? v;
  return /^[A-Z]{2}$/.test(c) ? c : null;
}

/**
 * The grade range of a grades text: "9-12", "9–12, PG", "7,8,9", "Year 9-13" (UK years are
 * read as US grades minus one: Year 9 = grade 8, Year 13 = grade 12). PG is 13.
 * Null when nothing readable.
 */
export function gradeRange(raw: string | null | undefined): { from: number; to: number } | null {
  if (!raw) return null;
  let textValue = raw.toUpperCase().replace(/[–—~至到]/g, '-');
  const ukYears = /YEAR|Y(?=\d)/.test(textValue);
  textValue = textValue.replace(/PG/g, ukYears ? '14' : '13');
  const nums: number[] = [];
  for (const m of textValue.matchAll(/(\d{1,2})\s*-\s*(\d{1,2})|(\d{1,2})/g)) {
    if (m[1] && m[2]) nums.push(Number(m[1]), Number(m[2]));
    else if (m[3]) nums.push(Number(m[3]));
  }
  const grades = nums.map((n) => (ukYears ? n - 1 : n)).filter((n) => n >= 1 && n <= 13);
  if (!grades.length) return null;
  return { from: Math.min(...grades), to: Math.max(...grades) };
}

/** Union of the day and boarding grade ranges. */
export function schoolGradeSpan(dayGrades: string | null | undefined, boardingGrades: string | null | undefined): { gradeFrom: number | null; gradeTo: number | null } {
  const ranges = [gradeRange(dayGrades), gradeRange(boardingGrades)].filter((r): r is { from: number; to: number } => !!r);
  if (!ranges.length) return { gradeFrom: null, gradeTo: null };
  return { gradeFrom: Math.min(...ranges.map((r) => r.from)), gradeTo: Math.max(...ranges.map((r) => r.to)) };
}

const YES = new Set(['1', 'true', 'yes', 'y', '是', '有']);
const NO = new Set(['0', 'false', 'no', 'n', '否', '无']);

/** Parses one field's value; undefined = not given, null = cleared. Throws a ValidationError naming the field. */
export function parseFieldValue(def: FieldDef, raw: unknown, fieldName = def.key): string | number | boolean | null | undefined {
  if (raw === undefined) return undefined;
  if (raw === null || raw === '') {
    if (def.required) throw new ValidationError('validation.required', { field: fieldName });
    return null;
  }
  const k = def.kind;
  const invalid = () => new ValidationError('validation.invalid', { field: fieldName });
  switch (k.type) {
    case 'text': {
      if (typeof raw !== 'string' && typeof raw !== 'number') throw new ValidationError('validation.invalid', { field: fieldName }, 'WRONG_TYPE');
      const v = String(raw).trim();
      if (!v) {
        if (def.required) throw new ValidationError('validation.required', { field: fieldName });
        return null;
      }
      if (v.length > k.max) throw new ValidationError('validation.tooLong', { field: fieldName, max: k.max });
      return v;
    }
    case 'url': {
      if (typeof raw !== 'string') throw invalid();
      const v = raw.trim();
      if (!v) return null;
      const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(v) ? v : `https://${v}`;
      if (v.length > 500 || !z.url({ protocol: /^https?$/ }).safeParse(withScheme).success) throw invalid();
      return withScheme;
    }
    case 'int':
    case 'float': {
      const n = typeof raw === 'number' ? raw : typeof raw === 'string' ? Number(raw.replace(/[,%\s]/g, '')) : NaN;
      if (!Number.isFinite(n) || (k.type === 'int' && !Number.isInteger(n)) || n < k.min || n > k.max) throw invalid();
      return n;
    }
    case 'bool': {
      if (typeof raw === 'boolean') return raw;
      const v = String(raw).trim().toLowerCase();
      if (YES.has(v)) return true;
      if (NO.has(v)) return false;
      throw invalid();
    }
    case 'code': {
      const n = Number(raw);
      if (!Number.isInteger(n) || !k.values.includes(n)) throw invalid();
      return n;
    }
    case 'country': {
      if (typeof raw !== 'string') throw invalid();
      const c = normaliseCountry(raw);
      if (!c) throw invalid();
      return c;
    }
  }
}

/** Reads the given fields of a section from a body; only keys present are returned. */
export function parseSection(section: Section, body: Record<string, unknown>, options: { requireAll?: boolean } = {}): Record<string, string | number | boolean | null> {
  const out: Record<string, string | number | boolean | null> = {};
  for (const def of sectionFields(section)) {
    const raw = body[def.key];
    if (raw === undefined) {
      if (options.requireAll && def.required) throw new ValidationError('validation.required', { field: def.key });
      continue;
    }
    const v = parseFieldValue(def, raw);
    if (v !== undefined) out[def.key] = v;
  }
  return out;
}

/** Every name form, lower case, for search. */
export function schoolSearchName(s: { name?: string | null; abbreviation?: string | null; chineseName?: string | null }): string {
  return [s.name, s.abbreviation, s.chineseName].filter(Boolean).join(' ').toLowerCase();
}
