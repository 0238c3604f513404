/** The summary tab's chart bars (client/src/screens/courses/LessonList/summaryChart.ts): 12 by name, the rest in one "others" bar. */
import { describe, expect, it } from 'vitest';
import { CHART_BARS, courseBars, lecturerBars } from '../../client/src/screens/courses/LessonList/summaryChart.ts';

const others = (count: number) => `其他${count}位`;

describe('summary chart bars', () => {
  it('shows up to 12 lecturers as they are, with no others bar', () => {
    const rows = Array.from({ length: CHART_BARS }, (_, i) => ({ name: `L${i}`, hours: 20 - i }));
    expect(lecturerBars(rows, others)).toEqual(rows);
  });

  it('sums the lecturers beyond 12 in one bar that names how many, so the bars add up to the total', () => {
    const rows = Array.from({ length: 15 }, (_, i) => ({ name: `L${i}`, hours: 20 - i + 0.25 }));
    const bars = lecturerBars(rows, others);
    expect(bars).toHaveLength(13);
    expect(bars.slice(0, 12).map((b) => b.name)).toEqual(rows.slice(0, 12).map((r) => r.name));
    // 8.25 + 7.25 + 6.25 = 21.75 → 21.8
    expect(bars[12]).toEqual({ name: '其他3位', hours: 21.8 });
  });

  it('pools the other courses’ rates (taken over places, done over set), not an average of rates', () => {
    const big = (i: number) => ({ name: `课程${i}`, taken: 9, places: 10, homeworkDone: 1, homeworkSet: 2 });
    const rows = [
      ...Array.from({ length: 12 }, (_, i) => big(i)),
      // 13th: 0 of 1 place; 14th: 90 of 100 places; homework 3 of 4 and none set.
      { name: '小课', taken: 0, places: 1, homeworkDone: 3, homeworkSet: 4 },
      { name: '大课', taken: 90, places: 100, homeworkDone: 0, homeworkSet: 0 },
    ];
    const bars = courseBars(rows, (n) => `其他${n}门课程`);
    expect(bars).toHaveLength(13);
    expect(bars[0]).toEqual({ name: '课程0', attendance: 90, homework: 50 });
    // 90 / 101 = 89 %, not (0 % + 90 %) / 2; homework 3 / 4 = 75 %.
    expect(bars[12]).toEqual({ name: '其他2门课程', attendance: 89, homework: 75 });
  });

  it('cuts long course names on their bar', () => {
    expect(courseBars([{ name: 'TOEFL Junior 冲刺强化班 周末', taken: 0, places: 0, homeworkDone: 0, homeworkSet: 0 }], others)[0]).toEqual({ name: 'TOEFL Junior …', attendance: 0, homework: 0 });
  });
});
