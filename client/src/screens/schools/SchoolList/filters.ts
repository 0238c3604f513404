/** The school list's URL state (useUrlState) and the GraphQL SchoolFilter it means. */
export const SCHOOL_DEFAULTS = {
  q: '',
  country: '',
  province: '',
  sex: '',
  grade: '',
  platform: '',
  boarderMin: '',
  boarderMax: '',
  rankMax: '',
  toeflMin: '',
  toeflMax: '',
  ssatMin: '',
  ssatMax: '',
  ap: '',
  sort: '',
};
export type SchoolListState = { readonly [K in keyof typeof SCHOOL_DEFAULTS]: string };

export type SchoolFilterInput = {
  search?: string;
  country?: string;
  province?: string;
  sex?: 'BOYS' | 'GIRLS' | 'COED';
  grade?: number;
  platform?: 'SAO' | 'GATEWAY' | 'RAVENNA' | 'SCHOOL';
  boarderRatioMin?: number;
  boarderRatioMax?: number;
  rankMax?: number;
  toeflMin?: number;
  toeflMax?: number;
  ssatMin?: number;
  ssatMax?: number;
  ap?: boolean;
};

const num = (v: string) => (/^\d{1,4}(\.\d+)?$/.test(v.trim()) ? Number(v.trim()) : undefined);

export function schoolFilterOf(s: SchoolListState): SchoolFilterInput {
  const f: SchoolFilterInput = {};
  if (s.q.trim()) f.search = s.q.trim();
  if (/^[A-Za-z]{2}$/.test(s.country)) f.country = s.country.toUpperCase();
  if (s.province.trim()) f.province = s.province.trim();
  if (['BOYS', 'GIRLS', 'COED'].includes(s.sex)) f.sex = s.sex as SchoolFilterInput['sex'];
  if (num(s.grade) !== undefined) f.grade = num(s.grade);
  if (['SAO', 'GATEWAY', 'RAVENNA', 'SCHOOL'].includes(s.platform)) f.platform = s.platform as SchoolFilterInput['platform'];
  const pairs: Array<[keyof SchoolListState, keyof SchoolFilterInput]> = [
    ['boarderMin', 'boarderRatioMin'],
    ['boarderMax', 'boarderRatioMax'],
    ['rankMax', 'rankMax'],
    ['toeflMin', 'toeflMin'],
    ['toeflMax', 'toeflMax'],
    ['ssatMin', 'ssatMin'],
    ['ssatMax', 'ssatMax'],
  ];
  for (const [from, to] of pairs) {
    const v = num(s[from]);
    if (v !== undefined) (f as Record<string, unknown>)[to] = v;
  }
  if (s.ap === 'yes' || s.ap === 'no') f.ap = s.ap === 'yes';
  return f;
}

export type SchoolOrder = 'NAME' | 'NAME_DESC' | 'STUDENTS' | 'STUDENTS_DESC' | 'BOARDERS' | 'BOARDERS_DESC' | 'TOEFL' | 'TOEFL_DESC' | 'SSAT' | 'SSAT_DESC' | 'RANK' | 'RANK_DESC';
const SERVER_ORDERS: Record<string, string> = { name: 'NAME', students: 'STUDENTS', boarders: 'BOARDERS', toefl: 'TOEFL', ssat: 'SSAT', rank: 'RANK' };

/** The server's order for the URL's `sort` (`key:dir`); null for the default (by name). */
export function schoolOrderOf(s: Pick<SchoolListState, 'sort'>): SchoolOrder | null {
  const [key, dir] = s.sort.split(':');
  const base = SERVER_ORDERS[key ?? ''];
  if (!base) return null;
  return (dir === 'desc' ? `${base}_DESC` : base) as SchoolOrder;
}

export const schoolStateOf = (params: Readonly<Record<string, string | undefined>>): SchoolListState => Object.fromEntries(Object.keys(SCHOOL_DEFAULTS).map((k) => [k, params[k] ?? ''])) as SchoolListState;
