/** Task codes as the client names them (GraphQL enums; spec sections 4 and 9). */
export type TaskPriorityCode = 'URGENT' | 'HIGH' | 'MEDIUM' | 'LOW';
export type TaskStateCode = 'UNASSIGNED' | 'INCOMPLETE' | 'COMPLETE' | 'ABANDONED' | 'PAUSED' | 'WAITING';
export type TaskTypeCode = 'NEW_TASK' | 'BUG';

export const PRIORITIES: readonly TaskPriorityCode[] = ['URGENT', 'HIGH', 'MEDIUM', 'LOW'];
export const STATES: readonly TaskStateCode[] = ['UNASSIGNED', 'INCOMPLETE', 'COMPLETE', 'ABANDONED', 'PAUSED', 'WAITING'];
export const TYPES: readonly TaskTypeCode[] = ['NEW_TASK', 'BUG'];

/** A code the client does not know reads as the spec's default (medium; incomplete). */
export const priorityOf = (value: string): TaskPriorityCode => ((PRIORITIES as readonly string[]).includes(value) ? (value as TaskPriorityCode) : 'MEDIUM');
export const stateOf = (value: string): TaskStateCode => ((STATES as readonly string[]).includes(value) ? (value as TaskStateCode) : 'INCOMPLETE');
