import { defineErrors } from '../../errors.ts';

/**
 * Every error code the tasks module throws, with the catalogue keys of its messages
 * (tasks.messages.ts): `rule` the refusals, made with `tasksErrors.rule(code, key)`, `input` the
 * codes of its ValidationErrors. tests/unit/error-codes.test.ts fails on a code thrown here
 * that this list does not hold.
 */
export const tasksErrors = defineErrors({
  rule: {
    EXECUTOR_INVALID: ['task.executorInvalid'],
    FORBIDDEN: ['task.additionEditForbidden', 'task.editForbidden', 'schedule.employeeForbidden'],
    PROJECT_CLOSED: ['task.projectClosed'],
    PROJECT_NOT_FOUND: ['task.additionProjectRequired'],
    TASK_COMPLETED: ['task.completedNotSchedulable'],
    TASK_INVALID: ['task.additionTaskRequired'],
    WRONG_STATE: ['task.cannotReport', 'task.cannotAssign', 'task.cannotUpdateProgress'], // and the refusal of each transition (`rule.refusal`, service/transitions.ts)
  },
  input: {
    CONTENT_REQUIRED: ['task.additionContentRequired'],
    DATE_REQUIRED: ['schedule.dateRequired'],
    EXECUTOR_REQUIRED: ['task.executorRequired', 'task.reassignExecutorRequired'],
    FEEDBACK_REQUIRED: ['task.feedbackRequired'],
    HOURS_EXCEED_SPAN: ['schedule.hoursExceedSpan'],
    HOURS_INVALID: ['schedule.hoursInvalid'],
    HOURS_REQUIRED: ['task.hoursRequired'],
    PROJECT_REQUIRED: ['task.projectRequired'],
    REPORT_DAY_INVALID: ['task.reportDayInvalid'],
    REPORT_REQUIRED: ['task.reportRequired'],
    ROWS_REQUIRED: ['schedule.rowsRequired'],
    TIME_RANGE_INVALID: ['schedule.timeRangeInvalid'],
    TITLE_REQUIRED: ['task.titleRequired'],
  },
});
