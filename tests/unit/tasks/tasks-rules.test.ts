/**
 * The tasks area's pure rules: the transition table, priority defaults and the days a late
 * daily report may be written for.
 */
import { describe, expect, it } from 'vitest';
import { MISSED_DAYS_WINDOW, missedDays, normalisePriority, TRANSITIONS, transitionTo } from '../../../server/modules/tasks/tasks.service.ts';

describe('the transition table', () => {
  it('says exactly what the spec says', () => {
    const table = Object.fromEntries(Object.entries(TRANSITIONS).map(([k, r]) => [k, { from: [...r.from], to: r.to, note: r.note }]));
    expect(table).toEqual({
      complete: { from: [1], to: 2, note: '任务完成' },
      undoComplete: { from: [2], to: 1, note: '撤销完成' },
      pause: { from: [1], to: 4, note: '更新任务' },
      resume: { from: [4], to: 1, note: '更新任务' },
      wait: { from: [1], to: 5, note: '更新任务' },
      stopWaiting: { from: [5], to: 1, note: '更新任务' },
      abandon: { from: [0, 1, 4, 5], to: 3, note: '更新任务' },
    });
  });

  it('finds the transition a legacy target state means, or the refusal', () => {
    expect(transitionTo(1, 2)).toBe('complete');
    expect(transitionTo(2, 1)).toBe('undoComplete');
    expect(transitionTo(4, 1)).toBe('resume');
    expect(transitionTo(5, 1)).toBe('stopWaiting');
    expect(transitionTo(1, 4)).toBe('pause');
    expect(transitionTo(1, 5)).toBe('wait');
    expect(transitionTo(4, 3)).toBe('abandon');
    expect(transitionTo(2, 2)).toBe('task.cannotComplete');
    expect(transitionTo(5, 4)).toBe('task.cannotPause');
    expect(transitionTo(3, 1)).toBe('task.cannotUndo');
    expect(transitionTo(2, 3)).toBe('task.cannotAbandon');
    expect(transitionTo(1, 0)).toBe('task.stateInvalid');
  });
});

describe('priority', () => {
  it('keeps 1 to 4; 0 and anything unknown is medium (3)', () => {
    expect([1, 2, 3, 4].map(normalisePriority)).toEqual([1, 2, 3, 4]);
    expect([0, 5, -1, 99, null, undefined].map((p) => normalisePriority(p))).toEqual([3, 3, 3, 3, 3, 3]);
  });
});

describe('missed days', () => {
  // Wednesday 2026-11-18, 10:00 in Shanghai.
  const now = new Date('2026-11-18T02:00:00Z');
  const created = (iso: string) => new Date(iso);

  it('lists weekdays from the first day to yesterday, newest first, skipping reported days', () => {
    const days = missedDays({ state: 1, createdAt: created('2026-11-12T03:00:00Z'), completedAt: null }, new Set(['2026-11-16']), 'Asia/Shanghai', now);
    // 12 Thu, 13 Fri, (14, 15 weekend), 16 Mon reported, 17 Tue.
    expect(days).toEqual(['2026-11-17', '2026-11-13', '2026-11-12']);
  });

  it('uses the caller\'s zone for "today"', () => {
    // 2026-11-18T02:00Z is still the 17th in New York: yesterday there is the 16th.
    const days = missedDays({ state: 1, createdAt: created('2026-11-16T15:00:00Z'), completedAt: null }, new Set(), 'America/New_York', now);
    expect(days).toEqual(['2026-11-16']);
  });

  it('stops at the completion day, offers nothing for unassigned or abandoned tasks, and looks back at most the window', () => {
    const done = missedDays({ state: 2, createdAt: created('2026-11-09T02:00:00Z'), completedAt: created('2026-11-11T08:00:00Z') }, new Set(), 'Asia/Shanghai', now);
    expect(done).toEqual(['2026-11-11', '2026-11-10', '2026-11-09']);
    expect(missedDays({ state: 0, createdAt: created('2026-11-09T02:00:00Z'), completedAt: null }, new Set(), 'Asia/Shanghai', now)).toEqual([]);
    expect(missedDays({ state: 3, createdAt: created('2026-11-09T02:00:00Z'), completedAt: null }, new Set(), 'Asia/Shanghai', now)).toEqual([]);
    const old = missedDays({ state: 1, createdAt: created('2025-01-01T02:00:00Z'), completedAt: null }, new Set(), 'Asia/Shanghai', now);
    expect(old.at(-1)! >= '2026-10-19').toBe(true);
    expect(old.length).toBeLessThanOrEqual(MISSED_DAYS_WINDOW);
  });
});
