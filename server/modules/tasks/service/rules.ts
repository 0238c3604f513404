/** Task codes and the state machine, as data (spec sections 3, 4 and 9). */
import type { MessageKey } from '../../../i18n/catalogue.ts';

/** Task states: 0 unassigned, 1 incomplete, 2 complete, 3 abandoned, 4 paused, 5 waiting. */
export const TASK_STATES = { UNASSIGNED: 0, INCOMPLETE: 1, COMPLETE: 2, ABANDONED: 3, PAUSED: 4, WAITING: 5 } as const;
/** Priorities: 1 urgent, 2 high, 3 medium (default, also for 0 and unknown values), 4 low. */
export const TASK_PRIORITIES = { URGENT: 1, HIGH: 2, MEDIUM: 3, LOW: 4 } as const;
/** Task types: 1 new task (default), 2 bug. */
export const TASK_TYPES = { NEW_TASK: 1, BUG: 2 } as const;
/** Tasks created in the back office have source 2. */
export const TASK_SOURCE_BACK_OFFICE = 2;
/** The legacy door sends -1 for "no skill stack". */
export const NO_SKILL_STACK = -1;
/** Longest title (the column is varchar(200)); feedback and daily reports are plain text. */
export const TITLE_MAX = 200;
export const PLAIN_TEXT_MAX = 2000;
/** How far back the missed-day selector reaches. */
export const MISSED_DAYS_WINDOW = 30;

/** Log notes, stored as the spec's legacy values. */
export const LOG_NOTES = {
  CREATED: '新建',
  REASSIGNED: '重新指派',
  COMPLETED: '任务完成',
  UNDONE: '撤销完成',
  DAILY_REPORT: '每日汇报',
  UPDATED: '更新任务',
} as const;
export type LogNote = (typeof LOG_NOTES)[keyof typeof LOG_NOTES];

export const LOG_ACTIONS = ['CREATE', 'EDIT', 'ASSIGN', 'PRIORITY', 'PROGRESS', 'COMPLETE', 'UNDO', 'PAUSE', 'RESUME', 'WAIT', 'STOP_WAITING', 'ABANDON', 'ADDITION', 'ADDITION_EDIT', 'REPORT'] as const;
export type LogAction = (typeof LOG_ACTIONS)[number];

export function normalisePriority(value: number | null | undefined): number {
  return value === 1 || value === 2 || value === 3 || value === 4 ? value : TASK_PRIORITIES.MEDIUM;
}

export type Transition = 'complete' | 'undoComplete' | 'pause' | 'resume' | 'wait' | 'stopWaiting' | 'abandon';

type TransitionRule = {
  from: readonly number[];
  to: number;
  note: LogNote;
  action: LogAction;
  /** The answer when the task is in a state this transition does not start from. */
  refusal: MessageKey;
  /** participant: whoever sees the task; editor: the assigner (and administrators). */
  who: 'participant' | 'editor';
};

/**
 * Every state change a task can make, as data. Assigning (0→1, others unchanged) is the
 * separate `assignTask` because it carries an executor; it starts from ASSIGNABLE_STATES.
 */
export const TRANSITIONS: Record<Transition, TransitionRule> = {
  complete: { from: [1], to: 2, note: LOG_NOTES.COMPLETED, action: 'COMPLETE', refusal: 'task.cannotComplete', who: 'participant' },
  undoComplete: { from: [2], to: 1, note: LOG_NOTES.UNDONE, action: 'UNDO', refusal: 'task.cannotUndo', who: 'participant' },
  pause: { from: [1], to: 4, note: LOG_NOTES.UPDATED, action: 'PAUSE', refusal: 'task.cannotPause', who: 'participant' },
  resume: { from: [4], to: 1, note: LOG_NOTES.UPDATED, action: 'RESUME', refusal: 'task.cannotResume', who: 'participant' },
  wait: { from: [1], to: 5, note: LOG_NOTES.UPDATED, action: 'WAIT', refusal: 'task.cannotWait', who: 'participant' },
  stopWaiting: { from: [5], to: 1, note: LOG_NOTES.UPDATED, action: 'STOP_WAITING', refusal: 'task.cannotStopWaiting', who: 'participant' },
  abandon: { from: [0, 1, 4, 5], to: 3, note: LOG_NOTES.UPDATED, action: 'ABANDON', refusal: 'task.cannotAbandon', who: 'editor' },
};
export const ASSIGNABLE_STATES: readonly number[] = [0, 1, 4, 5];
/** States in which work goes on: progress can be updated. */
export const WORKING_STATES: readonly number[] = [1, 4, 5];
/** States a daily report may be written in. */
export const REPORTABLE_STATES: readonly number[] = [1, 2, 4, 5];

/**
 * The legacy `change/state` call names only the target state; this finds the transition
 * that reaches it from the current one, or the refusal to answer.
 */
export function transitionTo(current: number, target: number): Transition | MessageKey {
  const candidates = (Object.entries(TRANSITIONS) as Array<[Transition, TransitionRule]>).filter(([, r]) => r.to === target);
  const hit = candidates.find(([, r]) => r.from.includes(current));
  if (hit) return hit[0];
  return candidates[0]?.[1].refusal ?? 'task.stateInvalid';
}
