import { describe, expect, it } from 'vitest';
import { activityScore, genderScore, gradeScore, matchScores, rankScore, regionScore, scaleScore, type SchoolFacts, type StudentFacts } from '../../server/modules/schools/match.ts';
import { gradeRange, schoolGradeSpan } from '../../server/modules/schools/schools.fields.ts';
import { applicationProgress, STATE_TRANSITIONS } from '../../server/modules/applications/applications.service.ts';

const student = (over: Partial<StudentFacts> = {}): StudentFacts => ({
  sex: 1,
  targetGrade: 9,
  targetRegion: 1,
  preferredSize: 2,
  coedPreference: 0,
  ssatPercentile: 85,
  toeflTotal: null,
  awardLevels: [],
  ...over,
});
const school = (over: Partial<SchoolFacts> = {}): SchoolFacts => ({
  sex: 3,
  gradeFrom: 9,
  gradeTo: 12,
  country: 'US',
  studentCount: 450,
  ssatAverage: 85,
  toeflAverage: null,
  ...over,
});

describe('the match rule, dimension by dimension (docs/schools.md)', () => {
  it('gender: co-ed fits anyone, a school of the other sex rules the student out, unknown sex is the middle', () => {
    expect(genderScore(student(), school())).toEqual({ score: 100, reason: { code: 'gender.coed', params: {} } });
    expect(genderScore(student({ sex: 2 }), school({ sex: 2 })).score).toBe(100);
    expect(genderScore(student({ sex: 2 }), school({ sex: 1 }))).toMatchObject({ score: 0, reason: { code: 'gender.mismatch' } });
    expect(genderScore(student({ sex: 0 }), school({ sex: 1 })).score).toBe(50);
    expect(genderScore(student({ coedPreference: 2 }), school()).reason.code).toBe('gender.coedPrefersSingle');
    expect(genderScore(student({ coedPreference: 1 }), school({ sex: 1 })).score).toBe(60);
  });

  it('grade: the entry grade scores 100, a later grade 80, outside the range 0', () => {
    expect(gradeScore(student({ targetGrade: 9 }), school())).toMatchObject({ score: 100, reason: { code: 'grade.entryYear', params: { grade: 9, from: 9, to: 12 } } });
    expect(gradeScore(student({ targetGrade: 11 }), school()).score).toBe(80);
    expect(gradeScore(student({ targetGrade: 13 }), school()).score).toBe(0);
    expect(gradeScore(student({ targetGrade: null }), school()).reason.code).toBe('grade.unknown');
    expect(gradeScore(student(), school({ gradeFrom: null, gradeTo: null })).score).toBe(50);
  });

  it('region: the wanted country 100, the other 0, both countries or undecided in between', () => {
    expect(regionScore(student({ targetRegion: 1 }), school()).score).toBe(100);
    expect(regionScore(student({ targetRegion: 2 }), school()).score).toBe(0);
    expect(regionScore(student({ targetRegion: 2 }), school({ country: 'GB' })).score).toBe(100);
    expect(regionScore(student({ targetRegion: 3 }), school({ country: 'CA' })).score).toBe(30);
    expect(regionScore(student({ targetRegion: 4 }), school()).score).toBe(70);
    expect(regionScore(student({ targetRegion: null }), school()).reason.code).toBe('region.open');
  });

  it('scale: same size band 100, one band off 50, two bands off 0', () => {
    expect(scaleScore(student({ preferredSize: 2 }), school({ studentCount: 450 })).score).toBe(100);
    expect(scaleScore(student({ preferredSize: 1 }), school({ studentCount: 450 })).score).toBe(50);
    expect(scaleScore(student({ preferredSize: 1 }), school({ studentCount: 1100 })).score).toBe(0);
    expect(scaleScore(student({ preferredSize: 0 }), school()).score).toBe(70);
    expect(scaleScore(student(), school({ studentCount: null })).score).toBe(50);
    // The band edges: under 300 small, 300 to 600 medium, over 600 large.
    expect(scaleScore(student({ preferredSize: 1 }), school({ studentCount: 299 })).score).toBe(100);
    expect(scaleScore(student({ preferredSize: 2 }), school({ studentCount: 600 })).score).toBe(100);
    expect(scaleScore(student({ preferredSize: 3 }), school({ studentCount: 601 })).score).toBe(100);
  });

  it('rank: SSAT percentile against the school average, TOEFL when no SSAT, else the middle', () => {
    expect(rankScore(student({ ssatPercentile: 90 }), school({ ssatAverage: 85 }))).toMatchObject({ score: 100, reason: { code: 'rank.ssatAbove', params: { student: 90, school: 85, diff: 5 } } });
    expect(rankScore(student({ ssatPercentile: 80 }), school({ ssatAverage: 85 })).score).toBe(70);
    expect(rankScore(student({ ssatPercentile: 70 }), school({ ssatAverage: 85 })).score).toBe(40);
    expect(rankScore(student({ ssatPercentile: 60 }), school({ ssatAverage: 85 })).score).toBe(10);
    expect(rankScore(student({ ssatPercentile: null, toeflTotal: 104 }), school({ ssatAverage: 85, toeflAverage: 105 }))).toMatchObject({ score: 70, reason: { code: 'rank.toeflClose' } });
    expect(rankScore(student({ ssatPercentile: null }), school()).reason.code).toBe('rank.unknown');
  });

  it('activity: points by award level, capped at 100; none is 0', () => {
    expect(activityScore(student({ awardLevels: [] })).score).toBe(0);
    expect(activityScore(student({ awardLevels: [4, 1, null] }))).toMatchObject({ score: 35, reason: { params: { count: 3, points: 35 } } });
    expect(activityScore(student({ awardLevels: [5, 5, 5, 5] })).score).toBe(100);
  });

  it('total: weighted 20/20/15/10/25/10, and 0 when gender or grade rules the school out', () => {
    const good = matchScores(student({ awardLevels: [4, 4] }), school());
    // gender 100, grade 100, region 100, scale 100, rank 100, activity 50 → 95
    expect(good.total).toEqual({ score: 95, reason: { code: 'total.weighted', params: { weighted: 95 } } });
    const girlsSchool = matchScores(student(), school({ sex: 2 }));
    expect(girlsSchool.gender.score).toBe(0);
    expect(girlsSchool.total).toMatchObject({ score: 0, reason: { code: 'total.ineligible' } });
    const wrongGrade = matchScores(student({ targetGrade: 7 }), school());
    expect(wrongGrade.total.score).toBe(0);
  });
});

describe('grade lists', () => {
  it('reads US grades, PG and UK years', () => {
    expect(gradeRange('9-12, PG')).toEqual({ from: 9, to: 13 });
    expect(gradeRange('9–12')).toEqual({ from: 9, to: 12 });
    expect(gradeRange('Year 9-13')).toEqual({ from: 8, to: 12 });
    expect(gradeRange('Year 7-13')).toEqual({ from: 6, to: 12 });
    expect(gradeRange('7,8,9')).toEqual({ from: 7, to: 9 });
    expect(gradeRange('none')).toBeNull();
    expect(schoolGradeSpan('6-8', '9-12')).toEqual({ gradeFrom: 6, gradeTo: 12 });
  });
});

describe('applications', () => {
  it('state table: applying may become anything else, admitted may be declined, rejections are final', () => {
    expect(STATE_TRANSITIONS[1]).toEqual([2, 3, 4]);
    expect(STATE_TRANSITIONS[4]).toEqual([3]);
    expect(STATE_TRANSITIONS[2]).toEqual([]);
    expect(STATE_TRANSITIONS[3]).toEqual([]);
  });
  it('progress counts six steps', () => {
    const none = { studentDocState: 0, parentDocState: 0, recommendDocState: 0, interview: 0, submitResult: 0, state: 1 };
    expect(applicationProgress(none)).toBe(0);
    expect(applicationProgress({ ...none, studentDocState: 2, parentDocState: 3, interview: 4 })).toBe(50);
    expect(applicationProgress({ studentDocState: 2, parentDocState: 2, recommendDocState: 2, interview: 3, submitResult: 1, state: 4 })).toBe(100);
  });
});
