/**
 * Work tasks: the state machine, writes (each one logged), additions, daily reports and the
 * reads of both doors; schedule entries written from tasks (add to schedule). One file per
 * concern under service/; this file is what the module's doors import.
 */
export * from './service/rules.ts';
export { accessFacts, type TaskWriteResult } from './service/common.ts';
export { createTask, createTaskInput, deleteTasks, taskIdsInput, updateTask, updateTaskInput } from './service/save.ts';
export {
  assignTask,
  assignTaskInput,
  changeTaskPriority,
  changeTaskPriorityInput,
  changeTaskState,
  changeTaskStateInput,
  transitionTask,
  transitionTaskInput,
  transitionTasks,
  transitionTasksInput,
  updateTaskProgress,
  updateTaskProgressInput,
} from './service/transitions.ts';
export { addTaskAddition, addTaskAdditionInput, updateTaskAddition, updateTaskAdditionInput, type AdditionWriteResult } from './service/additions.ts';
export { daysWithoutLog, missedDays, reportTaskDaily, reportTaskDailyInput, todayIn } from './service/daily-reports.ts';
export { findVisibleTask, taskStatistics, TASK_ORDER, tasksWhere, unreportedTasksWhere, type TaskListFilter, type TaskStatistics } from './service/reads.ts';
export {
  addTaskToSchedule,
  addTaskToScheduleInput,
  deleteScheduleEntries,
  deleteScheduleEntriesInput,
  removeTaskFromEntry,
  removeTaskFromEntryInput,
  saveScheduleEntries,
  saveScheduleEntriesInput,
  SCHEDULE_TYPES,
  type SavedEntry,
} from './service/schedule-entries.ts';
