/** Status colours (Chakra colour palettes) of task states and priorities: one place for every screen. */
export const TASK_PRIORITY_PALETTE = { URGENT: 'red', HIGH: 'orange', MEDIUM: 'blue', LOW: 'gray' } as const;
export const TASK_STATE_PALETTE = {
  UNASSIGNED: 'gray',
  INCOMPLETE: 'blue',
  COMPLETE: 'green',
  ABANDONED: 'gray',
  PAUSED: 'yellow',
  WAITING: 'purple',
} as const;
