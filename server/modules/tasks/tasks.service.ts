/**
 * Work tasks: the state machine, writes (each one logged), additions, daily reports and the
 * reads of both doors; schedule entries written from tasks (add to schedule). One file per
 * concern under service/; this file is what the module's doors import.
 */
export * from './service/rules.ts';
export { accessFacts, type TaskWriteResult } from './service/common.ts';
export { createTask, deleteTasks, updateTask } from './service/save.ts';
export { assignTask, changeTaskPriority, changeTaskState, transitionTask, transitionTasks, updateTaskProgress } from './service/transitions.ts';
export { addTaskAddition, updateTaskAddition, type AdditionWriteResult } from './service/additions.ts';
export { daysWithoutLog, missedDays, reportTaskDaily, todayIn } from './service/daily-reports.ts';
export { findVisibleTask, taskStatistics, TASK_ORDER, tasksWhere, unreportedTasksWhere, type TaskListFilter, type TaskStatistics } from './service/reads.ts';
export { addTaskToSchedule, deleteScheduleEntries, removeTaskFromEntry, saveScheduleEntries, SCHEDULE_TYPES, type SavedEntry } from './service/schedule-entries.ts';
