/**
 * The match rule of selection lists, as a pure function so it can be tested on hand-made
 * cases and explained: every score comes with the reason that produced it and the inputs it
 * used. The rule is written down in docs/schools.md; change both together.
 */

export const DIMENSIONS = ['gender', 'grade', 'region', 'scale', 'rank', 'activity'] as const;
export type Dimension = (typeof DIMENSIONS)[number];

/** Weights of the total, in percent (they add up to 100). */
export const WEIGHTS: Record<Dimension, number> = { gender: 20, grade: 20, region: 15, scale: 10, rank: 25, activity: 10 };

export type StudentFacts = {
  /** 0 unknown, 1 male, 2 female. */
  sex: number;
  /** The grade the student applies for (13 = PG); null when unknown. */
  targetGrade: number | null;
  /** Survey: 1 US, 2 UK, 3 both, 4 undecided; null when not answered. */
  targetRegion: number | null;
  /** Survey: 1 small (<300), 2 medium, 3 large (>600), 0 no preference. */
  preferredSize: number | null;
  /** Survey: 1 co-ed, 2 single-sex, 0 either. */
  coedPreference: number | null;
  /** Best SSAT percentile and best TOEFL total on record. */
  ssatPercentile: number | null;
  toeflTotal: number | null;
  /** Certificate level of each award: 1 school, 2 city, 3 provincial, 4 national, 5 international. */
  awardLevels: Array<number | null>;
};

export type SchoolFacts = {
  /** 1 boys, 2 girls, 3 co-ed. */
  sex: number;
  gradeFrom: number | null;
  gradeTo: number | null;
  /** ISO alpha-2 (GB for the UK). */
  country: string;
  studentCount: number | null;
  ssatAverage: number | null;
  toeflAverage: number | null;
};

export type Reason = { code: string; params: Record<string, string | number> };
export type DimensionScore = { score: number; reason: Reason };
export type MatchResult = Record<Dimension, DimensionScore> & { total: DimensionScore };

const r = (score: number, code: string, params: Record<string, string | number> = {}): DimensionScore => ({ score, reason: { code, params } });

export function genderScore(s: StudentFacts, school: SchoolFacts): DimensionScore {
  if (s.sex !== 1 && s.sex !== 2) return r(50, 'gender.unknown');
  if (school.sex === 3) return s.coedPreference === 2 ? r(60, 'gender.coedPrefersSingle') : r(100, 'gender.coed');
  if (school.sex === s.sex) return s.coedPreference === 1 ? r(60, 'gender.singlePrefersCoed') : r(100, 'gender.sameSex');
  return r(0, 'gender.mismatch');
}

export function gradeScore(s: StudentFacts, school: SchoolFacts): DimensionScore {
  if (s.targetGrade === null) return r(50, 'grade.unknown');
  if (school.gradeFrom === null || school.gradeTo === null) return r(50, 'grade.schoolUnknown', { grade: s.targetGrade });
  const params = { grade: s.targetGrade, from: school.gradeFrom, to: school.gradeTo };
  if (s.targetGrade < school.gradeFrom || s.targetGrade > school.gradeTo) return r(0, 'grade.outOfRange', params);
  if (s.targetGrade === school.gradeFrom) return r(100, 'grade.entryYear', params);
  return r(80, 'grade.inRange', params);
}

const REGION_COUNTRY: Record<number, string> = { 1: 'US', 2: 'GB' };

export function regionScore(s: StudentFacts, school: SchoolFacts): DimensionScore {
  const params = { country: school.country };
  if (s.targetRegion === null || s.targetRegion === 4 || ![1, 2, 3].includes(s.targetRegion)) return r(70, 'region.open', params);
  if (s.targetRegion === 3) return school.country === 'US' || school.country === 'GB' ? r(100, 'region.match', params) : r(30, 'region.other', params);
  return REGION_COUNTRY[s.targetRegion] === school.country ? r(100, 'region.match', params) : r(0, 'region.mismatch', params);
}

/** Size bands: 1 small (under 300), 2 medium (300 to 600), 3 large (over 600). */
export const sizeBand = (count: number) => (count < 300 ? 1 : count <= 600 ? 2 : 3);

export function scaleScore(s: StudentFacts, school: SchoolFacts): DimensionScore {
  if (school.studentCount === null) return r(50, 'scale.schoolUnknown');
  const band = sizeBand(school.studentCount);
  const params = { count: school.studentCount, band };
  if (!s.preferredSize || ![1, 2, 3].includes(s.preferredSize)) return r(70, 'scale.noPreference', params);
  const distance = Math.abs(band - s.preferredSize);
  return distance === 0 ? r(100, 'scale.match', params) : distance === 1 ? r(50, 'scale.near', params) : r(0, 'scale.far', params);
}

export function rankScore(s: StudentFacts, school: SchoolFacts): DimensionScore {
  if (s.ssatPercentile !== null && school.ssatAverage !== null) {
    const diff = Math.round((s.ssatPercentile - school.ssatAverage) * 10) / 10;
    const params = { student: s.ssatPercentile, school: school.ssatAverage, diff };
    if (diff >= 0) return r(100, 'rank.ssatAbove', params);
    if (diff >= -10) return r(70, 'rank.ssatClose', params);
    if (diff >= -20) return r(40, 'rank.ssatBelow', params);
    return r(10, 'rank.ssatFarBelow', params);
  }
  if (s.toeflTotal !== null && school.toeflAverage !== null) {
    const diff = Math.round((s.toeflTotal - school.toeflAverage) * 10) / 10;
    const params = { student: s.toeflTotal, school: school.toeflAverage, diff };
    if (diff >= 0) return r(100, 'rank.toeflAbove', params);
    if (diff >= -5) return r(70, 'rank.toeflClose', params);
    if (diff >= -10) return r(40, 'rank.toeflBelow', params);
    return r(10, 'rank.toeflFarBelow', params);
  }
  return r(50, 'rank.unknown');
}

/** Points per award by certificate level; an award without a level counts as a school award. */
export const AWARD_POINTS: Record<number, number> = { 1: 5, 2: 10, 3: 15, 4: 25, 5: 30 };

export function activityScore(s: StudentFacts): DimensionScore {
  if (!s.awardLevels.length) return r(0, 'activity.none');
  const points = s.awardLevels.reduce<number>((sum, level) => sum + (AWARD_POINTS[level ?? 1] ?? 5), 0);
  return r(Math.min(100, points), 'activity.points', { count: s.awardLevels.length, points });
}

/** Every dimension and the total. A gender or grade score of 0 makes the school ineligible: total 0. */
export function matchScores(s: StudentFacts, school: SchoolFacts): MatchResult {
  const parts = {
    gender: genderScore(s, school),
    grade: gradeScore(s, school),
    region: regionScore(s, school),
    scale: scaleScore(s, school),
    rank: rankScore(s, school),
    activity: activityScore(s),
  };
  const ineligible = parts.gender.score === 0 || parts.grade.score === 0;
  const weighted = Math.round(DIMENSIONS.reduce((sum, d) => sum + WEIGHTS[d] * parts[d].score, 0) / 100);
  const total = ineligible ? r(0, 'total.ineligible', { weighted }) : r(weighted, 'total.weighted', { weighted });
  return { ...parts, total };
}
